// Parsing the notation: the grammar's actions fill a small builder; see notation.hpp.
#include "notation.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include <fmt/format.h>
#include <tao/pegtl.hpp>

#include "hand.hpp"
#include "hand_errors.hpp"
#include "sheet.hpp"

namespace rummy {

namespace pegtl = tao::pegtl;

namespace {

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

Rank rank_from_text(std::string_view text) {
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
struct action<grammar::rank> {
  template <typename Input>
  static void apply(const Input& in, HandBuilder& builder) {
    builder.rank = rank_from_text(in.string_view());
  }
};

// The suit of a symbol the grammar accepted: a letter, or the last byte of U+2660…U+2667 or ❤.
Suit suit_from_text(std::string_view text) {
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

template <bool SpelledJK>
struct joker_action {
  template <typename Input>
  static void apply(const Input& in, HandBuilder& builder) {
    builder.add({Card::printed_joker(), builder.offset_of(in.begin()), std::nullopt, SpelledJK});
    builder.hand.end_offset = builder.offset_of(in.end());
  }
};
template <>
struct action<grammar::printed_joker> : joker_action<false> {};
template <>
struct action<grammar::crazy_joker> : joker_action<true> {};

template <>
struct action<grammar::bar> {
  static void apply0(HandBuilder& builder) { builder.hand.group_sizes.push_back(0); }
};

// Batch-line settings.
template <>
struct action<grammar::wild_value_required> {
  template <typename Input>
  static void apply(const Input& in, HandBuilder& builder) {
    builder.settings.wild = parse_wild(in.string_view());
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
  }
};
template <>
struct action<grammar::drop_value_required> {
  template <typename Input>
  static void apply(const Input& in, HandBuilder& builder) {
    builder.settings.drop = std::tolower(in.peek_char()) == 'f' ? Drop::first : Drop::middle;
    builder.settings.drop_offset = builder.offset_of(in.begin());
  }
};
template <>
struct action<grammar::setting_declared> {
  static void apply0(HandBuilder& builder) { builder.settings.declared = true; }
};
template <>
struct action<grammar::setting_shown> {
  static void apply0(HandBuilder& builder) { builder.settings.declared = false; }
};

// The wild option has its own small builder: a rank, aces for PJ, nothing for none.
struct WildBuilder {
  HandBuilder card;  // rank and suit actions fill this
  WildRank wild;
};

template <typename Rule>
struct wild_action : pegtl::nothing<Rule> {};
template <>
struct wild_action<grammar::rank> {
  template <typename Input>
  static void apply(const Input& in, WildBuilder& builder) {
    builder.wild = rank_from_text(in.string_view());
  }
};
template <>
struct wild_action<grammar::printed_joker> {
  static void apply0(WildBuilder& builder) { builder.wild = Rank::ace; }  // RULES.md §2.3
};
template <>
struct wild_action<grammar::wild_none> {
  static void apply0(WildBuilder& builder) { builder.wild.reset(); }
};

// ---- Table sheets ------------------------------------------------------------------------------

namespace sheet_grammar = grammar::sheet;

// The hand actions above fill the HandBuilder part; these fill the sheet's plain model and
// record where each statement stands. Whether it makes sense is settle's business (sheet.cpp).
struct SheetBuilder : HandBuilder {
  std::string_view text, source;
  Sheet sheet;
  std::optional<SheetSetting>* setting = nullptr;  // the setting whose value comes next
  std::size_t statement = 0;                       // where the current statement starts

  [[noreturn]] void fail(std::size_t offset, std::string message) const {
    throw input_error(source, text, offset, std::move(message));
  }
  SheetDeal& deal(std::size_t offset) {
    if (sheet.events.empty() || !std::holds_alternative<SheetDeal>(sheet.events.back())) {
      fail(offset, "a player's line belongs to a deal: write 'deal' (and its wild joker) first");
    }
    return std::get<SheetDeal>(sheet.events.back());
  }
  SheetEntry& entry() { return std::get<SheetDeal>(sheet.events.back()).entries.back(); }
};

template <typename Rule>
struct sheet_action : action<Rule> {};

template <>
struct sheet_action<sheet_grammar::game_word> {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    SheetGameLine line;
    line.offset = builder.offset_of(in.begin());
    builder.sheet.games.push_back(line);
  }
};
template <typename Rule>
struct game_name_action {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    std::string name = in.string();
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    builder.sheet.games.back().name = name;
  }
};
template <>
struct sheet_action<sheet_grammar::game_points> : game_name_action<sheet_grammar::game_points> {};
template <>
struct sheet_action<sheet_grammar::game_pool101> : game_name_action<sheet_grammar::game_pool101> {};
template <>
struct sheet_action<sheet_grammar::game_pool201> : game_name_action<sheet_grammar::game_pool201> {};
template <>
struct sheet_action<sheet_grammar::deals_word> : game_name_action<sheet_grammar::deals_word> {};
template <>
struct sheet_action<sheet_grammar::basic_word> : game_name_action<sheet_grammar::basic_word> {};
template <>
struct sheet_action<sheet_grammar::knock_word> : game_name_action<sheet_grammar::knock_word> {};
template <>
struct sheet_action<sheet_grammar::crazy_word> : game_name_action<sheet_grammar::crazy_word> {};
// 'deals N', 'target N', 'hands N', 'rounds N': the number as written, and where.
template <bool Target>
struct game_number {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    SheetGameLine& line = builder.sheet.games.back();
    line.number = in.string();
    line.number_offset = builder.offset_of(in.begin());
    line.number_is_target = Target;
  }
};
template <>
struct sheet_action<sheet_grammar::deal_count_required> : game_number<false> {};
template <>
struct sheet_action<sheet_grammar::game_length_required> : game_number<false> {};
template <>
struct sheet_action<sheet_grammar::basic_target> {
  static void apply0(SheetBuilder& builder) { builder.sheet.games.back().number_is_target = true; }
};

template <std::optional<SheetSetting> Sheet::*Member>
struct choose_setting {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    builder.setting = &(builder.sheet.*Member);
    builder.statement = builder.offset_of(in.begin());
  }
};
template <>
struct sheet_action<sheet_grammar::point_word> : choose_setting<&Sheet::point> {};
template <>
struct sheet_action<sheet_grammar::entry_word> : choose_setting<&Sheet::entry> {};
template <>
struct sheet_action<sheet_grammar::fee_word> : choose_setting<&Sheet::fee> {};
template <>
struct sheet_action<sheet_grammar::decks_word> : choose_setting<&Sheet::decks> {};
template <>
struct sheet_action<sheet_grammar::currency_word> : choose_setting<&Sheet::currency> {};
template <>
struct sheet_action<sheet_grammar::house_word> {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    builder.setting = nullptr;
    builder.statement = builder.offset_of(in.begin());
  }
};

