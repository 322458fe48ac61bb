// What a game offers, derived from its Rules: the options that apply to it (the command line
// refuses the others, and the page shows only these), its formats, the lines a table sheet's
// player may write, and the settings a sheet takes. One derivation, so that the command line,
// `rummy rules --list` and the page cannot disagree; no game is named here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules.hpp"

namespace rummy {

// The most packs any game is played with (--decks).
inline constexpr int most_packs = 8;

// The options of the commands that apply to a game.
struct GameOptions {
  bool wild_rank = false;    // --wild: the deal chooses a wild rank
  int packs = 1;             // the packs the game is played with
  int most_packs = 1;        // --decks from 1 to this (1: the game's own packs only)
  int rounds = 0;            // --round from 1 to this; 0: the game has no rounds
  bool formats = false;      // --game: the game has formats (points, pools, deals)
  bool drops = false;        // --drop, and 'dropped' on a sheet
  bool declared = false;     // --declared: a hand is declared, and judged as a declaration
  bool going_rummy = false;  // --rummy: going rummy multiplies the hand
  bool layoffs = false;      // rummy layoff: cards laid off onto melds on the table
  bool outs = false;         // rummy outs: the draws that let a hand declare (or end)
  bool advise = false;       // rummy advise: the discards ranked by the odds of going out
  int hand_size = 0;         // the cards every hand is dealt, where the game fixes it (advise
                             // takes one more, or this many with --open); 0: any number
  bool tiplu = false;        // --tiplu, --players and score's --state: the deal turns up a tiplu
};
GameOptions options_of(const Rules& rules);

// What a player's line on a sheet takes after its words.
enum class LineTakes {
  nothing,         // 'missed', 'out'
  hand,            // 'declared HAND' (or 'declared' alone)
  hand_or_points,  // 'showed HAND', 'showed 45', 'knocked HAND'
  points,          // a count alone: 'Ravi 45'
  hand_needed,     // the hand, always: 'gin HAND' (a game that scores hands from their cards)
  table_hand,  // the cards as shown at the table, or a count: 'seen shown … hand …', 'seen 12'
};
std::string_view line_takes_id(LineTakes takes);  // "nothing", "hand", …

// One way a player's line on a sheet may read: 'Ravi dropped first', 'Asha declared HAND'.
struct PlayerLine {
  Outcome outcome = Outcome::showed;
  std::string words;         // as the sheet writes them: "dropped first"; "" for a count alone
  std::string_view meaning;  // for people: "dropped first", "went out", "points only"
  LineTakes takes = LineTakes::nothing;
  bool ends_deal = false;  // the player who ends the deal writes this (the winner, the knocker)
  std::string_view needs = "";  // the house rule it needs: "big-gin=on"; empty: none
};
// Every line the game's sheet takes, in the outcome table's order.
std::vector<PlayerLine> player_lines(const Rules& rules);
// Those lines for people, as rules --list and a sheet's errors say them, the deal's ender's
// first: "'knocked HAND' (ends it), 'gin HAND' (ends it) … or 'showed HAND'".
std::string player_lines_text(const Rules& rules);

// A setting a sheet takes: on the game line ('game deals 3', 'game basic target 150') or a line
// of its own ('point 2', 'fee 10%').
struct SheetOption {
  std::string id;             // "point", "entry", "fee", "currency", "target", "deals" …
  std::string words;          // for people: "point value", "rounds"
  std::string keyword;        // as written before the value: "point", "target"; "" none
  bool on_game_line = false;  // written after the game's name
  bool required = false;      // the sheet must say it
  std::string kind;           // "amount", "fee", "count", "text"
  std::optional<std::string> by_default;  // what holds when the sheet does not say it
};
// The settings of a sheet of this game (and format, for a game with formats).
std::vector<SheetOption> sheet_settings(const Rules& rules);

// A setting of one deal on a sheet: Indian rummy's wild joker ('deal wild 7♦'), the lines of the
// deal's own of the deal-line table ('upcard 6♦', 'dead').
struct DealSetting {
  std::string id;                // "wild", "upcard", "dead"
  std::string words;             // for people: "wild joker of the deal"
  std::string keyword;           // as written before the card: "wild"
  bool on_deal_line;             // after 'deal' on its line; else a line of its own in the deal
  std::string example;           // "7♦"; "" for a line that takes nothing
  std::string takes = "card";    // what follows the keyword: "rank" (a rank or a card), "card",
                                 // "nothing" (the keyword alone: a switch)
  bool without_players = false;  // written, the deal has no players' lines ('dead')
  std::string needs;             // the house rule it needs, as a sheet writes it: "oklahoma=on"
};
std::vector<DealSetting> deal_settings(const Rules& rules);

// The name a sheet's game line gives this game (and format): "pool101", "basic".
std::string_view sheet_game_name(const Rules& rules);

}  // namespace rummy
