// Never an abort, always an answer: unreadable input, usage errors in rummy's own words (and as
// JSON when JSON was asked for), a hint at a terminal, a file named where a hand goes.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_run.hpp"

using Json = nlohmann::json;
using rummy::test::rummy_cli;

namespace {
// A stream that cannot be read, as a directory or a closed standard input.
struct BrokenInput : std::streambuf {
  int_type underflow() override { throw std::ios_base::failure("read error"); }
};

rummy::test::Run run_with_input(std::vector<std::string> args, std::istream& in,
                                bool in_is_terminal = false) {
  args.insert(args.begin(), "rummy");
  std::ostringstream out, err;
  rummy::test::Run run;
  run.code = rummy::cli::run(args, {in, out, err, false, false, in_is_terminal});
  run.out = out.str();
  run.err = err.str();
  return run;
}
}  // namespace

TEST_CASE("unreadable input is an error with exit 2 in every command, never an abort") {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"validate"}, {"score"}, {"arrange"}, {"outs"}, {"settle"}}) {
    BrokenInput broken;
    std::istream in(&broken);
    const auto run = run_with_input(args, in);
    CAPTURE(args[0]);
    CHECK(run.code == 2);
    CHECK(run.err.starts_with("rummy: error: cannot read <stdin>"));
  }
  // batch: the source gets an error record, and the others go on.
  BrokenInput broken;
  std::istream in(&broken);
  const auto batch = run_with_input({"batch", "--format", "json"}, in);
  CHECK(batch.code == 2);
  CHECK(batch.out.starts_with(R"({"source":"<stdin>","line":1,"column":1,"verdict":"error",)"));
  const std::string directory = std::filesystem::temp_directory_path().string();
  const auto many = rummy_cli({"batch", directory, "-"},
                              "A♠-2♠-3♠ | 4♦-5♦-6♦ | 7♣-8♣-9♣ | "
                              "J♥-J♦-J♠-J♣\n");
  CHECK(many.code == 2);
  CHECK(many.out.starts_with(directory + ":1:1: error: cannot read " + directory +
                             ": Is a "
                             "directory\n<stdin>:1: valid"));
  CHECK(rummy_cli({"settle", directory}).err ==
        "rummy: error: cannot read " + directory + ": Is a directory\n");
}

TEST_CASE("usage errors in rummy's own words, as JSON when JSON was asked for") {
  const auto option = rummy_cli({"validate", "--colr", "never", "A♠"});
  CHECK(option.code == 2);
  CHECK(option.err.starts_with(
      "rummy: error: 'rummy validate' has no option --colr (did you mean --color?)\n"));
  const auto before = rummy_cli({"--color", "never", "validate", "A♠"});
  CHECK(before.code == 2);
  CHECK(before.err.starts_with(
      "rummy: error: --color belongs after the command: rummy validate --color never …\n"));
  const auto cash = rummy_cli({"cash", "pints", "--value", "2"});
  CHECK(cash.err.starts_with(
      "rummy: error: unknown word 'pints' after 'rummy cash' (did you mean 'points'?)\n"));
  const Json json = rummy_cli({"score", "--format", "json", "--drop", "sideways"}).json();
  CHECK(json["error"]["message"] == "--drop: 'sideways' is not one of first or middle");
  const Json command = rummy_cli({"scroe", "--format", "json"}).json();
  CHECK(command["error"]["message"] ==
        "unknown command 'scroe' (did you mean 'score'?); 'rummy --help' lists the commands");
}

TEST_CASE("a hand typed at a terminal gets a hint; a file named as the hand says how to read it") {
  std::istringstream typed("A♠-2♠-3♠\n");
  const auto run = run_with_input({"validate"}, typed, /*in_is_terminal=*/true);
  CHECK(run.err == "rummy: type the hand, then Ctrl-D\n");
  std::istringstream piped("A♠-2♠-3♠\n");
  CHECK(run_with_input({"validate"}, piped).err.empty());

  const std::filesystem::path file = std::filesystem::temp_directory_path() / "rummy-hand.txt";
  { std::ofstream(file) << "A♠-2♠-3♠\n"; }
  const auto named = rummy_cli({"validate", file.string()});
  CHECK(named.code == 2);
  CHECK(named.err == "rummy: error: '" + file.string() +
                         "' names a file, but the argument is the hand itself: to read the "
                         "file, give it as standard input (< " +
                         file.string() + ")\n");
  std::filesystem::remove(file);
}

TEST_CASE("each command's help: what applies to it, examples, the exit codes 3 and 141") {
  const auto settle = rummy_cli({"settle", "--help"});
  CHECK(settle.code == 0);
  CHECK(settle.out.find("Hand notation") == std::string::npos);  // no hand: no notation
  CHECK(settle.out.find("Examples:\n  rummy settle friday.sheet\n") != std::string::npos);
  CHECK(settle.out.find("3    the output could not be written") != std::string::npos);
  CHECK(settle.out.find("141  the reader closed the pipe") != std::string::npos);
  const auto validate = rummy_cli({"validate", "--help"});
  CHECK(validate.out.find("Hand notation") != std::string::npos);
  CHECK(validate.out.find("Examples:\n  rummy validate ") != std::string::npos);
}

