// Rendering shared by the subcommands: groups and verdicts as text for people and as JSON
// for programs. Private to src/.
#pragma once

#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "arrange.hpp"
#include "cli_common.hpp"
#include "declaration.hpp"
#include "json_writer.hpp"
#include "notation.hpp"
#include "rules.hpp"

namespace rummy::cli {

Json cards_json(std::span<const Card> cards, const Rules& rules);
Json wild_json(WildRank wild);
std::string_view wild_from_id(WildFrom from);  // "option", "marks", "nothing"

// [{"cards": [...], "kind": ..., "reason": ..., "as": [...]}, …] in input order.
Json groups_json(const Hand& hand, const DeclarationCheck& check, const Rules& rules);
Json house_rules_json(const std::vector<HouseRuleSetting>& settings);

// "wild jokers: kings (from the (WJ) marks)"
std::string wild_line(const ReadHand& read, const Rules& rules);

// One line per group: number, cards, kind, reason; columns aligned.
void print_groups(std::ostream& out, const Hand& hand, const DeclarationCheck& check,
                  const Rules& rules, const Style& style);

// How a hand was judged, in words (nothing when as written), and as JSON: "grouping" ("as
// written", "arranged") and "could_declare" (the grouping that would declare, or null); for a
// drawn hand also "discard", "discard_reason", "discard_group" and "could_declare_discard".
std::string grouping_text(const JudgedHand& judged);
std::string could_declare_text(const JudgedHand& judged, const Rules& rules);
void add_grouping_json(Json& body, const JudgedHand& judged, const Rules& rules);

// A drawn hand (one card more than a shown hand): which card it was judged without, and why,
// in words ("14 cards, one more than a shown hand: judged after discarding 7♦, which leaves a
// valid declaration"); nothing for other hands. "after discarding 7♦" for the verdict line.
std::string discard_text(const JudgedHand& judged, const Rules& rules);
std::string after_discard_text(const JudgedHand& judged, const Rules& rules);

// "(house rules that changed this: fifth-card-joker=on)", or nothing.
std::string changed_by_text(const std::vector<HouseRuleSetting>& settings);

// SGR colour codes, named for what they mark.
namespace colour {
inline constexpr std::string_view good = "32";
inline constexpr std::string_view bad = "31";
inline constexpr std::string_view set = "34";
inline constexpr std::string_view impure = "36";
inline constexpr std::string_view strong = "1";
}  // namespace colour

}  // namespace rummy::cli
