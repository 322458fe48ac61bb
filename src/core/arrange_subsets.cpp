// The arrangement by subsets: see arrange.hpp.
//
// A DP over subsets of the hand decides, taking the first card of a subset each time: that card
// is deadwood, or it is in one of the melds that hold it and fit in the subset. It runs from the
// whole hand down and computes only the subsets it reaches (about a hundred of the 8,192 of 13
// cards, typically), each once, and keeps only their least deadwood. With a contract it keeps,
// per subset, the least deadwood for each number of books and runs (counted up to what the
// contract asks), so a grouping that meets the contract is found whenever one exists. The
// grouping is then rebuilt in the hand's order, each step taking the first option whose rest has
// the least deadwood (SubsetSearch::rebuild), which is the grouping the search has always given.
//
// The melds are found by suit and by rank (subset_melds): a run is natural cards of one suit and
// distinct ranks with jokers to fill its gaps, a book natural cards of one rank with jokers, and
// whether the jokers are few enough is counted, not asked of the classifier. What the classifier
// decides is written out below, for the groups those enumerations make; a test compares the
// melds with the classifier's on hands of every game that takes this search and of rules near
// them, and another the groups with those of the search before it was made fast
// (tests/arrange_variants_test.cpp).
#include "arrange_subsets.hpp"

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

namespace detail {

namespace {

// A meld's place in the DP's order: its lowest card, then its mask (the masks hold at most 16
// bits), with the run flag in bit 0.
std::uint32_t meld_key(std::uint32_t mask, bool run) {
  return (static_cast<std::uint32_t>(std::countr_zero(mask)) << 17) | (mask << 1) | (run ? 1U : 0U);
}
SubsetMeld meld_of_key(std::uint32_t key) {
  return {(key >> 1) & 0xFFFFU, (key & 1U) != 0};
}

// The melds of one hand, by suit and rank. What the classifier (classify_group, Detail::kind_only)
// says of a group whose natural cards (those that are no joker) are of one suit or one rank,
// restated for the counts the enumeration knows:
// * No group has fewer than min_group cards or more than longest_group.
// * A run (tried first): its natural cards of one suit and distinct ranks, between
//   max(min_run, min_group) and max_sequence cards, the span of their places (the ace low or
//   high, as the rules allow) no longer than the run. Its jokers stand in for the missing cards,
//   but a wild card of the run's own suit stands as itself where a window of the run's length
//   holds its place and every natural card; the wild cards all have one rank, so at most one
//   does, and none has a natural card's rank. The jokers standing in may be max_wilds_in_run.
//   (A run without jokers is a pure sequence, which the same count admits: its span is its
//   length.)
// * A book: its natural cards of one rank (the same card twice only where books may repeat
//   suits), between min_group and largest_set() cards; the wild cards of the book's rank would
//   stand as themselves, but no natural card has the wild rank, so every joker stands in, and
//   they may be max_wilds_in_set.
// A group of one natural card is a run if it can be, else a book; jokers alone are asked of the
// classifier (a hand has few of those groups).
class MeldFinder {
 public:
  // `joker_sets` and `keys`: room for the jokers' subsets and the melds found (the search keeps
  // them for the thread, so that a hand allocates nothing).
  MeldFinder(std::span<const Card> cards, WildRank wild, const Rules& rules,
             std::vector<std::uint32_t>& joker_sets, std::vector<std::uint32_t>& keys)
      : cards_(cards), wild_(wild), rules_(rules), joker_sets_(joker_sets), keys_(keys) {
    keys_.clear();
    const MeldRules& melds = rules.melds;
    smallest_run_ = std::max(melds.min_run, melds.min_group);
    largest_run_ = std::min(melds.max_sequence, static_cast<int>(longest_group));
    largest_book_ = std::min(rules.largest_set(), static_cast<int>(longest_group));
    if (wild) wild_place_ = 1U << static_cast<int>(*wild);
    for (std::size_t i = 0; i < cards.size(); ++i) {
      const Card card = cards[i];
      const std::uint32_t bit = std::uint32_t{1} << i;
      if (is_joker(card, wild)) {
        jokers_ |= bit;
        if (!card.is_printed_joker()) wild_of_suit_[static_cast<std::size_t>(card.suit())] |= bit;
      } else {
        by_suit_[static_cast<std::size_t>(card.suit())] |= bit;
        by_rank_[static_cast<std::size_t>(card.rank()) - 1] |= bit;
      }
    }
    // The subsets of the jokers, by how many they are.
    joker_count_ = bit_count(jokers_);
    std::array<int, 18> start{};
    for (std::uint32_t some = jokers_;; some = (some - 1) & jokers_) {
      ++start[static_cast<std::size_t>(bit_count(some)) + 1];
      if (some == 0) break;
    }
    for (std::size_t k = 1; k < start.size(); ++k) start[k] += start[k - 1];
    joker_sets_.resize(static_cast<std::size_t>(start.back()));
    joker_start_ = start;
    for (std::uint32_t some = jokers_;; some = (some - 1) & jokers_) {
      joker_sets_[static_cast<std::size_t>(start[static_cast<std::size_t>(bit_count(some))]++)] =
          some;
      if (some == 0) break;
    }
  }

