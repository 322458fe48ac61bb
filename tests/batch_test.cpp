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

namespace {
BatchRecord marriage_line(std::string_view text, BatchDefaults defaults = {}) {
  return process_batch_line(text, "m.txt", 3, defaults, Rules::for_variant(Variant::marriage));
}
BatchDefaults with_tiplu(std::string_view card) {
  BatchDefaults defaults;
  defaults.tiplu = parse_tiplu(card);
  return defaults;
}
constexpr std::string_view valid_end =
    "shown K♦-K♦-K♦ (deal) | 2♣-3♣-4♣ | 9♠-10♠-J♠ hand 6♥-7♥-8♥ | 5♦-6♦-7♣ | Q♥-Q♠-7♠ | "
    "A♣-A♦-A♠ discard 10♣";
}  // namespace

TEST_CASE("a Marriage line is a player's cards: an end, a first stage, or the maal") {
  const BatchRecord end = marriage_line(valid_end, with_tiplu("7♥"));
  CHECK(end.verdict == Verdict::valid);
  REQUIRE(end.table);
  CHECK(end.table->judged == TableRecord::Judged::end);
  CHECK(end.table->state == MaalState::ended);
  CHECK(!end.table->state_given);
  CHECK(end.table->maal == 15);
  CHECK(end.table->held.points == 15);
  CHECK(end.table->discard == parse_tiplu("10♣"));
  CHECK(end.line == 3U);

  // A foul: the end is judged invalid, and its maal counts 0.
  const BatchRecord foul = marriage_line(
      "shown K♦-K♦-K♦ (deal) | 2♣-3♣-4♣ | 9♠-10♠-J♠ hand 6♥-7♥-8♥ | 5♦-6♦-7♣ | Q♥-Q♠-8♠ | "
      "A♣-A♦-A♠ discard 10♣",
      with_tiplu("7♥"));
  CHECK(foul.verdict == Verdict::invalid);
  REQUIRE(foul.table);
  CHECK(foul.table->state == MaalState::foul);
  CHECK(foul.table->maal == 0);
  CHECK(foul.table->held.points == 15);
  CHECK(foul.table->problems.size() == 1U);

  const BatchRecord stage = marriage_line("[tiplu=7♥] shown 4♠-5♠-6♠ | J♣-Q♣-K♣ | 2♦-2♦-2♦");
  CHECK(stage.verdict == Verdict::valid);
  CHECK(stage.table->judged == TableRecord::Judged::first_stage);
  CHECK(stage.table->stage == FirstStage::combinations);
  CHECK(stage.table->state == MaalState::seen);
  CHECK(marriage_line("[tiplu=7♥] shown 4♠-5♠-6♠").verdict == Verdict::invalid);

  // The line's tiplu wins over --tiplu; state= is taken as given.
  const BatchRecord others = marriage_line(
      "[state=seen tiplu=9♣] shown 4♠-5♠-6♠ | J♣-Q♣-K♣ | 2♦-2♦-2♦ hand 10♦-10♦-7♠ | 9♥-9♣-9♠ | "
      "6♥-3♣-7♦ | A♥-2♥-3♥",
      with_tiplu("7♥"));
  CHECK(others.verdict == Verdict::valid);
  CHECK(others.table->judged == TableRecord::Judged::maal);
  CHECK(others.table->tiplu == parse_tiplu("9♣"));
  CHECK(others.table->state == MaalState::seen);
  CHECK(others.table->state_given);
}

TEST_CASE("an unseen player's maal counts by unseen-maal") {
  const std::string_view cards =
      "shown 5♠-5♠-5♠ (deal) hand J♥ J♥ J♠ 2♣ 3♣ 7♣ 9♠ 10♠ K♣ A♥ A♦ 4♥ 8♥ 3♦ 5♣ 6♣ 2♥ 10♦";
  Rules murder = Rules::for_variant(Variant::marriage);
  murder.tiplu->unseen = UnseenMaal::murder;
  const BatchRecord record = process_batch_line(cards, "m.txt", 1, with_tiplu("J♣"), murder);
  REQUIRE(record.table);
  CHECK(record.table->state == MaalState::unseen);
  CHECK(record.table->held.points == 5);
  CHECK(record.table->maal == 0);
  CHECK(marriage_line(cards, with_tiplu("J♣")).table->maal == 5);  // the default counts it
}

