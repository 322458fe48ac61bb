// rummy arrange and rummy outs through the command line, and the round trip: what arrange
// prints, given back to score and validate, says the same.
#include <doctest/doctest.h>

#include <random>
#include <sstream>

#include <nlohmann/json.hpp>

#include "card.hpp"
#include "cli_run.hpp"
#include "declaration.hpp"
#include "helpers.hpp"

using Json = nlohmann::json;
using rummy::test::rummy_cli;
using rummy::test::Run;

namespace {

const std::string seed_hand = "10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥";

}  // namespace

TEST_CASE(
    "arrange: the Junglee guide's example regroups to pay 30 where the written grouping pays 70") {
  const Run text = rummy_cli({"arrange", "--wild", "10", seed_hand});
  CHECK(text.code == 0);
  CHECK(text.out ==
        "wild jokers: the 10s (from --wild)\n"
        "1  A♦-2♦-3♦          pure sequence      A♦-2♦-3♦ in order, no joker\n"
        "2  J♥-Q♥-10♥(WJ)-A♥  impure sequence    reads J♥-Q♥-K♥-A♥: 10♥ (wild) stands for K♥\n"
        "3  5♠-5♦-5♣          set                three 5s of different suits\n"
        "4  A♠-Q♣-Q♥          not a valid group  A♠ is not a Q and not wild (the wild jokers are "
        "the 10s), so it cannot stand in this set of queens\n"
        "best: pays 30 points\n"
        "rule: two sequences, one of them pure: only cards outside valid groups count\n"
        "as written: pays 70 points, 40 more\n"
        "as notation: A♦-2♦-3♦ | J♥-Q♥-10♥(WJ)-A♥ | 5♠-5♦-5♣ | A♠-Q♣-Q♥\n");
  const Json json = rummy_cli({"arrange", "--wild", "10", "--format", "json", seed_hand}).json();
  CHECK(json["valid"] == false);
  CHECK(json["points"] == 30);
  CHECK(json["given_points"] == 70);
  CHECK(json["discard"] == nullptr);
  CHECK(json["groups"].size() == 4);
  CHECK(json["groups"][1]["kind"] == "impure_sequence");
}

TEST_CASE("arrange: 14 cards name the discard that declares") {
  const Json json =
      rummy_cli({"arrange", "--format", "json", "Q♣ J♦ 4♦ 6♣ A♠ 4♠ 7♣ 2♠ 4♣ J♥ 3♠ 4♥ J♣ 8♣"})
          .json();
  CHECK(json["valid"] == true);
  CHECK(json["points"] == 2);
  CHECK(json["discard"] == "Q♣");
  CHECK(json["given_points"] == nullptr);
  const Run text = rummy_cli({"arrange", "Q♣ J♦ 4♦ 6♣ A♠ 4♠ 7♣ 2♠ 4♣ J♥ 3♠ 4♥ J♣ 8♣"});
  CHECK(text.out.find("you can declare by discarding Q♣\n") != std::string::npos);
}

TEST_CASE("arrange and outs refuse hands of the wrong size") {
  const Run short_hand = rummy_cli({"arrange", "A♠ 2♠ 3♠"});
  CHECK(short_hand.code == 2);
  CHECK(short_hand.err ==
        "<argument>:1:9: error: 3 cards: expected 13 (a shown hand) or 14 (a hand about to "
        "declare, with the card drawn)\n"
        "A♠ 2♠ 3♠\n"
        "        ^\n");
  CHECK(rummy_cli({"outs", "Q♣ J♦ 4♦ 6♣ A♠ 4♠ 7♣ 2♠ 4♣ J♥ 3♠ 4♥ J♣ 8♣"}).code == 2);
}

TEST_CASE("outs: the cards that declare, with the copies that can still come") {
  const std::string hand = "A♠-2♠-3♠ | 6♣-7♣-8♣ | 4♦-4♠-4♣-4♥ | J♦-J♥ Q♣";
  const Json json = rummy_cli({"outs", "--format", "json", hand}).json();
  CHECK(json["points_now"] == 30);
  std::vector<std::string> cards;
  for (const Json& out : json["declare"]) cards.push_back(out["card"]);
  CHECK(cards == std::vector<std::string>{"J♠", "J♣", "PJ"});
  CHECK(json["declare"][0]["copies_left"] == 2);
  CHECK(json["declare"][0]["discard"] == "Q♣");
  CHECK(json["improve"] == Json::array());

  // Holding both J♠ leaves no J♠ to draw.
  const Json fewer =
      rummy_cli({"outs", "--format", "json", "A♠-2♠-3♠ | 6♣-7♣-8♣ | J♠-J♠-4♣-4♥ | J♦-J♥ Q♣"})
          .json();
  for (const Json& out : fewer["declare"]) CHECK(out["card"] != "J♠");

  const Run text = rummy_cli({"outs", hand});
  CHECK(text.out ==
        "wild jokers: none, only PJ\n"
        "as it stands the hand pays 30 points\n"
        "3 cards declare (6 copies may be unseen):\n"
        "  J♠ (2 left), then discard Q♣\n"
        "  J♣ (2 left), then discard Q♣\n"
        "  PJ (2 left), then discard Q♣\n");
}

