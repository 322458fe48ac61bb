// Table sheets: one game at one table, deal by deal (the syntax is in grammar/table_sheet.hpp),
// and settling it with one loop for every game: points, winners, eliminations, re-joins, chips,
// scores and money (rules §2.6, §2.8, §3, §4, §5). How a game runs over deals is data
// (Rules::match); the settlement is data too (enums and amounts), and describe.hpp says it in
// words. No I/O: the CLI reads the file and prints the settlement.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "arrange.hpp"
#include "gin.hpp"
#include "knock.hpp"
#include "maal.hpp"
#include "money.hpp"
#include "notation.hpp"
#include "rules.hpp"
#include "scoring.hpp"

namespace rummy {

// ---- The sheet as written: a plain model, every statement with its position ------------------
// (positions are byte offsets into the sheet's text)

struct SheetEntry {
  std::string player;
  std::size_t offset = 0;
  Outcome outcome = Outcome::won;
  Drop drop = Drop::first;
  std::optional<WrittenHand> hand;
  // The cards as shown at the table (Marriage: 'shown … hand … discard …'), in place of `hand`.
  std::optional<WrittenTableHand> table_hand;
  std::optional<std::string> points;  // a count written without the cards ('Ravi 45')
  std::size_t points_offset = 0;
};

// A line of the deal's own ('upcard 6♦', 'dead'), read against the deal-line table.
struct SheetDealMark {
  DealLine line = DealLine::dead;
  std::size_t offset = 0;
  std::optional<WrittenHand> card;  // what a line that takes a card wrote after its word
};

struct SheetDeal {
  std::size_t offset = 0;
  std::vector<SheetDealMark> marks;
  std::optional<WildRank> wild;
  std::size_t wild_offset = 0;
  std::vector<SheetEntry> entries;
  std::optional<std::size_t> void_offset;  // 'void' or 'misdeal': the deal counts for nothing
  std::string wild_origin;  // a wild given outside the text ("--wild"); empty: the deal's line
};

struct SheetRejoin {
  std::string player;
  std::size_t offset = 0;
};

struct SheetSplit {
  bool by_drops = false;
  std::size_t offset = 0;
};

// A setting as written ('point 2', 'entry 100' …): its value's text and where it stands.
struct SheetSetting {
  std::string text;
  std::size_t offset = 0;  // of the statement
  std::size_t value_offset = 0;
  std::string_view word;  // "point", "entry", "fee", "decks", "currency", "house"
};

// A setting written after the first deal: it applies from the next deal on, where it can.
struct SheetChange {
  SheetSetting setting;
};

using SheetEvent = std::variant<SheetDeal, SheetRejoin, SheetSplit, SheetChange>;

// A setting on the game's line: a word and a number ('rounds 5'), or a number alone ('deals 3').
struct SheetGameSetting {
  std::string word;        // in lower case; empty: the number alone
  std::size_t offset = 0;  // of the word, or of the number alone
  std::string number;      // its digits as written
  std::size_t number_offset = 0;
};

struct SheetGameLine {
  std::string name;        // as written, in lower case ("points", "basic" …); empty: none
  std::size_t offset = 0;  // of the statement
  std::size_t name_offset = 0;
  std::size_t end_offset = 0;  // after its last word: where a setting it needs is missing
  std::vector<SheetGameSetting> settings = {};
};

struct SheetPlayer {
  std::string name;
  std::size_t offset = 0;
};

struct Sheet {
  std::vector<SheetGameLine> games;  // one is right; more is an error the check names
  std::optional<SheetSetting> point, entry, fee, decks, currency;  // before the first deal
  // A setting given again before the first deal (an error), with where it was first given.
  std::vector<std::pair<SheetSetting, std::size_t>> given_twice;
  std::vector<std::size_t> late_players;  // a 'players' line after the first deal (an error)
  std::vector<SheetSetting> house;        // NAME=VALUE
  std::vector<std::vector<SheetPlayer>> player_lines;
  std::vector<SheetEvent> events;
  std::vector<SheetEntry> outside_deals;           // a player's line before any 'deal': an error
  std::vector<std::size_t> voids_outside_deals;    // 'void' before any deal, or after a re-join
  std::vector<SheetDealMark> marks_outside_deals;  // 'upcard …' or 'dead' before any deal
  std::size_t end_offset = 0;
  // One deal on its own, outside a game (rummy deal), and its number (Crazy Rummy's round): no
  // entry, no agreed length, no result; without a point value, points rummy's deal has no money.
  std::optional<int> lone_deal;
};

// Syntax only: the statements as written, with their places; throws InputError.
Sheet parse_sheet(std::string_view text, std::string_view source);

// One deal's players' lines alone, one a line, as a sheet writes them ('Asha declared HAND',
// 'Ravi 45', 'Meena dropped first'; blank and '#' lines skipped): a Sheet whose one event is that
// deal. The caller adds the game, its settings and the players (rummy deal). Throws InputError.
Sheet parse_deal(std::string_view text, std::string_view source);

// ---- The settlement: data only ----------------------------------------------------------------

struct EntryResult {
  std::size_t player = 0;  // index into Settlement::players
  Outcome outcome = Outcome::won;
  Drop drop = Drop::first;
  int points = 0;
  int change = 0;  // what this deal adds to the player's standing (scores, in score_parts)
  std::optional<Score> score;  // for hands and drops
  bool valid_hand = false;     // games that declare: the hand shown is a valid declaration
  std::string hand;            // the hand in the notation, when one was shown
  Grouping grouping = Grouping::as_written;  // a hand written without groups: arranged
  // A wrong show written with its cards: the groups judged and what is wrong with them (the words
  // are describe_problems').
  struct WrongShow {
    Hand hand;
    DeclarationCheck check;
  };
  std::optional<WrongShow> wrong_show;
  // A deal settled by maal (Marriage): the player's state as judged, the maal and the shares.
  struct Maal {
    MaalState state = MaalState::seen;
    std::optional<Outcome> written_as;    // the line said 'ended' or 'seen', but the cards foul
    std::vector<std::string> faults;      // why the player is foul, judged from the cards
    std::optional<MaalCount> count;       // the maal of the cards, when they were written
    int maal = 0;                         // as counted from the cards, or written as a number
    FirstStage route = FirstStage::none;  // how the player saw the maal (or ended), if judged
    MaalShare share;                      // counted, exchange, game, dublee, penalty, net
    Minor money = 0;                      // net × the value of a point
    bool sat_out = false;  // not dealt in: pays only an earlier foul's penalty in this deal
  };
  std::optional<Maal> maal;
};

struct DealResult {
  int number = 0;
  WildRank wild;
  std::vector<std::size_t> winners;  // two or more when they share it (Knock)
  std::vector<EntryResult> entries;
  std::vector<long long> standing;  // per player: money (minor units), total, chips or score
  std::vector<std::size_t> out;     // pools: eliminated after this deal
  std::optional<PointsCash> cash;   // points rummy: the money of this deal
  bool extra = false;               // a deal played to break a tie
  bool voided = false;  // 'void': printed, counted for nothing (its number is the replay's)
  std::optional<Contract> contract;  // Crazy Rummy: the round's deal and contract
  std::optional<KnockRound> knock;   // Knock Rummy: how the round was settled
  bool doubled = false;              // Basic Rummy: the winner went rummy
  // A deal with a line of its own that leaves it without players' lines ('dead'): played and
  // counted, scored by nobody.
  std::optional<DealLine> scoreless;
  std::optional<Card> upcard;  // its 'upcard' line
  // Gin: how the hand was scored, and the knocker's line as written when the hand is more than
  // it said ('knocked' with deadwood 0 is gin).
  std::optional<GinHandScore> gin;
  std::optional<Outcome> written_as;
  // A deal settled by maal (Marriage): its 'tiplu' line, and whether nobody ended it (void: no
  // exchange, no game points; a foul's penalty stands).
  std::optional<Card> tiplu;
  bool maal_settled = false;
  bool maal_void = false;
  int maal_total = 0;  // T: the maal counted at the table
};

enum class EventType { rejoin, tie, split, setting };
std::string_view event_id(EventType type);  // "rejoin", "tie", "split", "setting"
enum class SettingKind { point, fee };      // what a setting changed between deals is

struct SettleEvent {
  EventType type = EventType::rejoin;
  std::size_t after_deal = 0;        // how many deals had been played (void ones not counted)
  std::vector<std::size_t> players;  // who rejoined, who is tied, who split
  long long value = 0;               // the total rejoined at; the tied standing
  bool by_drops = false;             // a split by drops
  SettingKind setting = SettingKind::point;  // a setting changed (the point's value is `value`)
  Fee fee;                                   // the new fee
};

struct PlayerResult {
  std::string name;
  long long standing = 0;  // final money net (minor units), total, chips or score
  bool out = false;        // pools: eliminated at the end
  int drops_left = 0;      // pools
  Minor paid = 0, received = 0;
  Minor net() const { return received - paid; }
};

// How the game ended, or that it has not.
enum class Ending {
  not_finished,
  settled,        // points rummy: every deal settled
  last_standing,  // pools
  best,           // the best standing after the agreed deals (or shared)
  target,         // the first to reach the target
  split,          // pools: the players left split the prize
};

struct Settlement {
  Rules rules;  // the game's, with the sheet's decks and house rules
  Game game = Game::points;
  int score_parts = 1;    // scores (changes, standings) count parts of a point: Knock's 60 (6.31)
  int target = 0;         // to a target
  int deals_to_play = 0;  // an agreed number of deals (hands, rounds)
  std::optional<Minor> point_value, entry;
  Fee fee;
  std::string currency;
  std::vector<DealResult> deals;
  std::vector<SettleEvent> events;    // re-joins, ties and splits, in order
  std::vector<PlayerResult> players;  // in the order of the 'players' line
  bool finished = false;
  Ending ending = Ending::not_finished;
  std::vector<std::size_t> winners;  // of the game (two or more: shared, split)
  long long winning_standing = 0;
  bool split_by_drops = false;
  Minor pool = 0;  // pools and deals: every entry paid
  Minor fee_taken = 0;
  Minor held = 0;  // pools and deals not finished: still in the pool
  std::vector<HouseRuleSetting> house_rules;
  bool lone = false;  // one deal on its own (rummy deal): no game around it
  // Gin: the game's hands, boxes, final totals and margin (settle_gin_game), after every hand.
  std::optional<GinGame> gin_game;
  // Marriage: foul penalties (in points) still owed at the sheet's end, by player: due to the
  // player who ends the next deal, which the sheet does not hold.
  std::vector<int> penalties_owed;
};

// Checks the sheet and settles it; throws InputError naming the line and column of anything
// impossible. The sheet's game line names one of `games` (the rulebook's, or others a caller
// defines).
Settlement settle(const Sheet& sheet, std::string_view text, std::string_view source,
                  std::span<const TableGame> games = table_games());

// Who pays whom to settle a sheet's money, in the fewest transfers: the parties are the players
// (by index), then the fee (index players.size()), then the pool still held (players.size() + 1).
// Games without money have none.
std::vector<Transfer> money_transfers(const Settlement& s);

// ---- Ids (the sentences are in describe.hpp) ---------------------------------------------------

std::string_view standing_id(Standing standing);  // "net", "total", "chips", "score"
std::size_t deals_played(const Settlement& s);    // void deals not counted

}  // namespace rummy
