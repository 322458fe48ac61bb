// Parsing a table sheet: the grammar (grammar/table_sheet.hpp) with actions that record each
// statement and its place in the Sheet model, reading a player's outcome against the outcome
// table (outcome_rows); settle (src/core/sheet.cpp) checks the rest, the game line included.
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "parse_actions.hpp"
#include "sheet.hpp"

namespace rummy {

using namespace parsing;

namespace {

namespace sheet_grammar = grammar::sheet;

// A name as written, without the quotes around a name of several words.
std::string unquoted(std::string name) {
  if (name.size() >= 2 && name.front() == '"' && name.back() == '"') {
    return name.substr(1, name.size() - 2);
  }
  return name;
}

// The hand actions (parse_actions.hpp) fill the HandBuilder part; these fill the sheet's plain
// model and record where each statement stands. Whether it makes sense is settle's business
// (sheet.cpp).
struct SheetBuilder : TableHandBuilder {
  Sheet sheet;
  std::optional<SheetSetting>* setting = nullptr;  // the setting whose value comes next
  std::string_view word;                           // its name
  std::size_t deals_begun = 0;
  std::size_t statement = 0;  // where the current statement starts
  // A player's line begun and not yet read to its end: its name, and where it stands.
  std::optional<std::pair<std::string, std::size_t>> open_line;
  // The outcome being read: its words so far (in lower case) and where they start, the word it
  // takes ('first'), its row of the outcome table, and where what follows the words starts.
  std::string outcome_words;
  const char* outcome_at = nullptr;
  std::optional<std::pair<std::string, const char*>> outcome_word;
  const OutcomeRow* outcome_line = nullptr;
  const char* rest_at = nullptr;
  const DealLineRow* mark_line = nullptr;  // the line of the deal's own being read
  bool table_cards = false;                // the player's cards were written by part ('shown')

  // The lines of the deal being written; a player's line outside any deal is kept apart.
  std::vector<SheetEntry>& entries() {
    if (sheet.events.empty() || !std::holds_alternative<SheetDeal>(sheet.events.back())) {
      return sheet.outside_deals;
    }
    return std::get<SheetDeal>(sheet.events.back()).entries;
  }
  SheetEntry& entry() { return entries().back(); }
};

template <typename Rule>
struct sheet_action : action<Rule> {};

// The game's line: its name and settings as written, and where; settle reads them against the
// games list.
std::string lower_case(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}
template <>
struct sheet_action<sheet_grammar::game_word> {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    SheetGameLine line;
    line.offset = builder.offset_of(in.begin());
    line.name_offset = line.end_offset = builder.offset_of(in.end());
    builder.sheet.games.push_back(line);
  }
};
template <>
struct sheet_action<sheet_grammar::game_name> {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    SheetGameLine& line = builder.sheet.games.back();
    line.name = lower_case(in.string_view());
    line.name_offset = builder.offset_of(in.begin());
    line.end_offset = builder.offset_of(in.end());
  }
};
template <>
struct sheet_action<sheet_grammar::setting_word> {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    SheetGameLine& line = builder.sheet.games.back();
    line.settings.push_back({lower_case(in.string_view()), builder.offset_of(in.begin()), {}, 0});
    line.end_offset = builder.offset_of(in.end());
  }
};
template <bool Alone>
struct setting_number_action {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    SheetGameLine& line = builder.sheet.games.back();
    const std::size_t offset = builder.offset_of(in.begin());
    if (Alone) line.settings.push_back({{}, offset, {}, 0});
    line.settings.back().number = in.string();
    line.settings.back().number_offset = offset;
    line.end_offset = builder.offset_of(in.end());
  }
};
template <>
struct sheet_action<sheet_grammar::setting_number_required> : setting_number_action<false> {};
template <>
struct sheet_action<sheet_grammar::lone_number> : setting_number_action<true> {};

