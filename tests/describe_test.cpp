// Every sentence about a settlement (src/core/describe.hpp), one kind at a time, in full.
#include <doctest/doctest.h>

#include "describe.hpp"
#include "sheet.hpp"
#include "sheet_helpers.hpp"

using namespace rummy;
using rummy::test::settle_text;

namespace {

const std::string valid_hand = "A♠-2♠-3♠ | 6♣-7♣-8♣ | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ";
const std::string seed_hand = "10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥";

// A deal's entry by its player's name.
const EntryResult& entry_of(const Settlement& s, const DealResult& deal, std::string_view name) {
  for (const EntryResult& entry : deal.entries) {
    if (s.players[entry.player].name == name) return entry;
  }
  FAIL("no entry for " << name);
  return deal.entries.front();
}

}  // namespace

TEST_CASE("describe: an Indian deal's note says who ended it and where the others' points go") {
  const Settlement points = settle_text(
      "game points\npoint 2\nfee 10%\ncurrency ₹\nplayers Asha Ravi\ndeal\n Asha declared\n"
      " Ravi 40\n");
  CHECK(describe_deal(points, points.deals[0]) ==
        "Asha declared; the others pay Asha their points");

  const Settlement pool = settle_text(
      "game pool101\nentry 10\nplayers Asha Ravi Meena\ndeal\n Asha dropped first\n"
      " Ravi dropped middle\n Meena won\n");
  CHECK(describe_deal(pool, pool.deals[0]) ==
        "Meena is the last player standing; the others add their points to their totals");

  const Settlement deals =
      settle_text("game deals 2\nentry 5\nplayers Asha Ravi\ndeal\n Ravi declared\n Asha 30\n");
  CHECK(describe_deal(deals, deals.deals[0]) ==
        "Ravi declared; the others pay Ravi their points in chips");
}

TEST_CASE("describe: the other games' notes") {
  const Settlement basic = settle_text(
      "game basic\nplayers Asha Ravi\ndeal\n Asha out\n Ravi showed K♣ 7♥\ndeal\n Asha showed "
      "Q♠\n Ravi rummy\n");
  CHECK(describe_deal(basic, basic.deals[0]) ==
        "Asha went out and scores the cards left in the other hands");
  CHECK(describe_deal(basic, basic.deals[1]) ==
        "Ravi went rummy and scores the cards left in the other hands, doubled");

  const Settlement knock =
      settle_text("game knock rounds 2\nplayers Ann Bob\ndeal\n Ann knocked 19\n Bob showed 5\n");
  CHECK(describe_deal(knock, knock.deals[0]) ==
        "Bob wins with 5 deadwood, undercutting the knocker (10 more from Ann)");

  const Settlement crazy =
      settle_text("game crazy\nplayers Ann Bob\ndeal\n Ann out\n Bob showed 30\n");
  CHECK(describe_deal(crazy, crazy.deals[0]) == "7 cards dealt, 2 books to go down");

  const Settlement voided =
      settle_text("game basic\nplayers Asha Ravi\ndeal\n void\ndeal\n Asha out\n Ravi showed K♣\n");
  CHECK(describe_deal(voided, voided.deals[0]) == "counted for nothing; played again");
}

TEST_CASE("describe: Knock's round, with the rummy bonus and a tied knocker") {
  const Rules knock = Rules::for_variant(Variant::knock);
  const std::vector<int> gin{0, 12, 7};
  CHECK(describe_knock(settle_knock(gin, 0, knock), knock) ==
        "player 1 wins with 0 deadwood (rummy: 25 more from each player)");
  const std::vector<int> tied{4, 4, 9};
  const std::vector<std::string> names{"Ann", "Bob", "Cy"};
  CHECK(describe_knock(settle_knock(tied, 0, knock), knock, names) ==
        "Bob wins with 4 deadwood; the knocker tied and neither gains nor loses");
}

