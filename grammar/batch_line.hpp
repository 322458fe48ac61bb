// One line of a batch file: optional settings in brackets, then a hand (or nothing, for a drop).
//
//   [wild=7 declared] A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ
//   [game=pool201, drop=middle]
//   10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥
//
// Settings: wild=RANK (as --wild), game=NAME (a format, as --game names it, or a game, as
// --variant names it), declared, shown, drop=first|middle; separated by spaces or commas. Syntax
// only, like hand.hpp: which games and formats there are is data.
#pragma once

#include "hand.hpp"
#include "table_hand.hpp"

namespace rummy::grammar {

// clang-format off
struct setting_separator : pegtl::plus<pegtl::sor<blank, pegtl::one<','>>> {};

struct wild_value_required : pegtl::disable<wild_value> {};
struct setting_wild : pegtl::seq<TAO_PEGTL_ISTRING("wild"), blanks, pegtl::one<'='>, blanks, pegtl::must<wild_value_required>> {};

// A format of the game, or a game's name: a word; which games there are is data (the action
// reads the word against them).
struct game_value : pegtl::seq<pegtl::alpha, pegtl::star<pegtl::alnum>> {};
struct game_value_required : game_value {};
struct setting_game : pegtl::seq<TAO_PEGTL_ISTRING("game"), blanks, pegtl::one<'='>, blanks, pegtl::must<game_value_required>> {};

struct drop_value : pegtl::sor<TAO_PEGTL_ISTRING("first"), TAO_PEGTL_ISTRING("middle")> {};
struct drop_value_required : drop_value {};
struct setting_drop : pegtl::seq<TAO_PEGTL_ISTRING("drop"), blanks, pegtl::one<'='>, blanks, pegtl::must<drop_value_required>> {};

struct setting_declared : TAO_PEGTL_ISTRING("declared") {};
struct setting_shown : TAO_PEGTL_ISTRING("shown") {};

// A game dealt with a tiplu (Marriage): tiplu=CARD (a natural card, as --tiplu), and
// state=ended|seen|unseen|foul (the player's state at the end of the deal, as score --state).
struct tiplu_value : pegtl::seq<rank, suit> {};
struct tiplu_value_required : pegtl::disable<tiplu_value> {};
struct setting_tiplu : pegtl::seq<TAO_PEGTL_ISTRING("tiplu"), blanks, pegtl::one<'='>, blanks, pegtl::must<tiplu_value_required>> {};
struct state_value : pegtl::sor<TAO_PEGTL_ISTRING("ended"), TAO_PEGTL_ISTRING("seen"), TAO_PEGTL_ISTRING("unseen"), TAO_PEGTL_ISTRING("foul")> {};
struct state_value_required : state_value {};
struct setting_state : pegtl::seq<TAO_PEGTL_ISTRING("state"), blanks, pegtl::one<'='>, blanks, pegtl::must<state_value_required>> {};

// Every game's lines read every setting: which apply to the batch's game is checked after.
struct setting : pegtl::sor<setting_wild, setting_game, setting_drop, setting_declared, setting_shown, setting_tiplu, setting_state> {};
struct setting_required : setting {};
struct settings_end : pegtl::one<']'> {};
struct settings_end_required : settings_end {};
template <typename Required, typename EndRequired>
struct settings_of : pegtl::seq<pegtl::one<'['>, blanks, pegtl::must<Required>,
                                pegtl::star<setting_separator, setting>, blanks,
                                pegtl::must<EndRequired>> {};
struct settings : settings_of<setting_required, settings_end_required> {};

// A line's settings and the blanks around them: src/core/notation.cpp reads these alone (all but
// the common "[wild=R]", which plain_hand.cpp reads as they do), then tries the hand after them
// without the grammar.
struct batch_line_settings : pegtl::seq<blanks, pegtl::opt<settings>, blanks> {};
struct batch_line : pegtl::seq<batch_line_settings, pegtl::sor<pegtl::eof, hand_line>> {};

// A line of a game dealt with a tiplu: settings, then a player's cards (table_hand.hpp).
struct tiplu_setting_required : setting {};
struct tiplu_settings_end_required : settings_end {};
struct tiplu_settings : settings_of<tiplu_setting_required, tiplu_settings_end_required> {};
struct tiplu_batch_line : pegtl::seq<blanks, pegtl::opt<tiplu_settings>, blanks,
                                     pegtl::sor<pegtl::eof, pegtl::seq<table_hand, pegtl::must<table_hand_line_end_required>>>> {};
// clang-format on

// A batch line is settings and cards: ASCII and suit glyphs only.
template <>
inline constexpr bool reads_only_utf8<batch_line> = true;
template <>
inline constexpr bool lookalikes_matter_only_on_failure<batch_line> = true;
template <>
inline constexpr bool reads_only_utf8<tiplu_batch_line> = true;
template <>
inline constexpr bool lookalikes_matter_only_on_failure<tiplu_batch_line> = true;

}  // namespace rummy::grammar