template <std::optional<SheetSetting> Sheet::*Member, const char* Word>
struct choose_setting {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    builder.setting = Member == nullptr ? nullptr : &(builder.sheet.*Member);
    builder.word = Word;
    builder.statement = builder.offset_of(in.begin());
  }
};
inline constexpr char point_text[] = "point";
inline constexpr char entry_text[] = "entry";
inline constexpr char fee_text[] = "fee";
inline constexpr char decks_text[] = "decks";
inline constexpr char currency_text[] = "currency";
inline constexpr char house_text[] = "house";
template <>
struct sheet_action<sheet_grammar::point_word> : choose_setting<&Sheet::point, point_text> {};
template <>
struct sheet_action<sheet_grammar::entry_word> : choose_setting<&Sheet::entry, entry_text> {};
template <>
struct sheet_action<sheet_grammar::fee_word> : choose_setting<&Sheet::fee, fee_text> {};
template <>
struct sheet_action<sheet_grammar::decks_word> : choose_setting<&Sheet::decks, decks_text> {};
template <>
struct sheet_action<sheet_grammar::currency_word>
    : choose_setting<&Sheet::currency, currency_text> {};
template <>
struct sheet_action<sheet_grammar::house_word> : choose_setting<nullptr, house_text> {};

// A setting's value: before the first deal it sets the game up (once each); after it, it is a
// change in the order of events.
template <>
struct sheet_action<sheet_grammar::value_required> {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    SheetSetting setting{in.string(), builder.statement, builder.offset_of(in.begin()),
                         builder.word};
    if (builder.deals_begun > 0) {
      builder.sheet.events.emplace_back(SheetChange{std::move(setting)});
    } else if (builder.setting == nullptr) {
      builder.sheet.house.push_back(std::move(setting));
    } else if (*builder.setting) {
      builder.sheet.given_twice.emplace_back(std::move(setting), (*builder.setting)->offset);
    } else {
      *builder.setting = std::move(setting);
    }
  }
};

template <>
struct sheet_action<sheet_grammar::players_word> {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    if (builder.deals_begun > 0)
      builder.sheet.late_players.push_back(builder.offset_of(in.begin()));
    builder.sheet.player_lines.emplace_back();
  }
};
template <typename Rule>
struct add_player {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    builder.sheet.player_lines.back().push_back(
        {unquoted(in.string()), builder.offset_of(in.begin())});
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
    ++builder.deals_begun;
    builder.settings.wild.reset();
  }
};
template <>
struct sheet_action<sheet_grammar::void_line> {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    const std::size_t offset = builder.offset_of(in.begin());
    Sheet& sheet = builder.sheet;
    if (sheet.events.empty() || !std::holds_alternative<SheetDeal>(sheet.events.back())) {
      sheet.voids_outside_deals.push_back(offset);
    } else {
      std::get<SheetDeal>(sheet.events.back()).void_offset = offset;
    }
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
    builder.sheet.events.emplace_back(
        SheetRejoin{unquoted(in.string()), builder.offset_of(in.begin())});
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
    entry.player = unquoted(in.string());
    entry.offset = offset;
    builder.open_line.emplace(entry.player, offset);
    builder.entries().push_back(std::move(entry));
    builder.start_table_hand();
    builder.table_cards = false;
  }
};
// A count without the cards: its digits, and where they stand.
template <bool Alone>
struct record_points {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    SheetEntry& entry = builder.entry();
    const std::string text = in.string();
    const std::size_t digits = text.find_first_of("0123456789");
    entry.points = text.substr(digits, text.find_first_not_of("0123456789", digits) - digits);
    entry.points_offset = builder.offset_of(in.begin()) + digits;
    if (Alone) entry.outcome = Outcome::showed;
  }
};
template <>
struct sheet_action<sheet_grammar::points_only> : record_points<false> {};
template <>
struct sheet_action<sheet_grammar::shown_points> : record_points<true> {};
template <>
struct sheet_action<sheet_grammar::outcome_required> {
  static void apply0(SheetBuilder& builder) { builder.open_line.reset(); }
};

// ---- What a player did: the outcome's words, read against the outcome table -----------------

// An error at a place of the text being parsed, told as the grammar's errors are (refuse_parse
// adds what was found there and "did you mean").
[[noreturn]] void refuse_at(const SheetBuilder& builder, const char* at, std::string message) {
  const auto byte = static_cast<std::size_t>(at - builder.base);
  throw pegtl::parse_error(std::move(message), pegtl::position(byte, 1, byte + 1, ""));
}

