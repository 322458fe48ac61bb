// The parts of the search by subsets (src/core/arrange_subsets.cpp) that the tests compare with
// references: the melds of a hand, found by suit and rank, and the same found by the classifier.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "card.hpp"
#include "rules.hpp"

namespace rummy::detail {

// A subset of a hand's cards (bit i: the hand's card i) that is a meld, and whether the
// classifier reads it as a run (a sequence) or a book (a set).
struct SubsetMeld {
  std::uint32_t mask = 0;
  bool run = false;
  bool operator==(const SubsetMeld&) const = default;
};

// Every meld of a hand of at most 16 cards, ordered by its lowest card, then by mask: the
// order in which the DP tries them. Built by suit and by rank with the jokers counted, without
// the classifier, except for melds of jokers alone.
std::vector<SubsetMeld> subset_melds(std::span<const Card> cards, WildRank wild,
                                     const Rules& rules);

// The same melds in the same order, found as the search found them before: every subset whose
// natural cards share a suit or a rank, with every subset of the jokers, asked of the classifier.
// The reference subset_melds is checked against (tests/arrange_variants_test.cpp).
std::vector<SubsetMeld> subset_melds_by_classifier(std::span<const Card> cards, WildRank wild,
                                                   const Rules& rules);

// Whether the DP takes a hand's cards by rank and suit, the jokers last (hands of 15 cards or more
// with 3 jokers or more), rather than in the hand's order: both find the same groups, and the
// tests check that hands of both kinds are met.
bool subsets_by_rank(std::span<const Card> cards, WildRank wild);

}  // namespace rummy::detail
