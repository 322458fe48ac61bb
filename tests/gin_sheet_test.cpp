// Gin Rummy's table sheets (docs/sheet-format.md, rules §8.11, rulings 6.49–6.52): the lines,
// each hand scored from its cards, the game's end with its bonuses, and the errors.
#include <doctest/doctest.h>

#include <string>

#include "cli_run.hpp"
#include "describe.hpp"
#include "game_options.hpp"
#include "sheet.hpp"
#include "sheet_helpers.hpp"

using namespace rummy;
using namespace rummy::test;

namespace {

// The rulebook's worked examples (rules §8.10), Ann first.
const std::string knock_33 =
    "deal\n Ann knocked 5♠-6♠-7♠ | 9♥-9♦-9♣ | J♦-Q♦-K♦ | 3♣\n"
    " Bob showed 4♥-5♥-6♥ | 8♠ 9♠ 2♣ 4♦ 10♣ K♠ Q♥\n";
const std::string tie_25 =
    "deal\n Ann knocked 3♥-4♥-5♥ | 9♣-10♣-J♣ | K♠-K♥-K♦ | 6♣\n"
    " Bob showed 2♦-3♦-4♦ | 7♠-7♥-7♦ | Q♠-Q♦-Q♥ | 6♠\n";
const std::string knock_21 =
    "deal\n Ann knocked 7♠-7♦-7♥ | 8♥-9♥-10♥ | A♦-2♦-3♦ | A♣\n"
    " Bob showed 6♠-6♣-6♥ | Q♣ K♣ J♥ 7♣ 4♦ 5♦ 2♠\n";
const std::string undercut_32 =
    "deal\n Ann knocked 2♠-3♠-4♠ | 8♦-8♣-8♥ | 10♣-J♣-Q♣ | 7♠\n"
    " Bob showed A♥-A♦-A♣ | 5♥-6♥-7♥ | 9♠-10♠-J♠ | 5♠\n";
const std::string gin_74 =
    "deal\n Ann gin A♣-2♣-3♣ | 7♥-8♥-9♥-10♥ | Q♠-Q♥-Q♣\n"
    " Bob showed 5♦-6♦-7♦ | J♥ 4♣ Q♦ K♠ K♦ 2♠ 3♦\n";
const std::string whole_game = knock_33 + tie_25 + knock_21 + undercut_32 + gin_74;

std::string sheet(const std::string& header, const std::string& deals) {
  return "game gin\n" + header + "players Ann Bob\n" + deals;
}

}  // namespace

TEST_CASE("a Gin sheet: the rulebook's whole game, hand by hand, to 303 against 107") {
  const Settlement s = settle_text(sheet("", whole_game));
  REQUIRE(s.deals.size() == 5);
  const int changes[5][2] = {{33, 0}, {0, 25}, {21, 0}, {0, 32}, {74, 0}};
  const int deadwood[5][2] = {{3, 36}, {6, 6}, {1, 22}, {7, 0}, {0, 49}};
  for (std::size_t d = 0; d < 5; ++d) {
    CAPTURE(d);
    for (std::size_t e = 0; e < 2; ++e) {
      CHECK(s.deals[d].entries[e].change == changes[d][e]);
      CHECK(s.deals[d].entries[e].points == deadwood[d][e]);
    }
  }
  CHECK(s.deals[4].entries[0].outcome == Outcome::gin);
  CHECK(s.deals[0].gin->laid_off.size() == 2);
  REQUIRE(s.finished);
  CHECK(s.ending == Ending::target);
  CHECK(s.winners == std::vector<std::size_t>{0});
  REQUIRE(s.gin_game);
  CHECK(s.gin_game->hand_points == std::array<int, 2>{128, 57});
  CHECK(s.gin_game->totals == std::array<int, 2>{303, 107});
  CHECK(s.gin_game->margin == 196);
  CHECK(
      describe_final_totals(s) ==
      std::vector<std::string>{"128 + 100 (game) + 75 (3 boxes) = 303", "57 + 50 (2 boxes) = 107"});
  CHECK(describe_result(s) == "Ann wins by reaching 100: 303 to 107, a margin of 196");
}

