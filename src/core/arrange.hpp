// The best arrangement of a hand: the grouping that declares if one exists, otherwise the one
// whose loser's count is lowest (rules §2.5, §2.6), found by an exact search. With 14 cards
// the search also chooses the card to discard to the finish slot.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "declaration.hpp"
#include "rules.hpp"
#include "scoring.hpp"

namespace rummy {

struct Arrangement {
  Hand hand;  // the grouping, in the order it is best read: sequences, sets, the rest
  std::optional<Card> discard;  // 14 cards: the card that goes to the finish slot
  DeclarationCheck check;       // of `hand`, by the ordinary classifier
  Score score;                  // what `hand` pays as a loser's hand shown after a declaration
  bool valid() const { return check.valid(); }
};

// `cards` holds rules.deal.hand_size cards (a shown hand) or one more (a player about to declare).
// The result is exact: no grouping (and no discard) does better. Its score is recomputed by
// check_declaration and score_shown_hand, so it is what `rummy score` says of those groups.
// `detail`: how much that check says of each group (the kinds alone, for batches and outs;
// Crazy Rummy's search by subsets always says all). Rules that check_rules refuses: RulesError.
Arrangement arrange(std::span<const Card> cards, WildRank wild, const Rules& rules,
                    Detail detail = Detail::full);

// The least deadwood of a hand of at most `subset_search_limit` cards, with no tiers, by a DP
// over its subsets that asks the classifier which of them are melds: Crazy Rummy's search
// (wild cards count 20 when left over, each meld holds a limited number of them, books may
// repeat suits), and a second opinion on the other games in the tests. With rules.deal.contract
// (a Crazy round) it prefers the groupings that meet the contract. More cards: std::length_error.
inline constexpr std::size_t subset_search_limit = 16;
Arrangement arrange_by_subsets(std::span<const Card> cards, WildRank wild, const Rules& rules);

// What arrange(cards, wild, rules).score.points is, for Basic and Knock Rummy (the points of
// the cards outside melds in the grouping with the least deadwood), without building the
// groups: from one pack without jokers, the bit-mask search alone. Other games: arrange()'s.
int least_deadwood(std::span<const Card> cards, WildRank wild, const Rules& rules);

// The least deadwood by the general search alone (Basic and Knock Rummy take a bit-mask search
// instead when the hand holds no joker and no card twice): the reference that fast path is
// checked against in the tests.
Arrangement arrange_least_deadwood_by_search(std::span<const Card> cards, WildRank wild,
                                             const Rules& rules, Detail detail = Detail::full);

// Why `arrange` cannot take `count` cards under these rules (the subset search's limit), in
// words naming `command` ("arrange", "--arrange"); nothing when it can.
std::optional<std::string> arrange_refusal(std::size_t count, const Rules& rules,
                                           std::string_view command);

// How a hand is judged (docs: "hands written without groups"): as its writer grouped it when it
// was written with '|' or '-'; written without either, in a game where grouping decides the
// count (Indian, Knock), by its best grouping, as `arrange` finds it. A drawn hand (one card
// more than a shown hand, where hands are declared) is judged after its best discard: written
// without groups, the one `arrange` chooses; with groups, judge_grouped_discard's. (An Indian
// hand of another size is judged as written: no grouping can declare it.)
enum class Grouping { as_written, arranged };
inline constexpr std::size_t grouping_count = 2;
static_assert(static_cast<std::size_t>(Grouping::arranged) + 1 == grouping_count);
std::string_view grouping_id(Grouping grouping);  // "as written", "arranged"

// A hand of one card more than a shown hand, in a game whose shown hand has a fixed size and is
// declared (Indian rummy's 14 cards: a player who has drawn and asks "can I show?"). It is
// judged after the discard that leaves the best verdict (docs/rules.md §6).
bool is_drawn_hand(std::size_t count, const Rules& rules);

// Why the discard of a drawn hand is the one judged.
enum class DiscardReason {
  declares,      // it leaves a valid declaration
  lowest_count,  // no discard declares; it leaves the lowest count
};
std::string_view discard_reason_id(DiscardReason reason);  // "declares", "lowest_count"

struct Discard {
  Card card;
  DiscardReason reason = DiscardReason::lowest_count;
  // Written with groups: the group it was taken from, as written (index and cards); judged by
  // the best grouping: -1 and nothing.
  int group = -1;
  Group from;
};

struct JudgedHand {
  Hand hand;  // the groups judged (a drawn hand: after its discard)
  DeclarationCheck check;
  Grouping grouping = Grouping::as_written;
  std::optional<Discard> discard;  // a drawn hand: the card judged discarded
  // Judged as written, not a valid declaration, but its cards can declare: how (when asked),
  // and for a drawn hand with which discard.
  std::optional<Hand> could_declare;
  std::optional<Card> could_declare_discard;
};

// A drawn hand written with groups: of the hands the player's grouping leaves after taking
// out one card, the one with the best verdict (a valid declaration, then the lowest count, then
// the fewest problems); of equally good discards, the card worth most, and of those the first
// as written.
JudgedHand judge_grouped_discard(const Hand& hand, const Rules& rules,
                                 Detail detail = Detail::full);

JudgedHand judge_hand(Hand hand, bool written_grouped, const Rules& rules,
                      bool look_for_declaration = false, Detail detail = Detail::full);

// Whether a drawn hand (is_drawn_hand) of a game that declares (ArrangeBy::declaration) has a
// discard that leaves a valid declaration: arrange(cards).valid(), by a search that asks for
// declarations only. Other hands or games: RulesError.
bool declares_after_discard(std::span<const Card> cards, WildRank wild, const Rules& rules);

// A card that could be drawn next and what it would allow.
struct Out {
  Card card;
  int copies_left = 0;  // copies that can still be unseen, given the cards in hand
  int points = 0;       // the best count after drawing it and discarding (2 when it declares)
  bool declares = false;
  std::optional<Card> discard;  // the card to discard after drawing it
};

struct Outs {
  int points_now = 0;        // the hand's best count as it stands
  std::vector<Out> declare;  // every card that lets the hand declare, in card order
  std::vector<Out> improve;  // when none declares: the cards that lower the count most
};

// For a hand of rules.deal.hand_size cards: every draw that declares, or the best improvements.
// Rules that check_rules refuses: RulesError.
Outs find_outs(std::span<const Card> cards, WildRank wild, const Rules& rules);

// The same answer by the plainer way find_outs took before it passed over draws that cannot
// matter: every draw searched (within the bound of the best count yet). The reference
// find_outs is checked against in the tests and the arrange fuzz target.
Outs find_outs_reference(std::span<const Card> cards, WildRank wild, const Rules& rules);

}  // namespace rummy