// How an outcome is written, for people: "declared [HAND]", "dropped first|middle".
std::string outcome_usage(const OutcomeRow& line) {
  switch (line.follows) {
    case OutcomeFollows::hand_if_written:
      return fmt::format("{} [HAND]", line.id);
    case OutcomeFollows::hand_or_count:
      return fmt::format("{} HAND or POINTS", line.id);
    case OutcomeFollows::hand:
      return fmt::format("{} HAND", line.id);
    case OutcomeFollows::table_hand:
      return fmt::format("{} [CARDS or MAAL]", line.id);
    case OutcomeFollows::drop_kind: {
      std::vector<std::string_view> kinds;
      for (const Drop drop : all_drops) kinds.push_back(drop_name(drop));
      return fmt::format("{} {}", line.id, fmt::join(kinds, "|"));
    }
    case OutcomeFollows::nothing:
      break;
  }
  return std::string(line.id);
}

// What a line must say after the outcome's words, when it says something else.
std::string expected_after(const OutcomeRow& line) {
  switch (line.follows) {
    case OutcomeFollows::hand_if_written:
      return "expected the hand that was shown, or the end of the line";
    case OutcomeFollows::hand_or_count:
      return "expected the hand that was shown, or its count alone (45)";
    case OutcomeFollows::hand:
      return "expected the hand that was shown";
    case OutcomeFollows::table_hand:
      return "expected the player's cards ('shown GROUPS hand GROUPS'), the maal as a number, or "
             "the end of the line";
    case OutcomeFollows::drop_kind: {
      std::string kinds, meanings;
      for (const Drop drop : all_drops) {
        kinds += fmt::format("{}{}", kinds.empty() ? "" : " or ", drop_name(drop));
        meanings += fmt::format("{}{} {}", meanings.empty() ? "" : ", ", drop_name(drop),
                                drop_meaning(drop));
      }
      return fmt::format("expected {} after '{}': {}", kinds, line.id, meanings);
    }
    case OutcomeFollows::nothing:
      break;
  }
  return "expected the end of the line";
}

// "expected what the player did: declared [HAND], showed HAND or POINTS, …, or POINTS alone".
std::string expected_outcome() {
  std::string text = "expected what the player did: ";
  for (const OutcomeRow& line : outcome_rows) text += outcome_usage(line) + ", ";
  return text + "or POINTS alone";
}

const OutcomeRow* outcome_written(std::string_view words) {
  for (const OutcomeRow& line : outcome_rows) {
    if (line.id == words) return &line;
  }
  return nullptr;
}

// Whether some outcome's words are these, or begin with them.
bool begins_outcome(std::string_view words) {
  for (const OutcomeRow& line : outcome_rows) {
    if (line.id == words || (line.id.starts_with(words) && line.id[words.size()] == ' ')) {
      return true;
    }
  }
  return false;
}

