// Score sheets of Basic, Knock and Crazy Rummy (rules §3, §4, §5): who scores what each hand
// or round, how the game ends, and the errors a sheet of these games can hold.
#include <doctest/doctest.h>

#include <numeric>
#include <random>

#include "describe.hpp"
#include "helpers.hpp"
#include "knock.hpp"
#include "sheet.hpp"
#include "sheet_helpers.hpp"

using namespace rummy;
using rummy::test::error_of_sheet;
using rummy::test::settle_text;

namespace {

// What each entry changed as it is kept: in parts of a point (Settlement::score_parts).
std::vector<int> parts(const DealResult& deal) {
  std::vector<int> result;
  for (const EntryResult& entry : deal.entries) result.push_back(entry.change);
  return result;
}

// The same in whole points (the cases below have no fractions).
std::vector<int> changes(const Settlement& s, const DealResult& deal) {
  std::vector<int> result;
  for (const int part : parts(deal)) {
    CHECK(part % s.score_parts == 0);
    result.push_back(part / s.score_parts);
  }
  return result;
}

std::vector<long long> totals(const Settlement& s) {
  std::vector<long long> result;
  for (const PlayerResult& player : s.players) {
    CHECK(player.standing % s.score_parts == 0);
    result.push_back(player.standing / s.score_parts);
  }
  return result;
}

}  // namespace

TEST_CASE("Basic Rummy: going out scores the others' cards, rummy doubles them, first to target") {
  const Settlement s = settle_text(
      "game basic target 50\nplayers Asha Ravi Meena\n"
      "deal\n Asha out\n Ravi showed K♣ 7♥ A♠\n Meena showed 9♦ 9♣ 3♠\n"
      "deal\n Asha showed Q♠\n Ravi rummy\n Meena showed 4♥\n"
      "deal\n Asha out\n Ravi showed 5♠\n Meena showed 8♣ 2♥\n");
  REQUIRE(s.deals.size() == 3);
  CHECK(changes(s, s.deals[0]) == std::vector<int>{39, 0, 0});  // 10 + 7 + 1 and 9 + 9 + 3
  CHECK(changes(s, s.deals[1]) == std::vector<int>{0, 28, 0});  // (10 + 4) × 2
  CHECK(s.deals[0].entries[1].points == 18);
  CHECK(totals(s) == std::vector<long long>{54, 28, 0});
  CHECK(s.finished);
  CHECK(s.target == 50);
  CHECK(describe_result(s) == "Asha wins by reaching 50, 54");
  // Nothing may follow the end of the game.
  CHECK(error_of_sheet("game basic target 10\nplayers A B\ndeal\n A out\n B showed K♣\n"
                       "deal\n A out\n B showed K♣\n")
            .find("t.sheet:6:1: error: the game is over (A wins by reaching 10, 10)") == 0);
}

TEST_CASE("Basic Rummy: 150 by default, agreed hands, aces 15 under the house rule, ties go on") {
  const Settlement open = settle_text("game basic\nplayers A B\ndeal\n A out\n B showed K♣\n");
  CHECK(open.target == 150);
  CHECK_FALSE(open.finished);
  CHECK(describe_result(open) == "not finished: nobody has reached 150 yet");

  const Settlement s = settle_text(
      "game basic hands 2\nhouse ace-high-or-low=on\nplayers A B\n"
      "deal\n A out\n B showed A♠ 5♦\n"
      "deal\n A showed K♣ 10♥\n B out\n");
  CHECK(totals(s) == std::vector<long long>{20, 20});  // the ace counts 15
  CHECK_FALSE(s.finished);
  REQUIRE(s.events.size() == 1);
  CHECK(s.events[0].after_deal == 2);
  CHECK(describe_event(s, s.events[0]) == "A and B are tied at 20: one more hand decides");
  const Settlement broken = settle_text(
      "game basic hands 2\nplayers A B\ndeal\n A out\n B showed 5♦\ndeal\n A showed 5♠\n B out\n"
      "deal\n A showed 2♣\n B out\n");
  CHECK(broken.deals[2].extra);
  CHECK(describe_result(broken) == "B wins with the highest total, 7");
}

