// The rules of a game as data: one classifier and one scorer read a Rules value, and a house
// rule is a named change to it (rules §2.7).
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "card.hpp"

namespace rummy {

// A row of an enum's table: the value, its id (as typed, and in JSON) and its words for people.
// Each named enum has one table, in the enum's order, its size checked against the last value.
template <typename Enum>
struct EnumRow {
  Enum value;
  std::string_view id;
  std::string_view words;
};

// A row of a table in an enum's order: its value first among its columns (the describe module's
// tables of words are such rows).
template <typename Row>
concept EnumValueRow = requires(const Row& row) {
  row.value;
};

// A row of a table of an enum with ids: EnumRow, or a row with more columns (OutcomeRow).
template <typename Row>
concept EnumTableRow = EnumValueRow<Row> && requires(const Row& row) {
  { row.id } -> std::convertible_to<std::string_view>;
};

// The values of a table, in its order.
template <EnumValueRow Row, std::size_t N>
constexpr std::array<decltype(Row::value), N> values_of(const std::array<Row, N>& rows) {
  std::array<decltype(Row::value), N> values{};
  for (std::size_t i = 0; i < N; ++i) values[i] = rows[i].value;
  return values;
}

// Whether row i holds the i-th value, so that a value indexes its row.
template <EnumValueRow Row, std::size_t N>
constexpr bool in_enum_order(const std::array<Row, N>& rows) {
  for (std::size_t i = 0; i < N; ++i) {
    if (static_cast<std::size_t>(rows[i].value) != i) return false;
  }
  return true;
}

// The row of a value, in a table in the enum's order.
template <EnumValueRow Row, std::size_t N>
constexpr const Row& row_of(const std::array<Row, N>& rows, decltype(Row::value) value) {
  return rows[static_cast<std::size_t>(value)];
}

// The value whose id is `id`, if any.
template <EnumTableRow Row, std::size_t N>
constexpr std::optional<decltype(Row::value)> find_by_id(const std::array<Row, N>& rows,
                                                         std::string_view id) {
  for (const Row& row : rows) {
    if (row.id == id) return row.value;
  }
  return std::nullopt;
}

// Indian rummy's formats; they differ in drop penalties (rules §2.6) and, later, in money.
enum class Game { points, pool101, pool201, deals };
inline constexpr std::array<EnumRow<Game>, 4> game_rows = {{
    {Game::points, "points", "points rummy"},
    {Game::pool101, "pool101", "101 pool"},
    {Game::pool201, "pool201", "201 pool"},
    {Game::deals, "deals", "deals rummy"},
}};
static_assert(game_rows.size() == static_cast<std::size_t>(Game::deals) + 1 &&
              in_enum_order(game_rows));
inline constexpr std::array<Game, game_rows.size()> all_games = values_of(game_rows);
std::string_view game_name(Game game);                 // "points", "pool101" …
std::string_view game_description(Game game);          // "points rummy", "101 pool" …
std::optional<Game> find_game(std::string_view name);  // by game_name

enum class Drop { first, middle };
inline constexpr std::array<EnumRow<Drop>, 2> drop_rows = {{
    {Drop::first, "first", "a drop before the first draw"},
    {Drop::middle, "middle", "a drop after the first draw"},
}};
static_assert(drop_rows.size() == static_cast<std::size_t>(Drop::middle) + 1 &&
              in_enum_order(drop_rows));
inline constexpr std::array<Drop, drop_rows.size()> all_drops = values_of(drop_rows);
std::string_view drop_name(Drop drop);  // "first", "middle"
// When a drop is made, for people: "before the first draw", "any time after".
std::string_view drop_meaning(Drop drop);

// What a loser with a pure sequence but no second sequence pays for (rules §2.6).
enum class PureWithoutSecondCount {
  pure_exempt,  // every card outside the pure sequence(s)  (Hindi guide)
  all,          // every card                               (most platforms)
  ungrouped,    // only cards outside valid groups          the Junglee guide's worked example
};

struct DropPenalty {
  std::optional<int> first;   // empty: not allowed in this game
  std::optional<int> middle;  // empty: not allowed in this game
};

// A points cap no hand reaches: the games other than Indian rummy have none.
inline constexpr int no_cap = 1'000'000;

// Crazy Rummy's rounds (rules §5): the cards dealt and the melds needed to go down.
struct Contract {
  int round = 0;
  int cards = 0;
  int books = 0;
  int runs = 0;
};
std::string contract_text(int books, int runs);  // "2 books and 1 run", "2 runs"

// The games of the rulebook, as the command line chooses them (--variant): they differ only in
// their Rules values, each defined in games.cpp, the one place that names them. Code that plays
// a game reads its Rules (id, words), never this enum: a game defined elsewhere (a test's) is
// played the same way.
enum class Variant { indian, basic, knock, crazy, gin, marriage };
extern const std::span<const Variant> all_variants;  // every game, in the order listed
std::string_view variant_name(Variant variant);      // "indian", "basic", "knock", "crazy", "gin"
std::string_view variant_description(Variant variant);       // "Indian rummy", "Basic Rummy" …
std::optional<Variant> find_variant(std::string_view name);  // by variant_name

// What a player did in a deal, as a table sheet says it.
enum class Outcome {
  declared,
  showed,
  dropped,
  missed,
  left,
  won,
  out,
  rummy,
  knocked,
  gin,
  big_gin,
  ended,   // Marriage: ended the deal
  seen,    // … had seen the maal when the deal ended
  unseen,  // … had not
  foul     // … fouled
};
// What a sheet's player line writes after an outcome's id.
enum class OutcomeFollows {
  hand_if_written,  // the hand, or nothing: 'declared', 'declared HAND'
  hand_or_count,    // the hand, or its count alone: 'showed HAND', 'showed 45'
  drop_kind,        // how early the player dropped: 'dropped first'
  nothing,          // 'missed', 'out'
  hand,             // the hand, always: 'gin HAND' (scored from its cards alone)
  table_hand,       // a player's cards at a table where groups are shown ('shown GROUPS hand
                    // GROUPS discard CARD', or the cards alone), a count (the maal written as a
                    // number: 'seen 12'), or nothing (a foul: 'foul')
};
// Everything said of an outcome, in one row: the sheet's parser reads every player line against
// this table, the page lists its lines from it, and the description of a deal takes its words.
struct OutcomeRow {
  Outcome value;
  std::string_view id;       // as a sheet writes it (one or more words, split by a space), as typed
                             // and in JSON: "declared", "dropped"
  std::string_view words;    // for people: "showed their hand"
  OutcomeFollows follows;    // what a sheet's player line writes after the id
  std::string_view meaning;  // for people choosing a line: "missed three turns", "went out"
  std::string_view line;     // a settlement's line for the player: "declared, wrong show"
  std::string_view line_valid;  // … when the hand shown is a valid declaration (empty: `line`)
  std::string_view ended;       // the deal's note: "Asha declared", "Bob went out"
  // The house rule it needs, as a sheet writes it ("big-gin=on"); empty: none.
  std::string_view needs = "";
  // The player's line names the drop, "dropped (first)": the outcome that takes a drop's kind.
  constexpr bool names_drop() const { return follows == OutcomeFollows::drop_kind; }
};
inline constexpr std::array<OutcomeRow, 15> outcome_rows = {{
    {Outcome::declared, "declared", "declared", OutcomeFollows::hand_if_written, "declared",
     "declared, wrong show", "declared, valid", "declared"},
    {Outcome::showed, "showed", "showed their hand", OutcomeFollows::hand_or_count, "showed",
     "showed", "showed a valid hand", "showed"},
    {Outcome::dropped, "dropped", "dropped", OutcomeFollows::drop_kind, "dropped", "dropped", "",
     "dropped"},
    {Outcome::missed, "missed", "missed the deal", OutcomeFollows::nothing, "missed three turns",
     "missed three turns", "", "missed three turns"},
    {Outcome::left, "left", "left the table", OutcomeFollows::nothing, "left the table",
     "left the table", "", "left the table"},
    {Outcome::won, "won", "won as the last player standing", OutcomeFollows::nothing,
     "won (all others out)", "won, the last player standing", "", "is the last player standing"},
    {Outcome::out, "out", "went out", OutcomeFollows::nothing, "went out", "went out", "",
     "went out"},
    {Outcome::rummy, "rummy", "went rummy", OutcomeFollows::nothing, "went rummy", "went rummy", "",
     "went rummy"},
    {Outcome::knocked, "knocked", "knocked", OutcomeFollows::hand_or_count, "knocked", "knocked",
     "", "knocked"},
    {Outcome::gin, "gin", "went gin", OutcomeFollows::hand, "went gin (deadwood 0)", "gin", "",
     "went gin"},
    {Outcome::big_gin, "big gin", "went big gin", OutcomeFollows::hand,
     "went big gin (11 cards melded)", "big gin", "", "went big gin", "big-gin=on"},
    {Outcome::ended, "ended", "ended the deal", OutcomeFollows::table_hand,
     "ended the deal (the cards: shown, hand, discard)", "ended", "", "ended the deal"},
    {Outcome::seen, "seen", "had seen the maal", OutcomeFollows::table_hand,
     "had seen the maal (the cards, or the maal as a number)", "seen", "", "had seen the maal"},
    {Outcome::unseen, "unseen", "had not seen the maal", OutcomeFollows::table_hand,
     "had not seen the maal (the cards, or the maal as a number)", "unseen", "",
     "had not seen the maal"},
    {Outcome::foul, "foul", "fouled", OutcomeFollows::table_hand, "fouled (the cards, or nothing)",
     "foul", "", "fouled"},
}};
static_assert(outcome_rows.size() == static_cast<std::size_t>(Outcome::foul) + 1 &&
                  in_enum_order(outcome_rows),
              "one row per outcome, in the enum's order");
std::string_view outcome_id(Outcome outcome);  // "declared", "showed", "dropped", …
using Outcomes = unsigned;                     // a set of outcomes, one bit each
constexpr Outcomes outcome_bit(Outcome outcome) {
  return 1U << static_cast<unsigned>(outcome);
}
constexpr bool has_outcome(Outcomes set, Outcome outcome) {
  return (set & outcome_bit(outcome)) != 0;
}

struct Rules;

// A line of a deal's own, besides the players' lines: what the deal says of itself.
enum class DealLine { upcard, dead, tiplu };
enum class DealLineTakes {
  card,     // one card: 'upcard 6♦'
  nothing,  // the word alone: 'dead'
};
// Everything said of a deal's line, in one row: the sheet's parser reads a deal's lines against
// this table, the page draws its fields from it, and the settlement takes its words.
struct DealLineRow {
  DealLine value;
  std::string_view id;       // as a sheet writes it, as typed and in JSON: "upcard", "dead"
  std::string_view words;    // for people choosing it: "first upcard"
  DealLineTakes takes;       // what follows the word
  std::string_view example;  // what a message and the page show after it: "6♦"
  // The deal has no players' lines (nobody scores it): 'dead'.
  bool without_players = false;
  // The house rule it needs, as written on a sheet ("oklahoma=on"); empty: none.
  std::string_view needs = "";
  // A deal that writes any player's cards needs this line ('tiplu 5♣': the cards are judged
  // against it).
  bool needed_for_cards = false;
};
using DealLines = unsigned;  // a set of deal lines, one bit each
constexpr DealLines deal_line_bit(DealLine line) {
  return 1U << static_cast<unsigned>(line);
}
constexpr bool has_deal_line(DealLines set, DealLine line) {
  return (set & deal_line_bit(line)) != 0;
}
std::span<const DealLineRow> deal_line_rows();  // in the enum's order (rules.cpp)
const DealLineRow& deal_line_row(DealLine line);
std::optional<DealLine> find_deal_line(std::string_view id);  // by its id, as a sheet writes it

// How a hand shown at the end of a deal counts (rules §2.6, §3, §4, §5).
enum class ShownCount {
  by_declaration,  // Indian: 2 when itself valid, else by its pure and second sequences
  deadwood,        // Knock: the cards outside melds (the least, unless the player grouped them)
  every_card,      // Basic and Crazy: every card left in hand
};

// Which exact search arranges a hand (src/core/arrange.cpp, src/core/arrange_subsets.cpp).
enum class ArrangeBy {
  declaration,     // Indian: declare if possible, else the lowest loser's count, with a discard
  least_deadwood,  // Basic and Knock: the grouping with the least deadwood
  subsets,         // Crazy: wild cards that count and limits per meld, by a DP over subsets
  combinations,    // Marriage: the tiplu's combinations of three (src/core/tiplu.cpp)
};

// ---- How a game runs over the deals of one table (a sheet), as data ---------------------------

enum class DealPoints {
  losers_pay_winner,     // Indian: each loser's points go against them (money, totals, chips)
  winner_scores_others,  // Basic: the winner scores the cards left in the other hands
  knock_differences,     // Knock: the differences of deadwood, with the bonuses
  each_scores_own,       // Crazy: each player adds the cards left in hand
  gin_hand,              // Gin: the hand's winner scores it; the game ends with its bonuses
  maal_exchange,         // Marriage: every two players exchange the difference of their maal,
                         // and the player who ended takes game points (Match::maal_pay)
};
enum class Standing { money, total, chips, score };  // a player's running figure
enum class GameEnd {
  every_deal,     // points rummy: each deal is settled on its own
  last_standing,  // pools: out at the limit; the last player in takes the prize
  after_deals,    // an agreed number of deals (hands, rounds); then the best standing wins
  target,         // the first to reach a target wins
};
enum class Best { lowest, highest };
enum class TieAtEnd { one_more_deal, shared };

// What a deal settled by maal (DealPoints::maal_exchange) pays besides the exchange
// (docs/rules.md §9.7, §9.8). Its numbers are the game's (games.cpp).
struct MaalPay {
  int seen = 0;                   // game points from a seen player to the player who ended
  int unseen = 0;                 // … from an unseen player
  int dublee_bonus = 0;           // from every other player, when the deal ends by dublees
  int foul_penalty = 0;           // from a foul player, to the player who ends the next deal
  bool foul_penalty_now = false;  // … to the player who ends this deal
};

// Neutral: each player scores their own cards over an agreed number of deals, without money.
struct Match {
  std::string_view deal_word = "deal";  // "deal", "hand", "round"
  DealPoints deal_points = DealPoints::each_scores_own;
  Standing standing = Standing::score;
  GameEnd end = GameEnd::after_deals;
  Best best = Best::highest;
  TieAtEnd tie = TieAtEnd::one_more_deal;
  int default_target = 0;        // Basic Rummy: played to 150 unless agreed otherwise
  int rummy_multiplier = 1;      // Basic Rummy: going rummy doubles the hand
  int knock_rummy_bonus = 0;     // Knock: from each player, to a winner with no deadwood
  int knock_undercut_bonus = 0;  // Knock: from the knocker, to the player who undercut
  int chips_per_deal = 0;        // deals rummy: each player starts with this × the deals
  MaalPay maal_pay;              // Marriage: game points, dublee bonus and foul penalty
  // Elimination (pools): a player is out at this total (or above it, with the house rule
  // pool-out) and re-joins only while no other player's total is above the ceiling (§2.8).
  int out_at = 0;  // 0: nobody is out
  int rejoin_ceiling = 0;
  bool out_above_limit = false;
  int min_players = 2;  // a table seats 2 to 6 (sheets, cash, the toss)
  int max_players = 6;
  bool needs_point_value = false;     // points rummy
  bool needs_entry = false;           // pools and deals rummy
  bool keeps_money = false;           // 'point', 'entry' and 'fee' belong
  bool pool = false;                  // re-joins and splits
  bool deals_required = false;        // the sheet says how many ('game knock rounds 5')
  bool deal_size_by_players = false;  // a shown hand holds the table's deal size (Knock)
  bool left_at_most_dealt = false;    // cards left in hand are at most those dealt (Basic)
  bool point_for_margin = false;      // 'point V' may be written: the loser pays the margin × V
  bool hands_only = false;          // a hand is scored from its cards (layoffs), never from a count
  Outcomes outcomes = 0;            // what a player's line may say
  DealLines deal_lines = 0;         // the lines a deal may have of its own ('upcard', 'dead')
  Outcomes ends_deal = 0;           // what the player who ends a deal says
  std::string_view no_winner_text;  // what a deal without its winner lacks