  // The melds, as meld_key, in increasing order.
  void find() {
    for (std::size_t suit = 0; suit < suit_count; ++suit) runs_of_suit(suit);
    for (const std::uint32_t naturals : by_rank_) books_of_rank(naturals);
    for (std::size_t i = 0; i < cards_.size(); ++i) {
      if ((jokers_ >> i & 1U) == 0) with_one_natural(i);
    }
    jokers_alone();
    std::sort(keys_.begin(), keys_.end());
  }

 private:
  // The jokers' subsets of `count` cards.
  std::span<const std::uint32_t> joker_sets(int count) const {
    const auto k = static_cast<std::size_t>(count);
    return std::span(joker_sets_)
        .subspan(static_cast<std::size_t>(joker_start_[k]),
                 static_cast<std::size_t>(joker_start_[k + 1] - joker_start_[k]));
  }

  // The shortest run that holds these ranks (bit r: rank r, the ace 1), the ace low or high as
  // the rules allow; INT_MAX where it may be neither.
  int span(unsigned ranks) const {
    const auto spread = [](unsigned places) {
      return static_cast<int>(std::bit_width(places)) - std::countr_zero(places);
    };
    int shortest = INT_MAX;
    if (rules_.melds.ace_low) shortest = spread(ranks);
    if (rules_.melds.ace_high) {
      constexpr unsigned ace = 1U << static_cast<int>(Rank::ace);
      shortest = std::min(shortest, spread((ranks & ~ace) | ((ranks & ace) << rank_count)));
    }
    return shortest;
  }

  void add(std::uint32_t mask, bool run) { keys_.push_back(meld_key(mask, run)); }