TEST_CASE(
    "Knock Rummy: the Persian guide's worked example as a round, and deadwood found or as "
    "grouped") {
  const Settlement s = settle_text(
      "game knock rounds 2\nplayers P1 P2 P3 P4\n"
      "deal\n"
      " P1 showed K♣ K♠ 7♥ A♠ 3♦ 10♦ 8♣\n"
      " P2 knocked A♥ 2♥ 3♥ 2♣ 4♣ 5♦ 8♠\n"
      " P3 showed 2♠ 3♠ 4♠ Q♦ 9♥ 5♥ 4♥\n"
      " P4 showed J♥ J♦ J♣ 6♥ 8♦ 9♣ Q♠\n");
  REQUIRE(s.deals.size() == 1);
  std::vector<int> deadwood;
  for (const EntryResult& entry : s.deals[0].entries) deadwood.push_back(entry.points);
  CHECK(deadwood == std::vector<int>{49, 19, 28, 33});
  CHECK(changes(s, s.deals[0]) == std::vector<int>{-30, 53, -9, -14});
  CHECK(describe_deal(s, s.deals[0]) == "P2 wins with 19 deadwood");
  CHECK(s.deals[0].entries[2].hand == "2♠-3♠-4♠ | Q♦-9♥-5♥-4♥");
  CHECK(describe_result(s) == "not finished: 1 of 2 rounds played");

  // Grouped by the player: the groups count as written, even when a better split exists.
  const Settlement grouped = settle_text(
      "game knock rounds 1\nplayers A B C\n"
      "deal\n A knocked 3♣ 4♣ 5♣ 9♥ 9♦ 9♠ Q♦\n B showed A♠ 2♠ 3♠ 7♥ 7♣ 7♦ 5♥\n"
      " C showed K♥-Q♥ | J♥ 10♣ 10♦ 6♠ 2♦\n");
  CHECK(grouped.deals[0].entries[2].points == 58);  // as grouped; the best split leaves 28
  CHECK(changes(grouped, grouped.deals[0]) == std::vector<int>{-15, 68, -53});  // undercut: 10 more
  CHECK(describe_result(grouped) == "B wins with the highest total, 68");
  // Every round sums to zero.
  for (const DealResult& deal : s.deals) {
    const std::vector<int> c = parts(deal);
    CHECK(std::accumulate(c.begin(), c.end(), 0) == 0);
  }
}

TEST_CASE("Crazy Rummy: seven rounds, the cards left in hand added up, the lowest total wins") {
  std::string text = "game crazy\nplayers A B C\n";
  for (int round = 1; round <= 7; ++round) {
    text += "deal\n A out\n B showed A♠ 9♦ 5♣ 2♥ JK\n C showed 3♣\n";
  }
  const Settlement s = settle_text(text);
  REQUIRE(s.deals.size() == 7);
  CHECK(changes(s, s.deals[0]) == std::vector<int>{0, 70, 5});  // 15 + 10 + 5 + 20 + 20; 5
  CHECK(describe_deal(s, s.deals[6]) == "13 cards dealt, 3 runs to go down");
  CHECK(describe_deal(s, s.deals[0]) == "7 cards dealt, 2 books to go down");
  CHECK(totals(s) == std::vector<long long>{0, 490, 35});
  CHECK(describe_result(s) == "A wins with the lowest total after round 7, 0");
  CHECK(error_of_sheet(text + "deal\n A out\n B showed 3♣\n C showed 3♣\n")
            .find("t.sheet:31:1: error: the game is over") == 0);
  // A tie for the lowest total shares the win.
  std::string tied = "game crazy\nplayers A B\n";
  for (int round = 1; round <= 7; ++round) {
    tied += round % 2 ? "deal\n A out\n B showed 3♣\n" : "deal\n A showed 3♣\n B out\n";
  }
  const Settlement shared = settle_text(tied);
  CHECK(totals(shared) == std::vector<long long>{15, 20});
  std::string even = "game crazy\nplayers A B\n";
  for (int round = 1; round <= 6; ++round) {
    even += round % 2 ? "deal\n A out\n B showed 3♣\n" : "deal\n A showed 3♣\n B out\n";
  }
  even += "deal\n A out\n B out\n";
  CHECK(error_of_sheet(even).find("A already went out in this deal") != std::string::npos);
  even.erase(even.rfind("deal\n"));
  even += "deal\n A out\n B showed JK\n";
  CHECK(describe_result(settle_text(even)) == "A wins with the lowest total after round 7, 15");
  // After five rounds A has 10 and B 15; then B adds 5 and A 10.
  std::string tie_text = "game crazy\nplayers A B\n";
  for (int round = 1; round <= 5; ++round) {
    tie_text += round % 2 ? "deal\n A out\n B showed 3♣\n" : "deal\n A showed 3♣\n B out\n";
  }
  tie_text += "deal\n A out\n B showed 3♣\ndeal\n A showed K♣\n B out\n";
  CHECK(describe_result(settle_text(tie_text)) == "A and B share the win, 20 each");
}

