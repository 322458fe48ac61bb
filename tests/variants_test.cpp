// Basic, Knock and Crazy Rummy (rules §3-§5): melds, wild cards, values and contracts, through
// the library and the command line.
#include <doctest/doctest.h>

#include "cli_run.hpp"
#include "helpers.hpp"
#include "scoring.hpp"

#include <tuple>

#include <nlohmann/json.hpp>

using namespace rummy;
using rummy::test::rummy_cli;
using Json = nlohmann::json;

namespace {
GroupKind kind_in(Variant variant, std::string_view group, const Rules* with = nullptr) {
  const Rules rules = with ? *with : Rules::for_variant(variant);
  return test::classify(group, "", rules).kind;
}
std::string reason_in(Variant variant, std::string_view group) {
  return test::reason(group, "", Rules::for_variant(variant));
}
int points_in(Variant variant, std::string_view hand) {
  const Rules rules = Rules::for_variant(variant);
  const Hand read = test::hand_of(hand, "", rules);
  return score_shown_hand(read, check_declaration(read, rules), rules).points;
}
}  // namespace

TEST_CASE("Basic Rummy: books of 3 or 4, runs of 3 or more, the ace low only") {
  CHECK(is_valid_group(kind_in(Variant::basic, "8♥-8♠-8♦")));
  CHECK(is_valid_group(kind_in(Variant::basic, "8♥-8♠-8♦-8♣")));
  CHECK(is_sequence(kind_in(Variant::basic, "A♠-2♠-3♠")));
  CHECK(is_sequence(kind_in(Variant::basic, "7♥-8♥-9♥-10♥-J♥")));
  CHECK(kind_in(Variant::basic, "Q♠-K♠-A♠") == GroupKind::invalid);
  CHECK(reason_in(Variant::basic, "Q♠-K♠-A♠") ==
        "the ace is low in this game (A-2-3, never Q-K-A)");
  Rules ace_high = Rules::for_variant(Variant::basic);
  REQUIRE_FALSE(apply_house_rule(ace_high, "ace-high-or-low=on"));
  CHECK(is_sequence(kind_in(Variant::basic, "Q♠-K♠-A♠", &ace_high)));
  CHECK(card_points(Card(Rank::ace, Suit::spades), std::nullopt, ace_high) == 15);
}

TEST_CASE("Basic Rummy: one pack, no jokers, no wild cards") {
  CHECK(test::error_of("8♥ 8♥", "", Rules::for_variant(Variant::basic))
            .find("a second 8♥: 1 deck holds only 1 of each card") != std::string::npos);
  CHECK(test::error_of("8♥ PJ", "", Rules::for_variant(Variant::basic))
            .find("Basic Rummy is played without jokers") != std::string::npos);
}

TEST_CASE("Basic Rummy scores every card left in hand: ace 1, numbers face value, J Q K 10") {
  CHECK(points_in(Variant::basic, "A♠ 9♦ 5♣ 2♥ K♣") == 1 + 9 + 5 + 2 + 10);
}

TEST_CASE("laying off: 7♥ or J♥ onto 8♥-9♥-10♥, the fourth 8 onto three 8s") {
  CHECK(rummy_cli({"layoff", "8♥-9♥-10♥", "7♥"}).code == 0);
  CHECK(rummy_cli({"layoff", "8♥-9♥-10♥", "J♥"}).code == 0);
  CHECK(rummy_cli({"layoff", "8♥-8♠-8♦", "8♣"}).code == 0);
  const auto no = rummy_cli({"layoff", "8♥-9♥-10♥", "8♣"});
  CHECK(no.code == 1);
  CHECK(no.out.rfind("no: ", 0) == 0);
  CHECK(rummy_cli({"layoff", "8♥-9♥-10♥", "Q♥"}).code == 1);
}

TEST_CASE("Knock Rummy: deadwood counts J Q K 10, numbers face value, ace 1") {
  // The Junglee guide's example: K♣ K♠ 7♥ A♠ = 28.
  CHECK(points_in(Variant::knock, "K♣ K♠ 7♥ A♠ | 2♥-3♥-4♥ | 9♦ 9♣ 9♠") == 28);
  const auto json = rummy_cli({"score", "--variant", "knock", "--format", "json",
                               "K♣ K♠ 7♥ A♠ | 2♥-3♥-4♥ | 9♦ 9♣ 9♠"})
                        .json();
  CHECK(json["points"] == 28);
  CHECK(json["rule_id"] == "deadwood");
}

TEST_CASE("Crazy Rummy: runs of 4 or more, books of 3 or more of any suits") {
  CHECK(is_sequence(kind_in(Variant::crazy, "5♥-6♥-7♥-8♥")));
  CHECK(kind_in(Variant::crazy, "5♥-6♥-7♥") == GroupKind::invalid);
  CHECK(reason_in(Variant::crazy, "5♥-6♥-7♥") == "3 cards of one suit: a run needs at least 4");
  CHECK(kind_in(Variant::crazy, "4♠-4♠-4♦") == GroupKind::set);                 // "not suited"
  CHECK(kind_in(Variant::crazy, "Q♠-K♠-A♠-PJ") == GroupKind::impure_sequence);  // ace high
  CHECK(kind_in(Variant::crazy, "Q♠-K♠-A♠-3♠") == GroupKind::invalid);          // no wrap
  CHECK(kind_in(Variant::crazy, "Q♠-K♠-A♠-2♠") == GroupKind::impure_sequence);  // 2♠ as J♠
}

