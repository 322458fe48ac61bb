// rummy cash: the three money formulas on their own (rules §2.8).
#include <charconv>
#include <memory>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "money.hpp"
#include "report.hpp"

namespace rummy::cli {

namespace {

struct CashOptions {
  CommonOptions common;
  std::string value, losers, entry, fee = "0";
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

std::vector<int> points_of(const std::string& text) {
  const int cap = Rules::for_variant(Variant::indian).points_cap;  // a loser pays at most this
  std::vector<int> points;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    int value = 0;
    const char* first = text.data() + start;
    const char* last = text.data() + comma;
    const auto [end, error] = std::from_chars(first, last, value);
    if (first == last || error != std::errc() || end != last || value < 0 || value > cap) {
      throw CommandError{fmt::format("--losers {}: expected the losers' points, 0 to {} each, "
                                     "separated by commas (20,40,50)",
                                     text, cap),
                         std::nullopt};
    }
    points.push_back(value);
    start = comma + 1;
  }
  return points;
}

// Points rummy's money for one deal.
struct PointsResult {
  Minor value = 0;
  std::vector<int> losers;
  Fee fee;
  PointsCash cash;

  Json json() const {
    int total = 0;
    for (const int points : losers) total += points;
    Json paid = Json::array();
    for (const Minor amount : cash.paid) paid.push_back(format_amount(amount));
    return {{"game", "points"},
            {"value", format_amount(value)},
            {"losers", losers},
            {"points", total},
            {"paid", paid},
            {"gross", format_amount(cash.gross)},
            {"fee", format_amount(cash.fee)},
            {"fee_rule", fee.text()},
            {"net", format_amount(cash.net)}};
  }

  void text(std::ostream& out, const Style&) const {
    int total = 0;
    std::string sum;
    for (const int points : losers) {
      total += points;
      sum += (sum.empty() ? "" : " + ") + std::to_string(points);
    }
    std::string paid;
    for (const Minor amount : cash.paid) paid += (paid.empty() ? "" : ", ") + format_amount(amount);
    out << fmt::format(
        "gross: {} a point × ({} = {} points) = {}\nfee {}: {}\nthe winner receives {}; the "
        "losers pay {}\n",
        format_amount(value), sum, total, format_amount(cash.gross), fee.text(),
        format_amount(cash.fee), format_amount(cash.net), paid);
  }
};

// Pool and deals rummy's prize.
struct PrizeResult {
  std::string_view game;
  Minor entry = 0;
  int players = 0;
  Fee fee;
  PrizeCash cash;

  Json json() const {
    return {{"game", game},
            {"entry", format_amount(entry)},
            {"players", players},
            {"pool", format_amount(cash.pool)},
            {"fee", format_amount(cash.fee)},
            {"fee_rule", fee.text()},
            {"prize", format_amount(cash.prize)}};
  }

  void text(std::ostream& out, const Style&) const {
    out << fmt::format("pool: {} entry × {} players = {}\nfee {}: {}\nprize: {}\n",
                       format_amount(entry), players, format_amount(cash.pool), fee.text(),
                       format_amount(cash.fee), format_amount(cash.prize));
  }
};

int run_points(const CashOptions& options, const Environment& env) {
  return guarded(options.common, env, [&]() -> int {
    const Minor value = amount_of(options.value, "--value");
    const std::vector<int> losers = points_of(options.losers);
    const Fee fee = fee_of(options.fee);
    const auto cash = points_cash(value, losers, fee);
    if (!cash) throw CommandError{"the amounts are too large to add up", std::nullopt};
    emit(PointsResult{value, losers, fee, *cash}, options.common, env);
    return exit_ok;
  });
}

int run_prize(const CashOptions& options, const Environment& env, std::string_view game) {
  return guarded(options.common, env, [&]() -> int {
    const Minor entry = amount_of(options.entry, "--entry");
    const Fee fee = fee_of(options.fee);
    const auto cash = prize_cash(entry, options.players, fee);
    if (!cash) throw CommandError{"the amounts are too large to add up", std::nullopt};
    emit(PrizeResult{game, entry, options.players, fee, *cash}, options.common, env);
    return exit_ok;
  });
}

void add_format(CLI::App& command, CashOptions& options) {
  add_format_option(command, options.common);
  command
      .add_option("--fee", options.fee,
                  "The platform or host fee: a percentage (10%) or an amount (5)")
      ->capture_default_str();
}

}  // namespace

std::function<int()> setup_cash(CLI::App& command, const Environment& env) {
  auto options = std::make_shared<CashOptions>();
  command.require_subcommand(1);
  CLI::App* points = command.add_subcommand(
      "points", "Points rummy: the winner's gross, the fee and the net from the losers' points");
  points->add_option("--value", options->value, "The value of a point, e.g. 2")->required();
  points->add_option("--losers", options->losers, "The losers' points, e.g. 20,40,50")->required();
  add_format(*points, *options);
  CLI::App* pool = command.add_subcommand("pool", "Pool rummy: the prize from the entry fees");
  CLI::App* deals = command.add_subcommand("deals", "Deals rummy: the prize from the entry fees");
  for (CLI::App* prize : {pool, deals}) {
    prize->add_option("--entry", options->entry, "The entry fee, e.g. 100")->required();
    prize->add_option("--players", options->players, "How many players paid it")
        ->required()
        ->check(CLI::Range(1, 1000));
    add_format(*prize, *options);
  }
  return [options, &env, points, pool] {
    if (points->parsed()) return run_points(*options, env);
    return run_prize(*options, env, pool->parsed() ? "pool" : "deals");
  };
}

}  // namespace rummy::cli
