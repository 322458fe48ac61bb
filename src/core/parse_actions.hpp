// The hand notation's parse actions, shared by the parsers of each format (src/core/notation.cpp:
// hands, --wild and batch lines; src/core/sheet_parse.cpp: table sheets). Actions only build plain
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

#include "games.hpp"
#include "hand.hpp"
#include "hand_errors.hpp"
#include "notation.hpp"
#include "text.hpp"

namespace rummy::parsing {

namespace pegtl = tao::pegtl;

struct HandBuilder {
  const char* base = nullptr;  // the text parsed (set by parse_text)
  // Where each byte of it was written, when look-alike characters were read (text.hpp,
  // read_lookalikes): offsets are always those of the text as written.
  const std::vector<std::size_t>* written_at = nullptr;
  WrittenHand hand;
  LineSettings settings;  // batch lines only
  Rank rank = Rank::ace;
  Suit suit = Suit::spades;
  std::optional<std::size_t> mark;

  std::size_t offset_of(const char* at) const {
    const auto offset = static_cast<std::size_t>(at - base);
    return written_at ? (*written_at)[offset] : offset;
  }
  void start() { hand.restart(); }
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
    builder.add({.offset = builder.offset_of(in.begin()),
                 .wild_mark = builder.mark,
                 .card = Card(builder.rank, builder.suit)});
    builder.hand.end_offset = builder.offset_of(in.end());
  }
};

