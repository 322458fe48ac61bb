// rummy batch, settle and cash through the command line.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <streambuf>

#include "cli_run.hpp"

using Json = nlohmann::json;
using rummy::test::rummy_cli;
using rummy::test::Run;

namespace {

// A stream of `lines` batch lines made on the fly, so that no test holds them all.
class GeneratedLines : public std::streambuf {
 public:
  explicit GeneratedLines(std::size_t lines) : left_(lines) {}

 protected:
  int_type underflow() override {
    if (left_ == 0) return traits_type::eof();
    --left_;
    line_ = left_ % 7 == 0 ? "[game=pool201 drop=middle]\n"
                           : "A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ\n";
    setg(line_.data(), line_.data(), line_.data() + line_.size());
    return traits_type::to_int_type(line_[0]);
  }

 private:
  std::size_t left_;
  std::string line_;
};

// Counts lines written, keeping none.
class CountingSink : public std::streambuf {
 public:
  std::size_t lines = 0;

 protected:
  int_type overflow(int_type c) override {
    if (c == '\n') ++lines;
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    lines += static_cast<std::size_t>(std::count(s, s + n, '\n'));
    return n;
  }
};

}  // namespace

TEST_CASE("batch: one record per hand, a summary on stderr, exit 2 when a line was bad") {
  const std::string input =
      "# two hands, a drop, a bad line\n"
      "A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ\n\n"
      "[wild=10] 10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦-3♦ | Q♣-Q♥\r\n"
      "[drop=middle]\n"
      "A♠ 2♠ X♥\n";
  const Run json = rummy_cli({"batch", "--format", "json"}, input);
  CHECK(json.code == 2);
  std::vector<Json> records;
  std::istringstream lines(json.out);
  for (std::string line; std::getline(lines, line);) records.push_back(Json::parse(line));
  REQUIRE(records.size() == 4);
  CHECK(records[0]["line"] == 2);
  CHECK(records[1]["points"] == 70);
  CHECK(records[2]["verdict"] == "drop");
  CHECK(records[3]["verdict"] == "error");
  CHECK(records[3]["column"] == 7);
  CHECK(json.err ==
        "rummy batch: 4 hands: 1 valid, 1 not valid, 1 drop, 1 bad; 112 points in all\n");

  const Run good = rummy_cli({"batch"}, "A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ");
  CHECK(good.code == 0);
  CHECK(good.out ==
        "<stdin>:1: valid (shown, points), pays 2: a valid hand shown after the "
        "winner's declaration pays 2\n");
  const Run csv = rummy_cli({"batch", "--format", "csv"}, input);
  CHECK(csv.out.rfind("source,line,column,verdict,", 0) == 0);
  CHECK(std::count(csv.out.begin(), csv.out.end(), '\n') == 5);
  CHECK(rummy_cli({"batch", "no-such-file.txt"}).code == 2);
}

TEST_CASE("batch streams: every line of a long input gets its record") {
  GeneratedLines source(200000);
  std::istream in(&source);
  CountingSink sink;
  std::ostream out(&sink);
  std::ostringstream err;
  const int code =
      rummy::cli::run({"rummy", "batch", "--format", "json"}, {in, out, err, false, false});
  CHECK(code == 0);
  CHECK(sink.lines == 200000U);
  CHECK(err.str() ==
        "rummy batch: 200000 hands: 171428 valid, 0 not valid, 28572 drops, 0 bad; "
        "1771456 points in all\n");
}

