// SmallVector (src/core/inline_vector.hpp): the elements in place up to N, on the heap beyond,
// and the same list whichever way it is copied, moved, assigned or grown.
#include <doctest/doctest.h>

#include <span>
#include <vector>

#include "inline_vector.hpp"

using namespace rummy;

namespace {

using Small = SmallVector<int, 4>;

std::vector<int> list_of(const Small& small) {
  return {small.begin(), small.end()};
}

Small counting(int count, int from = 0) {
  Small small;
  for (int i = 0; i < count; ++i) small.push_back(from + i);
  return small;
}

}  // namespace

TEST_CASE("SmallVector: copies, moves and assignments, in place and on the heap") {
  for (const int count : {0, 1, 4, 5, 9}) {
    CAPTURE(count);
    const Small original = counting(count);
    std::vector<int> expected;
    for (int i = 0; i < count; ++i) expected.push_back(i);
    CHECK(list_of(original) == expected);
    for (const int before : {0, 3, 7}) {  // what the target held: none, in place, on the heap
      CAPTURE(before);
      Small copy = counting(before, 100);
      copy = original;
      CHECK(list_of(copy) == expected);
      Small moved_from = original;
      Small moved = counting(before, 100);
      moved = std::move(moved_from);
      CHECK(list_of(moved) == expected);
      Small assigned = counting(before, 100);
      assigned = std::span<const int>(expected);
      CHECK(list_of(assigned) == expected);
      assigned = {};
      CHECK(assigned.empty());
    }
  }
}

TEST_CASE("SmallVector: a list assigned or appended from its own elements") {
  for (const int count : {3, 4, 6, 9}) {  // in place, full, and on the heap
    CAPTURE(count);
    Small self = counting(count);
    self = std::span<const int>(self.data() + 1, self.size() - 1);
    std::vector<int> rest;
    for (int i = 1; i < count; ++i) rest.push_back(i);
    CHECK(list_of(self) == rest);

    Small twice = counting(count);
    twice.append(twice.data(), twice.data() + twice.size());
    std::vector<int> doubled;
    for (int round = 0; round < 2; ++round) {
      for (int i = 0; i < count; ++i) doubled.push_back(i);
    }
    CHECK(list_of(twice) == doubled);
  }
}