  bool is_out(int total) const { return out_above_limit ? total > out_at : total >= out_at; }
};

// ---- Gin Rummy's knock, hand scores and game (docs/rules.md §8), as data ---------------------
// What a game ends on when the loser won no hand (a shutout, §8.8).
enum class Shutout {
  doubled,      // the winner's final total is doubled
  flat,         // the game bonus is doubled
  hand_points,  // the winner's hand points are doubled before the bonuses
  none,
};
// The house rules' presets (§8.9): modern is the rulebook's defaults.
enum class GinPreset { modern, classic };
struct GinScoring {
  bool on = false;               // hands are knocked and scored as in Gin Rummy
  int knock_limit = 10;          // the most deadwood a knock may leave (0: only gin ends a hand)
  bool oklahoma = false;         // the first upcard's value is the hand's knock limit
  bool oklahoma_spades = false;  // a spade upcard doubles the hand's points
  bool big_gin = false;          // 11 cards all melded end the hand without a discard
  int big_gin_bonus = 31;        // its own value, whatever the gin bonus is
  bool undercut_tie = true;      // a tie is an undercut; off: nobody wins the hand
  int game_target = 100;
  int game_bonus = 100;
  GinPreset preset = GinPreset::modern;
  // Written house rules; unwritten, the preset's value.
  std::optional<int> gin_bonus_rule, undercut_bonus_rule, box_bonus_rule;
  std::optional<Shutout> shutout_rule;