TEST_CASE("settle: a sheet from standard input, and its errors with a caret") {
  const std::string sheet =
      "game points\npoint 2\nfee 10%\nplayers A B C D\ndeal\n"
      " A declared A♠-2♠-3♠ | 6♣-7♣-8♣ | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ\n"
      " B dropped first\n C dropped middle\n"
      " D showed 5♠-6♠-7♠ | 9♥ 10♥ J♥ | 2♦ 3♦ 9♣ 9♦ | Q♣ Q♦ 7♦\n";
  const Json json = rummy_cli({"settle", "--format", "json"}, sheet).json();
  CHECK(json["deals"][0]["money"]["gross"] == "220.00");
  CHECK(json["deals"][0]["money"]["net"] == "198.00");
  CHECK(json["players"][0]["received"] == "198.00");
  CHECK(json["fee_taken"] == "22.00");
  const Run bad = rummy_cli({"settle"}, "game points\npoint 2\nplayers A B\ndeal\n A hopped\n");
  CHECK(bad.code == 2);
  CHECK(bad.err ==
        "<stdin>:5:4: error: expected what the player did: declared [HAND], showed HAND or "
        "POINTS, dropped first|middle, missed, left, won, out, rummy, knocked HAND or POINTS, gin "
        "HAND, big gin HAND, ended [CARDS or MAAL], seen [CARDS or MAAL], unseen [CARDS or MAAL], "
        "foul [CARDS or MAAL], or POINTS alone, found 'hopped' (did you mean 'dropped'?)\n"
        " A hopped\n"
        "   ^\n");
}

TEST_CASE("cash: the three formulas on their own") {
  const Run points =
      rummy_cli({"cash", "points", "--value", "2", "--losers", "20,40,50", "--fee", "10%"});
  CHECK(points.code == 0);
  CHECK(points.out ==
        "gross: 2.00 a point × (20 + 40 + 50 = 110 points) = 220.00\n"
        "fee 10%: 22.00\n"
        "the winner receives 198.00; the losers pay 40.00, 80.00, 100.00\n");
  const Json pool = rummy_cli({"cash", "pool", "--entry", "100", "--players", "4", "--fee", "15%",
                               "--format", "json"})
                        .json();
  CHECK(pool["pool"] == "400.00");
  CHECK(pool["fee"] == "60.00");
  CHECK(pool["prize"] == "340.00");
  const Json deals =
      rummy_cli({"cash", "deals", "--entry", "5", "--players", "2", "--format", "json"}).json();
  CHECK(deals["prize"] == "10.00");
  CHECK(rummy_cli({"cash", "points", "--value", "1e30", "--losers", "20"}).code == 2);
  CHECK(rummy_cli({"cash", "points", "--value", "2", "--losers", "20,x"}).code == 2);
  CHECK(rummy_cli({"cash", "pool", "--entry", "100", "--players", "4", "--fee", "1000%"}).code ==
        2);
}

