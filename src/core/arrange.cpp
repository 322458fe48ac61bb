// The arrangement search: see arrange.hpp.
//
// The loser's count has tiers (rules §2.6). Two of them do not depend on the grouping beyond
// one pure sequence (no pure sequence: every card; a pure sequence only: every card outside it,
// or every card), so they are computed directly. The rest — two sequences with a pure one, and
// the "ungrouped" reading — cost the cards left outside valid groups, which a depth-first search
// minimises:
//
// * Natural cards are taken in card order (suit, then rank); the lowest one left is either
//   deadwood, the lowest natural card of a run, or in a set with cards of its rank in later
//   suits. So every grouping is met once, up to identical copies.
// * With 14 cards the discard is not a branch of its own: whatever the groups, the best discard
//   is the card of the deadwood worth most (or, with no deadwood, a joker left over), so a
//   grouping chooses it when it is complete. (As a branch at every card, it had made four in
//   five of the nodes of a 14-card search.)
// * Jokers are interchangeable when they stand for other cards and are all worth 0, so they are
//   counted, not placed: a run or set asks for as many as its gaps need. A wild card is also a
//   natural card of its own rank and suit, which matters only in a pure run; elsewhere it goes
//   to the joker pool. Jokers used may run ahead of the pool while wild cards are still to come;
//   a leaf checks the books.
// * Jokers left over either form groups of their own (any three jokers read as an impure
//   sequence) or join groups with room; that decides whether a grouping with no deadwood declares.
// * Branches are cut when their deadwood, plus the cards that fit no group at all, cannot beat
//   the best found or what another tier already gives; a valid declaration ends the search.
//   "Fit no group" is worked out once per hand for every joker of the hand, and for 0 and 1
//   jokers: once the melds made have used all but one or none of the jokers, the cards that
//   then fit nothing are counted too; after a run or set, with a joker free at most, the cards
//   left that fit nothing among the cards left, when that decides (cut_among_left). The discard
//   takes off the dearest card of the deadwood so far or one such card, at most.
//
// Why it is fast: the state is a few small arrays changed in place and put back (no copies);
// the places still holding a card are a bit mask, so the next card is one count-trailing-zeros
// away; isolation is read from each suit's places as bits, and an isolated card starts no
// group (and takes the cards after it bound to be deadwood along: deadwood_after); a wild card
// that can stand as itself in no pure run is a printed joker to the search; the cuts above
// leave a few dozen nodes for a typical 13-card hand. find_outs() gives each draw
// a bound (the lowest count yet, or only declarations once a draw declares), and a bounded
// search stops as soon as it cannot come within it; DrawFilter passes over the draws whose count
// is known to exceed it (from the jokers' draws, and from one search of the hand with a "hole"
// that gives each card a floor), and has a draw that only a pure run could bring within it
// searched keeping the card in one; the jokers whose suit cannot matter share one search, and
// an out's groups are not built: its count and its grouping's discard are the answer
// (points_without_groups). Basic and Knock hands from one pack without jokers do not come here
// at all: src/core/arrange_one_pack.cpp answers them.
#include "arrange.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <new>
#include <utility>

#include <fmt/format.h>

#include "arrange_one_pack.hpp"
#include "bits.hpp"

namespace rummy {

namespace {

enum class MeldKind : std::uint8_t { pure_run, impure_run, set };

struct Meld {
  MeldKind kind = MeldKind::set;
  bool ace_high = false;  // runs: the ace counts 14
  int low = 0;            // runs: the lowest place of the window the run covers (with jokers)
  std::uint8_t jokers = 0;
  std::uint8_t natural_count = 0;
  bool hole = false;  // collecting (Search::run_collecting): a pure run whose one joker is the hole
  std::array<Card, 14> naturals{};  // cards standing as themselves

  int length() const { return natural_count + jokers; }
};

struct Found {
  // (Kept in place up to seven melds, Marriage's 21 cards: a grouping found was copied into a
  // vector's block, and a Found copied took another.)
  SmallVector<Meld, 7> melds;
  std::optional<Card> discard;  // empty with a discarded joker: see discard_joker
  bool discard_joker = false;
  int deadwood = INT_MAX;
};

// The points of every card, and the first of the cards worth most: with 14 cards, the discard
// when nothing else decides it. (One pass: every search of outs asks both.)
struct HandPoints {
  int total = 0;
  Card dearest;
};

// The places of `held` (bits 1..14 of a suit's places) that open `length` places held in a row;
// none past 15 - length, as no place above 14 is held. Runs of three or more, the usual, take
// their first two steps without the loop, which asked the length at every step (find_outs 205.0
// to 204.2 million instructions on the 2,000 hands of seed 7 in pure_needed_possible, then 199.1
// to 198.1 in pure_run_possible, now LeastCount's question of any pure run, and
// best_lone_pure_run).
// (Also every suit's places at once, places_by_suit's.)
template <typename Places>
Places run_starts(Places held, int length) {
  Places starts = held;
  int k = 1;
  if (length >= 3) {
    starts &= held >> 1 & held >> 2;
    k = 3;
  }
  for (; k < length; ++k) starts &= held >> k;
  return starts;
}

// Every suit's places at once (places_by_suit): a suit's 16 bits times this.
constexpr std::uint64_t each_suit = 0x0001000100010001u;
// A rank's place in every suit, as in Search's present_: bit rank - 1 times this.
constexpr std::uint64_t rank_in_each_suit =
    std::uint64_t{1} | std::uint64_t{1} << 13 | std::uint64_t{1} << 26 | std::uint64_t{1} << 39;

// The places 1..14 of every suit of the cards held at `present` (bit suit * 13 + rank - 1, as
// Search's present_), as a suit's places are given a suit at a time (the ace at 1 and at 14):
// bit suit * 16 + place. No window of places runs from one suit into the next, as places 0 and
// 15 of every suit are never held.
std::uint64_t places_by_suit(std::uint64_t present) {
  std::uint64_t ranks = 0;  // bit suit * 16 + rank - 1
  for (int suit = 0; suit < suit_count; ++suit) {
    ranks |= (present >> (suit * rank_count) & 0x1FFFu) << (suit * 16);
  }
  return ranks << 1 | (ranks & each_suit) << 14;
}

// The ranks at `places`, places 1..14 of every suit at once (as places_by_suit gives them), as
// present_ holds them: bit suit * 13 + rank - 1 (the ace at place 1 or 14).
std::uint64_t ranks_by_suit(std::uint64_t places) {
  const std::uint64_t by_rank = (places >> 1 | (places >> 14 & each_suit)) & 0x1FFFu * each_suit;
  std::uint64_t ranks = 0;
  for (int suit = 0; suit < suit_count; ++suit) {
    ranks |= (by_rank >> (suit * 16) & 0x1FFFu) << (suit * rank_count);
  }
  return ranks;
}

// A suit's 16 bits of `by_suit` (places_by_suit's, or any of every suit's places at once).
std::uint32_t of_suit(std::uint64_t by_suit, int suit) {
  return static_cast<std::uint32_t>(by_suit >> (suit * 16)) & 0xFFFFu;
}

// The places covered by the runs of `length` places opening at `starts`. (Also every suit's
// places at once, places_by_suit's.)
template <typename Places>
Places run_places(Places starts, int length) {
  Places covered = starts;
  int k = 1;
  if (length >= 3) {
    covered |= starts << 1 | starts << 2;
    k = 3;
  }
  for (; k < length; ++k) covered |= starts << k;
  return covered;
}

// The cards of a search as it counts them on construction: by place, by suit for wild cards,
// the printed jokers, and their points. (A base of Search, whose members these are: named as its
// own.) find_outs counts its hand once, and each search of it or of a draw starts from a copy,
// counting only the card drawn (counted anew from the 13 or 14 cards at every search, find_outs
// took 180.7 rather than 176.7 million instructions on the 2,000 hands of seed 7, 191.0 rather
// than 186.9 on seed 3's).
struct SearchCards {
  // No cards yet, under `rules`.
  explicit SearchCards(const Rules& rules) {
    for (const int points : rules.count.card_points) {
      max_card_value_ = std::max(max_card_value_, points);
    }
  }

  // The card counted in, as the last card of the search's cards: `wild_rank` is 1..13, or 0
  // with no wild rank. (Each card's points as card_points gives them, from what the branches
  // below know already: asked again of every card, find_outs 207.0 to 206.4 million
  // instructions on the 2,000 hands of seed 7.)
  void add(Card card, int wild_rank, const Rules& rules) {
    ++card_count_;
    int points = rules.count.joker_points;
    if (card.is_printed_joker()) {
      ++printed_;
    } else {
      const auto at = static_cast<std::size_t>(card.index());
      const int rank = static_cast<int>(card.rank());
      present_ |= std::uint64_t{1} << at;
      points = value_at_[at] = rules.count.card_points[rank - 1];
      if (rank == wild_rank) {  // (a wild card: wild_rank is 0 without a wild rank)
        ++wild_count_[static_cast<int>(card.suit())];
        ++wild_cards_;
        if (rules.count.wild_cards_score_zero) points = 0;
      } else {
        ++count_[at];
      }
    }
    hand_points_.total += points;
    if (points > dearest_points_) {
      dearest_points_ = points;
      hand_points_.dearest = card;
    }
  }

  // Non-wild cards left, by place (as in present_: suit * 13 + rank - 1).
  std::array<std::uint8_t, suit_count * rank_count> count_{};
  // A natural card's points, by place: filled for the places of the cards (the only ones read:
  // the search's places are all places held), over zeros (a search of find_outs copies them).
  std::array<int, suit_count * rank_count> value_at_{};
  std::array<std::uint8_t, suit_count> wild_count_{};  // wild cards not yet taken, by suit
  int wild_cards_ = 0;                                 // wild cards in the hand
  int printed_ = 0;
  int card_count_ = 0;
  // The points of the cards (as card_points gives them: LeastCount asks them of every search),
  // and those of the first of the dearest.
  HandPoints hand_points_;
  int dearest_points_ = INT_MIN;
  std::uint64_t present_ = 0;  // bit suit * 13 + rank - 1: a card of that place is left
  // The most a card is worth, the discard at most (the rules' card_points: asked of them at every
  // search, find_outs took 174.0 rather than 173.1 million instructions on the 2,000 hands of
  // seed 7, 184.2 rather than 183.2 on seed 3's).
  int max_card_value_ = 0;
};

class Search : SearchCards {
 public:
  // `counted`: the first of `cards` counted already (SearchCards::card_count_ of them), or none.
  Search(std::span<const Card> cards, WildRank wild, const Rules& rules, bool may_discard,
         bool track_one_sequence, const SearchCards* counted = nullptr)
      : SearchCards(counted != nullptr ? *counted : SearchCards(rules)),
        wild_(wild),
        wild_rank_(wild ? static_cast<int>(*wild) : 0),
        rules_(rules),
        may_discard_(may_discard),
        track_one_sequence_(track_one_sequence) {
    for (std::size_t i = static_cast<std::size_t>(card_count_); i < cards.size(); ++i) {
      add(cards[i], wild_rank_, rules);
    }
  }

  // The points of the cards, and the first of the dearest.
  const HandPoints& hand_points() const { return hand_points_; }

  // Only the groupings that hold every copy of `card` in melds are wanted: outs knows that
  // leaving it out of them cannot come within the bound (DrawFilter::in_meld).
  void keep_in_melds(Card card) { in_meld_ = card.index(); }

  // Only the groupings that hold a copy of `card` (a natural card, or a wild card standing as
  // itself) in a pure run are wanted: outs knows that no other can come within the bound
  // (DrawFilter::pure_run_needed), or has the others' answer from the printed joker's draw (a
  // wild card's split: find_outs' split_wild_card). A branch
  // that has made no such run is given up once the places of the card's suit still held (those
  // the runs made below may take) hold no min_run in a row through the card's.
  void keep_in_pure_run(Card card) {
    pure_needed_ = card.index();
    pure_runs_needed_ = 0;
    pure_needed_suit_ = static_cast<int>(card.suit());
    pure_needed_base_ = pure_needed_suit_ * rank_count;
    pure_needed_rank_ = static_cast<int>(card.rank());
    pure_needed_starts_ = starts_through(pure_needed_rank_);
  }

  // No grouping counts less than `floor` (at least 1, so none declares): outs knows it of some
  // draws (DrawFilter::floor). The first grouping of two sequences that counts `floor` is then
  // the answer, and the search stops there: every later one would have to count less to be kept.
  void stop_at(int floor) { stop_at_ = floor; }

  // The groupings kept name their discard and deadwood, but not their melds, unless they give
  // up a joker (which one, the melds choose): outs asks no more of most of its searches, and
  // copying the stack at every grouping kept was an allocation and a copy a search.
  void keep_melds_for_joker_discards_only() { keep_melds_ = false; }

  // Groupings whose deadwood exceeds `bound` are not wanted (another tier does better).
  //
  // How GCC inlines the search is pinned (run never inlined into its callers, start_runs and
  // start_sets always into visit_card, and the first step of each run, grow_run_here, too; its
  // further steps are calls of grow_run): left to itself it chose by the size of the whole file,
  // and a change elsewhere in it (find_outs, 30 lines) made it put the first grow_run of each
  // run out of line and every search 8% dearer (callgrind, outs of the benchmark's hands).
  [[gnu::noinline]] void run(int bound) {
    bound_ = bound;
    update_cut_from();
    if (floors_ == nullptr) pool_wild_cards_alone();
    jokers_free_ = printed_ + wild_cards_;
    // The stack's room is the thread's, kept from one search to the next. A search runs inside
    // no other, so it is used in place (taken by the search and given back, a vector of its own
    // swapped twice, find_outs took 163.0 rather than 162.7 million instructions on the 2,000
    // hands of seed 7, 173.2 rather than 172.8 on seed 3's).
    // The melds made are its first depth_ (its other melds are left from earlier searches, and
    // each is reset as it is pushed): a push is then a store, where emplace_back was a call of
    // the vector's in GCC's code for visit, or not, as the rest of the file went.
    thread_local std::vector<Meld> stack;
    if (stack.size() < static_cast<std::size_t>(card_count_)) {  // every meld holds a card
      stack.resize(static_cast<std::size_t>(card_count_));
    }
    melds_ = stack.data();
    mark_isolated();  // here, not on construction: many hands have no pure run and need no search
    visit(0, false);
  }

  // The hole search of DrawFilter (see there): the hand holds one printed joker more, the hole,
  // which may also stand in the one place a run lacks to be pure. Every grouping whose count is
  // within `bound` is met (only the bound cuts, and a declaration does not end the search), and
  // each lowers `floors` (by card index, 0..51) of the natural cards that could take the
  // hole's place in it (a superset of them) to its count. False when the search took more than
  // `budget` nodes: the floors are then unfinished.
  bool run_collecting(int bound, std::array<int, 52>& floors, int budget) {
    floors_ = &floors;
    budget_ = budget;
    hole_open_ = true;
    run(bound);
    hole_open_ = false;
    floors_ = nullptr;
    return budget_ >= 0;
  }

  // A wild card that can stand as itself in no pure run (no min_run places in a row through its
  // own are held) is only ever a joker: it is counted with the printed jokers, and the search
  // has no node for it. The groupings are the same, met in the same order: its node's cut is the
  // next node's, but for a leaf, which has no cut of its own and still keeps a declaration after
  // the search has ended (see leaf); so a leaf that would have come after its place asks the cut
  // first (pooled_alone_). Not when collecting: a run may then leave its one gap to the hole.
  void pool_wild_cards_alone() {
    if (wild_cards_ == 0) return;
    // (Asked of every suit at once, before any is pooled: a suit's pooling leaves the others'
    // places as they are.)
    const std::uint64_t runs = held_runs_through(wild_rank_);
    for (int suit = 0; suit < suit_count; ++suit) {
      const int copies = wild_count_[static_cast<std::size_t>(suit)];
      if (copies == 0 || of_suit(runs, suit) != 0) continue;
      pooled_alone_ |= position_bit(suit, wild_rank_);
      printed_ += copies;
      wild_cards_ -= copies;
      wild_count_[static_cast<std::size_t>(suit)] = 0;
      present_ &= ~position_bit(suit, wild_rank_);
    }
  }

  // The places of the cards held, printed jokers aside (before the search).
  std::uint64_t places_held() const { return present_; }

  bool found_valid = false;
  Found valid;
  Found two_sequences;  // at least two sequences, one of them pure: least deadwood
  Found one_sequence;   // exactly one sequence, pure (the "ungrouped" reading)

