// The house-rule mechanism: names, defaults, values and errors (rules §2.7).
#include <doctest/doctest.h>

#include <set>
#include <span>
#include "cli_run.hpp"

#include "games.hpp"
#include "rules.hpp"

using namespace rummy;

TEST_CASE("every house rule has the rulebook's value as its default and can be set by name") {
  for (const HouseRule& rule : house_rules()) {
    CAPTURE(rule.name);
    Rules rules = game_where([&](const Rules& game) { return game.takes_house_rule(rule.name); });
    CHECK(rule.get(rules) == rule.default_value(rules));
    if (rule.is_number()) {
      CHECK(rule.values.empty());
      for (const int value : {rule.number->min, rule.number->max}) {
        CHECK_FALSE(apply_house_rule(rules, std::string(rule.name) + "=" + std::to_string(value)));
        CHECK(rule.get(rules) == value);
      }
      continue;
    }
    CHECK(rule.default_value(rules) == 0);  // a choice lists the rulebook's value first
    REQUIRE(rule.values.size() >= 2);
    for (std::size_t i = 0; i < rule.values.size(); ++i) {
      const std::string assignment =
          std::string(rule.name) + "=" + std::string(rule.values[i].name);
      CHECK_FALSE(apply_house_rule(rules, assignment));
      CHECK(rule.get(rules) == static_cast<int>(i));
    }
  }
}

TEST_CASE("the two house rules of §2") {
  Rules rules = Rules::for_variant(Variant::indian);
  CHECK_FALSE(apply_house_rule(rules, "pure-without-second=ungrouped"));
  CHECK(rules.declaration->pure_without_second == PureWithoutSecondCount::ungrouped);
  CHECK_FALSE(apply_house_rule(rules, "fifth-card-joker=on"));
  CHECK(rules.largest_set() == 5);
  const auto settings = non_default_house_rules(rules);
  REQUIRE(settings.size() == 2);
  CHECK(settings[0].text() == "pure-without-second=ungrouped");
  CHECK(settings[1].text() == "fifth-card-joker=on");
}

TEST_CASE("unknown house rules and values are explained") {
  Rules rules = Rules::for_variant(Variant::indian);
  CHECK(apply_house_rule(rules, "fifth-card") ==
        "a house rule is written NAME=VALUE, e.g. pure-without-second=all");
  CHECK(apply_house_rule(rules, "fifth=on") ==
        "unknown house rule 'fifth' (known: pure-without-second, fifth-card-joker, pool-out, "
        "ace-high-or-low, points-cap, wrong-show, first-drop, middle-drop, drops-in-deals, "
        "end-on-discard, knock-limit, oklahoma, oklahoma-spades, big-gin, gin-bonus, "
        "undercut-bonus, undercut-tie, game-target, game-bonus, box-bonus, shutout, preset, "
        "printed-jokers, alter, alter-only-jokers, ace-low-only, long-groups, "
        "dublee-min-players, tiplu-pair, maal-tunnela, unseen-maal, seen-pay, unseen-pay, "
        "dublee-bonus, foul-penalty, foul-penalty-when; 'rummy rules' lists them)");
  CHECK(apply_house_rule(rules, "ace-high-or-low=on") ==
        "house rule ace-high-or-low is for Basic Rummy");
  CHECK(apply_house_rule(rules, "fifth-card-joker=yes") ==
        "house rule fifth-card-joker has no value 'yes' (allowed: off, on)");
}

TEST_CASE("numeric house rules: the cap, a wrong show and the drops of the format in force") {
  Rules rules = Rules::for_variant(Variant::indian);
  CHECK_FALSE(apply_house_rule(rules, "points-cap=100"));
  CHECK_FALSE(apply_house_rule(rules, "wrong-show=60"));
  CHECK(rules.points_cap() == 100);
  CHECK(rules.declaration->wrong_show_points == 60);
  auto settings = non_default_house_rules(rules);
  REQUIRE(settings.size() == 2);
  CHECK(settings[0].text() == "points-cap=100");
  CHECK(settings[0].default_value == 80);
  CHECK(settings[1].text() == "wrong-show=60");

  // A drop's default is the format's: 20/40 in points rummy, 25/50 in 201 pool; the house rule
  // sets the format in force and leaves the others.
  Rules pool = Rules::for_variant(Variant::indian, Game::pool201);
  const HouseRule& first = *find_house_rule("first-drop");
  CHECK(first.default_value(rules) == 20);
  CHECK(first.default_value(pool) == 25);
  CHECK_FALSE(apply_house_rule(pool, "first-drop=30"));
  CHECK(pool.drop_penalty(Game::pool201).first == 30);
  CHECK(pool.drop_penalty(Game::points).first == 20);
  CHECK(non_default_house_rules(pool).at(0).text() == "first-drop=30");
  CHECK_FALSE(apply_house_rule(pool, "first-drop=25"));  // back to the default: nothing listed
  CHECK(non_default_house_rules(pool).empty());
}

