// The command line, driven in-process: exit codes, JSON shapes, errors, colour, stdin.
#include <doctest/doctest.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"

using Json = nlohmann::json;
using rummy::test::rummy_cli;
using rummy::test::Run;

namespace {

const std::string valid_hand = "A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ";
const std::string seed_hand = "10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦-3♦ | Q♣-Q♥";

}  // namespace

TEST_CASE("validate: the issue's example, text") {
  const Run run = rummy_cli({"validate", valid_hand});
  CHECK(run.code == 0);
  CHECK(run.err.empty());
  CHECK(run.out ==
        "wild jokers: the kings (from the (WJ) marks)\n"
        "1  A♠-2♠-3♠      pure sequence    A♠-2♠-3♠ in order, no joker\n"
        "2  6♣-8♣-K♥(WJ)  impure sequence  reads 6♣-7♣-8♣: K♥ (wild) stands for 7♣\n"
        "3  4♦-4♠-4♣-4♥   set              four 4s of different suits\n"
        "4  J♦-J♥-PJ      set              three jacks of different suits: PJ stands for J♠\n"
        "valid declaration: 13 cards in 2 sequences (1 pure) and 2 sets\n");
}

TEST_CASE("validate: JSON has valid, wild, groups and problems") {
  const Json json = rummy_cli({"validate", "--format", "json", valid_hand}).json();
  CHECK(json["valid"] == true);
  CHECK(json["wild"] == "K");
  CHECK(json["problems"] == Json::array());
  REQUIRE(json["groups"].size() == 4);
  CHECK(json["groups"][1]["cards"] == Json{"6♣", "8♣", "K♥"});
  CHECK(json["groups"][1]["kind"] == "impure_sequence");
  CHECK(json["groups"][1]["as"] == Json{"6♣", "8♣", "7♣"});
  CHECK(json["groups"][1]["reason"] == "reads 6♣-7♣-8♣: K♥ (wild) stands for 7♣");

  const Run invalid = rummy_cli({"validate", "--format", "json", "--wild", "10", seed_hand});
  CHECK(invalid.code == 1);
  const Json bad = invalid.json();
  CHECK(bad["valid"] == false);
  CHECK(bad["wild"] == "10");
  CHECK(bad["groups"][3]["kind"] == "unmatched");
  CHECK(bad["problems"] ==
        Json{"group 4 (2♦-3♦) is unmatched: only 2 cards: a group needs at least 3",
             "group 5 (Q♣-Q♥) is unmatched: only 2 cards: a group needs at least 3",
             "1 sequence: a declaration needs at least two, one of them pure"});
  const Json shapes = rummy_cli({"validate", "--format", "json", "A♠ 2♠ 3♠ | 5♥ 6♦ 7♣ 8♠"}).json();
  CHECK(shapes["groups"][1]["kind"] == "invalid");
}

TEST_CASE("validate reads standard input when HAND is absent or '-'") {
  CHECK(rummy_cli({"validate"}, valid_hand + "\n").code == 0);
  CHECK(rummy_cli({"validate", "-"}, "# shown at table 3\n" + valid_hand + "\n").code == 0);
  // A hand split by the shell into several words is joined back.
  CHECK(
      rummy_cli({"validate", "A♠-2♠-3♠", "|", "6♣-8♣-K♥(WJ)", "|", "4♦-4♠-4♣-4♥", "|", "J♦-J♥-PJ"})
          .code == 0);
}

