// A player's cards at a table where groups are shown (Marriage, docs/rules.md §9.1), as PEGTL
// rules: syntax only.
//
//   shown K♦-K♦-K♦ (deal) | 2♣-3♣-4♣ | 9♠-10♠-J♠ hand 6♥-7♥-8♥ | 5♦-6♦-7♣ … discard 10♣
//
// The groups on the table after 'shown' ("(deal)" marks a tunnela shown at the deal), the rest
// after 'hand' (groups split by '|', or loose cards), and the final discard after 'discard'. Each
// part may be left out; cards with no word before them are the hand.
#pragma once

#include "hand.hpp"

namespace rummy::grammar {

// clang-format off
struct word_end : pegtl::not_at<pegtl::identifier_other> {};
struct shown_word : pegtl::seq<pegtl::istring<'s', 'h', 'o', 'w', 'n'>, word_end> {};
struct hand_word : pegtl::seq<pegtl::istring<'h', 'a', 'n', 'd'>, word_end> {};
struct discard_word : pegtl::seq<pegtl::istring<'d', 'i', 's', 'c', 'a', 'r', 'd'>, word_end> {};

// "(deal)" after a shown group: a tunnela shown at the deal.
struct deal_mark_text : pegtl::istring<'(', 'd', 'e', 'a', 'l', ')'> {};
struct deal_mark : pegtl::seq<blanks, deal_mark_text> {};

struct shown_start : pegtl::success {};  // the shown part's first group begins
struct hand_start : pegtl::success {};   // the hand's first group begins
struct discard_start : pegtl::success {};

struct shown_group : pegtl::seq<group, pegtl::opt<deal_mark>> {};
struct next_shown_group : pegtl::seq<blanks, bar, blanks, pegtl::must<group_start>, shown_group> {};
struct shown_part : pegtl::seq<shown_word, blanks, shown_start, shown_group, pegtl::star<next_shown_group>> {};
struct hand_groups : pegtl::seq<hand_start, group, pegtl::star<next_group>> {};
struct hand_part : pegtl::seq<hand_word, blanks, hand_groups> {};
struct discard_part : pegtl::seq<discard_word, blanks, discard_start, pegtl::must<card_required>> {};

struct table_hand_parts : pegtl::sor<pegtl::seq<shown_part, pegtl::opt<blanks, hand_part>>, hand_part, hand_groups> {};
struct table_hand_required : table_hand_parts {};
struct table_hand_end : pegtl::sor<pegtl::eolf, pegtl::at<blanks, pegtl::one<'#'>>> {};
// The cards of one player, within a longer line (a sheet's player line): ends where they end.
struct table_hand : pegtl::seq<pegtl::must<table_hand_required>, pegtl::opt<blanks, discard_part>> {};

// A whole input holding one player's cards on one line, with blank and '#' comment lines around.
struct table_end_of_input : pegtl::eof {};
struct table_hand_line_end : pegtl::seq<blanks, pegtl::opt<comment>, pegtl::eolf> {};
struct table_hand_line_end_required : table_hand_line_end {};
struct table_document : pegtl::seq<pegtl::opt<pegtl::utf8::bom>, pegtl::star<skipped_line>,
                                   pegtl::must<hand_present>, blanks, table_hand,
                                   pegtl::must<table_hand_line_end_required>,
                                   pegtl::star<skipped_line>, blanks, pegtl::must<table_end_of_input>> {};
// clang-format on

template <>
inline constexpr bool lookalikes_matter_only_on_failure<table_document> = true;

}  // namespace rummy::grammar
