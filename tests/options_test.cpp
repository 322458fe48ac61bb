// An option or a setting that does not apply is refused, never ignored, the same way on the
// command line, in batch lines and in sheets; settings that contradict each other are errors
// with their column.
#include <doctest/doctest.h>

#include "cli_run.hpp"

using rummy::test::rummy_cli;

TEST_CASE("drops, --game and --decks that do not apply to the game are refused") {
  const auto drop = rummy_cli({"score", "--variant", "basic", "--drop", "first"});
  CHECK(drop.code == 2);
  CHECK(drop.err == "rummy: error: --drop is for Indian rummy: Basic Rummy has no drops\n");
  const auto game = rummy_cli({"score", "--variant", "knock", "--game", "pool101", "A♠ 2♠"});
  CHECK(game.code == 2);
  CHECK(game.err ==
        "rummy: error: --game names a format of Indian rummy (points, pool101, "
        "pool201 or deals); Knock Rummy has none\n");
  CHECK(rummy_cli({"batch", "--variant", "crazy", "--game", "deals"}, "").code == 2);
  const auto decks = rummy_cli({"validate", "--variant", "basic", "--decks", "2", "A♠ A♠ A♠"});
  CHECK(decks.code == 2);
  CHECK(decks.err ==
        "rummy: error: --decks: Basic Rummy is played with one pack: 2 would let a "
        "hand hold a card twice\n");
  // Indian rummy takes any number of packs, and its formats.
  CHECK(rummy_cli({"score", "--decks", "3", "--game", "pool101", "--drop", "middle"}).code == 0);
  // A sheet of a one-pack game refuses a second pack at its value.
  const auto sheet = rummy_cli({"settle"}, "game knock rounds 1\ndecks 2\nplayers A B\n");
  CHECK(sheet.err.starts_with("<stdin>:2:7: error: Knock Rummy is played with one pack"));
  // --round has no effect on laying off: layoff does not take it.
  CHECK(rummy_cli({"layoff", "--round", "2", "8♥-9♥-10♥", "7♥"}).code == 2);
}

TEST_CASE("a batch line's settings that repeat or contradict each other are errors there") {
  const auto run = rummy_cli({"batch"},
                             "[wild=7 wild=8] A♠-2♠-3♠\n"
                             "[declared, shown] A♠-2♠-3♠\n"
                             "[drop=first drop=middle]\n"
                             "[declared drop=first]\n"
                             "[game=deals] A♠-2♠-3♠ | 4♦-5♦-6♦ | 7♣-8♣-9♣ | J♥-J♦-J♠-J♣\n"
                             // Ten settings: the first conflict is the one reported.
                             "[wild=7 game=deals drop=first shown wild=8 game=points drop=middle "
                             "declared wild=9 shown] A♠-2♠-3♠\n");
  CHECK(run.code == 2);
  CHECK(run.out ==
        "<stdin>:1:14: error: a second wild rank: a deal has one (the other at column 7)\n"
        "<stdin>:2:12: error: 'declared' and 'shown' contradict each other (the other at column "
        "2)\n"
        "<stdin>:3:18: error: 'drop' is given twice (the other at column 7)\n"
        "<stdin>:4:16: error: a drop is no declaration: give 'declared' or a drop, not both (the "
        "other at column 2)\n"
        "<stdin>:5: valid (shown, deals), pays 2: a valid hand shown after the winner's "
        "declaration pays 2\n"
        "<stdin>:6:42: error: a second wild rank: a deal has one (the other at column 7)\n");
  const auto other = rummy_cli({"batch", "--variant", "basic"}, "[game=deals] A♠-2♠-3♠\n");
  CHECK(other.out ==
        "<stdin>:1:7: error: game= names a format of Indian rummy (points, pool101, "
        "pool201, deals); Basic Rummy has none\n");
  // game= may name the line's game, as --variant does: the batch's own, never another.
  const auto named = rummy_cli({"batch", "--variant", "gin"},
                               "[game=gin] A♣ 2♣ 3♣ 7♥ 8♥ 9♥ 10♥ Q♠ Q♥ Q♣\n"
                               "[game=Knock] A♣ 2♣ 3♣ 7♥ 8♥ 9♥ 10♥ Q♠ Q♥ Q♣\n"
                               "[game=gn] A♣\n");
  CHECK(named.out ==
        "<stdin>:1: valid (shown, gin), pays 0: deadwood: the cards outside valid melds count; "
        "grouped as 7♥-8♥-9♥-10♥ | A♣-2♣-3♣ | Q♠-Q♥-Q♣\n"
        "<stdin>:2:7: error: this line is a hand of Knock Rummy, but the batch plays Gin Rummy: a "
        "batch has one game, its --variant (a batch of its own: --variant knock)\n"
        "<stdin>:3:7: error: expected a game after 'game=': a format (points, pool101, pool201, "
        "deals), or a game's name as --variant writes it (indian, basic, knock, crazy, gin or "
        "marriage) "
        "(did you mean 'gin'?), found 'gn'\n");
}

TEST_CASE("score --rummy doubles a Basic hand that went rummy, and only there") {
  const auto run = rummy_cli({"score", "--variant", "basic", "--rummy", "K♣ 7♥ A♠"});
  CHECK(run.code == 0);
  CHECK(run.out.find("pays 36 points\n") != std::string::npos);
  CHECK(run.out.find("counted: K♣ 7♥ A♠ = 18\ngoing rummy: every point × 2 = 36\n") !=
        std::string::npos);
  CHECK(rummy_cli({"score", "--variant", "knock", "--rummy", "K♣"}).err ==
        "rummy: error: --rummy is for Basic Rummy, where going rummy doubles the hand; Knock "
        "Rummy has no such rule\n");
}

TEST_CASE("Basic sheets refuse more cards left than were dealt; Crazy hands may grow") {
  CHECK(rummy_cli({"settle"},
                  "game basic\nplayers A B C\ndeal\n A out\n B 5\n"
                  " C showed A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠\n")
            .err.starts_with("<stdin>:6:34: error: 8 cards left, but 7 were dealt to each of 3 "
                             "players"));
  // Crazy Rummy: claims out of turn take a penalty card, the dealer may take the face-up card
  // without discarding (ruling 6.23): 9 cards left in round 1 count.
  const auto crazy = rummy_cli({"settle", "--format", "json"},
                               "game crazy\nplayers A B\ndeal\n A out\n"
                               " B showed A♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ JK\n");
  CHECK(crazy.code == 0);
  CHECK(crazy.json()["deals"][0]["entries"][1]["points"] == 75);  // 15 + 6 × 5 + 10 + 20
}

TEST_CASE("layoff counts copies across the meld and the cards laid off") {
  const auto third = rummy_cli({"layoff", "--variant", "crazy", "8♠-8♠-8♦", "8♠"});
  CHECK(third.code == 2);
  CHECK(third.err ==
        "<cards>:1:1: error: 8♠ is one more copy than 2 decks hold with the meld\n"
        "8♠\n^\n");
  const auto second = rummy_cli({"layoff", "8♥-9♥-10♥", "J♥ 8♥"});
  CHECK(second.code == 2);
  CHECK(second.err.starts_with(
      "<cards>:1:4: error: 8♥ is one more copy than 1 deck holds with the meld"));
  CHECK(rummy_cli({"layoff", "8♥-9♥-10♥", "J♥"}).code == 0);
}
