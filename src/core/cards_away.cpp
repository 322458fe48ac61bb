// Cards away: see cards_away.hpp.
//
// A replaced card may become any card the decks still hold, so the search does not try the
// cards that could come in; it asks what each card kept belongs to. The hand that goes out is
// made of groups; each holds some cards of the hand (a fragment) and places still to fill:
//
// * a run fragment is cards of one suit at places lo … hi; its run covers a window of at least
//   the shortest run's length around them, and its gaps are the window's places not held;
// * a book fragment is cards of one rank; its gaps bring it to the smallest book;
// * a gap is filled by a card that came in (a natural card of that place, if the decks still
//   hold one, or a joker) or by a joker the hand keeps; a place whose every copy is in the hand
//   can only take a joker (it is "forced"), and a run holding a joker is not pure;
// * cards that came in beyond the gaps lengthen groups or make groups of their own.
//
// The search takes the hand's natural cards in card order (suit, then rank); the lowest one left
// is replaced, or starts a run fragment with some of the later cards of its suit, or a book
// fragment with some cards of its rank in later suits, or (a wild card) is kept as a joker. Each
// printed joker is kept or replaced. A leaf has the cards replaced (F) and the fragments; it goes
// out when the F cards that come in and the jokers kept fill every gap (the forced ones with
// jokers), a pure run is there (a fragment filled with natural cards only, or F's own), the
// sequences and the contract are there, and what is left over lengthens groups or makes groups
// of its own.
//
// It deepens (replacing at most 0 cards, then 1, …) and stops at the first hand that goes out,
// since the limits below found none. A branch stops when the gaps outrun what can fill them
// even at best for the cards not yet placed: the relaxed bound (relaxed_widths) counts the
// fewest places that melds holding all those cards but as many as may still be replaced could
// span, from groups of linked cards searched exactly, and is remembered by the cards left. The
// search with its earlier bound (small groups of linked cards) is kept for the tests to compare.
#include "cards_away.hpp"
#include "bits.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "arrange.hpp"

namespace rummy {

namespace {

constexpr int natural_count = 52;
constexpr int highest_place = 14;  // the ace above the king

int card_at(int suit, int place) {
  const int rank = place == highest_place ? 1 : place;
  return suit * rank_count + rank - 1;
}

// A group of the hand that goes out, as far as the cards kept make it.
struct Fragment {
  bool run = false;
  int gaps = 0;        // places still to fill
  int forced = 0;      // … of them, places only a joker can fill
  int free_room = 0;   // natural cards that could lengthen it (at most 2 are counted)
  int joker_room = 0;  // jokers that could lengthen it (at most 2)
  int joker_cap = 0;   // the most jokers the group may hold
};

// The cards linked to each natural card (cards_linked), for rules whose aces rank as these do:
// built once for each of the four ways.
struct Links {
  std::array<std::int8_t, 8> cards{};
  int count = 0;
  std::uint64_t mask = 0;  // the same cards, a bit each
};
using LinkTable = std::array<Links, natural_count>;

const LinkTable& link_table(const MeldRules& melds) {
  static const std::array<LinkTable, 4> tables = [] {
    std::array<LinkTable, 4> built{};
    for (int way = 0; way < 4; ++way) {
      MeldRules aces;
      aces.ace_low = (way & 1) != 0;
      aces.ace_high = (way & 2) != 0;
      for (int index = 0; index < natural_count; ++index) {
        Links& links = built[static_cast<std::size_t>(way)][static_cast<std::size_t>(index)];
        for (int other = 0; other < natural_count; ++other) {
          if (cards_linked(Card::from_index(index), Card::from_index(other), aces)) {
            links.cards[static_cast<std::size_t>(links.count++)] = static_cast<std::int8_t>(other);
            links.mask |= std::uint64_t{1} << other;
          }
        }
      }
    }
    return built;
  }();
  return tables[static_cast<std::size_t>((melds.ace_low ? 1 : 0) + (melds.ace_high ? 2 : 0))];
}

// How the search bounds what the cards not yet placed cost: by their groups of one or two linked
// cards (small_groups, the bound before the relaxed one, kept for the tests to compare), or by
// the relaxed count of the places their melds span (relaxed_widths).
enum class Bound { small_groups, relaxed };

class AwaySearch {
 public:
  AwaySearch(std::span<const Card> cards, WildRank wild, const Rules& rules, int extra,
             Bound bound = Bound::relaxed)
      : wild_(wild), rules_(rules), extra_(extra), bound_(bound) {
    // (What follows reads the hand's cards rather than all 52: a search of a hand dealt costs a
    // few tens of thousands of instructions, and this setup was a twentieth of them.)
    const int copies = rules.copies_allowed();  // of each natural card
    std::uint64_t wild_mask = 0;                // the wild cards, a bit each
    if (wild) {
      for (int suit = 0; suit < suit_count; ++suit) {
        const int index = suit * rank_count + static_cast<int>(*wild) - 1;
        wild_mask |= std::uint64_t{1} << index;
        wild_card_[static_cast<std::size_t>(index)] = true;
      }
    }
    for (const Card card : cards) {
      if (card.is_printed_joker()) {
        ++printed_;
        continue;
      }
      const int index = card.index();
      ++left_[static_cast<std::size_t>(index)];
      ++naturals_left_;
      key_[static_cast<std::size_t>(index / 32)] += std::uint64_t{1} << (2 * (index % 32));
      left_mask_ |= std::uint64_t{1} << index;
      if (wild_card_[static_cast<std::size_t>(index)]) ++wild_left_;
    }
    counted_ = left_mask_ & ~wild_mask;
    spare_.fill(copies);
    for (std::uint64_t each = left_mask_; each != 0; each &= each - 1) {
      const int index = std::countr_zero(each);
      spare_[static_cast<std::size_t>(index)] -= left(index);
      if (left(index) == 2) doubled_ |= std::uint64_t{1} << index;
      // The places of the suit (the ace's two) whose every copy is in the hand.
      if (spare(index) <= 0) {
        const int rank = index % rank_count + 1;
        no_spare_[static_cast<std::size_t>(index / rank_count)] |=
            rank == 1 ? (1U << 1 | 1U << highest_place) : 1U << rank;
      }
    }
    for (std::uint64_t each = wild_mask; each != 0; each &= each - 1) {
      joker_supply_ += std::max(0, spare(std::countr_zero(each)));
    }
    joker_supply_ += std::max(0, rules.printed_jokers_allowed() - printed_);
    lowest_place_ = rules.melds.ace_low ? 1 : 2;
    highest_place_ = rules.melds.ace_high ? highest_place : highest_place - 1;
    // A pure run of cards come in: the shortest run's places, all of them still in the decks.
    const unsigned places = (2U << highest_place_) - (1U << lowest_place_);
    for (int suit = 0; suit < suit_count; ++suit) {
      const unsigned free = places & ~no_spare_[static_cast<std::size_t>(suit)];
      unsigned starts = places;  // where such a run may start
      for (int k = 0; k < rules.melds.min_run && starts != 0; ++k) starts &= free >> k;
      if (starts != 0) free_run_ = true;
    }
    smallest_group_ = std::min(rules.melds.min_run, rules.melds.min_group);
    if (bound_ == Bound::small_groups || naturals_left_ > most_cards) remembered_.resize(1024);
    // The meld rules group_widths() reads, 15 bits each, and a bit that no empty slot has.
    const MeldRules& melds = rules.melds;
    std::uint64_t tag = 1;
    for (const int field : {melds.min_run, melds.min_group, melds.max_set, melds.max_sequence}) {
      tag = tag << 15 | static_cast<std::uint64_t>(std::clamp(field, 0, 0x7FFF));
    }
    for (const bool flag : {melds.set_suits_differ, melds.ace_low, melds.ace_high}) {
      tag = tag << 1 | (flag ? 1U : 0U);
    }
    rules_tag_ = tag;
    Memo& memory = memory_;
    if (memory.alone_tag != rules_tag_) {  // the same rules as the last search: known
      for (const int index : {1, 0}) {     // a 2, then an ace, alone
        Group alone;
        alone.cards[0] = static_cast<std::int8_t>(index);
        alone.count = 1;
        memory.alone_width[index == 0 ? 1 : 0] = group_widths(alone)[0];
      }
      memory.alone_tag = rules_tag_;
    }
    alone_width_ = memory.alone_width;
    widest_alone_ = std::max(alone_width_[0], alone_width_[1]);
    card_count_ = static_cast<int>(cards.size());
  }

