// The hand notation (rules §1): what it accepts, and the errors it gives, whole.
#include <doctest/doctest.h>

#include "helpers.hpp"

using namespace rummy;
using namespace rummy::test;

namespace {
std::string groups_as_written(std::string_view text, std::string_view wild = "") {
  const Hand hand = hand_of(text, wild);
  std::string out;
  for (const Group& group : hand.groups) {
    out += out.empty() ? "" : " | ";
    out += format_group(group, hand.wild, Rules{});
  }
  return out;
}
}  // namespace

TEST_CASE("suits in Unicode, outline glyphs, ❤, emoji style and ASCII in either case") {
  CHECK(groups_as_written("A♠ A♥ A♦ A♣") == "A♠-A♥-A♦-A♣");
  CHECK(groups_as_written("A♤ A♡ A♢ A♧") == "A♠-A♥-A♦-A♣");
  CHECK(groups_as_written("A❤ A❤️") == "A♥-A♥");
  CHECK(groups_as_written("K♥️") == "K♥");
  CHECK(groups_as_written("AS AH AD AC as ah ad ac") == "A♠-A♥-A♦-A♣-A♠-A♥-A♦-A♣");
}

TEST_CASE("ranks A 2-10 J Q K, T for 10, letters in either case") {
  CHECK(groups_as_written("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠") ==
        "A♠-2♠-3♠-4♠-5♠-6♠-7♠-8♠-9♠-10♠-J♠-Q♠-K♠");
  CHECK(groups_as_written("T♥ t♥ jH qh kH aH") == "10♥-10♥-J♥-Q♥-K♥-A♥");
}

TEST_CASE("separators: '-', spaces, nothing where the boundary is plain, '|' between groups") {
  CHECK(groups_as_written("A♣-2♣-3♣4♣") == "A♣-2♣-3♣-4♣");
  CHECK(groups_as_written("10♥J♥Q♥") == "10♥-J♥-Q♥");
  CHECK(groups_as_written("  A♣ -  2♣\t3♣   |4♦|  5♦ - PJ  ") == "A♣-2♣-3♣ | 4♦ | 5♦-PJ");
  CHECK(groups_as_written("pj 2♠ Pj") == "PJ-2♠-PJ");
}

TEST_CASE("(WJ) after a card, with or without a space, in either case") {
  CHECK(groups_as_written("8♦ (WJ) 8♣(wj) 9♦") == "8♦(WJ)-8♣(WJ)-9♦");
  CHECK(hand_of("8♦ (WJ)").wild == Rank::eight);
  CHECK(hand_of("8♦ 9♦ 10♦").wild == std::nullopt);
}

TEST_CASE("--wild takes a rank, a cut card, PJ (aces wild) or none") {
  CHECK(parse_wild("7") == Rank::seven);
  CHECK(parse_wild("10") == Rank::ten);
  CHECK(parse_wild("T") == Rank::ten);
  CHECK(parse_wild("7♦") == Rank::seven);
  CHECK(parse_wild("qd") == Rank::queen);
  CHECK(parse_wild("PJ") == Rank::ace);
  CHECK(parse_wild("none") == std::nullopt);
  CHECK(hand_of("A♠ 2♣ 3♦", "PJ").wild == Rank::ace);
  CHECK(hand_of("8♦(WJ)", "8♥").wild == Rank::eight);
}

TEST_CASE("comment and blank lines around the hand, CRLF and a byte-order mark are fine") {
  CHECK(groups_as_written("# a hand from last night\n\n  A♠ 2♠ 3♠ | 4♦\n# done\n") ==
        "A♠-2♠-3♠ | 4♦");
  CHECK(groups_as_written("\xEF\xBB\xBF"
                          "A♠ 2♠\r\n\r\n") == "A♠-2♠");
}