  int gin_bonus() const { return gin_bonus_rule.value_or(classic() ? 20 : 25); }
  int undercut_bonus() const { return undercut_bonus_rule.value_or(classic() ? 10 : 25); }
  int box_bonus() const { return box_bonus_rule.value_or(classic() ? 20 : 25); }
  Shutout shutout() const {
    return shutout_rule.value_or(classic() ? Shutout::flat : Shutout::doubled);
  }
  bool classic() const { return preset == GinPreset::classic; }
};

// What a number on a sheet's game line agrees: how many deals are played, or a target.
enum class Agreed { deals, target };

// A setting a sheet's game line takes after the game's name: a word and a number ('rounds 5',
// 'target 150'), or a number alone ('game deals 3'). A game whose match has deals_required
// needs its first.
struct GameSetting {
  std::string_view word;  // empty: the number alone
  Agreed agrees = Agreed::deals;
  int most = 9999;           // the number is 1 to this
  std::string_view meaning;  // what the number is, for people: "the number of rounds agreed"
  int example = 5;           // a number a message shows: 'game knock rounds 5'
  std::string_view note;     // said after the range, for people: "2, 3 or 6 are usual"
  // The house rule that says the same ("game-target"): both written, they must agree.
  std::string_view house_rule = "";
};

// The table games a sheet names ('game points', 'game basic' …): a game and its format.
struct Rules;
// Builds a game as its rulebook gives it, in one of its formats, before house rules (games.cpp
// has the rulebook's; a test may define its own).
using RulesBuilder = Rules (*)(Game format);

struct TableGame {
  std::string_view name;   // as the sheet writes it
  RulesBuilder rules;      // the game played
  Game game;               // Indian rummy's format; points for the other games
  std::string_view usage;  // its game line: "game deals N"
  // What its game line takes after the name.
  std::span<const GameSetting> settings = {};
};
std::span<const TableGame> table_games();
const TableGame* find_table_game(std::string_view name);
// Whether a table sheet plays the game: a row of table_games() plays it.
bool played_on_sheets(const Rules& rules);

// The words a game uses for its melds, for people (the ids in JSON never change).
// The neutral words are the plain rummy ones (runs, books, melds); Indian rummy has its own.
struct MeldWords {
  std::string_view game = "rummy";  // the game's name for people: "Indian rummy", "Gin Rummy"
  // By GroupKind: pure sequence, impure sequence, set, unmatched, invalid.
  std::array<std::string_view, 5> kinds = {"run", "run with wilds", "book", "unmatched",
                                           "not a meld"};
  std::string_view sequence = "run", sequences = "runs";
  std::string_view set = "book", sets = "books";
  std::string_view group = "meld", groups = "melds";
  std::string_view joker = "wild card", jokers = "wild cards";
  // After a pure sequence whose wild cards stand as themselves (Indian rummy's words).
  std::string_view stays_pure = "";
};

// ---- A game's rules, grouped by what they mean ------------------------------------------------

// The cards in play.
struct Deck {
  int decks = 1;
  int printed_jokers_per_deck = 0;
  // Jokers: the deal's wild rank (Indian), a fixed wild rank (Crazy: every 2), or none.
  bool deal_has_wild_rank = false;
  std::optional<Rank> fixed_wild;
  bool jk_is_printed_joker = false;  // the printed joker is also written JK (Crazy Rummy)
};

// What a player is dealt and shows.
struct DealRules {
  int hand_size = 13;
  bool exact_hand_size = false;  // a shown hand holds hand_size cards (the others: any number)
  // Dealt by the number of players (Basic and Knock: 10 to 2, 7 to 3-4, 6 to 5-6), by index.
  std::array<int, 7> deal_sizes = {13, 13, 13, 13, 13, 13, 13};
  std::span<const Contract> rounds;  // Crazy Rummy: each round's deal and contract
  std::optional<Contract> contract;  // the round whose contract melds must meet
};

// What a meld is.
struct MeldRules {
  int min_group = 3;                 // fewer cards are unmatched; a set needs this many
  int min_run = 3;                   // a sequence needs this many (Crazy Rummy: 4)
  int max_sequence = 13;             // ace low or high, never both
  int max_set = 4;                   // one card per suit
  bool set_suits_differ = true;      // Crazy Rummy's books may repeat suits
  bool fifth_card_joker = false;     // a set may take a fifth card, a joker (house rule)
  bool ace_low = true;               // A-2-3
  bool ace_high = false;             // Q-K-A (Basic and Knock: off; Basic's house rule turns it on)
  int max_wilds_in_run = 13;         // Crazy Rummy: 2
  int max_wilds_in_set = 13;         // Crazy Rummy: 1
  bool lays_off = false;             // cards may be added to melds on the table
  bool wild_taken_from_run = false;  // Crazy Rummy: a natural card takes back a run's wild
};

// How a hand counts.
struct CountRules {
  // Penalty points by rank, the ace first (neutral: face value, the ace 1, court cards 10).
  std::array<int, rank_count> card_points = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10};
  int joker_points = 0;               // a printed joker left in hand (Crazy Rummy: 20)
  bool wild_cards_score_zero = true;  // Indian: a wild card counts 0; Crazy: a 2 counts 20
  ShownCount shown_count = ShownCount::every_card;
  ArrangeBy arrange_by = ArrangeBy::least_deadwood;
};

