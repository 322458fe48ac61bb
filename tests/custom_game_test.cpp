// A game is one value: a game the rulebook does not have, defined here as a Rules value and a
// table-sheet row, is classified, arranged, scored, laid off and settled by the same code as the
// rulebook's games, with no change anywhere else (docs/architecture.md, "Adding a game").
#include <doctest/doctest.h>

#include <array>
#include <string>

#include "arrange.hpp"
#include "classify.hpp"
#include "declaration.hpp"
#include "describe.hpp"
#include "helpers.hpp"
#include "layoff.hpp"
#include "scoring.hpp"
#include "sheet.hpp"

namespace rummy::test {
namespace {

// Fours: one pack without jokers, 8 cards to each of 2 to 4 players; a meld holds at least four
// cards (runs of four or more in a suit, books of all four suits); each player scores the cards
// left outside melds, and the lowest total after the agreed hands wins.
Rules fours(Game) {
  Rules rules;
  rules.id = "fours";
  rules.words.game = "Fours";
  rules.words.group = "quartet";
  rules.words.groups = "quartets";
  rules.deal.hand_size = 8;
  rules.deal.deal_sizes = {8, 8, 8, 8, 8, 8, 8};
  rules.melds.min_group = 4;
  rules.melds.min_run = 4;
  rules.melds.lays_off = true;
  rules.count.shown_count = ShownCount::deadwood;
  rules.count.arrange_by = ArrangeBy::least_deadwood;
  Match& match = rules.match;
  match.deal_word = "hand";
  match.deal_points = DealPoints::each_scores_own;
  match.best = Best::lowest;
  match.tie = TieAtEnd::shared;
  match.max_players = 4;
  match.deals_required = true;
  match.outcomes = outcome_bit(Outcome::out) | outcome_bit(Outcome::showed);
  match.ends_deal = outcome_bit(Outcome::out);
  match.no_winner_text = "winner: one player went 'out'";
  return rules;
}

constexpr std::array<GameSetting, 1> fours_settings = {{
    {"hands", Agreed::deals, 20, "the number of hands agreed", 3, ""},
}};
constexpr std::array<TableGame, 1> fours_table = {{
    {"fours", fours, Game::points, "game fours hands N", fours_settings},
}};

const Rules rules = Rules::built(fours);

Settlement settle_fours(const std::string& text) {
  return settle(parse_sheet(text, "fours.sheet"), text, "fours.sheet", fours_table);
}

std::string fours_sheet_error(const std::string& text) {
  try {
    settle_fours(text);
  } catch (const InputError& error) {
    return format_diagnostic(error.diagnostic());
  }
  return "no error";
}

}  // namespace

TEST_CASE("a game defined in a test is coherent and knows its rulebook") {
  CHECK_FALSE(check_rules(rules));
  CHECK(rules.as_in_rulebook(Game::points).melds.min_group == 4);
  // House rules of a declaration or of formats, listed by a game that has neither, are refused
  // rather than written into what the game lacks.
  constexpr std::array<std::string_view, 3> listed = {"points-cap", "wrong-show", "drops-in-deals"};
  Rules listing = rules;
  listing.house_rule_names = listed;
  CHECK(apply_house_rule(listing, "points-cap=100") ==
        "house rule points-cap does not apply: Fours has no declaration: no cap, wrong show or "
        "count of a declaration");
  CHECK(apply_house_rule(listing, "wrong-show=60").has_value());
  CHECK(apply_house_rule(listing, "drops-in-deals=on") ==
        "house rule drops-in-deals does not apply: Fours is played in no formats (points, pools, "
        "deals)");
  CHECK(non_default_house_rules(listing).empty());
  // A hand scored as in Gin asks for Gin's scoring and two players: a game that says so without
  // them is refused, by its sheet too.
  Rules gin_scored = rules;
  gin_scored.match.deal_points = DealPoints::gin_hand;
  CHECK(check_rules(gin_scored) ==
        "match.deal_points is gin_hand, but a hand scored as in Gin needs gin.on and two players "
        "(match.min_players and match.max_players 2)");
}

TEST_CASE("a game defined in a test classifies by its own meld sizes") {
  CHECK(classify("7♥-8♥-9♥-10♥", "", rules).kind == GroupKind::pure_sequence);
  CHECK(classify("9♠-9♥-9♦-9♣", "", rules).kind == GroupKind::set);
  // Three of a kind is a book in Basic Rummy, not in Fours.
  CHECK(classify("9♥-9♦-9♣", "", Rules::for_variant(Variant::basic)).kind == GroupKind::set);
  CHECK_FALSE(is_valid_group(classify("9♥-9♦-9♣", "", rules).kind));
  CHECK_FALSE(is_valid_group(classify("7♥-8♥-9♥", "", rules).kind));
  // The game's words name its melds.
  CHECK(reason("9♥-9♦-9♣", "", rules).find("quartet") != std::string::npos);
}

TEST_CASE("a game defined in a test is arranged and scored by its own rules") {
  const Hand hand = hand_of("3♠ 4♠ 5♠ 6♠ 9♥ 9♦ 9♣ K♣", "", rules);
  const Arrangement best = arrange(hand.cards(), hand.wild, rules);
  // The run of four is a meld; the three nines are not (Basic Rummy melds them: 10 left).
  CHECK(best.score.points == 37);
  CHECK(least_deadwood(hand.cards(), hand.wild, Rules::for_variant(Variant::basic)) == 10);
  CHECK(arrange_by_subsets(hand.cards(), hand.wild, rules).score.points == 37);
  const Hand grouped = hand_of("3♠-4♠-5♠-6♠ | 9♥ 9♦ 9♣ K♣", "", rules);
  const DeclarationCheck check = check_declaration(grouped, rules);
  CHECK(score_deadwood(grouped, check, rules).points == 37);
}

TEST_CASE("a game defined in a test lays off onto its own melds") {
  const Hand table = hand_of("7♥-8♥-9♥-10♥", "", rules);
  const Hand card = hand_of("J♥", "", rules);
  CHECK(lay_off(table.cards(), card.cards(), table.wild, rules).fits());
  // Onto three cards, which are no meld in this game, nothing is laid off.
  const Hand three = hand_of("7♥-8♥-9♥", "", rules);
  CHECK_FALSE(lay_off(three.cards(), card.cards(), three.wild, rules).fits());
}

TEST_CASE("a game defined in a test is settled from its own sheet") {
  const Settlement s = settle_fours(
      "game fours hands 2\n"
      "players Ann Bob Cy\n"
      "deal\n"
      "  Ann out\n"
      "  Bob showed 3♠-4♠-5♠-6♠ | 9♥ 9♦ 9♣ K♣\n"
      "  Cy showed 2♦ 5♣\n"
      "deal\n"
      "  Ann showed 7♣ 7♦ 7♥ 7♠ A♦\n"
      "  Bob showed Q♠\n"
      "  Cy out\n");
  CHECK(s.rules.id == "fours");
  CHECK(s.finished);
  REQUIRE(s.players.size() == 3);
  CHECK(s.players[0].standing == 1);   // the book of sevens is melded: the ace is left
  CHECK(s.players[1].standing == 47);  // 37, then the queen
  CHECK(s.players[2].standing == 7);
  REQUIRE(s.winners.size() == 1);
  CHECK(s.players[s.winners[0]].name == "Ann");
  CHECK(describe_result(s).find("Ann") != std::string::npos);
  CHECK(sheet_header(s).find("Fours") != std::string::npos);

  // Its sheet's errors speak of it, in its own words.
  CHECK(fours_sheet_error("game four hands 2\nplayers Ann Bob\n").find("did you mean 'fours'") !=
        std::string::npos);
  CHECK(fours_sheet_error("game fours hands 2\nplayers Ann Bob\ndeal\n  Ann declared\n  Bob out\n")
            .starts_with("fours.sheet:4:3: error: 'declared' is not a line of any game here; Fours "
                         "sheets have 'out' (ends it), 'showed HAND|POINTS' or 'POINTS'\n"));
  // A game whose rules no scorer answers is refused at its name.
  static constexpr std::array<TableGame, 1> broken_table = {{
      {"broken",
       [](Game) {
         Rules broken = fours(Game::points);
         broken.match.deal_points = DealPoints::gin_hand;
         return broken;
       },
       Game::points, "game broken"},
  }};
  const std::string broken_text = "game broken\nplayers Ann Bob\n";
  try {
    settle(parse_sheet(broken_text, "b.sheet"), broken_text, "b.sheet", broken_table);
    FAIL("a game whose rules no scorer answers was settled");
  } catch (const InputError& error) {
    CHECK(format_diagnostic(error.diagnostic())
              .starts_with("b.sheet:1:6: error: match.deal_points is gin_hand, but"));
  }
  // The rulebook's games are not on this list.
  CHECK(fours_sheet_error("game basic\nplayers Ann Bob\n").find("no game is called 'basic'") !=
        std::string::npos);
}

}  // namespace rummy::test