TEST_CASE("settle's JSON: winners as names (ties too), typed events, one standing key") {
  // A Knock round where two players tie below the knocker: both win it.
  const std::string knock =
      "game knock rounds 1\nplayers A B C\ndeal\n"
      " A knocked 3♣-4♣-5♣ | 9♠-9♥-9♦ | Q♦\n"
      " B showed A♠-2♠-3♠ | 7♥-7♦-7♣ | 5♥\n"
      " C showed K♥-Q♥-J♥ | 10♣-10♦-10♠ | 5♦\n";
  const Json tie = rummy_cli({"settle", "--format", "json"}, knock).json();
  CHECK(tie["deals"][0]["winners"] == Json::array({"B", "C"}));
  CHECK(tie["standing"] == "score");
  CHECK(tie["deals"][0]["standing"]["B"] == tie["players"][1]["standing"]);
  // They share it exactly (10 + 5 = 15: 7½ each), so they stay tied: one more round, no winner.
  CHECK(tie["players"][1]["standing"] == 7.5);
  CHECK(tie["players"][2]["standing"] == 7.5);
  CHECK(tie["winners"] == Json::array());

  // Deals rummy tied after the agreed deals: a typed tie event, then the winner.
  const std::string valid = "A♠-2♠-3♠ | 6♣-7♣-8♣ | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ";
  const std::string loser = "5♠-6♠-7♠ | 9♥ 10♥ J♥ | 2♦ 3♦ 9♣ 9♦ | Q♣ Q♦ 8♦";
  const std::string deals = "game deals 2\nentry 5\nplayers A B\ndeal\n A declared " + valid +
                            "\n B showed " + loser + "\ndeal\n B declared " + valid +
                            "\n A showed " + loser + "\n";
  const Json tied = rummy_cli({"settle", "--format", "json"}, deals).json();
  REQUIRE(tied["events"].size() == 1);
  CHECK(tied["events"][0]["type"] == "tie");
  CHECK(tied["events"][0]["after_deal"] == 2);
  CHECK(tied["events"][0]["players"] == Json::array({"A", "B"}));
  CHECK(tied["events"][0]["value"] == 160);
  CHECK(tied["events"][0]["text"] == "A and B are tied at 160 chips: one more deal decides");
  CHECK(tied["winners"] == Json::array());
  CHECK(tied["standing"] == "chips");
  CHECK(tied["players"][0]["standing"] == 160);

  // The same keys for every game.
  std::vector<std::string> knock_keys, deals_keys;
  for (const auto& [key, value] : tie.items()) knock_keys.push_back(key);
  for (const auto& [key, value] : tied.items()) deals_keys.push_back(key);
  CHECK(knock_keys == deals_keys);
  std::vector<std::string> knock_deal, deals_deal;
  for (const auto& [key, value] : tie["deals"][0].items()) knock_deal.push_back(key);
  for (const auto& [key, value] : tied["deals"][0].items()) deals_deal.push_back(key);
  CHECK(knock_deal == deals_deal);
}

TEST_CASE("settle and deal: a Knock win shared in halves is 30½ in text and 30.5 in JSON") {
  const std::string sheet =
      "game knock rounds 1\nplayers A B C D\ndeal\n A knocked 30\n B 9\n C 9\n D 39\n";
  const Json json = rummy_cli({"settle", "--format", "json"}, sheet).json();
  std::vector<Json> changes;
  for (const Json& entry : json["deals"][0]["entries"]) changes.push_back(entry["change"]);
  CHECK(changes == std::vector<Json>{-31, 30.5, 30.5, -30});
  CHECK(json["players"][1]["standing"] == 30.5);
  CHECK(json["deals"][0]["standing"]["C"] == 30.5);
  CHECK(rummy_cli({"settle", "--format", "json"}, sheet).out.find("30.5,") != std::string::npos);
  // B and C stay tied for the highest total: one more round, at a half.
  CHECK(json["events"][0]["value"] == 30.5);
  CHECK(json["events"][0]["text"] == "B and C are tied at 30½: one more round decides");
  const Run deal = rummy_cli({"deal", "--variant", "knock"}, "A knocked 30\nB 9\nC 9\nD 39\n");
  CHECK(deal.out ==
        "Knock Rummy; players A B C D\n"
        "\n"
        "the round: B and C win with 9 deadwood, undercutting the knocker (10 more from A)\n"
        "  A  knocked    deadwood  30    -31\n"
        "  B  showed     deadwood   9   +30½\n"
        "  C  showed     deadwood   9   +30½\n"
        "  D  showed     deadwood  39    -30\n");
}

TEST_CASE("settle: header errors point at their own statement, after comments too") {
  const Run no_point = rummy_cli({"settle"}, "# Friday\n\ngame points\nplayers A B\n");
  CHECK(no_point.err ==
        "<stdin>:3:1: error: points rummy needs the value of a point: 'point 2'\n"
        "game points\n"
        "^\n");
  const Run money = rummy_cli({"settle"}, "# scores only\ngame crazy\nplayers A B\nentry 5\n");
  CHECK(money.err.starts_with("<stdin>:4:1: error: a Crazy Rummy sheet keeps scores"));
  const Run twice = rummy_cli({"settle"}, "game points\npoint 1\n  game crazy\nplayers A B\n");
  CHECK(
      twice.err.starts_with("<stdin>:3:3: error: the game is given twice (first at line 1, "
                            "column 1)"));
  const Run rounds = rummy_cli({"settle"}, "# k\ngame deals 0\nentry 5\nplayers A B\n");
  CHECK(rounds.err.starts_with(
      "<stdin>:2:12: error: expected the number of deals from 1 to 100 (2, 3 or 6 are usual)\n"));
}

