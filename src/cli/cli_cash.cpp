// rummy cash: the three money formulas on their own (rules §2.8).
#include <charconv>
#include <memory>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "describe.hpp"
#include "games.hpp"
#include "money.hpp"
#include "report.hpp"

namespace rummy::cli {

namespace {

// The game played in table formats (points, pools, deals): its money is what cash reckons.
bool has_formats(const Rules& rules) {
  return rules.has_formats();
}

struct CashOptions {
  CommonOptions common;
  std::string value, losers, entry, fee = "0";
  std::string currency;  // written before each amount, as a sheet's 'currency ₹'
  int players = 0;
};

Minor amount_of(const std::string& text, std::string_view option) {
  const auto amount = parse_amount(text);
  if (!amount) {
    throw CommandError{fmt::format("{} {}: expected an amount such as 2 or 2.50 (at most {})",
                                   option, text, format_amount(largest_amount)),
                       std::nullopt};
  }
  return *amount;
}

Fee fee_of(const std::string& text) {
  const auto fee = parse_fee(text);
  if (!fee) {
    throw CommandError{fmt::format("--fee {}: expected a percentage up to 100% (10%) or an "
                                   "amount (5)",
                                   text),
                       std::nullopt};
  }
  return *fee;
}

// The losers' points as written: numbers separated by commas, spaces around them allowed.
std::vector<int> points_of(const std::string& text) {
  std::vector<int> points;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const char* first = text.data() + start;
    const char* last = text.data() + comma;
    while (first < last && *first == ' ') ++first;
    while (last > first && last[-1] == ' ') --last;
    int value = 0;
    const auto [end, error] = std::from_chars(first, last, value);
    if (first == last || error != std::errc() || end != last || value < 0) {
      throw CommandError{fmt::format("--losers {}: expected the losers' points, separated by "
                                     "commas (20,40,50)",
                                     text),
                         std::nullopt};
    }
    points.push_back(value);
    start = comma + 1;
  }
  return points;
}

// The table's players: as many as a sheet seats.
int players_of(int players, const Rules& rules) {
  const Match& match = rules.match;
  if (players < match.min_players || players > match.max_players) {
    throw CommandError{fmt::format("--players {}: a table has {} to {} players", players,
                                   match.min_players, match.max_players),
                       std::nullopt};
  }
  return players;
}

// Points rummy's money for one deal.
struct PointsResult {
  std::string currency;
  Minor value = 0;
  std::vector<int> losers;   // as given
  std::vector<int> counted;  // after the cap
  Fee fee;
  PointsCash cash;

  Json json() const {
    int total = 0;
    for (const int points : counted) total += points;
    Json paid = Json::array();
    for (const Minor amount : cash.paid) paid.push_back(format_amount(amount));
    return {{"game", "points"},
            {"currency", currency},
            {"value", format_amount(value)},
            {"losers", losers},
            {"counted", counted},
            {"points", total},
            {"paid", paid},
            {"gross", format_amount(cash.gross)},
            {"fee", format_amount(cash.fee)},
            {"fee_rule", fee.text()},
            {"net", format_amount(cash.net)}};
  }

  void text(std::ostream& out, const Style&) const {
    out << describe_points_cash(currency, value, counted, fee, cash) << "\n";
    for (std::size_t i = 0; i < losers.size(); ++i) {
      if (losers[i] != counted[i]) {
        out << "note: " << cap_note(losers[i], counted[i]) << "\n";
      }
    }
  }
};

// Pool and deals rummy's prize.
struct PrizeResult {
  std::string currency;
  std::string_view game;
  Minor entry = 0;
  int players = 0;
  Fee fee;
  PrizeCash cash;

  Json json() const {
    return {{"game", game},
            {"currency", currency},
            {"entry", format_amount(entry)},
            {"players", players},
            {"pool", format_amount(cash.pool)},
            {"fee", format_amount(cash.fee)},
            {"fee_rule", fee.text()},
            {"prize", format_amount(cash.prize)}};
  }