TEST_CASE("hands as people paste them read the same in every command that reads a hand") {
  const std::string plain = "A♠ 2♠ 3♠ | 7♥-7♦-7♣ | 4♦ 5♦ 6♦ 7♦ | 9♣ 9♦ 9♥\n";
  // One group a line, a no-break space, a zero-width space, a full-width bar, a minus sign, an
  // en dash, en spaces, a comment line, a trailing blank line.
  const std::string pasted =
      "# from the chat\n"
      "A♠\u00A02♠\u200B 3♠ ｜ 7♥−7♦–7♣\n"
      "# the run\n"
      "4♦ 5♦ 6♦ 7♦\r\n"
      "9♣\u20029♦\u20029♥\n"
      "\n";
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"validate"}, {"score"}, {"arrange"}, {"outs"}}) {
    CAPTURE(args[0]);
    const auto expected = rummy_cli(args, plain);
    const auto got = rummy_cli(args, pasted);
    CHECK(got.code == expected.code);
    CHECK(got.out == expected.out);
    CHECK(got.err == expected.err);
    auto with_argument = args;
    with_argument.push_back(pasted);
    CHECK(rummy_cli(with_argument).out == expected.out);
  }
  CHECK(rummy_cli({"validate"}, pasted).out ==
        "wild jokers: none, only PJ\n"
        "1  A♠-2♠-3♠     pure sequence  A♠-2♠-3♠ in order, no joker\n"
        "2  7♥-7♦-7♣     set            three 7s of different suits\n"
        "3  4♦-5♦-6♦-7♦  pure sequence  4♦-5♦-6♦-7♦ in order, no joker\n"
        "4  9♣-9♦-9♥     set            three 9s of different suits\n"
        "valid declaration: 13 cards in 2 sequences (2 pure) and 2 sets\n");
  // --wild and layoff's arguments read the same characters.
  CHECK(rummy_cli({"validate", "--wild", "\u200B7\u00A0"}, plain).out ==
        rummy_cli({"validate", "--wild", "7"}, plain).out);
  const auto layoff = rummy_cli({"layoff", "8♥−9♥\u00A010♥", "\u2060J♥"});
  CHECK(layoff.code == 0);
  CHECK(layoff.out == rummy_cli({"layoff", "8♥-9♥-10♥", "J♥"}).out);
  // batch keeps one hand a line: the same two lines are two hands there.
  const auto batch = rummy_cli({"batch", "--format", "csv"}, "A♠ 2♠ 3♠\n4♦\u00A05♦ 6♦\n");
  CHECK(batch.out.find("<stdin>,1,") != std::string::npos);
  CHECK(batch.out.find("<stdin>,2,") != std::string::npos);
  // A batch line of Unicode spaces, or a comment after them, holds no hand, as a blank one.
  const auto skipped =
      rummy_cli({"batch", "--format", "csv"}, "\u00A0# a note\n\u3000\u200B\nA♠ 2♠ 3♠\n");
  CHECK(skipped.out ==
        "source,line,column,verdict,role,game,wild,points,uncapped,rule_id,rule,grouping,discard,"
        "hand,cards_away,error\n"
        "<stdin>,3,9,error,,,,,,,,,,,,\"3 cards: expected 13 (a shown hand) or 14 (a hand about to "
        "declare, with "
        "the card drawn)\"\n");
}

TEST_CASE("an error under pasted characters: its column as written, the caret under it") {
  const auto run = rummy_cli({"validate"}, "A♠\u200B-2♠ ｜ 7♥\u00A07¤\n");
  CHECK(run.code == 2);
  CHECK(run.err ==
        "<stdin>:1:14: error: expected a suit after the rank: ♠ ♥ ♦ ♣ (or ♤ ♡ ♢ ♧, ❤) or S H D "
        "C, found U+00A4 CURRENCY SIGN\n"
        "A♠◌-2♠ ｜ 7♥\u00A07¤\n"
        "              ^\n");  // 13 characters before it, the full-width bar two columns wide
  const auto second = rummy_cli({"score"}, "A♠ 2♠ 3♠\n\n4♦ 5♦ 6♦\n");
  CHECK(second.code == 2);
  CHECK(second.err ==
        "<stdin>:3:1: error: a second hand: a blank line ends a hand, and an input holds one (its "
        "lines follow each other), found '4♦'\n"
        "4♦ 5♦ 6♦\n"
        "^\n");
}

TEST_CASE("a table sheet reads look-alikes in its hands, keywords and names as typed") {
  const std::string plain =
      "game points\n"
      "point 1\n"
      "players Asha \"Ravi K\"\n"
      "deal wild 7\n"
      "  Asha declared A♠-2♠-3♠ | 6♣-8♣-7♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ\n"
      "  \"Ravi K\" showed 5♠-6♠-7♠ | 9♥ 10♥ J♥ | 2♦ 3♦ 9♣ 9♦ | Q♣ Q♦ 8♦\n";
  // A no-break space inside a quoted name makes the same player as a space.
  const std::string pasted =
      "game\u00A0points\n"
      "point 1\n"
      "players Asha \"Ravi\u00A0K\"\n"
      "deal wild\u20027\n"
      "\u3000Asha declared A♠−2♠−3♠ ｜ 6♣-8♣-7♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ\u200B\n"
      "  \"Ravi K\" showed 5♠-6♠-7♠ | 9♥\u00A010♥ J♥ | 2♦ 3♦ 9♣ 9♦ | Q♣ Q♦ 8♦\n";
  const auto expected = rummy_cli({"settle", "-"}, plain);
  REQUIRE(expected.code == 0);
  const auto got = rummy_cli({"settle", "-"}, pasted);
  CHECK(got.code == 0);
  CHECK(got.out == expected.out);
  const auto refused = rummy_cli({"settle", "-"},
                                 "game points\npoint 1\nplayers Asha Ravi\ndeal\n"
                                 "  Asha declared A♠−2♠ ¤\n");
  CHECK(refused.code == 2);
  CHECK(refused.err ==
        "<stdin>:5:23: error: expected another card, '-', '|' or the end of the hand, found U+00A4 "
        "CURRENCY SIGN\n"
        "  Asha declared A♠−2♠ ¤\n"
        "                      ^\n");
}