TEST_CASE("bad input: exit 2, the diagnostic on stderr, and a JSON error with --format json") {
  const Run run = rummy_cli({"validate", "A♠ 2♠ X♥"});
  CHECK(run.code == 2);
  CHECK(run.out.empty());
  CHECK(run.err ==
        "<argument>:1:7: error: expected another card, '-', '|' or the end of the hand, found "
        "'X♥'\nA♠ 2♠ X♥\n      ^\n");

  const Run json = rummy_cli({"score", "--format", "json"}, "\nA♠ 2♠ 3♠ 3♠ 3♠\n");
  CHECK(json.code == 2);
  CHECK(json.err ==
        "<stdin>:2:13: error: a third 3♠: 2 decks hold only 2 of each card\n"
        "A♠ 2♠ 3♠ 3♠ 3♠\n"
        "            ^\n");
  const Json error = json.json()["error"];
  CHECK(error["line"] == 2);
  CHECK(error["column"] == 13);
  CHECK(error["source"] == "<stdin>");
  CHECK(error["message"] == "a third 3♠: 2 decks hold only 2 of each card");

  for (const char* hand :
       {"X♥", "11♥", "A♠--2♠", "A♠ || 2♠", "A♠-", "PJ PJ PJ", "8♦(WJ) 9♦(WJ)", "A♠\xFF"}) {
    CAPTURE(hand);
    const Run bad = rummy_cli({"validate", "--format", "json", hand});
    CHECK(bad.code == 2);
    CHECK(bad.json().contains("error"));
  }
  const Run contradicts = rummy_cli({"validate", "--wild", "7", "8♦(WJ) 9♦ 10♦"});
  CHECK(contradicts.code == 2);
  CHECK(contradicts.err.find("--wild makes the 7s wild") != std::string::npos);
}

TEST_CASE("a bad --wild value is located in the option's own text") {
  const Run run = rummy_cli({"validate", "--wild", "7X", valid_hand});
  CHECK(run.code == 2);
  CHECK(run.err ==
        "--wild:1:2: error: expected the end of the wild rank, found 'X'\n"
        "7X\n"
        " ^\n");
}

TEST_CASE("score: the Junglee guide's example under each house rule, text and JSON") {
  const Run run = rummy_cli({"score", "--wild", "10", seed_hand});
  CHECK(run.code == 0);
  CHECK(run.out.find("pays 70 points\n"
                     "rule: a pure sequence but no second sequence: every card outside the pure "
                     "sequence counts (pure-without-second=pure-exempt)\n"
                     "counted: 5♣ 5♦ 5♠ A♦ A♥ A♠ 2♦ 3♦ Q♣ Q♥ = 70\n") != std::string::npos);

  const Run all =
      rummy_cli({"score", "--wild", "10", "--house", "pure-without-second=all", seed_hand});
  CHECK(all.out.find("pays 80 points (90 before the 80-point cap)") != std::string::npos);
  CHECK(all.out.find("house rule that changed this result: pure-without-second=all") !=
        std::string::npos);

  const Json json = rummy_cli({"score", "--wild", "10", "--format", "json", "--house",
                               "pure-without-second=ungrouped", seed_hand})
                        .json();
  CHECK(json["points"] == 25);
  CHECK(json["uncapped"] == 25);
  CHECK(json["rule_id"] == "pure_without_second");
  CHECK(json["counted"] == Json{"2♦", "3♦", "Q♣", "Q♥"});
  CHECK(json["house_rules"][0]["name"] == "pure-without-second");

  const Json capped = rummy_cli({"score", "--wild", "10", "--format", "json", "--house",
                                 "pure-without-second=all", seed_hand})
                          .json();
  CHECK(capped["points"] == 80);
  CHECK(capped["uncapped"] == 90);
}

TEST_CASE("score --declared: 0 for a valid declaration, 80 for a wrong show") {
  CHECK(rummy_cli({"score", "--declared", "--format", "json", valid_hand}).json()["points"] == 0);
  const Json wrong =
      rummy_cli({"score", "--declared", "--format", "json", "--wild", "10", seed_hand}).json();
  CHECK(wrong["points"] == 80);
  CHECK(wrong["rule_id"] == "wrong_show");
  CHECK(rummy_cli({"score", "--format", "json", valid_hand}).json()["points"] == 2);
}