 private:
  std::uint8_t& count_at(int suit, int rank) {
    return count_[static_cast<std::size_t>(suit * rank_count + rank - 1)];
  }
  bool is_wild_rank(int rank) const { return rank == wild_rank_; }
  // The places 1..14 of a suit that hold a card (the ace at 1 and at 14), from the position of
  // the suit's first card (suit * 13).
  std::uint32_t places_from(int base) const {
    const auto ranks = static_cast<std::uint32_t>(present_ >> base) & 0x1FFFu;
    return ranks << 1 | (ranks & 1u) << 14;
  }
  // The places 1..14 where a run of min_run places through a place of `rank` (an ace has two: 1
  // and 14) may start.
  std::uint32_t starts_through(int rank) const {
    const auto through = [this](int place) {  // places max(1, place - min_run + 1) .. place
      return (2u << place) - (1u << std::max(1, place - min_run_ + 1));
    };
    return through(rank) | (rank == 1 ? through(14) : 0u);
  }
  static std::uint64_t position_bit(int suit, int rank) {
    return std::uint64_t{1} << (suit * rank_count + rank - 1);
  }
  // A card taken into a group, the pool or the deadwood: its count, and the positions that
  // still hold a card (which the search skips to with one count-trailing-zeros). It is given
  // back by its taker: its count one up (a wild card's also a joker free again), and present_
  // put back whole, as the taker saved it before taking (every node below puts back what it
  // took, so it is the same). (Given back by a function of its own, which set the position's
  // bit when the count had been 0, find_outs took 176.7 rather than 174.0 million instructions
  // on the 2,000 hands of seed 7, 185.8 rather than 182.8 on seed 3's.)
  void take(int suit, int rank) {
    const bool wild = is_wild_rank(rank);
    std::uint8_t& left = wild ? wild_count_[suit] : count_at(suit, rank);
    jokers_free_ -= wild ? 1 : 0;  // (it stands as itself, or goes to the pool: see visit)
    if (--left == 0) present_ &= ~position_bit(suit, rank);
  }
  // The same for a natural (not wild) card, by its place.
  void take_natural(int position) {
    if (--count_[static_cast<std::size_t>(position)] == 0) {
      present_ &= ~(std::uint64_t{1} << position);
    }
  }

  // The points of the natural cards left at these places (as in present_), every copy counted.
  int points_at(std::uint64_t places) const {
    int points = 0;
    for (; places != 0; places &= places - 1) {
      const auto at = static_cast<std::size_t>(std::countr_zero(places));
      points += value_at_[at] * count_[at];
    }
    return points;
  }

  // The places 1..14 of every suit, as places_from gives them a suit at a time (see
  // rummy::places_by_suit).
  std::uint64_t places_by_suit() const { return rummy::places_by_suit(present_); }

  // The places covered by the windows of min_run places (1 or 2: runs shorter than three, a
  // library's own game) that miss at most `budget` of the places held, `held` (every suit's, as
  // places_by_suit gives them).
  std::uint64_t short_windows(std::uint64_t held, int budget) const {
    const int length = rules_.melds.min_run;
    if (budget >= length) return 0x7FFEu * each_suit;  // every place 1..14
    // A window of one place must hold it; of two, both when no card may be missing, else one.
    const std::uint64_t starts = (length == 1   ? held
                                  : budget == 0 ? held & held >> 1
                                                : held | held >> 1) &
                                 ((1u << (16 - length)) - 2u) * each_suit;
    return length == 1 ? starts : starts | starts << 1;
  }

  // A natural card is isolated when no group could hold it even with every joker of the hand: no
  // run around it and no set of its rank. It is bound to be deadwood (or discarded). Worked out on
  // bit masks, every suit at once (places_by_suit: a suit at a time, find_outs took 176.7 rather
  // than 174.0 million instructions on the 2,000 hands of seed 7, 186.9 rather than 184.2 on seed
  // 3's): the windows of places a run could cover, and the ranks held in enough suits for a set. A
  // window is three places, also when runs are longer (a library's own game without jokers, of runs
  // of four): a card in no window of three it can fill is in none of four either, so it is still
  // isolated, only fewer cards are found so. Runs shorter than three have windows as short
  // (short_windows): one of three would isolate the cards of a run of two.
  void mark_isolated() {
    const int jokers = printed_ + wild_cards_;
    isolated_with_below_ = std::min(jokers, 2);
    // The places of the natural (non-wild) cards, and the ranks of each suit's, bit rank - 1.
    const std::uint64_t naturals = present_ & ~wild_places_;
    const auto ranks_of = [naturals](int suit) {
      return static_cast<std::uint32_t>(naturals >> (suit * rank_count)) & 0x1FFFu;
    };
    const std::uint32_t n0 = ranks_of(0), n1 = ranks_of(1), n2 = ranks_of(2), n3 = ranks_of(3);
    // The ranks held (naturally) in at least k suits, k = 0..4.
    const std::array<std::uint32_t, 5> in_suits = {
        0x1FFFu, n0 | n1 | n2 | n3, (n0 & (n1 | n2 | n3)) | (n1 & (n2 | n3)) | (n2 & n3),
        (n0 & n1 & (n2 | n3)) | (n2 & n3 & (n0 | n1)), n0 & n1 & n2 & n3};
    const std::uint64_t a = places_by_suit(), b = a >> 1, c = a >> 2;
    const bool short_runs = rules_.melds.min_run < 3;
    // Isolated with every joker of the hand, and with at most 0 and 1 jokers left to use.
    const auto isolated_places = [&](int budget) {
      const int need = rules_.melds.min_group - budget;  // suits a set of the rank needs
      const std::uint32_t in_sets = need <= 0           ? 0x1FFFu
                                    : need > suit_count ? 0u
                                                        : in_suits[static_cast<std::size_t>(need)];
      // The windows of three places (lowest place 1..12) missing at most `budget` cards (c
      // brings a suit's place 1 to place 15 of the suit below, where no window starts).
      std::uint64_t starts = budget == 0   ? a & b & c
                             : budget == 1 ? (a & b) | (a & c) | (b & c)
                             : budget == 2 ? a | b | c
                                           : ~std::uint64_t{0};
      starts &= 0x1FFEu * each_suit;
      std::uint64_t covered = starts | starts << 1 | starts << 2;  // places 1..14
      if (short_runs) covered = short_windows(a, budget);
      return naturals & ~(in_sets * rank_in_each_suit | ranks_by_suit(covered));
    };
    isolated_ = isolated_places(jokers);
    isolated_left_ = points_at(isolated_);
    // (Those isolated with every joker are isolated with fewer too, and counted apart.)
    for (std::uint64_t marked = isolated_with_[0]; marked != 0; marked &= marked - 1) {
      with_weight_[static_cast<std::size_t>(std::countr_zero(marked))] = 0;  // (an earlier run's)
    }
    isolated_with_ = {};
    for (int budget = 0; budget < 2 && budget < jokers; ++budget) {
      isolated_with_[static_cast<std::size_t>(budget)] = isolated_places(budget) & ~isolated_;
    }
    // Their points as the cut reads them (see with_left_): each card's weight, and the sum over
    // the cards held, every copy counted. (Those isolated with one joker are isolated with none
    // too: isolated_with_[0] holds them all.)
    with_left_ = 0;
    for (std::uint64_t marked = isolated_with_[0]; marked != 0; marked &= marked - 1) {
      const auto at = static_cast<std::size_t>(std::countr_zero(marked));
      const auto points = static_cast<std::uint64_t>(value_at_[at]);
      with_weight_[at] = points | ((isolated_with_[1] >> at & 1u) != 0 ? points << 32 : 0);
      with_left_ += with_weight_[at] * count_[at];
    }
  }

  // A deadwood cannot beat the best kept when it is at least as much; zero deadwood can still
  // declare, so it always goes on. cut_from_ is the least deadwood that is cut, kept up to date
  // as groupings are kept: past the bound, or no better than the groupings kept in every tier
  // tracked, and never below 1 (zero or less goes on); INT_MIN once the search has ended (every
  // node is cut). (One comparison in the cut, not one with 0 and one with cut_from_.)
  void update_cut_from() {
    int from = bound_ == INT_MAX ? INT_MAX : bound_ + 1;
    if (ended_) {
      from = INT_MIN;
    } else {
      if (floors_ == nullptr) {  // (collecting: every grouping within the bound)
        from = std::min(from, track_one_sequence_
                                  ? std::max(two_sequences.deadwood, one_sequence.deadwood)
                                  : two_sequences.deadwood);
      }
      from = std::max(from, 1);
    }
    cut_from_ = from;
  }
  // (jokers_free_ is never below 0 at a node, so the cut does not ask: it starts at the hand's
  // jokers, a run or set is visited only when it asks for at most the jokers free, and the one
  // take that may leave it below 0, a wild card standing as itself, is followed by a run's
  // visit only within that same condition, which then fails, or, at its own node, by its
  // pooling, which gives the joker back before the next node. Asked at every node, it never held
  // on the 2,000 hands of seed 3: find_outs 201.7 to 200.4 million instructions, 190.6 to 189.4
  // on seed 7's.)
  //
  // `after_meld`: the node follows a run or set just made (see cut_among_left).
  template <bool after_meld>
  bool cut() const {
    // Cards that fit no group at all will be deadwood (or the one discard); with fewer jokers
    // left than the hand had, more cards can fit none.
    const int jokers_left = jokers_free_;
    // The cards isolated with every joker are isolated with fewer too: isolated_with_ marks the
    // others only, and their points add to isolated_left_ (the same count as the points of all
    // the cards isolated with those jokers, with fewer cards to sum: find_outs 200.3 to 199.1
    // million instructions on the 2,000 hands of seed 7).
    int isolated = isolated_left_;
    // (Compared unsigned: should jokers_free_ ever fall below 0, the test fails rather than read
    // a lane that is not there; it is the same one comparison.) Their points are kept as the cards
    // are taken and given back (with_left_), not summed over the cards held at every node:
    // find_outs 148.5 to 146.7 million instructions on the 2,000 hands of seed 7, 157.0 to 155.3
    // on seed 3's.
    if (static_cast<unsigned>(jokers_left) < static_cast<unsigned>(isolated_with_below_)) {
      isolated += static_cast<int>(static_cast<std::uint32_t>(with_left_ >> (32 * jokers_left)));
    }
    const int least = deadwood_ + isolated;
    // The discard, chosen at the leaf: a card of the deadwood so far, or an isolated card at
    // best (any other card that ends in the deadwood adds at least what its discard takes off).
    // It takes off no points below 0, so a count below the cut before it is below it after: most
    // nodes go on without working it out.
    if (least >= cut_from_) {
      const int after_discard =
          may_discard_ ? least - std::max(dead_max_, std::min(max_card_value_, isolated)) : least;
      if (after_discard >= cut_from_) return true;
      // Only the discard kept the node: after a meld, the cards left may isolate more.
      if (after_meld && static_cast<unsigned>(jokers_left) < 2u) return cut_among_left(isolated);
    }
    return false;
  }

  // The cut again, with the cards isolated among the cards left (isolated_among_left) in place
  // of those isolated in the whole hand; `isolated` is the points cut() counted. Isolation is
  // marked for the whole hand once, but a card's groups can only be made of the cards still left
  // (those below the node's place are all taken, and the melds made are closed) and the jokers
  // still free, so as the search goes on more cards fit none: a run or set just made may take a
  // card's only partners, or the jokers it needed. The bound is no lower than cut()'s, and still
  // a bound, so only nodes whose every grouping would not be kept are cut: the same answers.
  // Asked only after a run or set, where the discard alone kept the node, with at most one joker
  // free (with two, every card left has a window of three). At every node it took more than it
  // saved (find_outs 180.7 to 203.6 million instructions on the 2,000 hands of seed 7, for
  // 708,000 to 624,000 nodes); after melds only, 179.8; also only where the discard alone kept
  // the node, 176.7 (656,000 nodes), 191.0 to 185.8 on seed 3's hands. Out of line: inlined,
  // visit saved registers at every node (182.7).
  [[gnu::noinline]] bool cut_among_left(int isolated) const {
    const int jokers = jokers_free_;
    if (min_run_ < 3) return false;  // (windows of three: see mark_isolated)
    const std::uint64_t counted =
        isolated_ |
        (jokers < isolated_with_below_ ? isolated_with_[static_cast<std::size_t>(jokers)] : 0);
    isolated += points_at(isolated_among_left(jokers, counted));
    int least = deadwood_ + isolated;
    if (least < cut_from_) return false;
    if (may_discard_) least -= std::max(dead_max_, std::min(max_card_value_, isolated));
    return least >= cut_from_;
  }

  // The natural cards left (by place, as in present_) that no group of the cards left could
  // hold with `jokers` (0 or 1) jokers: mark_isolated's question, asked of present_ for all four
  // suits at once. A card is in a run's window of three places (the ace at 1 and at 14) missing
  // at most `jokers` of the places held (wild cards standing as themselves hold theirs), or in a
  // set of its rank held naturally in min_group - jokers suits, or isolated. The places move by
  // shifts of the 52 bits; the masks keep a shift from crossing into the next suit. Those of
  // `counted` are left out; the sets are asked only of the cards in no run's window, and only
  // if there are any (asked of every card, find_outs took 170.3 rather than 169.3 million
  // instructions on the 2,000 hands of seed 7, 179.2 rather than 178.1 on seed 3's).
  std::uint64_t isolated_among_left(int jokers, std::uint64_t counted) const {
    constexpr std::uint64_t aces = rank_in_each_suit;
    constexpr std::uint64_t twos = aces << 1, queens = aces << 11, kings = aces << 12;
    const std::uint64_t held = present_;
    std::uint64_t in_runs;
    if (jokers == 0) {
      // Three places held in a row: opening at A..J, and Q-K-A.
      const std::uint64_t starts = held & held >> 1 & held >> 2 & ~(queens | kings);
      const std::uint64_t high = held & aces & held >> 11 & held >> 12;
      in_runs = starts | starts << 1 | starts << 2 | high | high << 11 | high << 12;
    } else {
      // Another place held within two of the card's (Q and K within two of the ace's 14).
      in_runs = (held << 1 & ~aces) | (held << 2 & ~(aces | twos)) | (held >> 1 & ~kings) |
                (held >> 2 & ~(kings | queens)) | (held & aces) << 11 | (held & aces) << 12 |
                (held & kings) >> 12 | (held & queens) >> 11;
    }
    const std::uint64_t naturals = held & ~wild_places_;
    const std::uint64_t alone = naturals & ~(counted | in_runs);
    const int need = min_group_ - jokers;  // suits a set of the rank needs
    if (alone == 0 || need <= 1) return 0;
    const auto n0 = static_cast<std::uint32_t>(naturals) & 0x1FFFu,
               n1 = static_cast<std::uint32_t>(naturals >> rank_count) & 0x1FFFu,
               n2 = static_cast<std::uint32_t>(naturals >> (2 * rank_count)) & 0x1FFFu,
               n3 = static_cast<std::uint32_t>(naturals >> (3 * rank_count)) & 0x1FFFu;
    // The ranks held in at least `need` suits, then at their places in every suit.
    const std::uint32_t ranks = need == 2   ? (n0 & (n1 | n2 | n3)) | (n1 & (n2 | n3)) | (n2 & n3)
                                : need == 3 ? (n0 & n1 & (n2 | n3)) | (n2 & n3 & (n0 | n1))
                                : need == 4 ? n0 & n1 & n2 & n3
                                            : 0u;
    return alone & ~(ranks * aces);
  }

  // `position` is suit * 13 + rank - 1. `passive_only`: the previous copy of the card at this
  // position went to deadwood or the pool, so this copy does too (the other order
  // is met elsewhere).
  //
  // A node is two functions: visit asks the questions that end it (a leaf, the budget, the
  // pure run wanted, the cut), and visit_card places the card. A fifth of the nodes end at the
  // cut and a twentieth are leaves; apart, visit needs few registers, and GCC saves none for
  // them (it saved six, and made room on the stack, at every node when the two were one), and
  // calls visit_card and leaf as tail calls. The questions are the same, asked in the same
  // order. (find_outs 214.3 to 211.1 million instructions on the 2,000 hands of seed 7, 226.8
  // to 223.5 on seed 3's. The question of the pure run wanted made a call of its own, so that
  // visit would save no register at all: 215.1, as GCC's code for the rest changed.)
  //
  // `after_meld`: the node follows a run or set just made, whose cut may ask the cards left
  // (cut_among_left).
  template <bool after_meld = false>
  [[gnu::noinline]] void visit(int position, bool passive_only) {
    if (--budget_ < 0) return;  // (only collecting has a budget: see budget_)
    const std::uint64_t ahead = present_ & (~std::uint64_t{0} << position);
    if (ahead == 0) {
      if ((pooled_alone_ >> position) != 0 && cut<false>()) return;  // (see pool_wild_cards_alone)
      return leaf();
    }
    if (const int next = std::countr_zero(ahead); next != position) {
      position = next;
      passive_only = false;
    }
    if (pure_runs_needed_ == 0 && !pure_needed_possible()) return;
    if (cut<after_meld>()) return;
    visit_card(position, passive_only);
  }

