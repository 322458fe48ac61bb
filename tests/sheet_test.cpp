// Table sheets and settle (rules §2.6, §2.8): deals, winners, pools, re-joins, splits, deals
// rummy chips, money, and every error a sheet can hold, with its position.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "describe.hpp"
#include "helpers.hpp"
#include "sheet.hpp"
#include "sheet_helpers.hpp"

using namespace rummy;
using rummy::test::error_of_sheet;
using rummy::test::settle_text;

namespace {

const std::string valid_hand = "A♠-2♠-3♠ | 6♣-7♣-8♣ | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ";
const std::string seed_hand = "10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥";

Minor total_paid(const Settlement& s) {
  Minor sum = 0;
  for (const PlayerResult& p : s.players) sum += p.paid;
  return sum;
}
Minor total_received(const Settlement& s) {
  Minor sum = 0;
  for (const PlayerResult& p : s.players) sum += p.received;
  return sum;
}

}  // namespace

TEST_CASE("points rummy: each loser pays points × value; the winner gets the sum less the fee") {
  const Settlement s = settle_text(
      "game points\npoint 2\nfee 10%\nplayers A B C D\n"
      "deal\n A declared " +
      valid_hand +
      "\n B dropped first\n C dropped middle\n"
      " D showed 5♠-6♠-7♠ | 9♥ 10♥ J♥ | 2♦ 3♦ 9♣ 9♦ | Q♣ Q♦ 7♦\n");
  REQUIRE(s.deals.size() == 1);
  const DealResult& deal = s.deals[0];
  CHECK(names_text(s, deal.winners) == "A");
  REQUIRE(deal.cash);
  CHECK(deal.cash->gross == 22000);  // 2 × (20 + 40 + 50)
  CHECK(deal.cash->fee == 2200);
  CHECK(s.players[0].received == 19800);
  CHECK(s.players[3].paid == 10000);
  CHECK(total_paid(s) == total_received(s) + s.fee_taken);
}

TEST_CASE("a wrong show pays 80 and the deal goes on; the next valid declaration wins") {
  const Settlement s = settle_text(
      "game points\npoint 1\nplayers A B C\n"
      "deal wild 10\n B declared " +
      seed_hand + "\n A declared " + valid_hand + "\n C dropped first\n");
  CHECK(names_text(s, s.deals[0].winners) == "A");
  CHECK(s.deals[0].entries[0].points == 80);
  CHECK_FALSE(s.deals[0].entries[0].valid_hand);
}

TEST_CASE("with two players a wrong show lets the other win at once; so does everyone dropping") {
  const Settlement two = settle_text(
      "game points\npoint 1\nplayers A B\n"
      "deal wild 10\n A declared " +
      seed_hand + "\n B won\n");
  CHECK(names_text(two, two.deals[0].winners) == "B");
  const Settlement drops = settle_text(
      "game points\npoint 1\nplayers A B C\n"
      "deal\n A dropped first\n B missed\n C won\n");
  CHECK(names_text(drops, drops.deals[0].winners) == "C");
  CHECK(drops.deals[0].entries[1].points == 40);  // three missed turns: a middle drop
}

TEST_CASE("pools: totals add up, out at the limit (or above it), rejoin at the highest + 1") {
  const std::string sheet =
      "game pool101\nentry 100\nplayers A B C\n"
      "deal\n A declared " +
      valid_hand +
      "\n B dropped middle\n C dropped middle\n"
      "deal\n A declared " +
      valid_hand +
      "\n B dropped middle\n C dropped first\n"
      "deal\n A declared " +
      valid_hand + "\n B dropped first\n C dropped first\n";
  const Settlement reach = settle_text(sheet);
  // B: 40 + 40 + 20 = 100, still in; C: 40 + 20 + 20 = 80.
  CHECK(reach.players[1].standing == 100);
  CHECK_FALSE(reach.players[1].out);
  CHECK(reach.players[1].drops_left == 0);
  CHECK_FALSE(reach.finished);
  CHECK(reach.held == 30000);

  const Settlement out = settle_text(sheet + "deal\n A declared " + valid_hand +
                                     "\n B dropped first\n C dropped first\n");
  CHECK(out.players[1].out);  // 120
  CHECK(names_text(out, out.deals.back().out) == "B");

  const std::string exactly =
      "game pool101\nentry 100\nplayers A B\n"
      "deal\n A declared " +
      valid_hand + "\n B showed " + seed_hand + "\n";  // 70, as in §2.6
  CHECK(settle_text(exactly).players[1].standing == 70);

  const Settlement rejoin = settle_text(
      "game pool101\nentry 100\nplayers A B C\n"
      "deal wild 10\n B declared " +
      seed_hand + "\n A declared " + valid_hand +
      "\n C dropped first\n"
      "deal wild 10\n B declared " +
      seed_hand + "\n A declared " + valid_hand +
      "\n C dropped first\n"
      "rejoin B\n");
  CHECK(rejoin.players[1].standing == 41);  // C has 40: the highest + 1
  CHECK(rejoin.players[1].paid == 20000);
  CHECK(rejoin.pool == 40000);
  REQUIRE(rejoin.events.size() == 1);
  CHECK(describe_event(rejoin, rejoin.events[0]) ==
        "B rejoins at 41 (the highest total + 1), paying the entry again");
}