  // Deepening: replacing at most 0 cards, then 1, … A search with a small limit is cut short
  // almost everywhere (every card kept needs a fragment whose gaps the few cards that come in
  // can fill), so the limits below the answer cost little beside the last one.
  std::optional<int> run(int limit) {
    for (int most = 0; most <= std::min(limit, card_count_); ++most) {
      best_ = most + 1;
      for (int kept = printed_; kept >= 0 && best_ > most; --kept) {
        jokers_kept_ = kept;
        discarded_ = printed_ - kept;
        visit();
      }
      if (best_ <= most) return best_;
    }
    return std::nullopt;
  }

 private:
  int spare(int index) const { return spare_[static_cast<std::size_t>(index)]; }
  int left(int index) const { return left_[static_cast<std::size_t>(index)]; }
  void take(int index) {
    if (--left_[static_cast<std::size_t>(index)] == 0) {
      counted_ &= ~(std::uint64_t{1} << index);
      left_mask_ &= ~(std::uint64_t{1} << index);
    }
    if (left(index) == 2) {
      doubled_ |= std::uint64_t{1} << index;
    } else {
      doubled_ &= ~(std::uint64_t{1} << index);
    }
    --naturals_left_;
    key_[static_cast<std::size_t>(index / 32)] -= std::uint64_t{1} << (2 * (index % 32));
    if (wild_card_[static_cast<std::size_t>(index)]) --wild_left_;
  }
  void put_back(int index) {
    if (left_[static_cast<std::size_t>(index)]++ == 0) {
      left_mask_ |= std::uint64_t{1} << index;
      if (!wild_card_[static_cast<std::size_t>(index)]) counted_ |= std::uint64_t{1} << index;
    }
    if (left(index) == 2) {
      doubled_ |= std::uint64_t{1} << index;
    } else {
      doubled_ &= ~(std::uint64_t{1} << index);
    }
    ++naturals_left_;
    key_[static_cast<std::size_t>(index / 32)] += std::uint64_t{1} << (2 * (index % 32));
    if (wild_card_[static_cast<std::size_t>(index)]) ++wild_left_;
  }
  // The most jokers the hand that goes out can keep: those kept, and the wild cards not yet
  // placed.
  int jokers_max() const { return jokers_kept_ + wild_left_; }
  // The cards that come in: the cards not kept, less the discard of a drawn hand.
  int incoming() const { return discarded_ - extra_; }

  // small_groups() of the cards not yet placed, remembered by those cards: the choices for one
  // card (a run or a book of it alone, a joker, replaced) leave the same cards, and so do many
  // orders of the same choices. The key is exact (two bits a card: what is held of it, at most
  // three copies); with more packs nothing is remembered.
  int small_groups_remembered() {
    if (rules_.copies_allowed() > 3) return small_groups();
    const std::uint64_t mixed = key_[0] * 0x9E3779B97F4A7C15ULL ^ key_[1] * 0xC2B2AE3D27D4EB4FULL;
    Remembered& slot = remembered_[static_cast<std::size_t>(mixed >> 54)];  // 1,024 slots
    if (!slot.used || slot.key != key_) {
      slot = {key_, small_groups(), true};
    }
    return slot.small;
  }

  // A lower bound on what the cards not yet placed still cost. Link two such cards when they
  // could share a fragment cheaply (cards_linked). A group of linked cards holding one or two
  // cards (copies counted; with no wild card: kept as a joker, a wild card costs nothing) costs
  // at least one: a card of it replaced, or a gap, since any fragment holding its cards lacks a
  // place beside them (alone, a card lacks two; two cards make no meld; a fragment reaching a
  // card of another group has two empty places between them, one counted for each side).
  int small_groups() const {
    const LinkTable& links_of = links_;
    std::array<std::int8_t, natural_count> seen{};
    std::array<std::int8_t, natural_count> stack{};
    int small = 0;
    for (int start = 0; start < natural_count; ++start) {
      if (left(start) == 0 || seen[static_cast<std::size_t>(start)] != 0) continue;
      seen[static_cast<std::size_t>(start)] = 1;
      int top = 0, cards = 0;
      bool wild = false;
      stack[static_cast<std::size_t>(top++)] = static_cast<std::int8_t>(start);
      while (top > 0) {
        const int index = stack[static_cast<std::size_t>(--top)];
        cards += left(index);
        wild = wild || is_wild_card(Card::from_index(index), wild_);
        const Links& links = links_of[static_cast<std::size_t>(index)];
        for (int k = 0; k < links.count; ++k) {
          const int other = links.cards[static_cast<std::size_t>(k)];
          if (left(other) == 0 || seen[static_cast<std::size_t>(other)] != 0) continue;
          seen[static_cast<std::size_t>(other)] = 1;
          stack[static_cast<std::size_t>(top++)] = static_cast<std::int8_t>(other);
        }
      }
      if (cards <= 2 && !wild) ++small;
    }
    return small;
  }