TEST_CASE("errors name the line and the column in characters, and show a caret") {
  CHECK(error_of("X♥-2♠") ==
        "<test>:1:1: error: expected a card: a rank (A, 2-10 or T, J, Q, K) then a suit "
        "(♠ ♥ ♦ ♣ or S H D C), or PJ, found 'X♥'\n"
        "X♥-2♠\n"
        "^\n");
  CHECK(error_of("A♠ 11♥") ==
        "<test>:1:4: error: expected another card, '-', '|' or the end of the hand, found '11♥'\n"
        "A♠ 11♥\n"
        "   ^\n");
  CHECK(error_of("A♠ 2♠ 3X") ==
        "<test>:1:8: error: expected a suit after the rank: ♠ ♥ ♦ ♣ (or ♤ ♡ ♢ ♧, ❤) or S H D C, "
        "found 'X'\n"
        "A♠ 2♠ 3X\n"
        "       ^\n");
  CHECK(error_of("A♠--2♠") ==
        "<test>:1:4: error: expected a card: a rank (A, 2-10 or T, J, Q, K) then a suit "
        "(♠ ♥ ♦ ♣ or S H D C), or PJ, found '-'\n"
        "A♠--2♠\n"
        "   ^\n");
  CHECK(error_of("A♠-2♠ || 3♠") ==
        "<test>:1:8: error: expected a group of cards after '|': a group cannot be empty, "
        "found '|'\n"
        "A♠-2♠ || 3♠\n"
        "       ^\n");
  CHECK(error_of("A♠-2♠-3♠-") ==
        "<test>:1:10: error: expected a card: a rank (A, 2-10 or T, J, Q, K) then a suit "
        "(♠ ♥ ♦ ♣ or S H D C), or PJ, found the end of the input\n"
        "A♠-2♠-3♠-\n"
        "         ^\n");
  CHECK(error_of("# a comment line\n\tQ♥ K♥ ?") ==
        "<test>:2:8: error: expected another card, '-', '|' or the end of the hand, found '?'\n"
        "\tQ♥ K♥ ?\n"
        "\t      ^\n");
  CHECK(error_of("PJ(WJ)") ==
        "<test>:1:3: error: a printed joker is always a joker: (WJ) marks a card of the wild "
        "rank, found '(WJ)'\n"
        "PJ(WJ)\n"
        "  ^\n");
}

TEST_CASE("more copies than the decks hold") {
  CHECK(error_of("8♥-8♥ | 9♣ 8♥") ==
        "<test>:1:12: error: a third 8♥: 2 decks hold only 2 of each card\n"
        "8♥-8♥ | 9♣ 8♥\n"
        "           ^\n");
  CHECK(error_of("PJ 2♠ PJ PJ") ==
        "<test>:1:10: error: a third printed joker: 2 decks hold only 2\n"
        "PJ 2♠ PJ PJ\n"
        "         ^\n");
  Rules one_deck;
  one_deck.decks = 1;
  CHECK(error_of("8♥ 9♥ 8♥", "", one_deck) ==
        "<test>:1:7: error: a second 8♥: 1 deck holds only 1 of each card\n"
        "8♥ 9♥ 8♥\n"
        "      ^\n");
}

TEST_CASE("one wild rank per deal: marks on two ranks, or against --wild, are errors") {
  CHECK(error_of("8♦(WJ) 9♣ 9♠(WJ)") ==
        "<test>:1:13: error: (WJ) marks 9♠ as wild, but the (WJ) at line 1, column 3 made the 8s "
        "wild: a deal has one wild rank\n"
        "8♦(WJ) 9♣ 9♠(WJ)\n"
        "            ^\n");
  CHECK(error_of("8♦ (WJ)", "9") ==
        "<test>:1:4: error: (WJ) marks 8♦ as wild, but --wild makes the 9s wild\n"
        "8♦ (WJ)\n"
        "   ^\n");
  CHECK(error_of("A♦(WJ) 8♦(WJ)", "PJ") ==
        "<test>:1:10: error: (WJ) marks 8♦ as wild, but --wild makes the aces wild\n"
        "A♦(WJ) 8♦(WJ)\n"
        "         ^\n");
  CHECK(error_of("8♦(WJ)", "none") ==
        "<test>:1:3: error: (WJ) marks 8♦ as wild, but --wild none says no rank is wild\n"
        "8♦(WJ)\n"
        "  ^\n");
}