TEST_CASE("score sheets: what does not belong to these games is an error with its place") {
  CHECK(error_of_sheet("game basic\npoint 2\nplayers A B\n")
            .find("a Basic Rummy sheet keeps scores: the rulebook gives it no money") !=
        std::string::npos);
  CHECK(error_of_sheet("game knock\nplayers A B\n") ==
        "t.sheet:1:11: error: expected the number of rounds agreed, e.g. 'game knock rounds 5'\n"
        "game knock\n"
        "          ^\n");
  CHECK(error_of_sheet("game basic hands x\n").find("t.sheet:1:18: error: expected a number") == 0);
  CHECK(error_of_sheet("game basic   \nplayers A B\ndeal\n A out\n B showed 5♦\n") == "no error");
  CHECK(error_of_sheet("game basic\nplayers A B\ndeal\n A declared A♠-2♠-3♠\n B showed 5♦\n")
            .find("t.sheet:4:2: error: 'declared' belongs to Indian rummy; Basic Rummy sheets have "
                  "'out' (ends it), 'rummy' (ends it)") == 0);
  CHECK(error_of_sheet("game crazy\nplayers A B\ndeal\n A rummy\n B showed 5♦\n")
            .find("t.sheet:4:2: error: 'rummy' belongs to Basic Rummy; Crazy Rummy sheets have "
                  "'out' (ends it)") == 0);
  CHECK(error_of_sheet("game knock rounds 1\nplayers A B\ndeal\n A out\n B showed 5♦\n")
            .find("t.sheet:4:2: error: 'out' belongs to Basic Rummy and Crazy Rummy; Knock Rummy "
                  "sheets have 'knocked HAND|POINTS' (ends it)") == 0);
  CHECK(error_of_sheet("game basic\nplayers A B\ndeal\n A showed 4♦\n B showed 5♦\n")
            .find("t.sheet:3:1: error: hand 1 has no winner") == 0);
  CHECK(error_of_sheet("game basic\nplayers A B\ndeal wild 7\n A out\n B showed 5♦\n")
            .find("t.sheet:3:6: error: Basic Rummy has no wild rank to choose") == 0);
  CHECK(error_of_sheet("game basic\nplayers A B\ndeal\n A out\n B showed 5♦\nrejoin B\n")
            .find("t.sheet:6:8: error: only pool101 and pool201 sheets have re-joins") == 0);
  // Knock hands hold the deal size for the table: 10 for two players, 7 for 3-4, 6 for 5-6.
  CHECK(error_of_sheet("game knock rounds 1\nplayers A B\ndeal\n A knocked A♠ 2♠ 3♠\n"
                       " B showed 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦\n")
            .find("t.sheet:4:20: error: 3 cards: with 2 players each Knock Rummy hand holds 10") ==
        0);
  // One pack: a card seen twice in a deal is an error.
  CHECK(error_of_sheet("game basic\nplayers A B C\ndeal\n A out\n B showed 5♦\n C showed 5♦\n")
            .find("5♦ is seen 2 times in this hand, but 1 deck holds only 1") != std::string::npos);
  // And Indian rummy's winner declares.
  CHECK(error_of_sheet("game points\npoint 1\nplayers A B\ndeal\n A out\n B dropped first\n")
            .find("'out' belongs to Basic Rummy and Crazy Rummy") != std::string::npos);
}

TEST_CASE("Knock Rummy sheets: generated rounds always sum to zero and totals add up") {
  std::mt19937 random(21);
  std::vector<Card> deck;
  for (int index = 0; index < 52; ++index) deck.push_back(Card::from_index(index));
  for (int game = 0; game < 30; ++game) {
    const std::size_t players = 2 + static_cast<std::size_t>(game % 5);
    const std::size_t size = players == 2 ? 10 : players <= 4 ? 7 : 6;
    std::string text = "game knock rounds 5\nplayers";
    for (std::size_t p = 0; p < players; ++p) text += " P" + std::to_string(p);
    text += "\n";
    for (int round = 0; round < 5; ++round) {
      std::shuffle(deck.begin(), deck.end(), random);
      text += "deal\n";
      const std::size_t knocker = static_cast<std::size_t>(random() % players);
      for (std::size_t p = 0; p < players; ++p) {
        text += " P" + std::to_string(p) + (p == knocker ? " knocked" : " showed");
        for (std::size_t c = 0; c < size; ++c) text += " " + to_string(deck[p * size + c]);
        text += "\n";
      }
    }
    const Settlement s = settle_text(text);
    std::vector<long long> sum(players, 0);
    for (const DealResult& deal : s.deals) {
      const std::vector<int> c = parts(deal);
      CHECK(std::accumulate(c.begin(), c.end(), 0) == 0);
      for (std::size_t p = 0; p < players; ++p) sum[p] += c[p];
    }
    std::vector<long long> standings;
    for (const PlayerResult& player : s.players) standings.push_back(player.standing);
    CHECK(sum == standings);
  }
}