  // The relaxed bound. Let S be the cards not yet placed that are not wild (a wild card left is
  // counted as a joker kept: used as itself it would fill a place a joker fills just as well).
  // Each card of S ends in a new fragment (kept) or replaced; the cards replaced, d, are at most
  // `budget`, and the gaps G of the new fragments must be filled by what comes in and the jokers:
  // short_by + G - d <= 0. With K cards kept, d = |S| - K, so: K >= |S| - budget and the melds
  // holding them span K + G <= |S| - short_by places. relaxed_widths()[d] is a lower bound on the
  // places that melds keeping all the cards of S but at most d span, so the branch is cut when
  // even that for d = budget exceeds the room.
  //
  // The bound: split S into groups of linked cards (cards_linked). A fragment holding cards of
  // several groups is cut into pieces, each a stretch of consecutive cards of one group; two pieces
  // side by side are at least three places apart (else they would be linked), so at least two
  // empty places lie between them, one counted for each. A piece is thus a book (all its cards
  // have one rank, so one group), a whole run (its window at least the shortest run), or a part of
  // one open at an end (its empty places inside, plus one). Each group's cheapest pieces for each
  // number of cards kept are found by a small exact search (group_widths, remembered by the
  // group's shape), and the groups are added up by a knapsack over the cards left out. It ignores
  // what the leaf asks besides the count (forced places, the pure run, the sequences, the
  // contract), so it is a lower bound.
  static constexpr int most_cards = 15;  // more cards left: the small groups' bound instead
  static constexpr std::int8_t beyond = 127;
  // [d]: for all the cards but at most d kept. The budget rarely passes most_dropped; beyond it,
  // a card more left out saves at most widest_alone_ places (kept alone, it would span those).
  static constexpr int most_dropped = 5;
  using Dropped = std::array<std::int8_t, most_dropped + 1>;

  // min over the ways to share d cards left out between a and b of the sum of their widths.
  static Dropped combine(const Dropped& a, const Dropped& b) {
    // Nothing on one side (no group of cards left added before this one): the other side is the
    // sum, as its widths never grow with more cards left out.
    if (a == Dropped{}) return b;
    Dropped sum;
    for (std::size_t d = 0; d < sum.size(); ++d) {
      int least = a[0] + b[d];
      for (std::size_t i = 1; i <= d; ++i) least = std::min(least, a[i] + b[d - i]);
      sum[d] = static_cast<std::int8_t>(least);
    }
    return sum;
  }

  static constexpr int max_group_searched = 8;  // larger groups: each card its own place

  // The relaxed bound's memories, kept by the thread from one search to the next (clearing them
  // for each hand cost more than a search): a slot of cards_left belongs to the search whose
  // generation it holds as its tag, a slot of groups_met or groups to the meld rules it holds as
  // its tag (rules_tag_), an entry of found to the group search whose number searched holds; and
  // the search's run fragments (runs, close_run), a slot to the search whose generation it holds.
  // About 1 MB, on the heap: made for a thread when it first counts cards away (as a thread's
  // static block, every thread would have it, and the C library clears it at each thread's start).
  struct WidthsSlot {
    std::array<std::uint64_t, 2> key{};
    std::uint64_t tag = 0;
    Dropped widths{};
  };
  struct RunSlot {
    std::uint64_t generation = 0;
    std::uint32_t key = 0;
    bool exists = false;
    Fragment fragment{};
  };
  struct Memo {
    std::array<RunSlot, 1024> runs{};
    std::array<WidthsSlot, 1024> cards_left{};
    std::array<WidthsSlot, 16384> groups_met{};
    std::array<WidthsSlot, 16384> groups{};
    std::uint64_t generations = 0;
    std::array<Dropped, std::size_t{1} << max_group_searched> found{};
    std::array<std::uint64_t, std::size_t{1} << max_group_searched> searched{};
    std::uint64_t group_searches = 0;
    std::uint64_t alone_tag = 0;  // the rules whose alone_width_ alone_width holds
    std::array<int, 2> alone_width{};
  };
  static Memo& memo() {
    static thread_local std::unique_ptr<Memo> kept;
    if (!kept) kept = std::make_unique<Memo>();
    return *kept;
  }

  // relaxed_widths() of the cards left, remembered by them as small_groups_remembered() does.
  const Dropped& relaxed_widths_remembered() {
    if (rules_.copies_allowed() > 3) {
      scratch_widths_ = relaxed_widths();
      return scratch_widths_;
    }
    const std::uint64_t mixed = key_[0] * 0x9E3779B97F4A7C15ULL ^ key_[1] * 0xC2B2AE3D27D4EB4FULL;
    WidthsSlot& slot = memory_.cards_left[static_cast<std::size_t>(mixed >> 54)];  // 1,024 slots
    if (slot.tag != generation_ || slot.key != key_) {
      slot = {key_, generation_, relaxed_widths()};
    }
    return slot.widths;
  }

  // A group of linked cards: the index of each card, once for each copy.
  struct Group {
    std::array<std::int8_t, most_cards> cards{};
    int count = 0;
  };

  // For each d, a lower bound on the places spanned by melds keeping all the cards left that are
  // not wild but at most d.
  Dropped relaxed_widths() {
    const LinkTable& links_of = links_;
    Dropped total{};
    for (std::uint64_t rest = counted_; rest != 0;) {
      // The group of the lowest card left: what it links to, what those link to, …
      std::uint64_t members = rest & (~rest + 1), reached = members;
      while (reached != 0) {
        std::uint64_t next = 0;
        for (std::uint64_t each = reached; each != 0; each &= each - 1) {
          next |= links_of[static_cast<std::size_t>(std::countr_zero(each))].mask;
        }
        reached = next & rest & ~members;
        members |= reached;
      }
      rest &= ~members;
      if ((members & (members - 1)) == 0 && left(std::countr_zero(members)) == 1) {
        // A card alone (the commonest group): kept, it spans alone_width_ places.
        const int width = alone_width_[std::countr_zero(members) % rank_count == 0 ? 1 : 0];
        for (std::size_t d = total.size() - 1; d > 0; --d) {
          total[d] = static_cast<std::int8_t>(std::min(total[d] + width, int{total[d - 1]}));
        }
        total[0] = static_cast<std::int8_t>(total[0] + width);
        continue;
      }
      // The same group (its cards and their copies) comes back in many of the search's sets of
      // cards left, and in the searches of hands that share cards (advise's, the benchmark's
      // repeated hands): remembered by its cards and the meld rules, it needs no shape. (Kept
      // by the thread in 16,384 slots rather than for one search in 1,024: the benchmark's hands
      // seen again, 35.5 k instructions a hand → 31.5 k.)
      const std::array<std::uint64_t, 2> cards{members, members & doubled_};
      const std::uint64_t mixed =
          cards[0] * 0x9E3779B97F4A7C15ULL ^ cards[1] * 0xC2B2AE3D27D4EB4FULL;
      WidthsSlot& slot = memory_.groups_met[static_cast<std::size_t>(mixed >> 50)];
      // With more than two copies of a card, these two masks do not tell how many are left: such
      // a game neither reads nor writes the slots (the rules' tag does not hold the copies).
      const bool exact = rules_.copies_allowed() <= 2;
      if (exact && slot.tag == rules_tag_ && slot.key == cards) {
        total = combine(total, slot.widths);
        continue;
      }
      Group group;
      for (std::uint64_t each = members; each != 0; each &= each - 1) {
        const int index = std::countr_zero(each);
        for (int copy = 0; copy < left(index); ++copy) {
          group.cards[static_cast<std::size_t>(group.count++)] = static_cast<std::int8_t>(index);
        }
      }
      const Dropped& widths = group_widths_remembered(group);
      if (exact) slot = {cards, rules_tag_, widths};
      total = combine(total, widths);
    }
    return total;
  }

