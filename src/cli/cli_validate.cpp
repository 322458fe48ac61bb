// rummy validate: what each group is, and whether the hand is a valid declaration.
#include <fmt/format.h>

#include "cli_common.hpp"
#include "report.hpp"

namespace rummy::cli {

namespace {

// What validate found: the groups judged, the verdict, and the house rules that changed it.
struct ValidateResult {
  const Rules& rules;
  const ReadHand& read;
  JudgedHand judged;
  std::vector<HouseRuleSetting> changed;

  void json(JsonWriter& out) const {
    const Hand& hand = judged.hand;
    const DeclarationCheck& check = judged.check;
    out.begin_object();
    out.member("valid"_key, check.valid());
    out.member("wild"_key, wild_json(hand.wild));
    out.member("wild_from"_key, wild_from_id(read.wild_from));
    out.member("cards"_key, hand.card_count());
    out.member("sequences"_key, check.sequences);
    out.member("pure_sequences"_key, check.pure_sequences);
    out.member("sets"_key, check.sets);
    out.key("groups"_key);
    write_groups(out, hand, check, rules);
    out.key("problems"_key);
    out.begin_array();
    for (const Problem& problem : check.problems) out.string(explain(problem, check, hand, rules));
    out.end_array();
    out.member("house_rules"_key, house_rules_json(changed));
    write_grouping(out, judged, rules);
    out.end_object();
  }

  void text(std::ostream& out, const Style& style) const {
    const Hand& hand = judged.hand;
    const DeclarationCheck& check = judged.check;
    out << wild_line(read, rules) << "\n";
    if (const std::string how = grouping_text(judged); !how.empty()) out << how << "\n";
    if (const std::string which = discard_text(judged, rules); !which.empty()) out << which << "\n";
    print_groups(out, hand, check, rules, style);
    const std::string after = after_discard_text(judged, rules);
    const bool declares = rules.declares();  // a hand is judged as a declaration
    if (check.valid()) {
      out << style.paint(declares ? std::string("valid declaration")
                                  : fmt::format("every {} is valid", rules.words.group),
                         colour::good)
          << after << ": " << hand.card_count() << " cards in " << summarize(check, rules);
      if (rules.deal.contract)
        out << fmt::format("; round {}'s contract is met", rules.deal.contract->round);
      out << "\n";
    } else {
      out << style.paint(declares ? "not a valid declaration" : "not valid", colour::bad)
          << (declares ? " (a wrong show)" : "") << after << ":\n";
      for (const Problem& problem : check.problems) {
        out << "  - " << explain(problem, check, hand, rules) << "\n";
      }
    }
    if (const std::string could = could_declare_text(judged, rules); !could.empty())
      out << could << "\n";
    if (!changed.empty()) out << changed_by_text(changed) << "\n";
  }
};

int run_validate(const CommonOptions& options, const Environment& env) {
  return guarded(options, env, [&]() -> int {
    const Rules rules = rules_from(options);
    if (rules.has_tiplu()) return run_table_validate(options, rules, env);
    // An Indian hand of another size is the declaration's problem (rules §6.3); the other games
    // refuse more cards than they deal.
    const ReadHand read = read_hand_from(
        options, rules, env, rules.deal.exact_hand_size ? HandSize::any : HandSize::dealt);
    const bool grouped = read.written.grouped;
    const auto judge = [&](const Rules& with) {
      return judge_hand(read.hand, grouped, with, /*look_for_declaration=*/true);
    };
    const ValidateResult result{
        rules, read, judge(rules),
        house_rules_that_changed(rules, [&](const Rules& with) { return judge(with).check; })};
    emit(result, options, env);
    return result.judged.check.valid() ? exit_ok : exit_not_valid;
  });
}

}  // namespace

std::function<int()> setup_validate(CLI::App& command, const Environment& env) {
  return hand_command(command, env, run_validate);
}

}  // namespace rummy::cli
