// rummy rules: the house rules with their defaults, alternatives and sources, and the fixed
// numbers of the game, as the options given set them.
#include <algorithm>
#include <memory>
#include <vector>

#include <fmt/format.h>

#include "classify.hpp"
#include "cli_common.hpp"
#include "report.hpp"

namespace rummy::cli {

namespace {

Json drops_json(const Rules& rules) {
  Json drops = Json::object();
  for (const Game game : all_games) {
    const DropPenalty& penalty = rules.drop_penalty(game);
    const auto points = [](std::optional<int> value) {
      return value ? Json(*value) : Json(nullptr);
    };
    drops[std::string(game_name(game))] = {{"first", points(penalty.first)},
                                           {"middle", points(penalty.middle)}};
  }
  return drops;
}

// The game's own rules in words, from its Rules value: cards, values, melds, wild cards, deals.
std::vector<std::string> game_lines(const Rules& rules) {
  std::vector<std::string> lines;
  const int jokers = rules.printed_jokers_allowed();
  lines.push_back(fmt::format(
      "cards: {} pack{}{}", rules.decks, rules.decks == 1 ? "" : "s",
      jokers > 0 ? fmt::format(" and {} printed joker{}", jokers, jokers == 1 ? "" : "s")
                 : std::string(", no jokers")));
  std::string values;
  for (int r = 1; r <= rank_count; ++r) {
    values += fmt::format("{}{} {}", values.empty() ? "" : ", ", rank_name(static_cast<Rank>(r)),
                          rules.card_points[static_cast<std::size_t>(r - 1)]);
  }
  lines.push_back(fmt::format(
      "card values: {}{}{}", values,
      jokers > 0 ? fmt::format("; a printed joker {}", rules.joker_points) : std::string(),
      rules.wild_cards_score_zero && rules.deal_has_wild_rank ? ", a wild card 0" : ""));
  const std::string_view ace = rules.ace_low && rules.ace_high ? "low or high (never both)"
                               : rules.ace_high                ? "high"
                                                               : "low only";
  lines.push_back(
      fmt::format("runs: {} or more cards of one suit in order, the ace {}", rules.min_run, ace));
  lines.push_back(fmt::format("books (sets): {} to {} cards of one rank, {}", rules.min_group,
                              rules.largest_set(),
                              rules.set_suits_differ ? "each of another suit" : "any suits"));
  std::string wild = wild_cards_text(rules);
  if (rules.max_wilds_in_run < rules.max_sequence || rules.max_wilds_in_set < rules.largest_set()) {
    wild += fmt::format("; at most {} in a run and {} in a book", rules.max_wilds_in_run,
                        rules.max_wilds_in_set);
  }
  lines.push_back("wild cards: " + wild);
  if (!rules.rounds.empty()) {
    for (const Contract& contract : rules.rounds) {
      lines.push_back(fmt::format("round {}: {} cards dealt, {} to go down", contract.round,
                                  contract.cards, contract_text(contract.books, contract.runs)));
    }
  } else if (rules.exact_hand_size) {
    lines.push_back(fmt::format("deal: {} cards each", rules.hand_size));
  } else if (rules.match.min_players == rules.match.max_players) {
    lines.push_back(
        fmt::format("deal: {} cards each to {} players", rules.hand_size, rules.match.max_players));
  } else {
    lines.push_back(fmt::format("deal: {} cards each to 2 players, {} to 3 or 4, {} to 5 or 6",
                                rules.deal_size(2), rules.deal_size(3), rules.deal_size(5)));
  }
  return lines;
}

// The house rules and the fixed numbers, as the options given set them.
struct RulesResult {
  const Rules& rules;

  Json json() const {
    Json list = Json::array();
    for (const HouseRule& rule : house_rules()) {
      if (!rule.applies(rules)) continue;
      Json values = Json::array();
      for (const HouseRuleValue& value : rule.values) {
        values.push_back({{"name", value.name}, {"meaning", value.meaning}});
      }
      Json entry = {{"name", rule.name},
                    {"summary", rule.summary},
                    {"kind", rule.is_number() ? "number" : "choice"},
                    {"default", rule.value_text(rule.default_value(rules))},
                    {"value", rule.value_text(rule.get(rules))},
                    {"values", values},
                    {"source", rule.source}};
      if (rule.is_number()) {
        entry["min"] = rule.number->min;
        entry["max"] = rule.number->max;
        entry["meaning"] = rule.number->meaning;
      }
      list.push_back(std::move(entry));
    }
    Json game = Json::array();
    for (const std::string& line : game_lines(rules)) game.push_back(line);
    // What the game calls each kind of group ("run" for the pure_sequence of Basic Rummy).
    Json kinds = Json::object();
    for (const GroupKind kind : {GroupKind::pure_sequence, GroupKind::impure_sequence,
                                 GroupKind::set, GroupKind::unmatched, GroupKind::invalid}) {
      kinds[std::string(kind_id(kind))] = std::string(kind_name(kind, rules));
    }
    return {{"variant", variant_name(rules.variant)},
            {"game", game},
            {"kinds", kinds},
            {"house_rules", list},
            {"hand_size", rules.hand_size},
            {"points_cap", rules.points_cap},
            {"wrong_show", rules.wrong_show_points},
            {"valid_after_declaration", rules.valid_after_declaration_points},
            {"drops", drops_json(rules)}};
  }