TEST_CASE(
    "settings of the other games are errors on a Marriage line, and tiplu=/state= on theirs") {
  const BatchDefaults defaults = with_tiplu("7♥");
  const BatchRecord wild = marriage_line("[wild=7] 2♣-3♣-4♣", defaults);
  CHECK(wild.verdict == Verdict::error);
  CHECK(wild.error->where.column == 7U);
  CHECK(marriage_line("[declared] 2♣", defaults).error->where.column == 2U);
  CHECK(marriage_line("[drop=first]", defaults).error->message ==
        "a drop is for Indian rummy, not Marriage");
  CHECK(marriage_line("2♣-3♣-4♣").error->message ==
        "no tiplu: Marriage needs one, tiplu=CARD on the line or --tiplu CARD");
  CHECK(marriage_line("[tiplu=PJ] 2♣").error->where.column == 8U);
  CHECK(marriage_line("[tiplu=7♥ tiplu=8♥] 2♣").error->message ==
        "'tiplu' is given twice (the other at column 8)");
  CHECK(marriage_line("[tiplu=7♥ state=seen] 2♣ discard 3♣").error->message ==
        "only the player who ended the deal has a final discard");

  const BatchRecord indian = line("[tiplu=7♥] A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ");
  CHECK(indian.verdict == Verdict::error);
  CHECK(indian.error->where.column == 8U);
  CHECK(indian.error->message ==
        "tiplu= is for Marriage (dealt with a tiplu); Indian rummy is not");
  CHECK(line("[state=ended] A♠").error->where.column == 8U);
}

namespace {
// What a record says, as text: for comparing records.
std::string said(const BatchRecord& record, const Rules& rules) {
  std::string text = std::string(verdict_id(record.verdict)) + " " +
                     std::to_string(record.score.points) + " " +
                     std::to_string(record.score.uncapped) + " " +
                     std::to_string(static_cast<int>(record.score.basis)) + " " +
                     std::to_string(record.score.counted.size()) + " " +
                     std::string(grouping_id(record.grouping)) + " " +
                     (record.wild ? std::string(rank_name(*record.wild)) : "-");
  if (record.grouped_as) text += " as " + format_hand(*record.grouped_as, rules);
  if (record.discard) text += " discard " + to_string(*record.discard);
  if (record.arrangement) text += " arranged " + format_hand(record.arrangement->hand, rules);
  if (record.cards_away) text += " away " + std::to_string(*record.cards_away);
  if (record.error) text += " error " + record.error->message;
  return text;
}
}  // namespace

// A batch hands each line's memory on to the next (score_line's LineRoom): a line must be read
// the same whatever came before it, more groups or fewer, cards or none, an error, --arrange or
// --cards-away, in every game (those that arrange a hand written without groups among them).
TEST_CASE("a batch line is read the same whatever line came before it") {
  const std::vector<std::string> lines = {
      "A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ",
      "[wild=10] 10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦-3♦ | Q♣-Q♥",
      "A♠ 2♠ 3♠ 6♣ 8♣ K♥ 4♦ 4♠ 4♣ 4♥ J♦ J♥ PJ",
      "2♣-3♣-4♣-5♣-6♣-7♣-8♣-9♣-10♣-J♣-Q♣-K♣-A♣",
      "A♠ | 2♠ | 3♠ | 6♣ | 8♣ | K♥ | 4♦ | 4♠ | 4♣ | 4♥ | J♦ | J♥ | PJ",
      "A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ-Q♦",
      "[drop=first]",
      "A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-X♦",
      "[wild=7] 7♠(WJ)-7♥ 9♦",
  };
  BatchDefaults arranged;
  arranged.arrange = true;
  BatchDefaults away = arranged;
  away.cards_away = true;
  for (const Variant variant : all_variants) {
    const Rules rules = Rules::for_variant(variant);
    CAPTURE(rules.id);
    const auto read = [&](const std::string& text, const BatchDefaults& defaults) {
      return said(process_batch_line(text, "f.txt", 7, defaults, rules), rules);
    };
    for (const BatchDefaults& defaults : {BatchDefaults{}, arranged, away}) {
      std::vector<std::string> alone;
      for (const std::string& text : lines) alone.push_back(read(text, defaults));
      for (const std::string& before : lines) {
        for (std::size_t i = 0; i < lines.size(); ++i) {
          (void)read(before, defaults);
          CHECK(read(lines[i], defaults) == alone[i]);
        }
      }
    }
  }
}
