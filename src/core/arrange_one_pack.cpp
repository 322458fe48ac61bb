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
// The count alone (least_deadwood_points_one_pack: the gin solvers' question) needs no search:
// * Runs stay within a suit, so once the sets are chosen, each suit's cards left are grouped
//   into runs on their own, and the least deadwood is the sum of the four suits' least. A table
//   of the least deadwood by runs of each of the 8,192 sets of one suit's cards (`SuitRuns`,
//   made once for the rules' points and run lengths, kept for the thread) answers each suit
//   with one read.
// * Sets are chosen only among the ranks the hand holds in enough suits (three of 10 cards at
//   most): each such rank makes no set, or one of each size the rules allow from its suits. So a
//   hand with no such rank is four table reads, and one with a rank of four suits is six choices
//   of four reads. (Every grouping is one choice of sets and then runs in each suit, so the
//   least of these is the least of every grouping.) Hands with more such ranks than
//   `set_ranks_most` are left to the search.
//
// Why it is fast
// * No counts per card, no copies, no jokers: the state is one integer, the melds a few dozen at
//   most, and nothing is allocated until the answer is built.
// * The order of the search is the general search's (src/core/arrange.cpp: runs shortest first,
// then
//   sets, then deadwood; the first grouping of least deadwood is kept), so the two give the same
//   grouping on every hand; the tests compare them on many random hands.
#include "arrange_one_pack.hpp"
#include "bits.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <optional>

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

// The tables hold a suit's least deadwood in 16 bits: rules whose card points go below 0 or past
// this (custom rules; no game's) are left to the search.
constexpr int table_points_most = 5000;

// The least deadwood by runs alone of each set of one suit's cards (bit = rank - 1), for one
// rules' card points and run lengths; no table (usable() false) for points it cannot hold.
class SuitRuns {
 public:
  explicit SuitRuns(const Rules& rules)
      : key_(key_of(rules)),
        usable_(std::all_of(key_.points.begin(), key_.points.end(), [](int points) {
          return points >= 0 && points <= table_points_most;
        })) {
    if (!usable_) return;
    least_[0] = 0;
    // Each set is answered from smaller ones (its lowest card taken away, or a run through
    // it), all of which come before it in this order.
    for (unsigned cards = 1; cards < least_.size(); ++cards) {
      const int low = std::countr_zero(cards);
      int best = key_.points[static_cast<std::size_t>(low)] + least_[cards & (cards - 1)];
      // The lowest card in a run upwards from it (as OnePackSearch::list_melds lists them) ...
      unsigned run = 1U << low;
      for (int next = low + 1, length = 2;
           next < rank_count && (cards >> next & 1U) != 0 && length <= key_.max_sequence;
           ++next, ++length) {
        run |= 1U << next;
        if (length >= key_.min_run) best = std::min(best, int{least_[cards ^ run]});
      }
      // ... or, an ace, at the top of a run down from the king.
      if (low == 0 && key_.ace_high) {
        run = 1U;
        for (int next = rank_count - 1, length = 2;
             next >= 1 && (cards >> next & 1U) != 0 && length <= key_.max_sequence;
             --next, ++length) {
          run |= 1U << next;
          if (length >= key_.min_run) best = std::min(best, int{least_[cards ^ run]});
        }
      }
      least_[cards] = static_cast<std::uint16_t>(best);
    }
  }

  bool made_for(const Rules& rules) const { return key_ == key_of(rules); }
  bool usable() const { return usable_; }

  // The least deadwood of one suit's `cards` grouped into runs.
  int least(unsigned cards) const { return least_[cards]; }

 private:
  // What the table depends on.
  struct Key {
    std::array<int, rank_count> points{};
    int min_run = 0;
    int max_sequence = 0;
    bool ace_high = false;
    bool operator==(const Key&) const = default;
  };
  static Key key_of(const Rules& rules) {
    return {rules.count.card_points, rules.melds.min_run, rules.melds.max_sequence,
            rules.melds.ace_high};
  }

  Key key_;
  bool usable_;
  std::array<std::uint16_t, 1U << rank_count> least_{};  // 16 KiB
};

// The table for these rules: the thread's last one, or a new one (a program plays one game's
// rules at a time, so it is made once).
const SuitRuns& suit_runs(const Rules& rules) {
  thread_local std::optional<SuitRuns> table;
  if (!table || !table->made_for(rules)) table.emplace(rules);
  return *table;
}

// More ranks than this held in enough suits for a set: the search (no hand of 11 cards has more
// than three; a few thousand choices of sets at most).
constexpr int set_ranks_most = 5;

