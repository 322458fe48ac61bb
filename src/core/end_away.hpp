// How far a hand of a deal with a tiplu (Marriage) is from an end: its "cards away" (docs/rules.md
// 6.92). The counterpart of cards_away.hpp for games whose hands end by three-card combinations
// rather than melds. No I/O.
#pragma once

#include <optional>
#include <string>

#include "tiplu.hpp"

namespace rummy {

// The fewest of the cards in hand (never the shown groups) that must be replaced, each by a card
// the packs still hold, for the hand to end by its route: on the combinations route every kept
// card in hand in a combination; on the dublee route an eighth dublee in hand. A hand of one card
// over the deal's size (after its draw) is judged after its discard, which is not a replacement.
// Nothing for a player who has not seen the tiplu (who cannot end), or a hand of another size.
// Rules end_cards_away_refusal refuses: RulesError.
std::optional<int> end_cards_away(const TableHand& hand, const Tiplu& tiplu, int players,
                                  const Rules& rules);

// Whether end_cards_away() is at most `most`: the same search, stopped there.
bool end_cards_away_within(const TableHand& hand, const Tiplu& tiplu, int players,
                           const Rules& rules, int most);

// Why end_cards_away() cannot answer for these rules, in words; nothing when it can.
std::optional<std::string> end_cards_away_refusal(const Rules& rules);

}  // namespace rummy
