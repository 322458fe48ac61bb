// rummy score: how many points a hand, or a drop, pays, and by which rule.
#include <memory>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "games.hpp"
#include "gin.hpp"
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
  // A knock scored against the defender's hand (Gin Rummy): the knocker's hand, the first
  // upcard (oklahoma) and the discard of 11 cards.
  std::optional<std::string> knocker, upcard, discard;
  // A game dealt with a tiplu: the player's state, when not read from the cards.
  MaalState state = MaalState::seen;
  bool state_given = false;
};

// ---- A knocked hand against the defender's (docs/rules.md §8) --------------------------------

std::string melds_text(const std::vector<Group>& melds, std::span<const Card> deadwood) {
  std::string text;
  for (const Group& meld : melds) text += (text.empty() ? "" : " | ") + cards_text(meld, "-");
  if (!deadwood.empty()) text += (text.empty() ? "" : " | ") + cards_text(deadwood, " ");
  return text;
}

struct KnockResult {
  const Rules& rules;
  const ReadHand& read;
  GinHandScore hand;
  std::vector<HouseRuleSetting> changed;

  std::string rule() const {
    const int k = hand.knocker_points, d = hand.defender_points;
    const GinScoring& gin = rules.gin;
    std::string text;
    switch (hand.result) {
      case GinResult::knock:
        text = fmt::format("knock: the knocker scores {} − {} = {}", d, k, d - k);
        break;
      case GinResult::gin:
        text = fmt::format("gin: the knocker scores {} + {} = {}", d, gin.gin_bonus(),
                           d + gin.gin_bonus());
        break;
      case GinResult::big_gin:
        text = fmt::format("big gin: the knocker scores {} + {} = {}", d, gin.big_gin_bonus,
                           d + gin.big_gin_bonus);
        break;
      case GinResult::undercut:
        text = fmt::format("undercut: the defender scores {} − {} + {} = {}", k, d,
                           gin.undercut_bonus(), k - d + gin.undercut_bonus());
        break;
      case GinResult::no_score:
        return "a tie scores nothing (undercut-tie=nothing): nobody wins the hand";
    }
    if (hand.doubled) text += fmt::format(", doubled by the spade upcard: {}", hand.points);
    return text;
  }

  void json(JsonWriter& out) const {
    // A player's side of the knock: melds, cards laid off (the defender's), deadwood, points.
    const auto side = [&](const JsonKey& name, const std::vector<Group>& melds,
                          const std::vector<Card>* laid_off, const std::vector<Card>& deadwood,
                          int points) {
      out.key(name);
      out.begin_object();
      out.key("melds"_key);
      out.begin_array();
      for (const Group& meld : melds) write_cards(out, meld, rules);
      out.end_array();
      if (laid_off) {
        out.key("laid_off"_key);
        write_cards(out, *laid_off, rules);
      }
      out.key("deadwood"_key);
      write_cards(out, deadwood, rules);
      out.member("points"_key, points);
      out.end_object();
    };
    out.begin_object();
    out.member("points"_key, hand.points);
    out.member("uncapped"_key, hand.points);
    out.member("capped"_key, false);
    out.member("rule"_key, rule());
    out.member("rule_id"_key, "knock");
    out.member("game"_key, game_id(Game::points, rules));
    out.member("doubled"_key, hand.doubled);
    out.member("role"_key, "knocked");
    out.key("knock"_key);
    out.begin_object();
    out.member("result"_key, gin_result_id(hand.result));
    out.member("knock_limit"_key, hand.limit);
    out.key("discard"_key);
    write_card(out, hand.discard, rules);
    side("knocker"_key, hand.knocker_melds, nullptr, hand.knocker_deadwood, hand.knocker_points);
    side("defender"_key, hand.defender_melds, &hand.laid_off, hand.defender_deadwood,
         hand.defender_points);
    out.member("spades_doubled"_key, hand.doubled);
    const auto winner = hand.winner();
    out.member("winner"_key,
               winner ? std::optional(*winner == 0 ? "knocker" : "defender") : std::nullopt);
    out.end_object();
    out.member("house_rules"_key, house_rules_json(changed));
    out.end_object();
  }

