// Small helpers for the tests: hands and groups from the notation.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "classify.hpp"
#include "declaration.hpp"
#include "notation.hpp"
#include "rules.hpp"

namespace rummy::test {

// A hand from the notation; `wild` as --wild would give it ("7", "PJ", "none"), empty: none given.
inline Hand hand_of(std::string_view text, std::string_view wild = "", const Rules& rules = {}) {
  ReadOptions options;
  if (!wild.empty()) options.wild = parse_wild(wild);
  return read_hand(text, "<test>", rules, options).hand;
}

inline GroupVerdict classify(std::string_view text, std::string_view wild = "",
                             const Rules& rules = {}) {
  const Hand hand = hand_of(text, wild, rules);
  return classify_group(hand.groups.at(0), hand.wild, rules);
}

inline std::string reason(std::string_view text, std::string_view wild = "",
                          const Rules& rules = {}) {
  const Hand hand = hand_of(text, wild, rules);
  return explain(classify_group(hand.groups.at(0), hand.wild, rules), hand.groups.at(0), hand.wild,
                 rules);
}

// The diagnostic an input produces, as the CLI prints it.
inline std::string error_of(std::string_view text, std::string_view wild = "",
                            const Rules& rules = {}) {
  try {
    hand_of(text, wild, rules);
  } catch (const InputError& error) {
    return format_diagnostic(error.diagnostic());
  }
  return "no error";
}

inline Rules with_house(std::string_view assignment) {
  Rules rules;
  if (apply_house_rule(rules, assignment)) throw std::logic_error("bad house rule in a test");
  return rules;
}

}  // namespace rummy::test
