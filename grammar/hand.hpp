// The hand notation (rules §1) as PEGTL rules: syntax only, no actions, no game logic.
//
//   10♥-J♥-PJ-K♥ | 5♠-5♣-K♥(WJ) | 3♣4♣5♣ | QS QH (WJ) 9d
//
// Groups are split by '|'; cards by '-', by spaces or by nothing where the boundary is plain.
// Whether the cards make a legal group is never the grammar's business.
#pragma once

#include <cstdint>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

namespace rummy::grammar {

namespace pegtl = tao::pegtl;

// clang-format off
struct blank : pegtl::one<' ', '\t'> {};
struct blanks : pegtl::star<blank> {};

// Ranks: A 2…10 J Q K, T for 10, letters in either case. One rule that reads the bytes once,
// as the suit below: ranks are on the hot path of every card.
// clang-format on
struct rank {
  using rule_t = rank;
  using subs_t = pegtl::empty_list;

  template <typename ParseInput>
  static bool match(ParseInput& in) {
    if (in.empty()) return false;
    switch (in.peek_uint8(0)) {
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7':
      case '8':
      case '9':
      case 'A':
      case 'a':
      case 'J':
      case 'j':
      case 'Q':
      case 'q':
      case 'K':
      case 'k':
      case 'T':
      case 't':
        in.bump(1);
        return true;
      case '1':
        if (in.size(2) < 2 || in.peek_uint8(1) != '0') return false;
        in.bump(2);
        return true;
      default:
        return false;
    }
  }
};
// clang-format off

// Suits: the glyphs ♠ ♥ ♦ ♣ and ♤ ♡ ♢ ♧ (U+2660…U+2667), ❤ (U+2764) for hearts, or S H D C in
// either case. An emoji presentation selector (U+FE0F, as in ❤️) after a glyph belongs to it.
// One rule that reads the bytes once: suits are on the hot path of every card.
// clang-format on
struct suit {
  using rule_t = suit;
  using subs_t = pegtl::empty_list;

  template <typename ParseInput>
  static bool match(ParseInput& in) {
    if (in.empty()) return false;
    switch (in.peek_uint8(0)) {
      case 'S':
      case 's':
      case 'H':
      case 'h':
      case 'D':
      case 'd':
      case 'C':
      case 'c':
        in.bump(1);
        return true;
      case 0xE2:
        break;
      default:
        return false;
    }
    if (in.size(3) < 3) return false;
    const std::uint8_t second = in.peek_uint8(1), third = in.peek_uint8(2);
    const bool glyph = (second == 0x99 && third >= 0xA0 && third <= 0xA7) ||  // ♠…♧
                       (second == 0x9D && third == 0xA4);                     // ❤
    if (!glyph) return false;
    in.bump(3);
    if (in.size(3) >= 3 && in.peek_uint8(0) == 0xEF && in.peek_uint8(1) == 0xB8 &&
        in.peek_uint8(2) == 0x8F) {
      in.bump(3);  // U+FE0F
    }
    return true;
  }
};
// clang-format off
// Rules named *_required are the targets of must<>: only they carry error messages, because
// with must_if any rule that has a message raises wherever it fails.
struct suit_required : suit {};

// "(WJ)" after a card, optionally after spaces: this card is of the wild rank.
struct wild_mark_text : pegtl::istring<'(', 'W', 'J', ')'> {};
struct wild_mark : pegtl::seq<blanks, wild_mark_text> {};

// PJ is the printed joker; JK is another spelling of it (the games that accept it say so). In a
// hand both are read by one rule that looks at the first byte once (most cards are not jokers).
struct printed_joker : pegtl::istring<'P', 'J'> {};
// clang-format on
struct joker_name {
  using rule_t = joker_name;
  using subs_t = pegtl::empty_list;

  template <typename ParseInput>
  static bool match(ParseInput& in) {
    if (in.size(2) < 2) return false;
    const auto upper = [](std::uint8_t c) { return static_cast<std::uint8_t>(c & ~0x20u); };
    const std::uint8_t first = upper(in.peek_uint8(0)), second = upper(in.peek_uint8(1));
    if (!((first == 'P' && second == 'J') || (first == 'J' && second == 'K'))) return false;
    in.bump(2);
    return true;
  }
};
// A card's rank: any rank but the J of JK, the printed joker's other spelling, which is left to
// joker_card. Natural cards are tried first, as most cards are; the joker's name after them.
struct card_rank {
  using rule_t = card_rank;
  using subs_t = pegtl::empty_list;