  // group_widths() depends only on the shape of the group and the meld rules: the same with the
  // suits renamed, and (without an ace, since it ignores where the ranks end) with every rank
  // moved by one amount. The thread remembers it from hand to hand by the group so renamed (its
  // suits in the order of their ranks' masks, so that every renaming of a group gives one shape:
  // in the order they first came, by rank, two groups alike but for their suits could differ)
  // and moved (its lowest rank a 2), and by the rules (tag), in 16,384 slots: the benchmark's 2,000
  // hands meet about 3,500 shapes of groups to search, which 4,096 slots (one place for each shape)
  // kept only in part from one pass to the next; groups too large to search take no slot.
  const Dropped& group_widths_remembered(const Group& group) {
    // A group too large to search costs nothing to count, and more copies than two bits a card
    // hold have no shape.
    if (group.count > max_group_searched || rules_.copies_allowed() > 3) {
      scratch_group_widths_ = group_widths(group);
      return scratch_group_widths_;
    }
    // Its shape: for each suit, its ranks (two bits each, for the copies), moved so that its
    // lowest rank is a 2 (unless it holds an ace); the suits in the order of these masks, so
    // that any renaming of the suits gives the same shape.
    int lowest_rank = rank_count;  // 0 for the ace
    for (int k = 0; k < group.count; ++k) {
      lowest_rank = std::min(lowest_rank, group.cards[static_cast<std::size_t>(k)] % rank_count);
    }
    const int shift = lowest_rank == 0 ? 0 : lowest_rank - 1;
    std::array<std::uint64_t, suit_count> of_suit{};
    for (int k = 0; k < group.count; ++k) {
      const int index = group.cards[static_cast<std::size_t>(k)];
      of_suit[static_cast<std::size_t>(index / rank_count)] +=
          std::uint64_t{1} << (2 * (index % rank_count - shift));
    }
    std::sort(of_suit.begin(), of_suit.end());
    const std::array<std::uint64_t, 2> shape{of_suit[0] << 26 | of_suit[1],
                                             of_suit[2] << 26 | of_suit[3]};
    const std::uint64_t mixed =
        (shape[0] * 0x9E3779B97F4A7C15ULL ^ shape[1] * 0xC2B2AE3D27D4EB4FULL) + rules_tag_;
    // The slots go in pairs, a shape in either of its pair's, the one met last first, and a new
    // shape puts out the other: in a stream of new hands, a third of the groups searched had been
    // searched before and put out by a shape sharing their one slot.
    const auto pair = static_cast<std::size_t>(mixed >> 50) & ~std::size_t{1};
    WidthsSlot& first = memory_.groups[pair];
    WidthsSlot& second = memory_.groups[pair + 1];
    if (first.tag == rules_tag_ && first.key == shape) return first.widths;
    if (second.tag == rules_tag_ && second.key == shape) {
      std::swap(first, second);
      return first.widths;
    }
    second = first;
    first = {shape, rules_tag_, group_widths(group)};
    return first.widths;
  }

  // The widths of one group of linked cards, by an exact search over the cards still unassigned
  // (a bit mask, its results remembered): the lowest is left out, or makes a piece with some of
  // the others. A group too large to search counts each card kept as its own place.
  Dropped group_widths(const Group& group) const {
    if (group.count > max_group_searched) {
      Dropped widths;
      for (int d = 0; d <= most_dropped; ++d) {
        widths[static_cast<std::size_t>(d)] =
            static_cast<std::int8_t>(std::max(0, group.count - d));
      }
      return widths;
    }
    Memo& memory = memory_;
    ++memory.group_searches;
    return group_search(GroupPieces(group, *this), (1U << group.count) - 1, memory);
  }

  // A piece of a group (a book or a run of some of its cards, a bit each) and the places it spans.
  struct Piece {
    unsigned cards;
    int width;
  };

  // A group's pieces, listed by their lowest card: found once for the group rather than at each
  // state of its search (a piece came back in every state holding its cards).
  struct GroupPieces {
    // (Not cleared: the pieces are written before they are read, and clearing them was a tenth
    // of listing them.)
    std::array<Piece, (std::size_t{1} << max_group_searched) - 1> pieces;
    std::array<std::uint8_t, max_group_searched + 1> start{};  // card k's: start[k] … start[k + 1]