  // A node that is neither a leaf nor cut: its card in groups, then in the deadwood or the pool.
  [[gnu::noinline]] void visit_card(int position, bool passive_only) {
    const Card card = Card::from_index(position);
    const std::uint64_t present = present_;  // (given back whole: see take)
    // Groups first: good groupings found early cut more of the rest.
    // (A wild card is known by its place, and its suit read only then: the rank and suit read of
    // the card at every node, find_outs took 146.7 rather than 146.1 million instructions on the
    // 2,000 hands of seed 7, 155.3 rather than 154.7 on seed 3's.)
    if ((wild_places_ >> position & 1u) != 0) {
      const int suit = static_cast<int>(card.suit());
      take(suit, wild_rank_);
      if (!passive_only) start_runs</*wild_start=*/true>(card, position);
      ++pooled_;
      ++jokers_free_;
      visit(position, true);
      --pooled_;
      // (Its joker free again is the pool's: jokers_free_ is as it was.)
      ++wild_count_[static_cast<std::size_t>(suit)];
      present_ = present;
      return;
    }
    take_natural(position);
    const std::uint64_t with_left = with_left_;
    with_left_ -= with_weight_[static_cast<std::size_t>(position)];
    const int points = value_at_[static_cast<std::size_t>(position)];
    const bool isolated_now = (isolated_ >> position & 1u) != 0;
    const int isolated = isolated_now ? points : 0;
    isolated_left_ -= isolated;
    // A card isolated with every joker of the hand, or with the jokers still free (at most one;
    // they only fall below here), is in no group, as the cut counts it: no group is tried.
    const bool alone =
        isolated_now ||
        (static_cast<unsigned>(jokers_free_) < static_cast<unsigned>(isolated_with_below_) &&
         (isolated_with_[static_cast<std::size_t>(jokers_free_)] >> position & 1u) != 0);
    if (!passive_only && !alone) {
      start_runs</*wild_start=*/false>(card, position);
      start_sets(card, position);
    }
    if (position == in_meld_) {  // (no grouping within the bound leaves it out of the melds)
      isolated_left_ += isolated;
      with_left_ = with_left;
      ++count_[static_cast<std::size_t>(position)];
      present_ = present;
      return;
    }
    // (Put back whole, as deadwood_after may have added more cards.)
    const int deadwood = deadwood_, deadwood_cards = deadwood_cards_;
    const int isolated_left = isolated_left_;
    deadwood_ += points;
    ++deadwood_cards_;
    const int dead_max = dead_max_;
    const Card dead_best = dead_best_;
    // The latest of the dearest: the discard (kept without a discard too, where no one asks).
    if (points >= dead_max_) {
      dead_max_ = points;
      dead_best_ = card;
    }
    const int last = passive_only || alone ? deadwood_after(position) : position;
    visit(last, true);  // (from the last card taken: see deadwood_after)
    dead_max_ = dead_max;
    dead_best_ = dead_best;
    deadwood_ = deadwood;
    deadwood_cards_ = deadwood_cards;
    isolated_left_ = isolated_left + isolated;
    with_left_ = with_left;
    ++count_[static_cast<std::size_t>(position)];
    present_ = present;
  }

  // A card bound to be deadwood (alone, or a copy after one in the deadwood) takes the cards
  // after it that are bound to be too into the deadwood with it, every copy of a place at once,
  // and the search goes on from the last one taken, whose place it returns: their nodes would
  // each have tried no group and gone on to the next. The cards taken are given back by the
  // caller's putting back present_ and the counts of the deadwood whole (count_ is not changed:
  // it is read only at places held). What their nodes asked is asked by the next node: the
  // cut's bound only grows as a card bound to be deadwood moves from the cards that fit no group
  // into the deadwood (the discard's part falls by its points at most), and the pure run wanted
  // only loses places no run holds. Where the next node is a leaf, which asks neither: a leaf
  // the cut would have ended keeps nothing (its deadwood is the bound, and a pure run wanted and
  // not made it asks itself), but once the search has ended (every node cut) a leaf still keeps
  // a declaration (see leaf), so the last card left then keeps its node; keep_in_melds' card
  // keeps its own too. (Asked after every card put in the deadwood, not only those bound to be,
  // it took more than it saved: find_outs 174.0 to 174.6 million instructions on the 2,000
  // hands of seed 7. As it is, 174.0 to 172.3, for 656,000 to 605,000 nodes, and 182.8 to 181.1
  // on seed 3's hands, the last card left always keeping its node; taken as well, 170.3 and
  // 591,000 nodes, 179.2 on seed 3's.)
  int deadwood_after(int position) {
    const std::uint64_t alone =
        isolated_ |
        (static_cast<unsigned>(jokers_free_) < static_cast<unsigned>(isolated_with_below_)
             ? isolated_with_[static_cast<std::size_t>(jokers_free_)]
             : 0) |
        std::uint64_t{1} << position;
    int at = position;
    for (;;) {
      const std::uint64_t ahead = present_ & (~std::uint64_t{0} << at);
      if (ahead == 0) break;
      const int next = std::countr_zero(ahead);
      const std::uint64_t bit = std::uint64_t{1} << next;
      if ((alone & bit) == 0 || next == in_meld_ || ((ahead & ~bit) == 0 && ended_)) break;
      const int copies = count_[static_cast<std::size_t>(next)];
      const int value = value_at_[static_cast<std::size_t>(next)];
      deadwood_ += value * copies;
      deadwood_cards_ += copies;
      if (value >= dead_max_) {
        dead_max_ = value;
        dead_best_ = Card::from_index(next);
      }
      if ((isolated_ & bit) != 0) isolated_left_ -= value * copies;
      with_left_ -= with_weight_[static_cast<std::size_t>(next)] * static_cast<unsigned>(copies);
      present_ &= ~bit;
      at = next;
    }
    return at;
  }

  // A meld pushed is reset in the fields read before they are written: its cards are written
  // from the first (natural_count), and a run's ace_high and hole are set only where they hold.
  // Its kind, jokers and low (a run's) are written before any node below it is visited, and the
  // cards past natural_count are never read; so the rest of the room left from earlier melds
  // may stay (making it a whole Meld{} was a temporary of 24 bytes copied at every group tried:
  // find_outs 215.6 to 214.3 million instructions on the 2,000 hands of seed 7).
  Meld& push_meld() {
    Meld& meld = melds_[depth_++];
    meld.ace_high = false;
    meld.natural_count = 0;
    meld.hole = false;
    return meld;
  }
  std::span<const Meld> melds() const { return {melds_, static_cast<std::size_t>(depth_)}; }

  // Runs whose lowest natural card is `card`: upwards with the ace low, and for an ace also
  // downwards from 14 with the ace high.
  // The run grows in place on top of the stack of melds (which never reallocates: it has room
  // for a meld per card), and is searched from there at each length it can have.
  template <bool wild_start>
  [[gnu::always_inline]] void start_runs(Card card, int position) {
    // With no joker free (and no hole), a natural card other than an ace starts a run only with
    // the next min_run - 1 places of its suit held, up to the king: no joker pads or fills it (a
    // wild card standing as itself holds its place, and frees no joker). Asked of present_ at
    // once, before any meld is pushed: most such cards have none (find_outs 146.1 to 145.5
    // million instructions on the 2,000 hands of seed 7, 154.7 to 153.7 on seed 3's). The same
    // for a wild card standing as itself, whatever the jokers free: its runs are pure (no_gaps;
    // 145.2 to 144.8 on seed 7's hands, 153.5 to 153.0 on seed 3's).
    if ((wild_start || jokers_free_ == 0) && !hole_open_ && card.rank() != Rank::ace) {
      const int rank = static_cast<int>(card.rank());
      const std::uint64_t next = ((std::uint64_t{1} << (min_run_ - 1)) - 1) << (position + 1);
      if (rank + min_run_ - 1 > 13 || (present_ & next) != next) return;
    }
    Meld& meld = push_meld();
    meld.naturals[0] = card;
    meld.natural_count = 1;
    const int rank = static_cast<int>(card.rank());
    grow_run_here<+1, wild_start, wild_start>(meld, position, rank, rank, 0);
    if (card.rank() == Rank::ace && rules_.melds.ace_high) {
      meld.ace_high = true;
      grow_run_here<-1, wild_start, wild_start>(meld, position, 14, 14, 0);
    }
    --depth_;
  }

  // `first` and `last` are the places of the run's first and latest natural cards; `gaps` the
  // jokers between them. `wild_itself`: a wild card stands as itself, so only a pure run counts
  // (the same run with that card as a joker is met through the pool).
  // (The first step is inlined into visit, grow_run_here; the further ones are calls: see run.)
  // `step`: +1 upwards, -1 downwards from 14 (an ace high). A parameter of the template, not of
  // the call: the places are then compared and subtracted without multiplying by it, and a call
  // passes one argument fewer (find_outs 204.2 to 201.6 million instructions on the 2,000 hands
  // of seed 7). `no_gaps`: the run began with a wild card standing as itself, so it must be pure
  // (a template parameter too: a call passes one argument fewer still, 201.6 to 200.3).
  // `position` is the run's first card's (start_runs puts it first), read from the meld by the
  // further steps rather than passed: with it, a call had seven arguments, and the seventh went
  // by the stack (find_outs 200.4 to 199.5 million instructions on the 2,000 hands of seed 3,
  // 189.4 to 188.6 on seed 7's).
  // `wild_itself` is a parameter of the template as well: a run's further steps then test it
  // nowhere, and keep it neither in a register nor on the stack around their visits
  // (find_outs 198.6 to 197.4 million instructions on the 2,000 hands of seed 3, 187.7 to 186.6 on
  // seed 7's).
  template <int step, bool no_gaps, bool wild_itself>
  [[gnu::noinline]] void grow_run(Meld& meld, int first, int last, int gaps) {
    grow_run_here<step, no_gaps, wild_itself>(meld, meld.naturals[0].index(), first, last, gaps);
  }
  template <int step, bool no_gaps, bool wild_itself>
  [[gnu::always_inline]] void grow_run_here(Meld& meld, int position, int first, int last,
                                            int gaps) {
    const int span = (last - first) * step + 1;
    // A run grows downwards (step -1) only from an ace high, and upwards only with the ace low
    // (start_runs marks the meld ace high after its upward runs): the step says which, with no
    // load of meld.ace_high (find_outs 199.5 to 198.6 million instructions on the 2,000 hands of
    // seed 3, 188.6 to 187.7 on seed 7's).
    constexpr bool ace_high = step < 0;
    const bool lone_high_ace = ace_high && meld.natural_count == 1;
    if (!lone_high_ace) {
      const int length = std::max(min_run_, span);
      const int padding = length - span;
      const int jokers = gaps + padding;
      // Collecting, a run one joker short of pure is also tried with the hole as that card.
      const bool hole_fills = hole_open_ && jokers == 1;
      // (A run asking for more jokers than are left is not tried: its search would stop at once.)
      if (length <= max_sequence_ && (jokers == 0 || !wild_itself || hole_fills) &&
          jokers <= jokers_free_) {
        const bool pure = jokers == 0;
        meld.jokers = static_cast<std::uint8_t>(jokers);
        // Jokers padding a short run go above it unless that leaves the ranks (J-Q-K for K).
        const int top = step > 0 ? last : first;
        const int above = std::min(padding, (ace_high ? 14 : 13) - top);
        meld.low = (step > 0 ? first : last) - (padding - above);
        jokers_used_ += jokers;
        jokers_free_ -= jokers;
        ++sequences_;
        if (jokers == 0 || !wild_itself) {
          meld.kind = pure ? MeldKind::pure_run : MeldKind::impure_run;
          pure_sequences_ += pure ? 1 : 0;
          const int holds_needed =
              pure && pure_needed_ != INT_MAX && holds_pure_needed(meld, first, last) ? 1 : 0;
          pure_runs_needed_ += holds_needed;
          visit<true>(position, false);
          // (Asked again after the visit, like the hole below, rather than kept across it; and
          // the run's purity from its jokers: find_outs 167.6 to 166.7 million instructions on
          // the 2,000 hands of seed 7, 176.3 to 175.4 on seed 3's.)
          if (pure && pure_needed_ != INT_MAX && holds_pure_needed(meld, first, last)) {
            --pure_runs_needed_;
          }
          pure_sequences_ -= jokers == 0 ? 1 : 0;
        }
        // (Asked again, not kept from above: across the visit it took a register, and GCC's code
        // for the steps saved more of them; find_outs 169.2 to 167.6 million instructions on the
        // 2,000 hands of seed 7, 178.0 to 176.3 on seed 3's. The visit puts hole_open_ back.)
        if (hole_open_ && jokers == 1) {
          meld.kind = MeldKind::pure_run;
          meld.hole = hole_used_ = true;
          hole_open_ = false;
          ++pure_sequences_;
          visit<true>(position, false);
          --pure_sequences_;
          meld.hole = hole_used_ = false;
          hole_open_ = true;
        }
        --sequences_;
        jokers_free_ += jokers;
        jokers_used_ -= jokers;
      }
    }
    // The suit's first place (suit * 13), from the run's first card's: `position`, at place
    // `first` (1..13 upwards; 14 downwards, where it is the ace, the suit's first place). (Not
    // the suit read from the meld's first card: find_outs 195.5 to 191.9 million instructions on
    // the 2,000 hands of seed 7.)
    const int base = step > 0 ? position - (first - 1) : position;
    // The ranks of the suit still held beyond `last` (bit rank - 1), taken nearest first; the
    // places skipped are gaps. Upwards the ace is never among them (taken in card order before
    // any other card of its suit), downwards from 14 it stops at 2.
    const auto held = static_cast<std::uint32_t>(present_ >> base) & 0x1FFFu;
    std::uint32_t ahead = step > 0 ? held & ~((1u << last) - 1) : held & ((1u << (last - 1)) - 2);
    const std::uint64_t present = present_;
    while (ahead != 0) {
      const int next = step > 0 ? std::countr_zero(ahead) + 1 : std::bit_width(ahead);
      ahead &= ~(1u << (next - 1));
      const int skipped = (next - last) * step - 1;
      // Each limit grows with the places skipped: past one, none further is tried.
      // (Collecting, a run of a wild card standing as itself may leave one place to the hole.)
      if (no_gaps && gaps + skipped > (hole_open_ ? 1 : 0)) break;
      if ((next - first) * step + 1 > max_sequence_) break;
      if (gaps + skipped > jokers_free_) break;
      const int at = base + next - 1;
      const Card card = Card::from_index(at);
      const bool wild = is_wild_rank(next);
      if (wild) {  // (counted by suit, apart from the natural cards: see take)
        take(static_cast<int>(card.suit()), next);
      } else {
        take_natural(at);
        with_left_ -= with_weight_[static_cast<std::size_t>(at)];
      }
      meld.naturals[meld.natural_count++] = card;
      if (wild) {
        grow_run<step, no_gaps, true>(meld, first, next, gaps + skipped);
      } else {
        grow_run<step, no_gaps, wild_itself>(meld, first, next, gaps + skipped);
      }
      --meld.natural_count;
      if (wild) {
        ++wild_count_[static_cast<std::size_t>(card.suit())];
        ++jokers_free_;
      } else {
        ++count_[static_cast<std::size_t>(at)];
        with_left_ += with_weight_[static_cast<std::size_t>(at)];
      }
      present_ = present;
    }
  }

  // Sets of `card` with cards of its rank in later suits; a card with two jokers is left to the
  // run it also makes (a sequence helps more, and has more room).
  [[gnu::always_inline]] void start_sets(Card card, int position) {
    const int first_suit = static_cast<int>(card.suit());
    // The later suits that hold a card of this rank (natural, as this card is), from the
    // places held: a suit further is 13 places further.
    // The places 13, 26 and 39 further, moved to bits 0, 1 and 2, then to the suits they are;
    // past the last suit they are past place 51, and present_ holds none there. (A loop over the
    // suits: find_outs 205.3 to 205.0 million instructions on the 2,000 hands of seed 7.)
    const std::uint64_t ahead = present_ >> position;
    // Most cards that try groups have no later suit to join (two in three on the 2,000 hands of
    // seed 3): asked first, of the three places at once (find_outs 197.4 to 194.7 million
    // instructions on those hands, 186.6 to 184.1 on seed 7's).
    constexpr std::uint64_t later_suits = std::uint64_t{1} << rank_count |
                                          std::uint64_t{1} << (2 * rank_count) |
                                          std::uint64_t{1} << (3 * rank_count);
    if ((ahead & later_suits) == 0) return;
    const unsigned later =
        static_cast<unsigned>((ahead >> rank_count & 1u) | (ahead >> (2 * rank_count - 1) & 2u) |
                              (ahead >> (3 * rank_count - 2) & 4u))
        << (first_suit + 1);
    // Every non-empty subset of `later`, in increasing order; one asking for more jokers than
    // are left is not tried (its search would stop at once). (No set of the card alone with
    // jokers: the card and as many jokers make a run as well, which start_runs meets; check_rules
    // refuses runs longer than a set in a game with jokers.)
    const std::uint64_t present = present_;
    for (unsigned subset = (0u - later) & later; subset != 0; subset = (subset - later) & later) {
      // (Its size asked before the meld is written: a set the rules or the jokers left refuse
      // costs no meld. find_outs 194.1 to 193.3 million instructions on the 2,000 hands of seed
      // 3, 183.5 to 182.8 on seed 7's.)
      const int natural_count = 1 + bit_count(subset);
      const int jokers = std::max(0, min_group_ - natural_count);
      if (natural_count > max_set_ || jokers > jokers_free_) continue;
      Meld& meld = push_meld();
      meld.kind = MeldKind::set;
      meld.naturals[meld.natural_count++] = card;
      // The later cards, natural as this card is (a wild card goes to the pool or a run), taken
      // as they are written, each at its place: a suit further is 13 places further. (Not made
      // from the rank and suit, and taken in a loop of their own: find_outs 193.3 to 191.9
      // million instructions on the 2,000 hands of seed 3, 182.8 to 181.5 on seed 7's.)
      for (unsigned suits = subset; suits != 0; suits &= suits - 1) {
        const int at = position + (std::countr_zero(suits) - first_suit) * rank_count;
        meld.naturals[meld.natural_count++] = Card::from_index(at);
        take_natural(at);
        with_left_ -= with_weight_[static_cast<std::size_t>(at)];
      }
      meld.jokers = static_cast<std::uint8_t>(jokers);
      jokers_used_ += jokers;
      jokers_free_ -= jokers;
      visit<true>(position, false);
      jokers_free_ += jokers;
      jokers_used_ -= jokers;
      // (Given back by their places too, not read from the meld: 191.9 to 191.4 on seed 3's
      // hands, 181.5 to 181.1 on seed 7's.)
      for (unsigned suits = subset; suits != 0; suits &= suits - 1) {
        const auto at = static_cast<std::size_t>(position + (std::countr_zero(suits) - first_suit) *
                                                                rank_count);
        ++count_[at];
        with_left_ += with_weight_[at];
      }
      present_ = present;
      --depth_;
    }
  }

