// rummy deal: one deal from the command line, each player's line an argument in the table sheet's
// own syntax ("Asha declared HAND", "Ravi 45", "Meena dropped first"). The lines are read by the
// sheet's parser (parse_deal), the game and its settings are added to that model from the
// options, and the sheet's settler judges and settles the deal; it is printed as settle prints a
// deal, with who pays whom.
#include <memory>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "cli_sheet.hpp"
#include "games.hpp"
#include "report.hpp"
#include "sheet.hpp"

namespace rummy::cli {

namespace {

struct DealOptions {
  CommonOptions common;
  Game game = Game::points;
  bool game_given = false;
  std::optional<std::string> point, fee, currency;
  std::vector<std::string> lines;  // one player's line each; none or '-': standard input
};

// The players' lines as one text: argument N is line N (an error names it so), or standard input.
Input lines_of(const DealOptions& options, const Environment& env) {
  if (options.lines.empty() || (options.lines.size() == 1 && options.lines[0] == "-")) {
    if (env.in_is_terminal) env.err << "rummy: type each player's line, then Ctrl-D\n";
    return read_input("-", env);
  }
  std::string text;
  for (std::size_t i = 0; i < options.lines.size(); ++i) {
    if (options.lines[i].find_first_of("\r\n") != std::string::npos) {
      throw CommandError{fmt::format("argument {} holds a line break: give each player's line "
                                     "as one argument",
                                     i + 1),
                         std::nullopt};
    }
    text += options.lines[i] + "\n";
  }
  return {text, "<arguments>"};
}

// The sheet's name of the game chosen by --variant and --game ('points', 'basic' …).
std::string table_game_name(Game game, const Rules& rules) {
  for (const TableGame& table : table_games()) {
    if (table.rules == rules.rulebook && (!rules.has_formats() || table.game == game)) {
      return std::string(table.name);
    }
  }
  return std::string(rules.id);
}

// --point, --fee and --currency: the money of one deal, which only points rummy has.
void check_money_options(const DealOptions& options, const Rules& rules) {
  const std::pair<const std::optional<std::string>*, std::string_view> given[] = {
      {&options.point, "--point"}, {&options.fee, "--fee"}, {&options.currency, "--currency"}};
  for (const auto& [value, name] : given) {
    if (!*value || rules.match.needs_point_value) continue;
    throw CommandError{
        fmt::format("{} is for {}, where each deal is paid in money; {} {}", name,
                    game_description(Game::points),
                    rules.has_formats() ? game_description(options.game) : rules.words.game,
                    rules.match.keeps_money
                        ? "pays out the entry fees at the end of a game (rummy settle)"
                        : "keeps scores, no money"),
        std::nullopt};
  }
  if (!options.point && (options.fee || options.currency)) {
    throw CommandError{
        fmt::format("{} needs --point, the value of a point", options.fee ? "--fee" : "--currency"),
        std::nullopt};
  }
  if (options.point && !parse_amount(*options.point)) {
    throw CommandError{fmt::format("--point {}: expected an amount such as 2 or 2.50 (at most {})",
                                   *options.point, format_amount(largest_amount)),
                       std::nullopt};
  }
  if (options.fee && !parse_fee(*options.fee)) {
    throw CommandError{fmt::format("--fee {}: expected a percentage up to 100% (10%) or an "
                                   "amount (5)",
                                   *options.fee),
                       std::nullopt};
  }
}

SheetSetting setting(std::string text, std::string_view word) {
  SheetSetting made;
  made.text = std::move(text);
  made.word = word;
  return made;
}

// The one-deal sheet: the lines as parsed, with the game, settings and players from the options.
Sheet deal_sheet(const DealOptions& options, const Input& input) {
  const CommonOptions& common = options.common;
  // --decks, --wild, --round and --house are checked as every command checks them; the sheet's
  // settler applies them again to the game's rules, with the format.
  refuse_game_option(options.game_given, rules_from(common));
  refuse_tiplu_game(rules_from(common), "deal");
  const Rules rules = Rules::for_variant(common.variant, options.game);
  check_money_options(options, rules);
  if (!rules.deal.rounds.empty() && !common.round) {
    throw CommandError{fmt::format("{} deals by rounds, each with its cards and contract: give "
                                   "--round (1-{})",
                                   rules.words.game, rules.deal.rounds.size()),
                       std::nullopt};
  }

  Sheet sheet = parse_deal(input.text, input.source);
  SheetDeal& deal = std::get<SheetDeal>(sheet.events.front());
  SheetGameLine game;
  game.name = table_game_name(options.game, rules);
  sheet.games.push_back(game);
  if (options.point) sheet.point = setting(*options.point, "point");
  if (options.fee) sheet.fee = setting(*options.fee, "fee");
  if (options.currency) sheet.currency = setting(*options.currency, "currency");
  if (common.decks) sheet.decks = setting(std::to_string(*common.decks), "decks");
  for (const std::string& house : common.house) sheet.house.push_back(setting(house, "house"));
  if (common.wild) {
    deal.wild = parse_wild(*common.wild);
    deal.wild_origin = "--wild";
  }
  sheet.lone_deal = common.round.value_or(1);
  // The players: the names of the lines, in order (a name given twice is the settler's error).
  std::vector<SheetPlayer> players;
  for (const SheetEntry& entry : deal.entries) {
    bool known = false;
    for (const SheetPlayer& player : players) known = known || same_name(player.name, entry.player);
    if (!known) players.push_back({entry.player, entry.offset});
  }
  const Match& match = rules.match;
  if (players.size() < static_cast<std::size_t>(match.min_players) ||
      players.size() > static_cast<std::size_t>(match.max_players)) {
    const std::string seats = match.min_players == match.max_players
                                  ? std::to_string(match.min_players)
                                  : fmt::format("{} to {}", match.min_players, match.max_players);
    throw CommandError{fmt::format("a deal of {} has {} players, one line each; {} given",
                                   rules.words.game, seats, players.size()),
                       std::nullopt};
  }
  sheet.player_lines.push_back(std::move(players));
  return sheet;
}

// The deal settled, written as settle writes a deal, then who pays whom.
struct LoneDeal {
  const Settlement& s;

