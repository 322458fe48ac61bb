// rummy outs: the cards that, drawn next, would let a 13-card hand declare.
#include <fmt/format.h>

#include "arrange.hpp"
#include "cli_common.hpp"
#include "game_options.hpp"
#include "report.hpp"

namespace rummy::cli {

namespace {

Json outs_json(const std::vector<Out>& outs, const Rules& rules) {
  const std::string_view joker = rules.joker_name();
  Json array = Json::array();
  for (const Out& out : outs) {
    array.push_back(
        {{"card", to_string(out.card, joker)},
         {"copies_left", out.copies_left},
         {"discard", out.discard ? Json(to_string(*out.discard, joker)) : Json(nullptr)},
         {"points", out.points}});
  }
  return array;
}

std::string outs_text(const std::vector<Out>& outs, bool with_points, const Rules& rules) {
  const std::string_view joker = rules.joker_name();
  std::string text;
  for (const Out& out : outs) {
    text +=
        fmt::format("  {} ({} left), then discard {}", to_string(out.card, joker), out.copies_left,
                    out.discard ? to_string(*out.discard, joker) : std::string("?"));
    if (with_points) text += fmt::format(": pays {}", out.points);
    text += "\n";
  }
  return text;
}

// What outs found for a hand.
struct OutsResult {
  const Rules& rules;
  const ReadHand& read;
  Outs outs;

  Json json() const {
    return {{"points_now", outs.points_now},
            {"wild", wild_json(read.hand.wild)},
            {"declare", outs_json(outs.declare, rules)},
            {"improve", outs_json(outs.improve, rules)}};
  }

  void text(std::ostream& out, const Style&) const {
    out << wild_line(read, rules) << "\n";
    out << fmt::format("as it stands the hand pays {} point{}\n", outs.points_now,
                       outs.points_now == 1 ? "" : "s");
    if (!outs.declare.empty()) {
      int copies = 0;
      for (const Out& each : outs.declare) copies += each.copies_left;
      out << fmt::format("{} card{} declare ({} cop{} may be unseen):\n", outs.declare.size(),
                         outs.declare.size() == 1 ? "" : "s", copies, copies == 1 ? "y" : "ies")
          << outs_text(outs.declare, false, rules);
    } else if (!outs.improve.empty()) {
      out << "no card declares; these lower the count most:\n"
          << outs_text(outs.improve, true, rules);
    } else {
      out << "no card declares or lowers the count\n";
    }
  }
};

// The games whose hands have outs (--variant offers them): a declaration, or an end by a tiplu.
std::span<const Variant> games_with_outs() {
  static const std::vector<Variant> games = games_offering(&GameOptions::outs);
  return games;
}

int run_outs(const CommonOptions& options, const Environment& env) {
  return guarded(options, env, [&]() -> int {
    const Rules rules = rules_from(options);
    if (!options_of(rules).outs) {
      std::vector<std::string> names;
      for (const Variant variant : games_with_outs()) {
        names.emplace_back(variant_description(variant));
      }
      throw CommandError{fmt::format("outs is for {}: {} has no declaration or end to draw to",
                                     spoken_list(names, " and "), rules.words.game),
                         std::nullopt};
    }
    if (rules.has_tiplu()) return run_table_outs(options, rules, env);
    const ReadHand read = read_hand_from(options, rules, env, HandSize::shown);
    emit(OutsResult{rules, read, find_outs(read.hand.cards(), read.hand.wild, rules)}, options,
         env);
    return exit_ok;
  });
}

}  // namespace

std::function<int()> setup_outs(CLI::App& command, const Environment& env) {
  auto options = std::make_shared<CommonOptions>();
  add_deal_options(command, *options);
  add_tiplu_options(command, *options);
  add_rules_options(command, *options, /*with_variant=*/true, /*with_round=*/false,
                    games_with_outs());
  add_output_options(command, *options);
  add_hand_argument(command, *options);
  return [options, &env] { return run_outs(*options, env); };
}

}  // namespace rummy::cli