  void text(std::ostream& out, const Style&) const {
    out << describe_prize_cash(currency, entry, players, fee, cash) << "\n";
  }
};

int run_points(const CashOptions& options, const Environment& env) {
  return guarded(options.common, env, [&]() -> int {
    const Minor value = amount_of(options.value, "--value");
    const std::vector<int> losers = points_of(options.losers);
    // A loser pays at most the cap, as on a sheet; the house rule points-cap is the only one
    // that changes points rummy's money, so any other is refused rather than ignored.
    const Rules rules = rules_from(options.common, Game::points);
    const HouseRule* const cap_rule = find_house_rule("points-cap");
    for (const HouseRuleSetting& setting : non_default_house_rules(rules)) {
      if (setting.rule != cap_rule) {
        throw CommandError{fmt::format("--house {}: cash counts money, which only {} changes; "
                                       "set it where hands are scored (score, batch, a sheet)",
                                       setting.rule->name, cap_rule->name),
                           std::nullopt};
      }
    }
    const int cap = rules.points_cap();
    std::vector<int> counted;
    for (const int points : losers) counted.push_back(std::min(points, cap));
    const Fee fee = fee_of(options.fee);
    const auto cash = points_cash(value, counted, fee);
    if (!cash) throw CommandError{"the amounts are too large to add up", std::nullopt};
    emit(PointsResult{options.currency, value, losers, counted, fee, *cash}, options.common, env);
    return exit_ok;
  });
}

int run_prize(const CashOptions& options, const Environment& env, std::string_view game,
              Game format) {
  return guarded(options.common, env, [&]() -> int {
    const Minor entry = amount_of(options.entry, "--entry");
    const int players = players_of(options.players, game_where(has_formats, format));
    const Fee fee = fee_of(options.fee);
    const auto cash = prize_cash(entry, players, fee);
    if (!cash) throw CommandError{"the amounts are too large to add up", std::nullopt};
    emit(PrizeResult{options.currency, game, entry, players, fee, *cash}, options.common, env);
    return exit_ok;
  });
}

void add_format(CLI::App& command, CashOptions& options) {
  add_format_option(command, options.common);
  command
      .add_option("--fee", options.fee,
                  "The platform or host fee: a percentage (10%) or an amount (5)")
      ->capture_default_str();
  command.add_option("--currency", options.currency,
                     "Written before each amount, e.g. ₹ (as a sheet's 'currency ₹')");
}

}  // namespace

std::function<int()> setup_cash(CLI::App& command, const Environment& env) {
  auto options = std::make_shared<CashOptions>();
  command.require_subcommand(1);
  const int cap = game_where(has_formats, Game::points).points_cap();
  const Rules table = game_where(has_formats, Game::pool101);  // pools and deals
  CLI::App* points = command.add_subcommand(
      "points", "Points rummy: the winner's gross, the fee and the net from the losers' points");
  points->add_option("--value", options->value, "The value of a point, e.g. 2")->required();
  points
      ->add_option(
          "--losers", options->losers,
          fmt::format("The losers' points, e.g. 20,40,50 (more than the cap, {} by default, "
                      "pays the cap)",
                      cap))
      ->required();
  points
      ->add_option("--house", options->common.house,
                   "points-cap=N: the most a loser pays (the only house rule money depends on)")
      ->allow_extra_args(false);
  add_format(*points, *options);
  CLI::App* pool = command.add_subcommand("pool", "Pool rummy: the prize from the entry fees");
  CLI::App* deals = command.add_subcommand("deals", "Deals rummy: the prize from the entry fees");
  for (CLI::App* prize : {pool, deals}) {
    prize->add_option("--entry", options->entry, "The entry fee, e.g. 100")->required();
    prize
        ->add_option("--players", options->players,
                     fmt::format("How many players paid it ({} to {}, as at a table)",
                                 table.match.min_players, table.match.max_players))
        ->required();
    add_format(*prize, *options);
  }
  return [options, &env, points, pool] {
    if (points->parsed()) return run_points(*options, env);
    return pool->parsed() ? run_prize(*options, env, "pool", Game::pool101)
                          : run_prize(*options, env, "deals", Game::deals);
  };
}

}  // namespace rummy::cli
