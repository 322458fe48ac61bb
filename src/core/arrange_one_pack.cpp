// The least deadwood of a hand from one pack without jokers (Basic and Knock Rummy): a bit-mask
// search, the fast path of arrange(); see arrange_one_pack.hpp.
//
// How it works
// * The hand is a 52-bit mask (bit = Card::index(), suit * 13 + rank - 1). Every meld the hand
//   holds is listed once, under its card of lowest index: runs of consecutive ranks in a suit
//   (ace low, then ace high: Q-K-A is listed under its ace), and sets of a rank in several suits
//   (listed under the card of the lowest suit).
// * A depth-first search takes the lowest card left (count-trailing-zeros of the mask): it goes
//   into one of its melds whose cards are all still in the mask, or it is deadwood. Each grouping
//   is met exactly once, and a meld is taken or refused with one AND and one XOR.
// * Cards that are in no meld at all are deadwood whatever happens; their points are counted
//   from the start, so a branch stops as soon as it cannot beat the best grouping found.
// * A grouping with no deadwood ends the search, except that the melds under way are finished:
//   a longer run, or another meld, that takes every card left replaces it. So of the groupings
//   that go out, the answer has the longer runs (A-2-3-4 | 6-…-K rather than three runs), as the
//   general search's answer has.
//
// Why it is fast
// * No counts per card, no copies, no jokers: the state is one integer, the melds a few dozen at
//   most, and nothing is allocated until the answer is built.
// * The order of the search is the general search's (src/core/arrange.cpp: runs shortest first,
// then
//   sets, then deadwood; the first grouping of least deadwood is kept), so the two give the same
//   grouping on every hand; the tests compare them on many random hands.
#include "arrange_one_pack.hpp"

#include <array>
#include <bit>
#include <climits>
#include <cstdint>

namespace rummy {

namespace {

struct PackMeld {
  std::uint64_t mask = 0;
  bool run = false;
  bool high_ace = false;  // a run with the ace above the king
};

class OnePackSearch {
 public:
  OnePackSearch(std::span<const Card> cards, const Rules& rules) : rules_(rules) {
    for (const Card card : cards) hand_ |= bit(card.index());
    list_melds();
  }

  // The least deadwood, after solve().
  int deadwood() const { return best_deadwood_; }

  // The melds of the best grouping, in the order the search took them.
  std::span<const PackMeld> solve() {
    std::uint64_t meldable = 0;
    for (int m = 0; m < meld_count_; ++m) meldable |= masks_[static_cast<std::size_t>(m)];
    int forced = 0;
    for (std::uint64_t rest = hand_ & ~meldable; rest != 0; rest &= rest - 1) {
      forced += value_[static_cast<std::size_t>(std::countr_zero(rest))];
    }
    unmeldable_ = hand_ & ~meldable;
    visit(hand_, 0, 0, forced);
    for (int k = 0; k < best_count_; ++k) {
      const auto m = static_cast<std::size_t>(best_[static_cast<std::size_t>(k)]);
      answer_[static_cast<std::size_t>(k)] = {masks_[m], kinds_[m] != set_kind, kinds_[m] == high};
    }
    return {answer_.data(), static_cast<std::size_t>(best_count_)};
  }

 private:
  static constexpr std::uint64_t bit(int index) { return std::uint64_t{1} << index; }

  enum Kind : std::uint8_t { low, high, set_kind };

  void add_meld(int lowest, std::uint64_t mask, Kind kind) {
    masks_[static_cast<std::size_t>(meld_count_)] = mask;
    kinds_[static_cast<std::size_t>(meld_count_)] = kind;
    ++meld_count_;
    ++by_lowest_count_[static_cast<std::size_t>(lowest)];
  }

  // Melds listed by their card of lowest index, each card's in the general search's order:
  // runs upwards (shortest first), runs down from a high ace, then sets (their other suits as
  // a bit set, in increasing order). Only the cards of the hand are visited.
  void list_melds() {
    for (std::uint64_t cards = hand_; cards != 0; cards &= cards - 1) {
      const int index = std::countr_zero(cards);
      const auto at = static_cast<std::size_t>(index);
      by_lowest_first_[at] = meld_count_;
      const int suit = index / rank_count, rank = index % rank_count + 1;
      value_[at] = rules_.count.card_points[static_cast<std::size_t>(rank - 1)];
      const int base = suit * rank_count;
      std::uint64_t run = bit(index);
      for (int next = rank + 1, length = 2; next <= rank_count && hand_ & bit(base + next - 1);
           ++next, ++length) {
        run |= bit(base + next - 1);
        if (length > rules_.melds.max_sequence) break;
        if (length >= rules_.melds.min_run) add_meld(index, run, low);
      }
      if (rank == 1 && rules_.melds.ace_high) {
        run = bit(index);
        for (int next = rank_count, length = 2; next >= 2 && hand_ & bit(base + next - 1);
             --next, ++length) {
          run |= bit(base + next - 1);
          if (length > rules_.melds.max_sequence) break;
          if (length >= rules_.melds.min_run) add_meld(index, run, high);
        }
      }
      unsigned later = 0;  // the later suits that hold this rank
      int most = 1;
      for (int other = suit + 1; other < suit_count; ++other) {
        if (hand_ & bit(other * rank_count + rank - 1)) {
          later |= 1u << other;
          ++most;
        }
      }
      if (most < rules_.melds.min_group) continue;
      // Every non-empty subset of `later`, in increasing order.
      for (unsigned subset = (0u - later) & later; subset != 0; subset = (subset - later) & later) {
        std::uint64_t set = bit(index);
        int size = 1;
        for (unsigned suits = subset; suits != 0; suits &= suits - 1) {
          set |= bit(std::countr_zero(suits) * rank_count + rank - 1);
          ++size;
        }
        if (size >= rules_.melds.min_group && size <= rules_.melds.max_set)
          add_meld(index, set, set_kind);
      }
    }
  }