TEST_CASE("score --drop: the drop table, and no drop in deals rummy") {
  const auto points = [](const char* game, const char* drop) {
    return rummy_cli({"score", "--format", "json", "--game", game, "--drop", drop})
        .json()["points"]
        .get<int>();
  };
  CHECK(points("points", "first") == 20);
  CHECK(points("points", "middle") == 40);
  CHECK(points("pool101", "first") == 20);
  CHECK(points("pool101", "middle") == 40);
  CHECK(points("pool201", "first") == 25);
  CHECK(points("pool201", "middle") == 50);
  const Run text = rummy_cli({"score", "--drop", "middle", "--game", "pool201"});
  CHECK(text.out == "pays 50 points\nrule: middle drop (after the first draw) in 201 pool\n");
  const Run deals = rummy_cli({"score", "--drop", "first", "--game", "deals"});
  CHECK(deals.code == 2);
  CHECK(deals.err ==
        "rummy: error: deals rummy has no drop: a player may not leave a deal in it\n");
  CHECK(rummy_cli({"score", "--drop", "first", valid_hand}).code == 2);
  CHECK(rummy_cli({"score", "--drop", "last"}).code == 2);
}

TEST_CASE("house rules: listed by 'rummy rules', unknown ones refused") {
  const Run rules = rummy_cli({"rules"});
  CHECK(rules.code == 0);
  CHECK(rules.out.find("pure-without-second") != std::string::npos);
  CHECK(rules.out.find("pure-exempt (default, in force)") != std::string::npos);
  CHECK(rules.out.find("fifth-card-joker") != std::string::npos);
  const Json json =
      rummy_cli({"rules", "--format", "json", "--house", "fifth-card-joker=on"}).json();
  CHECK(json["house_rules"][1]["value"] == "on");
  CHECK(json["house_rules"][1]["default"] == "off");
  CHECK(json["drops"]["pool201"]["middle"] == 50);
  CHECK(json["drops"]["deals"]["first"] == nullptr);

  const Run unknown = rummy_cli({"validate", "--house", "wild-fives=on", valid_hand});
  CHECK(unknown.code == 2);
  CHECK(unknown.err.find("unknown house rule 'wild-fives'") != std::string::npos);
}

TEST_CASE("the fifth-card-joker house rule names itself where it made a declaration valid") {
  const std::string hand = "A♠-2♠-3♠-4♠ | 5♣-6♣-7♣-8♣ | 9♦-9♠-9♥-9♣-PJ";
  const Run off = rummy_cli({"validate", hand});
  CHECK(off.code == 1);
  const Run on = rummy_cli({"validate", "--house", "fifth-card-joker=on", hand});
  CHECK(on.code == 0);
  CHECK(on.out.find("house rule that changed this result: fifth-card-joker=on") !=
        std::string::npos);
}

TEST_CASE("--help fits the terminal's width and says what an option excludes in words") {
  const auto columns = [](const std::string& text) {
    std::size_t widest = 0, width = 0;
    for (const char c : text) {
      if (c == '\n') {
        widest = std::max(widest, width);
        width = 0;
      } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
        ++width;  // one column per code point
      }
    }
    return std::max(widest, width);
  };
  for (const std::size_t width : {40U, 60U, 80U, 132U}) {
    for (const char* command : {"", "validate", "score", "arrange", "outs", "batch", "settle",
                                "cash", "layoff", "rules", "toss"}) {
      std::vector<std::string> args;
      if (*command != '\0') args.emplace_back(command);
      args.emplace_back("--help");
      const Run help = rummy_cli(args, "", false, false, width);
      CAPTURE(command);
      CAPTURE(width);
      CHECK(help.code == 0);
      CHECK(columns(help.out) <= width);
    }
  }
  const Run score = rummy_cli({"score", "--help"}, "", false, false, 200);
  CHECK(score.out.find("Excludes") == std::string::npos);
  CHECK(score.out.find("(not with --declared or --rummy)") != std::string::npos);
  CHECK(score.out.find("Exit codes:\n  0    done") != std::string::npos);
  CHECK(score.out.find("  141  the reader closed the pipe") != std::string::npos);
}