TEST_CASE("a Gin sheet: the rulebook's variants of the whole game") {
  SUBCASE("classic: 283 against 67") {
    const Settlement s = settle_text(sheet("house preset=classic\n", whole_game));
    CHECK(s.gin_game->totals == std::array<int, 2>{283, 67});
    CHECK(s.gin_game->margin == 216);
  }
  SUBCASE("undercut-tie=nothing: the tie is nobody's box") {
    const Settlement s = settle_text(sheet("house undercut-tie=nothing\n", whole_game));
    CHECK(s.deals[1].winners.empty());
    CHECK(s.deals[1].gin->result == GinResult::no_score);
    CHECK(s.gin_game->totals == std::array<int, 2>{303, 57});
    CHECK(s.gin_game->margin == 246);
  }
  SUBCASE("a shutout doubles the winner's final total") {
    const Settlement s = settle_text(sheet("", knock_33 + knock_21 + gin_74));
    CHECK(s.gin_game->shutout);
    CHECK(s.gin_game->totals == std::array<int, 2>{606, 0});
    CHECK(describe_final_totals(s)[0] == "(128 + 100 (game) + 75 (3 boxes)) × 2 (shutout) = 606");
  }
  SUBCASE("shutout=hands") {
    const Settlement s = settle_text(sheet("house shutout=hands\n", knock_33 + knock_21 + gin_74));
    CHECK(s.gin_game->totals[0] == 431);
  }
}

TEST_CASE("a Gin sheet's target: the game line, or the house rule, once") {
  SUBCASE("the game line") {
    const Settlement s = settle_text("game gin target 150\nplayers Ann Bob\n" + whole_game);
    CHECK(s.target == 150);
    CHECK(s.rules.gin.game_target == 150);
    CHECK_FALSE(s.finished);
    const Settlement more =
        settle_text("game gin target 150\nplayers Ann Bob\n" + whole_game + knock_33);
    CHECK(more.finished);
    CHECK(more.gin_game->totals == std::array<int, 2>{361, 107});
  }
  SUBCASE("the house rule alone") {
    const Settlement s = settle_text(sheet("house game-target=150\n", whole_game));
    CHECK(s.target == 150);
    CHECK_FALSE(s.finished);
  }
  SUBCASE("both, agreeing") {
    const Settlement s =
        settle_text("game gin target 150\nhouse game-target=150\nplayers Ann Bob\n" + whole_game);
    CHECK(s.target == 150);
  }
  SUBCASE("both, disagreeing") {
    CHECK(error_of_sheet("game gin target 150\nhouse game-target=120\nplayers Ann Bob\n") ==
          "t.sheet:1:17: error: target 150 here, but 'house game-target=120' at line 2, column "
          "1: write it once\ngame gin target 150\n                ^\n");
  }
}

TEST_CASE("a Gin sheet: money for the margin, exact to the cent") {
  const Settlement s = settle_text(sheet("point 0.10\ncurrency $\n", whole_game));
  CHECK(s.players[0].received == 1960);
  CHECK(s.players[1].paid == 1960);
  const auto transfers = money_transfers(s);
  REQUIRE(transfers.size() == 1);
  CHECK(transfers[0].from == 1);
  CHECK(transfers[0].to == 0);
  CHECK(transfers[0].amount == 1960);
  // Before the end nobody pays.
  CHECK(settle_text(sheet("point 0.10\n", knock_33)).players[1].paid == 0);
  CHECK(error_of_sheet(sheet("fee 10%\n", "")).find("'entry' and 'fee' do not belong") !=
        std::string::npos);
}