template <>
struct sheet_action<sheet_grammar::outcome_word> {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    builder.outcome_words = lower_case(in.string_view());
    builder.outcome_at = in.begin();
    builder.outcome_word.reset();
    if (!begins_outcome(builder.outcome_words)) refuse_at(builder, in.begin(), expected_outcome());
  }
};
// A further word: the next of an outcome of several words, or the word an outcome takes
// ('first'); any other is not the outcome's (a hand written in letters).
template <>
struct sheet_action<sheet_grammar::outcome_more> {
  template <typename Input>
  static bool apply(const Input& in, SheetBuilder& builder) {
    const std::string longer = builder.outcome_words + " " + lower_case(in.string_view());
    if (begins_outcome(longer)) {
      builder.outcome_words = longer;
      return true;
    }
    const OutcomeRow* line = outcome_written(builder.outcome_words);
    if (line != nullptr && line->follows == OutcomeFollows::drop_kind && !builder.outcome_word) {
      builder.outcome_word.emplace(lower_case(in.string_view()), in.begin());
      return true;
    }
    return false;
  }
};
template <>
struct sheet_action<sheet_grammar::outcome_words> {
  template <typename Input>
  static void apply(const Input& in, SheetBuilder& builder) {
    const OutcomeRow* line = outcome_written(builder.outcome_words);
    if (line == nullptr) refuse_at(builder, builder.outcome_at, expected_outcome());
    builder.entry().outcome = line->value;
    builder.outcome_line = line;
    // What follows starts at the next word, or at the end of the line.
    const char* rest = in.end();
    while (rest != in.input().end() && (*rest == ' ' || *rest == '\t')) ++rest;
    builder.rest_at = rest;
  }
};
// Cards written by part ('shown … hand … discard …'): what the outcome then checks.
template <>
struct sheet_action<sheet_grammar::table_cards> {
  static void apply0(SheetBuilder& builder) { builder.table_cards = true; }
};
// What follows the words: what the outcome takes, and nothing else.
template <>
struct sheet_action<sheet_grammar::outcome_rest> {
  static void apply0(SheetBuilder& builder) {
    const OutcomeRow& line = *builder.outcome_line;
    SheetEntry& entry = builder.entry();
    const bool hand = !builder.hand.cards.empty();
    const bool count = entry.points.has_value();
    if (line.follows == OutcomeFollows::table_hand) {
      // The cards by part, or a hand as any game writes it (all of it the hand), a count, or
      // nothing: which of them each state needs is the settlement's check.
      if (hand) {
        const bool grouped = builder.hand.grouped;
        entry.table_hand = builder.written_table_hand();
        if (!builder.table_cards) entry.table_hand->hand_grouped = grouped;
      }
      return;
    }
    if (builder.table_cards) {
      refuse_at(builder, builder.rest_at,
                fmt::format("'{}' takes a hand as one writes it, without 'shown' or 'hand' "
                            "(those are for a game whose groups are shown at the table)",
                            line.id));
    }
    bool fits = false;
    switch (line.follows) {
      case OutcomeFollows::hand_if_written:
        fits = !count;
        break;
      case OutcomeFollows::hand_or_count:
        fits = hand || count;
        break;
      case OutcomeFollows::hand:
        fits = hand;
        break;
      case OutcomeFollows::drop_kind:
        if (builder.outcome_word) {
          const auto& [word, at] = *builder.outcome_word;
          for (const Drop drop : all_drops) {
            if (drop_name(drop) == word) entry.drop = drop;
          }
          if (drop_name(entry.drop) != word) refuse_at(builder, at, expected_after(line));
          if (hand || count) refuse_at(builder, builder.rest_at, "expected the end of the line");
          fits = true;
        }
        break;
      case OutcomeFollows::nothing:
        fits = !hand && !count;
        break;
      case OutcomeFollows::table_hand:
        break;
    }
    if (!fits) refuse_at(builder, builder.rest_at, expected_after(line));
    if (hand) entry.hand = std::move(builder.hand);
  }
};

// ---- A line of the deal's own: its word, read against the deal-line table --------------------