TEST_CASE("usage: --help and --version exit 0; unknown commands and options exit 2") {
  const Run help = rummy_cli({"--help"});
  CHECK(help.code == 0);
  CHECK(help.out.find("validate") != std::string::npos);
  CHECK(help.out.find("Exit codes") != std::string::npos);
  CHECK(rummy_cli({"validate", "--help"}).code == 0);
  const Run version = rummy_cli({"--version"});
  CHECK(version.code == 0);
  CHECK(version.out.rfind("rummy ", 0) == 0);
  const Run typo = rummy_cli({"valdate", valid_hand});
  CHECK(typo.code == 2);
  CHECK(typo.err ==
        "rummy: error: unknown command 'valdate' (did you mean 'validate'?); 'rummy --help' lists "
        "the commands\n");
  CHECK(rummy_cli({"validate", "--frobnicate", valid_hand}).code == 2);
  CHECK(rummy_cli({}).code == 2);
  CHECK(rummy_cli({"validate", "--format", "yaml", valid_hand}).code == 2);
}

TEST_CASE("colour only on a terminal, never with NO_COLOR, always with --color always") {
  const std::string escape = "\x1b[";
  CHECK(rummy_cli({"validate", valid_hand}).out.find(escape) == std::string::npos);
  CHECK(rummy_cli({"validate", valid_hand}, "", true).out.find(escape) != std::string::npos);
  CHECK(rummy_cli({"validate", valid_hand}, "", true, true).out.find(escape) == std::string::npos);
  CHECK(rummy_cli({"validate", "--color", "always", valid_hand}).out.find(escape) !=
        std::string::npos);
  CHECK(rummy_cli({"validate", "--color", "never", valid_hand}, "", true).out.find(escape) ==
        std::string::npos);
}

TEST_CASE("cash points: spaces after commas, a count above the cap pays the cap with a note") {
  const auto run = rummy_cli({"cash", "points", "--value", "2", "--losers", "20, 40, 95"});
  CHECK(run.code == 0);
  CHECK(run.out ==
        "gross: 2.00 a point × (20 + 40 + 80 = 140 points) = 280.00\n"
        "fee 0: 0.00\n"
        "the winner receives 280.00; the losers pay 40.00, 80.00, 160.00\n"
        "note: 95 points pay 80, the 80-point cap\n");
  const auto json =
      rummy_cli({"cash", "points", "--value", "2", "--losers", "20,95", "--format", "json"}).json();
  CHECK(json["losers"] == nlohmann::json::array({20, 95}));
  CHECK(json["counted"] == nlohmann::json::array({20, 80}));
  CHECK(json["points"] == 100);
  CHECK(rummy_cli({"cash", "points", "--value", "2", "--losers", "20,,40"}).err ==
        "rummy: error: --losers 20,,40: expected the losers' points, separated by commas "
        "(20,40,50)\n");
}

TEST_CASE("cash points: the house rule points-cap sets the cap; other house rules are refused") {
  const auto run = rummy_cli(
      {"cash", "points", "--value", "1", "--losers", "20,118", "--house", "points-cap=100"});
  CHECK(run.code == 0);
  CHECK(run.out ==
        "gross: 1.00 a point × (20 + 100 = 120 points) = 120.00\n"
        "fee 0: 0.00\n"
        "the winner receives 120.00; the losers pay 20.00, 100.00\n"
        "note: 118 points pay 100, the 100-point cap\n");
  const auto other =
      rummy_cli({"cash", "points", "--value", "1", "--losers", "20", "--house", "wrong-show=60"});
  CHECK(other.code == 2);
  CHECK(other.err ==
        "rummy: error: --house wrong-show: cash counts money, which only points-cap changes; set "
        "it where hands are scored (score, batch, a sheet)\n");
  CHECK(rummy_cli({"cash", "pool", "--entry", "100", "--players", "4", "--house", "points-cap=90"})
            .code == 2);
}