  void text(std::ostream& out, const Style& style) const {
    out << style.paint(variant_description(rules.variant), colour::strong) << "\n";
    for (const std::string& line : game_lines(rules)) out << "  " << line << "\n";
    out << "\nHouse rules (set one with --house NAME=VALUE):\n";
    for (const HouseRule& rule : house_rules()) {
      if (!rule.applies(rules)) continue;
      out << "\n" << style.paint(rule.name, colour::strong) << ": " << rule.summary << "\n";
      if (rule.is_number()) {
        const int current = rule.get(rules), by_default = rule.default_value(rules);
        out << fmt::format("  a whole number from {} to {}: {}\n", rule.number->min,
                           rule.number->max, rule.number->meaning);
        out << fmt::format(
            "  default {}{}\n", by_default,
            current == by_default ? ", in force" : fmt::format("; in force {}", current));
        out << "  source: " << rule.source << "\n";
        continue;
      }
      const std::size_t current = static_cast<std::size_t>(rule.get(rules));
      const std::size_t by_default = static_cast<std::size_t>(rule.default_value(rules));
      std::vector<std::string> labels;
      std::size_t width = 0;
      for (std::size_t i = 0; i < rule.values.size(); ++i) {
        std::string tags;
        if (i == by_default) tags += "default";
        if (i == current) tags += tags.empty() ? "in force" : ", in force";
        labels.push_back(tags.empty() ? std::string(rule.values[i].name)
                                      : fmt::format("{} ({})", rule.values[i].name, tags));
        width = std::max(width, labels.back().size());
      }
      for (std::size_t i = 0; i < rule.values.size(); ++i) {
        out << fmt::format("  {:<{}}  {}\n", labels[i], width, rule.values[i].meaning);
      }
      out << "  source: " << rule.source << "\n";
    }
    if (!rules.declares) return;  // the cap, wrong shows and drops are Indian rummy's
    out << fmt::format(
        "\nPoints in force (rules §2.6): a hand holds {} cards; a loser pays at most {}; a "
        "wrong show pays {};\na valid hand shown after the winner's declaration pays {}.\n",
        rules.hand_size, rules.points_cap, rules.wrong_show_points,
        rules.valid_after_declaration_points);
    out << "Drops (first / middle):";
    for (const Game game : all_games) {
      const DropPenalty& penalty = rules.drop_penalty(game);
      out << "  " << game_description(game) << " "
          << (penalty.first ? fmt::format("{} / {}", *penalty.first, *penalty.middle)
                            : std::string("not allowed"))
          << (game == all_games.back() ? ".\n" : ";");
    }
  }
};

struct RulesOptions {
  CommonOptions common;
  Game game = Game::points;
  bool game_given = false;
};

int run_rules(const RulesOptions& options, const Environment& env) {
  return guarded(options.common, env, [&]() -> int {
    const Rules rules = rules_from(options.common, options.game);
    refuse_game_option(options.game_given, rules);
    emit(RulesResult{rules}, options.common, env);
    return exit_ok;
  });
}

}  // namespace

std::function<int()> setup_rules(CLI::App& command, const Environment& env) {
  auto options = std::make_shared<RulesOptions>();
  add_rules_options(command, options->common, /*with_variant=*/true, /*with_round=*/false);
  add_output_options(command, options->common);
  CLI::Option* game =
      add_enum_option(command, "--game", options->game, all_games, game_name,
                      "The format whose drops the house rules first-drop and middle-drop set: " +
                          spoken_list(all_games, game_name));
  return [options, game, &env] {
    options->game_given = game->count() > 0;
    return run_rules(*options, env);
  };
}

}  // namespace rummy::cli
