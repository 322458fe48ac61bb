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

// The JSON of the hand commands, written as they go (no value is built first). Each writes one
// value, or write_grouping the members it names, into an object the caller has opened.
void write_card(JsonWriter& out, std::optional<Card> card, const Rules& rules);  // "7♥" or null
void write_cards(JsonWriter& out, std::span<const Card> cards, const Rules& rules);  // ["7♥", …]
std::string_view wild_from_id(WildFrom from);  // "option", "marks", "nothing"

// [{"cards": [...], "kind": ..., "reason": ..., "as": [...]}, …] in input order.
void write_groups(JsonWriter& out, const Hand& hand, const DeclarationCheck& check,
                  const Rules& rules);
// Small values, built: "7" or null; [{"name", "value", "default"}, …].
Json wild_json(WildRank wild);
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
void write_grouping(JsonWriter& out, const JudgedHand& judged, const Rules& rules);

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
