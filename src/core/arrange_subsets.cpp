// The arrangement by subsets: see arrange.hpp.
//
// Every subset of the hand that could be a meld (its natural cards share a suit or a rank) is
// classified; the valid ones are the melds. Those subsets are built from the bit masks of each
// suit's, each rank's and the jokers' cards, so the subsets that could never be melds (most of
// the 2^n) are never looked at. Then a DP over subsets, taking the lowest card of a
// subset each time, decides: that card is deadwood, or it is in one of the melds that hold it
// and fit in the subset. It runs from the whole hand down and computes only the subsets it
// reaches (a few hundred of the 8,192 of 13 cards, typically), each once. With a contract the DP
// keeps, per subset, the least deadwood for each number of books and runs (counted up to what the
// contract asks), so a grouping that meets the contract is found whenever one exists.
#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <stdexcept>

#include <fmt/format.h>

#include "arrange.hpp"
#include "bits.hpp"

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
    if (rules.deal.contract) {
      books_ = rules.deal.contract->books;
      runs_ = rules.deal.contract->runs;
    }
    find_melds();
  }

  // The groups of the best grouping: runs, then books, then the cards left over.
  Hand solve() {
    const std::size_t n = cards_.size();
    const std::uint32_t full = n == 0 ? 0 : (std::uint32_t{1} << n) - 1;
    states_ = (books_ + 1) * (runs_ + 1);
    offset_.assign(static_cast<std::size_t>(full) + 1, -1);
    compute(full);
    // The contract met if it can be, else the least deadwood of all.
    int chosen = states_ - 1;
    if (at(full, chosen).deadwood == INT_MAX) {
      for (int state = 0; state < states_; ++state) {
        if (at(full, state).deadwood < at(full, chosen).deadwood) chosen = state;
      }
    }
    return rebuild(full, chosen);
  }

 private:
  // The cells of a subset that has been computed.
  Cell& at(std::uint32_t mask, int state) {
    return cells_[static_cast<std::size_t>(offset_[mask] + state)];
  }

  // The DP, from the whole hand down, only for the subsets it reaches: the lowest card of
  // `mask` is deadwood, or in a meld that fits in `mask`; the rest of `mask` is computed first.
  // The options are tried in the same order for every subset, so ties go the same way.
  void compute(std::uint32_t mask) {
    if (offset_[mask] >= 0) return;
    if (mask == 0) {
      offset_[0] = static_cast<int>(cells_.size());
      cells_.resize(cells_.size() + static_cast<std::size_t>(states_));
      at(0, 0).deadwood = 0;
      return;
    }
    const int low = std::countr_zero(mask);
    const std::uint32_t bit = std::uint32_t{1} << low;
    const std::vector<int>& melds = by_lowest_[static_cast<std::size_t>(low)];
    compute(mask ^ bit);
    for (const int index : melds) {
      const std::uint32_t meld = melds_[static_cast<std::size_t>(index)].mask;
      if ((meld & mask) == meld) compute(mask ^ meld);
    }
    offset_[mask] = static_cast<int>(cells_.size());
    cells_.resize(cells_.size() + static_cast<std::size_t>(states_));
    const int points = card_points(cards_[static_cast<std::size_t>(low)], wild_, rules_);
    for (int state = 0; state < states_; ++state) {
      const int rest = at(mask ^ bit, state).deadwood;
      if (rest == INT_MAX) continue;
      improve(at(mask, state), rest + points, -1, state);
    }
    for (const int index : melds) {
      const SubsetMeld& meld = melds_[static_cast<std::size_t>(index)];
      if ((meld.mask & mask) != meld.mask) continue;
      for (int state = 0; state < states_; ++state) {
        const int rest = at(mask ^ meld.mask, state).deadwood;
        if (rest == INT_MAX) continue;
        int books = state / (runs_ + 1), runs = state % (runs_ + 1);
        (meld.run ? runs : books) += 1;
        const int next = std::min(books, books_) * (runs_ + 1) + std::min(runs, runs_);
        improve(at(mask, next), rest, index, state);
      }
    }
  }
  static void improve(Cell& cell, int deadwood, int meld, int from) {
    if (deadwood < cell.deadwood) cell = Cell{deadwood, meld, static_cast<std::uint8_t>(from)};
  }

  // The subsets that can be melds: jokers with natural cards of one suit, or of one rank, or
  // jokers alone. They are built from those cards' bit masks (every submask of a suit's cards,
  // of a rank's cards, with every submask of the jokers), not found by walking all 2^n subsets,
  // and are then classified in increasing order of their masks.
  void find_melds() {
    const std::size_t n = cards_.size();
    by_lowest_.assign(n, {});
    const int smallest = std::min(rules_.melds.min_group, rules_.melds.min_run);
    std::uint32_t jokers = 0;
    std::array<std::uint32_t, suit_count> by_suit{};
    std::array<std::uint32_t, rank_count> by_rank{};
    for (std::size_t i = 0; i < n; ++i) {
      const Card card = cards_[i];
      const std::uint32_t bit = std::uint32_t{1} << i;
      if (is_joker(card, wild_)) {
        jokers |= bit;
      } else {
        by_suit[static_cast<std::size_t>(card.suit())] |= bit;
        by_rank[static_cast<std::size_t>(card.rank()) - 1] |= bit;
      }
    }
    std::vector<std::uint32_t> candidates;
    const auto with_jokers = [&](std::uint32_t naturals) {
      for (std::uint32_t some = jokers;; some = (some - 1) & jokers) {
        const std::uint32_t mask = naturals | some;
        if (mask != 0 && bit_count(mask) >= smallest) candidates.push_back(mask);
        if (some == 0) break;
      }
    };
    with_jokers(0);
    for (const std::uint32_t cards : by_suit) {
      for (std::uint32_t some = cards; some != 0; some = (some - 1) & cards) with_jokers(some);
    }
    for (const std::uint32_t cards : by_rank) {
      for (std::uint32_t some = cards; some != 0; some = (some - 1) & cards) with_jokers(some);
    }
    // A single natural card is in its suit's and its rank's lists; so are copies of one card.
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    std::vector<Card> group;
    for (const std::uint32_t mask : candidates) {
      if (cannot_be_meld(mask)) continue;
      group.clear();
      for (std::uint32_t rest = mask; rest != 0; rest &= rest - 1) {
        group.push_back(cards_[static_cast<std::size_t>(std::countr_zero(rest))]);
      }
      const GroupVerdict verdict = classify_group(group, wild_, rules_, Detail::kind_only);
      if (!is_valid_group(verdict.kind)) continue;
      by_lowest_[static_cast<std::size_t>(std::countr_zero(mask))].push_back(
          static_cast<int>(melds_.size()));
      melds_.push_back({mask, is_sequence(verdict.kind)});
    }
  }

  // A test that `mask` is no meld, cheaper than the classifier, which decides every other
  // candidate (most of a hand's are no meld, and were half the time of a Crazy Rummy hand). The
  // natural cards are the cards that are not jokers; each joker stands in for a card or, a wild
  // card (not a printed joker), may be itself where the meld needs its rank and suit.
  // * A run: its natural cards of one suit, no two of a rank (each card takes a place of its
  //   own), spread over no more places than the group has cards (the ace low or high), at
  //   least min_run and at most max_sequence cards; its jokers stand in, but one wild card of
  //   its suit may be itself (at its place): at most max_wilds_in_run stand in.
  // * A book: its natural cards of one rank, at least min_group and at most largest_set()
  //   cards; its jokers stand in, but the wild cards of that rank are themselves: at most
  //   max_wilds_in_set stand in.
  // Neither possible: no meld. (Rules the classifier applies besides, such as the suits of a
  // book, only make fewer melds.)
  bool cannot_be_meld(std::uint32_t mask) const {
    const MeldRules& melds = rules_.melds;
    unsigned ranks = 0;                              // of the natural cards: bit = rank, the ace 1
    unsigned suits = 0;                              // of the natural cards: bit = suit
    unsigned wild_suits = 0;                         // of the wild cards among the jokers
    std::array<int, rank_count + 1> wild_of_rank{};  // the wild cards among the jokers, by rank
    bool repeated = false;
    int jokers = 0;
    for (std::uint32_t rest = mask; rest != 0; rest &= rest - 1) {
      const Card card = cards_[static_cast<std::size_t>(std::countr_zero(rest))];
      if (is_joker(card, wild_)) {
        ++jokers;
        if (!card.is_printed_joker()) {
          wild_suits |= 1U << static_cast<int>(card.suit());
          ++wild_of_rank[static_cast<std::size_t>(card.rank())];
        }
        continue;
      }
      const unsigned bit = 1U << static_cast<int>(card.rank());
      repeated = repeated || (ranks & bit) != 0;
      ranks |= bit;
      suits |= 1U << static_cast<int>(card.suit());
    }
    if (ranks == 0) return false;  // jokers alone: the classifier says
    const int size = bit_count(mask);
    const auto spread = [](unsigned places) {
      return static_cast<int>(std::bit_width(places)) - std::countr_zero(places);
    };
    bool run = bit_count(suits) == 1 && !repeated && size >= melds.min_run &&
               size <= melds.max_sequence &&
               (spread(ranks) <= size ||
                ((ranks & 2U) != 0 && spread((ranks & ~2U) | (1U << (rank_count + 1))) <= size));
    if (run) {
      const int itself = (wild_suits & suits) != 0 ? 1 : 0;
      run = jokers - itself <= melds.max_wilds_in_run;
    }
    bool book = bit_count(ranks) == 1 && size >= melds.min_group && size <= rules_.largest_set();
    if (book) {
      const int itself = wild_of_rank[static_cast<std::size_t>(std::countr_zero(ranks))];
      book = jokers - itself <= melds.max_wilds_in_set;
    }
    return !run && !book;
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
  int states_ = 1;           // (books, runs) counted, per subset
  std::vector<int> offset_;  // per subset: where its cells are, or -1 before it is computed
  std::vector<Cell> cells_;  // the subsets computed, states_ cells each
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