TEST_CASE("numeric house rules refuse numbers out of range and drops that cost too much") {
  Rules rules = Rules::for_variant(Variant::indian);
  CHECK(apply_house_rule(rules, "points-cap=0") ==
        "house rule points-cap takes a whole number from 1 to 999, not '0'");
  CHECK(apply_house_rule(rules, "points-cap=-5") ==
        "house rule points-cap takes a whole number from 1 to 999, not '-5'");
  CHECK(apply_house_rule(rules, "wrong-show=80.5") ==
        "house rule wrong-show takes a whole number from 1 to 999, not '80.5'");
  CHECK(apply_house_rule(rules, "first-drop=") ==
        "house rule first-drop takes a whole number from 0 to 999, not ''");
  CHECK(rules.points_cap() == 80);
  CHECK_FALSE(house_rules_conflict(rules));
  // Whatever the order they are given in, the drops and the cap are checked together.
  CHECK_FALSE(apply_house_rule(rules, "first-drop=50"));
  CHECK(house_rules_conflict(rules) ==
        "a first drop (50) costs more than a middle drop (40): leaving before the first draw costs "
        "at most as much as leaving later (first-drop, middle-drop)");
  CHECK_FALSE(apply_house_rule(rules, "middle-drop=60"));
  CHECK_FALSE(house_rules_conflict(rules));
  CHECK_FALSE(apply_house_rule(rules, "points-cap=55"));
  CHECK(house_rules_conflict(rules) ==
        "a middle drop (60) costs more than the points cap (55): a drop costs at most what "
        "losing with any hand does (middle-drop, points-cap)");
}

TEST_CASE("drops in deals rummy: none unless drops-in-deals=on, then the points game's") {
  Rules deals = Rules::for_variant(Variant::indian, Game::deals);
  CHECK_FALSE(deals.drop_penalty(Game::deals).first);
  CHECK(apply_house_rule(deals, "first-drop=10") ==
        "house rule first-drop does not apply: deals rummy allows no drop (drops-in-deals=on "
        "allows them, at the points game's values)");
  CHECK_FALSE(find_house_rule("first-drop")->applies(deals));
  CHECK_FALSE(apply_house_rule(deals, "drops-in-deals=on"));
  CHECK(deals.drop_penalty(Game::deals).first == 20);
  CHECK(deals.drop_penalty(Game::deals).middle == 40);
  CHECK(find_house_rule("first-drop")->applies(deals));
  CHECK_FALSE(apply_house_rule(deals, "first-drop=10"));
  CHECK(deals.drop_penalty(Game::deals).first == 10);
  CHECK_FALSE(apply_house_rule(deals, "drops-in-deals=off"));
  CHECK_FALSE(deals.drop_penalty(Game::deals).first);
}

TEST_CASE("the cap, a wrong show and drops are Indian rummy's; ending on a discard is Basic's") {
  Rules basic = Rules::for_variant(Variant::basic);
  CHECK(apply_house_rule(basic, "points-cap=100") == "house rule points-cap is for Indian rummy");
  CHECK(apply_house_rule(basic, "middle-drop=30") == "house rule middle-drop is for Indian rummy");
  CHECK_FALSE(apply_house_rule(basic, "end-on-discard=on"));
  CHECK(basic.ends_on_discard);
  Rules indian = Rules::for_variant(Variant::indian);
  CHECK(apply_house_rule(indian, "end-on-discard=on") ==
        "house rule end-on-discard is for Basic Rummy");
}