TEST_CASE("a Gin sheet's lines: 'big gin' of two words, gin with deadwood, a knock that is gin") {
  SUBCASE("'big gin' is read as one outcome, and needs the house rule") {
    const std::string hand =
        "deal\n Ann big gin 4♦-5♦-6♦-7♦ | J♠-J♥-J♣ | A♠-2♠-3♠-4♠\n"
        " Bob showed K♣-K♦-K♥ | 8♣ 9♣ 2♥ 3♦ 5♣ Q♠ 10♥\n";
    const Sheet parsed = parse_sheet(sheet("", hand), "t.sheet");
    const auto& entries = std::get<SheetDeal>(parsed.events[0]).entries;
    CHECK(entries[0].outcome == Outcome::big_gin);
    REQUIRE(entries[0].hand);
    CHECK(entries[0].hand->cards.size() == 11);
    const Settlement s = settle_text(sheet("house big-gin=on\n", hand));
    CHECK(s.deals[0].gin->result == GinResult::big_gin);
    CHECK(s.deals[0].entries[0].change == 78);
    CHECK(error_of_sheet(sheet("", hand))
              .starts_with(
                  "t.sheet:4:2: error: 'big gin' counts only with the house rule big-gin=on"));
  }
  SUBCASE("'gin' for 11 cards all melded under big-gin=on is big gin; 'big gin' needs them all") {
    const std::string bob = " Bob showed K♣-K♦-K♥ | 8♣ 9♣ 2♥ 3♦ 5♣ Q♠ 10♥\n";
    const Settlement s = settle_text(
        sheet("house big-gin=on\n", "deal\n Ann gin 4♦-5♦-6♦-7♦ | J♠-J♥-J♣ | A♠-2♠-3♠-4♠\n" + bob));
    CHECK(s.deals[0].entries[0].outcome == Outcome::big_gin);
    CHECK(s.deals[0].written_as == Outcome::gin);
    CHECK(describe_deal(s, s.deals[0])
              .ends_with("; written 'gin': 11 cards all melded are big gin (big-gin=on)"));
    CHECK(error_of_sheet(sheet("house big-gin=on\n",
                               "deal\n Ann big gin 4♦-5♦-6♦-7♦ | J♠-J♥-J♣ | A♠-2♠-3♠-9♠\n" + bob))
              .find("these are not all melded (discarding 9♠ leaves deadwood 0)") !=
          std::string::npos);
  }
  SUBCASE("an outcome of two words: in any case, before a hand in letters; each word alone") {
    const Sheet parsed = parse_sheet(
        sheet("", "deal\n Ann BIG Gin 4D 5D 6D 7D JS JH JC AS 2S 3S 4S\n Bob showed 36\n"),
        "t.sheet");
    const auto& entries = std::get<SheetDeal>(parsed.events[0]).entries;
    CHECK(entries[0].outcome == Outcome::big_gin);
    REQUIRE(entries[0].hand);
    CHECK(entries[0].hand->cards.size() == 11);
    CHECK(error_of_sheet(sheet("", "deal\n Ann big 4♦-5♦-6♦-7♦\n"))
              .starts_with("t.sheet:4:6: error: expected what the player did: declared [HAND], "
                           "showed HAND or POINTS, dropped first|middle, missed, left, won, out, "
                           "rummy, knocked HAND or POINTS, gin HAND, big gin HAND, ended [CARDS "
                           "or MAAL], seen [CARDS or MAAL], unseen [CARDS or MAAL], foul [CARDS "
                           "or MAAL], or POINTS alone, found 'big'"));
    CHECK(error_of_sheet(sheet("", "deal\n Ann big gin\n")) ==
          "t.sheet:4:13: error: expected the hand that was shown, found the end of the line\n"
          " Ann big gin\n            ^\n");
    CHECK(error_of_sheet(sheet("", "deal\n Ann gin 5\n"))
              .starts_with("t.sheet:4:10: error: expected the hand that was shown, found '5'"));
  }
  SUBCASE("'big gin' for 10 cards") {
    CHECK(error_of_sheet(sheet("house big-gin=on\n",
                               "deal\n Ann big gin A♣-2♣-3♣ | 7♥-8♥-9♥-10♥ | Q♠-Q♥-Q♣\n"
                               " Bob showed 5♦-6♦-7♦ | J♥ 4♣ Q♦ K♠ K♦ 2♠ 3♦\n"))
              .find("'big gin' is 11 cards all melded, without a discard; this hand holds 10") !=
          std::string::npos);
  }
  SUBCASE("'gin' with deadwood is an error at the hand") {
    CHECK(error_of_sheet(sheet("",
                               "deal\n Ann gin 5♠-6♠-7♠ | 9♥-9♦-9♣ | J♦-Q♦-K♦ | 3♣\n"
                               " Bob showed 4♥-5♥-6♥ | 8♠ 9♠ 2♣ 4♦ 10♣ K♠ Q♥\n")) ==
          "t.sheet:4:10: error: 'gin' is a hand without deadwood, but this one leaves 3 (3♣): "
          "write 'knocked'\n Ann gin 5♠-6♠-7♠ | 9♥-9♦-9♣ | J♦-Q♦-K♦ | 3♣\n         ^\n");
  }
  SUBCASE("a knock with deadwood 0 is gin, and the note says so") {
    const Settlement s = settle_text(sheet("",
                                           "deal\n Ann knocked A♣ 2♣ 3♣ 7♥ 8♥ 9♥ 10♥ Q♠ Q♥ Q♣\n"
                                           " Bob showed 5♦-6♦-7♦ | J♥ 4♣ Q♦ K♠ K♦ 2♠ 3♦\n"));
    CHECK(s.deals[0].entries[0].outcome == Outcome::gin);
    CHECK(s.deals[0].written_as == Outcome::knocked);
    CHECK(s.deals[0].entries[0].change == 74);
    CHECK(describe_deal(s, s.deals[0])
              .ends_with("; written 'knocked': a knock with deadwood 0 is gin"));
  }
  SUBCASE("the defender's line may come first") {
    const Settlement s = settle_text(sheet("",
                                           "deal\n Bob showed 4♥-5♥-6♥ | 8♠ 9♠ 2♣ 4♦ 10♣ K♠ Q♥\n"
                                           " Ann knocked 5♠-6♠-7♠ | 9♥-9♦-9♣ | J♦-Q♦-K♦ | 3♣\n"));
    CHECK(s.deals[0].winners == std::vector<std::size_t>{0});
    CHECK(s.deals[0].entries[1].change == 33);
  }
  SUBCASE("a count is refused: the hand is scored from the cards") {
    CHECK(error_of_sheet(sheet("",
                               "deal\n Ann knocked 5♠-6♠-7♠ | 9♥-9♦-9♣ | J♦-Q♦-K♦ | 3♣\n"
                               " Bob showed 36\n"))
              .starts_with("t.sheet:5:13: error: expected the hand: a hand is scored from the "
                           "cards"));
  }
  SUBCASE("two knockers") {
    CHECK(error_of_sheet(sheet("",
                               "deal\n Ann knocked 5♠-6♠-7♠ | 9♥-9♦-9♣ | J♦-Q♦-K♦ | 3♣\n"
                               " Bob knocked 4♥-5♥-6♥ | 8♠ 9♠ 2♣ 4♦ 10♣ K♠ Q♥\n"))
              .starts_with("t.sheet:5:2: error: Ann already knocked in this hand, at line 4"));
  }
  SUBCASE("an illegal knock") {
    CHECK(error_of_sheet(sheet("house knock-limit=2\n", knock_33))
              .find("not a legal knock: deadwood 3 exceeds the knock limit 2") !=
          std::string::npos);
  }
}