  // Room for more jokers in the groups made, keeping one pure sequence pure.
  int room() const {
    int room = 0, pure_room = 0, smallest_pure_room = INT_MAX;
    for (const Meld& meld : melds()) {
      switch (meld.kind) {
        case MeldKind::impure_run:
          room += rules_.melds.max_sequence - meld.length();
          break;
        case MeldKind::set:
          room += rules_.largest_set() - meld.length();
          break;
        case MeldKind::pure_run:
          pure_room += rules_.melds.max_sequence - meld.length();
          smallest_pure_room =
              std::min(smallest_pure_room, rules_.melds.max_sequence - meld.length());
          break;
      }
    }
    return room + (pure_sequences_ >= 2 ? pure_room - smallest_pure_room : 0);
  }

  // Whether the places of a suit still held have min_run in a row through a place of `rank`
  // (an ace's at 1 or at 14): some place opening min_run places held in a row is among those
  // that open such a run through the rank's place. (Asked so rather than by a loop over the
  // rank's places, which made visit save two more registers at every node: find_outs 211.1 to
  // 207.0 million instructions on the 2,000 hands of seed 7.) Every suit at once: the places
  // that open such runs, as places_by_suit gives them (a suit at a time, find_outs took 164.5
  // rather than 164.2 million instructions on the 2,000 hands of seed 7, 174.6 rather than
  // 174.3 on seed 3's).
  std::uint64_t held_runs_through(int rank) const {
    return run_starts(places_by_suit(), min_run_) & starts_through(rank) * each_suit;
  }
  // Whether a pure run of the places still held could hold keep_in_pure_run's card: the same
  // question, with the suit's first place and the card's starts kept (not worked out at every
  // node: find_outs 194.7 to 194.1 million instructions on the 2,000 hands of seed 3, 184.1 to
  // 183.5 on seed 7's).
  bool pure_needed_possible() const {
    return (run_starts(places_from(pure_needed_base_), min_run_) & pure_needed_starts_) != 0;
  }

  // Whether a run of natural cards from place `first` to `last` holds keep_in_pure_run's card.
  bool holds_pure_needed(const Meld& meld, int first, int last) const {
    if (static_cast<int>(meld.naturals[0].suit()) != pure_needed_suit_) return false;
    const int low = std::min(first, last), high = std::max(first, last);
    const auto within = [&](int place) { return place >= low && place <= high; };
    return within(pure_needed_rank_) || (pure_needed_rank_ == 1 && within(14));
  }

  // (Out of line: see visit.)
  [[gnu::noinline]] void leaf() {
    if (pure_runs_needed_ == 0) return;
    int left = printed_ + pooled_ - jokers_used_;
    bool joker_discarded = false;
    std::optional<Card> discarded;
    int deadwood = deadwood_, deadwood_cards = deadwood_cards_;
    if (may_discard_) {
      // 14 cards give one up: the dearest card of the deadwood, or a joker left over.
      if (deadwood_cards > 0) {
        discarded = dead_best_;
        deadwood -= dead_max_;
        --deadwood_cards;
      } else {
        if (left < 1) return;
        --left;
        joker_discarded = true;
      }
    }
    if (left < 0 || (pure_required_ && pure_sequences_ == 0)) return;
    const int sequences = sequences_ + left / min_group_;
    if (floors_ != nullptr) {
      if ((sequences >= 2 || !pure_required_ || track_one_sequence_) && deadwood <= bound_) {
        collect(deadwood, left);
      }
      return;
    }
    const auto keep = [&](Found& found) {
      keep_melds(found, joker_discarded);
      found.discard = discarded;
      found.discard_joker = joker_discarded;
      found.deadwood = deadwood;
    };
    // Indian rummy needs two sequences; the other games only count what is left over.
    if (sequences >= 2 || !pure_required_) {
      if (deadwood_cards == 0 && (left == 0 || left >= rules_.melds.min_group || room() >= left)) {
        found_valid = ended_ = true;
        keep(valid);
        update_cut_from();
        return;
      }
      if (deadwood < two_sequences.deadwood && deadwood <= bound_) {
        keep(two_sequences);
        ended_ = deadwood <= stop_at_;  // (stop_at_ is at least 1 when set)
        update_cut_from();
      }
    } else if (track_one_sequence_ && deadwood < one_sequence.deadwood && deadwood <= bound_) {
      keep(one_sequence);
      update_cut_from();
    }
  }

  // (Out of line: inlined, it made GCC put the stack's emplace_back out of line in visit.)
  [[gnu::noinline]] void keep_melds(Found& found, bool joker_discarded) const {
    found.melds.clear();
    if (keep_melds_ || joker_discarded) found.melds.append(melds_, melds_ + depth_);
  }

  // The natural cards (bits by card index) that could stand in a meld, in one of its jokers'
  // places, with `extra` jokers left over that could lengthen it: for a run, the places of its
  // suit that a window of its length and `extra` more around its natural cards covers, and for
  // a run of one natural card also that card's rank in every suit (it may be a set read as a
  // run, start_sets); for a set, its rank in every suit. Never a card the meld holds already: a
  // drawn card x put in a joker's place makes a meld holding x and those cards, and a run holds
  // one card a place, a set one card a suit (x a second copy of a card of the meld stands in no
  // joker's place of it; with two packs such draws are common, and their floors were this meld's
  // count: find_outs 234.4 to 215.6 million instructions on the 2,000 hands of seed 7).
  static std::uint64_t meld_places(const Meld& meld, int extra) {
    const int rank = static_cast<int>(meld.naturals[0].rank());
    const std::uint64_t every_suit = rank_in_each_suit << (rank - 1);
    std::uint64_t naturals = 0;
    for (int i = 0; i < meld.natural_count; ++i) {
      naturals |= std::uint64_t{1} << meld.naturals[i].index();
    }
    if (meld.kind == MeldKind::set) return every_suit & ~naturals;
    int first = 14, last = 1;
    std::uint32_t natural_places = 0;
    for (int i = 0; i < meld.natural_count; ++i) {
      const int r = static_cast<int>(meld.naturals[i].rank());
      const int place = r == 1 && meld.ace_high ? 14 : r;
      first = std::min(first, place);
      last = std::max(last, place);
      natural_places |= 1u << place;
    }
    const int low = std::max(1, last - meld.length() + 1 - extra);
    const int high = std::min(14, first + meld.length() - 1 + extra);
    std::uint32_t places = ((2u << high) - (1u << low)) & ~natural_places;  // bits 1..14
    // A lone ace's run is only tried ace low (start_runs), but may stand for one ace high (the
    // ace itself at 14 then).
    if (meld.natural_count == 1 && rank == 1) {
      places |= ((2u << 14) - (1u << std::max(1, 14 - meld.length() + 1 - extra))) & ~(1u << 14);
    }
    const std::uint32_t ranks = ((places >> 1) | (places >> 14)) & 0x1FFFu;
    const int suit = static_cast<int>(meld.naturals[0].suit());
    return std::uint64_t{ranks} << (suit * rank_count) |
           (meld.natural_count == 1 ? every_suit & ~naturals : 0);
  }

  // Collecting: a grouping of `deadwood` (after the discard) with `left` jokers over. The hole
  // is the one that fills a pure run, or else any joker of a meld, or one left over; a grouping
  // of the hand with a natural card in its place may hold the jokers left over in its melds, so
  // the card may be further from a meld's natural cards by as many (or, with min_group left
  // over, be in a group with two of them: any card).
  void collect(int deadwood, int left) {
    std::uint64_t marks = 0;
    for (const Meld& meld : melds()) {
      if (hole_used_ ? meld.hole : meld.jokers > 0 || left >= 1) {
        marks |= meld_places(meld, hole_used_ ? 0 : left);
      }
    }
    if (!hole_used_ && left >= rules_.melds.min_group) marks = (std::uint64_t{1} << 52) - 1;
    for (; marks != 0; marks &= marks - 1) {
      int& floor = (*floors_)[static_cast<std::size_t>(std::countr_zero(marks))];
      floor = std::min(floor, deadwood);
    }
  }

  WildRank wild_;
  int wild_rank_;  // 1..13, or 0 with no wild rank
  const Rules& rules_;
  int min_run_ = rules_.melds.min_run;  // (read at every step of a run)
  int max_sequence_ = rules_.melds.max_sequence;
  // (Read at every set tried, leaf and cut_among_left: asked of the rules there, find_outs took
  // 169.3 rather than 169.2 million instructions on the 2,000 hands of seed 7, 178.1 rather than
  // 178.0 on seed 3's.)
  int min_group_ = rules_.melds.min_group;
  int max_set_ = rules_.melds.max_set;
  // The places of the wild rank in every suit (none without one): see isolated_among_left and
  // visit_card.
  std::uint64_t wild_places_ = wild_rank_ == 0 ? 0 : rank_in_each_suit << (wild_rank_ - 1);
  // (Read at every leaf: asked of the rules there, through their optional declaration, find_outs
  // took 191.4 rather than 190.6 million instructions on the 2,000 hands of seed 3, 181.1 rather
  // than 180.4 on seed 7's.)
  bool pure_required_ = rules_.pure_sequence_required();
  bool may_discard_;
  bool track_one_sequence_;
  bool keep_melds_ = true;  // see keep_melds_for_joker_discards_only
  int pooled_ = 0;
  int jokers_used_ = 0;
  // The jokers the melds may still ask for: printed, pooled and wild cards not yet taken, less
  // those used.
  int jokers_free_ = 0;
  int deadwood_ = 0;
  int deadwood_cards_ = 0;
  int sequences_ = 0;
  int pure_sequences_ = 0;
  int dead_max_ = 0;                // the points of the dearest card of the deadwood so far
  Card dead_best_;                  // the latest card of the deadwood with those points
  std::uint64_t pooled_alone_ = 0;  // the places of the wild cards pool_wild_cards_alone pooled
  Meld* melds_ = nullptr;           // the stack (see run)
  int depth_ = 0;                   // the melds made
  // The places (as in present_) of the natural cards that no group could hold: with every joker
  // of the hand, and with at most 0 or 1 jokers left to use (only marked when the hand has more;
  // besides those isolated with every joker, which no group holds either: isolated_left_ counts
  // them, in every question).
  std::uint64_t isolated_ = 0;
  std::array<std::uint64_t, 2> isolated_with_{};
  // isolated_with_ is marked for the jokers left below this: the least of 2 and the printed
  // jokers and wild cards of the hand (one question a node rather than two).
  int isolated_with_below_ = 0;
  int isolated_left_ = 0;  // points of isolated cards not yet taken
  // The points of the cards left (every copy) of isolated_with_[0] (bits 0..31) and of
  // isolated_with_[1] (bits 32..63), kept by every take and give-back of a natural card (a wild
  // card is in neither): each takes off or adds its place's weight, its points in the lanes of
  // the masks that hold it (0 at every other place). No points are below 0 and their sum is an
  // int, so a lane never borrows from the other.
  std::uint64_t with_left_ = 0;
  std::array<std::uint64_t, suit_count * rank_count> with_weight_{};
  int bound_ = INT_MAX;
  std::array<int, 52>* floors_ = nullptr;  // collecting: see run_collecting
  bool hole_used_ = false;                 // collecting: a meld's `hole` is set
  bool hole_open_ = false;     // collecting, and no meld's `hole` set yet (one question a run step)
  int budget_ = INT_MAX;       // collecting: nodes left (never met otherwise)
  int in_meld_ = -1;           // the place of keep_in_melds' card
  int pure_needed_ = INT_MAX;  // the place of keep_in_pure_run's card
  int pure_needed_suit_ = 0, pure_needed_rank_ = 0;
  int pure_needed_base_ = 0;              // the place of the suit's first card (suit * 13)
  std::uint32_t pure_needed_starts_ = 0;  // see keep_in_pure_run
  // The pure runs made that hold keep_in_pure_run's card (1 without it: one question a node).
  int pure_runs_needed_ = 1;
  int stop_at_ = INT_MIN;   // stop_at's floor
  bool ended_ = false;      // a declaration was found, or a grouping counting stop_at_ was kept
  int cut_from_ = INT_MAX;  // see update_cut_from
};

// Turns melds into groups of the hand's own cards: jokers fill runs in rank order, printed
// jokers first; what is left over becomes groups of jokers (when the melds counted on them as
// sequences, or to declare) or joins the last group, with the rest.
Hand build_hand(std::span<const Card> cards, WildRank wild, const Found& found, const Rules& rules,
                bool declares, std::optional<Card>& discard) {
  // The cards the melds and the discard take, by index; the rest keep the order of the hand.
  std::array<std::uint8_t, Card::index_count> taken{};
  discard.reset();
  if (found.discard) {
    discard = found.discard;
    ++taken[static_cast<std::size_t>(found.discard->index())];
  }
  for (const Meld& meld : found.melds) {
    for (int i = 0; i < meld.natural_count; ++i) {
      ++taken[static_cast<std::size_t>(meld.naturals[i].index())];
    }
  }
  // The joker pool: printed jokers first, then wild cards not standing as themselves. (These
  // lists, and the groups made, are kept in place: on the heap they were four blocks taken and
  // given back for each answer, a sixth of the instructions of finishing one.)
  // (In one pass over the hand, the wild cards put aside and then after the printed jokers:
  // 1,010 -> 820 instructions for building the groups of 13 cards, against a pass for each kind.)
  SmallVector<Card, 24> rest, jokers, wild_cards;
  for (const Card card : cards) {
    std::uint8_t& left_to_take = taken[static_cast<std::size_t>(card.index())];
    if (left_to_take > 0) {
      --left_to_take;
    } else if (card.is_printed_joker()) {
      jokers.push_back(card);
    } else {
      (is_wild_card(card, wild) ? wild_cards : rest).push_back(card);
    }
  }
  jokers.append(wild_cards.begin(), wild_cards.end());
  if (found.discard_joker) {
    discard = jokers.back();
    jokers.pop_back();
  }
  std::size_t next_joker = 0;

  // The groups in the order of the melds, each with its kind; they are written pure runs
  // first, then impure runs, groups of jokers, sets, and the rest. (Made in the hand's own list
  // and put in that order where they are: a list of them made aside was one more block from the
  // heap for each answer.)
  enum Order : std::uint8_t { pure_order, impure_order, jokers_order, sets_order };
  Hand hand;
  hand.wild = wild;
  hand.groups.reserve(found.melds.size() + 3);
  SmallVector<Order, 16> orders;  // of hand.groups, one each
  for (const Meld& meld : found.melds) {
    Group& group = hand.groups.emplace_back();
    if (meld.kind == MeldKind::set) {
      orders.push_back(sets_order);
      group.assign(meld.naturals.begin(), meld.naturals.begin() + meld.natural_count);
      for (int i = 0; i < meld.jokers; ++i) group.push_back(jokers[next_joker++]);
      continue;
    }
    orders.push_back(meld.kind == MeldKind::pure_run ? pure_order : impure_order);
    // Runs in rank order, each joker in the place it fills.
    const auto naturals_end = meld.naturals.begin() + meld.natural_count;
    for (int place = meld.low; place < meld.low + meld.length(); ++place) {
      const Rank rank = place == 14 ? Rank::ace : static_cast<Rank>(place);
      const auto natural = std::find_if(meld.naturals.begin(), naturals_end,
                                        [&](Card c) { return c.rank() == rank; });
      group.push_back(natural != naturals_end ? *natural : jokers[next_joker++]);
    }
  }
  const std::size_t runs = static_cast<std::size_t>(
      std::count_if(orders.begin(), orders.end(), [](Order o) { return o != sets_order; }));
  const std::size_t left = jokers.size() - next_joker;
  const auto min_group = static_cast<std::size_t>(rules.melds.min_group);
  const auto joker_group = [&](std::size_t count) {
    hand.groups.emplace_back(jokers.begin() + next_joker, jokers.begin() + next_joker + count);
    orders.push_back(jokers_order);
    next_joker += count;
  };
  if (left >= min_group) {
    // Two groups of jokers only when both are needed as sequences.
    if (runs == 0 && left >= 2 * min_group) joker_group(min_group);
    joker_group(jokers.size() - next_joker);
  } else if (declares) {
    // One or two jokers join groups with room: impure runs and sets first, then pure runs but
    // never the first, which stays pure.
    const auto place_into = [&](Order order, int limit, std::size_t from) {
      std::size_t seen = 0;
      for (std::size_t g = 0; g < hand.groups.size(); ++g) {
        if (orders[g] != order || seen++ < from) continue;
        Group& group = hand.groups[g];
        while (next_joker < jokers.size() && static_cast<int>(group.size()) < limit) {
          group.push_back(jokers[next_joker++]);
        }
      }
    };
    place_into(impure_order, rules.melds.max_sequence, 0);
    place_into(sets_order, rules.largest_set(), 0);
    place_into(pure_order, rules.melds.max_sequence, 1);
  }
  for (; next_joker < jokers.size(); ++next_joker) rest.push_back(jokers[next_joker]);

  // In their order, each kind as it was made (an insertion sort: a handful of groups).
  for (std::size_t g = 1; g < hand.groups.size(); ++g) {
    for (std::size_t at = g; at > 0 && orders[at - 1] > orders[at]; --at) {
      std::swap(hand.groups[at - 1], hand.groups[at]);
      std::swap(orders[at - 1], orders[at]);
    }
  }
  if (!rest.empty()) hand.groups.emplace_back(rest.begin(), rest.end());
  return hand;
}

void set_discard(Found& found, Card card, WildRank wild) {
  found.discard_joker = is_joker(card, wild);
  found.discard.reset();
  if (!found.discard_joker) found.discard = card;
}

// A grouping made of one pure run alone: the run worth most (with 14 cards, together with the
// best discard outside it). It is what pays least where only the pure run is exempt. The run is
// kept as its suit and places, and made a Found (found()) only where it is the answer: most
// searches ask its cost alone.
struct LonePure {
  int cost = INT_MAX;
  int suit = 0, low = 0, high = 0;  // places 1..14
  bool ace_high = false;
  std::optional<Card> discard;

