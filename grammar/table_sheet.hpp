// A table sheet: one game at one table, written by hand during the game. Syntax only.
//
//   # Friday at Ravi's
//   game pool101            (or: game points / game pool201 / game deals 3; the other games:
//                            game basic [target 150 | hands 6] / game knock rounds 5 / game crazy)
//   entry 100               (pools and deals; points rummy: "point 2", the value of a point)
//   fee 10%                 (or a fixed amount: "fee 5"; default 0)
//   players Asha Ravi Meena Tom
//   deal wild 7♦            (the wild joker is optional; (WJ) marks in the hands also say it)
//     Asha declared A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ
//     Ravi showed 10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥
//     Meena dropped first
//     Tom missed            (three missed turns; "left": left the table; "won": last standing)
//   rejoin Tom              (pools, between deals)
//   split equal             (pools, with 2 or 3 left: "split equal" or "split drops")
//
// Basic and Crazy Rummy: "Asha out" (Basic also "Asha rummy"), the others "showed" the cards
// left in hand. Knock Rummy: "Asha knocked HAND", the others "showed HAND" (one group: the tool
// finds the least deadwood; groups split by '|': the player's own grouping counts).
//
// Also: "decks 2", "house NAME=VALUE", "currency ₹". One statement a line; '#' starts a comment
// line; indentation is free.
#pragma once

#include "batch_line.hpp"
#include "hand.hpp"