    GroupPieces(const Group& group, const AwaySearch& search) {
      std::array<unsigned, rank_count> of_rank{};  // the cards of each rank, by bit
      std::array<unsigned, suit_count> of_suit{};
      std::array<unsigned, max_group_searched> place{};   // a card's place in a run (0: an ace)
      std::array<unsigned, max_group_searched> copies{};  // the other cards that are the same card
      unsigned aces = 0;
      for (int k = 0; k < group.count; ++k) {
        const int index = group.cards[static_cast<std::size_t>(k)];
        const int rank = index % rank_count;  // 0 for the ace
        of_rank[static_cast<std::size_t>(rank)] |= 1U << k;
        of_suit[static_cast<std::size_t>(index / rank_count)] |= 1U << k;
        if (rank == 0) aces |= 1U << k;
        place[static_cast<std::size_t>(k)] = rank == 0 ? 0U : 1U << (rank + 1);
      }
      for (int k = 0; k < group.count; ++k) {
        const int index = group.cards[static_cast<std::size_t>(k)];
        copies[static_cast<std::size_t>(k)] =
            of_rank[static_cast<std::size_t>(index % rank_count)] &
            of_suit[static_cast<std::size_t>(index / rank_count)] & ~(1U << k);
      }
      const MeldRules& melds = search.rules_.melds;
      std::size_t count = 0;
      for (int k = 0; k < group.count; ++k) {
        start[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(count);
        const int index = group.cards[static_cast<std::size_t>(k)];
        const unsigned later = ~((2U << k) - 1);  // the cards after it: the lowest is placed first
        // The card alone, as a book or a run, whichever spans less.
        int alone = beyond;
        if (melds.max_set >= 1) alone = std::max(melds.min_group, 1);
        const int alone_run = search.run_piece_cost(place, aces, 1U << k);
        if (alone_run >= 0) alone = std::min(alone, alone_run + 1);
        if (alone < beyond) pieces[count++] = {1U << k, alone};
        // Books: the card with some later ones of its rank (no card twice where suits differ).
        const unsigned same_rank = of_rank[static_cast<std::size_t>(index % rank_count)] & later;
        for (unsigned piece = same_rank; piece != 0; piece = (piece - 1) & same_rank) {
          const unsigned book = piece | (1U << k);
          const int kept = bit_count(book);
          if (kept > melds.max_set) continue;
          bool differ = true;
          if (melds.set_suits_differ) {
            for (unsigned rest = book; rest != 0 && differ; rest &= rest - 1) {
              differ = (copies[static_cast<std::size_t>(std::countr_zero(rest))] & book) == 0;
            }
          }
          if (differ) pieces[count++] = {book, kept + std::max(0, melds.min_group - kept)};
        }
        // Runs: the card with some later ones of its suit, each at a place of its own (an ace low
        // or high, as the rules let it).
        const unsigned same_suit = of_suit[static_cast<std::size_t>(index / rank_count)] & later;
        if (index % rank_count == 0) {  // an ace, low or high: every set of them asked
          for (unsigned piece = same_suit; piece != 0; piece = (piece - 1) & same_suit) {
            const unsigned run = piece | (1U << k);
            const int cost = search.run_piece_cost(place, aces, run);
            if (cost >= 0) pieces[count++] = {run, bit_count(run) + cost};
          }
          continue;
        }
        // The cards of a suit come in the order of their places, so a run piece grows by a later
        // card one or two places above its last: at its place it would hold two cards at one,
        // further it would leave two empty places side by side, which run_piece_cost refuses.
        // Only those are listed, rather than every set of the suit's later cards asked (listing
        // a new group's pieces was half of its search).
        const int low = index % rank_count + 1;
        const auto grow = [&](const auto& self, unsigned run, int high, int kept) -> void {
          const unsigned beyond_last = ~((2U << (31 - std::countl_zero(run))) - 1);
          for (unsigned rest = same_suit & beyond_last; rest != 0; rest &= rest - 1) {
            const int next = std::countr_zero(rest);
            const int at = group.cards[static_cast<std::size_t>(next)] % rank_count + 1;
            if (at == high) continue;  // a copy of the last card
            const int span = at - low + 1;
            if (at - high > 2 || span > melds.max_sequence) break;
            const unsigned longer = run | (1U << next);
            const int cost = std::min(std::max(melds.min_run, span) - (kept + 1), span - kept);
            pieces[count++] = {longer, kept + 1 + cost};
            self(self, longer, at, kept + 1);
          }
        };
        grow(grow, 1U << k, low, 1);
      }
      start[static_cast<std::size_t>(group.count)] = static_cast<std::uint8_t>(count);
    }
  };

  Dropped group_search(const GroupPieces& group, unsigned unassigned, Memo& memory) const {
    if (unassigned == 0) return Dropped{};
    if (memory.searched[unassigned] == memory.group_searches) return memory.found[unassigned];
    const int first = std::countr_zero(unassigned);
    // The first card replaced: one fewer left out for the others.
    const Dropped replaced = group_search(group, unassigned & ~(1U << first), memory);
    Dropped best;
    best[0] = beyond;
    for (std::size_t d = 1; d < best.size(); ++d) best[d] = replaced[d - 1];
    const std::size_t end = group.start[static_cast<std::size_t>(first) + 1];
    for (std::size_t at = group.start[static_cast<std::size_t>(first)]; at < end; ++at) {
      const Piece& piece = group.pieces[at];
      if ((piece.cards & ~unassigned) != 0) continue;
      const Dropped rest = group_search(group, unassigned & ~piece.cards, memory);
      for (std::size_t d = 0; d < best.size(); ++d) {
        best[d] =
            static_cast<std::int8_t>(std::min({int{best[d]}, rest[d] + piece.width, int{beyond}}));
      }
    }
    memory.found[unassigned] = best;
    memory.searched[unassigned] = memory.group_searches;
    return best;
  }

  // The fewest empty places a run piece of the cards `piece` (one suit) counts; -1 when they
  // cannot share a run (two at one place, or too long) or another split counts no more.
  // `place`: each card's place (a bit; 0 for an ace); `ace_cards`: the aces, a bit each.
  int run_piece_cost(const std::array<unsigned, max_group_searched>& place, unsigned ace_cards,
                     unsigned piece) const {
    unsigned places = 0;
    for (unsigned rest = piece & ~ace_cards; rest != 0; rest &= rest - 1) {
      const unsigned at = place[static_cast<std::size_t>(std::countr_zero(rest))];
      if ((places & at) != 0) return -1;
      places |= at;
    }
    const int aces = bit_count(piece & ace_cards);
    const MeldRules& melds = rules_.melds;
    const auto cost = [&](unsigned held) {
      const int low = std::countr_zero(held), high = 31 - std::countl_zero(held);
      const int span = high - low + 1, kept = bit_count(held);
      if (span > melds.max_sequence) return -1;
      // Two empty places side by side inside: the two parts as pieces open at that end count
      // no more (inside - 2 + 1 + 1), so this piece need not be tried.
      const unsigned empty = ~held & ((2U << high) - (1U << low));
      if ((empty & (empty >> 1)) != 0) return -1;
      const int whole = std::max(melds.min_run, span) - kept;  // a run of its own
      const int open = span - kept + 1;  // a part of a longer run, open at one end at least
      return std::min(whole, open);
    };
    const unsigned low_ace = melds.ace_low ? 1U << 1 : 0U;
    const unsigned high_ace = melds.ace_high ? 1U << highest_place : 0U;
    if (aces == 0) return cost(places);
    if (aces == 2) return low_ace != 0 && high_ace != 0 ? cost(places | low_ace | high_ace) : -1;
    if (aces > 2) return -1;
    // One ace: low or high, whichever counts fewer.
    const int low = low_ace != 0 ? cost(places | low_ace) : -1;
    const int high = high_ace != 0 ? cost(places | high_ace) : -1;
    if (low < 0 || high < 0) return std::max(low, high);
    return std::min(low, high);
  }