// Whose maal counts when a player has not seen the tiplu (house rule unseen-maal).
enum class UnseenMaal {
  count,   // like anyone's
  murder,  // 0
  kidnap,  // 0 for that player, added to the points of the player who ended
};

// A deal that turns up a tiplu (Marriage, docs/rules.md §9): which cards are wild, the
// combinations of three, the first stage that shows the tiplu, and the maal points. Only a game
// dealt with a tiplu has one; its numbers are the game's (games.cpp), none is assumed here.
struct TipluRules {
  bool alter_scores = false;       // the alter scores as maal of its own
  bool alter_only_jokers = false;  // the tiplu's rank in the other colour is not wild
  bool long_groups = false;        // sequences of 3 or more, triplets of 3 or 4
  int tiplu_copies = 0;            // copies of the tiplu card in play (the third is the indicator)
  int pure_needed = 0;             // pure combinations shown to see the tiplu
  int dublees_needed = 0;          // dublees shown instead
  int dublee_min_players = 0;      // players dealt in for the dublee route
  // Maal held, by the number of cards (index 0: one card).
  std::array<int, 2> tiplu_points = {};
  std::array<int, 3> neighbour_points = {};  // poplu, or jhiplu
  std::array<int, 2> marriage_points = {};   // one tiplu + one poplu + one jhiplu
  std::array<int, 3> alter_points = {};      // with alter_scores
  std::array<int, 3> printed_points = {};    // printed jokers
  // A tunnela shown at the deal, of …
  int plain_tunnela = 0;      // an ordinary card
  int joker_tunnela = 0;      // an ordinary joker (the alter, unless it scores of its own)
  int neighbour_tunnela = 0;  // poplu, or jhiplu
  int alter_tunnela = 0;      // with alter_scores
  int printed_tunnela = 0;    // printed jokers
  UnseenMaal unseen = UnseenMaal::count;
};

