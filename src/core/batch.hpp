// Scoring batches: one line of a batch file in, one record out (never an exception). The CLI
// reads the lines and writes the records; this part does no I/O.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "arrange.hpp"
#include "maal.hpp"
#include "notation.hpp"
#include "rules.hpp"
#include "scoring.hpp"
#include "text.hpp"

namespace rummy {

// What a line says when it says nothing: the command line's settings.
struct BatchDefaults {
  std::optional<WildRank> wild;  // --wild
  Game game = Game::points;
  bool declared = false;
  bool arrange = false;     // give each hand's best arrangement instead of scoring it as written
  bool cards_away = false;  // … and how far it is from going out
  // A game dealt with a tiplu (Marriage): --tiplu, and --players (0: the fewest the dublee
  // route needs).
  std::optional<Card> tiplu;
  int players = 0;
};

// The record of a player's cards in a game dealt with a tiplu (docs/batch-format.md):
//  - an end (the ender's state given, a discard written, or the deal's cards and one more):
//    judged as validate judges it (check_end), valid or invalid;
//  - the shown groups alone (no hand part): judged as a first stage (check_first_stage);
//  - any other cards: their maal only, verdict valid.
// The maal is counted as score counts it, under the state (given, or read from the cards:
// an end ended or foul, else seen or unseen by the first stage shown).
struct TableRecord {
  enum class Judged { end, first_stage, maal };
  Judged judged = Judged::maal;
  Card tiplu;
  MaalState state = MaalState::unseen;
  bool state_given = false;
  FirstStage stage = FirstStage::none;
  int maal = 0;                 // counted under the state and the house rules
  MaalCount held;               // the maal of the cards kept
  std::optional<Card> discard;  // an end's: as written, or the one chosen
  std::vector<std::string> problems;
};
std::string_view judged_id(TableRecord::Judged judged);  // "end", "first_stage", "maal"
std::string_view first_stage_id(FirstStage stage);       // "none", "combinations", "dublees"

enum class Verdict { valid, invalid, drop, error };
inline constexpr std::size_t verdict_count = 4;
static_assert(static_cast<std::size_t>(Verdict::error) + 1 == verdict_count);
std::string_view verdict_id(Verdict verdict);  // "valid", "invalid", "drop", "error"

struct BatchRecord {
  std::size_t line = 0;
  Verdict verdict = Verdict::error;
  Game game = Game::points;
  bool declared = false;
  WildRank wild;
  Score score;                             // hands and drops
  std::optional<Arrangement> arrangement;  // with BatchDefaults::arrange
  std::optional<int> cards_away;           // with BatchDefaults::cards_away: how far from going out
  Grouping grouping = Grouping::as_written;
  std::optional<Hand> grouped_as;    // a hand written without groups: the grouping judged
  std::optional<Card> discard;       // a drawn hand (without --arrange): the card judged discarded
  std::optional<Diagnostic> error;   // Verdict::error: where and why
  std::optional<TableRecord> table;  // a game dealt with a tiplu: the record's figures
};

// Blank lines and '#' comment lines hold no hand.
bool holds_no_hand(std::string_view line);

// `line` has no line break; `line_number` is its number in `source`.
// The longest line a batch reads as a hand; a longer one is an error record of its own.
inline constexpr std::size_t max_batch_line = std::size_t{1} << 20;
BatchRecord overlong_batch_line(std::string_view source, std::size_t line_number);
// An error record of its own for line `line_number` of `source`: an overlong line, a source that
// cannot be read.
BatchRecord batch_error(std::string_view source, std::size_t line_number, std::string message);

BatchRecord process_batch_line(std::string_view line, std::string_view source,
                               std::size_t line_number, const BatchDefaults& defaults,
                               const Rules& rules);

}  // namespace rummy