  void visit() {
    if (found_ || discarded_ - extra_ >= best_) return;
    // At most `budget` more cards may be replaced, and the gaps may not outrun the cards that
    // come in with the jokers kept. An isolated card kept adds a gap; replaced, a card in.
    const int budget = best_ - 1 + extra_ - discarded_;  // cards still to replace or throw
    if (gaps_ > best_ - 1 + jokers_max()) return;
    // The small groups of cards not yet placed (each costing one more gap or card in) only cut
    // when there are enough of them: counting them is dear, so first ask whether all the cards
    // left could be enough.
    const int short_by = gaps_ - incoming() - jokers_max();
    if (short_by > budget) return;
    // The cards left that are not wild: at least `need` of them kept (the rest are replaced), in
    // melds of at most `room` places in all (relaxed_widths). With more cards than it counts, or
    // for the tests' comparison, the bound of the small groups instead.
    const int naturals = naturals_left_ - wild_left_;
    const Known above = known_;
    Known counted;  // this state's, for the states below it
    if (bound_ == Bound::relaxed && naturals <= most_cards) {
      const int need = std::max(0, naturals - budget);
      const int room = naturals - short_by;
      const int dropped = std::min(budget, most_dropped);
      // A card kept alone spans at most widest_alone_ places (itself and one empty place, a run
      // open at an end), so a room of that much for each card needed cuts nothing.
      if (room < widest_alone_ * need) {
        const int more = widest_alone_ * (budget - dropped);  // for cards left out past `dropped`
        // The cards left of the nearest state above that counted them are these and some more
        // (the cards placed since): these cards' melds and those cards alone (each spanning at
        // most widest_alone_) would be melds of theirs, so their widths less widest_alone_ for
        // each card more bound these from below. When that cuts, the count of these (which is no
        // less) cuts too, and it is not asked (nor its memory's key worked out).
        if (above.naturals >= 0 && above.widths[static_cast<std::size_t>(dropped)] -
                                           widest_alone_ * (above.naturals - naturals) - more >
                                       room) {
          return;
        }
        const Dropped& widths = relaxed_widths_remembered();
        if (widths[static_cast<std::size_t>(dropped)] - more > room) return;
        counted = {widths, naturals};
      }
    } else if (naturals_left_ > 2 * budget - short_by) {
      const int small = small_groups_remembered();
      if (short_by + small > budget + std::min(small, budget)) return;
    }
    if (left_mask_ == 0) {  // a leaf (the search takes the lowest card left, see below)
      if (incoming() >= 0 && goes_out()) {
        best_ = incoming();
        found_ = true;
      }
      return;
    }
    if (counted.naturals >= 0) known_ = counted;
    const int index = std::countr_zero(left_mask_);
    take(index);
    const Card card = Card::from_index(index);
    const int suit = static_cast<int>(card.suit());
    const int rank = static_cast<int>(card.rank());
    if (rank == 1) {
      if (rules_.melds.ace_low) grow_run(suit, 1, 1, +1, 1U << 1);
      if (rules_.melds.ace_high) {
        grow_run(suit, highest_place, highest_place, -1, 1U << highest_place);
      }
    } else {
      grow_run(suit, rank, rank, +1, 1U << rank);
    }
    // A card alone as a book is worth trying only where no run of it alone does all it does
    // (lone_run_beats; the same for the whole search, so asked once for each card, when it is
    // first the lowest card left).
    std::int8_t& known = alone_beaten_[static_cast<std::size_t>(index)];
    if (known < 0) known = lone_run_beats_book(index) ? 1 : 0;
    const bool beaten = known != 0;
    grow_book(rank, suit, 1, 1U << suit, beaten);
    if (wild_card_[static_cast<std::size_t>(index)]) {
      ++jokers_kept_;
      visit();
      --jokers_kept_;
    }
    ++discarded_;
    visit();
    --discarded_;
    put_back(index);
    known_ = above;
  }

  // A run fragment of `suit` from place `first` to `last` (in the direction `step`) holding the
  // places in `held`: close it here, or take a later card of the suit further on.
  void grow_run(int suit, int first, int last, int step, unsigned held) {
    const int low = std::min(first, last), high = std::max(first, last);
    const int kept = bit_count(held);
    const int span = high - low + 1;
    if (gaps_ + span - kept > best_ - 1 + jokers_max()) return;
    close_run(suit, low, high, held);
    // The places of the suit's cards left from 2 to the king (the ace is placed first, or
    // never), as far as the run may reach, nearest first.
    const int reach = rules_.melds.max_sequence - 1;
    const int from = std::max(step > 0 ? last + 1 : first - reach, std::max(lowest_place_, 2));
    const int to =
        std::min(step > 0 ? first + reach : last - 1, std::min(highest_place_, highest_place - 1));
    if (from > to) return;
    const unsigned places =
        static_cast<unsigned>(left_mask_ >> (suit * rank_count) << 1) & ((2U << to) - (1U << from));
    for (unsigned rest = places; rest != 0;) {
      const int place = step > 0 ? std::countr_zero(rest) : 31 - std::countl_zero(rest);
      rest &= ~(1U << place);
      if (gaps_ + std::abs(place - first) + 1 - (kept + 1) > best_ - 1 + jokers_max()) break;
      const int index = card_at(suit, place);
      take(index);
      grow_run(suit, first, place, step, held | (1U << place));
      put_back(index);
    }
  }

  // The run fragment of these places depends on them and the hand alone, and comes back in many
  // of the search's branches: remembered by them for the search (its generation), in 1,024 slots.
  void close_run(int suit, int low, int high, unsigned held) {
    const std::uint32_t key = held | static_cast<std::uint32_t>(suit) << 16;
    RunSlot& slot = memory_.runs[(key * 0x9E3779B1U) >> 22];
    if (slot.generation != generation_ || slot.key != key) {
      const std::optional<Fragment> fragment = run_fragment(suit, low, high, held);
      slot = {generation_, key, fragment.has_value(), fragment.value_or(Fragment{})};
    }
    if (!slot.exists) return;
    const Fragment fragment = slot.fragment;  // (the slot may be taken by the search below)
    add(fragment);
  }

  // The run fragment of the places `held` of `suit` (low … high), if any window can hold them.
  std::optional<Fragment> run_fragment(int suit, int low, int high, unsigned held) const {
    const int length = std::max(rules_.melds.min_run, high - low + 1);
    if (length > rules_.melds.max_sequence) return std::nullopt;
    const int kept = bit_count(held);
    // The window of `length` places around the cards held with the fewest forced places.
    const unsigned no_spare = no_spare_[static_cast<std::size_t>(suit)];
    int best_forced = -1, best_start = 0;
    for (int start = std::max(lowest_place_, high - length + 1);
         start <= low && start + length - 1 <= highest_place_; ++start) {
      const unsigned window = ((1U << length) - 1) << start;
      const int forced = bit_count(window & ~held & no_spare);
      if (best_forced < 0 || forced < best_forced) {
        best_forced = forced;
        best_start = start;
      }
      if (best_forced == 0) break;  // no window has fewer (the commonest case: the first)
    }
    if (best_forced < 0 || best_forced > rules_.melds.max_wilds_in_run) return std::nullopt;
    Fragment fragment;
    fragment.run = true;
    fragment.gaps = length - kept;
    fragment.forced = best_forced;
    fragment.joker_cap = rules_.melds.max_wilds_in_run;
    const int end = best_start + length - 1;
    const int room = std::min(2, rules_.melds.max_sequence - length);
    fragment.joker_room = std::min(room, (best_start - lowest_place_) + (highest_place_ - end));
    int free_room = 0;
    for (int place = best_start - 1;
         place >= lowest_place_ && free_room < room && (no_spare & (1U << place)) == 0; --place) {
      ++free_room;
    }
    for (int place = end + 1;
         place <= highest_place_ && free_room < room && (no_spare & (1U << place)) == 0; ++place) {
      ++free_room;
    }
    fragment.free_room = free_room;
    return fragment;
  }

