// rummy arrange: the best grouping of a hand (and, with 14 cards, the card to discard); with
// --all, every grouping that reaches it.
#include <algorithm>

#include <fmt/format.h>

#include "arrange.hpp"
#include "arrange_all.hpp"
#include "cli_common.hpp"
#include "report.hpp"

namespace rummy::cli {

namespace {

// How many groupings --all lists unless --limit says otherwise.
constexpr int default_limit = 20;
constexpr int most_limit = 10000;

struct ArrangeOptions {
  CommonOptions common;
  bool all = false;
  std::optional<int> limit;
};

// The best arrangement, what the grouping as written pays, and the house rules that changed it;
// with --all, every grouping that reaches it.
struct ArrangeResult {
  const Rules& rules;
  const ReadHand& read;
  Arrangement best;
  std::optional<Score> given;  // when the hand was written in groups
  std::vector<HouseRuleSetting> changed;
  std::optional<AllArrangements> all;

  void json(JsonWriter& out) const {
    out.begin_object();
    out.member("valid"_key, best.valid());
    out.member("points"_key, best.score.points);
    out.member("uncapped"_key, best.score.uncapped);
    out.member("rule"_key, describe(best.score, rules));
    out.member("rule_id"_key, basis_id(best.score.basis));
    out.member("wild"_key, wild_json(best.hand.wild));
    out.key("discard"_key);
    write_card(out, best.discard, rules);
    out.key("groups"_key);
    write_groups(out, best.hand, best.check, rules);
    out.member("hand"_key, format_hand(best.hand, rules));
    out.member("given_points"_key, given ? std::optional(given->points) : std::nullopt);
    out.member("house_rules"_key, house_rules_json(changed));
    if (all) {
      out.key("all"_key);
      all_json(out);
    }
    out.end_object();
  }

  void all_json(JsonWriter& out) const {
    out.begin_object();
    out.member("total"_key, all->total);
    out.member("total_exact"_key, all->total_exact);
    out.member("truncated"_key, all->truncated());
    out.key("groupings"_key);
    out.begin_array();
    for (const Arrangement& each : all->groupings) {
      out.begin_object();
      out.key("groups"_key);
      write_groups(out, each.hand, each.check, rules);
      out.member("hand"_key, format_hand(each.hand, rules));
      out.key("discard"_key);
      write_card(out, each.discard, rules);
      out.member("points"_key, each.score.points);
      out.member("valid"_key, each.valid());
      out.end_object();
    }
    out.end_array();
    out.end_object();
  }

  // One grouping: the discard of a drawn hand, and the groups.
  void grouping_text(std::ostream& out, const Style& style, const Arrangement& each) const {
    if (each.discard) {
      out << (each.valid() ? style.paint(fmt::format("you can declare by discarding {}",
                                                     to_string(*each.discard, rules.joker_name())),
                                         colour::good)
                           : fmt::format("no declaration yet: discard {}, and the best "
                                         "grouping of the rest is",
                                         to_string(*each.discard, rules.joker_name())))
          << "\n";
    }
    print_groups(out, each.hand, each.check, rules, style);
  }

  // "3 groupings pay 30 points: the first 2 shown, and 1 more (--limit)", in the words of the
  // verdict above it.
  std::string count_text() const {
    const bool declares = rules.count.arrange_by == ArrangeBy::declaration;
    const std::size_t total = all->total;
    const bool one = total == 1 && all->total_exact;
    const auto verb = [&](std::string_view singular, std::string_view plural) {
      return one ? singular : plural;
    };
    const int points = best.score.points;
    const std::string plural = points == 1 ? "" : "s";
    std::string text = fmt::format("{}{} grouping{} ", all->total_exact ? "" : "at least ", total,
                                   total == 1 ? "" : "s");
    if (declares && best.valid()) {
      text += verb("declares", "declare");
    } else if (!declares && points == 0) {
      text += verb("melds every card", "meld every card");
    } else if (!declares) {
      text += fmt::format("{} {} point{} of deadwood", verb("leaves", "leave"), points, plural);
    } else {
      text += fmt::format("{} {} point{}", verb("pays", "pay"), points, plural);
      if (points != best.score.uncapped) {
        text +=
            fmt::format(" ({} before the {}-point cap)", best.score.uncapped, rules.points_cap());
      }
    }
    if (one) return text + ": there is no other way";
    const std::string shown = all->groupings.size() == 1
                                  ? std::string("the first")
                                  : fmt::format("the first {}", all->groupings.size());
    if (!all->total_exact)
      return text + fmt::format(" (counting stops there): {} shown (--limit)", shown);
    if (all->truncated()) {
      return text +
             fmt::format(": {} shown, and {} more (--limit)", shown, total - all->groupings.size());
    }
    return text;
  }