template <>
struct sheet_action<sheet_grammar::value_required> {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    SheetSetting setting{in.string(), builder.statement, builder.offset_of(in.begin())};
    if (builder.setting == nullptr) {
      builder.sheet.house.push_back(std::move(setting));
    } else {
      *builder.setting = std::move(setting);
    }
  }
};

template <>
struct sheet_action<sheet_grammar::players_word> {
  static void apply0(SheetBuilder& builder) { builder.sheet.player_lines.emplace_back(); }
};
template <typename Rule>
struct add_player {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    builder.sheet.player_lines.back().push_back({in.string(), builder.offset_of(in.begin())});
  }
};
template <>
struct sheet_action<sheet_grammar::listed_name_required>
    : add_player<sheet_grammar::listed_name_required> {};
template <>
struct sheet_action<sheet_grammar::listed_name> : add_player<sheet_grammar::listed_name> {};

template <>
struct sheet_action<sheet_grammar::deal_word> {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    SheetDeal deal;
    deal.offset = builder.offset_of(in.begin());
    builder.sheet.events.emplace_back(std::move(deal));
    builder.settings.wild.reset();
  }
};
template <>
struct sheet_action<sheet_grammar::deal_wild> {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    SheetDeal& deal = std::get<SheetDeal>(builder.sheet.events.back());
    deal.wild = builder.settings.wild;
    deal.wild_offset = builder.offset_of(in.begin());
  }
};
template <>
struct sheet_action<sheet_grammar::rejoin_name_required> {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    builder.sheet.events.emplace_back(SheetRejoin{in.string(), builder.offset_of(in.begin())});
  }
};
template <bool ByDrops>
struct add_split {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    builder.sheet.events.emplace_back(SheetSplit{ByDrops, builder.offset_of(in.begin())});
  }
};
template <>
struct sheet_action<sheet_grammar::split_equal> : add_split<false> {};
template <>
struct sheet_action<sheet_grammar::split_drops> : add_split<true> {};

