// Every grouping of a hand that reaches its best count (rummy arrange --all): the answer to "there
// was another way" in a dispute. The best is arrange()'s; the others are found by an exact search
// (src/core/arrange_all.cpp) that a test compares with every split of the hand into groups.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "arrange.hpp"

namespace rummy {

// How many groupings arrange_all counts once its list is full; beyond, it says "at least". The
// list itself is always exact. (A hand whose every grouping pays the same, as one with no pure
// sequence in Indian rummy, can have millions.)
inline constexpr std::size_t arrange_all_count_limit = 10000;

// A grouping is the valid groups of the hand and, when some cards are in none, one group of
// those (the rest), and with a drawn hand (14 cards in Indian rummy) the card discarded. Two
// groupings are the same when they hold the same groups, whatever the order of the groups and of
// the cards in them (two copies of a card are the same card; a wild card in another group, or
// another card discarded, is another grouping).
struct AllArrangements {
  Arrangement best;  // arrange()'s
  // At most `limit`: arrange()'s grouping first, then the others in card order (the lowest card
  // discarded, then in the meld met first, then in the rest; and so on for the next card).
  // Each is laid out as arrange lays one out: sequences, sets, the rest; each run in its order.
  std::vector<Arrangement> groupings;
  // The groupings that reach the best: the same verdict (declares or not; with a contract, met
  // or not) and the same count before the cap (docs/rules.md 6.90).
  std::size_t total = 0;
  // false: counting stopped there, at arrange_all_count_limit (or sooner, when the search for
  // more would take over a few tenths of a second): there are at least `total`.
  bool total_exact = true;
  bool truncated() const { return !total_exact || groupings.size() < total; }
};

// `cards` as arrange() takes them. Rules that check_rules refuses, or a hand that
// arrange_all_refusal refuses: RulesError.
AllArrangements arrange_all(std::span<const Card> cards, WildRank wild, const Rules& rules,
                            std::size_t limit);

// Why arrange_all cannot take `count` cards under these rules (Marriage's ends, more than
// subset_search_limit cards), in words naming `command`; nothing when it can.
std::optional<std::string> arrange_all_refusal(std::size_t count, const Rules& rules,
                                               std::string_view command);

}  // namespace rummy
