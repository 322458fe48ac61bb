// Batch lines (the library part of rummy batch): settings, records, errors with positions.
#include <doctest/doctest.h>

#include "batch.hpp"
#include "cli_run.hpp"

using namespace rummy;

namespace {
BatchRecord line(std::string_view text, BatchDefaults defaults = {}) {
  return process_batch_line(text, "f.txt", 7, defaults, Rules::for_variant(Variant::indian));
}
}  // namespace

TEST_CASE("a line is a hand, or settings and a hand, or settings for a drop") {
  const BatchRecord shown = line("A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ");
  CHECK(shown.verdict == Verdict::valid);
  CHECK(shown.score.points == 2);
  CHECK(shown.line == 7U);

  const BatchRecord seed = line("[wild=10] 10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦-3♦ | Q♣-Q♥");
  CHECK(seed.verdict == Verdict::invalid);
  CHECK(seed.score.points == 70);
  CHECK(seed.wild == Rank::ten);

  const BatchRecord declared =
      line("[declared, wild=10] 10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦-3♦ | Q♣-Q♥");
  CHECK(declared.declared);
  CHECK(declared.score.points == 80);

  const BatchRecord drop = line("[game=pool201 drop=middle]");
  CHECK(drop.verdict == Verdict::drop);
  CHECK(drop.game == Game::pool201);
  CHECK(drop.score.points == 50);

  BatchDefaults defaults;
  defaults.game = Game::pool101;
  defaults.declared = true;
  CHECK(line("[drop=first]", defaults).score.points == 20);
  CHECK(line("[shown] A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ", defaults).score.points ==
        2);
}

TEST_CASE("a bad line is an error record with its line and column") {
  const BatchRecord bad = line("A♠ 2♠ X♥");
  CHECK(bad.verdict == Verdict::error);
  REQUIRE(bad.error);
  CHECK(bad.error->where.line == 7U);
  CHECK(bad.error->where.column == 7U);
  CHECK(line("[drop=first game=deals]").error->message ==
        "deals rummy has no drop: a player may not leave a deal in it");
  CHECK(line("[drop=first] A♠ 2♠ 3♠").error->message ==
        "a drop takes no hand: give the drop or the hand, not both");
  CHECK(line("[wild=7]").error->message ==
        "no hand: expected cards such as A♠-2♠-3♠ | …, or a drop setting");
  CHECK(line("[wild=X] A♠").error->where.column == 7U);
  CHECK(line("[declared").error->message ==
        "expected another setting (wild=, game=, drop=, declared, shown) or ']', found the end of "
        "the input");
  CHECK(line("A♠-2♠-3♠").error->message ==
        "3 cards: expected 13 (a shown hand) or 14 (a hand about to declare, with the card drawn)");
}

TEST_CASE("a 14-card line is judged after its best discard, as validate and score judge it") {
  const BatchRecord ungrouped = line("as 2s 3s 4h 5h 6h 9c 9d 9s kh kd ks kc 7d");
  CHECK(ungrouped.verdict == Verdict::valid);
  CHECK(ungrouped.score.points == 2);
  REQUIRE(ungrouped.discard);
  CHECK(to_string(*ungrouped.discard) == "7♦");
  const BatchRecord grouped = line("[declared] as-2s-3s | 4h-5h-6h | 9c-9d-9s | kh-kd-ks | kc 7d");
  CHECK(grouped.verdict == Verdict::invalid);
  CHECK(grouped.score.points == 80);
  REQUIRE(grouped.discard);
  CHECK(to_string(*grouped.discard) == "K♣");
  CHECK_FALSE(line("as-2s-3s | 4h-5h-6h | 9c-9d-9s | kh-kd-ks-kc").discard);
}

TEST_CASE("blank and comment lines hold no hand") {
  CHECK(holds_no_hand(""));
  CHECK(holds_no_hand("   \t\r"));
  CHECK(holds_no_hand("  # a comment"));
  CHECK_FALSE(holds_no_hand("A♠"));
}

