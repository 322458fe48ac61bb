// SmallVector (src/core/inline_vector.hpp): the elements in place up to N, on the heap beyond,
// and the same list whichever way it is copied, moved, assigned or grown.
#include <doctest/doctest.h>

#include <span>
#include <stdexcept>
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

// The edits a Group (a SmallVector of cards) takes, checked against std::vector's at every size
// around N, so that each crosses between in place and the heap in both directions.
TEST_CASE("SmallVector: insert, erase, resize, assign and order, as a std::vector does them") {
  for (const int count : {0, 1, 3, 4, 5, 8}) {
    CAPTURE(count);
    const Small original = counting(count);
    const std::vector<int> same = list_of(original);
    for (int at = 0; at <= count; ++at) {
      CAPTURE(at);
      for (const int added : {1, 2, 5}) {
        CAPTURE(added);
        Small small = original;
        std::vector<int> expected = same;
        const std::vector<int> values(static_cast<std::size_t>(added), 7);
        const int* where = small.insert(small.begin() + at, values.begin(), values.end());
        expected.insert(expected.begin() + at, values.begin(), values.end());
        CHECK(list_of(small) == expected);
        CHECK(where == small.begin() + at);
        // Its own elements, inserted into itself.
        Small twice = original;
        std::vector<int> expected_twice = same;
        twice.insert(twice.begin() + at, original.begin(), original.end());
        expected_twice.insert(expected_twice.begin() + at, same.begin(), same.end());
        CHECK(list_of(twice) == expected_twice);
        Small own = original;
        own.insert(own.begin() + at, own.begin(), own.end());
        CHECK(list_of(own) == expected_twice);
        Small repeated = original;
        repeated.insert(repeated.begin() + at, static_cast<std::size_t>(added), 9);
        std::vector<int> expected_repeated = same;
        expected_repeated.insert(expected_repeated.begin() + at, static_cast<std::size_t>(added),
                                 9);
        CHECK(list_of(repeated) == expected_repeated);
      }
      for (int last = at; last <= count; ++last) {
        Small small = original;
        std::vector<int> expected = same;
        const int* after = small.erase(small.begin() + at, small.begin() + last);
        expected.erase(expected.begin() + at, expected.begin() + last);
        CHECK(list_of(small) == expected);
        CHECK(after == small.begin() + at);
        small.push_back(42);  // still a sound list, whichever side it ended on
        expected.push_back(42);
        CHECK(list_of(small) == expected);
      }
    }
    for (const int size : {0, 2, 4, 5, 10}) {
      CAPTURE(size);
      Small small = original;
      std::vector<int> expected = same;
      small.resize(static_cast<std::size_t>(size));
      expected.resize(static_cast<std::size_t>(size));
      CHECK(list_of(small) == expected);
      small.assign(same.begin(), same.end());
      CHECK(list_of(small) == same);
    }
    if (count > 0) {
      Small small = original;
      std::vector<int> expected = same;
      small.pop_back();
      expected.pop_back();
      CHECK(list_of(small) == expected);
    }
    const Small from_vector = same;  // (the conversion a Group made of a vector takes)
    CHECK(from_vector == original);
    CHECK(Small(same.begin(), same.end()) == original);
    const Small longer = counting(count + 1);
    const Small bigger = counting(count, 1);
    CHECK(original < longer);
    CHECK((count == 0 ? original == bigger : original < bigger));
    CHECK_FALSE(longer < original);
  }
}

TEST_CASE("SmallVector: a move lets go of the memory the target had on the heap") {
  Small big = counting(5000);
  CHECK(big.capacity() >= 5000);
  big = Small{};  // (as a batch lets a line's room go)
  CHECK(big.empty());
  CHECK(big.capacity() == Small::capacity_in_place());
  Small other = counting(5000);
  other = counting(2);
  CHECK(list_of(other) == std::vector<int>{0, 1});
  CHECK(other.capacity() == Small::capacity_in_place());
}

TEST_CASE("SmallVector: assigned a range of its own elements") {
  for (const int count : {3, 4, 6, 9}) {
    CAPTURE(count);
    Small self = counting(count);
    self.assign(self.begin() + 1, self.end());
    std::vector<int> rest;
    for (int i = 1; i < count; ++i) rest.push_back(i);
    CHECK(list_of(self) == rest);
  }
}

TEST_CASE("SmallVector: an element made in its place, in place and on the heap") {
  for (const int before : {0, 3, 4, 7}) {  // empty, in place, the last room in place, on the heap
    CAPTURE(before);
    Small small = counting(before);
    std::vector<int> expected = list_of(small);
    int& made = small.emplace_back_from([] { return 42; });
    expected.push_back(42);
    CHECK(list_of(small) == expected);
    CHECK(&made == &small.back());
    made = 43;  // the reference is to the element itself
    CHECK(small.back() == 43);
  }
  // A maker that throws adds nothing.
  Small small = counting(2);
  CHECK_THROWS(small.emplace_back_from([]() -> int { throw std::runtime_error("no"); }));
  CHECK(list_of(small) == std::vector<int>{0, 1});
}
