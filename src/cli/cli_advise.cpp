// rummy advise: which card to discard (or whether to take the open card), ranked by the odds of
// going out on the next draws.
#include <fmt/format.h>

#include "advise.hpp"
#include "cli_common.hpp"
#include "game_options.hpp"
#include "report.hpp"
#include "text.hpp"

namespace rummy::cli {

namespace {

struct AdviseCliOptions {
  CommonOptions common;
  std::optional<std::string> seen;
  std::optional<std::string> open;
  int draws = 2;
  std::uint64_t seed = 1;
  int samples = 2000;
  bool samples_given = false, seed_given = false;
};

std::string percent(double p) {
  if (p >= 1) return "100%";
  if (p <= 0) return "0%";
  const double pc = p * 100;
  return pc < 0.1 ? "<0.1%" : fmt::format("{:.1f}%", pc);
}

struct AdviseResult {
  const Rules& rules;
  std::string deal_line;  // the wild cards, or the tiplu and what it makes
  Json deal_json;         // "wild", or in a game dealt with a tiplu "tiplu"
  Advice advice;

  std::string card(Card card) const { return to_string(card, rules.joker_name()); }

  Json json() const {
    Json choices = Json::array();
    for (const Choice& choice : advice.choices) {
      Json outs = Json::array();
      for (const LiveOut& out : choice.outs) {
        outs.push_back({{"card", card(out.card)}, {"live", out.live}});
      }
      Json item = {{"discard", choice.discard ? Json(card(*choice.discard)) : Json(nullptr)},
                   {"goes_out", choice.goes_out},
                   {"points", choice.points ? Json(*choice.points) : Json(nullptr)},
                   {"cards_away", choice.cards_away ? Json(*choice.cards_away) : Json(nullptr)},
                   {"outs", outs},
                   {"p_next", choice.p_next},
                   {"p_within", choice.p_within},
                   {"interval", choice.interval
                                    ? Json::array({choice.interval->first, choice.interval->second})
                                    : Json(nullptr)},
                   {"why", choice.why}};
      if (advice.open) item["take"] = choice.take ? Json(card(*choice.take)) : Json(nullptr);
      if (advice.tiplu) item["maal"] = choice.maal.value_or(0);
      choices.push_back(std::move(item));
    }
    Json seen = Json::array();
    for (const Card each : advice.seen) seen.push_back(card(each));
    std::string hand;
    for (const Card each : advice.hand) hand += (hand.empty() ? "" : " ") + card(each);
    Json result = {{"variant", rules.id},
                   {"hand", hand},
                   {advice.tiplu ? "tiplu" : "wild", deal_json},
                   {"open", advice.open ? Json(card(*advice.open)) : Json(nullptr)},
                   {"seen", seen},
                   {"unseen", advice.unseen},
                   {"draws", advice.draws},
                   {"exact", advice.exact},
                   {"samples", advice.exact ? Json(nullptr) : Json(advice.samples)},
                   {"seed", advice.exact ? Json(nullptr) : Json(advice.seed)},
                   {"choices", choices}};
    if (advice.tiplu) {
      Json shown = Json::array();
      for (const ShownGroup& group : advice.shown) shown.push_back(cards_text(group.cards, "-"));
      result["shown"] = shown;
    }
    return result;
  }

