// What one group of cards is: pure sequence, impure sequence, set, or not a group, and why
// (rules §2.3, §2.4). The verdict is data; explain() turns it into a sentence.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "card.hpp"
#include "inline_vector.hpp"
#include "rules.hpp"

namespace rummy {

enum class GroupKind { pure_sequence, impure_sequence, set, unmatched, invalid };

std::string_view kind_id(GroupKind kind);  // "pure_sequence" … (stable, for JSON)
std::string_view kind_name(GroupKind kind, const Rules& rules);  // "pure sequence" … (words)
constexpr bool is_sequence(GroupKind kind) {
  return kind == GroupKind::pure_sequence || kind == GroupKind::impure_sequence;
}
constexpr bool is_valid_group(GroupKind kind) {
  return is_sequence(kind) || kind == GroupKind::set;
}

// Why a group is not valid.
enum class GroupFault {
  none,
  too_few_cards,              // fewer than rules.melds.min_group: unmatched
  too_many_cards,             // more than any sequence or set can hold
  repeated_card,              // the only natural card(s) repeat: neither set nor sequence
  repeated_card_in_sequence,  // one suit, a card twice
  repeated_suit_in_set,       // one rank, a suit twice
  sequence_too_long,          // one suit, more than rules.melds.max_sequence cards
  set_too_large,              // one rank, more than rules.largest_set() cards
  gap,                        // one suit, more missing cards than jokers to fill them
  wraps_around,               // one suit, only fits around the ace (K-A-2)
  off_suit_card,              // the rest make a sequence; this card is of another suit, not wild
  off_rank_card,              // the rest make a set; this card is of another rank, not wild
  mixed_suits_and_ranks,      // neither one suit nor one rank
  too_many_wilds_in_run,      // more wild cards standing in than the game allows (Crazy: 2)
  too_many_wilds_in_set,      // likewise for a set (Crazy: 1)
  ace_low_only,               // a run that needs the ace high where the ace is low only
  run_too_short,              // one suit, fewer cards than a run needs (Crazy Rummy: 4)
};

// The most cards a valid group can hold: a run of every rank.
inline constexpr std::size_t longest_group = 16;

struct GroupVerdict {
  GroupKind kind = GroupKind::invalid;
  GroupFault fault = GroupFault::none;
  // For a valid group, what each card (in input order) stands as; a card standing as itself
  // maps to itself. Empty for a joker with no definite card (the fifth card of a set).
  InlineVector<std::optional<Card>, longest_group> reading;
  // The cards a fault is about (the repeated card, the ends of a gap, the card posing as a
  // joker and a card of the group it does not match, two cards that share neither suit nor rank).
  Card subject, other;
  InlineVector<Card, rank_count> missing;  // gap: the cards no joker is left to fill
  int jokers = 0;                          // gap: jokers the group has

  bool operator==(const GroupVerdict&) const = default;
};

// How much a verdict says: the kind with its reading and fault (for people), or the kind alone
// (for batches, where only the points matter).
enum class Detail { full, kind_only };

GroupVerdict classify_group(std::span<const Card> cards, WildRank wild, const Rules& rules,
                            Detail detail = Detail::full);

// One sentence on why the group is what it is, e.g. "reads 10♥-J♥-Q♥-K♥: PJ stands for Q♥".
std::string explain(const GroupVerdict& verdict, std::span<const Card> cards, WildRank wild,
                    const Rules& rules);

// "10♥-J♥-PJ-K♥(WJ)": a group in the game's notation, the deal's wild cards marked.
std::string format_group(std::span<const Card> cards, WildRank wild, const Rules& rules);
void append_group(std::string& out, std::span<const Card> cards, WildRank wild,
                  const Rules& rules);  // the same, appended to `out`

}  // namespace rummy
