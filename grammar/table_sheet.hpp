// A table sheet: one game at one table, written by hand during the game. Syntax only: which
// games, settings and outcomes there are is data (src/core/rules.hpp: the games list and the
// outcome table), read by the parser's actions (src/core/sheet_parse.cpp) and the settlement.
//
//   # Friday at Ravi's
//   game NAME [WORD N]…     the game's name, then its settings: a word and a number, or a
//                           number alone
//   point 2                 the settings of the table: also entry, fee (10% or 5), decks,
//                           house NAME=VALUE and currency
//   players Asha Ravi Meena
//   deal wild 7♦            a deal, with its wild rank if the game has one
//     upcard 6♦             a line of the deal's own: a word of the deal-line table, and a card
//                           or nothing ('dead')
//     Asha OUTCOME A♠-2♠-3♠ | 6♣-7♣-8♣ | 4♦-4♠-4♣    a player's line: NAME OUTCOME [HAND | N]
//     Ravi OUTCOME 45
//     Meena OUTCOME WORD
//     tiplu 5♣              (Marriage) the tiplu, and each player's cards as shown at the table:
//     Kiran ended shown 2♠-2♠ | … hand 8♦-8♦ | 5♣ 4♣ discard 3♦
//     Mina seen 0           or the maal as a number
//   rejoin NAME             between deals
//   split equal             (or "split drops")
//
// A player's line is the name, then the outcome's word or words, then what the outcome takes: a
// hand (groups split by '|'), a count, a word, or nothing. A count alone ('Ravi 45') is a hand
// shown that counted so much. One statement a line; '#' starts a comment line; indentation is
// free.
#pragma once

#include "batch_line.hpp"
#include "hand.hpp"
#include "table_hand.hpp"

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

// The game's line: its name, then its settings, each a word and a number ('WORD 5') or a number
// alone. Whether the game and its settings exist is checked against the games list.
struct game_name : word {};
struct setting_word : pegtl::seq<pegtl::plus<pegtl::alpha>, keyword_end> {};
struct setting_number : pegtl::seq<pegtl::plus<pegtl::digit>, keyword_end> {};
struct setting_number_required : setting_number {};
struct named_setting : pegtl::seq<setting_word, blanks, pegtl::must<setting_number_required>> {};
struct lone_number : setting_number {};
struct game_setting : pegtl::sor<named_setting, lone_number> {};
struct game_word : keyword<TAO_PEGTL_ISTRING("game")> {};
struct game_line : pegtl::seq<game_word, pegtl::opt<gap, game_name, pegtl::star<gap, game_setting>>> {};

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

// A line of the deal's own ('upcard 6♦', 'dead'): a word of the deal-line table, then what it
// takes, a card or nothing. Which words there are is data: the actions decide, and a word that is
// none of them (or a player's name) leaves the line to be read as a player's.
struct mark_word : word {};
struct mark_card : pegtl::seq<gap, hand_line> {};
struct mark_rest : pegtl::sor<line_end, mark_card> {};
struct deal_mark_line : pegtl::seq<mark_word, mark_rest> {};

// A player's line: the name, then what they did in the deal. A name's word stops before a colon
// that ends it ('Ravi:').
struct player_word : pegtl::plus<pegtl::not_at<pegtl::one<':'>, pegtl::sor<blank, pegtl::eolf>>, pegtl::not_one<' ', '\t', '\r', '\n'>> {};
struct player_name : pegtl::sor<quoted_name, player_word> {};
// A loser's count without the cards: 'Ravi 45', 'Ravi showed 45'.
struct points_given : pegtl::plus<pegtl::digit> {};
struct points_only : pegtl::seq<blanks, points_given, line_end> {};
struct shown_points : points_only {};
// What the player did: the outcome's words, then what follows them. The first word is always the
// outcome's; a further word is taken only where the outcome table has an outcome of more words
// or one followed by a word (the actions decide: a hand written in letters, 'AS KS', is no word
// of an outcome). What follows is a count, a hand or nothing; which one an outcome takes is the
// outcome table's.
struct outcome_word : word {};
struct outcome_more : word {};
struct outcome_words : pegtl::seq<outcome_word, pegtl::star<gap, outcome_more>> {};
struct outcome_nothing : line_end {};
// A player's cards where groups are shown at the table (Marriage): 'shown GROUPS [hand GROUPS]
// [discard CARD]' or 'hand GROUPS [discard CARD]' (grammar/table_hand.hpp); cards with no word
// before them are a hand as any game writes it.
struct table_cards_end : line_end {};
struct table_cards : pegtl::seq<blanks, pegtl::at<pegtl::sor<shown_word, hand_word>>, table_hand,
                                pegtl::must<table_cards_end>> {};
struct outcome_rest : pegtl::sor<outcome_nothing, points_only, table_cards, hand_line> {};
struct spoken_outcome : pegtl::seq<outcome_words, outcome_rest> {};
struct outcome : pegtl::sor<shown_points, spoken_outcome> {};
struct outcome_required : outcome {};
// A colon after the name, as on a paper sheet ('Ravi: declared'), is read as 'Ravi declared'.
struct name_colon : pegtl::seq<blanks, pegtl::one<':'>> {};
struct player_line : pegtl::seq<player_name, pegtl::opt<name_colon>, gap, pegtl::must<outcome_required>> {};

struct comment_line : pegtl::seq<pegtl::one<'#'>, pegtl::until<pegtl::eolf>> {};
struct blank_line : pegtl::eol {};
struct statement : pegtl::sor<pegtl::seq<directive, pegtl::must<line_end_required>>, deal_mark_line, player_line> {};
struct sheet_line : pegtl::seq<blanks, pegtl::sor<blank_line, comment_line, statement>> {};
struct sheet_line_required : sheet_line {};
struct sheet : pegtl::seq<pegtl::opt<pegtl::utf8::bom>,
                          pegtl::star<pegtl::not_at<blanks, pegtl::eof>, pegtl::must<sheet_line_required>>,
                          blanks, pegtl::eof> {};

// One deal's lines alone (rummy deal): its own lines (upcard, dead) and its players' lines, one a
// line; blank and comment lines allowed.
struct deal_line_required : pegtl::seq<blanks, pegtl::sor<blank_line, comment_line, deal_mark_line, player_line>> {};
struct deal_lines : pegtl::seq<pegtl::opt<pegtl::utf8::bom>,
                               pegtl::star<pegtl::not_at<blanks, pegtl::eof>, pegtl::must<deal_line_required>>,
                               blanks, pegtl::eof> {};
// clang-format on

}  // namespace rummy::grammar::sheet