TEST_CASE("a Gin sheet's deal lines: the upcard under oklahoma=on, a dead hand") {
  SUBCASE("the upcard sets the knock limit and a spade doubles") {
    const Settlement s =
        settle_text(sheet("house oklahoma=on\nhouse oklahoma-spades=on\n",
                          "deal\n upcard 4♠\n Ann knocked A♥-2♥-3♥ | 10♠-J♠-Q♠ | 6♦-6♣-6♥ | 3♣\n"
                          " Bob showed 8♦-9♦-10♦ | 4♥ K♠ 6♠ 5♠ 7♣ 2♣ Q♦\n"));
    CHECK(s.deals[0].upcard == Card(Rank::four, Suit::spades));
    CHECK(s.deals[0].gin->limit == 4);
    CHECK(s.deals[0].gin->doubled);
    CHECK(s.deals[0].entries[0].change == 42);
  }
  SUBCASE("an upcard under the limit makes the knock illegal") {
    CHECK(error_of_sheet(sheet("house oklahoma=on\n", "deal\n upcard A♦\n" + knock_33.substr(5)))
              .find("not a legal knock: deadwood 3 exceeds the knock limit 0") !=
          std::string::npos);
  }
  SUBCASE("an upcard without oklahoma=on is refused at its line") {
    CHECK(error_of_sheet(sheet("", "deal\n upcard 6♦\n" + knock_33.substr(5))) ==
          "t.sheet:4:2: error: 'upcard' counts only with the house rule oklahoma=on ('house "
          "oklahoma=on')\n upcard 6♦\n ^\n");
  }
  SUBCASE("oklahoma=on needs the upcard") {
    CHECK(error_of_sheet(sheet("house oklahoma=on\n", knock_33))
              .find("with oklahoma=on the first upcard sets the hand's knock limit") !=
          std::string::npos);
  }
  SUBCASE("one card, given once") {
    CHECK(error_of_sheet(sheet("house oklahoma=on\n", "deal\n upcard 6♦ 7♦\n"))
              .starts_with("t.sheet:5:12: error: 'upcard' takes one card"));
    CHECK(error_of_sheet(sheet("house oklahoma=on\n", "deal\n upcard\n"))
              .starts_with("t.sheet:5:8: error: expected the first upcard after 'upcard': "
                           "'upcard 6♦'"));
    CHECK(error_of_sheet(sheet("house oklahoma=on\n", "deal\n upcard 6♦\n upcard 7♦\n"))
              .starts_with("t.sheet:6:2: error: 'upcard' is given twice in this hand"));
    CHECK(error_of_sheet(sheet("house oklahoma=on\n", "upcard 6♦\n"))
              .starts_with("t.sheet:4:1: error: 'upcard' belongs inside a deal"));
  }
  SUBCASE("a dead hand: numbered, no score, nobody's box") {
    const Settlement s = settle_text(sheet("", knock_33 + "deal\n dead\n" + tie_25));
    REQUIRE(s.deals.size() == 3);
    CHECK(s.deals[1].scoreless == DealLine::dead);
    CHECK(s.deals[1].number == 2);
    CHECK(s.deals[2].number == 3);
    CHECK(s.deals[1].winners.empty());
    CHECK(s.gin_game->hands_played == 3);
    CHECK(s.gin_game->boxes == std::array<int, 2>{1, 1});
    CHECK(grid_deal_label(s, s.deals[1]) == "hand 2 dead");
  }
  SUBCASE("a dead hand has no players' lines") {
    CHECK(error_of_sheet(sheet("", "deal\n dead\n" + knock_33.substr(5)))
              .starts_with("t.sheet:5:2: error: this hand is 'dead': nobody scores it, so it has "
                           "no players' lines"));
  }
  SUBCASE("a player called Dead writes a player's line") {
    const Settlement s = settle_text(
        "game gin\nplayers Ann Dead\ndeal\n Ann knocked 5♠-6♠-7♠ | 9♥-9♦-9♣ | J♦-Q♦-K♦ | 3♣\n"
        " Dead showed 4♥-5♥-6♥ | 8♠ 9♠ 2♣ 4♦ 10♣ K♠ Q♥\n");
    CHECK(s.deals[0].entries[1].points == 36);
  }
  SUBCASE("another game has no such lines") {
    CHECK(error_of_sheet("game knock rounds 2\nplayers A B\ndeal\n dead\n")
              .starts_with("t.sheet:4:2: error: 'dead' belongs to Gin Rummy; a Knock Rummy round "
                           "has no such line"));
  }
}