// A declaration (Indian rummy): a declared hand scores 0 or a wrong show, a loser's count is
// capped. Only a game that declares has one.
// Its numbers are the game's (games.cpp); none is assumed here.
struct Declaration {
  bool pure_sequence_required = false;
  int points_cap = no_cap;    // house rule points-cap
  int wrong_show_points = 0;  // house rule wrong-show
  int valid_after_declaration_points = 0;
  PureWithoutSecondCount pure_without_second = PureWithoutSecondCount::pure_exempt;
};

// The table formats (Indian rummy: points, 101 and 201 pool, deals), each with its drops. Only a
// game played in formats has them.
struct Formats {
  // By format. House rules first-drop and middle-drop set the format in force; drops-in-deals
  // gives deals rummy the points game's drops.
  std::array<DropPenalty, all_games.size()> drops = {};
};

// A game's rules. A Rules{} is no game but the neutral base each game is built from (games.cpp):
// one pack without jokers or wild cards, the ace low and worth 1, melds of 3 (runs of up to 13,
// books of one card per suit), a shown hand counting every card, no declaration (no pure
// sequence, cap or wrong show), no formats (drops, pools, deals), no layoffs, no house rules,
// a match of scores over deals (Match{}).
struct Rules {
  std::string_view id = "rummy";  // the game's id, as typed (--variant) and in JSON: "indian"
  // The game as its rulebook gives it (the house rules' defaults come from it); none: Rules{}.
  RulesBuilder rulebook = nullptr;
  MeldWords words;  // the game's name and the words for its melds
  Deck deck;
  DealRules deal;
  MeldRules melds;
  CountRules count;
  std::optional<Declaration> declaration;  // only in a game that declares
  std::optional<Formats> formats;          // only in a game played in formats
  std::optional<TipluRules> tiplu;         // only in a game dealt with a tiplu
  Game format = Game::points;    // the format in force (points for a game without formats)
  Match match;                   // how the game runs over deals
  GinScoring gin;                // Gin Rummy's knock, bonuses and game
  bool ends_on_discard = false;  // Basic Rummy's house rule: a player goes out only by a discard