  // `forced`: points of the cards left that are in no meld (deadwood whatever happens).
  void visit(std::uint64_t left, int deadwood, int cards, int forced) {
    if (left == 0) {
      if (cards == 0) done_ = true;
      if (cards == 0 || deadwood < best_deadwood_) {
        best_deadwood_ = deadwood;
        best_ = stack_;
        best_count_ = depth_;
      }
      return;
    }
    if (done_) return;
    const int least = deadwood + forced;
    if (least > best_deadwood_ || (least == best_deadwood_ && least > 0)) return;
    const int lowest = std::countr_zero(left);
    const int first = by_lowest_first_[static_cast<std::size_t>(lowest)];
    const int end = first + by_lowest_count_[static_cast<std::size_t>(lowest)];
    for (int m = first; m < end; ++m) {
      const std::uint64_t meld = masks_[static_cast<std::size_t>(m)];
      if ((meld & left) != meld) continue;
      stack_[static_cast<std::size_t>(depth_++)] = static_cast<std::int16_t>(m);
      visit(left ^ meld, deadwood, cards, forced);
      --depth_;
    }
    const int points = value_[static_cast<std::size_t>(lowest)];
    const int forced_here = unmeldable_ & bit(lowest) ? points : 0;
    visit(left ^ bit(lowest), deadwood + points, cards + 1, forced - forced_here);
  }

  const Rules& rules_;
  std::uint64_t hand_ = 0;
  std::uint64_t unmeldable_ = 0;
  std::array<int, 52> value_{};
  // At most 77 runs per suit (66 with the ace low, 11 with it high) and 5 sets per rank: 373.
  // Left uninitialised: only the first meld_count_ are read.
  // The masks apart from their kinds: the search reads only masks, packed 8 bytes each.
  std::array<std::uint64_t, 384> masks_;
  std::array<Kind, 384> kinds_;
  int meld_count_ = 0;
  std::array<int, 52> by_lowest_first_{};
  std::array<int, 52> by_lowest_count_{};
  std::array<std::int16_t, 18> stack_{};  // melds taken: each holds at least 3 of 52 cards
  int depth_ = 0;
  std::array<std::int16_t, 18> best_{};
  std::array<PackMeld, 18> answer_{};
  int best_count_ = 0;
  int best_deadwood_ = INT_MAX;
  bool done_ = false;
};

// The cards of a run in rank order (a high ace last), or of a set in suit order.
Group meld_cards(const PackMeld& meld) {
  Group group;
  group.reserve(static_cast<std::size_t>(std::popcount(meld.mask)));
  const int lowest = std::countr_zero(meld.mask);
  for (std::uint64_t rest = meld.high_ace ? meld.mask & (meld.mask - 1) : meld.mask; rest != 0;
       rest &= rest - 1) {
    group.push_back(Card::from_index(std::countr_zero(rest)));
  }
  if (meld.high_ace) group.push_back(Card::from_index(lowest));
  return group;
}

// Whether the bit-mask search takes the hand: no joker, no card twice.
bool one_pack(std::span<const Card> cards, WildRank wild) {
  std::uint64_t seen = 0;
  for (const Card card : cards) {
    if (is_joker(card, wild)) return false;
    const std::uint64_t bit = std::uint64_t{1} << card.index();
    if (seen & bit) return false;
    seen |= bit;
  }
  return true;
}

}  // namespace

std::optional<int> least_deadwood_points_one_pack(std::span<const Card> cards, WildRank wild,
                                                  const Rules& rules) {
  if (!one_pack(cards, wild)) return std::nullopt;
  OnePackSearch search(cards, rules);
  search.solve();
  return search.deadwood();
}

std::optional<Hand> least_deadwood_one_pack(std::span<const Card> cards, WildRank wild,
                                            const Rules& rules) {
  if (!one_pack(cards, wild)) return std::nullopt;
  OnePackSearch search(cards, rules);
  const std::span<const PackMeld> melds = search.solve();
  // The hand as the general search builds it: runs, then sets, then the rest in hand order.
  Hand hand;
  hand.wild = wild;
  std::uint64_t melded = 0;
  for (const bool runs : {true, false}) {
    for (const PackMeld& meld : melds) {
      if (meld.run != runs) continue;
      hand.groups.push_back(meld_cards(meld));
      melded |= meld.mask;
    }
  }
  Group rest;
  for (const Card card : cards) {
    if (!(melded & (std::uint64_t{1} << card.index()))) rest.push_back(card);
  }
  if (!rest.empty()) hand.groups.push_back(std::move(rest));
  return hand;
}

}  // namespace rummy
