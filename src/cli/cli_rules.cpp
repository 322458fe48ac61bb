// rummy rules: the house rules with their defaults, alternatives and sources, and the fixed
// numbers of the game, as the options given set them.
#include <algorithm>
#include <memory>
#include <vector>

#include <fmt/format.h>

#include "classify.hpp"
#include "cli_common.hpp"
#include "game_options.hpp"
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
      "cards: {} pack{}{}", rules.deck.decks, rules.deck.decks == 1 ? "" : "s",
      jokers > 0 ? fmt::format(" and {} printed joker{}", jokers, jokers == 1 ? "" : "s")
                 : std::string(", no jokers")));
  if (rules.has_tiplu()) {
    // A game dealt with a tiplu: no card values; combinations of three and the maal.
    const TipluRules& tiplu = rules.tiplu_rules();
    lines.push_back(fmt::format(
        "wild cards: the tiplu turned up in the deal, its poplu and jhiplu (its suit, one rank "
        "above and below), its rank in {}{}",
        tiplu.alter_only_jokers ? "the other suit of its colour (the alter)"
                                : "the other suits (the ordinary jokers)",
        jokers > 0 ? " and the printed jokers" : ""));
    lines.push_back(fmt::format("maal: the tiplu, poplu and jhiplu (a marriage: one of each){}{}",
                                tiplu.alter_scores ? ", the alter" : "",
                                jokers > 0 ? ", printed jokers" : ""));
    lines.push_back(fmt::format(
        "combinations: {}: a tunnela (three identical cards), a pure or dirty sequence (one suit "
        "in order, the ace {}), a triplet (one rank, different suits), or any three cards with two "
        "jokers",
        tiplu.long_groups ? "three cards or more" : "three cards",
        rules.melds.ace_high ? "low or high, never K-A-2" : "low only"));
    lines.push_back(
        tiplu.dublee_min_players > rules.match.max_players
            ? fmt::format("first stage: {} tunnelas or pure sequences shown to see the tiplu "
                          "(no dublee route)",
                          tiplu.pure_needed)
            : fmt::format("first stage: {} tunnelas or pure sequences shown to see the tiplu, "
                          "or {} dublees with {} or more players",
                          tiplu.pure_needed, tiplu.dublees_needed, tiplu.dublee_min_players));
    lines.push_back(fmt::format("deal: {} cards each", rules.deal.hand_size));
    return lines;
  }
  std::string values;
  for (int r = 1; r <= rank_count; ++r) {
    values += fmt::format("{}{} {}", values.empty() ? "" : ", ", rank_name(static_cast<Rank>(r)),
                          rules.count.card_points[static_cast<std::size_t>(r - 1)]);
  }
  lines.push_back(fmt::format(
      "card values: {}{}{}", values,
      jokers > 0 ? fmt::format("; a printed joker {}", rules.count.joker_points) : std::string(),
      rules.count.wild_cards_score_zero && rules.deck.deal_has_wild_rank ? ", a wild card 0" : ""));
  const std::string_view ace = rules.melds.ace_low && rules.melds.ace_high
                                   ? "low or high (never both)"
                               : rules.melds.ace_high ? "high"
                                                      : "low only";
  lines.push_back(fmt::format("runs: {} or more cards of one suit in order, the ace {}",
                              rules.melds.min_run, ace));
  lines.push_back(fmt::format("books (sets): {} to {} cards of one rank, {}", rules.melds.min_group,
                              rules.largest_set(),
                              rules.melds.set_suits_differ ? "each of another suit" : "any suits"));
  std::string wild = wild_cards_text(rules);
  if (rules.melds.max_wilds_in_run < rules.melds.max_sequence ||
      rules.melds.max_wilds_in_set < rules.largest_set()) {
    wild += fmt::format("; at most {} in a run and {} in a book", rules.melds.max_wilds_in_run,
                        rules.melds.max_wilds_in_set);
  }
  lines.push_back("wild cards: " + wild);
  if (!rules.deal.rounds.empty()) {
    for (const Contract& contract : rules.deal.rounds) {
      lines.push_back(fmt::format("round {}: {} cards dealt, {} to go down", contract.round,
                                  contract.cards, contract_text(contract.books, contract.runs)));
    }
  } else if (rules.deal.exact_hand_size) {
    lines.push_back(fmt::format("deal: {} cards each", rules.deal.hand_size));
  } else if (rules.match.min_players == rules.match.max_players) {
    lines.push_back(fmt::format("deal: {} cards each to {} players", rules.deal.hand_size,
                                rules.match.max_players));
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
    const std::optional<Declaration>& declared = rules.declaration;
    return {{"variant", rules.id},
            {"game", game},
            {"kinds", kinds},
            {"house_rules", list},
            {"hand_size", rules.deal.hand_size},
            // A game without a declaration has no cap, wrong show or valid hand after one: null.
            {"points_cap", declared ? Json(declared->points_cap) : Json(nullptr)},
            {"wrong_show", declared ? Json(declared->wrong_show_points) : Json(nullptr)},
            {"valid_after_declaration",
             declared ? Json(declared->valid_after_declaration_points) : Json(nullptr)},
            {"drops", drops_json(rules)}};
  }

  void text(std::ostream& out, const Style& style) const {
    out << style.paint(rules.words.game, colour::strong) << "\n";
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
    if (!rules.declares()) return;  // the cap, wrong shows and drops belong to a declaration
    out << fmt::format(
        "\nPoints in force (rules §2.6): a hand holds {} cards; a loser pays at most {}; a "
        "wrong show pays {};\na valid hand shown after the winner's declaration pays {}.\n",
        rules.deal.hand_size, rules.points_cap(), rules.declared().wrong_show_points,
        rules.declared().valid_after_declaration_points);
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

Json setting_json(const SheetOption& setting) {
  return {{"id", setting.id},
          {"words", setting.words},
          {"keyword", setting.keyword},
          {"on_game_line", setting.on_game_line},
          {"required", setting.required},
          {"kind", setting.kind},
          {"default", setting.by_default ? Json(*setting.by_default) : Json(nullptr)}};
}

Json settings_json(const Rules& rules) {
  Json list = Json::array();
  for (const SheetOption& setting : sheet_settings(rules)) list.push_back(setting_json(setting));
  return list;
}

// A setting for people: "point value (needed)", "target (150 unless written)".
std::string setting_text(const SheetOption& setting) {
  const std::string written =
      setting.on_game_line
          ? fmt::format("on the game line{}", setting.keyword.empty()
                                                  ? std::string()
                                                  : " after '" + setting.keyword + "'")
          : fmt::format("'{} …'", setting.keyword);
  const std::string when = setting.required     ? "needed"
                           : setting.by_default ? "default " + *setting.by_default
                                                : "optional";
  return fmt::format("{} ({}, {})", setting.words, written, when);
}

std::string settings_text(const Rules& rules) {
  std::vector<std::string> parts;
  for (const SheetOption& setting : sheet_settings(rules)) parts.push_back(setting_text(setting));
  return parts.empty() ? std::string("nothing but the players") : spoken_list(parts, " and ");
}

// Every game the core knows, as the rulebook has it, and what each offers: the options that
// apply to it, its formats, and what its table sheet takes. The page builds its controls from
// this list; the command line refuses an option the list does not give a game.
struct GameList {
  Json json() const {
    Json games = Json::array();
    for (const Variant variant : all_variants) {
      const Rules rules = Rules::for_variant(variant);
      const GameOptions offered = options_of(rules);
      Json formats = Json::array();
      if (offered.formats) {
        for (const Game format : all_games) {
          formats.push_back({{"id", game_name(format)},
                             {"name", game_description(format)},
                             {"settings", settings_json(rules.as_in_rulebook(format))}});
        }
      }
      Json outcomes = Json::array();
      for (const PlayerLine& line : player_lines(rules)) {
        outcomes.push_back({{"outcome", outcome_id(line.outcome)},
                            {"words", line.words},
                            {"meaning", line.meaning},
                            {"takes", line_takes_id(line.takes)},
                            {"ends_deal", line.ends_deal},
                            {"needs", line.needs.empty() ? Json(nullptr) : Json(line.needs)}});
      }
      Json deal = Json::array();
      for (const DealSetting& setting : deal_settings(rules)) {
        deal.push_back({{"id", setting.id},
                        {"words", setting.words},
                        {"keyword", setting.keyword},
                        {"on_deal_line", setting.on_deal_line},
                        {"example", setting.example},
                        {"takes", setting.takes},
                        {"without_players", setting.without_players},
                        {"needs", setting.needs.empty() ? Json(nullptr) : Json(setting.needs)}});
      }
      games.push_back({{"id", rules.id},
                       {"name", rules.words.game},
                       {"deal_word", rules.match.deal_word},
                       {"options",
                        {{"wild_rank", offered.wild_rank},
                         {"packs", offered.packs},
                         {"most_packs", offered.most_packs},
                         {"rounds", offered.rounds},
                         {"formats", offered.formats},
                         {"drops", offered.drops},
                         {"declared", offered.declared},
                         {"going_rummy", offered.going_rummy},
                         {"layoffs", offered.layoffs},
                         {"outs", offered.outs},
                         {"tiplu", offered.tiplu},
                         {"advise", offered.advise},
                         {"hand_size", offered.hand_size}}},
                       {"sheet", played_on_sheets(rules)},
                       {"formats", formats},
                       {"settings", offered.formats ? Json::array() : settings_json(rules)},
                       {"outcomes", outcomes},
                       {"deal_settings", deal}});
    }
    return {{"games", games}};
  }

  void text(std::ostream& out, const Style& style) const {
    bool first = true;
    for (const Variant variant : all_variants) {
      const Rules rules = Rules::for_variant(variant);
      const GameOptions offered = options_of(rules);
      if (!first) out << "\n";
      first = false;
      out << style.paint(rules.words.game, colour::strong) << " (--variant " << rules.id
          << "), played in " << rules.match.deal_word << "s\n";
      std::vector<std::string> options;
      if (offered.wild_rank) options.emplace_back("--wild");
      options.push_back(
          offered.most_packs > 1
              ? fmt::format("--decks 1 to {} ({} by default)", offered.most_packs, offered.packs)
              : fmt::format("{} pack{} only", offered.packs, offered.packs == 1 ? "" : "s"));
      if (offered.rounds > 0) options.push_back(fmt::format("--round 1 to {}", offered.rounds));
      if (offered.formats) options.emplace_back("--game");
      if (offered.drops) options.emplace_back("--drop");
      if (offered.declared) options.emplace_back("--declared");
      if (offered.going_rummy) options.emplace_back("--rummy");
      if (offered.layoffs) options.emplace_back("rummy layoff");
      if (offered.outs) options.emplace_back("rummy outs");
      if (offered.advise) options.emplace_back("rummy advise");
      if (offered.tiplu) options.emplace_back("--tiplu, --players and --state");
      out << "  options: " << spoken_list(options, " and ") << "\n";
      if (offered.formats) {
        out << "  formats (--game, and a sheet's game line):\n";
        for (const Game format : all_games) {
          out << fmt::format("    {:<8} {}: {}\n", game_name(format), game_description(format),
                             settings_text(rules.as_in_rulebook(format)));
        }
      } else if (played_on_sheets(rules)) {
        out << fmt::format("  a sheet ('game {}'): {}\n", rules.id, settings_text(rules));
      } else {
        out << "  a sheet: not yet (settle has no sheet of this game)\n";
      }
      if (played_on_sheets(rules)) {
        out << "  a player's line in a " << rules.match.deal_word << ": "
            << player_lines_text(rules) << "\n";
      }
      for (const DealSetting& setting : deal_settings(rules)) {
        const std::string example = setting.example.empty() ? "" : " " + setting.example;
        out << fmt::format("  the {}: '{}{}{}'{}\n", setting.words,
                           setting.on_deal_line ? rules.match.deal_word : "",
                           setting.on_deal_line ? " " + setting.keyword : setting.keyword, example,
                           setting.needs.empty() ? "" : fmt::format(" (with {})", setting.needs));
      }
    }
  }
};

struct RulesOptions {
  CommonOptions common;
  Game game = Game::points;
  bool game_given = false;
  bool list = false;
  std::vector<std::string> given;  // the options given besides --list and the output's
};

int run_rules(const RulesOptions& options, const Environment& env) {
  return guarded(options.common, env, [&]() -> int {
    if (options.list) {
      if (!options.given.empty()) {
        throw CommandError{fmt::format("--list lists every game as the rulebook has it: {} does "
                                       "not apply to it",
                                       options.given.front()),
                           std::nullopt};
      }
      emit(GameList{}, options.common, env);
      return exit_ok;
    }
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
  command.add_flag("--list", options->list,
                   "List every game with the options that apply to it, its formats and what its "
                   "table sheet takes (the page builds its controls from this)");
  return [options, game, &command, &env] {
    options->game_given = game->count() > 0;
    options->given.clear();
    for (const CLI::Option* option : command.get_options()) {
      const std::string name = option->get_name();
      if (option->count() == 0 || name == "--list" || name == "--format" || name == "--color" ||
          name == "--help") {
        continue;
      }
      options->given.push_back(name);
    }
    return run_rules(*options, env);
  };
}

}  // namespace rummy::cli