TEST_CASE("outs: with no card that declares, the cards that lower the count most") {
  const Json json =
      rummy_cli({"outs", "--format", "json", "A♠ 2♠ 3♠ 6♣ 7♣ 9♣ 4♦ 4♠ K♣ Q♥ J♦ J♥ Q♣"}).json();
  CHECK(json["declare"] == Json::array());
  REQUIRE_FALSE(json["improve"].empty());
  for (const Json& out : json["improve"]) {
    CHECK(out["points"] < json["points_now"]);
    CHECK(out["points"] == json["improve"][0]["points"]);
  }
}

TEST_CASE("what arrange prints, passed back to score and validate, gives the same answer") {
  std::mt19937 random(3);
  int declared = 0;
  for (int round = 0; round < 400; ++round) {
    const std::size_t size = 13 + static_cast<std::size_t>(round % 2);
    const auto wild_rank = static_cast<rummy::Rank>(1 + random() % 13);
    // Half the deals are built near a declaration, so that valid ones come back too.
    const std::vector<rummy::Card> cards =
        round % 4 < 2
            ? rummy::test::near_hand(random, size, wild_rank)
            : rummy::test::random_hand(random, size, wild_rank, static_cast<int>(random() % 5));
    const std::string wild(rummy::rank_name(wild_rank));
    std::string text;
    for (const rummy::Card card : cards) text += to_string(card) + " ";
    const Json arranged = rummy_cli({"arrange", "--wild", wild, "--format", "json", text}).json();
    const std::string grouped = arranged["hand"];
    CAPTURE(text);
    CAPTURE(grouped);
    const Json scored = rummy_cli({"score", "--wild", wild, "--format", "json", grouped}).json();
    CHECK(scored["points"] == arranged["points"]);
    const Run validated = rummy_cli({"validate", "--wild", wild, grouped});
    CHECK((validated.code == 0) == arranged["valid"].get<bool>());
    declared += arranged["valid"].get<bool>() ? 1 : 0;
  }
  CHECK(declared > 20);  // the round trip met valid declarations, not only losers
}

TEST_CASE("arrange --variant basic and crazy: the least deadwood, and a Crazy round's contract") {
  const Json basic = rummy_cli({"arrange", "--variant", "basic", "--format", "json",
                                "Q♠ K♠ A♠ 3♦ 4♦ 5♦ 6♦ 9♣ 9♥ 9♠"})
                         .json();
  CHECK(basic["points"] == 21);  // Q-K-A is no run with the ace low: 10 + 10 + 1
  CHECK(basic["hand"] == "3♦-4♦-5♦-6♦ | 9♠-9♥-9♣ | Q♠-K♠-A♠");
  const Json high = rummy_cli({"arrange", "--variant", "basic", "--house", "ace-high-or-low=on",
                               "--format", "json", "Q♠ K♠ A♠ 3♦ 4♦ 5♦ 6♦ 9♣ 9♥ 9♠"})
                        .json();
  CHECK(high["points"] == 0);

  const std::string crazy = "5♣ 5♦ 5♠ 6♥ 7♥ 8♥ 9♥ K♣";
  const Run round1 = rummy_cli({"arrange", "--variant", "crazy", "--round", "1", crazy});
  CHECK(round1.code == 0);
  CHECK(round1.out.find("round 1 needs 2 books: 1 book more to go down") != std::string::npos);
  CHECK(round1.out.find("least deadwood: 10 points") != std::string::npos);
  const Run round2 = rummy_cli({"arrange", "--variant", "crazy", "--round", "2", crazy});
  CHECK(round2.out.find("round 2's contract is met: these melds go down") != std::string::npos);

  // What arrange prints, given back to score as the grouping, has the same deadwood.
  const Json arranged = rummy_cli({"arrange", "--variant", "crazy", "--format", "json",
                                   "5♥ JK 2♣ 8♥ 4♣ 4♦ 4♠ Q♥ K♥ A♥ 2♦ 9♣ 9♣"})
                            .json();
  CHECK(arranged["points"] == 10);
  CHECK(arranged["rule_id"] == "deadwood");
  const Run again = rummy_cli(
      {"arrange", "--variant", "crazy", "--format", "json", arranged["hand"].get<std::string>()});
  CHECK(again.json()["given_points"] == 10);

  std::string seventeen;
  for (int i = 0; i < 17; ++i) seventeen += to_string(rummy::Card::from_index(i)) + " ";
  const Run too_many = rummy_cli({"arrange", "--variant", "crazy", "--decks", "8", seventeen});
  CHECK(too_many.code == 2);
  CHECK(too_many.err.find("17 cards: arrange takes at most 16 in Crazy Rummy") !=
        std::string::npos);
}