// PJ or JK (Crazy Rummy's spelling, which only Crazy Rummy accepts: checked later).
template <>
struct action<grammar::joker_name> {
  template <typename Input>
  static void apply(const Input& in, HandBuilder& builder) {
    const bool spelled_jk = (in.peek_uint8(0) & ~0x20u) == 'J';
    builder.add({.offset = builder.offset_of(in.begin()),
                 .wild_mark = std::nullopt,
                 .card = Card::printed_joker(),
                 .spelled_jk = spelled_jk});
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
// A hand's next line is its next group (rules §1.6).
template <>
struct action<grammar::line_group> : action<grammar::bar> {};
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
    if (!builder.settings.game) {
      // Not a format: a game's name, as --variant writes it.
      std::string word(in.string_view());
      for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      builder.settings.variant = find_variant(word);
      if (!builder.settings.variant) {
        std::string formats;
        std::vector<std::string> names;
        for (const Game game : all_games) {
          formats += (formats.empty() ? "" : ", ") + std::string(game_name(game));
          names.emplace_back(game_name(game));
        }
        for (const Variant variant : all_variants) names.emplace_back(variant_name(variant));
        const auto nearest = nearest_name(word, names);
        throw pegtl::parse_error(
            fmt::format("expected a game after 'game=': a format ({}), or a game's name as "
                        "--variant writes it ({}){}",
                        formats, spoken_variant_ids(all_variants),
                        nearest ? fmt::format(" (did you mean '{}'?)", *nearest) : ""),
            in);
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
struct action<grammar::tiplu_value_required> {
  template <typename Input>
  static void apply(const Input& in, HandBuilder& builder) {
    const std::string_view text = in.string_view();
    const Rank rank = rank_from_text(text);
    const Suit suit = suit_from_text(text.substr(text.front() == '1' ? 2 : 1));
    builder.settings.tiplu = Card(rank, suit);
    builder.settings.tiplu_offset = builder.offset_of(in.begin());
    builder.settings.note("tiplu", builder.settings.tiplu_offset);
  }
};
template <>
struct action<grammar::state_value_required> {
  template <typename Input>
  static void apply(const Input& in, HandBuilder& builder) {
    switch (std::tolower(in.peek_char())) {
      case 'e':
        builder.settings.state = MaalState::ended;
        break;
      case 's':
        builder.settings.state = MaalState::seen;
        break;
      case 'u':
        builder.settings.state = MaalState::unseen;
        break;
      default:
        builder.settings.state = MaalState::foul;
        break;
    }
    builder.settings.state_offset = builder.offset_of(in.begin());
    builder.settings.note("state", builder.settings.state_offset);
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

// Whether a character is shown between quotes in a message: printable ASCII and the suit signs
// the notation reads. Any other is named (describe_character), so that nobody stares at a blank
// or a look-alike between quotes.
inline bool quotable(char32_t c) {
  return (c > 0x20 && c < 0x7F) || (c >= 0x2660 && c <= 0x2667) || c == 0x2764 || c == 0xFE0F;
}

// What stands at an error position of the text as read, for the message: the separator itself,
// the run of quotable characters up to the next separator, or the character named.
inline std::string found_at(std::string_view text, std::size_t offset) {
  if (offset >= text.size()) return "found the end of the input";
  if (text[offset] == '\n' || text[offset] == '\r') return "found the end of the line";
  const Decoded first = decode_utf8(text, offset);
  if (!quotable(first.code_point)) return "found " + describe_character(first.code_point);
  std::size_t end = offset + first.length;
  if (text[offset] != '-' && text[offset] != '|') {
    while (end < text.size() && end - offset < 24 &&
           std::string_view(",]").find(text[end]) == std::string_view::npos) {
      const Decoded next = decode_utf8(text, end);
      if (!quotable(next.code_point) || next.code_point == '-' || next.code_point == '|') break;
      end += next.length;
    }
  }
  return fmt::format("found '{}'", text.substr(offset, end - offset));
}

// The common wrong spellings of a card, met where a card was expected: the word at `offset`
// (the run of characters between separators around it) and the message that gives the right
// spelling, or nothing. `text` is the text as read.
struct SpellingHint {
  std::size_t start = 0;
  std::string message;
};
inline std::optional<SpellingHint> spelling_hint(std::string_view text, std::size_t offset) {
  const auto separator = [](char c) {
    return std::string_view(" \t\r\n-|").find(c) != std::string_view::npos;
  };
  std::size_t start = std::min(offset, text.size());
  while (start > 0 && offset - start < 8 && !separator(text[start - 1])) --start;
  if (start > 0 && !separator(text[start - 1])) return std::nullopt;
  std::size_t end = start;
  while (end < text.size() && end - start <= 12 && !separator(text[end])) ++end;
  const std::string_view word = text.substr(start, end - start);
  const auto expected = [&](std::string_view hint) {
    return SpellingHint{start, fmt::format("expected a card, found '{}': {}", word, hint)};
  };
  if (same_name(word, "joker")) return expected("a printed joker is written PJ");
  if (same_name(word, "WJ") || same_name(word, "(WJ)")) {
    return expected(
        "a wild joker is written as the card it is, marked (WJ): 7♦(WJ); a printed joker is PJ");
  }
  // A suit, then a rank: ♠A, ♥10, SK.
  pegtl::memory_input<> in(word.data(), word.size(), "");
  if (grammar::suit::match(in)) {
    const std::size_t suit_length = word.size() - in.size();
    if (grammar::rank::match(in) && in.empty()) {
      return expected(fmt::format("write the rank first, {}{}", word.substr(suit_length),
                                  word.substr(0, suit_length)));
    }
    return std::nullopt;
  }
  // 1 for the ace: 1♥, 1s.
  if (word.size() >= 2 && word.front() == '1') {
    pegtl::memory_input<> suit_in(word.data() + 1, word.size() - 1, "");
    if (grammar::suit::match(suit_in) && suit_in.empty()) {
      return expected(fmt::format("the ace is written A, A{}", word.substr(1)));
    }
  }
  return std::nullopt;
}

// Whether an error is one where a card was expected, so that a wrong spelling gets its hint.
inline bool expects_a_card(std::string_view message) {
  return message == grammar::error_message<grammar::card_required> ||
         message == grammar::error_message<grammar::suit_required> ||
         message == grammar::error_message<grammar::end_of_hand>;
}

// Input that is not UTF-8 is refused as such, before anything else is said of it.
inline void refuse_bad_utf8(std::string_view text, std::string_view source) {
  if (const auto bad = first_invalid_utf8(text)) {
    throw input_error(source, text, *bad,
                      fmt::format("byte 0x{:02X} is not valid UTF-8: the input must be UTF-8 text",
                                  static_cast<unsigned char>(text[*bad])));
  }
}

// The InputError for a grammar's error at `offset` of `parsed` (the text as written, or as read
// with look-alikes: then `read` says where each byte was written). A word found where one of
// `keywords` was expected gets "did you mean", a common wrong spelling of a card its right one.
[[noreturn]] inline void refuse_parse(std::string_view text, std::string_view source,
                                      std::string_view parsed, const ReadText* read,
                                      const pegtl::parse_error& error,
                                      const std::vector<std::string>& keywords) {
  const std::size_t offset = error.positions().front().byte;
  const auto written_offset = [&](std::size_t at) {
    return read ? read->offsets[std::min(at, parsed.size())] : at;
  };
  if (expects_a_card(error.message())) {
    if (auto hint = spelling_hint(parsed, offset)) {
      throw input_error(source, text, written_offset(hint->start), std::move(hint->message));
    }
  }
  std::string message = fmt::format("{}, {}", error.message(), found_at(parsed, offset));
  if (!keywords.empty()) {
    const std::size_t end = parsed.find_first_of(" \t\r\n", offset);
    const std::string_view found = parsed.substr(offset, end - offset);
    if (const auto nearest = nearest_name(found, keywords); nearest && *nearest != found) {
      message += fmt::format(" (did you mean '{}'?)", *nearest);
    }
  }
  throw input_error(source, text, written_offset(offset), message);
}

// One run of a grammar over `parsed`, the text as written or as read (`read`).
template <typename Grammar, template <typename> class Action, typename State>
void run_grammar(std::string_view text, std::string_view source, const ReadText* read, State& state,
                 const std::vector<std::string>& keywords) {
  const std::string_view parsed = read ? std::string_view(read->text) : text;
  if constexpr (requires { state.base; }) {
    state.base = parsed.data();
    state.written_at = read ? &read->offsets : nullptr;
  }
  // Lazy tracking: only the byte offset is kept as the input is read (a line and column are
  // worked out by locate(), for an error); no source name: the errors name it themselves.
  pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*> in(
      parsed.data(), parsed.size(), "");
  try {
    pegtl::parse<Grammar, Action, grammar::control>(in, state);
  } catch (const pegtl::parse_error& error) {
    refuse_parse(text, source, parsed, read, error, keywords);
  }
}

// A table hand's parts: the builder of a hand that also records where each part begins.
struct TableHandBuilder : HandBuilder {
  std::optional<std::size_t> hand_begin, discard_group;
  bool shown = false;
  std::vector<std::size_t> at_deal, deal_offsets;
  void new_group() {
    if (hand.group_sizes.back() > 0) hand.group_sizes.push_back(0);
  }
  // Ready for another player's cards (a sheet reads one on each line).
  void start_table_hand() {
    hand = WrittenHand{};
    start();
    hand_begin.reset();
    discard_group.reset();
    shown = false;
    at_deal.clear();
    deal_offsets.clear();
  }
  // The cards read, by part (moved out of the builder).
  WrittenTableHand written_table_hand() {
    WrittenTableHand written;
    const std::size_t groups = hand.group_sizes.size();
    written.has_discard = discard_group.has_value();
    written.shown_groups = shown ? hand_begin.value_or(discard_group.value_or(groups)) : 0;
    written.hand_grouped = hand_begin && hand.grouped;
    written.at_deal = std::move(at_deal);
    written.deal_mark_offsets = std::move(deal_offsets);
    written.cards = std::move(hand);
    return written;
  }
};

template <>
struct action<grammar::shown_start> {
  static void apply0(TableHandBuilder& builder) { builder.shown = true; }
};
template <>
struct action<grammar::hand_start> {
  static void apply0(TableHandBuilder& builder) {
    builder.new_group();
    builder.hand_begin = builder.hand.group_sizes.size() - 1;
    builder.hand.grouped = false;  // from here, whether the hand's part is grouped
  }
};
template <>
struct action<grammar::discard_start> {
  static void apply0(TableHandBuilder& builder) {
    builder.new_group();
    builder.discard_group = builder.hand.group_sizes.size() - 1;
  }
};
template <>
struct action<grammar::deal_mark_text> {
  template <typename Input>
  static void apply(const Input& in, TableHandBuilder& builder) {
    builder.at_deal.push_back(builder.hand.group_sizes.size() - 1);
    builder.deal_offsets.push_back(builder.offset_of(in.begin()));
  }
};

// Runs a grammar over the text and turns its errors into InputErrors (refuse_parse). Input that
// is not UTF-8 is refused as such first. Look-alike characters (text.hpp, read_as) are read as
// meant: the grammar then runs over the text as read, and every offset (the actions', an
// error's) is one of the text as written.
// A grammar that reads only ASCII and whole suit glyphs (grammar::reads_only_utf8) cannot match
// input that is not UTF-8, so its input is checked only when it does not match; one for which
// look-alikes matter only where it does not match (grammar::lookalikes_matter_only_on_failure:
// a hand, --wild, a batch line) runs over the text as written first, and the text is read with
// look-alikes only when that fails: the hot paths pay for neither. The state is then made afresh
// (State{}, and start() where it has one) for the second run.
template <typename Grammar, template <typename> class Action, typename State>
void parse_text(std::string_view text, std::string_view source, State& state,
                const std::vector<std::string>& keywords = {}) {
  if constexpr (!grammar::reads_only_utf8<Grammar>) refuse_bad_utf8(text, source);
  if constexpr (grammar::lookalikes_matter_only_on_failure<Grammar>) {
    if constexpr (requires { state.base; }) state.base = text.data();
    pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*> in(
        text.data(), text.size(), "");
    try {
      pegtl::parse<Grammar, Action, grammar::control>(in, state);
      return;
    } catch (const pegtl::parse_error& error) {
      if constexpr (grammar::reads_only_utf8<Grammar>) refuse_bad_utf8(text, source);
      const std::optional<ReadText> read = read_lookalikes(text);
      if (!read) refuse_parse(text, source, text, nullptr, error, keywords);
      state = State{};
      if constexpr (requires { state.start(); }) state.start();
      run_grammar<Grammar, Action>(text, source, &*read, state, keywords);
    }
  } else {
    const std::optional<ReadText> read = read_lookalikes(text);
    run_grammar<Grammar, Action>(text, source, read ? &*read : nullptr, state, keywords);
  }
}

}  // namespace rummy::parsing
