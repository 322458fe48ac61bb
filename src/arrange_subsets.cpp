// The arrangement by subsets: see arrange.hpp.
//
// Every subset of the hand that could be a meld (its natural cards share a suit or a rank) is
// classified; the valid ones are the melds. Then a DP over subsets, taking the lowest card of a
// subset each time, decides: that card is deadwood, or it is in one of the melds that hold it
// and fit in the subset. With a contract the DP keeps, per subset, the least deadwood for each
// number of books and runs (counted up to what the contract asks), so a grouping that meets the
// contract is found whenever one exists.
#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <stdexcept>

#include <fmt/format.h>

#include "arrange.hpp"

namespace rummy {

namespace {

struct SubsetMeld {
  std::uint32_t mask = 0;
  bool run = false;
};

// The state of the DP for one subset: the least deadwood per (books, runs), with how it was
// reached (the meld taken for the lowest card, or -1 when that card is deadwood).
struct Cell {
  int deadwood = INT_MAX;
  int meld = -1;
  std::uint8_t from = 0;  // the (books, runs) index of the rest
};

class SubsetSearch {
 public:
  SubsetSearch(std::span<const Card> cards, WildRank wild, const Rules& rules)
      : cards_(cards), wild_(wild), rules_(rules) {
    if (rules.contract) {
      books_ = rules.contract->books;
      runs_ = rules.contract->runs;
    }
    find_melds();
  }

  // The groups of the best grouping: runs, then books, then the cards left over.
  Hand solve() {
    const std::size_t n = cards_.size();
    const std::uint32_t full = n == 0 ? 0 : (std::uint32_t{1} << n) - 1;
    const int states = (books_ + 1) * (runs_ + 1);
    table_.assign((static_cast<std::size_t>(full) + 1) * static_cast<std::size_t>(states), Cell{});
    at(0, 0).deadwood = 0;
    for (std::uint32_t mask = 1; mask <= full; ++mask) {
      const int low = std::countr_zero(mask);
      const std::uint32_t bit = std::uint32_t{1} << low;
      const int points = card_points(cards_[static_cast<std::size_t>(low)], wild_, rules_);
      for (int state = 0; state < states; ++state) {
        const Cell& rest = at(mask ^ bit, state);
        if (rest.deadwood == INT_MAX) continue;
        improve(at(mask, state), rest.deadwood + points, -1, state);
      }
      for (const int index : by_lowest_[static_cast<std::size_t>(low)]) {
        const SubsetMeld& meld = melds_[static_cast<std::size_t>(index)];
        if ((meld.mask & mask) != meld.mask) continue;
        for (int state = 0; state < states; ++state) {
          const Cell& rest = at(mask ^ meld.mask, state);
          if (rest.deadwood == INT_MAX) continue;
          int books = state / (runs_ + 1), runs = state % (runs_ + 1);
          (meld.run ? runs : books) += 1;
          const int next = std::min(books, books_) * (runs_ + 1) + std::min(runs, runs_);
          improve(at(mask, next), rest.deadwood, index, state);
        }
      }
    }
    // The contract met if it can be, else the least deadwood of all.
    int chosen = states - 1;
    if (at(full, chosen).deadwood == INT_MAX) {
      for (int state = 0; state < states; ++state) {
        if (at(full, state).deadwood < at(full, chosen).deadwood) chosen = state;
      }
    }
    return rebuild(full, chosen);
  }

 private:
  Cell& at(std::uint32_t mask, int state) {
    return table_[static_cast<std::size_t>(mask) *
                      static_cast<std::size_t>((books_ + 1) * (runs_ + 1)) +
                  static_cast<std::size_t>(state)];
  }
  static void improve(Cell& cell, int deadwood, int meld, int from) {
    if (deadwood < cell.deadwood) cell = Cell{deadwood, meld, static_cast<std::uint8_t>(from)};
  }

