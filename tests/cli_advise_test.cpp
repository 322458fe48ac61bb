// rummy advise through the command line: the ranked table a player reads, the JSON's figures
// against their definitions (docs/rules.md 6.87 to 6.89), and the refusals in their own words.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"

using Json = nlohmann::json;
using rummy::test::rummy_cli;
using rummy::test::Run;

namespace {

const std::string gin_hand = "A♠ 2♠ 3♠ 7♥ 7♦ 7♣ 9♣ 10♣ J♣ 5♥ K♦";
const std::string drawn_hand = "Q♣ J♦ 4♦ 6♣ A♠ 4♠ 7♣ 2♠ 4♣ J♥ 3♠ 4♥ J♣ 8♣";
const std::string thirteen = "A♠ 2♠ 3♠ 6♣ 7♣ 8♣ 4♦ 4♠ 4♣ J♦ J♥ Q♣ 9♥";
// A Marriage player who has seen (tiplu 5♦: the 5s, 4♦ and 6♦ wild), after the draw: one card
// away once 3♠ is thrown.
const std::string seen_shown = "shown 2♥-3♥-4♥ | 6♠-7♠-8♠ | Q♣-Q♣-Q♣ hand ";
const std::string marriage_hand = seen_shown + "J♣ 10♣ 9♣ K♥ K♠ K♦ A♣ 2♣ 9♦ 9♥ 5♠ 7♦ 3♠";

int live_outs(const Json& choice) {
  int live = 0;
  for (const Json& out : choice["outs"]) live += out["live"].get<int>();
  return live;
}

}  // namespace

TEST_CASE("advise: a Gin hand after its draw, every discard ranked by the odds of gin") {
  const Run run = rummy_cli({"advise", "--variant", "gin", gin_hand});
  CHECK(run.code == 0);
  CHECK(run.err.empty());
  CHECK(
      run.out ==
      "Gin Rummy: no wild cards\n"
      "41 unseen cards; the odds count every draw (exact)\n"
      "  choice    points away next out in 2  why\n"
      "→ throw K♦       5    1 9.8%    18.8%  K♦ fits nothing kept; 4 live outs (4♠, 7♠, 8♣, Q♣)\n"
      "  throw 5♥      10    1 9.8%    18.8%  4 live outs (4♠, 7♠, 8♣, Q♣)\n"
      "  throw 7♦      29    2   0%     1.0%  2 cards away, no card completes it next\n"
      "  throw 7♣      29    2   0%     1.0%  2 cards away, no card completes it next\n"
      "  throw A♠      20    2   0%     0.5%  2 cards away, no card completes it next\n"
      "  throw 7♥      29    2   0%     0.4%  2 cards away, no card completes it next\n"
      "  throw J♣      34    2   0%     0.4%  2 cards away, no card completes it next\n"
      "  throw 9♣      35    2   0%     0.4%  2 cards away, no card completes it next\n"
      "  throw 3♠      18    2   0%       0%  2 cards away, no card completes it next\n"
      "  throw 2♠      19    2   0%       0%  2 cards away, no card completes it next\n"
      "  throw 10♣     34    2   0%       0%  2 cards away, no card completes it next\n");
}

TEST_CASE("advise: the next draw's odds are the live outs over the unseen cards") {
  const Json json = rummy_cli({"advise", "--format", "json", drawn_hand}).json();
  CHECK(json["variant"] == "indian");
  CHECK(json["unseen"] == 92);  // 2 packs and 2 printed jokers, less the 14 cards in hand
  CHECK(json["exact"] == true);
  CHECK(json["samples"] == nullptr);
  CHECK(json["choices"].size() == 14);
  // Throwing Q♣ declares: first, with odds 1.
  const Json& best = json["choices"][0];
  CHECK(best["discard"] == "Q♣");
  CHECK(best["goes_out"] == true);
  CHECK(best["cards_away"] == 0);
  CHECK(best["points"] == 2);
  CHECK(best["p_next"] == 1.0);
  CHECK(best["p_within"] == 1.0);
  CHECK_FALSE(best.contains("take"));
  for (const Json& choice : json["choices"]) {
    CAPTURE(choice["discard"].get<std::string>());
    CHECK(choice["interval"] == nullptr);
    CHECK(choice["p_within"].get<double>() >= choice["p_next"].get<double>());
    if (choice["goes_out"] == true) continue;
    CHECK(choice["p_next"].get<double>() == doctest::Approx(live_outs(choice) / 92.0));
  }
  // The card thrown has one live copy left (the other is the one thrown): J♥ among J♥'s outs.
  const Json& jack = json["choices"][5];
  CHECK(jack["discard"] == "J♥");
  CHECK(jack["outs"][1] == Json{{"card", "J♥"}, {"live", 1}});
}