TEST_CASE("settle ends with who pays whom, the fewest transfers, the fee and the pool included") {
  const std::string sheet =
      "game points\npoint 1\nfee 10%\nplayers A B C\ndeal\n A declared\n B 40\n C 20\n";
  const auto text = rummy_cli({"settle"}, sheet);
  CHECK(
      text.out.ends_with("who pays whom\n"
                         "  B pays A 40.00\n"
                         "  C pays A 14.00\n"
                         "  C pays the fee 6.00\n"));
  const Json json = rummy_cli({"settle", "--format", "json"}, sheet).json();
  REQUIRE(json["transfers"].size() == 3);
  CHECK(json["transfers"][2] ==
        Json{{"from", "C"}, {"to", nullptr}, {"recipient", "fee"}, {"amount", "6.00"}});
  // Score games keep no money: no transfers.
  CHECK(rummy_cli({"settle", "--format", "json"},
                  "game crazy\nplayers A B\ndeal\n A out\n B showed 5♦\n")
            .json()["transfers"]
            .empty());
}

TEST_CASE("settle a.sheet b.sheet: each sheet, then each player's money over the evening") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  const auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  const std::string first = write("rummy-first.sheet",
                                  "game points\npoint 1\ncurrency ₹\nplayers A B C\n"
                                  "deal\n A declared\n B 40\n C 20\n");
  const std::string second = write("rummy-second.sheet",
                                   "game points\npoint 1\ncurrency ₹\nplayers C A\n"
                                   "deal\n C declared\n A 50\n");
  const auto text = rummy_cli({"settle", first, second});
  CHECK(text.code == 0);
  CHECK(text.out.starts_with("sheet " + first + "\n"));
  CHECK(
      text.out.ends_with("the evening\n"
                         "  A  net +₹10.00\n"
                         "  B  net -₹40.00\n"
                         "  C  net +₹30.00\n"
                         "\n"
                         "who pays whom over the evening\n"
                         "  B pays C ₹30.00\n"
                         "  B pays A ₹10.00\n"));
  const Json json = rummy_cli({"settle", "--format", "json", first, second}).json();
  CHECK(json["sheets"].size() == 2);
  CHECK(json["evening"]["players"][2] == Json{{"name", "C"}, {"net", "30.00"}});
  CHECK(json["evening"]["transfers"].size() == 2);
  const std::string dollars = write("rummy-dollars.sheet",
                                    "game points\npoint 1\ncurrency $\nplayers A B\n"
                                    "deal\n A declared\n B 1\n");
  CHECK(rummy_cli({"settle", first, dollars})
            .err.starts_with("rummy: error: " + first + " and " + dollars + " keep different"));
  for (const char* name : {"rummy-first.sheet", "rummy-second.sheet", "rummy-dollars.sheet"}) {
    std::filesystem::remove(dir / name);
  }
}