TEST_CASE("bytes that are not UTF-8, overlong forms included, are errors at their column") {
  CHECK(error_of("A♠ 2\xFF") ==
        "<test>:1:5: error: byte 0xFF is not valid UTF-8: the input must be UTF-8 text\n"
        "A♠ 2\xEF\xBF\xBD\n"
        "    ^\n");
  CHECK(error_of("A♠ \xC0\xAF") ==
        "<test>:1:4: error: byte 0xC0 is not valid UTF-8: the input must be UTF-8 text\n"
        "A♠ \xEF\xBF\xBD\xEF\xBF\xBD\n"
        "   ^\n");
  CHECK(first_invalid_utf8("\xED\xA0\x80") == 0U);  // a surrogate
  CHECK_FALSE(first_invalid_utf8("♠❤️"));
}

TEST_CASE("an input holds exactly one hand") {
  CHECK(error_of("# nothing here\n\n") ==
        "<test>:3:1: error: no hand given: expected cards such as A♠-2♠-3♠ | 7♥-7♦-7♣, found the "
        "end of the input\n"
        "\n"
        "^\n");
  CHECK(error_of("A♠ 2♠ 3♠\n4♦ 5♦ 6♦\n") ==
        "<test>:2:1: error: a second hand: give one hand per input, found '4♦'\n"
        "4♦ 5♦ 6♦\n"
        "^\n");
  CHECK(error_of("A♠ 2\0♠", "") != "no error");
}

TEST_CASE("JK is Crazy Rummy's spelling of the printed joker, refused in Indian rummy") {
  CHECK(error_of("JK 2♠") ==
        "<test>:1:1: error: JK is how Crazy Rummy writes a printed joker; in this game write PJ\n"
        "JK 2♠\n"
        "^\n");
}

TEST_CASE("a hand shown at the end of a deal must hold 13 cards when asked") {
  ReadOptions options;
  options.size = ReadOptions::Size::shown;
  try {
    read_hand("A♠ 2♠ 3♠", "<test>", Rules{}, options);
    FAIL("expected an error");
  } catch (const InputError& error) {
    CHECK(format_diagnostic(error.diagnostic()) ==
          "<test>:1:9: error: 3 cards: a hand shown at the end of a deal holds 13\n"
          "A♠ 2♠ 3♠\n"
          "        ^\n");
  }
}

TEST_CASE("one copy too many is named in words, whatever the decks") {
  Rules rules;
  rules.decks = 8;
  std::string nine;
  for (int i = 0; i < 9; ++i) nine += "K♥ ";
  CHECK(error_of(nine, "", rules).find("a ninth K♥: 8 decks hold only 8 of each card") !=
        std::string::npos);
  rules.decks = 7;
  CHECK(error_of(nine, "", rules).find("an eighth K♥: 7 decks hold only 7") != std::string::npos);
  rules.decks = 8;
  rules.printed_jokers_per_deck = 2;
  std::string jokers;
  for (int i = 0; i < 17; ++i) jokers += "PJ ";
  CHECK(error_of(jokers, "", rules).find("a 17th printed joker: 8 decks hold only 16") !=
        std::string::npos);
}

TEST_CASE("a diagnostic shows control characters as pictures and a long line as a window") {
  CHECK(error_of(std::string("A♠-2♠\0-3♠", 15)) ==
        "<test>:1:6: error: expected another card, '-', '|' or the end of the hand, found "
        "'\\x00'\nA♠-2♠␀-3♠\n     ^\n");
  std::string far = "A♠" + std::string(10000, ' ') + "Zq";
  const std::string error = error_of(far);
  CHECK(error.find("<test>:1:10003: error: expected another card") == 0);
  CHECK(error.find("\n…" + std::string(60, ' ') + "Zq\n" + std::string(61, ' ') + "^\n") !=
        std::string::npos);
  CHECK(error.size() < 400);  // not the 10 KB line
  std::string long_line;
  for (int i = 0; i < 100000; ++i) long_line += "A♠-";
  long_line += "A♠";
  const std::string third = error_of(long_line);
  CHECK(third.find("<test>:1:7: error: a third A♠") == 0);
  CHECK(third.find("-…\n      ^\n") != std::string::npos);
}