  // Runs of two natural cards and more of this suit. A run's natural cards have distinct ranks,
  // so the subsets of the suit's ranks are enumerated (a rank's span is then a bit operation),
  // and a rank held twice (two packs) gives each of its cards in turn.
  void runs_of_suit(std::size_t suit) {
    const std::uint32_t wild_here = wild_of_suit_[suit];
    const int most_standing_in = rules_.melds.max_wilds_in_run;
    // No run has a span longer than its natural cards and the jokers that may be in it.
    const int most_missing = std::min(joker_count_, most_standing_in + (wild_here != 0 ? 1 : 0));
    std::array<std::uint32_t, rank_count + 1> of_rank{};  // the suit's cards of each rank
    unsigned present = 0;                                 // bit r: the suit has rank r
    for (std::uint32_t rest = by_suit_[suit]; rest != 0; rest &= rest - 1) {
      const auto index = static_cast<std::size_t>(std::countr_zero(rest));
      const auto rank = static_cast<std::size_t>(cards_[index].rank());
      of_rank[rank] |= std::uint32_t{1} << index;
      present |= 1U << rank;
    }
    for (unsigned ranks = present; ranks != 0; ranks = (ranks - 1) & present) {
      if (at_most_one_bit(ranks)) continue;
      const int count = bit_count(ranks);
      const int shortest = span(ranks);
      if (shortest == INT_MAX) return;
      if (shortest - count > most_missing || shortest > largest_run_) continue;
      // With the wild card as itself: the shortest run that holds its place too.
      const int shortest_with_wild = wild_here != 0 ? span(ranks | wild_place_) : INT_MAX;
      const int fewest = std::max({smallest_run_, shortest, count}) - count;
      const int most = std::min(largest_run_ - count, joker_count_);
      // Each choice of one card of each rank: the first card of each, then as an odometer.
      std::array<std::uint32_t, rank_count + 1> pick{};
      for (unsigned rest = ranks; rest != 0; rest &= rest - 1) {
        const auto rank = static_cast<std::size_t>(std::countr_zero(rest));
        pick[rank] = of_rank[rank] & (~of_rank[rank] + 1);
      }
      for (;;) {
        std::uint32_t some = 0;
        for (unsigned rest = ranks; rest != 0; rest &= rest - 1) {
          some |= pick[static_cast<std::size_t>(std::countr_zero(rest))];
        }
        for (int jokers = fewest; jokers <= most; ++jokers) {
          if (jokers <= most_standing_in) {
            for (const std::uint32_t set : joker_sets(jokers)) add(some | set, true);
          } else if (jokers == most_standing_in + 1 && shortest_with_wild <= count + jokers) {
            for (const std::uint32_t set : joker_sets(jokers)) {
              if ((set & wild_here) != 0) add(some | set, true);
            }
          }
        }
        // The next choice: the first rank with a card after its pick moves on to it; the ranks
        // before it go back to their first card.
        unsigned rest = ranks;
        for (; rest != 0; rest &= rest - 1) {
          const auto rank = static_cast<std::size_t>(std::countr_zero(rest));
          const std::uint32_t after = of_rank[rank] & ~((pick[rank] << 1) - 1);
          if (after != 0) {
            pick[rank] = after & (~after + 1);
            break;
          }
          pick[rank] = of_rank[rank] & (~of_rank[rank] + 1);
        }
        if (rest == 0) break;
      }
    }
  }

  // Books of two natural cards and more of this rank.
  void books_of_rank(std::uint32_t naturals) {
    for (std::uint32_t some = naturals; some != 0; some = (some - 1) & naturals) {
      if (at_most_one_bit(some)) continue;
      if (rules_.melds.set_suits_differ) {
        unsigned suits = 0;
        bool repeated = false;
        for (std::uint32_t rest = some; rest != 0; rest &= rest - 1) {
          const unsigned bit = 1U << static_cast<int>(
                                   cards_[static_cast<std::size_t>(std::countr_zero(rest))].suit());
          repeated = repeated || (suits & bit) != 0;
          suits |= bit;
        }
        if (repeated) continue;
      }
      const int count = bit_count(some);
      const int fewest = std::max(rules_.melds.min_group - count, 0);
      const int most =
          std::min({largest_book_ - count, rules_.melds.max_wilds_in_set, joker_count_});
      for (int jokers = fewest; jokers <= most; ++jokers) {
        for (const std::uint32_t set : joker_sets(jokers)) add(some | set, false);
      }
    }
  }

  // The groups of one natural card and jokers: a run where it can be one, else a book.
  void with_one_natural(std::size_t index) {
    const Card card = cards_[index];
    const std::uint32_t natural = std::uint32_t{1} << index;
    const std::uint32_t wild_here = wild_of_suit_[static_cast<std::size_t>(card.suit())];
    const unsigned rank = 1U << static_cast<int>(card.rank());
    const int shortest_with_wild = wild_here != 0 ? span(rank | wild_place_) : INT_MAX;
    const bool runs = span(rank) != INT_MAX;
    const MeldRules& melds = rules_.melds;
    // (From no joker where a card alone is a meld: min_group 1, a library's own game.)
    for (int jokers = std::max(melds.min_group - 1, 0); jokers <= joker_count_; ++jokers) {
      const int size = jokers + 1;
      if (size > static_cast<int>(longest_group)) break;
      const bool run_size = runs && size >= smallest_run_ && size <= largest_run_;
      const bool book = size <= largest_book_ && jokers <= melds.max_wilds_in_set;
      for (const std::uint32_t set : joker_sets(jokers)) {
        const bool run = run_size && (jokers <= melds.max_wilds_in_run ||
                                      (jokers == melds.max_wilds_in_run + 1 &&
                                       (set & wild_here) != 0 && shortest_with_wild <= size));
        if (run || book) add(natural | set, run);
      }
    }
  }

