// rummy score: how many points a hand, or a drop, pays, and by which rule.
#include <memory>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "games.hpp"
#include "report.hpp"
#include "scoring.hpp"

namespace rummy::cli {

namespace {

struct ScoreOptions {
  CommonOptions common;
  Game game = Game::points;
  bool declared = false;
  Drop drop = Drop::first;
  bool drops = false;       // --drop was given
  bool game_given = false;  // --game was given
  bool rummy = false;       // Basic: the winner went rummy, doubling the hand
};

// What a hand or a drop pays: the score, and for a hand the groups it was judged by.
struct ScoreResult {
  const Rules& rules;
  bool doubled = false;  // --rummy
  Game game;
  Score score;
  std::optional<Drop> drop;        // a drop, not a hand
  const ReadHand* read = nullptr;  // a hand
  bool declared = false;
  JudgedHand judged;
  std::vector<HouseRuleSetting> changed;

  Json json() const {
    Json body = {{"points", score.points},
                 {"uncapped", score.uncapped},
                 {"capped", score.points != score.uncapped},
                 {"rule", describe(score, rules, game)},
                 {"rule_id", basis_id(score.basis)},
                 {"game", game_id(game, rules)},
                 {"doubled", doubled}};
    if (drop) {
      body["role"] = "drop";
      body["drop"] = drop_name(*drop);
      return body;
    }
    const Hand& hand = judged.hand;
    body["role"] = declared ? "declared" : "shown";
    body["valid"] = judged.check.valid();
    body["wild"] = wild_json(hand.wild);
    body["groups"] = groups_json(hand, judged.check, rules);
    body["counted"] = cards_json(score.counted, rules);
    body["house_rules"] = house_rules_json(changed);
    add_grouping_json(body, judged, rules);
    return body;
  }

  void text(std::ostream& out, const Style& style) const {
    if (read) {
      out << wild_line(*read, rules) << "\n";
      if (const std::string how = grouping_text(judged); !how.empty()) out << how << "\n";
      if (const std::string which = discard_text(judged, rules); !which.empty())
        out << which << "\n";
      print_groups(out, judged.hand, judged.check, rules, style);
    }
    const WildRank wild = judged.hand.wild;  // the hand as judged keeps its wild rank
    out << style.paint(fmt::format("pays {} point{}", score.points, score.points == 1 ? "" : "s"),
                       colour::strong);
    if (score.points != score.uncapped) {
      out << fmt::format(" ({} before the {}-point cap)", score.uncapped, rules.points_cap);
    }
    out << "\nrule: " << describe(score, rules, game) << "\n";
    if (!score.counted.empty()) {
      std::string cards;
      for (const Card card : score.counted) {
        cards += cards.empty() ? "" : " ";
        cards += to_string(card, rules.joker_name());
        if (is_joker(card, wild) && card_points(card, wild, rules) == 0) cards += "(0)";
      }
      const int multiplier = doubled ? rules.match.rummy_multiplier : 1;
      out << "counted: " << cards << " = " << score.uncapped / multiplier << "\n";
    }
    if (doubled) {
      out << fmt::format("going rummy: every point × {} = {}\n", rules.match.rummy_multiplier,
                         score.points);
    }
    if (read && score.basis == ScoreBasis::wrong_show) {
      for (const Problem& problem : judged.check.problems) {
        out << "  - " << explain(problem, judged.check, judged.hand, rules) << "\n";
      }
    }
    if (const std::string could = could_declare_text(judged, rules); !could.empty())
      out << could << "\n";
    if (!changed.empty()) out << changed_by_text(changed) << "\n";
  }
};

int run_score(const ScoreOptions& options, const Environment& env) {
  return guarded(options.common, env, [&]() -> int {
    const Game game = options.game;
    const Rules rules = rules_from(options.common, game);
    refuse_game_option(options.game_given, rules);
    if (options.drops && !rules.has_drops()) {
      throw CommandError{fmt::format("--drop is for Indian rummy: {} has no drops",
                                     variant_description(rules.variant)),
                         std::nullopt};
    }
    if (options.drops) {
      if (!options.common.hand_words.empty()) {
        throw CommandError{"--drop scores a drop and takes no hand", std::nullopt};
      }
      const std::optional<Score> score = score_drop(game, options.drop, rules);
      if (!score) throw CommandError{no_drop_text(game), std::nullopt};
      emit(ScoreResult{rules, false, game, *score, options.drop, nullptr, false, {}, {}},
           options.common, env);
      return exit_ok;
    }

    if (options.rummy && rules.match.rummy_multiplier == 1) {
      throw CommandError{fmt::format("--rummy is for Basic Rummy, where going rummy doubles the "
                                     "hand; {} has no such rule",
                                     variant_description(rules.variant)),
                         std::nullopt};
    }
    // A hand shown at the end of a deal, declared or not, holds exactly hand_size cards; where
    // hands are declared, one more is a drawn hand, scored after its discard.
    const HandSize size = !rules.exact_hand_size ? HandSize::dealt
                          : rules.declares       ? HandSize::shown_or_drawn
                                                 : HandSize::shown;
    const ReadHand read = read_hand_from(options.common, rules, env, size);
    if (!rules.declares && options.declared) {
      throw CommandError{"--declared is for Indian rummy", std::nullopt};
    }
    const auto judge = [&](const Rules& with, bool look_for_declaration) {
      return judge_hand(read.hand, read.written.grouped, with, look_for_declaration);
    };
    const auto score_of = [&](const JudgedHand& judged, const Rules& with) {
      Score score = options.declared ? score_declaration(judged.check, with)
                                     : score_shown_hand(judged.hand, judged.check, with);
      if (options.rummy) {
        score.points *= with.match.rummy_multiplier;
        score.uncapped *= with.match.rummy_multiplier;
      }
      return score;
    };
    JudgedHand judged = judge(rules, /*look_for_declaration=*/true);
    const Score score = score_of(judged, rules);
    emit(ScoreResult{rules, options.rummy, game, score, std::nullopt, &read, options.declared,
                     std::move(judged),
                     house_rules_that_changed(
                         rules,
                         [&](const Rules& with) { return score_of(judge(with, false), with); })},
         options.common, env);
    return exit_ok;
  });
}

}  // namespace

std::function<int()> setup_score(CLI::App& command, const Environment& env) {
  auto options = std::make_shared<ScoreOptions>();
  add_deal_options(command, options->common);
  add_rules_options(command, options->common, /*with_variant=*/true);
  add_output_options(command, options->common);
  add_hand_argument(command, options->common);
  CLI::Option* game = add_enum_option(command, "--game", options->game, all_games, game_name,
                                      "The game: " + spoken_list(all_games, game_name));
  CLI::Option* declared = command.add_flag(
      "--declared", options->declared,
      fmt::format("The player declared this hand (valid: 0, a wrong show: {} unless house rule "
                  "wrong-show says otherwise); without it the hand is a loser's, shown after "
                  "someone else declared",
                  game_where([](const Rules& rules) { return rules.declares; }).wrong_show_points));
  CLI::Option* drop =
      add_enum_option(command, "--drop", options->drop, all_drops, drop_name,
                      "Score a drop instead of a hand: " + spoken_list(all_drops, drop_name));
  drop->default_str("");
  drop->excludes(declared);
  command
      .add_flag("--rummy", options->rummy,
                "Basic Rummy: the winner went rummy (every card in one turn), which doubles the "
                "hand")
      ->excludes(drop);
  return [options, drop, game, &env] {
    options->drops = drop->count() > 0;
    options->game_given = game->count() > 0;
    return run_score(*options, env);
  };
}

}  // namespace rummy::cli
