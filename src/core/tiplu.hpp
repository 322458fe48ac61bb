// A deal that turns up a tiplu (Marriage, docs/rules.md §9): the maal cards it makes, the
// three-card combinations, the first stage that shows the tiplu, and the end of a deal. Every
// number and choice is read from the Rules value (rules.hpp: TipluRules); nothing here names a
// game.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "card.hpp"
#include "rules.hpp"

namespace rummy {

// What a card is in a deal with this tiplu.
enum class MaalRole {
  plain,   // an ordinary card
  tiplu,   // the tiplu card itself (its two copies in play)
  poplu,   // the tiplu's suit, one rank above (the ace above the king, the two above the ace)
  jhiplu,  // the tiplu's suit, one rank below
  alter,   // the tiplu's rank in the other suit of its colour
  joker,   // the tiplu's rank in the other colour (an ordinary joker)
  printed  // a printed joker (house rule printed-jokers)
};
inline constexpr std::array<EnumRow<MaalRole>, 7> maal_role_rows = {{
    {MaalRole::plain, "plain", "an ordinary card"},
    {MaalRole::tiplu, "tiplu", "tiplu"},
    {MaalRole::poplu, "poplu", "poplu"},
    {MaalRole::jhiplu, "jhiplu", "jhiplu"},
    {MaalRole::alter, "alter", "alter"},
    {MaalRole::joker, "joker", "ordinary joker"},
    {MaalRole::printed, "printed_joker", "printed joker"},
}};
static_assert(maal_role_rows.size() == static_cast<std::size_t>(MaalRole::printed) + 1 &&
              in_enum_order(maal_role_rows));

// The card turned up in a deal, and what it makes of the others.
class Tiplu {
 public:
  explicit Tiplu(Card card);  // a natural card (the caller checks: not a printed joker)
  Card card() const { return card_; }
  Card poplu() const { return poplu_; }
  Card jhiplu() const { return jhiplu_; }
  Card alter() const { return alter_; }
  MaalRole role(Card card) const;
  // Whether the card may stand in for another: the tiplu's rank (with alter-only-jokers, only
  // in the tiplu's colour), the poplu, the jhiplu and printed jokers.
  bool wild(Card card, const Rules& rules) const;
  // The copies of a card in play with this tiplu (Rules::copies_in_play).
  int copies_in_play(Card card, const Rules& rules) const;
  // The ordinary jokers: the tiplu's rank in the other suits, as far as they are wild.
  std::vector<Card> jokers(const Rules& rules) const;
  // "tiplu 7♥: jhiplu 6♥, poplu 8♥, ordinary jokers 7♠ 7♦ 7♣ (alter 7♦)"
  std::string text(const Rules& rules) const;

 private:
  Card card_, poplu_, jhiplu_, alter_;
};

// The most cards a combination holds: three, or with long-groups a run of every rank.
inline constexpr std::size_t longest_combo = 13;

// What a group of cards is (docs/rules.md §9.3).
enum class ComboKind {
  tunnela,         // three identical cards
  pure_sequence,   // one suit in consecutive ranks, every card as itself
  marriage,        // jhiplu, tiplu and poplu: a pure sequence, or all jokers (K-A-2)
  triplet,         // one rank in different suits, every card as itself
  dirty_sequence,  // a sequence with a joker standing in
  dirty_triplet,   // a triplet with a joker standing in
  jokers,          // three cards of which two or more are jokers
  dublee,          // two identical cards
  invalid
};
inline constexpr std::array<EnumRow<ComboKind>, 9> combo_kind_rows = {{
    {ComboKind::tunnela, "tunnela", "tunnela"},
    {ComboKind::pure_sequence, "pure_sequence", "pure sequence"},
    {ComboKind::marriage, "marriage", "marriage"},
    {ComboKind::triplet, "triplet", "triplet"},
    {ComboKind::dirty_sequence, "dirty_sequence", "dirty sequence"},
    {ComboKind::dirty_triplet, "dirty_triplet", "dirty triplet"},
    {ComboKind::jokers, "jokers", "two or more jokers"},
    {ComboKind::dublee, "dublee", "dublee"},
    {ComboKind::invalid, "invalid", "not a combination"},
}};
static_assert(combo_kind_rows.size() == static_cast<std::size_t>(ComboKind::invalid) + 1 &&
              in_enum_order(combo_kind_rows));
constexpr bool is_combination(ComboKind kind) {
  return kind != ComboKind::invalid && kind != ComboKind::dublee;
}
// A tunnela or a sequence of cards as themselves: what the first stage shows.
constexpr bool is_pure(ComboKind kind) {
  return kind == ComboKind::tunnela || kind == ComboKind::pure_sequence ||
         kind == ComboKind::marriage;
}

// Why a group is no combination.
enum class ComboFault {
  none,
  wrong_size,           // not three cards (with long-groups: fewer than three, or too many)
  identical_and_joker,  // two identical cards and a joker: no tunnela by joker, no triplet
  no_sequence,          // two cards of one suit that no single card joins
  wraps_around,         // only K-A-2 would join them
  mixed,                // neither one suit nor one rank
  repeated_suit,        // one rank, a suit twice
  gap,                  // one suit, too far apart for the jokers
  printed_joker,        // a printed joker where only natural cards count (the first stage)
};

struct ComboVerdict {
  ComboKind kind = ComboKind::invalid;
  ComboFault fault = ComboFault::none;
  // A joker standing in: the card it stands for (dirty groups), if one card is named.
  std::optional<Card> stands_for;
  Card joker;    // the card standing in
  Card subject;  // the cards a fault is about
  Card other;
};

// What the cards are with this tiplu (every wild card as itself or as a joker). With no tiplu,
// as the first stage judges them: every card as itself (docs/rules.md §9.4).
ComboVerdict classify_combo(std::span<const Card> cards, const Tiplu* tiplu, const Rules& rules);
// What three cards make with this tiplu: classify_combo's kind with the cards given in card order
// (the search's, quickly; its order decides between a dirty sequence and a dirty triplet when two
// of the cards are wild).
ComboKind kind_of_three(std::array<Card, 3> cards, const Tiplu& tiplu, const Rules& rules);
// One sentence: "pure sequence", "dirty sequence: 7♣ stands for 7♦ or 4♦" …, or why not.
std::string explain_combo(const ComboVerdict& verdict, std::span<const Card> cards,
                          const Tiplu* tiplu, const Rules& rules);

// ---- A player's cards, as a deal record writes them ---------------------------------------------

struct ShownGroup {
  std::vector<Card> cards;
  bool at_deal = false;  // "(deal)": a tunnela shown at the deal
};

struct TableHand {
  std::vector<ShownGroup> shown;        // the groups on the table
  std::vector<std::vector<Card>> hand;  // the rest, as written: groups, or one loose part
  bool hand_grouped = false;            // the rest was written with '|' or '-'
  std::optional<Card> discard;          // the final discard (the player who ended)