TEST_CASE("the pool-out house rule: 101 exactly is out by default, in above-the-limit only") {
  // B: a wrong show (80), then a shown hand of 21 (9♣ 10♦ 2♥ left over): 101 exactly.
  const std::string deals = "entry 100\nplayers A B C\ndeal\n B declared " + seed_hand +
                            "\n A declared " + valid_hand +
                            "\n C dropped first\ndeal\n A declared " + valid_hand +
                            "\n B showed A♠-2♠-3♠ | 6♣-7♣-8♣ | 4♦-4♠-4♣-4♥ | 9♣ 10♦ 2♥\n"
                            " C dropped first\n";
  const Settlement reach = settle_text("game pool101\n" + deals);
  CHECK(reach.players[1].standing == 101);
  CHECK(reach.players[1].out);
  const Settlement exceed = settle_text("game pool101\nhouse pool-out=exceed\n" + deals);
  CHECK(exceed.players[1].standing == 101);
  CHECK_FALSE(exceed.players[1].out);
  CHECK(exceed.players[1].drops_left == 0);
  REQUIRE(exceed.house_rules.size() == 1);
  CHECK(exceed.house_rules[0].text() == "pool-out=exceed");
}

TEST_CASE("the last player in the pool takes it, less the fee; splits share it") {
  const Settlement last = settle_text(
      "game pool101\nentry 100\nfee 10%\nplayers A B\n"
      "deal wild 10\n B declared " +
      seed_hand +
      "\n A won\n"
      "deal wild 10\n B declared " +
      seed_hand + "\n A won\n");
  CHECK(last.finished);
  CHECK(describe_result(last) == "A is the last player in the pool");
  CHECK(last.players[0].received == 18000);
  CHECK(last.fee_taken == 2000);

  const Settlement equal = settle_text(
      "game pool101\nentry 100\nfee 1\nplayers A B C\n"
      "deal\n A declared " +
      valid_hand + "\n B dropped first\n C dropped first\nsplit equal\n");
  CHECK(equal.players[0].received == 9967);  // 299.00 in three: 99.67, 99.67, 99.66
  CHECK(equal.players[2].received == 9966);
  CHECK(total_paid(equal) == total_received(equal) + equal.fee_taken);

  const Settlement drops = settle_text(
      "game pool101\nentry 100\nplayers A B C\n"
      "deal\n A declared " +
      valid_hand + "\n B dropped middle\n C dropped first\nsplit drops\n");
  // A 0 → 2 drops left; B 40 → 1; C 20 → 2: A and C first get 100 each, the rest is shared.
  CHECK(drops.players[0].received == 10000 + 3334);
  CHECK(drops.players[1].received == 3333);
  CHECK(drops.players[2].received == 10000 + 3333);
  CHECK(total_paid(drops) == total_received(drops) + drops.fee_taken);
}

TEST_CASE("deals rummy: chips from 80 × deals, most chips wins, a tie needs one more deal") {
  const std::string two_deals =
      "game deals 2\nentry 5\nplayers A B\n"
      "deal\n A declared " +
      valid_hand +
      "\n B showed A♣-2♣-3♣ | 5♥ 6♥ 7♥ | 9♠ 10♠ K♦ 2♦ 3♥ 4♥ 8♦\n"
      "deal\n B declared " +
      valid_hand + "\n A showed A♣-2♣-3♣ | 5♥ 6♥ 7♥ | 9♠ 10♠ K♦ 2♦ 3♥ 4♥ 8♦\n";
  const Settlement tied = settle_text(two_deals);
  CHECK_FALSE(tied.finished);
  CHECK(tied.players[0].standing == 160);
  REQUIRE(tied.events.size() == 1);
  CHECK(describe_event(tied, tied.events[0]) ==
        "A and B are tied at 160 chips: one more deal decides");
  const Settlement decided = settle_text(two_deals + "deal\n A declared " + valid_hand +
                                         "\n B showed " + seed_hand + "\n");
  CHECK(decided.finished);
  CHECK(decided.deals.back().extra);
  CHECK(decided.players[0].received == 1000);
}

