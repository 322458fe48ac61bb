// The tests' comparison of find_outs with find_outs_reference (every draw searched within the
// bound alone), field by field.
#pragma once

#include <doctest/doctest.h>

#include <vector>

#include "arrange.hpp"
#include "notation.hpp"
#include "rules.hpp"

namespace rummy::test {

inline void check_same_outs(const std::vector<Out>& mine, const std::vector<Out>& theirs) {
  REQUIRE(mine.size() == theirs.size());
  for (std::size_t i = 0; i < mine.size(); ++i) {
    CHECK(mine[i].card == theirs[i].card);
    CHECK(mine[i].copies_left == theirs[i].copies_left);
    CHECK(mine[i].points == theirs[i].points);
    CHECK(mine[i].declares == theirs[i].declares);
    CHECK(mine[i].discard == theirs[i].discard);
  }
}

inline void check_outs_as_reference(const std::vector<Card>& cards, WildRank wild,
                                    const Rules& rules) {
  CAPTURE(format_group(cards, wild, rules));
  CAPTURE(rules.id);
  CAPTURE(rules.deck.decks);
  CAPTURE(static_cast<int>(rules.declared().pure_without_second));
  const Outs mine = find_outs(cards, wild, rules);
  const Outs theirs = find_outs_reference(cards, wild, rules);
  CHECK(mine.points_now == theirs.points_now);
  check_same_outs(mine.declare, theirs.declare);
  check_same_outs(mine.improve, theirs.improve);
}

}  // namespace rummy::test