  // Jokers alone: the classifier says (a book of the wild rank, a run of the wild card's suit, or
  // neither, as the wild cards among them stand as themselves).
  void jokers_alone() {
    std::vector<Card> group;
    const int most = std::min(joker_count_, static_cast<int>(longest_group));
    for (int jokers = std::max(rules_.melds.min_group, 1); jokers <= most; ++jokers) {
      for (const std::uint32_t set : joker_sets(jokers)) {
        group.clear();
        for (std::uint32_t rest = set; rest != 0; rest &= rest - 1) {
          group.push_back(cards_[static_cast<std::size_t>(std::countr_zero(rest))]);
        }
        const GroupKind kind = classify_group(group, wild_, rules_, Detail::kind_only).kind;
        if (is_valid_group(kind)) add(set, is_sequence(kind));
      }
    }
  }

  std::span<const Card> cards_;
  WildRank wild_;
  const Rules& rules_;
  int smallest_run_ = 0, largest_run_ = 0, largest_book_ = 0;
  unsigned wild_place_ = 0;  // bit r: the wild rank r (none: 0)
  std::uint32_t jokers_ = 0;
  int joker_count_ = 0;
  std::array<std::uint32_t, suit_count> by_suit_{}, wild_of_suit_{};
  std::array<std::uint32_t, rank_count> by_rank_{};
  std::vector<std::uint32_t>& joker_sets_;  // the jokers' subsets, by count
  std::array<int, 18> joker_start_{};       // where the subsets of k jokers start: k + 1
  std::vector<std::uint32_t>& keys_;        // the melds found, as meld_key
};

}  // namespace

bool subsets_by_rank(std::span<const Card> cards, WildRank wild) {
  const auto jokers =
      std::count_if(cards.begin(), cards.end(), [&](Card card) { return is_joker(card, wild); });
  return cards.size() >= 15 && jokers >= 3;
}

std::vector<SubsetMeld> subset_melds(std::span<const Card> cards, WildRank wild,
                                     const Rules& rules) {
  std::vector<std::uint32_t> joker_sets, keys;
  MeldFinder(cards, wild, rules, joker_sets, keys).find();
  std::vector<SubsetMeld> melds(keys.size());
  std::transform(keys.begin(), keys.end(), melds.begin(), meld_of_key);
  return melds;
}

std::vector<SubsetMeld> subset_melds_by_classifier(std::span<const Card> cards, WildRank wild,
                                                   const Rules& rules) {
  std::uint32_t jokers = 0;
  std::array<std::uint32_t, suit_count> by_suit{};
  std::array<std::uint32_t, rank_count> by_rank{};
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const Card card = cards[i];
    const std::uint32_t bit = std::uint32_t{1} << i;
    if (is_joker(card, wild)) {
      jokers |= bit;
    } else {
      by_suit[static_cast<std::size_t>(card.suit())] |= bit;
      by_rank[static_cast<std::size_t>(card.rank()) - 1] |= bit;
    }
  }
  std::vector<std::uint32_t> candidates;
  const auto with_jokers = [&](std::uint32_t naturals) {
    for (std::uint32_t some = jokers;; some = (some - 1) & jokers) {
      if ((naturals | some) != 0) candidates.push_back(naturals | some);
      if (some == 0) break;
    }
  };
  with_jokers(0);
  for (const std::uint32_t naturals : by_suit) {
    for (std::uint32_t some = naturals; some != 0; some = (some - 1) & naturals) with_jokers(some);
  }
  for (const std::uint32_t naturals : by_rank) {
    for (std::uint32_t some = naturals; some != 0; some = (some - 1) & naturals) with_jokers(some);
  }
  std::vector<std::uint32_t> keys;
  std::vector<Card> group;
  for (const std::uint32_t mask : candidates) {
    group.clear();
    for (std::uint32_t rest = mask; rest != 0; rest &= rest - 1) {
      group.push_back(cards[static_cast<std::size_t>(std::countr_zero(rest))]);
    }
    const GroupKind kind = classify_group(group, wild, rules, Detail::kind_only).kind;
    if (is_valid_group(kind)) keys.push_back(meld_key(mask, is_sequence(kind)));
  }
  // A single natural card is in its suit's and its rank's subsets; so are copies of one card.
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  std::vector<SubsetMeld> melds(keys.size());
  std::transform(keys.begin(), keys.end(), melds.begin(), meld_of_key);
  return melds;
}

}  // namespace detail

