// Parsing a table sheet: the grammar (grammar/table_sheet.hpp) with actions that only record
// each statement and its place in the Sheet model; settle (src/core/sheet.cpp) checks it.
#include <string>

#include <fmt/format.h>

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
struct SheetBuilder : HandBuilder {
  Sheet sheet;
  std::optional<SheetSetting>* setting = nullptr;  // the setting whose value comes next
  std::string_view word;                           // its name
  std::size_t deals_begun = 0;
  std::size_t statement = 0;  // where the current statement starts
  // A player's line begun and not yet read to its end: its name, and where it stands.
  std::optional<std::pair<std::string, std::size_t>> open_line;

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
    if (!builder.hand.cards.empty()) entry.hand = std::move(builder.hand);
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
template <>
struct sheet_action<sheet_grammar::drop_kind_required> : action<grammar::drop_value_required> {};
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

}  // namespace

namespace {

// The words that begin a statement of their own ('deal', 'game' …).
const std::vector<std::string>& statement_words() {
  static const std::vector<std::string> words = {"game",  "point",    "entry",   "fee",  "decks",
                                                 "house", "currency", "players", "deal", "rejoin",
                                                 "split", "void",     "misdeal"};
  return words;
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
  static const std::vector<std::string> keywords = {
      "game", "point",  "entry", "fee",   "decks",   "house",    "currency", "players", "deal",
      "wild", "rejoin", "split", "void",  "misdeal", "declared", "showed",   "dropped", "missed",
      "left", "won",    "out",   "rummy", "knocked", "equal",    "drops",    "first",   "middle"};
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