  void text(std::ostream& out, const Style& style) const {
    out << wild_line(read, rules) << "\n";
    if (hand.discard) out << "discard: " << to_string(*hand.discard, rules.joker_name()) << "\n";
    out << fmt::format("knocker: {}: deadwood {} (knock limit {})\n",
                       melds_text(hand.knocker_melds, hand.knocker_deadwood), hand.knocker_points,
                       hand.limit);
    out << fmt::format("defender: {}", melds_text(hand.defender_melds, hand.defender_deadwood));
    if (!hand.laid_off.empty()) out << ", lays off " << cards_text(hand.laid_off, " ");
    out << fmt::format(": deadwood {}\n", hand.defender_points);
    out << style.paint(rule(), colour::strong) << "\n";
    if (!changed.empty()) out << changed_by_text(changed) << "\n";
  }
};

// One card written for an option: --upcard 6♦.
Card one_card(const std::string& text, std::string_view option, const Rules& rules) {
  const std::vector<Card> cards = read_hand(text, option, rules).hand.cards();
  if (cards.size() != 1) {
    throw CommandError{fmt::format("{} takes one card, not '{}'", option, text), std::nullopt};
  }
  return cards.front();
}

int score_knock(const ScoreOptions& options, const Rules& rules, const Environment& env) {
  if (!rules.gin.on) {
    throw CommandError{fmt::format("--knocker scores a knock against the defender's hand; {} "
                                   "scores each hand on its own",
                                   rules.words.game),
                       std::nullopt};
  }
  if (options.rummy || options.declared || options.drops) {
    throw CommandError{
        "--knocker scores a knocked hand: --rummy, --declared and --drop do not apply",
        std::nullopt};
  }
  const ReadHand defender = read_hand_from(options.common, rules, env, HandSize::any);
  const ReadHand knocker = read_hand(*options.knocker, "--knocker", rules);
  const std::optional<Card> upcard =
      options.upcard ? std::optional(one_card(*options.upcard, "--upcard", rules)) : std::nullopt;
  const std::optional<Card> discard =
      options.discard ? std::optional(one_card(*options.discard, "--discard", rules))
                      : std::nullopt;
  const GinKnocker knock{knocker.hand, knocker.written.grouped, discard};
  const std::vector<Card> defender_cards = defender.hand.cards();
  const auto play = [&](const Rules& with) {
    return score_gin_hand(knock, defender_cards, upcard, with);
  };
  const GinHandOutcome outcome = play(rules);
  if (!outcome.score) throw CommandError{*outcome.refusal, std::nullopt};
  const auto points = [&](const Rules& with) {
    const GinHandOutcome other = play(with);
    return other.score ? std::optional(std::pair(other.score->result, other.score->points))
                       : std::nullopt;
  };
  emit(KnockResult{rules, knocker, *outcome.score, house_rules_that_changed(rules, points)},
       options.common, env);
  return exit_ok;
}

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

  void json(JsonWriter& out) const {
    out.begin_object();
    out.member("points"_key, score.points);
    out.member("uncapped"_key, score.uncapped);
    out.member("capped"_key, score.points != score.uncapped);
    out.member("rule"_key, describe(score, rules, game));
    out.member("rule_id"_key, basis_id(score.basis));
    out.member("game"_key, game_id(game, rules));
    out.member("doubled"_key, doubled);
    if (drop) {
      out.member("role"_key, "drop");
      out.member("drop"_key, drop_name(*drop));
      out.end_object();
      return;
    }
    const Hand& hand = judged.hand;
    out.member("role"_key, declared ? "declared" : "shown");
    out.member("valid"_key, judged.check.valid());
    out.member("wild"_key, wild_json(hand.wild));
    out.key("groups"_key);
    write_groups(out, hand, judged.check, rules);
    out.key("counted"_key);
    write_cards(out, score.counted, rules);
    out.member("house_rules"_key, house_rules_json(changed));
    write_grouping(out, judged, rules);
    out.end_object();
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
      out << fmt::format(" ({} before the {}-point cap)", score.uncapped, rules.points_cap());
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
    if (rules.has_tiplu()) {
      if (options.declared || options.rummy || options.drops || options.knocker || options.upcard ||
          options.discard) {
        throw CommandError{fmt::format("--declared, --drop, --rummy, --knocker, --upcard and "
                                       "--discard do not apply to {}: a player's maal is "
                                       "scored from the cards and the state (--state)",
                                       rules.words.game),
                           std::nullopt};
      }
      return run_table_score(options.common, rules, env,
                             options.state_given ? std::optional(options.state) : std::nullopt);
    }
    if (options.state_given) {
      throw CommandError{
          fmt::format("--state: only {} scores a player's state; {} does not",
                      games_where([](const Rules& r) { return r.has_tiplu(); }), rules.words.game),
          std::nullopt};
    }
    if (options.knocker) return score_knock(options, rules, env);
    if (options.upcard || options.discard) {
      throw CommandError{
          "--upcard and --discard belong to a knock: give the knocker's hand with "
          "--knocker",
          std::nullopt};
    }
    const GameOptions offered = options_of(rules);
    if (options.drops && !offered.drops) {
      throw CommandError{
          fmt::format("--drop is for {}: {} has no drops",
                      games_where([](const Rules& r) { return options_of(r).drops; }),
                      rules.words.game),
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

    if (options.rummy && !offered.going_rummy) {
      throw CommandError{
          fmt::format("--rummy is for {}, where going rummy doubles the "
                      "hand; {} has no such rule",
                      games_where([](const Rules& r) { return options_of(r).going_rummy; }),
                      rules.words.game),
          std::nullopt};
    }
    if (!offered.declared && options.declared) {
      throw CommandError{
          "--declared is for " + games_where([](const Rules& r) { return options_of(r).declared; }),
          std::nullopt};
    }
    // A hand shown at the end of a deal, declared or not, holds exactly hand_size cards; where
    // hands are declared, one more is a drawn hand, scored after its discard.
    const HandSize size = !rules.deal.exact_hand_size ? HandSize::dealt
                          : rules.declares()          ? HandSize::shown_or_drawn
                                                      : HandSize::shown;
    const ReadHand read = read_hand_from(options.common, rules, env, size);
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
  add_tiplu_options(command, options->common);
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
                  game_where([](const Rules& rules) { return rules.declares(); })
                      .declared()
                      .wrong_show_points));
  CLI::Option* drop =
      add_enum_option(command, "--drop", options->drop, all_drops, drop_name,
                      "Score a drop instead of a hand: " + spoken_list(all_drops, drop_name));
  drop->default_str("");
  drop->excludes(declared);
  command
      .add_flag("--rummy", options->rummy,
                fmt::format("{}: the winner went rummy (every card in one turn), which "
                            "doubles the hand",
                            games_where([](const Rules& rules) {
                              return rules.match.rummy_multiplier != 1;
                            })))
      ->excludes(drop);
  command.add_option("--knocker", options->knocker,
                     "A knock against this hand: the knocker's hand (the hand argument is the "
                     "defender's), e.g. \"5♠-6♠-7♠ | 9♥-9♦-9♣ | J♦-Q♦-K♦ | 3♣\"");
  command.add_option("--upcard", options->upcard,
                     "With --knocker and house rule oklahoma=on: the hand's first upcard");
  command.add_option("--discard", options->discard,
                     "With --knocker and 11 cards: the knocker's discard");
  std::vector<MaalState> states;
  for (const auto& row : maal_state_rows) states.push_back(row.value);
  static const std::vector<MaalState> all_states = states;
  CLI::Option* state = add_enum_option(
      command, "--state", options->state, std::span<const MaalState>(all_states),
      +[](MaalState each) { return row_of(maal_state_rows, each).id; },
      "With --tiplu: the player's state at the end of the deal (" +
          [] {
            std::string names;
            for (const auto& row : maal_state_rows)
              names += (names.empty() ? "" : ", ") + std::string(row.id);
            return names;
          }() +
          "); default: seen if the cards show the first stage, else unseen");
  state->default_str("");
  return [options, drop, game, state, &env] {
    options->state_given = state->count() > 0;
    options->drops = drop->count() > 0;
    options->game_given = game->count() > 0;
    return run_score(*options, env);
  };
}

}  // namespace rummy::cli