namespace {

using detail::SubsetMeld;

// A meld as the search keeps it: its mask among the cards in the DP's order (see SubsetSearch)
// and among the hand's cards as given.
struct SearchMeld {
  std::uint32_t mask = 0;   // in the search's order
  std::uint32_t given = 0;  // in the hand's order
  bool run = false;
};

// The DP's memory of the subsets whose least deadwood it knows, kept for the thread from hand to
// hand: a slot per subset of 16 cards says which search computed it (a number given to each
// search) and where its values are (one per (books, runs) counted). Cleared for each hand, the
// table was a memset of 4 bytes per subset (32 KB for 13 cards, 256 KB for 16, where the DP
// reaches a few hundred subsets): a quarter of a 13-card hand's instructions, and more of a
// 16-card hand's time, as the freed block went back to the system each time and came back as
// fresh pages.
struct SubsetMemo {
  struct Slot {
    std::uint32_t search = 0;  // the search that computed this subset (0: none yet)
    int data = 0;  // its least deadwood (no contract), or where its values start (one a state)
  };
  std::vector<Slot> slots;
  std::vector<int> values;
  std::uint32_t search = 0;
  // Room for a search's melds, kept with the table (a hand allocates nothing for them).
  std::vector<std::uint32_t> joker_sets, keys;
  std::vector<SearchMeld> melds;
  std::vector<SubsetMeld> search_melds;

  // A new search: no subset computed, no value kept.
  void start() {
    if (slots.empty()) slots.resize(std::size_t{1} << subset_search_limit);
    values.clear();
    if (++search == 0) {  // the numbers wrapped around: forget every slot
      std::fill(slots.begin(), slots.end(), Slot{});
      search = 1;
    }
  }
};

SubsetMemo& thread_memo() {
  thread_local SubsetMemo memo;
  return memo;
}

// The least deadwood of each subset (per number of books and runs, with a contract) is a fact
// of the subset's cards, whatever order its cards are taken in; which grouping is chosen among
// those of equal deadwood is not. So the DP that finds the least deadwood takes the cards in the
// order that makes it reach fewest subsets, and the grouping is then rebuilt in the hand's own
// order, each step taking the first option (as the search always took them: the lowest card as
// deadwood, then its melds by increasing mask) whose rest has the least deadwood, so ties go as
// they always went.
//
// The order, for a hand of 15 cards or more with 3 jokers or more: the natural cards by rank and
// suit, then the jokers. The DP takes the first card of a subset as deadwood or in each meld that
// holds it and fits; a joker early in the order has a meld with nearly every few cards of the
// hand, and each leaves a different subset behind. With the jokers last, the subsets reached are
// (mostly) the natural cards not yet reached, less the few that went with them into a meld, times
// the jokers left (by rank, a book's cards sit together; by suit and rank the DP reached more).
// Other hands keep their own order: the rebuild then finds nearly every subset it asks about
// computed already, where in another order it computes those of its path anew (a 13-card
// hand: 10% more time in the rank order, whatever its jokers; a 16-card hand with 3 jokers: 16%
// less, with 5: 25% less; the benchmark's slowest 16-card hand 0.15 ms in the hand's order,
// 0.10 ms in the rank order).
class SubsetSearch {
 public:
  SubsetSearch(std::span<const Card> cards, WildRank wild, const Rules& rules)
      : given_(cards), wild_(wild), rules_(rules) {
    if (rules.deal.contract) {
      books_ = rules.deal.contract->books;
      runs_ = rules.deal.contract->runs;
    }
    states_ = (books_ + 1) * (runs_ + 1);
    const std::size_t n = cards.size();
    by_rank_ = detail::subsets_by_rank(cards, wild);
    // The search's order, by insertion (16 cards at most; std::stable_sort asks for a buffer).
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t at = i;
      for (; at > 0 && search_key(cards[i]) < search_key(cards[order_[at - 1]]); --at) {
        order_[at] = order_[at - 1];
      }
      order_[at] = static_cast<std::uint8_t>(i);
    }
    for (std::size_t i = 0; i < n; ++i) {
      position_[order_[i]] = static_cast<std::uint8_t>(i);
      points_[i] = card_points(cards[order_[i]], wild, rules);
      no_negative_ = no_negative_ && points_[i] >= 0;
    }
    // The melds, found in the hand's order (the rebuild's), each with its mask in the search's
    // order; and for the DP, by their first card in the search's order.
    detail::MeldFinder(cards, wild, rules, memo_.joker_sets, memo_.keys).find();
    melds_.clear();
    std::array<int, subset_search_limit + 1> count{};
    for (const std::uint32_t key : memo_.keys) {
      const SubsetMeld meld = detail::meld_of_key(key);
      std::uint32_t mask = meld.mask;
      if (by_rank_) {
        mask = 0;
        for (std::uint32_t rest = meld.mask; rest != 0; rest &= rest - 1) {
          mask |= std::uint32_t{1} << position_[static_cast<std::size_t>(std::countr_zero(rest))];
        }
      }
      melds_.push_back({mask, meld.mask, meld.run});
      ++first_given_[static_cast<std::size_t>(std::countr_zero(meld.mask)) + 1];
      ++count[static_cast<std::size_t>(std::countr_zero(mask)) + 1];
    }
    for (std::size_t i = 1; i <= n; ++i) {
      first_given_[i] += first_given_[i - 1];
      count[i] += count[i - 1];
    }
    first_ = count;
    search_melds_.resize(melds_.size());
    for (const SearchMeld& meld : melds_) {
      search_melds_[static_cast<std::size_t>(
          count[static_cast<std::size_t>(std::countr_zero(meld.mask))]++)] = {meld.mask, meld.run};
    }
  }