template <>
struct sheet_action<sheet_grammar::player_name> {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    const std::size_t offset = builder.offset_of(in.begin());
    SheetEntry entry;
    entry.player = in.string();
    entry.offset = offset;
    builder.deal(offset).entries.push_back(std::move(entry));
    builder.hand = WrittenHand{};
    builder.start();
  }
};
template <Outcome O>
struct set_outcome {
  static void apply0(SheetBuilder& builder) {
    SheetEntry& entry = builder.entry();
    entry.outcome = O;
    if (O == Outcome::dropped) entry.drop = builder.settings.drop.value_or(Drop::first);
    if (O == Outcome::declared || O == Outcome::showed || O == Outcome::knocked) {
      entry.hand = std::move(builder.hand);
    }
  }
};
template <>
struct sheet_action<sheet_grammar::declared> : set_outcome<Outcome::declared> {};
template <>
struct sheet_action<sheet_grammar::showed> : set_outcome<Outcome::showed> {};
template <>
struct sheet_action<sheet_grammar::dropped> : set_outcome<Outcome::dropped> {};
template <>
struct sheet_action<sheet_grammar::missed> : set_outcome<Outcome::missed> {};
template <>
struct sheet_action<sheet_grammar::left_table> : set_outcome<Outcome::left> {};
template <>
struct sheet_action<sheet_grammar::won> : set_outcome<Outcome::won> {};
template <>
struct sheet_action<sheet_grammar::went_out> : set_outcome<Outcome::out> {};
template <>
struct sheet_action<sheet_grammar::went_rummy> : set_outcome<Outcome::rummy> {};
template <>
struct sheet_action<sheet_grammar::knocked> : set_outcome<Outcome::knocked> {};

// What stands at an error position, quoted for the message: the separator itself, or the
// run of characters up to the next separator; control characters escaped.
std::string found_at(std::string_view text, std::size_t offset) {
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
template <typename Grammar, template <typename> class Action, typename State>
void parse_text(std::string_view text, std::string_view source, State& state) {
  if (const auto bad = first_invalid_utf8(text)) {
    throw input_error(source, text, *bad,
                      fmt::format("byte 0x{:02X} is not valid UTF-8: the input must be UTF-8 text",
                                  static_cast<unsigned char>(text[*bad])));
  }
  pegtl::memory_input<> in(text.data(), text.size(), source);
  try {
    pegtl::parse<Grammar, Action, grammar::control>(in, state);
  } catch (const pegtl::parse_error& error) {
    const std::size_t offset = error.positions().front().byte;
    throw input_error(source, text, offset,
                      fmt::format("{}, {}", error.message(), found_at(text, offset)));
  }
}

// "a third", "an eighth", "a 17th": the copy of a card that is one too many.
std::string a_copy(int n) {
  constexpr std::array<std::string_view, 10> names = {
      "a first", "a second",  "a third",   "a fourth", "a fifth",
      "a sixth", "a seventh", "an eighth", "a ninth",  "a tenth"};
  if (n >= 1 && n <= 10) return std::string(names[static_cast<std::size_t>(n - 1)]);
  return fmt::format("{} {}th", n == 11 || n == 18 ? "an" : "a", n);
}

std::string decks_text(int decks) {
  return decks == 1 ? std::string("1 deck holds") : fmt::format("{} decks hold", decks);
}

}  // namespace

WrittenHand parse_hand(std::string_view text, std::string_view source) {
  HandBuilder builder;
  builder.base = text.data();
  builder.start();
  parse_text<grammar::document, action>(text, source, builder);
  return builder.hand;
}

WildRank parse_wild(std::string_view text, std::string_view source) {
  WildBuilder builder;
  parse_text<grammar::wild_option, wild_action>(text, source, builder);
  return builder.wild;
}

WrittenLine parse_batch_line(std::string_view line, std::string_view source) {
  HandBuilder builder;
  builder.base = line.data();
  builder.start();
  parse_text<grammar::batch_line, action>(line, source, builder);
  WrittenLine written;
  written.settings = builder.settings;
  if (!builder.hand.cards.empty()) written.hand = std::move(builder.hand);
  return written;
}

Sheet parse_sheet(std::string_view text, std::string_view source) {
  SheetBuilder builder;
  builder.base = text.data();
  builder.text = text;
  builder.source = source;
  parse_text<grammar::sheet::sheet, sheet_action>(text, source, builder);
  builder.sheet.end_offset = text.size();
  return std::move(builder.sheet);
}