TEST_CASE("Crazy Rummy: 2s and jokers are wild, two at most in a run and one in a book") {
  const auto read = [](std::string_view group) {
    return test::classify(group, "", Rules::for_variant(Variant::crazy));
  };
  CHECK(read("5♥-JK-2♣-8♥").kind == GroupKind::impure_sequence);  // = 5-6-7-8♥
  CHECK(read("5♥-JK-2♣-2♦-9♥").kind == GroupKind::invalid);
  CHECK(reason_in(Variant::crazy, "5♥-JK-2♣-2♦-9♥") ==
        "3 wild cards stand in for others: a run holds at most 2");
  CHECK(read("4♠-4♦-JK").kind == GroupKind::set);
  CHECK(read("4♠-4♦-2♣").kind == GroupKind::set);
  CHECK(read("4♠-JK-2♣").kind == GroupKind::invalid);
  CHECK(reason_in(Variant::crazy, "4♠-JK-2♣") ==
        "2 wild cards stand in for others: a book holds at most 1");
  // A 2 of the run's suit in its natural place stands for itself.
  CHECK(read("A♥-2♥-3♥-4♥").kind == GroupKind::pure_sequence);
  CHECK(read("A♥-2♥-3♥-4♥-JK-JK").kind == GroupKind::impure_sequence);
}

TEST_CASE("Crazy Rummy: a 2 among 2s stands for itself, so 2s make a book of natural 2s") {
  const Rules crazy = Rules::for_variant(Variant::crazy);
  const GroupVerdict twos = test::classify("2♠-2♦-2♥", "", crazy);
  CHECK(twos.kind == GroupKind::set);
  CHECK(reason_in(Variant::crazy, "2♠-2♦-2♥") == "three 2s");
  // Suits may repeat in a Crazy book, and a joker is its one wild standing in.
  CHECK(test::classify("2♠-2♠-2♥-2♣", "", crazy).kind == GroupKind::set);
  CHECK(reason_in(Variant::crazy, "2♠-2♦-2♥-JK") == "four 2s: JK stands for a 2");
  // Two jokers are two wilds standing in, one more than a book takes: the fault is the book's,
  // not a run's that would have all but one 2 stand in.
  CHECK(test::classify("2♣-2♣-2♥-JK-JK", "", crazy).kind == GroupKind::invalid);
  CHECK(reason_in(Variant::crazy, "2♣-2♣-2♥-JK-JK") ==
        "2 wild cards stand in for others: a book holds at most 1");
  // Round 1's two books may be one of them.
  const auto round =
      rummy_cli({"validate", "--variant", "crazy", "--round", "1", "2♠-2♦-2♥ | 5♠-5♦-5♥-JK"});
  CHECK(round.code == 0);
}

TEST_CASE("Crazy Rummy scores ace 15, 9 to K 10, 3 to 8 5, 2s and jokers 20") {
  CHECK(points_in(Variant::crazy, "A♠ 9♦ 5♣ 2♥ JK") == 15 + 10 + 5 + 20 + 20);
  CHECK(points_in(Variant::crazy, "K♠ 10♦ 3♣ 8♥") == 10 + 10 + 5 + 5);
}

TEST_CASE("Crazy Rummy's seven contracts, and what is missing") {
  const std::vector<std::array<int, 4>> table = {{1, 7, 2, 0},  {2, 8, 1, 1},  {3, 9, 0, 2},
                                                 {4, 10, 3, 0}, {5, 11, 2, 1}, {6, 12, 1, 2},
                                                 {7, 13, 0, 3}};
  for (const auto& [round, cards, books, runs] : table) {
    const auto contract = Rules::for_variant(Variant::crazy).round(round);
    REQUIRE(contract);
    CHECK(contract->cards == cards);
    CHECK(contract->books == books);
    CHECK(contract->runs == runs);
  }
  CHECK_FALSE(Rules::for_variant(Variant::crazy).round(8));
  const std::string melds = "5♥-JK-2♣-8♥ | 4♠ 4♦ JK";
  CHECK(rummy_cli({"validate", "--variant", "crazy", "--round", "2", melds}).code == 0);
  const auto missing = rummy_cli({"validate", "--variant", "crazy", "--round", "3", melds});
  CHECK(missing.code == 1);
  CHECK(missing.out.find("round 3 needs 2 runs: 1 run more to go down") != std::string::npos);
  CHECK(rummy_cli({"validate", "--variant", "crazy", "--round", "1", melds})
            .out.find("round 1 needs 2 books: 1 book more to go down") != std::string::npos);
  CHECK(rummy_cli({"validate", "--round", "2", melds}).code == 2);  // not Crazy Rummy
  CHECK(rummy_cli({"validate", "--variant", "crazy", "--wild", "7", melds}).code == 2);
}