TEST_CASE("--arrange gives each line's best arrangement") {
  BatchDefaults defaults;
  defaults.arrange = true;
  const BatchRecord record =
      line("[wild=10] 10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥", defaults);
  REQUIRE(record.arrangement);
  CHECK(record.score.points == 30);
  const BatchRecord fourteen = line("Q♣ J♦ 4♦ 6♣ A♠ 4♠ 7♣ 2♠ 4♣ J♥ 3♠ 4♥ J♣ 8♣", defaults);
  CHECK(fourteen.verdict == Verdict::valid);
  CHECK(to_string(*fourteen.arrangement->discard) == "Q♣");
}

TEST_CASE("batch --jobs: records in input order and the same summary, whatever the threads") {
  std::string input;
  for (int i = 0; i < 6000; ++i) {
    switch (i % 5) {
      case 0:
        input += "A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ\n";
        break;
      case 1:
        input += "[wild=10] 10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦-3♦ | Q♣-Q♥\n";
        break;
      case 2:
        input += "[game=pool201, drop=middle]\n# a comment\n\n";
        break;
      case 3:
        input += "A♠ 2♠ X♥\n";
        break;
      default:
        input += "as 2s 3s 4h 5h 6h 9c 9d 9s kh kd ks kc\n";
    }
  }
  const auto one = rummy::test::rummy_cli({"batch", "--jobs", "1", "--format", "json"}, input);
  const auto two = rummy::test::rummy_cli({"batch", "--jobs", "2", "--format", "json"}, input);
  const auto many = rummy::test::rummy_cli({"batch", "--jobs", "7", "--format", "csv"}, input);
  const auto many_one = rummy::test::rummy_cli({"batch", "-j", "1", "--format", "csv"}, input);
  CHECK(one.code == 2);
  CHECK(two.code == 2);
  CHECK(one.out == two.out);
  CHECK(one.err == two.err);
  CHECK(many.out == many_one.out);
  // Per 5 lines: a valid hand shown (2), the guide's hand (70), a middle drop in 201 pool (50),
  // a bad line, an ungrouped hand that its best grouping declares (2).
  CHECK(one.err ==
        "rummy batch: 6000 hands: 2400 valid, 1200 not valid, 1200 drops, 1200 bad; "
        "148800 points in all\n");
  // A file that cannot be read keeps its place among the others.
  const auto files =
      rummy::test::rummy_cli({"batch", "--jobs", "2", "no-such-file.txt", "-"}, "A♠ 2♠ X♥\n");
  CHECK(files.out.starts_with("no-such-file.txt:1:1: error: cannot read"));
  CHECK(rummy::test::rummy_cli({"batch", "--jobs", "0"}, "").code == 2);
}

TEST_CASE("a line that is not UTF-8 says so, wherever the bad byte stands") {
  // The batch grammar reads only ASCII and suit glyphs: the UTF-8 check runs when it fails.
  const auto check = [](std::string_view text, std::size_t column, std::string_view byte) {
    CAPTURE(text);
    const BatchRecord bad = line(text);
    REQUIRE(bad.error);
    CHECK(bad.error->where.column == column);
    CHECK(bad.error->message ==
          "byte 0x" + std::string(byte) + " is not valid UTF-8: the input must be UTF-8 text");
  };
  check("A♠ 2\xFF 3♠", 5, "FF");              // where a suit should be
  check("[wild=7\xC0\xAF] A♠", 8, "C0");      // in the settings (an overlong '/')
  check("A♠-2♠-3♠ | 4♠ \xE2\x99", 15, "E2");  // a glyph cut short at the end
  check("A♠-2♠ \xED\xA0\x80 3♠", 7, "ED");    // a UTF-16 surrogate
  check("\xEF\xBB\xBF\xFF", 2, "FF");         // after a byte-order mark
  // Well-formed UTF-8 that is no card is the grammar's error, as before.
  CHECK(line("A♠ 2é").error->message.starts_with("expected a suit after the rank"));
}
