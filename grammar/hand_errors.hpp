// Messages for every point where the hand notation (and a batch line) can fail, written for people.
// A must<> target without a message here is a compile error (must_if with RequireMessage).
#pragma once

#include "batch_line.hpp"
#include "hand.hpp"
#include "table_hand.hpp"
#include "table_sheet.hpp"

namespace rummy::grammar {

template <typename Rule>
inline constexpr const char* error_message = nullptr;

// clang-format off
template <> inline constexpr auto error_message<card_required> = "expected a card: a rank (A, 2-10 or T, J, Q, K) then a suit (♠ ♥ ♦ ♣ or S H D C), or PJ";
template <> inline constexpr auto error_message<suit_required> = "expected a suit after the rank: ♠ ♥ ♦ ♣ (or ♤ ♡ ♢ ♧, ❤) or S H D C";
template <> inline constexpr auto error_message<no_mark_on_joker> = "a printed joker is always a joker: (WJ) marks a card of the wild rank";
template <> inline constexpr auto error_message<group_start> = "expected a group of cards after '|': a group cannot be empty";
template <> inline constexpr auto error_message<end_of_hand> = "expected another card, '-', '|' or the end of the hand";
template <> inline constexpr auto error_message<hand_present> = "no hand given: expected cards such as A♠-2♠-3♠ | 7♥-7♦-7♣";
template <> inline constexpr auto error_message<end_of_input> = "a second hand: a blank line ends a hand, and an input holds one (its lines follow each other)";
template <> inline constexpr auto error_message<wild_value> = "expected a wild rank: a rank (7), a card whose rank is wild (7♦), PJ (aces are wild) or none";
template <> inline constexpr auto error_message<end_of_wild> = "expected the end of the wild rank";
template <> inline constexpr auto error_message<wild_value_required> = "expected a wild rank after 'wild=': a rank (7), a card (7♦), PJ (aces are wild) or none";
template <> inline constexpr auto error_message<game_value_required> = "expected a game after 'game=': a format as --game writes it, or a game's name as --variant writes it";
template <> inline constexpr auto error_message<drop_value_required> = "expected first or middle after 'drop='";
template <> inline constexpr auto error_message<setting_required> = "expected a setting: wild=RANK, game=GAME, drop=first|middle, declared or shown";
template <> inline constexpr auto error_message<settings_end_required> = "expected another setting (wild=, game=, drop=, declared, shown) or ']'";
template <> inline constexpr auto error_message<tiplu_value_required> = "expected the tiplu after 'tiplu=': a natural card, such as 7♦";
template <> inline constexpr auto error_message<state_value_required> = "expected the player's state after 'state=': ended, seen, unseen or foul";
template <> inline constexpr auto error_message<tiplu_setting_required> = "expected a setting: tiplu=CARD or state=ended|seen|unseen|foul";
template <> inline constexpr auto error_message<tiplu_settings_end_required> = "expected another setting (tiplu=, state=) or ']'";
template <> inline constexpr auto error_message<table_hand_required> = "expected the player's cards: 'shown' and the groups on the table, 'hand' and the rest, 'discard' and the final discard (or cards alone: the hand)";
template <> inline constexpr auto error_message<table_end_of_input> = "a second line: a player's cards are written on one line (shown … hand … discard …)";
template <> inline constexpr auto error_message<table_hand_line_end_required> = "expected another card, '-', '|', 'hand', 'discard', or the end of the line (one player's cards are written on one line)";

// Table sheets.
template <> inline constexpr auto error_message<sheet::sheet_line_required> = "expected a sheet line: game, point, entry, fee, decks, house, currency, players, deal, rejoin, split, or a player's name and what they did";
template <> inline constexpr auto error_message<sheet::line_end_required> = "expected the end of the line";
template <> inline constexpr auto error_message<sheet::value_required> = "expected a value";
template <> inline constexpr auto error_message<sheet::setting_number_required> = "expected a number: a setting on the game's line is a word and a number";
template <> inline constexpr auto error_message<sheet::listed_name_required> = "expected the players' names, e.g. 'players Asha Ravi Meena'";
template <> inline constexpr auto error_message<sheet::rejoin_name_required> = "expected the name of the player who rejoins";
template <> inline constexpr auto error_message<sheet::split_kind_required> = "expected how the pool is split: equal or drops";
template <> inline constexpr auto error_message<sheet::outcome_required> = "expected what the player did: the game's word for it and what it takes (a hand, a count or a word), or a count alone (45)";
template <> inline constexpr auto error_message<sheet::table_cards_end> = "expected another card, '-', '|', 'hand', 'discard', or the end of the line (one player's cards are written on one line)";
template <> inline constexpr auto error_message<sheet::closing_quote> = "expected the closing '\"' of the name";
template <> inline constexpr auto error_message<sheet::deal_line_required> = "expected a player's line: the name and what they did (NAME OUTCOME [HAND | N], or a count alone: Ravi 45)";
// clang-format on

struct errors {
  template <typename Rule>
  static constexpr auto message = error_message<Rule>;
};

template <typename Rule>
using control = tao::pegtl::must_if<errors>::control<Rule>;

}  // namespace rummy::grammar