TEST_CASE("sheet errors name the line and column") {
  const std::string head = "game pool101\nentry 100\nplayers A B C\n";
  CHECK(error_of_sheet("players A B\n") ==
        "t.sheet:1:1: error: a sheet names its game first: 'game points', 'game pool101', 'game "
        "pool201', 'game deals N', 'game basic', 'game knock rounds N', 'game crazy', 'game "
        "gin' or 'game marriage'\n"
        "players A B\n^\n");
  CHECK(error_of_sheet("game points\npoint two\n") ==
        "t.sheet:2:7: error: expected an amount such as 2 or 2.50 (at most "
        "100000000000000.00)\npoint two\n      ^\n");
  CHECK(error_of_sheet("game pool101\nfee 1000%\n").find("2:5: error: expected a fee") !=
        std::string::npos);
  CHECK(error_of_sheet(head + "deal\n A declared " + valid_hand + "\n B dropped first\n") ==
        "t.sheet:4:1: error: deal 1 has no line for C\ndeal\n^\n");
  CHECK(error_of_sheet(head + "deal\n A declared " + valid_hand + "\n B dropped first\n Z won\n")
            .find("7:2: error: Z is not one of the players (A B C)") != std::string::npos);
  CHECK(error_of_sheet(head + "deal\n A dropped first\n B dropped first\n C dropped first\n")
            .find("error: deal 1 has no winner") != std::string::npos);
  CHECK(error_of_sheet(head + "deal\n A showed " + valid_hand + "\n B dropped first\n C won\n")
            .find("error: 'showed' is a hand shown after a valid declaration") !=
        std::string::npos);
  CHECK(error_of_sheet(head + "deal\n A won\n B dropped first\n C showed " + seed_hand + "\n")
            .find("error: 'showed' is a hand shown after a valid declaration") !=
        std::string::npos);
  CHECK(error_of_sheet("game deals 2\nentry 5\nplayers A B\ndeal\n A declared " + valid_hand +
                       "\n B dropped first\n")
            .find("6:2: error: deals rummy has no drop") != std::string::npos);
  CHECK(error_of_sheet(head + "rejoin A\n").find("A is still in the game") != std::string::npos);
  CHECK(error_of_sheet(head + "deal\n A declared " + valid_hand + "\n B declared " + valid_hand +
                       "\n C dropped first\n")
            .find("6:2: error: A already won this deal with a valid declaration") !=
        std::string::npos);
  CHECK(
      error_of_sheet(head + "deal\n A declared " + valid_hand + "\n B dropped first\n C frobbed\n")
          .find("7:4: error: expected what the player did") != std::string::npos);
  CHECK(error_of_sheet("game pool101\nentry 1\nplayers A B C D\nsplit equal\n")
            .find("4:7: error: a pool is split by 2 or 3 players; 4 are left") !=
        std::string::npos);
  CHECK(error_of_sheet("game points\npoint 1\nplayers A B\nsplit equal\n")
            .find("only pool101 and pool201 sheets split a pool") != std::string::npos);
}

TEST_CASE("a card seen more often than the decks hold, across a deal's hands, names the others") {
  const std::string text =
      "game points\npoint 1\nplayers A B C\ndeal\n"
      "A declared " +
      valid_hand +
      "\n"
      "B showed " +
      valid_hand +
      "\n"
      "C showed A♠-2♠-3♠ | 6♣-7♣-8♣ | 4♦-4♠-4♣-4♥ | J♦-J♥-9♥\n";
  CHECK(error_of_sheet(text) ==
        "t.sheet:7:10: error: A♠ is seen 3 times in this deal, but 2 decks hold only 2 (also at "
        "line 5, column 12 and line 6, column 10)\n"
        "C showed A♠-2♠-3♠ | 6♣-7♣-8♣ | 4♦-4♠-4♣-4♥ | J♦-J♥-9♥\n"
        "         ^\n");
}

TEST_CASE("re-joining: only under the ceiling, at a table of more than two") {
  const std::string three = "game pool101\nentry 100\nplayers A B C\n";
  const std::string out_b = "deal wild 10\n B declared " + seed_hand + "\n A declared " +
                            valid_hand + "\n C dropped middle\n";
  // B 80 + 80 = 160, out; C 40 + 40 = 80 > 79: no rejoin.
  CHECK(error_of_sheet(three + out_b + out_b + "rejoin B\n")
            .find("B cannot rejoin: C's total 80 is above 79") != std::string::npos);
  // At a table of two, the first player out ends the game: nothing can follow.
  CHECK(error_of_sheet("game pool101\nentry 100\nplayers A B\ndeal\n B declared " + seed_hand +
                       "\n A won\ndeal\n B declared " + seed_hand + "\n A won\nrejoin B\n")
            .find("error: the game is over (A is the last player in the pool)") !=
        std::string::npos);
}