  Found found(WildRank wild) const {
    Found found;
    Meld& meld = found.melds.emplace_back();
    meld.kind = MeldKind::pure_run;
    meld.ace_high = ace_high;
    meld.low = low;
    for (int place = low; place <= high; ++place) {
      meld.naturals[meld.natural_count++] =
          Card(place == 14 ? Rank::ace : static_cast<Rank>(place), static_cast<Suit>(suit));
    }
    found.deadwood = cost;
    if (discard) set_discard(found, *discard, wild);
    return found;
  }
};

// `total`: the points of every card; `dearest`: with 14 cards, the first of the dearest cards,
// and `dearest_points` its points (0 without a discard: the callers know them); `held`: the
// places of the cards held, printed jokers aside, every suit's at once (places_by_suit; the
// callers know them already).
// `bound`: a run that counts more is not wanted; when a first glance shows that none can count
// so little, none is looked for (the answer is then none, cost INT_MAX).
LonePure best_lone_pure_run(std::span<const Card> cards, WildRank wild, const Rules& rules,
                            bool may_discard, int total, Card dearest, int dearest_points,
                            std::uint64_t held_by_suit, int bound = INT_MAX) {
  // Each suit's places 1..14 held (the ace at 1 and 14), and those that open min_run held
  // places in a row: a run can only start there (a run is min_run cards or more, as the check
  // of the groups reads it, lone or not). A run holds only places of its suit in a row of
  // min_run held places or more, so it is worth at most those places' points (the most of any
  // suit), and the discard at most the dearest card: the least any lone run can count.
  // (Every suit at once, places_by_suit, and a suit with no streak passed over: a suit at a
  // time, find_outs took 172.5 rather than 171.6 million instructions on the 2,000 hands of seed
  // 7, 182.6 rather than 181.8 on seed 3's; 171.2 and 181.4 with the dearest card's points from
  // the callers.)
  const int min_run = rules.melds.min_run;
  const std::uint64_t streaks_by_suit = run_starts(held_by_suit, min_run);
  int most_exempt = 0;
  for (int suit = 0; suit < suit_count && bound != INT_MAX; ++suit) {
    const std::uint32_t streaks = of_suit(streaks_by_suit, suit);
    if (streaks == 0) continue;
    std::uint32_t covered = run_places(streaks, min_run);
    int points = 0;
    for (; covered != 0; covered &= covered - 1) {
      const int place = std::countr_zero(covered);
      points += rules.count.card_points[place == 14 ? 0 : place - 1];
    }
    most_exempt = std::max(most_exempt, points);
  }

  LonePure best;
  if (bound < INT_MAX && total - most_exempt - dearest_points > bound) return best;
  for (int suit = 0; suit < suit_count; ++suit) {
    const std::uint32_t streaks = of_suit(streaks_by_suit, suit);
    if (streaks == 0) continue;
    const std::uint32_t held = of_suit(held_by_suit, suit);
    for (const bool ace_high : {false, true}) {
      // The ace at 14 only where the rules take Q-K-A for a run: otherwise check_declaration
      // refuses such a run, and its count would be below what the groups shown pay.
      if (ace_high && !rules.melds.ace_high) continue;
      const int lowest = ace_high ? 2 : 1, highest = ace_high ? 14 : 13;
      const auto card_at = [&](int place) {
        return Card(place == 14 ? Rank::ace : static_cast<Rank>(place), static_cast<Suit>(suit));
      };
      const std::uint32_t starts = streaks & ((2u << highest) - (1u << lowest));
      for (std::uint32_t left = starts; left != 0; left &= left - 1) {
        const int low = std::countr_zero(left);
        int value = 0;
        for (int high = low; high <= highest && (held >> high & 1u) != 0; ++high) {
          value += card_points(card_at(high), wild, rules);
          const int length = high - low + 1;
          if (length < rules.melds.min_run || length > rules.melds.max_sequence) continue;
          int cost = total - value;
          // (No discard is worth more than the dearest card: a run that cannot count less than
          // the best yet, or come within the bound, is not looked at further.)
          if (cost - dearest_points >= best.cost || cost - dearest_points > bound) continue;
          std::optional<Card> discard;
          if (may_discard) {
            // The most valuable card with a copy outside the run (the first in the hand's
            // order among equals): the dearest of the hand, unless the run holds it.
            const auto outside = [&](Card card) {
              const bool in_run =
                  !card.is_printed_joker() && card.suit() == Suit(suit) &&
                  (card.rank() == Rank::ace ? (ace_high ? high == 14 : low == 1)
                                            : static_cast<int>(card.rank()) >= low &&
                                                  static_cast<int>(card.rank()) <= high);
              return !in_run || std::count(cards.begin(), cards.end(), card) >= 2;
            };
            if (outside(dearest)) {
              discard = dearest;
            } else {
              int discard_points = -1;
              for (const Card card : cards) {
                if (!outside(card)) continue;
                if (const int points = card_points(card, wild, rules); points > discard_points) {
                  discard = card;
                  discard_points = points;
                }
              }
            }
            if (!discard) continue;
            cost -= card_points(*discard, wild, rules);
          }
          if (cost >= best.cost) continue;
          best = LonePure{cost, suit, low, high, ace_high, discard};
        }
      }
    }
  }
  return best;
}

// The answer for a grouping: its check and what it pays, as `rummy score` says of those groups.
Arrangement finish(Hand hand, std::optional<Card> discard, const Rules& rules,
                   Detail detail = Detail::full) {
  Arrangement arrangement;
  arrangement.hand = std::move(hand);
  arrangement.discard = discard;
  check_declaration_into(arrangement.check, arrangement.hand, rules, detail);
  arrangement.score = rules.pure_sequence_required()
                          ? score_shown_hand(arrangement.hand, arrangement.check, rules)
                          : score_deadwood(arrangement.hand, arrangement.check, rules);
  return arrangement;
}

Arrangement finish(std::span<const Card> cards, WildRank wild, const Rules& rules,
                   const Found& found, bool declares, Detail detail = Detail::full) {
  std::optional<Card> discard;
  Hand hand = build_hand(cards, wild, found, rules, declares, discard);
  return finish(std::move(hand), discard, rules, detail);
}

// Indian rummy's tiers over one hand (rules §2.6), in the search's terms: the grouping that
// declares, or the one whose count (before the cap) is least; none when no grouping counts
// `bound` points or fewer and none declares. A grouping within the bound is the very one found
// without it: the search meets the same groupings in the same order, and only cuts branches that
// cannot come within the bound. `may_discard`: the hand gives up a card (a 14-card hand; outs
// also asks it of 13 cards, for the count of the 12 kept).
class LeastCount {
 public:
  // `in_melds`: a natural card that must be in a meld for a grouping to come within the bound
  // (Search::keep_in_melds).
  // `floor`: a count known to be the least any grouping can have, if at least 1
  // (Search::stop_at); the tiers outside the search count no less, and the search's grouping
  // wins a tie with them.
  // `in_pure_run`: a card that must be in a pure run for a grouping of the search to come
  // within the bound, or whose other groupings are answered apart (a wild card's split)
  // (Search::keep_in_pure_run).
  // `melds_wanted`: false when the grouping's count, discard and whether it declares are all
  // that is asked of it (its melds are then kept only when it gives up a joker:
  // Search::keep_melds_for_joker_discards_only).
  // `counted`: the first of `cards` as the search counts them (Search's), or nothing.
  LeastCount(std::span<const Card> cards, WildRank wild, const Rules& rules, int bound,
             bool may_discard, std::optional<Card> in_melds = std::nullopt, int floor = 0,
             std::optional<Card> in_pure_run = std::nullopt, bool melds_wanted = true,
             const SearchCards* counted = nullptr)
      : reading_(rules.declaration ? rules.declaration->pure_without_second
                                   : rules.declared().pure_without_second),
        search_(cards, wild, rules, may_discard, reading_ == PureWithoutSecondCount::ungrouped,
                counted) {
    if (in_melds) search_.keep_in_melds(*in_melds);
    if (in_pure_run) search_.keep_in_pure_run(*in_pure_run);
    if (floor >= 1) search_.stop_at(floor);
    if (!melds_wanted) search_.keep_melds_for_joker_discards_only();
    const bool ungrouped = reading_ == PureWithoutSecondCount::ungrouped;
    // No pure sequence: every card counts, bar the discard worth most.
    const auto [total, most_valuable] = search_.hand_points();
    int best_cost = total;
    const Card dearest = may_discard ? most_valuable : Card();
    const int dearest_points = may_discard ? card_points(dearest, wild, rules) : 0;
    if (may_discard) {
      best_cost -= dearest_points;
      set_discard(everything_, dearest, wild);
    }
    const Found* best = &everything_;
    LonePure lone;  // its grouping is made into lone_ only if it is the answer
    // Whether any pure run could be made at all (without one these tiers do not exist), from
    // the places held, every suit's at once, which best_lone_pure_run reads too. (A suit at a
    // time, find_outs took 173.1 rather than 172.5 million instructions on the 2,000 hands of
    // seed 7, 183.2 rather than 182.6 on seed 3's; the places worked out by each, 163.4 rather
    // than 163.0 on seed 7's, 173.5 rather than 173.2 on seed 3's.)
    const std::uint64_t held = places_by_suit(search_.places_held());
    if (run_starts(held, rules.melds.min_run) != 0) {
      if (reading_ == PureWithoutSecondCount::pure_exempt) {
        lone = best_lone_pure_run(cards, wild, rules, may_discard, total, dearest, dearest_points,
                                  held, bound);
        if (lone.cost <= best_cost) {
          best_cost = lone.cost;
          best = &lone_;
        }
      }
      search_.run(std::min(best_cost, bound));
      if (search_.found_valid) {
        best_ = &search_.valid;
        declares_ = true;
        count_ = search_.valid.deadwood;
        return;
      }
      if (ungrouped && search_.one_sequence.deadwood <= best_cost) {
        best_cost = search_.one_sequence.deadwood;
        best = &search_.one_sequence;
      }
      if (search_.two_sequences.deadwood <= best_cost) {
        best_cost = search_.two_sequences.deadwood;
        best = &search_.two_sequences;
      }
    }
    if (best_cost > bound) return;
    if (best == &lone_) lone_ = lone.found(wild);
    best_ = best;
    count_ = best_cost;
  }
  LeastCount(const LeastCount&) = delete;  // best_ points into the object
  LeastCount& operator=(const LeastCount&) = delete;

  bool within_bound() const { return best_ != nullptr; }
  bool declares() const { return declares_; }
  // Whether the grouping is one of the search's and holds no copy of the wild card `card`
  // standing as itself (in a pure run): the card is then only a joker in it. It reads the
  // grouping's melds, so it is asked only of a search that keeps them (not one told
  // keep_melds_for_joker_discards_only: its melds would be empty, and the answer always yes).
  bool search_pools(Card card) const {
    if (!from_search()) return false;
    for (const Meld& meld : best_->melds) {
      const auto end = meld.naturals.begin() + meld.natural_count;
      if (std::find(meld.naturals.begin(), end, card) != end) return false;
    }
    return true;
  }
  // Within the bound: whether the grouping is the search's of two sequences (not a tier outside
  // the search, every card or a lone pure run).
  bool from_two_sequences() const { return best_ == &search_.two_sequences; }
  // Within the bound: whether the grouping is one of the search's tiers (two sequences, or one
  // under the ungrouped reading). When it is not, every grouping of those tiers counts more.
  bool from_search() const {
    return best_ == &search_.two_sequences || best_ == &search_.one_sequence;
  }
  int count() const { return count_; }          // within the bound: the least count
  const Found& best() const { return *best_; }  // within the bound: its grouping