TEST_CASE("arrange --all: every grouping numbered, then how many reach the count") {
  const Run text =
      rummy_cli({"arrange", "--all", "--variant", "knock", "A♠ 2♠ 3♠ 4♠ 4♥ 4♦ 4♣ 7♥ 8♥ K♦"});
  CHECK(text.code == 0);
  CHECK(text.out ==
        "Knock Rummy: no wild cards\n"
        "grouping 1\n"
        "1  A♠-2♠-3♠     run         A♠-2♠-3♠ in order\n"
        "2  4♠-4♥-4♦-4♣  book        four 4s of different suits\n"
        "3  7♥-8♥-K♦     not a meld  K♦ is not a heart, so it cannot stand in this run of hearts\n"
        "as notation: A♠-2♠-3♠ | 4♠-4♥-4♦-4♣ | 7♥-8♥-K♦\n"
        "\n"
        "grouping 2\n"
        "1  A♠-2♠-3♠-4♠  run         A♠-2♠-3♠-4♠ in order\n"
        "2  4♥-4♦-4♣     book        three 4s of different suits\n"
        "3  7♥-8♥-K♦     not a meld  K♦ is not a heart, so it cannot stand in this run of hearts\n"
        "as notation: A♠-2♠-3♠-4♠ | 4♥-4♦-4♣ | 7♥-8♥-K♦\n"
        "\n"
        "least deadwood: 25 points\n"
        "rule: deadwood: the cards outside valid melds count\n"
        "2 groupings leave 25 points of deadwood\n");
  const Run one = rummy_cli(
      {"arrange", "--all", "--limit", "1", "--variant", "knock", "A♠ 2♠ 3♠ 4♠ 4♥ 4♦ 4♣ 7♥ 8♥ K♦"});
  CHECK(one.out.find("grouping 2") == std::string::npos);
  CHECK(one.out.find("2 groupings leave 25 points of deadwood: the first shown, and 1 more "
                     "(--limit)\n") != std::string::npos);
}

TEST_CASE("arrange --all in JSON: the best's fields unchanged, and the list under all") {
  const std::string hand = "A♠ 2♠ 3♠ 4♦ 5♦ 6♦ 7♦ 9♣ 9♦ 9♥ 9♠ J♠ J♣ J♦";
  const Json plain = rummy_cli({"arrange", "--format", "json", hand}).json();
  Json all = rummy_cli({"arrange", "--all", "--limit", "4", "--format", "json", hand}).json();
  const Json list = all["all"];
  all.erase("all");
  CHECK(all == plain);
  CHECK(list["total"] == 6);
  CHECK(list["total_exact"] == true);
  CHECK(list["truncated"] == true);
  REQUIRE(list["groupings"].size() == 4);
  CHECK(list["groupings"][0]["hand"] == plain["hand"]);
  CHECK(list["groupings"][0]["discard"] == plain["discard"]);
  // Each grouping, given to score with its discard, pays the best's count.
  for (const Json& grouping : list["groupings"]) {
    CHECK(grouping["valid"] == true);
    CHECK(grouping["points"] == 2);
    const std::string written =
        grouping["hand"].get<std::string>() + " | " + grouping["discard"].get<std::string>();
    CAPTURE(written);
    const Json scored = rummy_cli({"score", "--format", "json", written}).json();
    CHECK(scored["points"] == 2);
    CHECK(scored["discard"] == grouping["discard"]);
  }
}

TEST_CASE("arrange: --limit without --all, and --all in Marriage, are refused") {
  const Run limit =
      rummy_cli({"arrange", "--limit", "3", "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠"});
  CHECK(limit.code == 2);
  CHECK(limit.err == "rummy: error: --limit is for --all: how many of the groupings it lists\n");
  const Run zero = rummy_cli({"arrange", "--all", "--limit", "0", "A♠"});
  CHECK(zero.code == 2);
  const Run marriage =
      rummy_cli({"arrange", "--all", "--variant", "marriage", "--tiplu", "7♥", "A♠ 2♠ 3♠"});
  CHECK(marriage.code == 2);
  CHECK(marriage.err.find("arrange --all does not play Marriage") != std::string::npos);
}