  // The groups of the best grouping: runs, then books, then the cards left over.
  Hand solve() {
    const std::size_t n = given_.size();
    const std::uint32_t full = n == 0 ? 0 : (std::uint32_t{1} << n) - 1;
    memo_.start();
    compute(full);
    // The contract met if it can be, else the least deadwood of all.
    int chosen = states_ - 1;
    if (value(full, chosen) == INT_MAX) {
      for (int state = 0; state < states_; ++state) {
        if (value(full, state) < value(full, chosen)) chosen = state;
      }
    }
    return rebuild(full, chosen);
  }

 private:
  // The DP's order: natural cards by rank and suit, then the jokers (each in the hand's order).
  int search_key(Card card) const {
    if (!by_rank_) return 0;
    return is_joker(card, wild_)
               ? Card::index_count
               : static_cast<int>(card.rank()) * suit_count + static_cast<int>(card.suit());
  }

  // The least deadwood of a subset computed (in the search's order), with `state` books and runs.
  int value(std::uint32_t mask, int state) const {
    const int data = memo_.slots[mask].data;
    return states_ == 1 ? data : memo_.values[static_cast<std::size_t>(data + state)];
  }

  std::span<const SubsetMeld> melds_of(int low) const {
    const auto begin = static_cast<std::size_t>(first_[static_cast<std::size_t>(low)]);
    const auto end = static_cast<std::size_t>(first_[static_cast<std::size_t>(low) + 1]);
    return std::span(search_melds_).subspan(begin, end - begin);
  }

  // Where a meld of `state` books and runs leads.
  int after(int state, bool run) const {
    int books = state / (runs_ + 1), runs = state % (runs_ + 1);
    (run ? runs : books) += 1;
    return std::min(books, books_) * (runs_ + 1) + std::min(runs, runs_);
  }

  // The DP, from the whole hand down, only for the subsets it reaches: the first card of `mask`
  // is deadwood, or in a meld that fits in `mask`.
  void compute(std::uint32_t mask) {
    if (states_ == 1) {
      least(mask);
    } else {
      compute_counted(mask);
    }
  }