TEST_CASE("a Gin sheet: two players, and nothing after the end") {
  CHECK(error_of_sheet("game gin\nplayers Ann Bob Cat\n") ==
        "t.sheet:2:9: error: Gin Rummy is played by 2 players, not 3\nplayers Ann Bob Cat\n"
        "        ^\n");
  CHECK(error_of_sheet(sheet("", whole_game + knock_33))
            .starts_with("t.sheet:18:1: error: the game is over (Ann wins by reaching 100: 303 to "
                         "107, a margin of 196): nothing can follow"));
}

TEST_CASE("the games list: a Gin sheet, its settings and its deal lines") {
  CHECK(played_on_sheets(Rules::for_variant(Variant::gin)));
  const Rules rules = Rules::for_variant(Variant::gin);
  const auto settings = deal_settings(rules);
  REQUIRE(settings.size() == 2);
  CHECK(settings[0].id == "upcard");
  CHECK(settings[0].takes == "card");
  CHECK(settings[0].needs == "oklahoma=on");
  CHECK(settings[1].id == "dead");
  CHECK(settings[1].takes == "nothing");
  CHECK(settings[1].without_players);
  bool point = false;
  for (const SheetOption& option : sheet_settings(rules)) {
    if (option.id == "point") point = !option.required;
    CHECK(option.id != "fee");
  }
  CHECK(point);
  CHECK_FALSE(options_of(rules).outs);
  // 'big gin' needs its house rule, and the list says so; the others need none.
  for (const PlayerLine& line : player_lines(rules)) {
    CAPTURE(line.words);
    CHECK(line.needs == (line.outcome == Outcome::big_gin ? "big-gin=on" : ""));
  }
  Rules big = rules;
  CHECK_FALSE(house_rule_holds(big, "big-gin=on"));
  CHECK_FALSE(apply_house_rule(big, "big-gin=on"));
  CHECK(house_rule_holds(big, "big-gin=on"));
  CHECK(house_rule_holds(big, ""));
  // Indian rummy's wild joker is still the one deal setting of its sheets.
  const auto indian = deal_settings(Rules::for_variant(Variant::indian));
  REQUIRE(indian.size() == 1);
  CHECK(indian[0].takes == "rank");
}