  std::vector<std::string> names() const {
    std::vector<std::string> names;
    for (const PlayerResult& player : s.players) names.push_back(player.name);
    return names;
  }

  Json json() const {
    const bool money = s.point_value.has_value();
    return {{"game", game_id(s.game, s.rules)},
            {"deal_word", s.rules.match.deal_word},
            {"point_value", money ? Json(format_amount(*s.point_value)) : Json(nullptr)},
            {"fee", money ? Json(s.fee.percent ? s.fee.text() : format_amount(s.fee.fixed))
                          : Json(nullptr)},
            {"currency", money ? Json(s.currency) : Json(nullptr)},
            {"house_rules", house_rules_json(s.house_rules)},
            {"deal", deal_json(s, s.deals.front())},
            {"transfers", transfers_json(names(), money_transfers(s))}};
  }

  void text(std::ostream& out, const Style& style) const {
    out << sheet_header(s) << "\n";
    for (const HouseRuleSetting& setting : s.house_rules) {
      out << "house rule: " << setting.text() << "\n";
    }
    print_deal(out, s, s.deals.front(), style);
    print_transfers(out, "who pays whom", names(), money_transfers(s), s.currency, style);
  }
};

int run_deal(const DealOptions& options, const Environment& env) {
  return guarded(options.common, env, [&]() -> int {
    const Input input = lines_of(options, env);
    const Sheet sheet = deal_sheet(options, input);
    const Settlement settled = settle(sheet, input.text, input.source);
    emit(LoneDeal{settled}, options.common, env);
    return exit_ok;
  });
}

}  // namespace

std::function<int()> setup_deal(CLI::App& command, const Environment& env) {
  auto options = std::make_shared<DealOptions>();
  add_deal_options(command, options->common);
  add_rules_options(command, options->common, /*with_variant=*/true);
  CLI::Option* game = add_enum_option(
      command, "--game", options->game, all_games, game_name,
      fmt::format("The format of {}: {}",
                  games_where([](const Rules& rules) { return rules.has_formats(); }),
                  spoken_list(all_games, game_name)));
  const std::string_view points = game_description(Game::points);
  command.add_option("--point", options->point,
                     fmt::format("In {}: the value of a point, e.g. 2 (the deal's money)", points));
  command.add_option(
      "--fee", options->fee,
      fmt::format("In {} with --point: the fee, a percentage (10%) or an amount (5)", points));
  command.add_option("--currency", options->currency,
                     fmt::format("In {} with --point: the currency's sign, e.g. ₹", points));
  add_output_options(command, options->common);
  command.add_option("lines", options->lines,
                     "Each player's line, as a table sheet writes it: \"Asha declared HAND\", "
                     "\"Ravi 45\", \"Meena dropped first\"; none or '-': read standard input");
  return [options, game, &env] {
    options->game_given = game->count() > 0;
    return run_deal(*options, env);
  };
}

}  // namespace rummy::cli
