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