TEST_CASE("the sums balance on many generated games: losers pay what winners get plus the fee") {
  std::mt19937 random(2026);
  const std::vector<std::string> names = {"A", "B", "C", "D", "E", "F"};
  int finished = 0;
  for (int game_number = 0; game_number < 300; ++game_number) {
    const int players = 2 + static_cast<int>(random() % 5);
    const int kind = static_cast<int>(random() % 4);
    std::string text;
    const std::string game = kind == 0   ? "points"
                             : kind == 1 ? "pool101"
                             : kind == 2 ? "pool201"
                                         : "deals 2";
    text += "game " + game + "\n";
    text += kind == 0 ? "point " + std::to_string(1 + random() % 5) + ".25\n" : "entry 33.33\n";
    const std::vector<std::string> fees = {"0", "7%", "12.5%", "3.10", "100%"};
    text += "fee " + fees[random() % fees.size()] + "\nplayers";
    for (int p = 0; p < players; ++p) text += " " + names[static_cast<std::size_t>(p)];
    text += "\n";
    Settlement state = settle_text(text);
    for (int deal = 0; deal < 12 && !state.finished; ++deal) {
      std::vector<std::string> in;
      for (const PlayerResult& p : state.players) {
        if (!p.out) in.push_back(p.name);
      }
      if (in.size() < 2) break;
      std::shuffle(in.begin(), in.end(), random);
      // The deck of the deal, less the winner's hand; the others show random cards from it.
      std::vector<Card> deck;
      for (int copy = 0; copy < 2; ++copy) {
        for (int index = 0; index < 53; ++index) deck.push_back(Card::from_index(index));
      }
      const Hand winner_hand = test::hand_of(valid_hand);
      for (const Group& group : winner_hand.groups) {
        for (const Card card : group) deck.erase(std::find(deck.begin(), deck.end(), card));
      }
      std::shuffle(deck.begin(), deck.end(), random);
      std::size_t next = 0;
      const auto random_hand = [&] {
        std::string hand;
        for (int c = 0; c < 13; ++c) hand += to_string(deck[next++]) + " ";
        return hand;
      };
      std::string lines = "deal\n";
      std::string after;
      for (std::size_t k = 1; k < in.size(); ++k) {
        const int what = static_cast<int>(random() % 5);
        if (kind != 3 && what == 0) {
          after += " " + in[k] + " dropped first\n";
        } else if (kind != 3 && what == 1) {
          after += " " + in[k] + " missed\n";
        } else if (what == 2) {
          lines += " " + in[k] + " declared " + random_hand() + "\n";  // most likely wrong
        } else {
          after += " " + in[k] + " showed " + random_hand() + "\n";
        }
      }
      const std::string candidate =
          text + lines + " " + in[0] + " declared " + valid_hand + "\n" + after;
      try {
        state = settle_text(candidate);
        text = candidate;
      } catch (const InputError&) {
        continue;  // a random "declared" that happened to be valid: deal again
      }
      if (kind == 1 || kind == 2) {
        // Now and then re-join someone, or split when two or three are left.
        std::vector<std::string> out;
        for (const PlayerResult& p : state.players) {
          if (p.out) out.push_back(p.name);
        }
        for (const std::string& name : out) {
          if (random() % 3 == 0) {
            try {
              state = settle_text(text + "rejoin " + name + "\n");
              text += "rejoin " + name + "\n";
            } catch (const InputError&) {
            }
          }
        }
        const auto left = std::count_if(state.players.begin(), state.players.end(),
                                        [](const PlayerResult& p) { return !p.out; });
        if (!state.finished && left >= 2 && left <= 3 && random() % 4 == 0) {
          const std::string split = random() % 2 ? "split equal\n" : "split drops\n";
          try {
            state = settle_text(text + split);
            text += split;
          } catch (const InputError&) {
          }
        }
      }
    }
    CAPTURE(text);
    CHECK(total_paid(state) == total_received(state) + state.fee_taken + state.held);
    for (const DealResult& deal : state.deals) {
      if (!deal.cash) continue;
      Minor paid = 0;
      for (const Minor amount : deal.cash->paid) paid += amount;
      CHECK(paid == deal.cash->net + deal.cash->fee);
    }
    for (const PlayerResult& p : state.players) CHECK(p.paid >= 0);
    finished += state.finished ? 1 : 0;
  }
  CHECK(finished > 100);
}

TEST_CASE("a sheet keeps points without cards: 'Ravi 45', 'showed 95' (capped), 'declared'") {
  const Settlement s = settle_text(
      "game points\npoint 2\nplayers Asha Ravi Meena Tom\ndeal\n"
      "  Asha declared\n  Ravi 45\n  Meena showed 95\n  Tom dropped middle\n");
  REQUIRE(s.deals.size() == 1);
  const DealResult& deal = s.deals[0];
  CHECK(names_text(s, deal.winners) == "Asha");
  CHECK(deal.entries[0].valid_hand);
  CHECK(deal.entries[1].points == 45);
  CHECK(deal.entries[1].score->basis == ScoreBasis::points_given);
  CHECK(deal.entries[2].points == 80);  // the cap still applies
  CHECK(deal.entries[2].score->uncapped == 95);
  CHECK(deal.cash->gross == 2 * (45 + 80 + 40) * 100);
  // A hand may still be written where there is a dispute, and is checked as ever.
  const Settlement mixed = settle_text(
      "game pool101\nentry 10\nplayers A B C\ndeal\n A declared\n B 20\n"
      " C showed 10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥\n");
  CHECK(mixed.players[2].standing == 70);
  // Knock and Basic take counts too (no cap there).
  const Settlement knock =
      settle_text("game knock rounds 1\nplayers A B\ndeal\n A knocked 5\n B 12\n");
  CHECK(knock.players[0].standing == 7 * knock_parts);  // in parts of a point
  CHECK(error_of_sheet("game points\npoint 1\nplayers A B\ndeal\n A declared\n B 12345\n")
            .starts_with("t.sheet:6:4: error: expected the points, 0 to 9999"));
}

