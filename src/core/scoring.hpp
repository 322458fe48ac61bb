// Penalty points: what a declaring player, a loser showing a hand, or a dropping player pays
// (rules §2.2, §2.6). The winner of a deal pays 0.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "declaration.hpp"
#include "inline_vector.hpp"
#include "rules.hpp"

namespace rummy {

enum class ScoreBasis {
  valid_declaration,        // the declarer's hand is valid: 0
  wrong_show,               // the declarer's hand is not valid: the declaration's wrong_show_points
  valid_after_declaration,  // a loser's hand that is itself valid: rules.valid_after_…_points
  no_pure_sequence,         // a loser without a pure sequence: every card
  pure_without_second,      // a pure sequence but no second one: per the house rule
  two_sequences,            // two sequences, one pure: cards outside valid groups
  first_drop,
  middle_drop,
  deadwood,       // Knock Rummy: the cards outside valid melds
  cards_in_hand,  // Basic and Crazy Rummy: every card left in the hand
  points_given,   // a sheet gave the count without the cards (capped like any loser's count)
};
inline constexpr std::size_t score_basis_count = 11;

std::string_view basis_id(ScoreBasis basis);  // stable, for JSON: "no_pure_sequence" …

// Whether a score on this basis comes from a declaration's numbers: only a game that declares
// scores on it (describe() reads them).
constexpr bool from_declaration(ScoreBasis basis) {
  return basis == ScoreBasis::wrong_show || basis == ScoreBasis::valid_after_declaration ||
         basis == ScoreBasis::pure_without_second;
}

struct Score {
  int points = 0;    // after the cap
  int uncapped = 0;  // before it
  ScoreBasis basis = ScoreBasis::valid_declaration;
  // The cards whose values make up `uncapped`, in hand order (kept in place up to a Marriage
  // hand's 21 cards and a few more).
  SmallVector<Card, 24> counted;
  bool operator==(const Score&) const = default;
};

// The hand of the player who declared.
Score score_declaration(const DeclarationCheck& check, const Rules& rules);
// The same, from the verdict alone (a declaration written without its cards).
Score score_declaration_verdict(bool valid, const Rules& rules);

// The hand of a loser, shown after someone else's valid declaration.
Score score_shown_hand(const Hand& hand, const DeclarationCheck& check, const Rules& rules);

// The cards outside valid melds (Knock Rummy's deadwood; in Basic and Crazy Rummy, what is left
// in hand after putting down every meld of this grouping). No cap.
Score score_deadwood(const Hand& hand, const DeclarationCheck& check, const Rules& rules);

// A loser's count given without the cards: capped as any count is.
Score score_given(int points, const Rules& rules);

// A drop in this game; empty when the game allows no drop (deals rummy).
std::optional<Score> score_drop(Game game, Drop drop, const Rules& rules);

// Why a game refuses a drop: "deals rummy has no drop: a player may not leave a deal in it".
std::string no_drop_text(Game game);

// Which rule produced the number, in words.
std::string describe(const Score& score, const Rules& rules, Game game = Game::points);

}  // namespace rummy