  // The toss for seats (§2.8): each player gets one open card; the highest plays first. A joker
  // is highest; equal ranks go by suit, in this order from the highest.
  std::array<Suit, 4> toss_suits = {Suit::spades, Suit::diamonds, Suit::clubs, Suit::hearts};
  bool toss_ace_high = true;  // the sources are silent: the ace ranks above the king

  // The rules of a game as the rulebook gives them (§2, §3, §4, §5), before house rules;
  // with Indian rummy's format, how it runs over deals (defined in games.cpp).
  static Rules for_variant(Variant variant, Game game = Game::points);
  // A game built by `build` in `format`, which knows its rulebook (any game: the rulebook's, or
  // one a test defines).
  static Rules built(RulesBuilder build, Game in_format = Game::points);
  // This game as its rulebook gives it, in `format`, before house rules.
  Rules as_in_rulebook(Game in_format) const;
  // The house rules this game takes, by name (games.cpp lists each game's).
  std::span<const std::string_view> house_rule_names;
  bool takes_house_rule(std::string_view name) const {
    return std::find(house_rule_names.begin(), house_rule_names.end(), name) !=
           house_rule_names.end();
  }

  // Whether the game declares (a declared hand scores 0 or a wrong show) and is played in
  // formats: the one field that says each.
  bool declares() const { return declaration.has_value(); }
  bool has_formats() const { return formats.has_value(); }
  bool has_tiplu() const { return tiplu.has_value(); }
  // The tiplu rules of a game dealt with one; throws RulesError for another (as declared()).
  const TipluRules& tiplu_rules() const;
  // The declaration of a game that declares; throws RulesError for one that does not (a caller
  // that reads it has asked declares() or knows the game declares).
  const Declaration& declared() const;
  // The most a loser pays: the declaration's cap, none in a game without one.
  int points_cap() const { return declaration ? declaration->points_cap : no_cap; }
  // A declaration needs a pure sequence (none without a declaration).
  bool pure_sequence_required() const { return declaration && declaration->pure_sequence_required; }