 private:
  // (Asked once, and of the rules' declaration directly where they have one: declared() is a
  // call, which throws without one. Through it at every search, find_outs took 164.2 rather than
  // 164.0 million instructions on the 2,000 hands of seed 7, 174.3 rather than 174.1 on seed 3's.)
  PureWithoutSecondCount reading_;
  Search search_;
  Found everything_;
  Found lone_;
  const Found* best_ = nullptr;
  bool declares_ = false;
  int count_ = INT_MAX;
};

// A hand of more cards than the game shows gives one up.
bool may_discard(std::span<const Card> cards, const Rules& rules) {
  return cards.size() > static_cast<std::size_t>(rules.deal.hand_size);
}

// Indian rummy's arrangement (rules §2.5, §2.6); nothing when no grouping counts `bound` points
// or fewer (before the cap) and none declares. `detail`: how much the check of the groups says.
std::optional<Arrangement> arrange_declaration(std::span<const Card> cards, WildRank wild,
                                               const Rules& rules, int bound,
                                               Detail detail = Detail::full) {
  const LeastCount least(cards, wild, rules, bound, may_discard(cards, rules));
  if (!least.within_bound()) return std::nullopt;
  return finish(cards, wild, rules, least.best(), least.declares(), detail);
}

// The searches here arrange hands by melds of the game's wild rank; a hand dealt with a tiplu is
// split into combinations by its own search (tiplu.hpp: split_into_combos).
std::optional<std::string> search_refusal(const Rules& rules) {
  if (const auto why = check_rules(rules)) return why;
  if (rules.count.arrange_by == ArrangeBy::combinations) {
    return "count.arrange_by is combinations, but this search places melds by a wild rank (a "
           "hand dealt with a tiplu is split by split_into_combos)";
  }
  return std::nullopt;
}

void refuse_unless_searchable(const Rules& rules) {
  if (const auto why = search_refusal(rules)) throw RulesError(*why);
}

}  // namespace

std::optional<std::string> arrange_refusal(std::size_t count, const Rules& rules,
                                           std::string_view command) {
  if (const auto why = search_refusal(rules)) {
    return fmt::format("{} cannot answer for these rules: {}", command, *why);
  }
  if (rules.count.arrange_by != ArrangeBy::subsets || count <= subset_search_limit)
    return std::nullopt;
  return fmt::format("{} cards: {} takes at most {} in {}", count, command, subset_search_limit,
                     rules.words.game);
}

Arrangement arrange_least_deadwood_by_search(std::span<const Card> cards, WildRank wild,
                                             const Rules& rules, Detail detail) {
  Search search(cards, wild, rules, /*may_discard=*/false, /*track_one_sequence=*/false);
  search.run(INT_MAX);
  if (search.found_valid) return finish(cards, wild, rules, search.valid, true, detail);
  return finish(cards, wild, rules, search.two_sequences, false, detail);
}

int least_deadwood(std::span<const Card> cards, WildRank wild, const Rules& rules) {
  refuse_unless_searchable(rules);
  if (rules.count.arrange_by == ArrangeBy::least_deadwood) {
    if (const std::optional<int> points = least_deadwood_points_one_pack(cards, wild, rules)) {
      return *points;
    }
  }
  return arrange(cards, wild, rules).score.points;
}

Arrangement arrange(std::span<const Card> cards, WildRank wild, const Rules& rules, Detail detail) {
  refuse_unless_searchable(rules);
  if (rules.count.arrange_by == ArrangeBy::subsets) {
    // Crazy Rummy: wild cards that count when left over, limits on them per meld, books that
    // repeat suits: beyond what Search assumes.
    return arrange_by_subsets(cards, wild, rules);
  }
  if (rules.count.arrange_by == ArrangeBy::least_deadwood) {
    // Knock and Basic Rummy: the grouping with the least deadwood, no discard; from one pack
    // without jokers, by the bit-mask search.
    if (std::optional<Hand> hand = least_deadwood_one_pack(cards, wild, rules)) {
      return finish(std::move(*hand), std::nullopt, rules, detail);
    }
    return arrange_least_deadwood_by_search(cards, wild, rules, detail);
  }
  // (Without a bound the search always finds a grouping: finished straight into the answer, not
  // through arrange_declaration's std::optional, whose moves of the answer copy its verdicts'
  // room: 8,100 -> 7,700 instructions a hand of 13 cards.)
  const LeastCount least(cards, wild, rules, INT_MAX, may_discard(cards, rules));
  return finish(cards, wild, rules, least.best(), least.declares(), detail);
}

namespace {

// Which draws of an Indian hand of 13 cards can be passed over without a search: those that
// can neither declare nor count `bound` or fewer, whose bounded search would find nothing (so
// find_outs answers the same whether they are searched or not). In the search's terms, a
// natural card x drawn to the hand H is, in any grouping of the 14 cards,
//
// * the discard: the other 13 cards are H, which counts `count_now` at least, and declares only
//   if H does (a hand that declares declares after any draw: then nothing is passed over);
// * in the deadwood: the discard is then the dearest card of the deadwood, so the 14 cards
//   count x more than a grouping of H that gives up a card: at least `kept_count + x`, where
//   kept_count is H's least count with a discard (12 cards kept). It cannot declare;
// * in a pure run: only when H holds the cards beside it (`in_pure_run`);
// * in another meld, an impure run or a set: a joker in x's place makes the same meld, so H
//   with a joker more has a grouping that counts as much, with as many sequences, which
//   declares if this one does. (A set left with one natural card and jokers reads as a run,
//   which needs min_run to be min_group.) Every joker's draw that did not declare gives a floor
//   to this: its count, or one more than its bound when its search found nothing. Jokers are
//   drawn first, and the bound only falls.
//
// So a draw that cannot make a pure run is passed over when `count_now` and the jokers' floor
// both exceed the bound; and a card that no meld can hold at all (isolated as the search marks
// it: no run of min_run places around it and no set of its rank, even with every joker of H)
// when `count_now` and `kept_count + x` do. The two floors differ when a joker's draw sets the
// bound: an isolated card is passed over then, another card of that kind is not, unless that
// joker's count came from a tier outside the search (every card, a lone pure run): the groupings
// of its search, onto which those holding x in an impure meld map, then all count more, and x is
// passed over when its discard and its deadwood exceed the bound too (joker_meld_floor_).
//
// The jokers' floor is one number for every card, and when a joker's draw sets the bound it
// passes over nothing, though few cards can do what the joker did. The hole search gives each
// card a floor of its own: one search of H with a printed joker more, the hole, which may also
// stand as the one card a run lacks to be pure (Search::run_collecting). It meets every
// grouping within the bound, and lowers the floor of each natural card that could stand in the
// hole's place in it: the hole in a pure run, or any joker of a meld (every joker is alike),
// or, with jokers left over, any card those could let a meld reach. A grouping of H and x with
// x in a meld maps onto one of these with the hole for x (x in a pure run that stays pure
// without it: the hole left over), at the same count and declaring if it does; so x's count is
// at least the least of `count_now`, `kept_count + x` and its floor, and when pure_exempt
// counts a lone pure run, that tier of H and x (outside the search, computed for the card). A
// floor of 0 may declare: that draw is searched. The search costs several draws' searches, so
// it is made only with hole_search_least draws or more left to search and a bound below
// hole_bound_least points (a bound that high lets through far more groupings), and given up
// past hole_budget nodes. A draw still searched, whose discard and deadwood cannot come within the
// bound, is searched with the card kept in melds (`in_meld`).
class DrawFilter {
 public:
  // `now`: H's own search, within no bound; `counted`: H as a search counts it; `left`: the
  // copies of each card left to draw, by index.
  DrawFilter(std::span<const Card> cards, WildRank wild, const Rules& rules, const LeastCount& now,
             const SearchCards& counted, const std::array<int, Card::index_count>& left)
      : cards_(cards),
        wild_(wild),
        rules_(rules),
        counted_(counted),
        left_(left),
        count_now_(now.count()) {
    // (A hand of another size than a shown hand's keeps its draw, and the above does not hold.)
    enabled_ = !now.declares() && cards.size() == static_cast<std::size_t>(rules.deal.hand_size);
    // (From H as counted: card by card, find_outs took 165.0 rather than 164.5 million
    // instructions on the 2,000 hands of seed 7, 175.1 rather than 174.6 on seed 3's.)
    jokers_ = counted.printed_ + counted.wild_cards_;
    // (Not of an empty hand, whose dearest card's points are INT_MIN: it has none.)
    kept_least_ = enabled_ ? count_now_ - counted.dearest_points_ : 0;
    places_ = places_by_suit(counted.present_);
    naturals_ = counted.present_ & ~(wild ? rank_in_each_suit << (static_cast<int>(*wild) - 1) : 0);
    mark_pure();
  }

  // Whether the draw of the natural card `card` can be passed over within `bound`.
  bool passes_over(Card card, int bound) {
    if (!enabled_) return false;
    if (passes_over_by_jokers(card, bound)) return true;
    if (!same_lengths_) return false;
    const std::array<int, 52>* floors = hole_floors(bound);
    if (floors == nullptr) return false;
    const int hole = (*floors)[static_cast<std::size_t>(card.index())];
    if (hole <= 0) return false;  // it may declare
    // (The card's points and pure runs asked only now: before the hole's floors, find_outs took
    // 165.8 rather than 165.6 million instructions on the 2,000 hands of seed 7.)
    int floor = std::min({count_now_, kept_count(bound) + card_points(card, wild_, rules_), hole});
    if (in_pure_run(card) && floor > bound && lone_pure_counts_)
      floor = std::min(floor, lone_count(card, bound));
    return floor > bound;
  }

  // The least count the hand with `card` drawn can have, as far as the floors above tell (0 when
  // they tell nothing): the search of a draw not passed over may stop at the first grouping that
  // counts as much (Search::stop_at). Each is the floor its pass-over compares with the bound.
  int floor(Card card, int bound) {
    if (!enabled_) return 0;
    const int points = card_points(card, wild_, rules_);
    int floor = 0;
    if (!in_pure_run(card)) {
      if (same_lengths_ && joker_floor_ != INT_MIN) {
        floor = std::min(count_now_, joker_floor_);
      }
      if (isolated(card)) floor = std::max(floor, std::min(count_now_, kept_count(bound) + points));
    }
    if (!same_lengths_ || !hole_searched_ || !hole_complete_) {
      return floor;
    }
    const int hole = hole_floors_[static_cast<std::size_t>(card.index())];
    if (hole <= 0) return floor;
    int by_hole = std::min({count_now_, kept_count(bound) + points, hole});
    if (in_pure_run(card) && lone_pure_counts_)
      by_hole = std::min(by_hole, lone_count(card, bound));
    return std::max(floor, by_hole);
  }

  // Whether the joker's floor, or the card's isolation, passes over the draw of `card`.
  [[gnu::always_inline]] bool passes_over_by_jokers(Card card, int bound) {
    if (in_pure_run(card)) return false;
    if (same_lengths_ && jokers_floor_exceeds(bound)) return true;
    return passes_over_otherwise(card, bound);
  }
  // (Apart, as the questions asked less: inlined, passes_over_by_jokers saved and restored more
  // registers at every call.)
  [[gnu::noinline]] bool passes_over_otherwise(Card card, int bound) {
    if (same_lengths_ && joker_meld_floor_ > bound && count_now_ > bound &&
        deadwood_exceeds(card, bound)) {
      return true;
    }
    return isolated(card) &&
           std::min(count_now_, kept_count(bound) + card_points(card, wild_, rules_)) > bound;
  }

  // Whether every grouping of H with `card` drawn that holds it in the deadwood exceeds `bound`.
  // (Apart: inlined, it made GCC's code for Search::visit dearer.)
  [[gnu::noinline]] bool deadwood_exceeds(Card card, int bound) {
    // Asked only where joker_meld_floor_ exceeds the bound (passes_over_otherwise, pure_run_
    // needed), which makes kept_count at least the bound: every joker's count is at most
    // kept_count (H with the joker left over), and the floor is at most one more than a joker's
    // count, or one more than the bound when that draw found nothing within it. So a card worth
    // a point or more in the deadwood exceeds the bound; a card worth 0 is asked of kept_count.
    const int points = card_points(card, wild_, rules_);
    return points >= 1 || kept_count(bound) + points > bound;
  }

  // Whether a grouping of H with a natural card drawn can come within `bound` only with a copy
  // of the card in a pure run, as the one card that keeps the only pure run of the grouping a
  // pure run: when the jokers' floor and count_now exceed the bound (see above: every other
  // grouping maps onto one of H with a joker drawn, or H with the card discarded; a card in a
  // pure run that stays pure without it, or beside another pure run, as the card in an impure
  // meld or the joker left over). The draw's search then leaves out the rest
  // (Search::keep_in_pure_run), which finds the same answer within the bound. (The same for
  // every card: those that can make no pure run are passed over.) Also when the search's tiers
  // of a joker's draw count more than the bound (joker_meld_floor_: the card's groupings above
  // map onto those), and its discard and deadwood do too.
  bool pure_run_needed(Card card, int bound) {
    if (!enabled_ || !same_lengths_) return false;
    if (jokers_floor_exceeds(bound)) return true;
    return joker_meld_floor_ > bound && count_now_ > bound && deadwood_exceeds(card, bound);
  }

  // Whether a grouping of H with the natural card `card` drawn can come within `bound` only with
  // every copy of the card in a meld: when neither its discard (count_now) nor its deadwood
  // (kept_count + its points) can. Its search then leaves out the rest (Search::keep_in_melds),
  // which finds the same answer within the bound. (kept_count searched only when kept_least_
  // does not answer: find_outs 148.5 to 148.0 million instructions on the 2,000 hands of seed 7,
  // 157.0 to 156.5 on seed 3's. Asked so of the floors too, kept_count was searched at a later
  // draw, within its lower bound, and gave them less: 148.3.)
  bool in_meld(Card card, int bound) {
    if (!enabled_ || count_now_ <= bound) return false;
    const int points = card_points(card, wild_, rules_);
    return kept_least_ + points > bound || kept_count(bound) + points > bound;
  }

  // What a joker's draw found, searched within `bound`: whether it declares, whether it came
  // within the bound, and its count if it did. `tier_only`: the count is that of a tier outside
  // the search, and every grouping of the search counts more (see joker_meld_floor_).
  void joker_drawn(bool declares, bool within_bound, int count, int bound, bool tier_only) {
    if (declares) return;
    joker_floor_ = std::max(joker_floor_, within_bound ? count : bound + 1);
    joker_meld_floor_ =
        std::max(joker_meld_floor_, within_bound ? (tier_only ? count + 1 : count) : bound + 1);
  }
  // (`least` a search of every grouping, within `bound`: nothing kept out, no floor.)
  void joker_drawn(const LeastCount& least, int bound) {
    joker_drawn(least.declares(), least.within_bound(), least.count(), bound,
                least.within_bound() && !least.from_search());
  }

  // Whether drawing this joker is, for the search, drawing a printed joker: a printed joker,
  // or a wild card that can stand as itself in no pure run of the hand (no window of min_group
  // or min_run places around it all held once it is drawn). Both are worth 0 (search_refusal
  // refuses other counts). Such a wild card is only ever counted in the joker pool: the search
  // meets the same groupings in the same order (its place adds a node, whose cut only bounds
  // what is below), and the tiers outside it (every card, the lone pure run) count the same, so
  // every such draw that does not declare finds the same grouping (see find_outs).
  bool joker_stands_for_any(Card card) const {
    if (card.is_printed_joker()) return true;
    return !window_held(card, rules_.melds.min_group) && !window_held(card, rules_.melds.min_run);
  }

 private:
  // The places 1..14 of a card (an ace's are 1 and 14), as bits.
  static std::uint32_t places_of(Card card) {
    const int rank = static_cast<int>(card.rank());
    return 1u << rank | (rank == 1 ? 1u << 14 : 0u);
  }

  // Whether some window of `length` places around the card is all held once it is drawn: the
  // places held in a row through one of the card's places (an ace has two) are at least
  // `length`. (The windows that miss some, as many as H has jokers, are isolated's: worked out
  // for every card at once, mark_isolated.)
  bool window_held(Card card, int length) const {
    const std::uint32_t mine = places_of(card);
    const std::uint32_t held = of_suit(places_, static_cast<int>(card.suit())) | mine;
    for (std::uint32_t at = mine; at != 0; at &= at - 1) {
      const int place = std::countr_zero(at);  // 1..14: held has no place 0
      const int above = std::countr_one(held >> (place + 1));
      const int below = std::countl_one(held << (32 - place));
      if (above + 1 + below >= length) return true;
    }
    return false;
  }

  // A window of min_group places all held: the lone pure run of the pure_exempt count may be
  // that short; every other run is at least min_run. (Worked out for every card on
  // construction: mark_pure.)
  bool in_pure_run(Card card) const { return (pure_ >> card.index() & 1u) != 0; }

  // The cards in_pure_run answers for: every place of a window of min_group places all held, and
  // the one place a window misses when it misses one. Worked out for every suit at once
  // (places_by_suit; window by window, a suit at a time, find_outs took 168.2 rather than 167.0
  // million instructions on the 2,000 hands of seed 7, 178.4 rather than 177.2 on seed 3's): the
  // places the windows all held cover, and the places not held with, for some k, the k places
  // below and the length - 1 - k above all held (no window runs from one suit into the next, as
  // places 0 and 15 are never held).
  void mark_pure() {
    const int length = rules_.melds.min_group;
    if (length > 14) return;  // (no window fits; nor may the shifts below go past a suit's bits)
    const std::uint64_t held = places_;
    // below[k], above[k]: the places whose k places below, or above, are all held.
    std::array<std::uint64_t, 15> below{}, above{};
    below[0] = above[0] = ~std::uint64_t{0};
    for (int k = 1; k < length; ++k) {
      below[static_cast<std::size_t>(k)] = below[static_cast<std::size_t>(k - 1)] & held << k;
      above[static_cast<std::size_t>(k)] = above[static_cast<std::size_t>(k - 1)] & held >> k;
    }
    std::uint64_t one_missing = 0;
    for (int k = 0; k < length; ++k) {
      one_missing |=
          below[static_cast<std::size_t>(k)] & above[static_cast<std::size_t>(length - 1 - k)];
    }
    std::uint64_t pure =
        run_places(run_starts(held, length), length) | (one_missing & ~held & 0x7FFEu * each_suit);
    // A window of all 14 places misses the ace at both 1 and 14.
    if (length == 14) {
      for (int suit = 0; suit < suit_count; ++suit) {
        const std::uint32_t places = of_suit(held, suit);
        if ((places | 1u << 1 | 1u << 14) == 0x7FFEu && (places & 1u << 1) == 0) {
          pure |= (std::uint64_t{1} << 1 | std::uint64_t{1} << 14) << (suit * 16);
        }
      }
    }
    pure_ = ranks_by_suit(pure);
  }