TEST_CASE("deal: one deal from the command line, printed as settle prints a deal") {
  const auto run = rummy_cli({"deal", "--wild", "7", "--point", "2", "--fee", "10%", "--currency",
                              "₹", "Tom declared 10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥",
                              "Asha: declared A♠-2♠-3♠ | 6♣-8♣-7♥ | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ",
                              "Ravi 45", "Meena dropped first"});
  CHECK(run.code == 0);
  CHECK(run.err.empty());
  CHECK(run.out ==
        "points rummy: ₹2.00 a point, fee 10%; players Tom Asha Ravi Meena\n"
        "\n"
        "the deal (wild: 7s): Asha declared; the others pay Asha their points\n"
        "  Tom    declared, wrong show            80\n"
        "  Asha   declared, valid                  0\n"
        "  Ravi   showed                          45\n"
        "  Meena  dropped (first)                 20\n"
        "  Tom's wrong show:\n"
        "    - group 4 (2♦-3♦-Q♣-Q♥) is not a valid group: 2♦ and Q♣ share neither suit nor "
        "rank: a sequence needs one suit, a set one rank\n"
        "    - 1 sequence: a declaration needs at least two, one of them pure\n"
        "  pay: Tom ₹160.00, Ravi ₹90.00, Meena ₹40.00; Asha receives ₹261.00 (₹290.00 less the "
        "fee ₹29.00)\n"
        "\n"
        "who pays whom\n"
        "  Tom pays Asha ₹160.00\n"
        "  Ravi pays Asha ₹90.00\n"
        "  Meena pays the fee ₹29.00\n"
        "  Meena pays Asha ₹11.00\n");
  const auto json = rummy_cli({"deal", "--format", "json", "--variant", "knock",
                               "P1 knocked A♥ 2♥ 3♥ 2♣ 4♣ 5♦ 8♠ 9♠ 10♠ J♠",
                               "P2 showed K♣ K♠ 7♥ A♠ 3♦ 10♦ 8♣ 6♣ 5♣ 4♦"})
                        .json();
  CHECK(json["game"] == "knock");
  CHECK(json["deal"]["winners"] == Json::array({"P1"}));
  CHECK(json["deal"]["entries"][0]["change"] == 53);
  CHECK(json["deal"]["entries"][1]["change"] == -53);
  CHECK(json["transfers"] == Json::array());
  // Crazy Rummy: the round, its contract, and a hand grown past the 7 cards dealt.
  CHECK(rummy_cli({"deal", "--variant", "crazy", "--round", "1", "A out",
                   "B showed A♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠"})
            .out ==
        "Crazy Rummy; players A B\n\n"
        "round 1: 7 cards dealt, 2 books to go down\n"
        "  A  went out                    +0\n"
        "  B  showed     in hand   55    +55  A♠-3♠-4♠-5♠-6♠-7♠-8♠-9♠\n");
}

TEST_CASE("deal: errors name the argument as a line; options that do not apply are refused") {
  const auto wrong = rummy_cli({"deal", "--wild", "10",
                                "Tom declared 10♥-J♥-Q♥ | 5♣-5♦-5♠ | "
                                "A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥",
                                "Ravi 45", "Meena dropped first"});
  CHECK(wrong.code == 2);
  CHECK(
      wrong.err.starts_with("<arguments>:2:1: error: Tom's declaration on line 1 was a wrong "
                            "show (group 4 (2♦-3♦-Q♣-Q♥) is not a valid group"));
  CHECK(
      wrong.err.ends_with("Write the declaration that ended the deal ('Ravi declared', with "
                          "the cards if they were written), or 'Ravi won' if everyone else "
                          "was out of the deal\nRavi 45\n^\n"));
  CHECK(rummy_cli({"deal", "Asha declared", "Ravi dropped"}).err ==
        "<arguments>:2:13: error: expected first or middle after 'dropped': first before the "
        "first draw, middle any time after, found the end of the line\nRavi dropped\n            "
        "^\n");
  CHECK(rummy_cli({"deal", "--variant", "basic", "--point", "2", "A out", "B 4"}).err ==
        "rummy: error: --point is for points rummy, where each deal is paid in money; Basic "
        "Rummy keeps scores, no money\n");
  CHECK(rummy_cli({"deal", "--game", "pool101", "--fee", "2", "A declared", "B 4"}).err ==
        "rummy: error: --fee is for points rummy, where each deal is paid in money; 101 pool "
        "pays out the entry fees at the end of a game (rummy settle)\n");
  CHECK(rummy_cli({"deal", "--fee", "2", "A declared", "B 4"}).err ==
        "rummy: error: --fee needs --point, the value of a point\n");
  CHECK(rummy_cli({"deal", "--variant", "crazy", "A out", "B 4"}).err ==
        "rummy: error: Crazy Rummy deals by rounds, each with its cards and contract: give "
        "--round (1-7)\n");
  CHECK(rummy_cli({"deal", "--game", "deals", "--variant", "knock", "A knocked 4", "B 4"})
            .err.starts_with("rummy: error: --game names a format of Indian rummy"));
  CHECK(rummy_cli({"deal", "Asha declared"}).err ==
        "rummy: error: a deal of Indian rummy has 2 to 6 players, one line each; 1 given\n");
  CHECK(rummy_cli({"deal", "--variant", "gin", "dead"}).err ==
        "rummy: error: a deal of Gin Rummy has 2 players, one line each; 0 given\n");
  CHECK(rummy_cli({"deal", "Asha declared", "Ravi\n45"}).err ==
        "rummy: error: argument 2 holds a line break: give each player's line as one argument\n");
}