  void text(std::ostream& out, const Style& style) const {
    out << wild_line(read, rules) << "\n";
    if (all) {
      for (std::size_t i = 0; i < all->groupings.size(); ++i) {
        const Arrangement& each = all->groupings[i];
        out << style.paint(fmt::format("grouping {}", i + 1), colour::strong) << "\n";
        grouping_text(out, style, each);
        out << "as notation: " << format_hand(each.hand, rules) << "\n\n";
      }
    } else {
      grouping_text(out, style, best);
    }
    if (rules.deal.contract) {
      const auto unmet =
          std::find_if(best.check.problems.begin(), best.check.problems.end(),
                       [](const Problem& p) { return p.kind == ProblemKind::contract_unmet; });
      out << (unmet == best.check.problems.end()
                  ? style.paint(fmt::format("round {}'s contract is met: these melds go down",
                                            rules.deal.contract->round),
                                colour::good)
                  : style.paint(explain(*unmet, best.check, best.hand, rules), colour::bad))
          << "\n";
    }
    const bool declares = rules.count.arrange_by == ArrangeBy::declaration;
    const std::string plural = best.score.points == 1 ? "" : "s";
    if (!declares && best.score.points == 0) {
      out << style.paint("rummy: every card is in a meld", colour::good) << "\n";
    } else if (best.valid()) {
      out << style.paint("valid declaration", colour::good) << ": " << summarize(best.check, rules)
          << "; shown after another player's declaration it pays " << best.score.points << "\n";
    } else if (!declares) {
      out << style.paint(fmt::format("least deadwood: {} point{}", best.score.points, plural),
                         colour::strong)
          << "\nrule: " << describe(best.score, rules) << "\n";
    } else {
      out << style.paint(fmt::format("best: pays {} point{}", best.score.points, plural),
                         colour::strong);
      if (best.score.points != best.score.uncapped) {
        out << fmt::format(" ({} before the {}-point cap)", best.score.uncapped,
                           rules.points_cap());
      }
      out << "\nrule: " << describe(best.score, rules) << "\n";
    }
    if (given) {
      out << fmt::format("as written: {} {} point{}{}\n", declares ? "pays" : "deadwood",
                         given->points, given->points == 1 ? "" : "s",
                         given->points == best.score.points
                             ? " (the best there is)"
                             : fmt::format(", {} more", given->points - best.score.points));
    }
    if (all) {
      out << count_text() << "\n";
    } else {
      out << "as notation: " << format_hand(best.hand, rules) << "\n";
    }
    if (!changed.empty()) out << changed_by_text(changed) << "\n";
  }
};

int run_arrange(const ArrangeOptions& arrange_options, const Environment& env) {
  const CommonOptions& options = arrange_options.common;
  return guarded(options, env, [&]() -> int {
    if (arrange_options.limit && !arrange_options.all) {
      throw CommandError{"--limit is for --all: how many of the groupings it lists", std::nullopt};
    }
    const Rules rules = rules_from(options);
    const std::string_view command = arrange_options.all ? "arrange --all" : "arrange";
    if (arrange_options.all && rules.has_tiplu()) {
      throw CommandError{*arrange_all_refusal(0, rules, command), std::nullopt};
    }
    if (rules.has_tiplu()) return run_table_arrange(options, rules, env);
    const bool exact = rules.deal.exact_hand_size;
    const ReadHand read =
        read_hand_from(options, rules, env, exact ? HandSize::shown_or_drawn : HandSize::any);
    const std::vector<Card> cards = read.hand.cards();
    const auto refusal = arrange_options.all ? arrange_all_refusal(cards.size(), rules, command)
                                             : arrange_refusal(cards.size(), rules, command);
    if (refusal) throw CommandError{*refusal, std::nullopt};
    std::optional<AllArrangements> all;
    if (arrange_options.all) {
      all = arrange_all(cards, read.hand.wild, rules,
                        static_cast<std::size_t>(arrange_options.limit.value_or(default_limit)));
    }
    ArrangeResult result{
        rules,
        read,
        all ? all->best : arrange(cards, read.hand.wild, rules),
        std::nullopt,
        house_rules_that_changed(
            rules,
            [&](const Rules& with) { return arrange(cards, read.hand.wild, with).score.points; }),
        std::move(all)};
    if (read.hand.groups.size() > 1 &&
        (!exact || cards.size() == static_cast<std::size_t>(rules.deal.hand_size))) {
      const DeclarationCheck check = check_declaration(read.hand, rules);
      result.given = rules.count.arrange_by == ArrangeBy::declaration
                         ? score_shown_hand(read.hand, check, rules)
                         : score_deadwood(read.hand, check, rules);
    }
    emit(result, options, env);
    return exit_ok;
  });
}

}  // namespace

std::function<int()> setup_arrange(CLI::App& command, const Environment& env) {
  auto options = std::make_shared<ArrangeOptions>();
  add_deal_options(command, options->common);
  add_tiplu_options(command, options->common);
  add_rules_options(command, options->common, /*with_variant=*/true);
  add_output_options(command, options->common);
  add_hand_argument(command, options->common);
  command.add_flag("--all", options->all,
                   "List every grouping that reaches the best count (two copies of a card are one "
                   "card; with 14 cards, each discard is a grouping of its own)");
  command
      .add_option("--limit", options->limit,
                  fmt::format("With --all: list at most this many groupings (default {}); the "
                              "others are counted",
                              default_limit))
      ->check(whole_number(1, most_limit));
  return [options, &env] { return run_arrange(*options, env); };
}

}  // namespace rummy::cli