// The ranks (bit = rank - 1) held in at least `least` of the four suits' `suits`.
unsigned ranks_in_suits(const std::array<unsigned, suit_count>& suits, int least) {
  // How many suits hold each rank, as a 3-bit number per rank, one bit-plane at a time.
  const unsigned a = suits[0], b = suits[1], c = suits[2], d = suits[3];
  const unsigned ab_low = a ^ b, ab_high = a & b, cd_low = c ^ d, cd_high = c & d;
  const unsigned ones = ab_low ^ cd_low, carry = ab_low & cd_low;
  const unsigned twos = ab_high ^ cd_high ^ carry;
  const unsigned fours = (ab_high & cd_high) | ((ab_high ^ cd_high) & carry);
  switch (least) {
    case 0:
    case 1:
      return a | b | c | d;
    case 2:
      return twos | fours;
    case 3:
      return (twos & ones) | fours;
    case 4:
      return fours;
    default:
      return 0;
  }
}

// The least deadwood of the cards left in `suits` once a set is chosen (or none) at each rank
// of `ranks`, the ranks still to choose for.
int least_with_sets(const SuitRuns& runs, std::array<unsigned, suit_count> suits, unsigned ranks,
                    const MeldRules& melds) {
  if (ranks == 0) {
    return runs.least(suits[0]) + runs.least(suits[1]) + runs.least(suits[2]) +
           runs.least(suits[3]);
  }
  const unsigned rank = ranks & (0U - ranks);
  const unsigned later = ranks ^ rank;
  int best = least_with_sets(runs, suits, later, melds);  // no set of this rank
  unsigned holders = 0;
  for (int suit = 0; suit < suit_count; ++suit) {
    if ((suits[static_cast<std::size_t>(suit)] & rank) != 0) holders |= 1U << suit;
  }
  // Every non-empty subset of the suits that hold it, as a set if its size is allowed.
  for (unsigned subset = holders; subset != 0; subset = (subset - 1) & holders) {
    const int size = bit_count(subset);
    if (size < melds.min_group || size > melds.max_set) continue;
    std::array<unsigned, suit_count> left = suits;
    for (int suit = 0; suit < suit_count; ++suit) {
      if ((subset >> suit & 1U) != 0) left[static_cast<std::size_t>(suit)] &= ~rank;
    }
    best = std::min(best, least_with_sets(runs, left, later, melds));
  }
  return best;
}

// The least deadwood of a hand of one pack (`hand`: bit = Card::index()), without a search;
// nothing when it holds too many ranks that can make a set.
std::optional<int> least_deadwood_by_tables(std::uint64_t hand, const Rules& rules) {
  const SuitRuns& runs = suit_runs(rules);
  if (!runs.usable()) return std::nullopt;
  constexpr unsigned suit_cards = (1U << rank_count) - 1;
  std::array<unsigned, suit_count> suits{};
  for (int suit = 0; suit < suit_count; ++suit) {
    suits[static_cast<std::size_t>(suit)] =
        static_cast<unsigned>(hand >> (suit * rank_count)) & suit_cards;
  }
  const unsigned set_ranks = rules.melds.max_set >= rules.melds.min_group
                                 ? ranks_in_suits(suits, rules.melds.min_group)
                                 : 0U;
  if (bit_count(set_ranks) > set_ranks_most) return std::nullopt;
  return least_with_sets(runs, suits, set_ranks, rules.melds);
}

// The cards of a run in rank order (a high ace last), or of a set in suit order.
Group meld_cards(const PackMeld& meld) {
  Group group;
  group.reserve(static_cast<std::size_t>(bit_count(meld.mask)));
  const int lowest = std::countr_zero(meld.mask);
  for (std::uint64_t rest = meld.high_ace ? meld.mask & (meld.mask - 1) : meld.mask; rest != 0;
       rest &= rest - 1) {
    group.push_back(Card::from_index(std::countr_zero(rest)));
  }
  if (meld.high_ace) group.push_back(Card::from_index(lowest));
  return group;
}

// The hand as a mask (bit = Card::index()) if the bit-mask search takes it: no joker, no card
// twice, and groups of at least three cards. (Its room is fixed for such groups: 373 melds of a
// pack at most, and 17 in a grouping. A library's own game of groups of two, which check_rules
// takes, would have up to 455 (503 with the ace high too) and 26: it goes to the general search.)
std::optional<std::uint64_t> one_pack(std::span<const Card> cards, WildRank wild,
                                      const Rules& rules) {
  if (rules.melds.min_group < 3) return std::nullopt;  // (min_run is at least min_group)
  std::uint64_t seen = 0;
  for (const Card card : cards) {
    if (is_joker(card, wild)) return std::nullopt;
    const std::uint64_t bit = std::uint64_t{1} << card.index();
    if (seen & bit) return std::nullopt;
    seen |= bit;
  }
  return seen;
}

}  // namespace

std::optional<int> least_deadwood_points_one_pack(std::span<const Card> cards, WildRank wild,
                                                  const Rules& rules) {
  const std::optional<std::uint64_t> hand = one_pack(cards, wild, rules);
  if (!hand) return std::nullopt;
  if (const std::optional<int> points = least_deadwood_by_tables(*hand, rules)) return points;
  OnePackSearch search(cards, rules);
  search.solve();
  return search.deadwood();
}

std::optional<Hand> least_deadwood_one_pack(std::span<const Card> cards, WildRank wild,
                                            const Rules& rules) {
  if (!one_pack(cards, wild, rules)) return std::nullopt;
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