  std::optional<Contract> round(int number) const;  // Crazy: rounds 1 to 7
  bool has_drops() const {
    if (!formats) return false;
    for (const DropPenalty& drop : formats->drops) {
      if (drop.first || drop.middle) return true;
    }
    return false;
  }
  // Whether the grouping of a shown hand changes what it counts (Indian, Knock); Basic and
  // Crazy count every card left in hand however it is grouped.
  bool grouping_counts() const { return count.shown_count != ShownCount::every_card; }
  int deal_size(std::size_t players) const {
    return deal.deal_sizes[std::min(players, deal.deal_sizes.size() - 1)];
  }
  // The most cards the game deals a player.
  int largest_deal() const {
    int most = *std::max_element(deal.deal_sizes.begin(), deal.deal_sizes.end());
    for (const Contract& each : deal.rounds) most = std::max(most, each.cards);
    return most;
  }
  // The cards every hand is dealt when the game deals one number whatever the table (Indian
  // rummy 13, Gin 10, Marriage 21); none when it depends on the players or the round.
  std::optional<int> fixed_deal_size() const {
    if (!deal.rounds.empty()) return std::nullopt;
    for (const int size : deal.deal_sizes) {
      if (size != deal.deal_sizes.front()) return std::nullopt;
    }
    return deal.deal_sizes.front();
  }
  // Whether a hand never holds more than was dealt (Basic, Knock); a Crazy Rummy hand grows
  // with claims and their penalty cards.
  bool hand_bounded_by_deal() const {
    return match.left_at_most_dealt || match.deal_size_by_players;
  }

  int copies_allowed() const { return deck.decks; }
  int printed_jokers_allowed() const { return deck.decks * deck.printed_jokers_per_deck; }
  // How many of this card the decks hold.
  int copies_allowed(Card card) const {
    return card.is_printed_joker() ? printed_jokers_allowed() : copies_allowed();
  }
  // How many of this card are in play in a deal whose tiplu card, if it has one, is
  // `tiplu_card`: that card has tiplu_copies (its other copy is the one turned up), every other
  // card as the decks hold it.
  int copies_in_play(Card card, std::optional<Card> tiplu_card) const {
    return tiplu_card && card == *tiplu_card ? tiplu_rules().tiplu_copies : copies_allowed(card);
  }
  int largest_set() const { return melds.fifth_card_joker ? melds.max_set + 1 : melds.max_set; }
  // Whether any card may stand in for another (Basic and Knock: none).
  bool has_jokers() const {
    return deck.deal_has_wild_rank || deck.fixed_wild || deck.printed_jokers_per_deck > 0;
  }
  // How this game writes the printed joker: PJ, or Crazy Rummy's JK.
  std::string_view joker_name() const { return deck.jk_is_printed_joker ? "JK" : "PJ"; }
  // A format's drops; none in a game without formats.
  const DropPenalty& drop_penalty(Game game) const {
    static constexpr DropPenalty none{};
    return formats ? formats->drops[static_cast<std::size_t>(game)] : none;
  }
};