  template <typename ParseInput>
  static bool match(ParseInput& in) {
    if (in.size(2) >= 2 && (in.peek_uint8(0) & ~0x20u) == 'J' &&
        (in.peek_uint8(1) & ~0x20u) == 'K') {
      return false;
    }
    return rank::match(in);
  }
};
// clang-format off
struct no_mark_on_joker : pegtl::not_at<wild_mark> {};
struct joker_card : pegtl::seq<joker_name, pegtl::must<no_mark_on_joker>> {};
struct natural_card : pegtl::seq<card_rank, pegtl::must<suit_required>, pegtl::opt<wild_mark>> {};
struct card : pegtl::sor<natural_card, joker_card> {};
struct card_required : card {};

struct dash : pegtl::one<'-'> {};
struct bar : pegtl::one<'|'> {};
struct dashed_card : pegtl::seq<blanks, dash, blanks, pegtl::must<card_required>> {};
struct spaced_card : pegtl::seq<blanks, card> {};
struct group : pegtl::seq<pegtl::must<card_required>, pegtl::star<pegtl::sor<dashed_card, spaced_card>>> {};

struct end_of_hand : pegtl::eolf {};
struct group_start : pegtl::not_at<pegtl::sor<bar, pegtl::eolf>> {};
struct next_group : pegtl::seq<blanks, bar, blanks, pegtl::must<group_start>, group> {};
struct hand_line : pegtl::seq<blanks, group, pegtl::star<next_group>, blanks, pegtl::must<end_of_hand>> {};

// A whole input holding one hand (rules §1.6): its lines follow each other, and each line holds
// one group or several split by '|', as people write hands in chat. '#' comment lines among them
// are skipped; a blank line ends the hand. Blank and comment lines around it are skipped.
struct comment : pegtl::seq<pegtl::one<'#'>, pegtl::until<pegtl::eolf>> {};
struct comment_line : pegtl::seq<blanks, comment> {};
struct skipped_line : pegtl::seq<blanks, pegtl::sor<comment, pegtl::eol>> {};
struct line_group : pegtl::success {};  // a line of cards after the first: a new group
struct next_line : pegtl::seq<pegtl::star<comment_line>, blanks, pegtl::not_at<pegtl::eolf>, line_group,
                              group, pegtl::star<next_group>, blanks, pegtl::must<end_of_hand>> {};
struct hand_present : pegtl::not_at<blanks, pegtl::eof> {};
struct end_of_input : pegtl::eof {};
struct document : pegtl::seq<pegtl::opt<pegtl::utf8::bom>, pegtl::star<skipped_line>,
                             pegtl::must<hand_present>, hand_line, pegtl::star<next_line>,
                             pegtl::star<skipped_line>, blanks, pegtl::must<end_of_input>> {};

// Whether every byte a grammar accepts is ASCII or part of a whole suit glyph, so that what it
// matches is valid UTF-8 (no comments, no names): then the input need not be checked first.
template <typename Grammar>
inline constexpr bool reads_only_utf8 = false;

// Whether a grammar accepts the characters that look-alikes (src/core/text.hpp, read_as) stand for
// in their place nowhere but in comments, where they mean nothing: then the input need be read
// with look-alikes only when it does not match as written (the hot paths pay nothing for them).
// A table sheet's names take any character, so a sheet is always read with them.
template <typename Grammar>
inline constexpr bool lookalikes_matter_only_on_failure = false;

// The value of --wild: a rank (7), a card whose rank counts (7♦), PJ (aces wild) or none.
struct wild_none : pegtl::istring<'n', 'o', 'n', 'e'> {};
struct wild_value : pegtl::sor<printed_joker, wild_none, pegtl::seq<rank, pegtl::opt<suit>>> {};
struct end_of_wild : pegtl::eof {};
struct wild_option : pegtl::seq<blanks, pegtl::must<wild_value>, blanks, pegtl::must<end_of_wild>> {};
// clang-format on

template <>
inline constexpr bool lookalikes_matter_only_on_failure<document> = true;
template <>
inline constexpr bool lookalikes_matter_only_on_failure<wild_option> = true;

}  // namespace rummy::grammar

// For pegtl::analyze: a suit, a rank and a joker's name consume input whenever they match.
template <typename Name>
struct tao::pegtl::analyze_traits<Name, rummy::grammar::suit> : analyze_any_traits<> {};
template <typename Name>
struct tao::pegtl::analyze_traits<Name, rummy::grammar::rank> : analyze_any_traits<> {};
template <typename Name>
struct tao::pegtl::analyze_traits<Name, rummy::grammar::joker_name> : analyze_any_traits<> {};
template <typename Name>
struct tao::pegtl::analyze_traits<Name, rummy::grammar::card_rank> : analyze_any_traits<> {};