  // (Of H alone: worked out for every card at once, at the first question, the windows of
  // every suit counted together, a 16-bit lane a suit. Card by card, at its first question,
  // find_outs took 148.0 rather than 146.2 million instructions on the 2,000 hands of seed 7,
  // 156.5 rather than 154.7 on seed 3's.)
  bool isolated(Card card) {
    if (!isolated_known_) mark_isolated();
    return (isolated_ >> card.index() & 1u) != 0;
  }
  // (Apart, so that passes_over_otherwise, where the question above is asked, saves fewer
  // registers.)
  [[gnu::noinline]] void mark_isolated() {
    isolated_known_ = true;
    // No set: the card's rank held naturally in fewer other suits than a set needs with every
    // joker of H.
    const int need = rules_.melds.min_group - 1 - jokers_;
    if (need <= 0) return;  // (every card may make a set)
    std::uint64_t no_set = 0;
    for (int suit = 0; suit < suit_count; ++suit) {
      const auto ranks_of = [&](int other) {
        return static_cast<std::uint32_t>(naturals_ >> ((suit + other) % suit_count * rank_count)) &
               0x1FFFu;
      };
      const std::uint32_t a = ranks_of(1), b = ranks_of(2), c = ranks_of(3);
      const std::uint32_t in_need = need == 1   ? a | b | c
                                    : need == 2 ? (a & b) | (a & c) | (b & c)
                                    : need == 3 ? a & b & c
                                                : 0u;
      no_set |= std::uint64_t{~in_need & 0x1FFFu} << (suit * rank_count);
    }
    // No run: the places of no window of min_run places (lowest place 1 .. 15 - min_run) that
    // misses at most jokers_ once the card is drawn: of the places held, at least min_run -
    // jokers_, or one fewer for a place not held (the card's).
    const int length = rules_.melds.min_run;
    std::uint64_t covered = 0;
    for (int low = 1; low + length - 1 <= 14; ++low) {
      const std::uint64_t window = ((std::uint64_t{1} << length) - 1) * each_suit << low;
      const std::uint64_t count = lane_counts(places_ & window);
      const int least = length - jokers_;
      covered |=
          window & (lanes_at_least(count, least) | (lanes_at_least(count, least - 1) & ~places_));
      // A window of all 14 places holds the ace at both: a drawn ace fills two of its places.
      if (length == 14) {
        covered |= lanes_at_least(count, least - 2) & ~places_ & (0x4002u * each_suit);
      }
    }
    isolated_ = no_set & ~ranks_by_suit(covered);
  }
  // Each 16-bit lane's count of bits, in the lane.
  static std::uint64_t lane_counts(std::uint64_t bits) {
    std::uint64_t x = bits - (bits >> 1 & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + (x >> 2 & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (x + (x >> 8)) & 0x001F001F001F001Fu;
  }
  // Every bit of the lanes whose count (lane_counts, at most 14) is at least `least`.
  static std::uint64_t lanes_at_least(std::uint64_t counts, int least) {
    if (least <= 0) return ~std::uint64_t{0};
    if (least > 14) return 0;
    const std::uint64_t above =
        (counts + static_cast<std::uint64_t>(0x80 - least) * each_suit) >> 7;
    return (above & each_suit) * 0xFFFFu;
  }

  // The floors of the hole search (Search::run_collecting) of H with a printed joker more,
  // within `bound` (or 0, so that the draws that may declare are known), made at the first
  // natural draw that asks; nothing when the search outgrew its budget.
  const std::array<int, 52>* hole_floors(int bound) {
    if (!hole_searched_) {
      hole_searched_ = true;
      // It costs as much as several draws' searches: not for fewer draws left to search. It
      // meets every grouping within its bound, and far from declaring those are many more: not
      // within hole_bound_least points or more either.
      if (bound >= hole_bound_least) return nullptr;
      // (Counted only as far as hole_search_least: the questions are dearer than the count.)
      int draws = 0;
      for (int index = 0; index < 52 && draws < hole_search_least; ++index) {
        const Card card = Card::from_index(index);
        draws += !is_joker(card, wild_) && left_[static_cast<std::size_t>(index)] > 0 &&
                 !passes_over_by_jokers(card, bound);
      }
      if (draws < hole_search_least) return nullptr;
      std::vector<Card> with_joker(cards_.begin(), cards_.end());
      with_joker.push_back(Card::printed_joker());
      hole_floors_.fill(INT_MAX);
      Search search(with_joker, wild_, rules_, /*may_discard=*/true,
                    rules_.declared().pure_without_second == PureWithoutSecondCount::ungrouped,
                    &counted_);
      hole_complete_ = search.run_collecting(std::max(bound, 0), hole_floors_, hole_budget);
    }
    return hole_complete_ ? &hole_floors_ : nullptr;
  }

  // The count of H with `card` drawn when only its lone pure run is exempt (best_lone_pure_run):
  // the tier outside the search, which a drawn card that can make a pure run may lower. Looked
  // for within the bound of the draw that first asks, as kept_count is: past it, one more than
  // that bound stands for it.
  int lone_count(Card card, int bound) {
    int& count = lone_counts_[static_cast<std::size_t>(card.index())];
    if (count == INT_MIN) {
      if (with_draw_.empty()) {
        with_draw_.assign(cards_.begin(), cards_.end());
        with_draw_.push_back(card);
      }
      with_draw_.back() = card;
      // The points and places of the hand and the card, from the hand's as counted (summed once,
      // not for every card: find_outs 198.1 to 196.3 million instructions on the 2,000 hands of
      // seed 7): the card comes last, so it is the first of the dearest only when it is dearer
      // than every card of the hand.
      const HandPoints& hand = counted_.hand_points_;
      const int points = card_points(card, wild_, rules_);
      const bool dearer = points > counted_.dearest_points_;
      const Card dearest = dearer ? card : hand.dearest;
      const std::uint64_t held =
          places_ | (card.is_printed_joker()
                         ? 0
                         : std::uint64_t{places_of(card)} << (static_cast<int>(card.suit()) * 16));
      count = std::min(
          best_lone_pure_run(with_draw_, wild_, rules_, /*may_discard=*/true, hand.total + points,
                             dearest, dearer ? points : counted_.dearest_points_, held, bound)
              .cost,
          bound + 1);
    }
    return count;
  }

  // H's least count with a discard, or, when that exceeds the bound of the draw that first asks
  // less the points of the cheapest card, one more than that: no more than the count, so still
  // a floor, and with a natural card's points (the cheapest's at least) past every later draw's
  // bound too (the bound only falls), which is all the comparisons above ask of it. A search
  // within the bound is cut far sooner than one within none, and within the lower bound sooner
  // still (find_outs 146.1 to 145.7 million instructions on the 2,000 hands of seed 7, 154.5 to
  // 154.1 on seed 3's).
  int kept_count(int bound) {
    if (!kept_count_) search_kept(bound);
    return *kept_count_;
  }
  // (Apart, so that the question above is inlined where it is asked: a call at every question,
  // find_outs took 165.5 rather than 165.0 million instructions on the 2,000 hands of seed 7,
  // 175.6 rather than 175.1 on seed 3's.)
  // The search stops at the first grouping that counts kept_least_, as none counts less
  // (find_outs 146.2 to 146.1 million instructions on the 2,000 hands of seed 7, 154.7 to 154.5
  // on seed 3's: search_kept's 3.44 to 3.29 million).
  [[gnu::noinline]] void search_kept(int bound) {
    // (The fewest points of a card of any rank: at most a natural card's.)
    const int cheapest =
        *std::min_element(rules_.count.card_points.begin(), rules_.count.card_points.end());
    if (cheapest >= 1 && bound - cheapest >= 0) bound -= cheapest;
    const LeastCount least(cards_, wild_, rules_, bound, /*may_discard=*/true, std::nullopt,
                           kept_least_, std::nullopt, /*melds_wanted=*/false, &counted_);
    kept_count_ = least.within_bound() ? least.count() : bound + 1;
  }

  // Whether the jokers' floor and count_now both exceed `bound`: never when no joker's draw is
  // known not to declare (joker_floor_ is then INT_MIN, below every bound; asked as an optional
  // floor, find_outs took 169.6 rather than 168.9 million instructions on the 2,000 hands of
  // seed 7, 179.8 rather than 179.1 on seed 3's).
  // When no joker could be drawn (all are in the hand, or the game has none), a printed joker is
  // added to H and searched within `bound`, once.
  bool jokers_floor_exceeds(int bound) {
    if (joker_floor_ == INT_MIN && !joker_searched_) search_joker(bound);
    return std::min(count_now_, joker_floor_) > bound;
  }
  // (Apart, so that the question above is inlined where it is asked.)
  [[gnu::noinline]] void search_joker(int bound) {
    joker_searched_ = true;
    std::vector<Card> with_joker(cards_.begin(), cards_.end());
    with_joker.push_back(Card::printed_joker());
    joker_drawn(LeastCount(with_joker, wild_, rules_, bound, /*may_discard=*/true, std::nullopt, 0,
                           std::nullopt, /*melds_wanted=*/false, &counted_),
                bound);
  }

  std::span<const Card> cards_;
  WildRank wild_;
  const Rules& rules_;
  const SearchCards& counted_;
  const std::array<int, Card::index_count>& left_;
  int count_now_;
  bool enabled_ = false;
  // Whether runs and sets are as short (the jokers' floor and the hole search hold only then).
  // (Asked of the rules at every draw, find_outs took 170.0 rather than 169.6 million
  // instructions on the 2,000 hands of seed 7, 180.2 rather than 179.8 on seed 3's.)
  bool same_lengths_ = rules_.melds.min_run == rules_.melds.min_group;
  int jokers_ = 0;
  std::uint64_t places_ = 0;    // every suit's places 1..14 holding a card (places_by_suit)
  std::uint64_t naturals_ = 0;  // the places of the natural cards, as Search's present_
  std::optional<int> kept_count_;
  // A floor to kept_count without its search: count_now less the dearest card's points (a
  // grouping of H that gives up a card, with that card in its deadwood, is a grouping of H
  // counting its points more, in the same tier).
  int kept_least_ = 0;
  int joker_floor_ = INT_MIN;
  // A floor to the groupings of the search's tiers of H with a joker drawn (as the jokers' draws
  // tell it: their count, or one more when a tier outside the search gave it, or one more than
  // their bound). A grouping of H and a natural card x that can make no pure run holds x in an
  // impure meld (which maps onto one of those, at the same count), or in the deadwood (at least
  // kept_count + x), or discards it (at least count_now): so when all three exceed the bound, x's
  // draw is passed over (passes_over_by_jokers), also when a joker's draw that gave its count
  // from a tier outside the search (every card, a lone pure run) set the bound; and a card that
  // can make a pure run is searched keeping it in one (pure_run_needed).
  int joker_meld_floor_ = INT_MIN;
  bool joker_searched_ = false;
  bool lone_pure_counts_ =
      rules_.declared().pure_without_second == PureWithoutSecondCount::pure_exempt;
  std::uint64_t pure_ = 0;  // in_pure_run's answers, bit by card index
  bool isolated_known_ = false;
  std::uint64_t isolated_ = 0;  // isolated's, bit by card index
  std::array<int, 52> hole_floors_{};
  std::array<int, 52> lone_counts_ = [] {  // lone_count's, by card index: INT_MIN not yet known
    std::array<int, 52> unknown{};
    unknown.fill(INT_MIN);
    return unknown;
  }();
  bool hole_searched_ = false;
  bool hole_complete_ = false;
  std::vector<Card> with_draw_;  // lone_count's: the hand and a draw (made at its first call)
  static constexpr int hole_budget = 3000;     // nodes
  static constexpr int hole_search_least = 9;  // draws
  static constexpr int hole_bound_least = 55;  // points
};

}  // namespace

bool declares_after_discard(std::span<const Card> cards, WildRank wild, const Rules& rules) {
  refuse_unless_searchable(rules);
  if (rules.count.arrange_by != ArrangeBy::declaration || !is_drawn_hand(cards.size(), rules)) {
    throw RulesError("declares_after_discard takes a drawn hand of a game that declares");
  }
  // The bound -1 asks for declarations only: the search stops at the first, and cuts every
  // branch that cannot end in one.
  const LeastCount least(cards, wild, rules, -1, /*may_discard=*/true, std::nullopt, 0,
                         std::nullopt, /*melds_wanted=*/false);
  return least.within_bound() && least.declares();
}

namespace {

// What find_outs() gathers, draw after draw: every draw that declares, or the draws that lower
// the count most; and the bound the next draw's search needs.
class OutsTally {
 public:
  explicit OutsTally(int points_now) : lowest_(points_now) {
    outs_.points_now = points_now;
    // Room for the outs of most hands at once: grown from none, the list was made anew at the
    // first, second, fourth and eighth out (find_outs 206.4 to 205.3 million instructions on the
    // 2,000 hands of seed 7; room for 8: 205.4).
    improving_.reserve(16);
  }

  // Once a draw declares, only declarations matter; before, a count no more than the lowest yet
  // (less, while that is the count of the hand as it stands). (Worked out as it changes, by add:
  // at every draw, find_outs took 170.3 rather than 170.0 million instructions on the 2,000
  // hands of seed 7, 180.5 rather than 180.2 on seed 3's.)
  int bound() const { return bound_; }

  void add(const Out& out) {
    if (out.declares) {
      outs_.declare.push_back(out);
    } else if (out.points < lowest_) {
      lowest_ = out.points;
      improving_.clear();  // (keeping its room: the lowest count falls a few times a hand)
      improving_.push_back(out);
    } else if (out.points == lowest_ && lowest_ < outs_.points_now) {
      improving_.push_back(out);
    }
    bound_ = !outs_.declare.empty() ? -1 : lowest_ < outs_.points_now ? lowest_ : lowest_ - 1;
  }

  Outs finish() {
    if (outs_.declare.empty()) outs_.improve = std::move(improving_);
    const auto in_card_order = [](const Out& a, const Out& b) { return a.card < b.card; };
    std::sort(outs_.declare.begin(), outs_.declare.end(), in_card_order);
    std::sort(outs_.improve.begin(), outs_.improve.end(), in_card_order);
    return std::move(outs_);
  }

 private:
  Outs outs_;
  std::vector<Out> improving_;
  int lowest_;
  int bound_ = lowest_ - 1;  // (no draw yet: below the count as it stands)
};

// A T made later, or not at all: std::optional's use, without its cost here. GCC's optional
// (12) zeroes the whole of its room on construction, some 700 bytes for a LeastCount, and
// find_outs holds four of them and a DrawFilter, of which most hands make few (with
// std::optional, find_outs took 167.0 rather than 165.8 million instructions on the 2,000 hands
// of seed 7, 177.2 rather than 175.9 on seed 3's).
template <typename T>
class Later {
 public:
  Later() {}  // (the room left as it is)
  ~Later() { reset(); }
  Later(const Later&) = delete;
  Later& operator=(const Later&) = delete;

  template <typename... Args>
  T& emplace(Args&&... args) {
    reset();
    made_ = ::new (static_cast<void*>(room_)) T(std::forward<Args>(args)...);
    return *made_;
  }
  void reset() {
    if (made_ != nullptr) made_->~T();
    made_ = nullptr;
  }
  explicit operator bool() const { return made_ != nullptr; }
  T& operator*() const { return *made_; }
  T* operator->() const { return made_; }

