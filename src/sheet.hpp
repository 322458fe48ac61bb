// Table sheets: one game at one table, deal by deal (the syntax is in grammar/sheet.hpp), and
// settling it: points, winners, eliminations, re-joins, chips and money (RULES.md §2.6, §2.8).
// No I/O: the CLI reads the file and prints the settlement.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "money.hpp"
#include "notation.hpp"
#include "rules.hpp"
#include "scoring.hpp"

namespace rummy {

// ---- The sheet as written (positions are byte offsets into its text) -------------------------

enum class Outcome { declared, showed, dropped, missed, left, won, out, rummy, knocked };
std::string_view outcome_id(Outcome outcome);  // "declared", "showed", "dropped", …

struct SheetEntry {
  std::string player;
  std::size_t offset = 0;
  Outcome outcome = Outcome::won;
  Drop drop = Drop::first;
  std::optional<WrittenHand> hand;
};

struct SheetDeal {
  std::size_t offset = 0;
  std::optional<WildRank> wild;
  std::size_t wild_offset = 0;
  std::vector<SheetEntry> entries;
};

struct SheetRejoin {
  std::string player;
  std::size_t offset = 0;
};

struct SheetSplit {
  bool by_drops = false;
  std::size_t offset = 0;
};

using SheetEvent = std::variant<SheetDeal, SheetRejoin, SheetSplit>;

struct Sheet {
  Variant variant = Variant::indian;
  std::optional<Game> game;  // Indian rummy's format; for the other games, set to points
  bool game_given = false;
  int deals_to_play = 0;  // deals rummy; Basic's agreed hands; Knock's rounds
  int target = 0;         // Basic Rummy played to a target
  std::optional<Minor> point_value;
  std::optional<Minor> entry;
  Fee fee;
  std::optional<int> decks;                                // default: the game's
  std::vector<std::pair<std::string, std::size_t>> house;  // NAME=VALUE, where written
  std::vector<std::string> players;
  std::vector<std::size_t> player_offsets;
  std::string currency;
  std::vector<SheetEvent> events;
  std::size_t end_offset = 0;
};

// Syntax and the values of settings; throws InputError.
Sheet parse_sheet(std::string_view text, std::string_view source);

// ---- The settlement ---------------------------------------------------------------------------

struct EntryResult {
  std::string player;
  int change = 0;  // the other games: what this deal adds to the player's score
  Outcome outcome = Outcome::won;
  Drop drop = Drop::first;
  int points = 0;
  std::optional<Score> score;  // for hands
  bool valid_hand = false;
  std::string hand;  // the hand in the notation, when one was shown
};

struct DealResult {
  int number = 0;
  WildRank wild;
  std::string winner;
  std::vector<EntryResult> entries;
  std::vector<long long> standing;  // per player: pool total, chips, or money (minor units)
  std::vector<std::string> out;     // pools: eliminated after this deal
  std::optional<PointsCash> cash;   // points rummy: the money of this deal
  bool extra = false;               // deals rummy: a deal played to break a tie
  std::string note;                 // the other games: how the deal was scored, in words
};

struct PlayerResult {
  std::string name;
  long long standing = 0;  // final pool total, chips, or points-rummy net (minor units)
  bool out = false;        // pools: eliminated at the end
  int drops_left = 0;      // pools
  Minor paid = 0, received = 0;
  Minor net() const { return received - paid; }
};

struct Settlement {
  Variant variant = Variant::indian;
  int target = 0;  // Basic Rummy to a target
  Game game = Game::points;
  int deals_to_play = 0;
  std::optional<Minor> point_value, entry;
  Fee fee;
  std::string currency;
  std::vector<DealResult> deals;  // the other games: hands or rounds
  struct Event {
    std::size_t after_deal = 0;  // how many deals had been played
    std::string text;
  };
  std::vector<Event> events;          // re-joins, ties and splits, in words, in order
  std::vector<PlayerResult> players;  // the other games: standing is the score
  bool finished = false;              // pools and deals: the game has a winner (or a split)
  std::string result;                 // how it ended, in words
  Minor pool = 0;                     // pools and deals: every entry paid
  Minor fee_taken = 0;
  Minor held = 0;  // pools and deals not finished: still in the pool
  std::vector<HouseRuleSetting> house_rules;
};

// Settles the sheet; throws InputError naming the line and column of anything impossible.
Settlement settle(const Sheet& sheet, std::string_view text, std::string_view source);

}  // namespace rummy