TEST_CASE("advise --open and --seen: taking the open card against drawing blind") {
  const Json json =
      rummy_cli({"advise", "--open", "10♥", "--seen", "J♠ Q♥ 8♥", "--format", "json", thirteen})
          .json();
  CHECK(json["open"] == "10♥");
  CHECK(json["seen"] == Json::array({"J♠", "Q♥", "8♥"}));
  CHECK(json["unseen"] == 89);  // 106 less 13 in hand, 3 seen and the open card
  const Json& best = json["choices"][0];
  CHECK(best["take"] == "10♥");
  CHECK(best["discard"] == "J♦");
  CHECK(best["p_next"] == 0.0);  // the next draw is 10♥ itself, which does not go out
  CHECK(best["p_within"].get<double>() == doctest::Approx(11.0 / 89));
  CHECK(live_outs(best) == 11);
  // One of the two 8♥ and Q♥ has been seen: one live copy each.
  for (const Json& out : best["outs"]) {
    if (out["card"] == "8♥" || out["card"] == "Q♥") CHECK(out["live"] == 1);
  }
  const Json& blind = json["choices"][2];
  CHECK(blind["take"] == nullptr);
  CHECK(blind["discard"] == nullptr);
  CHECK(blind["cards_away"] == 2);
  for (const Json& choice : json["choices"]) CHECK(choice.contains("take"));
}

TEST_CASE("advise --draws 3: simulated from the seed, each figure inside its interval") {
  const std::vector<std::string> args = {
      "advise", "--variant", "basic", "--draws",  "3",    "--samples",
      "200",    "--seed",    "7",     "--format", "json", "5♠ 6♠ 7♠ 9♥ 9♦ 9♣ J♣ 10♣"};
  const Run first = rummy_cli(args);
  CHECK(first.code == 0);
  CHECK(first.out == rummy_cli(args).out);  // the same seed, the same figures
  const Json json = first.json();
  CHECK(json["exact"] == false);
  CHECK(json["samples"] == 200);
  CHECK(json["seed"] == 7);
  for (const Json& choice : json["choices"]) {
    CAPTURE(choice["discard"].get<std::string>());
    REQUIRE(choice["interval"].is_array());
    CHECK(choice["interval"][0].get<double>() <= choice["p_within"].get<double>());
    CHECK(choice["p_within"].get<double>() <= choice["interval"][1].get<double>());
  }
}

TEST_CASE("advise --draws 3: a figure of 0 has an interval from exactly 0") {
  const Json json = rummy_cli({"advise", "--variant", "basic", "--draws", "3", "--samples", "200",
                               "--seed", "7", "--format", "json", "A♠ 4♥ 7♦ 10♣ K♠ 3♦ 9♥ Q♣"})
                        .json();
  const Json& last = json["choices"].back();
  REQUIRE(last["p_within"] == 0.0);
  CHECK(last["interval"][0] == 0.0);
}

TEST_CASE("advise refuses a hand of the wrong size and options that would be ignored") {
  const auto refused = [](const std::vector<std::string>& args, const std::string& message) {
    const Run run = rummy_cli(args);
    CHECK(run.code == 2);
    CHECK(run.out.empty());
    CHECK(run.err == "rummy: error: " + message + "\n");
  };
  refused(
      {"advise", thirteen},
      "13 cards: advise takes a hand after its draw (14 cards: the 13 Indian rummy deals and the "
      "card drawn), or the hand alone with --open");
  refused({"advise", "--open", "7♥", drawn_hand},
          "14 cards: with --open, advise takes a hand before its draw (the 13 cards Indian rummy "
          "deals)");
  refused({"advise", "--samples", "500", drawn_hand},
          "--samples applies to a simulation (--draws 3 or more); with --draws 2 every draw is "
          "counted exactly");
  refused({"advise", "--draws", "1", "--seed", "3", drawn_hand},
          "--seed applies to a simulation (--draws 3 or more); with --draws 1 every draw is "
          "counted exactly");
  refused({"advise", "--seen", "Q♣ Q♣", drawn_hand},
          "Q♣ is in the hand, --seen and --open 3 times, but 2 are in play");

  const Run json = rummy_cli({"advise", "--format", "json", thirteen});
  CHECK(json.code == 2);
  CHECK(json.json()["error"]["message"] ==
        "13 cards: advise takes a hand after its draw (14 cards: the 13 Indian rummy deals and the "
        "card drawn), or the hand alone with --open");
  CHECK(rummy_cli({"advise", "--draws", "11", drawn_hand}).code == 2);
}