  // Without a contract: the least deadwood of `mask`, kept in its slot. Once it is 0 no other
  // option can do better, and the rest are not tried (the rebuild chooses among them) — unless
  // a library's rules count some card below 0.
  int least(std::uint32_t mask) {
    SubsetMemo::Slot& slot = memo_.slots[mask];
    if (slot.search == memo_.search) return slot.data;
    int best = 0;
    if (mask != 0) {
      const int low = std::countr_zero(mask);
      best = least(mask ^ (std::uint32_t{1} << low)) + points_[static_cast<std::size_t>(low)];
      for (const SubsetMeld& meld : melds_of(low)) {
        if (best == 0 && no_negative_) break;
        if ((meld.mask & mask) == meld.mask) best = std::min(best, least(mask ^ meld.mask));
      }
    }
    slot = {memo_.search, best};
    return best;
  }

  // With a contract: the least deadwood of `mask` for each number of books and runs, kept in
  // memo_.values.
  void compute_counted(std::uint32_t mask) {
    SubsetMemo::Slot& slot = memo_.slots[mask];
    if (slot.search == memo_.search) return;
    const auto here = static_cast<int>(memo_.values.size());
    slot = {memo_.search, here};
    memo_.values.resize(memo_.values.size() + static_cast<std::size_t>(states_), INT_MAX);
    if (mask == 0) {
      memo_.values[static_cast<std::size_t>(here)] = 0;
      return;
    }
    const int low = std::countr_zero(mask);
    const std::uint32_t rest = mask ^ (std::uint32_t{1} << low);
    compute_counted(rest);
    const int points = points_[static_cast<std::size_t>(low)];
    for (int state = 0; state < states_; ++state) {
      const int left = value(rest, state);
      if (left != INT_MAX) improve(here + state, left + points);
    }
    for (const SubsetMeld& meld : melds_of(low)) {
      if ((meld.mask & mask) != meld.mask) continue;
      compute_counted(mask ^ meld.mask);
      for (int state = 0; state < states_; ++state) {
        const int left = value(mask ^ meld.mask, state);
        if (left != INT_MAX) improve(here + after(state, meld.run), left);
      }
    }
  }
  void improve(int at, int deadwood) {
    int& cell = memo_.values[static_cast<std::size_t>(at)];
    cell = std::min(cell, deadwood);
  }

  // The grouping, in the hand's order: at each step the lowest card of the hand's cards left is
  // deadwood or goes into a meld, the first option whose rest has the least deadwood.
  Hand rebuild(std::uint32_t mask, int state) {
    std::array<const SearchMeld*, subset_search_limit> taken_melds{};
    std::size_t taken_count = 0;
    Group rest;
    rest.reserve(given_.size());
    std::uint32_t given = mask;  // the same cards in the hand's order
    int best = value(mask, state);
    while (given != 0) {
      const int low = std::countr_zero(given);
      const int at = position_[static_cast<std::size_t>(low)];  // in the search's order
      const int points = points_[static_cast<std::size_t>(at)];
      // The melds that hold the card and fit (in the hand's order, every meld that holds its
      // lowest card starts with it). With none, the card is deadwood without asking.
      auto meld = static_cast<std::size_t>(first_given_[static_cast<std::size_t>(low)]);
      const auto end = static_cast<std::size_t>(first_given_[static_cast<std::size_t>(low) + 1]);
      while (meld < end && (melds_[meld].mask & mask) != melds_[meld].mask) ++meld;
      const std::uint32_t without = mask ^ (std::uint32_t{1} << at);
      // (The rest has no less than 0 deadwood where no card counts below 0: the card is no
      // deadwood when it counts more.)
      if (meld == end || ((best >= points || !no_negative_) &&
                          (compute(without), value(without, state)) == best - points)) {
        rest.push_back(given_[static_cast<std::size_t>(low)]);
        given ^= std::uint32_t{1} << low;
        mask = without;
        best -= points;
        continue;
      }
      // The first of those melds by mask in the hand's order (and then by the state it leaves)
      // whose rest has the least deadwood.
      const SearchMeld* taken = nullptr;
      int from = 0;
      for (; taken == nullptr && meld < end; ++meld) {
        const SearchMeld& candidate = melds_[meld];
        if ((candidate.mask & mask) != candidate.mask) continue;
        compute(mask ^ candidate.mask);
        for (int before = 0; before < states_; ++before) {
          if (after(before, candidate.run) != state ||
              value(mask ^ candidate.mask, before) != best) {
            continue;
          }
          taken = &candidate;
          from = before;
          break;
        }
      }
      if (taken == nullptr) throw std::logic_error("arrange_by_subsets: no option gives the least");
      taken_melds[taken_count++] = taken;
      given ^= taken->given;
      mask ^= taken->mask;
      state = from;
    }
    // Runs, then books, each in the order taken, then the cards left over.
    Hand hand;
    hand.wild = wild_;
    hand.groups.reserve(taken_count + 1);
    for (const bool runs : {true, false}) {
      for (std::size_t k = 0; k < taken_count; ++k) {
        if (taken_melds[k]->run != runs) continue;
        Group& group = hand.groups.emplace_back();
        group.reserve(static_cast<std::size_t>(bit_count(taken_melds[k]->given)));
        for (std::uint32_t cards = taken_melds[k]->given; cards != 0; cards &= cards - 1) {
          group.push_back(given_[static_cast<std::size_t>(std::countr_zero(cards))]);
        }
        put_in_reading_order(group);
      }
    }
    if (!rest.empty()) hand.groups.push_back(std::move(rest));
    return hand;
  }