TEST_CASE("a void deal (or a misdeal) is printed and counts for nothing") {
  const Settlement s = settle_text(
      "game deals 2\nentry 5\nplayers A B\ndeal\n misdeal\ndeal\n A declared\n B 30\n"
      "deal\n void\n B declared\n A 80\ndeal\n B declared\n A 10\n");
  REQUIRE(s.deals.size() == 4);
  CHECK(s.deals[0].voided);
  CHECK(s.deals[0].number == 1);
  CHECK(s.deals[1].number == 1);
  CHECK(s.deals[2].voided);
  CHECK(s.deals[2].number == 2);
  CHECK(deals_played(s) == 2);
  // The void deal's 80 is not counted: A 160 + 30 - 10, B 160 - 30 + 10.
  CHECK(s.players[0].standing == 180);
  CHECK(s.players[1].standing == 140);
  CHECK(s.finished);
  CHECK(error_of_sheet("game points\npoint 1\nplayers A B\nvoid\n")
            .starts_with("t.sheet:4:1: error: 'void' belongs inside the deal it cancels"));
}

TEST_CASE("two players out in one deal: re-joins are decided on the totals after it") {
  const std::string head =
      "game pool101\nentry 10\nplayers A B C D\ndeal\n A declared\n B 80\n C 80\n D 20\n"
      "deal\n A declared\n B 30\n C 30\n D 10\n";
  for (const std::string order : {"rejoin B\nrejoin C\n", "rejoin C\nrejoin B\n"}) {
    CAPTURE(order);
    const Settlement s = settle_text(head + order);
    REQUIRE(s.events.size() == 2);
    // Both come back at the highest total after the deal + 1: D's 30 + 1.
    CHECK(s.players[1].standing == 31);
    CHECK(s.players[2].standing == 31);
  }
}

TEST_CASE("the 201-pool re-join ceiling: a total of 174 allows a re-join, 175 refuses it") {
  const auto sheet = [](int b_points) {
    return "game pool201\nentry 10\nplayers A B C\n"
           "deal\n A declared\n B 80\n C 80\ndeal\n A declared\n B 80\n C 80\n"
           "deal\n A declared\n B " +
           std::to_string(b_points) + "\n C 80\nrejoin C\n";
  };
  CHECK(settle_text(sheet(14)).players[2].standing == 175);
  CHECK(error_of_sheet(sheet(15)).find("C cannot rejoin: B's total 175 is above 174") !=
        std::string::npos);
}

TEST_CASE("drops left at the boundary: in 101 pool a total of 21 leaves one middle drop") {
  const std::string game =
      "game pool101\nentry 10\nplayers A B C\ndeal\n A declared\n B 21\n C 0\n";
  const Settlement s = settle_text(game);
  CHECK(s.players[1].drops_left == 1);  // 21 + 2 × 40 reaches 101
  CHECK(s.players[0].drops_left == 2);
  // A split by drops pays A and C one drop each (10) over B's one, then shares the rest.
  const Settlement split = settle_text(game + "split drops\n");
  CHECK(split.players[0].received == 1000 + 333 + 1);
  CHECK(split.players[1].received == 333);
  CHECK(split.players[2].received == 1000 + 333);
}

TEST_CASE("Knock: a knocker tied with another at 0 deadwood neither gains nor loses") {
  const Settlement s =
      settle_text("game knock rounds 1\nplayers A B C\ndeal\n A knocked 0\n B 0\n C 10\n");
  const DealResult& round = s.deals[0];
  CHECK(names_text(s, round.winners) == "B");
  CHECK(round.entries[0].change == 0);
  CHECK(s.score_parts == knock_parts);                 // the changes count parts of a point
  CHECK(round.entries[1].change == 35 * knock_parts);  // C's 10 and the rummy bonus of 25
  CHECK(round.entries[2].change == -35 * knock_parts);
}

TEST_CASE("settings during the evening: from the next deal on, or an error where they cannot") {
  const Settlement s = settle_text(
      "game points\npoint 2\nfee 10%\nplayers A B\ndeal\n A declared\n B 40\n"
      "point 5\nfee 0\ndeal\n A declared\n B 40\n");
  CHECK(s.deals[0].cash->gross == 8000);  // the first deal keeps its stake
  CHECK(s.deals[0].cash->fee == 800);
  CHECK(s.deals[1].cash->gross == 20000);
  CHECK(s.deals[1].cash->fee == 0);
  REQUIRE(s.events.size() == 2);
  CHECK(describe_event(s, s.events[0]) == "from deal 2 on: 5.00 a point");
  CHECK(describe_event(s, s.events[1]) == "from deal 2 on: fee 0.00");
  CHECK(*s.point_value == 200);  // the header's stake
  CHECK(error_of_sheet("game points\npoint 2\nfee 5\n  point 3\nplayers A B\n") ==
        "t.sheet:4:3: error: 'point' is given twice before the first deal (first at line 2, "
        "column 1)\n  point 3\n  ^\n");
  CHECK(error_of_sheet("game pool101\nentry 2\nplayers A B C\ndeal\n A declared\n B 4\n C 5\n"
                       "entry 5\n")
            .starts_with("t.sheet:8:1: error: entry cannot change after the first deal"));
  CHECK(error_of_sheet("game points\npoint 1\nplayers A B\ndeal\n A declared\n B 4\ndecks 1\n")
            .starts_with("t.sheet:7:1: error: 'decks' belongs before the first deal"));
  CHECK(error_of_sheet("game points\npoint 1\nplayers A B\ndeal\n A declared\n B 4\nplayers C\n")
            .starts_with("t.sheet:7:1: error: the players are listed before the first deal"));
}