  void find_melds() {
    const std::size_t n = cards_.size();
    by_lowest_.assign(n, {});
    const std::size_t smallest =
        static_cast<std::size_t>(std::min(rules_.min_group, rules_.min_run));
    std::vector<Card> group;
    for (std::uint32_t mask = 1; mask < (std::uint32_t{1} << n); ++mask) {
      if (static_cast<std::size_t>(std::popcount(mask)) < smallest) continue;
      // Natural cards that share neither one suit nor one rank make no meld.
      bool one_suit = true, one_rank = true;
      std::optional<Card> first;
      group.clear();
      for (std::size_t i = 0; i < n; ++i) {
        if (!(mask & (std::uint32_t{1} << i))) continue;
        const Card card = cards_[i];
        group.push_back(card);
        if (card.is_printed_joker() || is_wild_card(card, wild_)) continue;
        if (!first) first = card;
        one_suit = one_suit && card.suit() == first->suit();
        one_rank = one_rank && card.rank() == first->rank();
      }
      if (!one_suit && !one_rank) continue;
      const GroupVerdict verdict = classify_group(group, wild_, rules_, Detail::kind_only);
      if (!is_valid_group(verdict.kind)) continue;
      by_lowest_[static_cast<std::size_t>(std::countr_zero(mask))].push_back(
          static_cast<int>(melds_.size()));
      melds_.push_back({mask, is_sequence(verdict.kind)});
    }
  }

  Hand rebuild(std::uint32_t mask, int state) {
    Hand hand;
    hand.wild = wild_;
    std::vector<Group> runs, books;
    Group rest;
    while (mask != 0) {
      const Cell cell = at(mask, state);
      const int low = std::countr_zero(mask);
      if (cell.meld < 0) {
        rest.push_back(cards_[static_cast<std::size_t>(low)]);
        mask ^= std::uint32_t{1} << low;
      } else {
        const SubsetMeld& meld = melds_[static_cast<std::size_t>(cell.meld)];
        Group group;
        for (std::size_t i = 0; i < cards_.size(); ++i) {
          if (meld.mask & (std::uint32_t{1} << i)) group.push_back(cards_[i]);
        }
        (meld.run ? runs : books).push_back(in_reading_order(group));
        mask ^= meld.mask;
      }
      state = cell.from;
    }
    for (Group& group : runs) hand.groups.push_back(std::move(group));
    for (Group& group : books) hand.groups.push_back(std::move(group));
    if (!rest.empty()) hand.groups.push_back(std::move(rest));
    return hand;
  }

  // A run's cards in the order of the places they take; a book as found.
  Group in_reading_order(Group group) const {
    const GroupVerdict verdict = classify_group(group, wild_, rules_);
    if (!is_sequence(verdict.kind) || verdict.reading.size() != group.size()) return group;
    std::vector<std::pair<int, Card>> placed;
    bool ace_high = false;
    for (std::size_t i = 0; i < group.size(); ++i) {
      const auto& as = verdict.reading[i];
      if (as && as->rank() == Rank::king) ace_high = true;
    }
    for (std::size_t i = 0; i < group.size(); ++i) {
      const auto& as = verdict.reading[i];
      int place = as ? static_cast<int>(as->rank()) : 0;
      if (place == 1 && ace_high) place = 14;
      placed.emplace_back(place, group[i]);
    }
    std::stable_sort(placed.begin(), placed.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < group.size(); ++i) group[i] = placed[i].second;
    return group;
  }

  std::span<const Card> cards_;
  WildRank wild_;
  const Rules& rules_;
  int books_ = 0, runs_ = 0;
  std::vector<SubsetMeld> melds_;
  std::vector<std::vector<int>> by_lowest_;
  std::vector<Cell> table_;
};

}  // namespace

Arrangement arrange_by_subsets(std::span<const Card> cards, WildRank wild, const Rules& rules) {
  if (cards.size() > subset_search_limit) {
    throw std::length_error(fmt::format("the search by subsets takes at most {} cards, not {}",
                                        subset_search_limit, cards.size()));
  }
  Arrangement arrangement;
  arrangement.hand = SubsetSearch(cards, wild, rules).solve();
  arrangement.check = check_declaration(arrangement.hand, rules);
  arrangement.score = score_deadwood(arrangement.hand, arrangement.check, rules);
  return arrangement;
}

}  // namespace rummy