ReadHand read_hand(std::string_view text, std::string_view source, const Rules& rules,
                   const ReadOptions& options) {
  return resolve_hand(parse_hand(text, source), text, source, rules, options);
}

ReadHand resolve_hand(WrittenHand parsed, std::string_view text, std::string_view source,
                      const Rules& rules, const ReadOptions& options) {
  ReadHand read;
  read.written = std::move(parsed);

  // One wild rank for the deal: the option's, or the first (WJ) mark's. Games with a fixed wild
  // rank (Crazy: the 2s) or none (Basic, Knock) take no option and accept marks only on it.
  std::optional<WildRank> wild = options.wild;
  std::optional<std::size_t> first_mark;
  read.wild_from = options.wild ? WildFrom::option : WildFrom::nothing;
  std::string wild_origin = options.wild_origin;
  if (!rules.deal_has_wild_rank) {
    wild = rules.fixed_wild;
    wild_origin =
        fmt::format("{} ({})", variant_description(rules.variant), wild_cards_text(rules));
  }
  for (const WrittenCard& written : read.written.cards) {
    if (written.card.is_printed_joker() && rules.printed_jokers_allowed() == 0) {
      throw input_error(
          source, text, written.offset,
          fmt::format("{} is played without jokers", variant_description(rules.variant)));
    }
    if (written.spelled_jk && !options.jk_is_printed_joker && !rules.jk_is_printed_joker) {
      throw input_error(source, text, written.offset,
                        "JK is how Crazy Rummy writes a printed joker; in this game write PJ");
    }
    if (!written.wild_mark) continue;
    const Rank marked = written.card.rank();
    if (!wild && rules.deal_has_wild_rank) {
      wild = marked;
      first_mark = written.wild_mark;
      read.wild_from = WildFrom::marks;
    } else if (*wild != marked) {
      std::string reason;
      if (first_mark) {
        const Location earlier = locate(text, *first_mark);
        reason =
            fmt::format("the (WJ) at line {}, column {} made the {} wild: a deal has one wild rank",
                        earlier.line, earlier.column, rank_plural(**wild));
      } else if (!rules.deal_has_wild_rank) {
        reason = "the game is " + wild_origin;
      } else if (*wild) {
        reason = fmt::format("{} makes the {} wild", wild_origin, rank_plural(**wild));
      } else {
        reason = fmt::format("{} none says no rank is wild", wild_origin);
      }
      throw input_error(
          source, text, *written.wild_mark,
          fmt::format("(WJ) marks {} as wild, but {}", to_string(written.card), reason));
    }
  }
  read.hand.wild = wild.value_or(std::nullopt);
  if (!rules.deal_has_wild_rank) read.wild_from = WildFrom::nothing;

  std::vector<Card> cards;
  cards.reserve(read.written.cards.size());
  for (const WrittenCard& written : read.written.cards) cards.push_back(written.card);
  read.hand.groups.reserve(read.written.group_sizes.size());
  std::size_t next = 0;
  for (const std::size_t size : read.written.group_sizes) {
    read.hand.groups.emplace_back(cards.begin() + static_cast<std::ptrdiff_t>(next),
                                  cards.begin() + static_cast<std::ptrdiff_t>(next + size));
    next += size;
  }
  if (const auto over = first_card_over_deck_limit(cards, rules)) {
    const Card card = cards[*over];
    const int limit = rules.copies_allowed(card);
    const std::string what = card.is_printed_joker() ? "printed joker" : to_string(card);
    const std::string each = card.is_printed_joker() ? "" : " of each card";
    throw input_error(source, text, read.written.cards[*over].offset,
                      fmt::format("{} {}: {} only {}{}", a_copy(limit + 1), what,
                                  decks_text(rules.decks), limit, each));
  }
  const auto shown = static_cast<std::size_t>(rules.hand_size);
  if (options.size == ReadOptions::Size::shown && cards.size() != shown) {
    throw input_error(source, text, read.written.end_offset,
                      fmt::format("{} card{}: a hand shown at the end of a deal holds {}",
                                  cards.size(), cards.size() == 1 ? "" : "s", shown));
  }
  if (options.size == ReadOptions::Size::shown_or_drawn && cards.size() != shown &&
      cards.size() != shown + 1) {
    throw input_error(source, text, read.written.end_offset,
                      fmt::format("{} cards: expected {} (a shown hand) or {} (a hand about to "
                                  "declare, with the card drawn)",
                                  cards.size(), shown, shown + 1));
  }
  return read;
}

}  // namespace rummy