TEST_CASE("names as people write them: any case, several words in quotes, did you mean") {
  const Settlement s = settle_text(
      "game points\npoint 1\nplayers Asha \"Ravi K\" Meena\ndeal\n"
      "  asha declared\n  \"ravi k\" 20\n  MEENA 10\n");
  CHECK(s.players[1].name == "Ravi K");
  CHECK(names_text(s, s.deals[0].winners) == "Asha");
  CHECK(s.players[1].paid == 2000);
  CHECK(error_of_sheet("game points\npoint 1\nplayers Asha Ravi\ndeal\n Asha declared\n Ravee 1\n")
            .starts_with("t.sheet:6:2: error: Ravee is not one of the players (Asha Ravi); did "
                         "you mean Ravi?"));
  CHECK(error_of_sheet("game points\npoint 1\nplayers Asha ASHA\n")
            .starts_with("t.sheet:3:14: error: ASHA is listed twice"));
  CHECK(error_of_sheet("game points\npoint 1\nplayers Asha Ravi\ndeal\n Asha declard\n")
            .find("found 'declard' (did you mean 'declared'?)") != std::string::npos);
  CHECK(error_of_sheet("game points\npoint 1\nplayers Asha \"Ravi\n")
            .starts_with("t.sheet:3:19: error: expected the closing '\"' of the name"));
}

TEST_CASE("sheet typos: a misspelt statement word, a colon after the name, 'dropped' alone") {
  const std::string head = "game points\npoint 1\nplayers Asha Ravi\ndeal\n Asha declared\n";
  CHECK(error_of_sheet(head + "dael\n") ==
        "t.sheet:6:1: error: expected a sheet line, found 'dael' (did you mean 'deal'?)\n"
        "dael\n^\n");
  CHECK(error_of_sheet(head + " Ravi 4\ndael wild 7\n")
            .starts_with("t.sheet:7:1: error: expected a sheet line, found 'dael' (did you mean "
                         "'deal'?)"));
  // A player's name near a statement's word is still a player's.
  CHECK(error_of_sheet("game points\npoint 1\nplayers Asha Dea\ndeal\n Asha declared\n Dea\n")
            .starts_with("t.sheet:6:5: error: expected a sheet line: game, point"));
  const Settlement s = settle_text(head + " Ravi: 20\n");
  CHECK(s.players[1].paid == 2000);
  CHECK(settle_text("game points\npoint 1\nplayers Asha \"Ravi K\"\ndeal\n Asha : declared\n"
                    " \"Ravi K\": dropped middle\n")
            .players[1]
            .paid == 4000);
  CHECK(error_of_sheet(head + " Ravi dropped\n") ==
        "t.sheet:6:14: error: expected first or middle after 'dropped': first before the first "
        "draw, middle any time after, found the end of the line\n"
        " Ravi dropped\n             ^\n");
}

TEST_CASE("a wrong show says why: its problems in the entry, and in the error of a line after it") {
  const std::string head = "game points\npoint 1\nplayers Asha Ravi Meena\ndeal wild 10\n";
  const Settlement s =
      settle_text(head + " Ravi declared " + seed_hand + "\n Asha declared\n Meena 12\n");
  const EntryResult& wrong = s.deals[0].entries[0];
  CHECK_FALSE(wrong.valid_hand);
  CHECK(describe_problems(s.rules, wrong) ==
        std::vector<std::string>{"group 4 (2♦-3♦-Q♣-Q♥) is not a valid group: 2♦ and Q♣ share "
                                 "neither suit nor rank: a sequence needs one suit, a set one rank",
                                 "1 sequence: a declaration needs at least two, one of them pure"});
  CHECK_FALSE(s.deals[0].entries[1].wrong_show);
  CHECK(describe_problems(s.rules, s.deals[0].entries[1]).empty());
  // Nobody declared validly after the wrong show: the count of line 7 cannot stand.
  CHECK(
      error_of_sheet(head + " Ravi declared " + seed_hand + "\n Asha 20\n Meena dropped first\n") ==
      "t.sheet:6:2: error: Ravi's declaration on line 5 was a wrong show (group 4 "
      "(2♦-3♦-Q♣-Q♥) is not a valid group: 2♦ and Q♣ share neither suit nor rank: a sequence "
      "needs one suit, a set one rank; 1 sequence: a declaration needs at least two, one of "
      "them pure), so nobody has declared validly in this deal: a hand or a count is shown "
      "after a valid declaration. Write the declaration that ended the deal ('Asha declared', "
      "with the cards if they were written), or 'Asha won' if everyone else was out of the "
      "deal\n Asha 20\n ^\n");
  // Without a wrong show, the error stays as it was.
  CHECK(error_of_sheet(head + " Asha 20\n Ravi dropped first\n Meena dropped first\n")
            .starts_with("t.sheet:5:2: error: 'showed' is a hand shown after a valid declaration, "
                         "and this deal has none"));
}

