// The hand notation's parse actions, shared by the parsers of each format (src/notation.cpp:
// hands, --wild and batch lines; src/sheet_parse.cpp: table sheets). Actions only build plain
// models and record where things were written; checking them is another step. Private to the
// parsing files: the only header that brings in PEGTL.
#pragma once

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <tao/pegtl.hpp>

#include "hand.hpp"
#include "hand_errors.hpp"
#include "notation.hpp"

namespace rummy::parsing {

namespace pegtl = tao::pegtl;

struct HandBuilder {
  const char* base = nullptr;
  WrittenHand hand;
  LineSettings settings;  // batch lines only
  Rank rank = Rank::ace;
  Suit suit = Suit::spades;
  std::optional<std::size_t> mark;

  std::size_t offset_of(const char* at) const { return static_cast<std::size_t>(at - base); }
  void start() {
    hand.cards.reserve(16);
    hand.group_sizes.reserve(8);
    hand.group_sizes.push_back(0);
  }
  void add(WrittenCard card) {
    hand.cards.push_back(card);
    ++hand.group_sizes.back();
    mark.reset();
  }
};

inline Rank rank_from_text(std::string_view text) {
  switch (text.front()) {
    case 'A':
    case 'a':
      return Rank::ace;
    case 'J':
    case 'j':
      return Rank::jack;
    case 'Q':
    case 'q':
      return Rank::queen;
    case 'K':
    case 'k':
      return Rank::king;
    case 'T':
    case 't':
      return Rank::ten;
    case '1':
      return Rank::ten;
    default:
      return static_cast<Rank>(text.front() - '0');
  }
}

template <typename Rule>
struct action : pegtl::nothing<Rule> {};

template <>
struct action<grammar::card_rank> {
  template <typename Input>
  static void apply(const Input& in, HandBuilder& builder) {
    builder.rank = rank_from_text(in.string_view());
  }
};

// The suit of a symbol the grammar accepted: a letter, or the last byte of U+2660…U+2667 or ❤.
inline Suit suit_from_text(std::string_view text) {
  switch (text[0]) {
    case 'S':
    case 's':
      return Suit::spades;
    case 'H':
    case 'h':
      return Suit::hearts;
    case 'D':
    case 'd':
      return Suit::diamonds;
    case 'C':
    case 'c':
      return Suit::clubs;
    default:
      break;
  }
  if (static_cast<unsigned char>(text[1]) == 0x9D) return Suit::hearts;  // ❤
  // ♠ ♡ ♢ ♣ ♤ ♥ ♦ ♧ in code point order.
  constexpr std::array<Suit, 8> glyphs = {Suit::spades, Suit::hearts, Suit::diamonds, Suit::clubs,
                                          Suit::spades, Suit::hearts, Suit::diamonds, Suit::clubs};
  return glyphs[static_cast<unsigned char>(text[2]) - 0xA0];
}

template <>
struct action<grammar::suit_required> {
  template <typename Input>
  static void apply(const Input& in, HandBuilder& builder) {
    builder.suit = suit_from_text(in.string_view());
  }
};

template <>
struct action<grammar::wild_mark_text> {
  template <typename Input>
  static void apply(const Input& in, HandBuilder& builder) {
    builder.mark = builder.offset_of(in.begin());
  }
};

template <>
struct action<grammar::natural_card> {
  template <typename Input>
  static void apply(const Input& in, HandBuilder& builder) {
    builder.add({Card(builder.rank, builder.suit), builder.offset_of(in.begin()), builder.mark});
    builder.hand.end_offset = builder.offset_of(in.end());
  }
};

// PJ or JK (Crazy Rummy's spelling, which only Crazy Rummy accepts: checked later).
template <>
struct action<grammar::joker_name> {
  template <typename Input>
  static void apply(const Input& in, HandBuilder& builder) {
    const bool spelled_jk = (in.peek_uint8(0) & ~0x20u) == 'J';
    builder.add({Card::printed_joker(), builder.offset_of(in.begin()), std::nullopt, spelled_jk});
    builder.hand.end_offset = builder.offset_of(in.end());
  }
};

template <>
struct action<grammar::bar> {
  static void apply0(HandBuilder& builder) {
    builder.hand.group_sizes.push_back(0);
    builder.hand.grouped = true;
  }
};
template <>
struct action<grammar::dash> {
  static void apply0(HandBuilder& builder) { builder.hand.grouped = true; }
};

// The wild rank of a text that grammar::wild_value matched (--wild, a batch line's wild=): none,
// PJ (the aces: rules §2.3), or a rank with or without a suit.
inline WildRank wild_from_text(std::string_view text) {
  switch (text.front()) {
    case 'n':
    case 'N':
      return std::nullopt;
    case 'p':
    case 'P':
      return Rank::ace;
    default:
      return rank_from_text(text);
  }
}

// Batch-line settings.
template <>
struct action<grammar::wild_value_required> {
  template <typename Input>
  static void apply(const Input& in, HandBuilder& builder) {
    builder.settings.wild = wild_from_text(in.string_view());
    builder.settings.wild_offset = builder.offset_of(in.begin());
    builder.settings.note("wild", builder.settings.wild_offset);
  }
};
template <>
struct action<grammar::game_value_required> {
  template <typename Input>
  static void apply(const Input& in, HandBuilder& builder) {
    for (const Game game : all_games) {
      if (std::equal(in.begin(), in.end(), game_name(game).begin(), game_name(game).end(),
                     [](char a, char b) { return std::tolower(a) == std::tolower(b); })) {
        builder.settings.game = game;
      }
    }
    builder.settings.game_offset = builder.offset_of(in.begin());
    builder.settings.note("game", builder.settings.game_offset);
  }
};
template <>
struct action<grammar::drop_value_required> {
  template <typename Input>
  static void apply(const Input& in, HandBuilder& builder) {
    builder.settings.drop = std::tolower(in.peek_char()) == 'f' ? Drop::first : Drop::middle;
    builder.settings.drop_offset = builder.offset_of(in.begin());
    builder.settings.note("drop", builder.settings.drop_offset);
  }
};
template <bool Declared>
struct declared_action {
  template <typename Input>
  static void apply(const Input& in, HandBuilder& builder) {
    builder.settings.declared = Declared;
    builder.settings.declared_offset = builder.offset_of(in.begin());
    builder.settings.note(Declared ? "declared" : "shown", builder.settings.declared_offset);
  }
};
template <>
struct action<grammar::setting_declared> : declared_action<true> {};
template <>
struct action<grammar::setting_shown> : declared_action<false> {};

// The wild option has its own small builder: the wild rank of the value it matched.
struct WildBuilder {
  WildRank wild;
};

template <typename Rule>
struct wild_action : pegtl::nothing<Rule> {};
template <>
struct wild_action<grammar::wild_value> {
  template <typename Input>
  static void apply(const Input& in, WildBuilder& builder) {
    builder.wild = wild_from_text(in.string_view());
  }
};

// What stands at an error position, quoted for the message: the separator itself, or the
// run of characters up to the next separator; control characters escaped.
inline std::string found_at(std::string_view text, std::size_t offset) {
  if (offset >= text.size()) return "found the end of the input";
  if (text[offset] == '\n' || text[offset] == '\r') return "found the end of the line";
  std::size_t end = offset + 1;
  if (text[offset] != '-' && text[offset] != '|') {
    while (end < text.size() && end - offset < 24 &&
           std::string_view(" \t-|,]\r\n").find(text[end]) == std::string_view::npos) {
      ++end;
    }
  }
  std::string token;
  for (const char c : text.substr(offset, end - offset)) {
    const auto byte = static_cast<unsigned char>(c);
    token += byte < 0x20 || byte == 0x7F ? fmt::format("\\x{:02X}", byte) : std::string(1, c);
  }
  return "found '" + token + "'";
}

// Runs a grammar over the text and turns its errors into InputErrors.
// Runs a grammar over the text and turns its errors into InputErrors; a word found where one of
// `keywords` was expected gets "did you mean".
// Input that is not UTF-8 is refused as such, before anything else is said of it. A grammar that
// reads only ASCII and whole suit glyphs (grammar::reads_only_utf8) cannot match such input, so
// its input is checked only when it does not match.
template <typename Grammar, template <typename> class Action, typename State>
void parse_text(std::string_view text, std::string_view source, State& state,
                const std::vector<std::string>& keywords = {}) {
  const auto refuse_bad_utf8 = [&] {
    if (const auto bad = first_invalid_utf8(text)) {
      throw input_error(
          source, text, *bad,
          fmt::format("byte 0x{:02X} is not valid UTF-8: the input must be UTF-8 text",
                      static_cast<unsigned char>(text[*bad])));
    }
  };
  if constexpr (!grammar::reads_only_utf8<Grammar>) refuse_bad_utf8();
  // Lazy tracking: only the byte offset is kept as the input is read (a line and column are
  // worked out by locate(), for an error); no source name: the errors name it themselves.
  pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*> in(
      text.data(), text.size(), "");
  try {
    pegtl::parse<Grammar, Action, grammar::control>(in, state);
  } catch (const pegtl::parse_error& error) {
    if constexpr (grammar::reads_only_utf8<Grammar>) refuse_bad_utf8();
    const std::size_t offset = error.positions().front().byte;
    std::string message = fmt::format("{}, {}", error.message(), found_at(text, offset));
    if (!keywords.empty()) {
      const std::size_t end = text.find_first_of(" \t\r\n", offset);
      const std::string_view found = text.substr(offset, end - offset);
      if (const auto nearest = nearest_name(found, keywords); nearest && *nearest != found) {
        message += fmt::format(" (did you mean '{}'?)", *nearest);
      }
    }
    throw input_error(source, text, offset, message);
  }
}

}  // namespace rummy::parsing