TEST_CASE("settle --format json for Gin: points, change, totals and margin") {
  const Run run = rummy_cli({"settle", "--format", "json"},
                            sheet("point 0.10\n", knock_33 + "deal\n dead\n" + tie_25 + gin_74));
  REQUIRE(run.code == 0);
  const nlohmann::json json = run.json();
  CHECK(json["game"] == "gin");
  CHECK(json["deals"][0]["entries"][1]["points"] == 36);
  CHECK(json["deals"][0]["entries"][0]["change"] == 33);
  CHECK(json["deals"][0]["entries"][1]["change"] == 0);
  CHECK(json["deals"][0]["result"] == "knock");
  CHECK(json["deals"][1]["dead"] == true);
  CHECK(json["deals"][3]["entries"][0]["outcome"] == "gin");
  CHECK(json["totals"]["Ann"] == 257);
  CHECK(json["totals"]["Bob"] == 50);
  CHECK(json["margin"] == 207);
  CHECK(json["winners"][0] == "Ann");
  CHECK(json["transfers"][0]["amount"] == "20.70");
  CHECK(json["fee"].is_null());
  // The other games' JSON has none of Gin's keys.
  const nlohmann::json knock = rummy_cli({"settle", "--format", "json"},
                                         "game knock rounds 1\nplayers A B\ndeal\n"
                                         " A knocked A♥ 2♥ 3♥ 2♣ 4♣ 5♦ 8♠ 9♠ 10♠ J♠\n"
                                         " B showed K♣ K♠ 7♥ A♠ 3♦ 10♦ 8♣ 6♣ 5♣ 4♦\n")
                                   .json();
  CHECK_FALSE(knock.contains("totals"));
  CHECK_FALSE(knock["deals"][0].contains("dead"));
}