namespace rummy::grammar::sheet {

// clang-format off
struct gap : pegtl::plus<blank> {};
struct word : pegtl::plus<pegtl::not_one<' ', '\t', '\r', '\n'>> {};
// A player's name: one word, or several in quotes ("Ravi K").
struct closing_quote : pegtl::one<'"'> {};
struct quoted_name : pegtl::seq<pegtl::one<'"'>, pegtl::plus<pegtl::not_one<'"', '\r', '\n'>>, pegtl::must<closing_quote>> {};
struct name : pegtl::sor<quoted_name, word> {};
struct keyword_end : pegtl::at<pegtl::sor<blank, pegtl::eolf>> {};
template <typename Word>
struct keyword : pegtl::seq<Word, keyword_end> {};
struct line_end : pegtl::seq<blanks, pegtl::eolf> {};
struct line_end_required : line_end {};

struct value : word {};
struct value_required : value {};

struct game_points : TAO_PEGTL_ISTRING("points") {};
struct game_pool101 : TAO_PEGTL_ISTRING("pool101") {};
struct game_pool201 : TAO_PEGTL_ISTRING("pool201") {};
struct deal_count : pegtl::plus<pegtl::digit> {};
struct deal_count_required : deal_count {};
struct deals_word : TAO_PEGTL_ISTRING("deals") {};
struct game_deals : pegtl::seq<deals_word, gap, pegtl::must<deal_count_required>> {};
// Basic Rummy: to a target (150 unless written) or over an agreed number of hands.
struct game_length : pegtl::plus<pegtl::digit> {};
struct game_length_required : game_length {};
struct basic_target : pegtl::seq<keyword<TAO_PEGTL_ISTRING("target")>, gap, pegtl::must<game_length_required>> {};
struct basic_hands : pegtl::seq<keyword<TAO_PEGTL_ISTRING("hands")>, gap, pegtl::must<game_length_required>> {};
struct basic_length : pegtl::sor<basic_target, basic_hands> {};
struct basic_length_required : basic_length {};
struct basic_word : TAO_PEGTL_ISTRING("basic") {};
struct game_basic : pegtl::seq<keyword<basic_word>, pegtl::opt<gap, pegtl::not_at<pegtl::eolf>, pegtl::must<basic_length_required>>> {};
// Knock Rummy: the agreed number of rounds. Crazy Rummy: always seven.
struct knock_rounds : pegtl::seq<gap, keyword<TAO_PEGTL_ISTRING("rounds")>, gap, pegtl::must<game_length_required>> {};
struct knock_rounds_required : knock_rounds {};
struct knock_word : TAO_PEGTL_ISTRING("knock") {};
struct game_knock : pegtl::seq<keyword<knock_word>, pegtl::must<knock_rounds_required>> {};
struct crazy_word : TAO_PEGTL_ISTRING("crazy") {};
struct game_crazy : keyword<crazy_word> {};
struct game_kind : pegtl::sor<keyword<game_points>, keyword<game_pool101>, keyword<game_pool201>, game_deals,
                              game_basic, game_knock, game_crazy> {};
struct game_kind_required : game_kind {};
struct game_word : keyword<TAO_PEGTL_ISTRING("game")> {};
struct game_line : pegtl::seq<game_word, gap, pegtl::must<game_kind_required>> {};

struct point_word : keyword<TAO_PEGTL_ISTRING("point")> {};
struct point_line : pegtl::seq<point_word, gap, pegtl::must<value_required>> {};
struct entry_word : keyword<TAO_PEGTL_ISTRING("entry")> {};
struct entry_line : pegtl::seq<entry_word, gap, pegtl::must<value_required>> {};
struct fee_word : keyword<TAO_PEGTL_ISTRING("fee")> {};
struct fee_line : pegtl::seq<fee_word, gap, pegtl::must<value_required>> {};
struct decks_word : keyword<TAO_PEGTL_ISTRING("decks")> {};
struct decks_line : pegtl::seq<decks_word, gap, pegtl::must<value_required>> {};
struct house_word : keyword<TAO_PEGTL_ISTRING("house")> {};
struct house_line : pegtl::seq<house_word, gap, pegtl::must<value_required>> {};
struct currency_word : keyword<TAO_PEGTL_ISTRING("currency")> {};
struct currency_line : pegtl::seq<currency_word, gap, pegtl::must<value_required>> {};

struct listed_name : name {};
struct listed_name_required : listed_name {};
struct players_word : keyword<TAO_PEGTL_ISTRING("players")> {};
struct players_line : pegtl::seq<players_word, gap, pegtl::must<listed_name_required>,
                                 pegtl::star<gap, listed_name>> {};

struct deal_wild : pegtl::seq<keyword<TAO_PEGTL_ISTRING("wild")>, gap, pegtl::must<wild_value_required>> {};
struct deal_word : keyword<TAO_PEGTL_ISTRING("deal")> {};
struct deal_line : pegtl::seq<deal_word, pegtl::opt<gap, deal_wild>> {};

struct rejoin_name : name {};
struct rejoin_name_required : rejoin_name {};
struct rejoin_line : pegtl::seq<keyword<TAO_PEGTL_ISTRING("rejoin")>, gap, pegtl::must<rejoin_name_required>> {};

struct split_equal : keyword<TAO_PEGTL_ISTRING("equal")> {};
struct split_drops : keyword<TAO_PEGTL_ISTRING("drops")> {};
struct split_kind : pegtl::sor<split_equal, split_drops> {};
struct split_kind_required : split_kind {};
struct split_line : pegtl::seq<keyword<TAO_PEGTL_ISTRING("split")>, gap, pegtl::must<split_kind_required>> {};

// 'void' (or 'misdeal') inside a deal: the deal counts for nothing.
struct void_line : pegtl::sor<keyword<TAO_PEGTL_ISTRING("void")>, keyword<TAO_PEGTL_ISTRING("misdeal")>> {};
struct directive : pegtl::sor<game_line, point_line, entry_line, fee_line, decks_line, house_line, void_line,
                              currency_line, players_line, deal_line, rejoin_line, split_line> {};

// A player's line: the name, then what they did in the deal. A name's word stops before a colon
// that ends it ('Ravi:').
struct player_word : pegtl::plus<pegtl::not_at<pegtl::one<':'>, pegtl::sor<blank, pegtl::eolf>>, pegtl::not_one<' ', '\t', '\r', '\n'>> {};
struct player_name : pegtl::sor<quoted_name, player_word> {};
// A loser's count without the cards: 'Ravi 45', 'Ravi showed 45'.
struct points_given : pegtl::plus<pegtl::digit> {};
struct points_only : pegtl::seq<blanks, points_given, line_end> {};
struct hand_required : hand_line {};
struct hand_or_points : pegtl::sor<points_only, hand_line> {};
struct hand_or_points_required : hand_or_points {};
// 'declared' alone: a valid declaration whose cards nobody wrote down.
struct declared_alone : line_end {};
struct declared : pegtl::seq<keyword<TAO_PEGTL_ISTRING("declared")>, pegtl::sor<declared_alone, pegtl::must<hand_required>>> {};
struct showed : pegtl::seq<keyword<TAO_PEGTL_ISTRING("showed")>, pegtl::must<hand_or_points_required>> {};
// 'dropped first' or 'dropped middle': the sheet's own words (the batch file's is 'drop=').
struct drop_kind_required : drop_value {};
struct dropped : pegtl::seq<keyword<TAO_PEGTL_ISTRING("dropped")>, blanks, pegtl::must<drop_kind_required>, pegtl::must<line_end_required>> {};
struct missed : pegtl::seq<keyword<TAO_PEGTL_ISTRING("missed")>, pegtl::must<line_end_required>> {};
struct left_table : pegtl::seq<keyword<TAO_PEGTL_ISTRING("left")>, pegtl::must<line_end_required>> {};
struct won : pegtl::seq<keyword<TAO_PEGTL_ISTRING("won")>, pegtl::must<line_end_required>> {};
// The other games: who went out (Basic, Crazy), went rummy (Basic), or knocked (Knock).
struct went_out : pegtl::seq<keyword<TAO_PEGTL_ISTRING("out")>, pegtl::must<line_end_required>> {};
struct went_rummy : pegtl::seq<keyword<TAO_PEGTL_ISTRING("rummy")>, pegtl::must<line_end_required>> {};
struct knocked : pegtl::seq<keyword<TAO_PEGTL_ISTRING("knocked")>, pegtl::must<hand_or_points_required>> {};
struct shown_points : points_only {};
struct outcome : pegtl::sor<declared, showed, dropped, missed, left_table, won, went_out, went_rummy, knocked, shown_points> {};
struct outcome_required : outcome {};
// A colon after the name, as on a paper sheet ('Ravi: declared'), is read as 'Ravi declared'.
struct name_colon : pegtl::seq<blanks, pegtl::one<':'>> {};
struct player_line : pegtl::seq<player_name, pegtl::opt<name_colon>, gap, pegtl::must<outcome_required>> {};

struct comment_line : pegtl::seq<pegtl::one<'#'>, pegtl::until<pegtl::eolf>> {};
struct blank_line : pegtl::eol {};
struct statement : pegtl::sor<pegtl::seq<directive, pegtl::must<line_end_required>>, player_line> {};
struct sheet_line : pegtl::seq<blanks, pegtl::sor<blank_line, comment_line, statement>> {};
struct sheet_line_required : sheet_line {};
struct sheet : pegtl::seq<pegtl::opt<pegtl::utf8::bom>,
                          pegtl::star<pegtl::not_at<blanks, pegtl::eof>, pegtl::must<sheet_line_required>>,
                          blanks, pegtl::eof> {};

// One deal's players' lines alone (rummy deal): one a line, blank and comment lines allowed.
struct deal_line_required : pegtl::seq<blanks, pegtl::sor<blank_line, comment_line, player_line>> {};
struct deal_lines : pegtl::seq<pegtl::opt<pegtl::utf8::bom>,
                               pegtl::star<pegtl::not_at<blanks, pegtl::eof>, pegtl::must<deal_line_required>>,
                               blanks, pegtl::eof> {};
// clang-format on

}  // namespace rummy::grammar::sheet