TEST_CASE("numeric house rules through the CLI: rules' JSON, a capped score, a wrong show") {
  const auto json = test::rummy_cli({"rules", "--format", "json", "--house", "points-cap=100"});
  CHECK(json.code == 0);
  CHECK(json.out.find("\"name\": \"points-cap\",\n      \"summary\": \"the most a loser pays\",\n"
                      "      \"kind\": \"number\",\n      \"default\": \"80\",\n"
                      "      \"value\": \"100\",\n      \"values\": [],") != std::string::npos);
  CHECK(json.out.find("\"min\": 1,\n      \"max\": 999,") != std::string::npos);
  CHECK(json.out.find("\"points_cap\": 100,") != std::string::npos);

  const auto capped = test::rummy_cli({"score", "--house", "points-cap=100",
                                       "K♠ K♦ | Q♣ Q♠ | J♦ J♣ | 10♠ 10♦ | 9♣ 9♦ | 8♠ 8♦ | 4♣"});
  CHECK(capped.out.find("pays 100 points (118 before the 100-point cap)\n") != std::string::npos);
  CHECK(capped.out.find("house rule that changed this result: points-cap=100\n") !=
        std::string::npos);

  const auto wrong = test::rummy_cli({"score", "--declared", "--house", "wrong-show=60",
                                      "A♠ 2♠ 4♠ 5♥ 6♥ 7♥ 9♣ 9♦ 9♠ K♥ K♦ K♠ K♣"});
  CHECK(wrong.out.find("pays 60 points") != std::string::npos);
  CHECK(wrong.out.find("house rule that changed this result: wrong-show=60\n") !=
        std::string::npos);

  // A drop in the format in force; refused in deals rummy until drops-in-deals=on.
  CHECK(
      test::rummy_cli({"score", "--game", "pool201", "--house", "first-drop=30", "--drop", "first"})
          .out.find("pays 30 points") != std::string::npos);
  CHECK(test::rummy_cli({"score", "--game", "deals", "--house", "first-drop=10", "--drop", "first"})
            .code == 2);
  CHECK(test::rummy_cli({"score", "--house", "points-cap=30", "--drop", "middle"}).err ==
        "rummy: error: --house: a middle drop (40) costs more than the points cap (30): a drop "
        "costs at most what losing with any hand does (middle-drop, points-cap)\n");
}

TEST_CASE("every game, in every format and with every house rule value, passes check_rules") {
  for (const Variant variant : all_variants) {
    for (const Game format : all_games) {
      const Rules game = Rules::for_variant(variant, format);
      CAPTURE(variant_name(variant));
      CAPTURE(game_name(format));
      CHECK(check_rules(game) == std::nullopt);
      for (const HouseRule& rule : house_rules()) {
        if (!rule.applies(game)) continue;
        const int top =
            rule.is_number() ? rule.number->max : static_cast<int>(rule.values.size()) - 1;
        for (const int value : {rule.is_number() ? rule.number->min : 0, top}) {
          Rules changed = game;
          rule.set(changed, value);
          CAPTURE(rule.name);
          CHECK(check_rules(changed) == std::nullopt);
        }
      }
    }
  }
}