// Whether the searches and scorers can answer for these rules: what each one assumes of Rules,
// checked (rules.cpp says which search assumes what). The first assumption broken, in words
// naming the field ("set_suits_differ is off, but …"); nothing when the rules are coherent. Every
// game passes (tests/rules_test.cpp); arrange() and find_outs() refuse rules that do not.
std::optional<std::string> check_rules(const Rules& rules);

// What arrange() and find_outs() throw for rules check_rules refuses.
class RulesError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Why a number of packs does not suit the game: a one-pack game (Basic, Knock) with more would
// let a hand hold a card twice. Nothing when it suits.
std::optional<std::string> decks_refusal(const Rules& rules, int decks);

// The game's wild cards in words, when the deal does not choose them: "every 2 and every joker
// is wild", "no wild cards".
std::string wild_cards_text(const Rules& rules);

// The game a result belongs to, as the JSON outputs name it: Indian rummy's format (points,
// pool101, pool201, deals), or the game itself for one without formats (basic, knock, crazy).
std::string_view game_id(Game game, const Rules& rules);

// Penalty points of one card in a deal with this wild rank.
inline int card_points(Card card, WildRank wild, const Rules& rules) {
  if (card.is_printed_joker()) return rules.count.joker_points;
  if (rules.count.wild_cards_score_zero && is_wild_card(card, wild)) return 0;
  return rules.count.card_points[static_cast<int>(card.rank()) - 1];
}

// ---- House rules: names, defaults and alternatives, as data -----------------------------------

struct HouseRuleValue {
  std::string_view name;     // as typed on the command line
  std::string_view meaning;  // one line for people
};

// A house rule that is a number rather than a choice: its range and what the number is.
struct HouseRuleNumber {
  int min = 0;
  int max = 0;
  std::string_view meaning;  // "the most a loser pays, in points"
};

// A house rule is either a choice among named values (a `value` is the index into `values`, the
// first being the rulebook's) or a number in a range (a `value` is the number). Either way its
// default is what the rulebook's Rules of the game and format give (Rules::for_variant).
struct HouseRule {
  std::string_view name;
  std::string_view summary;
  std::string_view source;                 // where docs/rules.md takes the default from
  std::span<const HouseRuleValue> values;  // a choice; empty for a number
  std::optional<HouseRuleNumber> number;   // a number
  int (*get)(const Rules&);                // the index into values, or the number
  void (*set)(Rules&, int);
  // Why the rule does not apply to these rules (a format without drops); nothing when it does.
  std::optional<std::string> (*refusal)(const Rules&) = nullptr;

  bool is_number() const { return number.has_value(); }
  bool applies(const Rules& rules) const;
  int default_value(const Rules& rules) const;  // in the rulebook, for this game and format
  std::string value_text(int value) const;      // "all", "100"
  std::optional<int> find_value(std::string_view text) const;  // by name, or a number in range
};

std::span<const HouseRule> house_rules();
const HouseRule* find_house_rule(std::string_view name);

// One non-default value, e.g. pure-without-second=all or points-cap=100.
struct HouseRuleSetting {
  const HouseRule* rule = nullptr;
  int value = 0;
  int default_value = 0;
  std::string text() const;  // "name=value"
  bool operator==(const HouseRuleSetting&) const = default;
};

// Applies "NAME=VALUE"; returns an explanation when the text names no rule or no value.
std::optional<std::string> apply_house_rule(Rules& rules, std::string_view assignment);

// Whether the rules are under "NAME=VALUE" (what an outcome or a deal line needs: "big-gin=on");
// an empty text always holds.
bool house_rule_holds(const Rules& rules, std::string_view assignment);

// Whether the house rules in force make sense together: a drop costs no more than the cap, a first
// drop no more than a middle drop. Checked once every house rule is applied, so their order
// never matters; an explanation when they do not.
std::optional<std::string> house_rules_conflict(const Rules& rules);

// The house rules whose value in `rules` differs from their default.
std::vector<HouseRuleSetting> non_default_house_rules(const Rules& rules);

// The non-default house rules without which `compute` would give another result: each one is
// put back to its default alone and the result compared.
template <typename Compute>
std::vector<HouseRuleSetting> house_rules_that_changed(const Rules& rules, Compute&& compute) {
  std::vector<HouseRuleSetting> changed;
  const auto settings = non_default_house_rules(rules);
  if (settings.empty()) return changed;
  const auto result = compute(rules);
  for (const HouseRuleSetting& setting : settings) {
    Rules with_default = rules;
    setting.rule->set(with_default, setting.default_value);
    if (!(compute(with_default) == result)) changed.push_back(setting);
  }
  return changed;
}

}  // namespace rummy