TEST_CASE("cash: --currency writes each amount as a sheet's 'currency' does") {
  const auto points = rummy_cli(
      {"cash", "points", "--value", "2", "--losers", "20,40", "--fee", "10%", "--currency", "₹"});
  CHECK(points.out ==
        "gross: ₹2.00 a point × (20 + 40 = 60 points) = ₹120.00\n"
        "fee 10%: ₹12.00\n"
        "the winner receives ₹108.00; the losers pay ₹40.00, ₹80.00\n");
  const auto pool =
      rummy_cli({"cash", "pool", "--entry", "100", "--players", "4", "--currency", "$"});
  CHECK(pool.out == "pool: $100.00 entry × 4 players = $400.00\nfee 0: $0.00\nprize: $400.00\n");
  CHECK(rummy_cli({"cash", "deals", "--entry", "5", "--players", "2", "--currency", "€", "--format",
                   "json"})
            .json()["currency"] == "€");
}

TEST_CASE("cash pool and deals: a table of 2 to 6 players, as a sheet's") {
  for (const char* game : {"pool", "deals"}) {
    for (const char* players : {"0", "1", "7", "1000"}) {
      const auto run = rummy_cli({"cash", game, "--entry", "100", "--players", players});
      CHECK(run.code == 2);
      CHECK(run.err ==
            "rummy: error: --players " + std::string(players) + ": a table has 2 to 6 players\n");
      CHECK(run.out.empty());
    }
    CHECK(rummy_cli({"cash", game, "--entry", "100", "--players", "6"}).code == 0);
  }
}

TEST_CASE("bare rummy: the usage with the list of commands, exit 2; so for bare 'rummy cash'") {
  const Run bare = rummy_cli({});
  CHECK(bare.code == 2);
  CHECK(bare.out.empty());
  CHECK(bare.err.starts_with("Usage: rummy [OPTIONS] COMMAND\n\nCommands:\n  validate  "));
  for (const char* command : {"validate", "score", "settle", "cash", "toss", "completion"}) {
    CHECK(bare.err.find(std::string("\n  ") + command + " ") != std::string::npos);
  }
  CHECK(bare.err.ends_with("'rummy --help' says more.\n"));
  const Run cash = rummy_cli({"cash"});
  CHECK(cash.code == 2);
  CHECK(cash.err.starts_with("Usage: rummy cash [OPTIONS] COMMAND\n\nCommands:\n  points  "));
  CHECK(cash.err.ends_with("'rummy cash --help' says more.\n"));
}

TEST_CASE("library messages in rummy's words: a missing value, a missing option, a bad number") {
  const auto error = [](std::vector<std::string> args) { return rummy_cli(std::move(args)).err; };
  const std::string hint = "rummy: '--help' after a command lists its options\n";
  CHECK(error({"score", "--wild"}) ==
        "rummy: error: --wild needs a value: the deal's wild rank: a rank (7), the cut card (7♦), "
        "PJ (aces are wild) or none; default: the rank of the (WJ) marks, else none\n" +
            hint);
  CHECK(error({"validate", "--format"}) ==
        "rummy: error: --format needs a value: text or json\n" + hint);
  CHECK(error({"cash", "points", "--value", "2"}) ==
        "rummy: error: 'rummy cash points' needs --losers: the losers' points, e.g. 20,40,50 "
        "(more than the cap, 80 by default, pays the cap)\n" +
            hint);
  CHECK(error({"toss"}) ==
        "rummy: error: 'rummy toss' needs its draws: each player's open card: NAME=CARD, e.g. "
        "Asha=7♥\n" +
            hint);
  CHECK(error({"score", "--decks", "9", valid_hand}) ==
        "rummy: error: --decks: '9' is not a whole number from 1 to 8\n" + hint);
  CHECK(error({"cash", "pool", "--entry", "1", "--players", "x"})
            .starts_with("rummy: error: --players x: expected how many players paid it"));
  CHECK(error({"rules", "x"}) == "rummy: error: unexpected x after 'rummy rules'\n" + hint);
  CHECK(error({"cash", "--format", "json"}) ==
        "rummy: error: 'rummy cash' needs one of its commands: points, pool or deals\n" + hint);
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"score", "--wild"}, {"toss"}, {"rules", "x"}, {"score", "--decks", "x", "A♠"}}) {
    const std::string err = error(args);
    CAPTURE(err);
    CHECK(err.find("required") == std::string::npos);
    CHECK(err.find("Could not") == std::string::npos);
    CHECK(err.find("following") == std::string::npos);
  }
}