  // A run's cards in the order of the places they take; a book as found. (By insertion: a meld
  // holds 16 cards at most, and std::stable_sort asks for a buffer.)
  void put_in_reading_order(Group& group) const {
    const GroupVerdict verdict = classify_group(group, wild_, rules_);
    if (!is_sequence(verdict.kind) || verdict.reading.size() != group.size()) return;
    bool ace_high = false;
    for (const auto& as : verdict.reading) {
      if (as && as->rank() == Rank::king) ace_high = true;
    }
    std::array<int, longest_group> places{};
    for (std::size_t i = 0; i < group.size(); ++i) {
      const auto& as = verdict.reading[i];
      int place = as ? static_cast<int>(as->rank()) : 0;
      if (place == 1 && ace_high) place = 14;
      const Card card = group[i];
      std::size_t at = i;
      for (; at > 0 && place < places[at - 1]; --at) {
        places[at] = places[at - 1];
        group[at] = group[at - 1];
      }
      places[at] = place;
      group[at] = card;
    }
  }

  std::span<const Card> given_;  // the hand's cards, in its order
  WildRank wild_;
  const Rules& rules_;
  int books_ = 0, runs_ = 0;
  int states_ = 1;                                            // (books, runs) counted, per subset
  std::array<std::uint8_t, subset_search_limit> order_{};     // the search's order: hand indices
  std::array<std::uint8_t, subset_search_limit> position_{};  // a hand index's place in it
  std::array<int, subset_search_limit> points_{};  // each card's deadwood, in the search's order
  bool no_negative_ = true;                        // no card counts below 0 (the rules may say so)
  bool by_rank_ = false;  // the search's order: by rank (see above), or the hand's own
  std::array<int, subset_search_limit + 1> first_given_{};  // where a hand card's melds start
  std::array<int, subset_search_limit + 1> first_{};        // where a search card's melds start
  SubsetMemo& memo_ = thread_memo();
  std::vector<SearchMeld>& melds_ = memo_.melds;  // by first card, then mask, in the hand's order
  std::vector<SubsetMeld>& search_melds_ = memo_.search_melds;  // by first card in the search's
                                                                // order, for the DP
};

}  // namespace

Arrangement arrange_by_subsets(std::span<const Card> cards, WildRank wild, const Rules& rules) {
  if (cards.size() > subset_search_limit) {
    throw std::length_error(fmt::format("the search by subsets takes at most {} cards, not {}",
                                        subset_search_limit, cards.size()));
  }
  Arrangement arrangement;
  arrangement.hand = SubsetSearch(cards, wild, rules).solve();
  check_declaration_into(arrangement.check, arrangement.hand, rules);
  arrangement.score = score_deadwood(arrangement.hand, arrangement.check, rules);
  return arrangement;
}

}  // namespace rummy