TEST_CASE("Basic, Knock and Crazy Rummy speak of runs, books and melds, and write JK as JK") {
  CHECK(reason_in(Variant::basic, "7♠-9♠-10♠") == "8♠ between 7♠ and 10♠ is missing");
  CHECK(reason_in(Variant::knock, "5♠-5♣-6♥") ==
        "6♥ is not a 5, so it cannot stand in this book of 5s");
  CHECK(reason_in(Variant::basic, "4♦-5♦-6♦") == "4♦-5♦-6♦ in order");
  CHECK(reason_in(Variant::crazy, "4♦-5♦-6♦-7♦") == "4♦-5♦-6♦-7♦ in order, no wild card");
  CHECK(reason_in(Variant::crazy, "2♠-3♦") == "only 2 cards: a meld needs at least 3");
  CHECK(reason_in(Variant::crazy, "JK-4♦-5♦-6♦") == "reads 4♦-5♦-6♦-7♦: JK stands for 7♦");
  const auto validate =
      rummy_cli({"validate", "--variant", "basic", "7♠-9♠-10♠ | 4♦-5♦-6♦ | K♣-K♦-K♠"});
  CHECK(validate.out.find("  - meld 1 (7♠-9♠-10♠) is not a meld: 8♠ between 7♠ and 10♠ is "
                          "missing\n") != std::string::npos);
  const auto valid = rummy_cli({"validate", "--variant", "basic", "4♦-5♦-6♦ | K♣-K♦-K♠"});
  CHECK(valid.out.find("every meld is valid: 6 cards in 1 run and 1 book") != std::string::npos);
  const auto crazy = rummy_cli({"score", "--variant", "crazy", "--format", "json", "JK 2♣ 5♦"});
  CHECK(crazy.out.find("\"JK\"") != std::string::npos);
  CHECK(crazy.out.find("PJ") == std::string::npos);
  CHECK(crazy.out.find("(WJ)") == std::string::npos);
  // Indian rummy keeps its words: PJ, sequences, jokers.
  CHECK(reason_in(Variant::indian, "7♠-9♠-10♠") ==
        "8♠ between 7♠ and 10♠ is missing: 1 joker needed, the group has none");
}

TEST_CASE(
    "score, batch and settle name the game alike in JSON: a format of Indian rummy or the "
    "game itself") {
  for (const auto& [variant, hand, name] :
       {std::tuple{"basic", "K♣ 7♥ A♠", "basic"}, std::tuple{"knock", "K♣ 7♥ A♠", "knock"},
        std::tuple{"crazy", "K♣ 7♥ A♠ 5♦ 9♠ 10♠ J♠ Q♠ 3♦ 4♦ 6♥ 8♥ 8♣", "crazy"}}) {
    CAPTURE(variant);
    const auto score = rummy_cli({"score", "--variant", variant, "--format", "json", hand});
    CHECK(score.json()["game"] == name);
    const auto batch =
        rummy_cli({"batch", "--variant", variant, "--format", "json"}, std::string(hand) + "\n");
    CHECK(Json::parse(batch.out)["game"] == name);
  }
  const std::string indian = "A♠-2♠-3♠ | 4♦-5♦-6♦ | 7♣-8♣-9♣ | J♥-J♦-J♠-J♣";
  CHECK(rummy_cli({"score", "--game", "pool101", "--format", "json", indian}).json()["game"] ==
        "pool101");
  CHECK(Json::parse(rummy_cli({"batch", "--game", "pool101", "--format", "json"}, indian + "\n")
                        .out)["game"] == "pool101");
}

TEST_CASE("Basic and Knock refuse a hand larger than they deal, in score, validate and batch") {
  const std::string eleven = "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠";
  const std::string ten = "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠";
  for (const std::string variant : {"basic", "knock"}) {
    CAPTURE(variant);
    for (const std::string command : {"score", "validate"}) {
      CAPTURE(command);
      const auto refused = rummy_cli({command, "--variant", variant, eleven});
      CHECK(refused.code == 2);
      CHECK(refused.err.find("11 cards: a " +
                             std::string(variant_description(*find_variant(variant))) +
                             " hand never holds more than the 10 dealt") != std::string::npos);
      CHECK(rummy_cli({command, "--variant", variant, ten}).code != 2);
    }
    const auto batch = rummy_cli({"batch", "--variant", variant}, ten + "\n" + eleven + "\n");
    CHECK(batch.out.find("<stdin>:1: valid") != std::string::npos);
    CHECK(batch.out.find("<stdin>:2:34: error: 11 cards: a " +
                         std::string(variant_description(*find_variant(variant))) +
                         " hand never holds more than the 10 dealt") != std::string::npos);
  }
  // A Crazy Rummy hand grows past its deal with claims (ruling 6.23): 14 cards are counted.
  const auto crazy =
      rummy_cli({"score", "--variant", "crazy", "3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 3♥ 4♥"});
  CHECK(crazy.code == 0);
  CHECK(crazy.out.find("pays 105 points") != std::string::npos);
}