TEST_CASE("advise: a Marriage player who has seen, ranked by the odds of ending") {
  const Json json = rummy_cli({"advise", "--variant", "marriage", "--tiplu", "5♦", "--draws", "1",
                               "--format", "json", marriage_hand})
                        .json();
  CHECK(json["variant"] == "marriage");
  CHECK(json["tiplu"]["card"] == "5♦");
  CHECK(json["shown"] == Json::array({"2♥-3♥-4♥", "6♠-7♠-8♠", "Q♣-Q♣-Q♣"}));
  CHECK(json["hand"] == "J♣ 10♣ 9♣ K♥ K♠ K♦ A♣ 2♣ 9♦ 9♥ 5♠ 7♦ 3♠");
  // Three packs less the tiplu turned up and the 22 cards of the player's.
  CHECK(json["unseen"] == 133);
  CHECK(json["choices"].size() == 13);
  const Json& best = json["choices"][0];
  CHECK(best["discard"] == "3♠");
  CHECK(best["points"] == nullptr);
  CHECK(best["maal"] == 0);
  CHECK(best["cards_away"] == 1);
  // The tiplu has two copies in play (the third is turned up), the other cards three.
  bool tiplu_out = false;
  for (const Json& out : best["outs"]) {
    if (out["card"] == "5♦") {
      tiplu_out = true;
      CHECK(out["live"] == 2);
    }
  }
  CHECK(tiplu_out);
  CHECK(best["p_next"].get<double>() == doctest::Approx(live_outs(best) / 133.0));
  CHECK(best["p_within"] == best["p_next"]);
  // A discard of maal keeps less: with the poplu in hand, throwing it ranks after an equal
  // plain card.
  const Json with_poplu =
      rummy_cli({"advise", "--variant", "marriage", "--tiplu", "5♦", "--draws", "1", "--format",
                 "json", seen_shown + "J♣ 10♣ 9♣ K♥ K♠ K♦ A♣ 2♣ 3♣ 9♥ 9♦ 9♠ 6♦"})
          .json();
  CHECK(with_poplu["choices"][0]["goes_out"] == true);
  CHECK(with_poplu["choices"][0]["discard"] != "6♦");
  CHECK(with_poplu["choices"][0]["maal"] == 2);

  // On the dublee route only a copy pairs a card: every loose card fits nothing kept.
  const Json dublees = rummy_cli({"advise", "--variant", "marriage", "--tiplu", "7♦", "--draws",
                                  "1", "--format", "json",
                                  "shown 2♠-2♠ | 9♥-9♥ | J♦-J♦ | K♣-K♣ | 3♥-3♥ | 6♣-6♣ | Q♠-Q♠ "
                                  "hand 8♦ 9♦ 5♣ 4♣ 7♣ 10♥ J♠ A♠"})
                           .json();
  CHECK(dublees["choices"][0]["cards_away"] == 1);
  CHECK(dublees["choices"][0]["why"].get<std::string>().find("fits nothing kept") !=
        std::string::npos);
  CHECK(live_outs(dublees["choices"][0]) == 14);  // two more copies of each of the 7 kept
}

TEST_CASE("advise refuses a Marriage hand it cannot coach, in its own words") {
  const auto refused = [](const std::vector<std::string>& args, const std::string& message) {
    const Run run = rummy_cli(args);
    CHECK(run.code == 2);
    CHECK(run.out.empty());
    CHECK(run.err == "rummy: error: " + message + "\n");
  };
  refused({"advise", "--variant", "marriage", marriage_hand},
          "Marriage needs the tiplu: --tiplu CARD (the card turned up, such as --tiplu 7♦)");
  refused({"advise", "--variant", "marriage", "--tiplu", "5♦",
           "hand 2♥ 3♥ 4♥ 6♠ 7♠ 8♠ Q♣ Q♣ Q♣ J♣ 10♣ 9♣ K♥ K♠ K♦ A♣ 2♣ 9♦ 9♥ 5♠ 7♦ 3♠"},
          "the player has not seen the tiplu, and cannot end: advise coaches a player who has "
          "shown 3 pure combinations (or 7 dublees)");
  refused({"advise", "--variant", "marriage", "--tiplu", "7♦", "--players", "3",
           "shown 2♠-2♠ | 9♥-9♥ | J♦-J♦ | K♣-K♣ | 3♥-3♥ | 6♣-6♣ | Q♠-Q♠ hand 8♦ 9♦ 5♣ 4♣ 7♣ "
           "10♥ J♠ A♠"},
          "the groups shown are a foul (7 dublees with 3 players dealt in: the dublee route needs "
          "at least 4 (house rule dublee-min-players)): this hand cannot end");
  refused({"advise", "--variant", "marriage", "--tiplu", "5♦", marriage_hand + " discard 8♦"},
          "advise chooses the discard: write the hand without one (after 'discard')");
  refused({"advise", "--variant", "marriage", "--tiplu", "5♦", "--open", "8♦", marriage_hand},
          "22 cards: with --open, advise takes a hand before its draw (the 21 cards Marriage "
          "deals)");
  refused({"advise", "--variant", "marriage", "--tiplu", "5♦", "--house", "long-groups=on",
           marriage_hand},
          "advise does not play Marriage here: cards away is counted for combinations of three "
          "cards: not with the house rule long-groups");
  refused({"advise", "--variant", "marriage", "--tiplu", "5♦", "--seen", "5♦ 5♦ 5♦", marriage_hand},
          "5♦ is in the hand, --seen and --open 3 times, but 2 are in play");
}