  std::vector<Card> kept() const;  // every card but the discard
  std::size_t card_count() const;  // with the discard
};

// The hand with `discard` thrown: taken from the cards in hand (not the shown groups) and written
// as the final discard, so that its maal (count_maal) is the kept cards'. Unchanged when the hand
// holds no such card.
TableHand with_discard(TableHand hand, Card discard);

// How a player came to see the tiplu (docs/rules.md §9.4).
enum class FirstStage { none, combinations, dublees };

// The verdict on a player's shown groups: the first stage, and the fault that makes it a foul.
struct StageCheck {
  FirstStage stage = FirstStage::none;
  std::vector<std::string> faults;  // empty: no foul
  int deal_tunnelas = 0;
};
// The players taken as dealt in when nobody says: the fewest the dublee route needs, at most a
// full table (ruling 6.82).
int assumed_players(const Rules& rules);
// `players`: the number dealt in (the dublee route needs dublee_min_players).
StageCheck check_first_stage(const TableHand& hand, int players, const Rules& rules);

// The verdict on an end (docs/rules.md §9.5): each group of the hand judged, and the faults.
struct EndGroup {
  std::vector<Card> cards;
  ComboVerdict verdict;
  bool shown = false;
  bool at_deal = false;
};
struct EndCheck {
  FirstStage route = FirstStage::none;
  std::vector<EndGroup> groups;     // shown first, then the hand's, as judged or as found
  std::vector<Card> loose;          // cards of a dublee end outside the eighth dublee
  std::optional<Card> discard;      // as written, or chosen by the search
  bool arranged = false;            // the tool found the groups (the hand was written loose)
  std::vector<std::string> faults;  // empty: a valid end
  bool valid() const { return faults.empty(); }
};
EndCheck check_end(const TableHand& hand, const Tiplu& tiplu, int players, const Rules& rules);

// A card that, drawn next, lets a hand of the deal's size end (docs/rules.md §9.5), with the
// discard that keeps the most maal and the maal kept.
struct EndOut {
  Card card;
  int copies_left = 0;  // copies the packs hold beyond the hand's (the tiplu's: two in play)
  std::optional<Card> discard;
  int maal = 0;
};
// Every card whose draw lets the hand end, in card order; none for a player who has not seen.
std::vector<EndOut> find_end_outs(const TableHand& hand, const Tiplu& tiplu, int players,
                                  const Rules& rules);

// Loose cards (the kept cards outside the shown groups, and the 22nd when `choose_discard`)
// split into combinations; nothing when no split exists. With a discard to choose, the one that
// keeps the most maal (`maal_without(card)`: the hand's maal when that card is thrown).
struct ComboSplit {
  std::vector<std::vector<Card>> groups;
  std::optional<Card> discard;
};
std::optional<ComboSplit> split_into_combos(std::span<const Card> cards, bool choose_discard,
                                            const Tiplu& tiplu, const Rules& rules,
                                            const std::function<int(Card)>& maal_without = {});
// The same question answered by trying every split (tests: the exhaustive reference).
std::optional<ComboSplit> split_into_combos_reference(std::span<const Card> cards,
                                                      const Tiplu& tiplu, const Rules& rules);

}  // namespace rummy