TEST_CASE("a lone deal (rummy deal): its lines alone, no game around it") {
  Sheet sheet = parse_deal("Asha declared\n# a comment\n\nRavi: 45\n", "<arguments>");
  REQUIRE(sheet.events.size() == 1);
  const SheetDeal& deal = std::get<SheetDeal>(sheet.events[0]);
  REQUIRE(deal.entries.size() == 2);
  CHECK(deal.entries[1].player == "Ravi");
  CHECK(deal.entries[1].points == "45");
  // A statement of a sheet is no player's line here.
  try {
    parse_deal("deal\nAsha declared\n", "<arguments>");
    FAIL("no error");
  } catch (const InputError& error) {
    CHECK(format_diagnostic(error.diagnostic()) ==
          "<arguments>:1:5: error: expected a player's line: the name and what they did (NAME "
          "OUTCOME [HAND | N], or a count alone: Ravi 45), found the end of the line\ndeal\n    "
          "^\n");
  }
  // Knock: no agreed rounds needed, and no result; a pool: no entry.
  Sheet knock = parse_deal("P1 knocked 12\nP2 showed 20\n", "t");
  knock.games.push_back({.name = "knock"});
  knock.player_lines.push_back({{"P1", 0}, {"P2", 14}});
  knock.lone_deal = 1;
  const Settlement s = settle(knock, "P1 knocked 12\nP2 showed 20\n", "t");
  CHECK(s.lone);
  CHECK_FALSE(s.finished);
  REQUIRE(s.deals.size() == 1);
  CHECK(s.deals[0].entries[0].change == 8 * knock_parts);  // in parts of a point
  Sheet pool = parse_deal("A declared\nB dropped middle\n", "t");
  pool.games.push_back({.name = "pool201"});
  pool.player_lines.push_back({{"A", 0}, {"B", 11}});
  pool.lone_deal = 1;
  const Settlement p = settle(pool, "A declared\nB dropped middle\n", "t");
  CHECK(p.deals[0].entries[1].points == 50);
  CHECK(p.pool == 0);
  CHECK(money_transfers(p).empty());
}

TEST_CASE("Knock: two tied below the knocker split an odd pot in halves, kept exactly in totals") {
  const Settlement s = settle_text(
      "game knock rounds 2\nplayers A B C D\n"
      "deal\n A knocked 30\n B 10\n C 10\n D 25\n"
      "deal\n A knocked 5\n B 20\n C 12\n D 9\n");
  REQUIRE(s.deals.size() == 2);
  // 20 + 10 (the undercut) + 15 = 45: 22½ each, never 23 to B and 22 to C.
  const DealResult& first = s.deals[0];
  CHECK(names_text(s, first.winners) == "B and C");
  std::vector<std::string> changes;
  for (const EntryResult& entry : first.entries) {
    changes.push_back(score_text(s, entry.change, true));
  }
  CHECK(changes == std::vector<std::string>{"-30", "+22½", "+22½", "-15"});
  std::vector<std::string> totals;
  for (const PlayerResult& player : s.players) totals.push_back(score_text(s, player.standing));
  CHECK(totals == std::vector<std::string>{"-4", "7½", "15½", "-19"});
  CHECK(describe_result(s) == "C wins with the highest total, 15½");
}

TEST_CASE("score_text: whole numbers as they are, a fraction by its sign or as n/d") {
  Settlement s;
  s.score_parts = knock_parts;
  CHECK(score_text(s, 61 * knock_parts) == "61");
  CHECK(score_text(s, 61 * knock_parts / 2) == "30½");
  CHECK(score_text(s, -61 * knock_parts / 2, true) == "-30½");
  CHECK(score_text(s, 61 * knock_parts / 3, true) == "+20⅓");
  CHECK(score_text(s, knock_parts / 2) == "½");
  CHECK(score_text(s, -knock_parts / 2) == "-½");
  CHECK(score_text(s, 3 * knock_parts + 7 * knock_parts / 12) == "3 7/12");
  CHECK(score_text(s, 0, true) == "+0");
}

TEST_CASE("every game of the games list is read from its own usage line") {
  for (const TableGame& game : table_games()) {
    CAPTURE(game.name);
    // The usage's N is the number its first setting shows in messages.
    std::string line(game.usage);
    if (const auto n = line.find(" N"); n != std::string::npos) {
      REQUIRE_FALSE(game.settings.empty());
      line.replace(n + 1, 1, std::to_string(game.settings.front().example));
    }
    const Sheet sheet = parse_sheet(line + "\n", "t.sheet");
    REQUIRE(sheet.games.size() == 1);
    CHECK(sheet.games[0].name == game.name);
    const Match match = Rules::built(game.rules, game.game).match;
    std::string text = line + "\n";
    if (match.needs_point_value) text += "point 1\n";
    if (match.needs_entry) text += "entry 10\n";
    CHECK(error_of_sheet(text + "players A B\n") == "no error");
  }
}

