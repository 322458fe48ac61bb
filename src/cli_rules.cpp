// rummy rules: the house rules with their defaults, alternatives and sources, and the fixed
// numbers of the game, as the options given set them.
#include <algorithm>
#include <memory>
#include <vector>

#include <fmt/format.h>

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

// The house rules and the fixed numbers, as the options given set them.
struct RulesResult {
  const Rules& rules;

  Json json() const {
    Json list = Json::array();
    for (const HouseRule& rule : house_rules()) {
      Json values = Json::array();
      for (const HouseRuleValue& value : rule.values) {
        values.push_back({{"name", value.name}, {"meaning", value.meaning}});
      }
      list.push_back({{"name", rule.name},
                      {"summary", rule.summary},
                      {"default", rule.values[0].name},
                      {"value", rule.values[rule.get(rules)].name},
                      {"values", values},
                      {"source", rule.source}});
    }
    return {{"house_rules", list},
            {"hand_size", rules.hand_size},
            {"points_cap", rules.points_cap},
            {"wrong_show", rules.wrong_show_points},
            {"valid_after_declaration", rules.valid_after_declaration_points},
            {"drops", drops_json(rules)}};
  }

  void text(std::ostream& out, const Style& style) const {
    out << "House rules (set one with --house NAME=VALUE):\n";
    for (const HouseRule& rule : house_rules()) {
      out << "\n" << style.paint(rule.name, colour::strong) << ": " << rule.summary << "\n";
      const std::size_t current = rule.get(rules);
      std::vector<std::string> labels;
      std::size_t width = 0;
      for (std::size_t i = 0; i < rule.values.size(); ++i) {
        std::string tags;
        if (i == 0) tags += "default";
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
    out << fmt::format(
        "\nFixed rules (RULES.md §2.6): a hand holds {} cards; a loser pays at most {}; a wrong "
        "show pays {};\na valid hand shown after the winner's declaration pays {}.\n",
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

int run_rules(const CommonOptions& options, const Environment& env) {
  return guarded(options, env, [&]() -> int {
    const Rules rules = rules_from(options);
    emit(RulesResult{rules}, options, env);
    return exit_ok;
  });
}

}  // namespace

std::function<int()> setup_rules(CLI::App& command, const Environment& env) {
  auto options = std::make_shared<CommonOptions>();
  add_rules_options(command, *options, /*with_variant=*/false);
  add_output_options(command, *options);
  return [options, &env] { return run_rules(*options, env); };
}

}  // namespace rummy::cli