  void text(std::ostream& out, const Style& style) const {
    out << deal_line << "\n";
    out << fmt::format("{} unseen card{}{}; the odds {}\n", advice.unseen,
                       advice.unseen == 1 ? "" : "s",
                       advice.open ? fmt::format(", {} open", card(*advice.open)) : "",
                       advice.exact ? std::string("count every draw (exact)")
                                    : fmt::format("come from {} simulated games each (seed {}), "
                                                  "with their 95% interval",
                                                  advice.samples, advice.seed));
    const auto pad_left = [](const std::string& text, std::size_t width) {
      const std::size_t used = display_width(text);
      return std::string(used < width ? width - used : 0, ' ') + text;
    };
    const auto pad_right = [](const std::string& text, std::size_t width) {
      const std::size_t used = display_width(text);
      return text + std::string(used < width ? width - used : 0, ' ');
    };
    std::vector<std::array<std::string, 6>> rows;
    rows.push_back({"choice", advice.tiplu ? "maal" : "points", "away", "next",
                    fmt::format("out in {}", advice.draws), "why"});
    for (const Choice& choice : advice.choices) {
      std::string odds = percent(choice.p_within);
      if (choice.interval) {
        odds += fmt::format(" ({}–{})", percent(choice.interval->first),
                            percent(choice.interval->second));
      }
      rows.push_back({choice.blind  ? std::string("draw blind")
                      : choice.take ? fmt::format("take, {}", card(*choice.discard))
                                    : fmt::format("throw {}", card(*choice.discard)),
                      std::to_string(choice.points ? *choice.points : choice.maal.value_or(0)),
                      choice.cards_away ? std::to_string(*choice.cards_away) : std::string("-"),
                      percent(choice.p_next), odds, choice.why});
    }
    std::array<std::size_t, 5> width{};
    for (const auto& row : rows) {
      for (std::size_t i = 0; i < width.size(); ++i)
        width[i] = std::max(width[i], display_width(row[i]));
    }
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const auto& row = rows[r];
      std::string line =
          fmt::format("{} {} {} {} {} {}  {}", r == 1 ? "→" : " ", pad_right(row[0], width[0]),
                      pad_left(row[1], width[1]), pad_left(row[2], width[2]),
                      pad_left(row[3], width[3]), pad_left(row[4], width[4]), row[5]);
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out << (r == 1 ? style.paint(line, colour::good) : line) << "\n";
    }
  }
};

// The cards an option names (--open, --seen), read as a hand is: the notation's errors, with
// the option as their source.
std::vector<Card> option_cards(const std::string& text, std::string_view option,
                               const Rules& rules) {
  ReadOptions read_options;
  read_options.wild = std::optional<WildRank>(WildRank{});
  return read_hand(text, option, rules, read_options).hand.cards();
}

std::optional<Card> open_card(const AdviseCliOptions& options, const Rules& rules) {
  if (!options.open) return std::nullopt;
  const std::vector<Card> cards = option_cards(*options.open, "--open", rules);
  if (cards.size() != 1) {
    throw CommandError{fmt::format("--open takes one card, the top of the discard pile; "
                                   "'{}' holds {}",
                                   *options.open, cards.size()),
                       std::nullopt};
  }
  return cards.front();
}

std::vector<Card> seen_cards(const AdviseCliOptions& options, const Rules& rules) {
  if (!options.seen) return {};
  return option_cards(*options.seen, "--seen", rules);
}

// The games advise plays (--variant offers them): those with cards away.
std::span<const Variant> games_advised() {
  static const std::vector<Variant> games = games_offering(&GameOptions::advise);
  return games;
}

int run_advise(const AdviseCliOptions& cli, const Environment& env) {
  const CommonOptions& options = cli.common;
  return guarded(options, env, [&]() -> int {
    const Rules rules = rules_from(options);
    if (auto why = advise_game_refusal(rules)) {
      throw CommandError{fmt::format("advise does not play {} here: {}", rules.words.game, *why),
                         std::nullopt};
    }
    AdviseOptions advise_options;
    advise_options.open = open_card(cli, rules);
    advise_options.seen = seen_cards(cli, rules);
    advise_options.draws = cli.draws;
    advise_options.seed = cli.seed;
    advise_options.samples = cli.samples;
    if (cli.draws <= 2 && (cli.samples_given || cli.seed_given)) {
      throw CommandError{fmt::format("{} applies to a simulation (--draws 3 or more); with "
                                     "--draws {} every draw is counted exactly",
                                     cli.samples_given ? "--samples" : "--seed", cli.draws),
                         std::nullopt};
    }
    if (rules.has_tiplu()) {
      const ReadCards cards = read_cards(options, rules, env);
      const int players = players_of(options, rules);
      const TableHand& hand = cards.read.hand;
      if (auto refusal = advise_refusal(hand, cards.tiplu, players, rules, advise_options)) {
        throw CommandError{*refusal, std::nullopt};
      }
      emit(AdviseResult{rules, cards.tiplu.text(rules), tiplu_json(cards.tiplu, rules),
                        advise(hand, cards.tiplu, players, rules, advise_options)},
           options, env);
      return exit_ok;
    }
    const ReadHand read = read_hand_from(options, rules, env, HandSize::any);
    const std::vector<Card> cards = read.hand.cards();
    if (auto refusal = advise_refusal(cards, rules, advise_options)) {
      throw CommandError{*refusal, std::nullopt};
    }
    emit(AdviseResult{rules, wild_line(read, rules), wild_json(read.hand.wild),
                      advise(cards, read.hand.wild, rules, advise_options)},
         options, env);
    return exit_ok;
  });
}

}  // namespace

std::function<int()> setup_advise(CLI::App& command, const Environment& env) {
  auto options = std::make_shared<AdviseCliOptions>();
  add_deal_options(command, options->common);
  add_tiplu_options(command, options->common);
  add_rules_options(command, options->common, /*with_variant=*/true, /*with_round=*/true,
                    games_advised());
  command
      .add_option("--open", options->open,
                  "The card on the discard pile: rank taking it against drawing blind (the "
                  "hand then holds the game's hand size)")
      ->option_text("CARD");
  command
      .add_option("--seen", options->seen,
                  "Cards known to be out of reach (the discard pile, melds on the table): "
                  "they are never drawn (one argument: quote it)")
      ->option_text("CARDS");
  command
      .add_option("--draws", options->draws,
                  fmt::format("K: the odds of going out within K draws (1 to {}; exact up to 2, "
                              "simulated beyond)",
                              most_advise_draws))
      ->check(whole_number(1, most_advise_draws))
      ->option_text("K");
  command
      .add_option("--samples", options->samples,
                  "Games simulated per choice when --draws is 3 or more (default 2000)")
      ->check(whole_number(1, most_advise_samples))
      ->option_text("N")
      ->each([options](const std::string&) { options->samples_given = true; });
  command
      .add_option("--seed", options->seed,
                  "The simulation's seed (default 1): the same seed gives the same figures")
      ->option_text("N")
      ->each([options](const std::string&) { options->seed_given = true; });
  add_output_options(command, options->common);
  add_hand_argument(command, options->common);
  return [options, &env] { return run_advise(*options, env); };
}

}  // namespace rummy::cli