  // A book fragment of `rank` holding `kept` cards (of the suits in `suits`): close it here, or
  // take a card of the rank in a later suit (or, when books may repeat suits, the same one).
  // `alone_beaten`: the card alone is not closed as a book (a run of it alone does better).
  void grow_book(int rank, int last_suit, int kept, unsigned suits, bool alone_beaten) {
    if (kept > 1 || !alone_beaten) close_book(rank, kept, suits);
    if (kept >= rules_.melds.max_set) return;
    const bool differ = rules_.melds.set_suits_differ;
    for (int suit = differ ? last_suit + 1 : last_suit; suit < suit_count; ++suit) {
      const int index = suit * rank_count + rank - 1;
      if (left(index) == 0) continue;
      take(index);
      grow_book(rank, suit, kept + 1, suits | (1U << suit), alone_beaten);
      put_back(index);
    }
  }

  void close_book(int rank, int kept, unsigned suits) {
    const Fragment fragment = book_fragment(rank, kept, suits);
    if (fragment.forced > rules_.melds.max_wilds_in_set) return;
    add(fragment);
  }

  // The book fragment of `kept` cards of `rank` (of the suits in `suits`).
  Fragment book_fragment(int rank, int kept, unsigned suits) const {
    const int size = std::max(rules_.melds.min_group, kept);
    int free_cards = 0;  // natural cards of the rank that could come in
    for (int suit = 0; suit < suit_count; ++suit) {
      const int spare_copies = std::max(0, spare(suit * rank_count + rank - 1));
      if (rules_.melds.set_suits_differ) {
        if ((suits & (1U << suit)) == 0 && spare_copies > 0) ++free_cards;
      } else {
        free_cards += spare_copies;
      }
    }
    Fragment fragment;
    fragment.gaps = size - kept;
    const int filled = std::min(fragment.gaps, free_cards);
    fragment.forced = fragment.gaps - filled;
    fragment.joker_cap = rules_.melds.max_wilds_in_set;
    fragment.free_room = std::min({2, free_cards - filled, rules_.melds.max_set - size});
    fragment.joker_room = std::min(2, rules_.largest_set() - size);
    return fragment;
  }

  // Whether a card alone makes a run fragment that does all its book fragment does.
  bool lone_run_beats_book(int index) const {
    const int suit = index / rank_count, rank = index % rank_count + 1;
    const Fragment alone = book_fragment(rank, 1, 1U << suit);
    for (const int place : {rank == 1 ? (rules_.melds.ace_low ? 1 : 0) : rank,
                            rank == 1 && rules_.melds.ace_high ? highest_place : 0}) {
      if (place == 0) continue;
      const std::optional<Fragment> lone = run_fragment(suit, place, place, 1U << place);
      if (lone && lone_run_beats(*lone, alone)) return true;
    }
    return false;
  }

  // Whether a run fragment does at least all a book fragment does at a leaf (fits): no more gaps
  // or forced places, as much room for cards and jokers, a sequence besides; a book counts only
  // towards a contract's books.
  bool lone_run_beats(const Fragment& run, const Fragment& other) const {
    if (rules_.deal.contract && !other.run) return false;
    return run.gaps <= other.gaps && run.forced <= other.forced &&
           run.free_room >= other.free_room && run.joker_room >= other.joker_room &&
           run.joker_cap >= other.joker_cap && (run.forced == 0 || other.forced > 0);
  }

  void add(const Fragment& fragment) {
    fragments_.push_back(fragment);
    gaps_ += fragment.gaps;
    visit();
    gaps_ -= fragment.gaps;
    fragments_.pop_back();
  }

  bool goes_out() const {
    if (incoming() + jokers_kept_ < gaps_) return false;
    if (!rules_.pure_sequence_required()) return fits(no_pure);
    for (std::size_t i = 0; i < fragments_.size(); ++i) {
      if (fragments_[i].run && fragments_[i].forced == 0 && fits(static_cast<int>(i))) {
        return true;
      }
    }
    return fits(new_pure);
  }

  static constexpr int no_pure = -2;   // no pure run is needed
  static constexpr int new_pure = -1;  // the pure run is made of cards that come in

  // Whether the leaf goes out with the fragment `pure` as its pure run (or no_pure, new_pure).
  bool fits(int pure) const {
    int forced = 0, joker_places = 0, runs = 0, books = 0, free_room = 0, joker_room = 0;
    for (std::size_t i = 0; i < fragments_.size(); ++i) {
      const Fragment& fragment = fragments_[i];
      (fragment.run ? runs : books) += 1;
      free_room += fragment.free_room;
      if (static_cast<int>(i) == pure) continue;
      forced += fragment.forced;
      joker_places += std::min(fragment.gaps, fragment.joker_cap);
      joker_room += std::min(fragment.joker_room, std::max(0, fragment.joker_cap - fragment.gaps));
    }
    const int jokers_in_gaps = std::min(jokers_kept_, joker_places);
    if (std::max(0, forced - jokers_in_gaps) > joker_supply_) return false;
    const int jokers_left = jokers_kept_ - jokers_in_gaps;
    const int free_left = incoming() - (gaps_ - jokers_in_gaps);
    if (free_left < 0) return false;
    const int left_over = jokers_left + free_left;
    const MeldRules& melds = rules_.melds;
    if (pure == new_pure && (free_left < melds.min_run || !free_run_)) return false;
    const int new_runs = left_over / melds.min_run;
    const int new_groups = left_over / smallest_group_;
    if (left_over > 0 && new_groups == 0) {
      if (free_left > free_room || jokers_left > joker_room) return false;
    }
    if (jokers_left > 0 && new_groups > 0) {
      const int cap = std::max(melds.max_wilds_in_run, melds.max_wilds_in_set);
      if (jokers_left > new_groups * cap + joker_room) return false;
    }
    if (rules_.pure_sequence_required() && runs + new_runs < 2) return false;
    if (rules_.deal.contract) {
      const int books_needed = std::max(0, rules_.deal.contract->books - books);
      const int runs_needed = std::max(0, rules_.deal.contract->runs - runs);
      if (books_needed * melds.min_group + runs_needed * melds.min_run > left_over) return false;
    }
    return true;
  }

