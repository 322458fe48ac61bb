// rummy arrange: the best grouping of a hand (and, with 14 cards, the card to discard).
#include <algorithm>

#include <fmt/format.h>

#include "arrange.hpp"
#include "cli_common.hpp"
#include "report.hpp"

namespace rummy::cli {

namespace {

// The best arrangement, what the grouping as written pays, and the house rules that changed it.
struct ArrangeResult {
  const Rules& rules;
  const ReadHand& read;
  Arrangement best;
  std::optional<Score> given;  // when the hand was written in groups
  std::vector<HouseRuleSetting> changed;

  Json json() const {
    return {{"valid", best.valid()},
            {"points", best.score.points},
            {"uncapped", best.score.uncapped},
            {"rule", describe(best.score, rules)},
            {"rule_id", basis_id(best.score.basis)},
            {"wild", wild_json(best.hand.wild)},
            {"discard",
             best.discard ? Json(to_string(*best.discard, rules.joker_name())) : Json(nullptr)},
            {"groups", groups_json(best.hand, best.check, rules)},
            {"hand", format_hand(best.hand, rules)},
            {"given_points", given ? Json(given->points) : Json(nullptr)},
            {"house_rules", house_rules_json(changed)}};
  }

  void text(std::ostream& out, const Style& style) const {
    out << wild_line(read, rules) << "\n";
    if (best.discard) {
      out << (best.valid() ? style.paint(fmt::format("you can declare by discarding {}",
                                                     to_string(*best.discard, rules.joker_name())),
                                         colour::good)
                           : fmt::format("no declaration yet: discard {}, and the best "
                                         "grouping of the rest is",
                                         to_string(*best.discard, rules.joker_name())))
          << "\n";
    }
    print_groups(out, best.hand, best.check, rules, style);
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
    out << "as notation: " << format_hand(best.hand, rules) << "\n";
    if (!changed.empty()) out << changed_by_text(changed) << "\n";
  }
};

int run_arrange(const CommonOptions& options, const Environment& env) {
  return guarded(options, env, [&]() -> int {
    const Rules rules = rules_from(options);
    if (rules.has_tiplu()) return run_table_arrange(options, rules, env);
    const bool exact = rules.deal.exact_hand_size;
    const ReadHand read =
        read_hand_from(options, rules, env, exact ? HandSize::shown_or_drawn : HandSize::any);
    const std::vector<Card> cards = read.hand.cards();
    if (const auto refusal = arrange_refusal(cards.size(), rules, "arrange")) {
      throw CommandError{*refusal, std::nullopt};
    }
    ArrangeResult result{rules, read, arrange(cards, read.hand.wild, rules), std::nullopt,
                         house_rules_that_changed(rules, [&](const Rules& with) {
                           return arrange(cards, read.hand.wild, with).score.points;
                         })};
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
  return hand_command(command, env, run_arrange);
}

}  // namespace rummy::cli