TEST_CASE("describe: every outcome's line") {
  const Settlement s = settle_text(
      "game pool101\nentry 10\nplayers A B C D E F\ndeal wild 10\n B declared " + seed_hand +
      "\n A declared " + valid_hand + "\n C dropped first\n D missed\n E left\n F showed 40\n");
  const DealResult& deal = s.deals[0];
  CHECK(describe_outcome(entry_of(s, deal, "A")) == "declared, valid");
  CHECK(describe_outcome(entry_of(s, deal, "B")) == "declared, wrong show");
  CHECK(describe_outcome(entry_of(s, deal, "C")) == "dropped (first)");
  CHECK(describe_outcome(entry_of(s, deal, "D")) == "missed three turns");
  CHECK(describe_outcome(entry_of(s, deal, "E")) == "left the table");
  CHECK(describe_outcome(entry_of(s, deal, "F")) == "showed");

  EntryResult entry;
  entry.outcome = Outcome::showed;
  entry.valid_hand = true;
  CHECK(describe_outcome(entry) == "showed a valid hand");
  entry.outcome = Outcome::dropped;
  entry.drop = Drop::middle;
  CHECK(describe_outcome(entry) == "dropped (middle)");
  entry.outcome = Outcome::won;
  CHECK(describe_outcome(entry) == "won, the last player standing");
  entry.outcome = Outcome::out;
  CHECK(describe_outcome(entry) == "went out");
  entry.outcome = Outcome::rummy;
  CHECK(describe_outcome(entry) == "went rummy");
  entry.outcome = Outcome::knocked;
  CHECK(describe_outcome(entry) == "knocked");
}

TEST_CASE("describe: the cap, a wrong show, a hand judged by its best grouping, the money") {
  const Settlement s = settle_text(
      "game points\npoint 2\nfee 10%\ncurrency ₹\nplayers Asha Ravi Meena\ndeal wild 10\n"
      " Ravi declared " +
      seed_hand + "\n Asha declared A♠ 2♠ 3♠ 6♣ 7♣ 8♣ 4♦ 4♠ 4♣ 4♥ J♦ J♥ PJ\n Meena showed 95\n");
  const DealResult& deal = s.deals[0];
  CHECK(describe_cap(s, entry_of(s, deal, "Meena")) ==
        "Meena's 95 points pay 80, the 80-point cap");
  CHECK(describe_cap(s, entry_of(s, deal, "Asha")) == "");
  CHECK(cap_note(95, 80) == "95 points pay 80, the 80-point cap");
  CHECK(describe_wrong_show(s, entry_of(s, deal, "Ravi")) == "Ravi's wrong show:");
  CHECK(describe_arranged(s, {0, 2}) ==
        "written without groups, judged by the best grouping: Asha, Meena");
  CHECK(describe_cash(s, deal) ==
        "pay: Ravi ₹160.00, Meena ₹160.00; Asha receives ₹288.00 (₹320.00 less the fee ₹32.00)");
  CHECK(deal_title(s, deal) == "deal 1");
}

TEST_CASE("describe: who went out, a re-join, a split, the drops left") {
  const Settlement s = settle_text(
      "game pool101\nentry 10\nplayers A B C\ndeal\n A declared\n B showed 80\n C 40\n"
      "deal\n A declared\n B showed 30\n C 10\nrejoin B\ndeal\n A declared\n B dropped first\n"
      " C 10\nsplit equal\n");
  CHECK(describe_out(s, s.deals[1]) == "out: B");
  CHECK(describe_out(s, s.deals[0]) == "");
  REQUIRE(s.events.size() == 2);
  CHECK(describe_event(s, s.events[0]) ==
        "B rejoins at 51 (the highest total + 1), paying the entry again");
  CHECK(describe_event(s, s.events[1]) == "A, B, C split the pool equally");
  CHECK(describe_result(s) == "A, B, C split the pool equally");
  CHECK(describe_drops(s, s.players[0]) == ", 2 drops left");
  CHECK(describe_drops(s, s.players[2]) == ", 1 drop left");
  PlayerResult out = s.players[1];
  out.out = true;
  CHECK(describe_drops(s, out) == ", out");
  CHECK(grid_title(s) == "the sheet (total after each deal)");
  CHECK(grid_deal_label(s, s.deals[2]) == "deal 3");
}