TEST_CASE("check_rules refuses what no search can answer, naming the field") {
  const Rules indian = Rules::for_variant(Variant::indian);
  const Rules basic = Rules::for_variant(Variant::basic);
  const Rules crazy = Rules::for_variant(Variant::crazy);
  struct Broken {
    Rules rules;
    std::string message;
  };
  std::vector<Broken> cases;
  const auto broken = [&](Rules rules, auto change, std::string message) {
    change(rules);
    cases.push_back({rules, std::move(message)});
  };
  broken(
      basic, [](Rules& r) { r.deck.decks = 0; },
      "deck.decks is below 1, but a game is played with a pack");
  broken(
      basic, [](Rules& r) { r.melds.min_run = 2; },
      "melds.min_run is shorter than melds.min_group, but a run is a group like any other");
  broken(
      basic, [](Rules& r) { r.melds.min_run = 15; },
      "melds.min_run is above 14, but a run has at most 14 places (A to K, then A)");
  broken(
      basic, [](Rules& r) { r.count.shown_count = ShownCount::by_declaration; },
      "count.shown_count counts by declaration, but the game has no declaration (declaration)");
  broken(
      basic, [](Rules& r) { r.count.arrange_by = ArrangeBy::declaration; },
      "count.arrange_by is declaration, but the game has no declaration (declaration)");
  broken(
      basic, [](Rules& r) { r.count.card_points[12] = -10; },
      "count.card_points holds a value below 0, but the search for the least deadwood cuts a "
      "branch once its deadwood is no less than the best found (the search by subsets, "
      "count.arrange_by subsets, takes any points)");
  broken(
      indian, [](Rules& r) { r.count.card_points[0] = -1; },
      "count.card_points holds a value below 0, but the search for the least deadwood cuts a "
      "branch once its deadwood is no less than the best found (the search by subsets, "
      "count.arrange_by subsets, takes any points)");
  broken(
      basic, [](Rules& r) { r.melds.set_suits_differ = false; },
      "melds.set_suits_differ is off, but the search for the least deadwood assumes a set's suits "
      "all "
      "differ (the search by subsets, count.arrange_by subsets, allows repeats)");
  broken(
      indian, [](Rules& r) { r.melds.set_suits_differ = false; },
      "melds.set_suits_differ is off, but the search for the least deadwood assumes a set's suits "
      "all "
      "differ (the search by subsets, count.arrange_by subsets, allows repeats)");
  const std::string capped =
      "melds.min_run, melds.max_sequence and melds.max_set limit runs and sets in a game with "
      "jokers, but the search for the least deadwood counts the jokers, which fit in runs as "
      "short as sets, runs of up to 13 cards and sets of every suit (the search by subsets, "
      "count.arrange_by subsets, takes any lengths)";
  broken(
      indian, [](Rules& r) { r.melds.min_run = 4; }, capped);
  broken(
      indian, [](Rules& r) { r.melds.max_sequence = 5; }, capped);
  broken(
      indian, [](Rules& r) { r.melds.max_set = 3; }, capped);
  broken(
      indian, [](Rules& r) { r.count.wild_cards_score_zero = false; },
      "count.wild_cards_score_zero is off, but the search for the least deadwood counts every "
      "joker "
      "0 (the search by subsets, count.arrange_by subsets, counts them)");
  broken(
      indian, [](Rules& r) { r.count.joker_points = 20; },
      "count.joker_points is not 0, but the search for the least deadwood counts every joker 0 "
      "(the "
      "search by subsets, count.arrange_by subsets, counts them)");
  broken(
      indian, [](Rules& r) { r.melds.max_wilds_in_set = 1; },
      "melds.max_wilds_in_run and melds.max_wilds_in_set limit the jokers of a meld, but the "
      "search for "
      "the least deadwood lets a meld take any number (the search by subsets, count.arrange_by "
      "subsets, limits them)");
  broken(
      basic, [](Rules& r) { r.melds.ace_low = false; },
      "melds.ace_low is off, but the search for the least deadwood takes A-2-3 as a run");
  broken(
      basic, [&](Rules& r) { r.deal.rounds = crazy.deal.rounds; },
      "deal.rounds set contracts, but the search for the least deadwood meets none (the search by "
      "subsets, count.arrange_by subsets, does)");
  broken(
      indian, [](Rules& r) { r.count.arrange_by = ArrangeBy::subsets; },
      "count.arrange_by is subsets, but the search by subsets finds the least deadwood, not the "
      "best "
      "declaration (declaration)");
  for (const Broken& each : cases) CHECK(check_rules(each.rules) == each.message);
  // What the search by subsets handles, it is given: Crazy Rummy's own rules pass.
  CHECK(check_rules(crazy) == std::nullopt);
}

namespace {

// Every id non-empty and unique, and found again by it.
template <typename Enum, typename Id, typename Find>
void check_ids(std::span<const Enum> values, Id id, Find find) {
  std::set<std::string_view> seen;
  for (const Enum value : values) {
    CAPTURE(id(value));
    CHECK_FALSE(id(value).empty());
    CHECK(seen.insert(id(value)).second);
    CHECK(find(id(value)) == value);
  }
  CHECK_FALSE(find("no such id"));
}

}  // namespace

TEST_CASE("every enum's table: ids non-empty and unique, found again by id") {
  check_ids<Game>(all_games, game_name, find_game);
  check_ids<Variant>(all_variants, variant_name, find_variant);
  check_ids<Drop>(all_drops, drop_name,
                  [](std::string_view id) { return find_by_id(drop_rows, id); });
  check_ids<Outcome>(values_of(outcome_rows), outcome_id,
                     [](std::string_view id) { return find_by_id(outcome_rows, id); });
  for (const auto& row : outcome_rows) CHECK_FALSE(row.words.empty());
  std::vector<DealLine> deal_lines;
  for (const DealLineRow& row : deal_line_rows()) deal_lines.push_back(row.value);
  check_ids<DealLine>(
      deal_lines, [](DealLine line) { return deal_line_row(line).id; }, find_deal_line);
  for (const DealLineRow& row : deal_line_rows()) CHECK_FALSE(row.words.empty());
  for (const Game game : all_games) CHECK(game_description(game) == row_of(game_rows, game).words);
  for (const Variant variant : all_variants) CHECK_FALSE(variant_description(variant).empty());
}