  WildRank wild_;
  const Rules& rules_;
  const LinkTable& links_ = link_table(rules_.melds);  // (a function's static: asked once)
  std::array<int, natural_count> left_{};              // natural cards of the hand not yet placed
  std::array<int, natural_count> spare_{};             // copies the decks hold beyond the hand's
  std::array<unsigned, suit_count> no_spare_{};        // by suit, the places (bits) the decks lack
  // lone_run_beats_book, for each card once asked (-1: not yet).
  std::array<std::int8_t, natural_count> alone_beaten_ = [] {
    std::array<std::int8_t, natural_count> unknown{};
    unknown.fill(-1);
    return unknown;
  }();
  int printed_ = 0;
  int wild_left_ = 0;      // wild cards not yet placed
  int naturals_left_ = 0;  // natural cards (wild ones too) not yet placed
  int joker_supply_ = 0;   // jokers that could come in
  bool free_run_ = false;  // cards that come in can make a pure run of their own
  int lowest_place_ = 1, highest_place_ = 13;
  int smallest_group_ = 3;
  int card_count_ = 0;
  int jokers_kept_ = 0;
  int discarded_ = 0;  // cards of the hand not kept
  int extra_ = 0;      // … of them thrown without a card coming in (a drawn hand's discard)
  Bound bound_ = Bound::relaxed;
  int gaps_ = 0;
  int best_ = 0;
  // A hand found within the limit: the limits below it found none, so it is the answer and the
  // search stops there.
  bool found_ = false;
  // The relaxed bound of the nearest state above the one visited that asked it: its widths, and
  // its cards left not wild (-1: none).
  struct Known {
    Dropped widths{};
    int naturals = -1;
  };
  Known known_;
  std::vector<Fragment> fragments_;
  std::array<std::uint64_t, 2> key_{};  // the cards not yet placed, two bits each
  Dropped scratch_widths_{}, scratch_group_widths_{};
  std::array<bool, natural_count> wild_card_{};  // the wild cards, by index
  std::uint64_t left_mask_ = 0;                  // the natural cards not yet placed, a bit each
  std::uint64_t counted_ = 0;    // … of them, those the relaxed bound counts (not wild)
  std::uint64_t doubled_ = 0;    // … of them, those left twice
  std::uint64_t rules_tag_ = 0;  // the meld rules, for group_widths_remembered
  // The places group_widths() counts for a card kept alone (not an ace, an ace), and the more.
  std::array<int, 2> alone_width_{};
  int widest_alone_ = 3;
  Memo& memory_ = memo();  // the thread's memories (asked once: a thread's variable costs a call)
  std::uint64_t generation_ = ++memory_.generations;
  struct Remembered {
    std::array<std::uint64_t, 2> key{};
    int small = 0;
    bool used = false;
  };
  std::vector<Remembered> remembered_;  // 1,024 slots, where the small groups bound
};

}  // namespace

bool cards_linked(Card a, Card b, const MeldRules& melds) {
  if (a.is_printed_joker() || b.is_printed_joker() || a == b) return false;
  if (a.suit() != b.suit()) return a.rank() == b.rank();
  // The places each card may take in a run: its rank, and the ace's above the king.
  const auto places = [&](Card card) {
    const int rank = static_cast<int>(card.rank());
    if (rank != 1) return std::array<int, 2>{rank, rank};
    const int low = melds.ace_low ? 1 : highest_place, high = melds.ace_high ? highest_place : 1;
    return std::array<int, 2>{low, high};
  };
  for (const int from : places(a)) {
    for (const int to : places(b)) {
      if (std::abs(from - to) >= 1 && std::abs(from - to) <= 2) return true;
    }
  }
  return false;
}

std::optional<std::string> cards_away_refusal(const Rules& rules) {
  if (auto broken = check_rules(rules)) return broken;
  if (rules.count.arrange_by == ArrangeBy::combinations) {
    return fmt::format("cards away is not counted in {}: its combinations are not melds",
                       rules.words.game);
  }
  return std::nullopt;
}

namespace {

// The cards a drawn hand throws besides those replaced: a game whose shown hand has a fixed size
// judges one card more after its discard (as arrange does). Nothing when no hand of this many
// cards can go out.
std::optional<int> thrown_without_replacement(std::size_t count, const Rules& rules) {
  if (!rules.deal.exact_hand_size) return 0;
  const auto size = static_cast<std::size_t>(rules.deal.hand_size);
  if (count == size) return 0;
  if (count == size + 1) return 1;
  return std::nullopt;
}

}  // namespace

std::optional<int> cards_away(std::span<const Card> cards, WildRank wild, const Rules& rules) {
  return cards_away_up_to(cards, wild, rules, static_cast<int>(cards.size()));
}

namespace {

std::optional<int> search_up_to(std::span<const Card> cards, WildRank wild, const Rules& rules,
                                int most, Bound bound) {
  if (auto refusal = cards_away_refusal(rules)) throw RulesError(*refusal);
  const std::optional<int> extra = thrown_without_replacement(cards.size(), rules);
  if (!extra) return std::nullopt;
  if (cards.empty()) return 0;
  return AwaySearch(cards, wild, rules, *extra, bound).run(most);
}

}  // namespace

std::optional<int> cards_away_up_to(std::span<const Card> cards, WildRank wild, const Rules& rules,
                                    int most) {
  return search_up_to(cards, wild, rules, most, Bound::relaxed);
}

std::optional<int> detail::cards_away_small_groups_bound(std::span<const Card> cards, WildRank wild,
                                                         const Rules& rules) {
  return search_up_to(cards, wild, rules, static_cast<int>(cards.size()), Bound::small_groups);
}

bool goes_out_after_discard(std::span<const Card> cards, WildRank wild, const Rules& rules) {
  if (auto refusal = cards_away_refusal(rules)) throw RulesError(*refusal);
  if (rules.deal.exact_hand_size &&
      cards.size() != static_cast<std::size_t>(rules.deal.hand_size) + 1) {
    return false;
  }
  if (cards.size() <= 1) return cards.size() == 1;
  // A game that declares has a search for exactly this question (arrange.cpp's), which cuts
  // harder where jokers abound: it counts them as a pool rather than placing each.
  if (rules.count.arrange_by == ArrangeBy::declaration && is_drawn_hand(cards.size(), rules)) {
    return declares_after_discard(cards, wild, rules);
  }
  return AwaySearch(cards, wild, rules, 1).run(0).has_value();
}

bool cards_away_within(std::span<const Card> cards, WildRank wild, const Rules& rules, int most) {
  return cards_away_up_to(cards, wild, rules, most).has_value();
}

}  // namespace rummy