TEST_CASE("an enumerated value mistyped: did you mean") {
  const Run run = rummy_cli({"validate", "--format", "jsn", valid_hand});
  CHECK(run.code == 2);
  CHECK(run.err.starts_with(
      "rummy: error: --format: 'jsn' is not one of text or json (did you mean json?)\n"));
  CHECK(rummy_cli({"score", "--variant", "knok"})
            .err.starts_with("rummy: error: --variant: 'knok' is not one of indian, basic, knock, "
                             "crazy, gin or marriage (did you mean knock?)\n"));
}

TEST_CASE("each command's exit codes: only those it returns, in its own words") {
  const auto codes = [](std::vector<std::string> args) {
    const std::string out = rummy_cli(std::move(args)).out;
    return out.substr(out.find("Exit codes:\n"));
  };
  CHECK(codes({"validate", "--help"}) ==
        "Exit codes:\n"
        "  0    a valid declaration\n"
        "  1    the hand was read but is not a valid declaration\n"
        "  2    bad input or usage\n"
        "  3    the output could not be written (a full disk)\n"
        "  141  the reader closed the pipe (rummy validate … | head)\n\n");
  CHECK(codes({"layoff", "--help"})
            .starts_with("Exit codes:\n  0    the cards fit\n  1    they do not fit\n  2 "));
  CHECK(codes({"toss", "--help"}) ==
        "Exit codes:\n"
        "  0    done\n"
        "  2    bad input or usage\n"
        "  3    the output could not be written (a full disk)\n"
        "  141  the reader closed the pipe (rummy toss … | head)\n\n");
  CHECK(codes({"cash", "points", "--help"}).starts_with("Exit codes:\n  0    done\n  2 "));
  CHECK(rummy_cli({"--help"}, "", false, false, 200)
            .out.ends_with("\nExit codes:\n"
                           "  0    done (validate: a valid declaration; layoff: the cards fit)\n"
                           "  1    validate: the hand was read but is not a valid declaration; "
                           "layoff: they do not fit\n"
                           "  2    bad input or usage\n"
                           "  3    the output could not be written (a full disk)\n"
                           "  141  the reader closed the pipe (rummy batch … | head)\n\n"));
}

TEST_CASE("layoff --help offers only the games that lay off, and its own default") {
  const std::string help = rummy_cli({"layoff", "--help"}, "", false, false, 200).out;
  CHECK(help.find("--variant TEXT:{basic,knock,crazy,gin}=basic") != std::string::npos);
  CHECK(help.find("The game: basic, knock, crazy or gin") != std::string::npos);
  CHECK(help.find("--variant chooses the game: basic, knock, crazy, gin (default basic)") !=
        std::string::npos);
  CHECK(help.find("indian") == std::string::npos);
  // Indian rummy is still read, to be refused with its reason.
  CHECK(rummy_cli({"layoff", "--variant", "indian", "8♥-9♥-10♥", "7♥"})
            .err.starts_with("rummy: error: Indian rummy has no laying off"));
}

TEST_CASE("cash's help has no hand notation") {
  for (const char* inner : {"", "points", "pool", "deals"}) {
    std::vector<std::string> args = {"cash"};
    if (*inner != '\0') args.emplace_back(inner);
    args.emplace_back("--help");
    const Run help = rummy_cli(args);
    CAPTURE(inner);
    CHECK(help.code == 0);
    CHECK(help.out.find("Hand notation") == std::string::npos);
    CHECK(help.out.find("Exit codes:") != std::string::npos);
  }
}