TEST_CASE("the game line: a name from the games list, and the settings that game takes") {
  const std::string games =
      "'game points', 'game pool101', 'game pool201', 'game deals N', 'game basic', 'game "
      "knock rounds N', 'game crazy', 'game gin' or 'game marriage'";
  CHECK(error_of_sheet("game knok rounds 5\nplayers A B\n") ==
        "t.sheet:1:6: error: no game is called 'knok' (did you mean 'knock'?): a sheet's game is " +
            games + "\ngame knok rounds 5\n     ^\n");
  CHECK(error_of_sheet("game\nplayers A B\n") ==
        "t.sheet:1:5: error: expected the game's name after 'game': " + games + "\ngame\n    ^\n");
  CHECK(error_of_sheet("game crazy 5\nplayers A B\n") ==
        "t.sheet:1:12: error: 'game crazy' takes no setting: it is written alone\n"
        "game crazy 5\n           ^\n");
  CHECK(error_of_sheet("game basic trget 150\n") ==
        "t.sheet:1:12: error: 'game basic' takes target N or hands N, not 'trget' (did you mean "
        "'target'?)\ngame basic trget 150\n           ^\n");
  CHECK(error_of_sheet("game basic 150\n") ==
        "t.sheet:1:12: error: 'game basic' takes target N or hands N, not a number alone\n"
        "game basic 150\n           ^\n");
  CHECK(error_of_sheet("game basic target 150 hands 6\n") ==
        "t.sheet:1:23: error: the game's length is given twice (first at line 1, column 12)\n"
        "game basic target 150 hands 6\n                      ^\n");
  CHECK(error_of_sheet("game deals 101\nentry 5\nplayers A B\n") ==
        "t.sheet:1:12: error: expected the number of deals from 1 to 100 (2, 3 or 6 are usual)\n"
        "game deals 101\n           ^\n");
  CHECK(error_of_sheet("game basic target\n") ==
        "t.sheet:1:18: error: expected a number: a setting on the game's line is a word and a "
        "number, found the end of the line\ngame basic target\n                 ^\n");
  CHECK(error_of_sheet("game deals\nentry 5\nplayers A B\n") ==
        "t.sheet:1:11: error: expected the number of deals, e.g. 'game deals 3'\n"
        "game deals\n          ^\n");
  // Names and settings in any case; what each setting agrees.
  const Settlement hands = settle_text("GAME Basic HANDS 6\nplayers A B\n");
  CHECK(hands.deals_to_play == 6);
  CHECK(hands.target == 0);
  const Settlement target = settle_text("game basic target 200\nplayers A B\n");
  CHECK(target.target == 200);
  CHECK(settle_text("game basic\nplayers A B\n").target == 150);
}

TEST_CASE("a player's line: the outcome's words from the outcome table, then what it takes") {
  const std::string head = "game points\npoint 1\nplayers Asha Ravi\ndeal\n Asha declared\n";
  CHECK(error_of_sheet(head + " Ravi missed 5♠\n") ==
        "t.sheet:6:14: error: expected the end of the line, found '5♠'\n"
        " Ravi missed 5♠\n             ^\n");
  CHECK(error_of_sheet(head + " Ravi showed\n") ==
        "t.sheet:6:13: error: expected the hand that was shown, or its count alone (45), found "
        "the end of the line\n Ravi showed\n            ^\n");
  CHECK(error_of_sheet(head + " Ravi declared 45\n") ==
        "t.sheet:6:16: error: expected the hand that was shown, or the end of the line, found "
        "'45'\n Ravi declared 45\n               ^\n");
  CHECK(error_of_sheet(head + " Ravi dropped fist\n") ==
        "t.sheet:6:15: error: expected first or middle after 'dropped': first before the first "
        "draw, middle any time after, found 'fist' (did you mean 'first'?)\n"
        " Ravi dropped fist\n              ^\n");
  CHECK(error_of_sheet(head + " Ravi dropped first 5♠\n") ==
        "t.sheet:6:21: error: expected the end of the line, found '5♠'\n"
        " Ravi dropped first 5♠\n                    ^\n");
  // The words in any case; a hand written in letters is no word of the outcome.
  const Sheet sheet = parse_sheet(head +
                                      " Ravi Dropped MIDDLE\ndeal\n Asha showed AS KS QS\n"
                                      " Ravi declared\n",
                                  "t.sheet");
  const auto& first = std::get<SheetDeal>(sheet.events[0]).entries;
  CHECK(first[1].outcome == Outcome::dropped);
  CHECK(first[1].drop == Drop::middle);
  const auto& second = std::get<SheetDeal>(sheet.events[1]).entries;
  CHECK(second[0].outcome == Outcome::showed);
  REQUIRE(second[0].hand);
  CHECK(second[0].hand->cards.size() == 3);
  CHECK(second[1].outcome == Outcome::declared);
  CHECK_FALSE(second[1].hand);
}

TEST_CASE("the outcome table: one row per outcome, in order, words unique") {
  const auto& lines = outcome_rows;
  REQUIRE(lines.size() == static_cast<std::size_t>(Outcome::foul) + 1);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    CAPTURE(i);
    CHECK(lines[i].value == static_cast<Outcome>(i));
    CHECK_FALSE(lines[i].id.empty());
    for (std::size_t j = 0; j < i; ++j) CHECK(lines[i].id != lines[j].id);
  }
}