TEST_CASE("settle and deal reading a terminal say how to end the input") {
  const auto typed = [](std::vector<std::string> args, const std::string& input) {
    args.insert(args.begin(), "rummy");
    std::istringstream in(input);
    std::ostringstream out, err;
    const int code = rummy::cli::run(args, {in, out, err, false, false, true});
    return std::make_pair(code, err.str());
  };
  CHECK(typed({"settle"}, "game points\npoint 1\nplayers A B\ndeal\n A declared\n B 5\n") ==
        std::make_pair(0, std::string("rummy: type the sheet, then Ctrl-D\n")));
  CHECK(typed({"deal"}, "A declared\nB 5\n") ==
        std::make_pair(0, std::string("rummy: type each player's line, then Ctrl-D\n")));
  // Not a terminal, or lines given as arguments: no hint.
  CHECK(rummy_cli({"deal"}, "A declared\nB 5\n").err.empty());
  CHECK(typed({"deal", "A declared", "B 5"}, "") == std::make_pair(0, std::string()));
}

TEST_CASE("settle's JSON gives a wrong show's problems, as validate's JSON lists them") {
  const std::string hand = "10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥";
  const auto settled = rummy_cli({"settle", "--format", "json"},
                                 "game points\npoint 1\nplayers A B C\ndeal wild 10\n A declared " +
                                     hand + "\n B declared\n C 5\n")
                           .json();
  const auto validated = rummy_cli({"validate", "--wild", "10", "--format", "json", hand}).json();
  CHECK(settled["deals"][0]["entries"][0]["problems"] == validated["problems"]);
  CHECK(settled["deals"][0]["entries"][0]["problems"].size() == 2);
  CHECK(settled["deals"][0]["entries"][1]["problems"] == Json::array());
}

TEST_CASE("a count above the cap is noted under the deal, as cash notes it, and kept as uncapped") {
  const auto text = rummy_cli({"deal", "Asha declared", "Ravi 95", "Meena 30"});
  CHECK(text.code == 0);
  CHECK(text.out.find("  Ravi   showed                          80\n") != std::string::npos);
  CHECK(text.out.find("  note: Ravi's 95 points pay 80, the 80-point cap\n") != std::string::npos);
  CHECK(text.out.find("Meena's") == std::string::npos);
  const auto json =
      rummy_cli({"deal", "--format", "json", "Asha declared", "Ravi 95", "Meena 30"}).json();
  const auto& entries = json["deal"]["entries"];
  CHECK(entries[1]["points"] == 80);
  CHECK(entries[1]["uncapped"] == 95);
  CHECK(entries[2]["uncapped"] == 30);
  const auto raised =
      rummy_cli({"deal", "--house", "points-cap=100", "Asha declared", "Ravi 95", "Meena 30"});
  CHECK(raised.out.find("note:") == std::string::npos);
}