 private:
  alignas(T) unsigned char room_[sizeof(T)];
  T* made_ = nullptr;
};

// Every card that can be drawn, jokers first: they usually lower the count most, and so tighten
// the bound soonest; `jokers` of them. (One order for each wild rank or none, made once. A draw
// is a joker when it comes before the others: asked of the card at every draw, is_joker made
// find_outs take 171.2 rather than 170.3 million instructions on the 2,000 hands of seed 7,
// 181.4 rather than 180.5 on seed 3's.)
struct DrawOrder {
  std::array<Card, Card::index_count> cards;
  std::size_t jokers = 0;
};
const DrawOrder& draws_jokers_first(WildRank wild) {
  static const std::array<DrawOrder, rank_count + 1> orders = [] {
    std::array<DrawOrder, rank_count + 1> made{};
    for (int wild_rank = 0; wild_rank <= rank_count; ++wild_rank) {
      const WildRank of = wild_rank == 0 ? WildRank{} : WildRank{static_cast<Rank>(wild_rank)};
      DrawOrder& order = made[static_cast<std::size_t>(wild_rank)];
      std::size_t next = 0;
      for (const bool jokers : {true, false}) {
        for (int index = 0; index < Card::index_count; ++index) {
          const Card card = Card::from_index(index);
          if (is_joker(card, of) == jokers) order.cards[next++] = card;
        }
        if (jokers) order.jokers = next;
      }
    }
    return made;
  }();
  return orders[wild ? static_cast<std::size_t>(*wild) : 0];
}

// What the groups finish() would build of a LeastCount's grouping pay as a shown hand
// (score_shown_hand), from the count alone: when the count is by declaration, a valid
// declaration pays its fixed points and any other hand its count, capped (the search's tiers are
// score_shown_hand's). Nothing for the other ways of counting, nor when the cards `kept` (after
// the discard) are not a shown hand's number, which no groups make a declaration: the groups
// must then be built.
bool pays_without_groups(std::size_t kept, const Rules& rules) {
  return rules.count.shown_count == ShownCount::by_declaration &&
         kept == static_cast<std::size_t>(rules.deal.hand_size);
}
std::optional<int> points_without_groups(const LeastCount& least, std::size_t kept,
                                         const Rules& rules) {
  if (!pays_without_groups(kept, rules)) return std::nullopt;
  if (least.declares()) return rules.declared().valid_after_declaration_points;
  return std::min(least.count(), rules.points_cap());
}

}  // namespace

// Every draw is arranged with a bound (OutsTally::bound). Most draws then end in a search cut
// short, and in Indian rummy most are not searched at all (DrawFilter). An out's groups are
// not built and checked (finish): its count says what it pays (points_without_groups), and the
// search's grouping names its discard, unless a joker goes; which joker, the groups choose, and
// they are built for the outs kept to the end (many are found before the bound reaches the
// lowest count, and dropped).
Outs find_outs(std::span<const Card> cards, WildRank wild, const Rules& rules) {
  refuse_unless_searchable(rules);
  const bool by_declaration = rules.count.arrange_by == ArrangeBy::declaration;
  int points_now = 0;
  // The hand as a search counts it: every search below starts from it (see SearchCards).
  SearchCards counted(rules);
  // The copies of each card left to draw, the decks' less the hand's, for the draws and the
  // filter's count of them. (Worked out at every draw, as the copies allowed less the copies in
  // the hand, find_outs took 168.9 rather than 168.2 million instructions on the 2,000 hands of
  // seed 7, 179.1 rather than 178.4 on seed 3's.)
  std::array<int, Card::index_count> left;
  left.fill(rules.copies_allowed());
  left[Card::printed_joker().index()] = rules.copies_allowed(Card::printed_joker());
  for (const Card card : cards) --left[card.index()];
  Later<LeastCount> now;
  Later<DrawFilter> filter;
  if (by_declaration) {  // arrange(), keeping its search for the filter
    for (const Card card : cards) counted.add(card, wild ? static_cast<int>(*wild) : 0, rules);
    const bool discards = may_discard(cards, rules);
    const std::size_t kept = cards.size() - (discards ? 1 : 0);
    // (Its melds are asked only to build its groups: kept at every grouping its search kept,
    // find_outs took 162.1 rather than 162.0 million instructions on the 2,000 hands of seed 7,
    // 172.2 rather than 172.1 on seed 3's.)
    now.emplace(cards, wild, rules, INT_MAX, discards, std::nullopt, 0, std::nullopt,
                !pays_without_groups(kept, rules), &counted);
    // (The groups' kinds are all the count needs.)
    const std::optional<int> points = points_without_groups(*now, kept, rules);
    points_now = points
                     ? *points
                     : finish(cards, wild, rules, now->best(), now->declares(), Detail::kind_only)
                           .score.points;
    filter.emplace(cards, wild, rules, *now, counted, left);
  } else {
    points_now = arrange(cards, wild, rules).score.points;
  }
  // The hand and a draw, the draw put in only for the draws searched. (The thread's room, kept
  // from one call to the next, as Search::run's stack: made anew, find_outs took 163.9 rather
  // than 163.4 million instructions on the 2,000 hands of seed 7, 174.1 rather than 173.5 on
  // seed 3's.)
  thread_local std::vector<Card> with_draw;
  with_draw.assign(cards.begin(), cards.end());
  with_draw.push_back(Card());
  const bool draw_discards = may_discard(with_draw, rules);
  // (The melds of a draw's grouping are asked only to build its groups.)
  const bool melds_wanted = !pays_without_groups(with_draw.size() - (draw_discards ? 1 : 0), rules);
  OutsTally tally(points_now);
  // The search shared by the joker draws that stand for any joker (DrawFilter::
  // joker_stands_for_any): made for the first of them, within its bound. The bound only falls
  // after it, and a search within a bound finds the very grouping found without one (or
  // nothing), so a later draw's answer within its own bound is that one when its count is
  // within that bound, and nothing otherwise. Not when it declares, though: the search keeps
  // the last declaration it meets among those it reaches without a cut once it has found one
  // (Search::leaf), and a wild card's place is one more cut on the way; each draw then has its
  // own search (every one of them declares: they have the same groupings).
  Later<LeastCount> any_joker;
  // A wild card that can make a pure run, drawn before any joker that stands for any, has a
  // search of its own (wild_own), where the split below does not take it. Its groupings are the
  // printed joker's and those holding it as itself in a pure run, met in the same order; the
  // printed joker's count is no lower. So when its answer, not a declaration, is a grouping of the
  // search that holds it only as a joker, that grouping is also the first of least count of the
  // printed joker's draw: the draws that stand for any take it (pooled) rather than a search of
  // their own. (The tiers outside the search count no less for the printed joker: every card the
  // same, a lone pure run no less.)
  Later<LeastCount> wild_own;
  const LeastCount* pooled = nullptr;
  // A wild card that can make a pure run, drawn after the printed joker's answer is known
  // (any_joker, or pooled) and held in no copy by the hand: its groupings are the printed
  // joker's (it pooled), met in the same order, and those holding it as itself in a pure run
  // (see wild_own). The second are searched alone (keep_in_pure_run); the first are the printed
  // joker's answer, when it is a grouping of the search within the bound (a tier outside the
  // search counts the same for both draws, or more for the printed joker's lone pure run, so
  // one of its groupings never wins there). The first grouping of least count of the two is
  // the answer: the search's when it counts less, the printed joker's when the search has none
  // as low; a tie, whose order only the search of every grouping knows, is searched in full,
  // stopping at that count (no grouping counts less). A declaration is searched in full too
  // (which is kept depends on the cuts of the whole search). Not under the ungrouped reading
  // (its two tiers of the search would each need the comparison). When no answer of the printed
  // joker is known yet, and it can still be drawn (its draw, or another joker's that stands for
  // any, would then make that search), it is made first, within this draw's bound (any_joker):
  // the printed joker's search and one keeping the wild card in a pure run cost less than the
  // wild card's search of every grouping (wild_own) and the printed joker's after it
  // (find_outs 267.9 to 263.4 million instructions on the 2,000 hands of seed 7).
  const bool split_wild_cards =
      by_declaration && rules.declared().pure_without_second != PureWithoutSecondCount::ungrouped;
  const bool printed_left = left[Card::printed_joker().index()] > 0;
  // (A wild card of which the hand holds no copy.)
  const auto none_held = [&](Card card) {
    return left[card.index()] == rules.copies_allowed(card);
  };
  const auto split_wild_card = [&](std::span<const Card> drawn, Card card, int bound,
                                   const LeastCount* printed,
                                   Later<LeastCount>& search) -> const LeastCount* {
    if (printed == nullptr || printed->declares()) return nullptr;
    const LeastCount& kept = search.emplace(drawn, wild, rules, bound, draw_discards, std::nullopt,
                                            0, card, melds_wanted, &counted);
    if (kept.declares()) return nullptr;  // (the search of every grouping decides which)
    // The printed joker's groupings within the bound: none of the search, or its first of
    // least count, which is then the bound.
    if (!printed->within_bound() || !printed->from_two_sequences() || printed->count() > bound) {
      return &kept;
    }
    if (kept.within_bound() && kept.count() < printed->count()) return &kept;
    if (kept.within_bound() && kept.count() == printed->count() && kept.from_two_sequences()) {
      // A tie between two groupings of the search: the one met first is the answer; the search
      // of every grouping knows none counts less.
      return &search.emplace(drawn, wild, rules, bound, draw_discards, std::nullopt,
                             printed->count(), std::nullopt, melds_wanted, &counted);
    }
    return printed;
  };
  // A draw's own search, made anew for each draw that has one. (Out of the loop: declared in
  // it, find_outs took 2.4 million instructions more for the 2,000 hands of seed 7, and visit
  // 1.2 million fewer: GCC's code for each differs.)
  Later<LeastCount> own;
  // The groupings of the outs found that discard a joker: which one, their groups say.
  std::vector<std::pair<Card, Found>> joker_discards;
  const DrawOrder& order = draws_jokers_first(wild);
  // (Read once: asked of the order at every draw, GCC's code found the order anew each time,
  // and find_outs took 162.7 rather than 162.4 million instructions on the 2,000 hands of seed
  // 7, 172.8 rather than 172.5 on seed 3's.)
  const std::size_t joker_draws = order.jokers;
  for (std::size_t draw = 0; draw < order.cards.size(); ++draw) {
    const Card card = order.cards[draw];
    const int copies_left = left[card.index()];
    if (copies_left <= 0) continue;
    const auto add = [&](const Arrangement& after) {
      tally.add(Out{card, copies_left, after.score.points, after.valid(), after.discard});
    };
    if (!by_declaration) {
      // Only Indian rummy's search takes a bound: another game's hand is arranged in full.
      with_draw.back() = card;
      add(arrange(with_draw, wild, rules, Detail::kind_only));
      continue;
    }
    const int bound = tally.bound();
    const bool joker = draw < joker_draws;
    if (!joker && filter->passes_over(card, bound)) continue;
    with_draw.back() = card;  // (only for the draws searched)
    const bool shared =
        joker && filter->joker_stands_for_any(card) && (!any_joker || !any_joker->declares());
    if (shared && !any_joker && pooled == nullptr) {
      any_joker.emplace(with_draw, wild, rules, bound, draw_discards, std::nullopt, 0, std::nullopt,
                        melds_wanted, &counted);
    }
    if (joker && !shared && pooled == nullptr && !any_joker && split_wild_cards &&
        none_held(card) && printed_left) {
      with_draw.back() = Card::printed_joker();  // (see split_wild_cards)
      any_joker.emplace(with_draw, wild, rules, bound, draw_discards, std::nullopt, 0, std::nullopt,
                        melds_wanted, &counted);
      with_draw.back() = card;
    }
    const bool wild_alone = joker && !shared && pooled == nullptr && !any_joker;
    const LeastCount* split = nullptr;
    if (joker && !card.is_printed_joker() && !shared && !wild_alone && split_wild_cards &&
        none_held(card)) {
      split = split_wild_card(with_draw, card, bound, any_joker ? &*any_joker : pooled, own);
    }
    const LeastCount& least =
        split != nullptr ? *split
        : shared         ? (any_joker ? *any_joker : *pooled)
        : wild_alone
            ? wild_own.emplace(with_draw, wild, rules, bound, draw_discards, std::nullopt, 0,
                               std::nullopt, true, &counted)
            : own.emplace(
                  with_draw, wild, rules, bound, draw_discards,
                  !joker && filter->in_meld(card, bound) ? std::optional<Card>(card) : std::nullopt,
                  joker ? 0 : filter->floor(card, bound),
                  !joker && filter->pure_run_needed(card, bound) ? std::optional<Card>(card)
                                                                 : std::nullopt,
                  melds_wanted, &counted);
    const bool within_bound = least.declares() || (least.within_bound() && least.count() <= bound);
    // (A split wild card's answer may come from a search that kept groupings out.)
    if (joker) {
      filter->joker_drawn(least.declares(), within_bound, least.count(), bound,
                          split == nullptr && least.within_bound() && !least.from_search());
    }
    if (wild_alone && within_bound && !least.declares() && least.search_pools(card)) {
      pooled = &least;
    }
    if (!within_bound) continue;
    if (const std::optional<int> points =
            points_without_groups(least, with_draw.size() - (draw_discards ? 1 : 0), rules)) {
      const Found& found = least.best();
      tally.add(Out{card, copies_left, *points, least.declares(), found.discard});
      if (found.discard_joker) joker_discards.emplace_back(card, found);
      continue;
    }
    add(finish(with_draw, wild, rules, least.best(), least.declares(), Detail::kind_only));
  }
  Outs outs = tally.finish();
  // (Most hands' outs give up no joker: the list is not searched for each of them, which took
  // find_outs 162.4 rather than 162.1 million instructions on the 2,000 hands of seed 7, 172.5
  // rather than 172.2 on seed 3's.)
  if (joker_discards.empty()) return outs;
  for (std::vector<Out>* kept : {&outs.declare, &outs.improve}) {
    for (Out& out : *kept) {
      const auto found = std::find_if(joker_discards.begin(), joker_discards.end(),
                                      [&](const auto& draw) { return draw.first == out.card; });
      if (found == joker_discards.end()) continue;
      with_draw.back() = out.card;
      build_hand(with_draw, wild, found->second, rules, out.declares, out.discard);
    }
  }
  return outs;
}

// find_outs as it was before DrawFilter: every draw searched, within the bound alone. The tests
// and the arrange fuzz target compare find_outs with it.
Outs find_outs_reference(std::span<const Card> cards, WildRank wild, const Rules& rules) {
  refuse_unless_searchable(rules);
  const int points_now = arrange(cards, wild, rules).score.points;
  std::array<int, Card::index_count> in_hand{};
  for (const Card card : cards) ++in_hand[card.index()];
  std::vector<Card> with_draw(cards.begin(), cards.end());
  with_draw.push_back(Card());
  OutsTally tally(points_now);
  for (const Card card : draws_jokers_first(wild).cards) {
    const int copies_left = rules.copies_allowed(card) - in_hand[card.index()];
    if (copies_left <= 0) continue;
    with_draw.back() = card;
    const int bound = tally.bound();
    // (Only Indian rummy's search takes a bound; another game's hand is arranged in full.)
    const std::optional<Arrangement> after =
        rules.count.arrange_by == ArrangeBy::declaration
            ? arrange_declaration(with_draw, wild, rules, bound, Detail::kind_only)
            : std::optional<Arrangement>(arrange(with_draw, wild, rules, Detail::kind_only));
    if (!after) continue;
    const Out out{card, copies_left, after->score.points, after->valid(), after->discard};
    tally.add(out);
  }
  return tally.finish();
}

std::string_view grouping_id(Grouping grouping) {
  return grouping == Grouping::arranged ? "arranged" : "as written";
}

bool is_drawn_hand(std::size_t count, const Rules& rules) {
  return rules.declares() && rules.deal.exact_hand_size &&
         count == static_cast<std::size_t>(rules.deal.hand_size) + 1;
}

std::string_view discard_reason_id(DiscardReason reason) {
  return reason == DiscardReason::declares ? "declares" : "lowest_count";
}

JudgedHand judge_grouped_discard(const Hand& hand, const Rules& rules, Detail detail) {
  struct Candidate {
    std::size_t group = 0, position = 0;
    bool valid = false;
    int count = 0;
    std::size_t problems = 0;
    int points = 0;
    // Strictly better: candidates come in the order written, so a tie keeps the first.
    bool beats(const Candidate& other) const {
      if (valid != other.valid) return valid;
      if (count != other.count) return count < other.count;
      if (problems != other.problems) return problems < other.problems;
      return points > other.points;
    }
  };
  const auto without = [&](std::size_t g, std::size_t c) {
    Hand rest = hand;
    rest.groups[g].erase(rest.groups[g].begin() + static_cast<std::ptrdiff_t>(c));
    if (rest.groups[g].empty())
      rest.groups.erase(rest.groups.begin() + static_cast<std::ptrdiff_t>(g));
    return rest;
  };
  std::optional<Candidate> best;
  for (std::size_t g = 0; g < hand.groups.size(); ++g) {
    const Group& group = hand.groups[g];
    for (std::size_t c = 0; c < group.size(); ++c) {
      // Another copy of the same card in the same group leaves the same hand.
      if (std::find(group.begin(), group.begin() + static_cast<std::ptrdiff_t>(c), group[c]) !=
          group.begin() + static_cast<std::ptrdiff_t>(c)) {
        continue;
      }
      const Hand rest = without(g, c);
      const DeclarationCheck check = check_declaration(rest, rules, Detail::kind_only);
      const Candidate candidate{g,
                                c,
                                check.valid(),
                                score_shown_hand(rest, check, rules).uncapped,
                                check.problems.size(),
                                card_points(group[c], hand.wild, rules)};
      if (!best || candidate.beats(*best)) best = candidate;
    }
  }
  JudgedHand judged;
  if (!best) {  // no cards at all: nothing to discard (a drawn hand holds hand_size + 1)
    judged.hand = hand;
    check_declaration_into(judged.check, judged.hand, rules, detail);
    return judged;
  }
  judged.hand = without(best->group, best->position);
  check_declaration_into(judged.check, judged.hand, rules, detail);
  const Group& from = hand.groups[best->group];
  judged.discard = Discard{from[best->position],
                           best->valid ? DiscardReason::declares : DiscardReason::lowest_count,
                           static_cast<int>(best->group), from};
  return judged;
}

JudgedHand judge_hand(Hand hand, bool written_grouped, const Rules& rules,
                      bool look_for_declaration, Detail detail) {
  const std::size_t count = hand.card_count();
  const bool shown_size = count == static_cast<std::size_t>(rules.deal.hand_size);
  const bool drawn = is_drawn_hand(count, rules);
  JudgedHand judged;
  if (!written_grouped && rules.grouping_counts() &&
      (!rules.deal.exact_hand_size || shown_size || drawn) &&
      !arrange_refusal(count, rules, "arrange")) {
    Arrangement best = arrange(hand.cards(), hand.wild, rules, detail);
    judged.hand = std::move(best.hand);
    judged.check = std::move(best.check);
    judged.grouping = Grouping::arranged;
    if (drawn && best.discard) {
      judged.discard =
          Discard{*best.discard,
                  judged.check.valid() ? DiscardReason::declares : DiscardReason::lowest_count,
                  -1,
                  {}};
    }
    return judged;
  }
  if (drawn) {
    judged = judge_grouped_discard(hand, rules, detail);
  } else {
    judged.hand = std::move(hand);
    check_declaration_into(judged.check, judged.hand, rules, detail);
  }
  if (look_for_declaration && !judged.check.valid() && rules.declares() && (shown_size || drawn)) {
    // A drawn hand's cards are the ones written, its discard among them.
    const std::vector<Card> cards = drawn ? hand.cards() : judged.hand.cards();
    Arrangement best = arrange(cards, judged.hand.wild, rules);
    if (best.valid()) {
      judged.could_declare = std::move(best.hand);
      if (drawn) judged.could_declare_discard = best.discard;
    }
  }
  return judged;
}

}  // namespace rummy