TEST_CASE("describe: a tie, a setting changed, and the words of a standing") {
  const Settlement deals =
      settle_text("game deals 1\nentry 5\nplayers Asha Ravi\ndeal\n Asha declared\n Ravi 0\n");
  REQUIRE(deals.events.size() == 1);
  CHECK(describe_event(deals, deals.events[0]) ==
        "Asha and Ravi are tied at 80 chips: one more deal decides");
  CHECK(describe_result(deals) == "not finished: no winner yet");
  CHECK(standing_label(Standing::chips) == "chips");
  CHECK(standing_label(Standing::score) == "total");

  const Settlement points = settle_text(
      "game points\npoint 2\nfee 10%\ncurrency ₹\nplayers A B\ndeal\n A declared\n B 40\n"
      "point 5\nfee 12.5%\n");
  REQUIRE(points.events.size() == 2);
  CHECK(setting_id(points.events[0].setting) == "point");
  CHECK(setting_value_text(points.events[0]) == "5.00");
  CHECK(describe_event(points, points.events[0]) == "from deal 2 on: ₹5.00 a point");
  CHECK(setting_id(points.events[1].setting) == "fee");
  CHECK(setting_value_text(points.events[1]) == "12.5%");
  CHECK(describe_event(points, points.events[1]) == "from deal 2 on: fee 12.5%");
  CHECK(sheet_header(points) == "points rummy: ₹2.00 a point, fee 10%; players A B");
  CHECK(standing_text(points, -7200) == "-₹72.00");
  CHECK(standing_text(points, 7200) == "+₹72.00");
  CHECK(describe_result(points) == "1 deal settled");
}

TEST_CASE("describe: the game's result and header in a game of scores") {
  const Settlement s =
      settle_text("game basic target 20\nplayers Asha Ravi\ndeal\n Asha out\n Ravi showed K♣ Q♣\n");
  CHECK(describe_result(s) == "Asha wins by reaching 20, 20");
  CHECK(sheet_header(s) == "Basic Rummy to 20; players Asha Ravi");
  CHECK(shown_count_label(s.rules.count.shown_count) == "in hand");
  CHECK(shown_count_label(ShownCount::deadwood) == "deadwood");

  const Settlement knock =
      settle_text("game knock rounds 3\nplayers Ann Bob\ndeal\n Ann knocked 5\n Bob showed 9\n");
  CHECK(sheet_header(knock) == "Knock Rummy over 3 rounds; players Ann Bob");
  CHECK(describe_result(knock) == "not finished: 1 of 3 rounds played");
}

TEST_CASE("describe: the money of a sheet adds up, and who pays whom") {
  const Settlement points = settle_text(
      "game points\npoint 2\nfee 10%\ncurrency ₹\nplayers A B\ndeal\n A declared\n B 40\n");
  CHECK(describe_money_balance(points, 8000, 7200) ==
        "fee ₹8.00; paid ₹80.00 = received ₹72.00 + fee ₹8.00");
  const Settlement deals =
      settle_text("game deals 1\nentry 5\nplayers Asha Ravi\ndeal\n Asha declared\n Ravi 0\n");
  CHECK(describe_money_balance(deals, 1000, 0) ==
        "fee 0.00; paid 10.00 = received 0.00 + fee 0.00 + still in the pool 10.00");

  const std::vector<std::string> names{"Tom", "Asha"};
  CHECK(describe_transfer(names, {0, 1, 16000}, "₹") == "Tom pays Asha ₹160.00");
  CHECK(describe_transfer(names, {1, 2, 2900}, "₹") == "Asha pays the fee ₹29.00");
  CHECK(describe_transfer(names, {0, 3, 100}, "") == "Tom pays the pool (held) 1.00");
}

TEST_CASE("describe: rummy cash's money of a deal and a prize") {
  const Fee fee = *parse_fee("10%");
  const std::vector<int> counted{20, 40};
  CHECK(describe_points_cash("₹", 200, counted, fee, *points_cash(200, counted, fee)) ==
        "gross: ₹2.00 a point × (20 + 40 = 60 points) = ₹120.00\n"
        "fee 10%: ₹12.00\n"
        "the winner receives ₹108.00; the losers pay ₹40.00, ₹80.00");
  CHECK(describe_prize_cash("₹", 10000, 4, fee, *prize_cash(10000, 4, fee)) ==
        "pool: ₹100.00 entry × 4 players = ₹400.00\n"
        "fee 10%: ₹40.00\n"
        "prize: ₹360.00");
}