// A word of the deal-line table that is no player's name on the 'players' line: any other word
// begins a player's line.
template <>
struct sheet_action<sheet_grammar::mark_word> {
  template <typename Input>
  static bool apply(const Input& in, SheetBuilder& builder) {
    const std::optional<DealLine> line = find_deal_line(lower_case(in.string_view()));
    if (!line) return false;
    for (const auto& players : builder.sheet.player_lines) {
      for (const SheetPlayer& player : players) {
        if (same_name(player.name, in.string_view())) return false;
      }
    }
    builder.mark_line = &deal_line_row(*line);
    builder.statement = builder.offset_of(in.begin());
    const char* rest = in.end();
    while (rest != in.input().end() && (*rest == ' ' || *rest == '\t')) ++rest;
    builder.rest_at = rest;
    builder.hand = WrittenHand{};
    builder.start();
    return true;
  }
};
// What follows the word: a card where the line takes one, nothing where it takes nothing.
template <>
struct sheet_action<sheet_grammar::mark_rest> {
  static void apply0(SheetBuilder& builder) {
    const DealLineRow& row = *builder.mark_line;
    SheetDealMark mark{row.value, builder.statement, std::nullopt};
    const auto& cards = builder.hand.cards;
    switch (row.takes) {
      case DealLineTakes::card:
        if (cards.empty()) {
          refuse_at(builder, builder.rest_at,
                    fmt::format("expected the {} after '{}': '{} {}'", row.words, row.id, row.id,
                                row.example));
        }
        if (cards.size() > 1) {
          // The second card, where the text is read as written (no look-alikes replaced).
          const char* second =
              builder.written_at ? builder.rest_at : builder.base + cards[1].offset;
          refuse_at(builder, second, fmt::format("'{}' takes one card", row.id));
        }
        mark.card = std::move(builder.hand);
        break;
      case DealLineTakes::nothing:
        if (!cards.empty()) refuse_at(builder, builder.rest_at, "expected the end of the line");
        break;
    }
    Sheet& sheet = builder.sheet;
    if (sheet.events.empty() || !std::holds_alternative<SheetDeal>(sheet.events.back())) {
      sheet.marks_outside_deals.push_back(std::move(mark));
    } else {
      std::get<SheetDeal>(sheet.events.back()).marks.push_back(std::move(mark));
    }
  }
};

}  // namespace

namespace {

// The words that begin a statement of their own ('deal', 'game' …).
const std::vector<std::string>& statement_words() {
  static const std::vector<std::string> words = {"game",  "point",    "entry",   "fee",  "decks",
                                                 "house", "currency", "players", "deal", "rejoin",
                                                 "split", "void",     "misdeal"};
  static const std::vector<std::string> with_deal_lines = [] {
    std::vector<std::string> all = words;
    for (const DealLineRow& row : deal_line_rows()) all.emplace_back(row.id);
    return all;
  }();
  return with_deal_lines;
}

// A line read as a player's that went wrong, whose first word is no player on the 'players'
// line but is near a statement's word ('dael'): the word was misspelt, and is named.
void misspelt_statement(const SheetBuilder& builder, std::string_view text,
                        std::string_view source) {
  if (!builder.open_line) return;
  const auto& [word, offset] = *builder.open_line;
  for (const auto& players : builder.sheet.player_lines) {
    for (const SheetPlayer& player : players) {
      if (same_name(player.name, word)) return;
    }
  }
  const auto nearest = nearest_name(word, statement_words());
  if (!nearest) return;
  throw input_error(
      source, text, offset,
      fmt::format("expected a sheet line, found '{}' (did you mean '{}'?)", word, *nearest));
}

template <typename Grammar>
void parse_lines(std::string_view text, std::string_view source, SheetBuilder& builder,
                 bool statements) {
  // The words a sheet knows, for "did you mean": its statements' and the outcomes'.
  static const std::vector<std::string> keywords = [] {
    std::vector<std::string> words = statement_words();
    for (const std::string_view word : {"wild", "equal", "drops"}) words.emplace_back(word);
    for (const OutcomeRow& line : outcome_rows) {
      for (std::size_t at = 0; at <= line.id.size();) {
        const std::size_t end = std::min(line.id.find(' ', at), line.id.size());
        words.emplace_back(line.id.substr(at, end - at));
        at = end + 1;
      }
    }
    for (const Drop drop : all_drops) words.emplace_back(drop_name(drop));
    return words;
  }();
  builder.base = text.data();
  try {
    parse_text<Grammar, sheet_action>(text, source, builder, keywords);
  } catch (const InputError&) {
    if (statements) misspelt_statement(builder, text, source);
    throw;
  }
  builder.sheet.end_offset = text.size();
}

}  // namespace

Sheet parse_sheet(std::string_view text, std::string_view source) {
  SheetBuilder builder;
  parse_lines<grammar::sheet::sheet>(text, source, builder, true);
  return std::move(builder.sheet);
}

Sheet parse_deal(std::string_view text, std::string_view source) {
  SheetBuilder builder;
  builder.sheet.events.emplace_back(SheetDeal{});
  parse_lines<grammar::sheet::deal_lines>(text, source, builder, false);
  return std::move(builder.sheet);
}

}  // namespace rummy
