// The house-rule mechanism: names, defaults, values and errors (rules §2.7).
#include <doctest/doctest.h>

#include "rules.hpp"

using namespace rummy;

TEST_CASE("every house rule has a default first and can be set by name") {
  for (const HouseRule& rule : house_rules()) {
    CAPTURE(rule.name);
    Rules rules = Rules::for_variant(rule.only_for.value_or(Variant::indian));
    CHECK(rule.get(rules) == 0);
    REQUIRE(rule.values.size() >= 2);
    for (std::size_t i = 0; i < rule.values.size(); ++i) {
      const std::string assignment =
          std::string(rule.name) + "=" + std::string(rule.values[i].name);
      CHECK_FALSE(apply_house_rule(rules, assignment));
      CHECK(rule.get(rules) == i);
    }
  }
}

TEST_CASE("the two house rules of §2") {
  Rules rules;
  CHECK_FALSE(apply_house_rule(rules, "pure-without-second=ungrouped"));
  CHECK(rules.pure_without_second == PureWithoutSecondCount::ungrouped);
  CHECK_FALSE(apply_house_rule(rules, "fifth-card-joker=on"));
  CHECK(rules.largest_set() == 5);
  const auto settings = non_default_house_rules(rules);
  REQUIRE(settings.size() == 2);
  CHECK(settings[0].text() == "pure-without-second=ungrouped");
  CHECK(settings[1].text() == "fifth-card-joker=on");
}

TEST_CASE("unknown house rules and values are explained") {
  Rules rules;
  CHECK(apply_house_rule(rules, "fifth-card") ==
        "a house rule is written NAME=VALUE, e.g. pure-without-second=all");
  CHECK(apply_house_rule(rules, "fifth=on") ==
        "unknown house rule 'fifth' (known: pure-without-second, fifth-card-joker, pool-out, "
        "ace-high-or-low; 'rummy rules' lists them)");
  CHECK(apply_house_rule(rules, "ace-high-or-low=on") ==
        "house rule ace-high-or-low is for Basic Rummy");
  CHECK(apply_house_rule(rules, "fifth-card-joker=yes") ==
        "house rule fifth-card-joker has no value 'yes' (allowed: off, on)");
}
