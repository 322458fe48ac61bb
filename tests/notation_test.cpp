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
    out += format_group(group, hand.wild, Rules::for_variant(Variant::indian));
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
  Rules one_deck = Rules::for_variant(Variant::indian);
  one_deck.deck.decks = 1;
  CHECK(error_of("8♥ 9♥ 8♥", "", one_deck) ==
        "<test>:1:7: error: a second 8♥: 1 deck holds only 1 of each card\n"
        "8♥ 9♥ 8♥\n"
        "      ^\n");
  // A card the game refuses, or a mark at odds with another, is told first, even after a copy
  // too many.
  CHECK(error_of("8♥-8♥-8♥ | 9♣(WJ) 7♠(WJ)") ==
        "<test>:1:21: error: (WJ) marks 7♠ as wild, but the (WJ) at line 1, column 14 made the "
        "9s wild: a deal has one wild rank\n"
        "8♥-8♥-8♥ | 9♣(WJ) 7♠(WJ)\n"
        "                    ^\n");
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
  CHECK(error_of("A♠ 2♠ 3♠\n\n4♦ 5♦ 6♦\n") ==
        "<test>:3:1: error: a second hand: a blank line ends a hand, and an input holds one (its "
        "lines follow each other), found '4♦'\n"
        "4♦ 5♦ 6♦\n"
        "^\n");
  CHECK(error_of("A♠ 2\0♠", "") != "no error");
}

TEST_CASE("a hand over several lines: each line one group or more, comment lines among them") {
  CHECK(groups_as_written("A♠ 2♠ 3♠\n4♦ 5♦ 6♦\n") == "A♠-2♠-3♠ | 4♦-5♦-6♦");
  CHECK(groups_as_written("# rummy validate\n\n  A♠ 2♠ 3♠ | 7♥ 7♦ 7♣\r\n# the run:\n"
                          "\t4♦-5♦-6♦  \r\n  # done\n\n") == "A♠-2♠-3♠ | 7♥-7♦-7♣ | 4♦-5♦-6♦");
  // Lines are groups the writer chose, as '|' is; one line without separators is not.
  CHECK(parse_hand("A♠ 2♠ 3♠\n4♦ 5♦ 6♦", "<test>").grouped);
  CHECK_FALSE(parse_hand("A♠ 2♠ 3♠ 4♦ 5♦ 6♦\n", "<test>").grouped);
  CHECK(parse_hand("A♠ 2♠ 3♠\n4♦ 5♦ 6♦", "<test>").group_sizes ==
        SmallVector<std::size_t, 8>{3, 3});
  // An error on a later line is at its line and column.
  CHECK(error_of("A♠ 2♠ 3♠\n4♦ X♦") ==
        "<test>:2:4: error: expected another card, '-', '|' or the end of the hand, found 'X♦'\n"
        "4♦ X♦\n"
        "   ^\n");
  CHECK(error_of("A♠ 2♠ 3♠ |\n4♦ 5♦ 6♦") ==
        "<test>:1:11: error: expected a group of cards after '|': a group cannot be empty, found "
        "the end of the line\n"
        "A♠ 2♠ 3♠ |\n"
        "          ^\n");
  // A line of Unicode spaces is a blank line: it ends the hand too.
  CHECK(error_of("A♠ 2♠ 3♠\n\u00A0\u3000\n4♦") ==
        "<test>:3:1: error: a second hand: a blank line ends a hand, and an input holds one (its "
        "lines follow each other), found '4♦'\n"
        "4♦\n"
        "^\n");
}

namespace {
std::string utf8(char32_t c) {
  std::string out;
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
  return out;
}
}  // namespace

TEST_CASE("look-alike characters are read as meant: Unicode spaces, dashes and bars") {
  for (const char32_t space : {0x00A0, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
                               0x2007, 0x2008, 0x2009, 0x200A, 0x202F, 0x3000}) {
    CAPTURE(static_cast<std::uint32_t>(space));
    CHECK(groups_as_written("A♠" + utf8(space) + "2♠" + utf8(space) + utf8(space) + "3♠") ==
          "A♠-2♠-3♠");
    CHECK_FALSE(parse_hand("A♠" + utf8(space) + "2♠", "<test>").grouped);
  }
  for (const char32_t dash :
       {0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xFE63, 0xFF0D}) {
    CAPTURE(static_cast<std::uint32_t>(dash));
    CHECK(groups_as_written("A♠" + utf8(dash) + "2♠ " + utf8(dash) + " 3♠") == "A♠-2♠-3♠");
    CHECK(parse_hand("A♠" + utf8(dash) + "2♠", "<test>").grouped);
  }
  for (const char32_t bar : {0xFF5C, 0x2223, 0x01C0}) {
    CAPTURE(static_cast<std::uint32_t>(bar));
    CHECK(groups_as_written("A♠ 2♠" + utf8(bar) + "4♦ " + utf8(bar) + " 5♦") == "A♠-2♠ | 4♦ | 5♦");
  }
}

TEST_CASE("zero-width characters and bidirectional marks are ignored, even inside a card") {
  for (const char32_t invisible :
       {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D,
        0x202E, 0x2066, 0x2067, 0x2068, 0x2069}) {
    CAPTURE(static_cast<std::uint32_t>(invisible));
    const std::string mark = utf8(invisible);
    CHECK(groups_as_written(mark + "A♠ " + mark + "1" + mark + "0" + mark + "♠" + mark + " |" +
                            mark + "K♥ (W" + mark + "J)" + mark) == "A♠-10♠ | K♥(WJ)");
  }
  // A byte-order mark at the start, and one in the middle where files were joined.
  CHECK(groups_as_written("\xEF\xBB\xBF# a hand\n\xEF\xBB\xBF"
                          "A♠ 2♠") == "A♠-2♠");
}

TEST_CASE("columns count the characters as written; invisible ones are shown, wide ones spaced") {
  // A♠, a zero-width space, " 2♠ X": X is the 8th character as written.
  CHECK(error_of("A♠\u200B 2♠ X") ==
        "<test>:1:8: error: expected another card, '-', '|' or the end of the hand, found 'X'\n"
        "A♠◌ 2♠ X\n"
        "       ^\n");
  // The full-width bar is two columns wide in a terminal: the caret line gives it two spaces.
  CHECK(error_of("A♠ ｜ 2♠−3X") ==
        "<test>:1:10: error: expected a suit after the rank: ♠ ♥ ♦ ♣ (or ♤ ♡ ♢ ♧, ❤) or S H D C, "
        "found 'X'\n"
        "A♠ ｜ 2♠−3X\n"
        "          ^\n");
  // Offsets in a hand read with look-alikes are those of the text as written.
  const WrittenHand written = parse_hand("\u00A0\u200BA♠\u2013K♥", "<test>");
  REQUIRE(written.cards.size() == 2);
  CHECK(written.cards[0].offset == 5);
  CHECK(written.cards[1].offset == 12);
  CHECK(written.end_offset == 16);
}

TEST_CASE("a character still refused is named by its code point, and its name where known") {
  CHECK(error_of("A♠ 2¤") ==
        "<test>:1:5: error: expected a suit after the rank: ♠ ♥ ♦ ♣ (or ♤ ♡ ♢ ♧, ❤) or S H D C, "
        "found U+00A4 CURRENCY SIGN\n"
        "A♠ 2¤\n"
        "    ^\n");
  CHECK(error_of("🂡 2♠").find("found U+1F0A1 PLAYING CARD ACE OF SPADES\n") != std::string::npos);
  CHECK(error_of("A♠ \u0410♠").find("found U+0410 CYRILLIC CAPITAL LETTER A\n") !=
        std::string::npos);
  CHECK(error_of("A♠ 2♠ 😀").find("found U+1F600\n") != std::string::npos);
  CHECK(error_of("A♠ 2♠ \x1B").find("found U+001B ESCAPE\n") != std::string::npos);
  // Quoted as far as the first character that is not shown as itself.
  CHECK(error_of("A♠ X¤").find("found 'X'\n") != std::string::npos);
  CHECK(describe_character(0x00A0) == "U+00A0 NO-BREAK SPACE");
  CHECK(describe_character(0x10FFFF) == "U+10FFFF");
}

TEST_CASE("common wrong spellings of a card get the right one") {
  CHECK(error_of("A♠-2♠-3♠ | ♠A 7♦") ==
        "<test>:1:12: error: expected a card, found '♠A': write the rank first, A♠\n"
        "A♠-2♠-3♠ | ♠A 7♦\n"
        "           ^\n");
  CHECK(error_of("7♦ ♥10").find("found '♥10': write the rank first, 10♥\n") != std::string::npos);
  CHECK(error_of("7♦-sk").find("found 'sk': write the rank first, ks\n") != std::string::npos);
  CHECK(error_of("1♥ 7♦") ==
        "<test>:1:1: error: expected a card, found '1♥': the ace is written A, A♥\n"
        "1♥ 7♦\n"
        "^\n");
  CHECK(error_of("7♦ 1s").find("found '1s': the ace is written A, As\n") != std::string::npos);
  // 'joker' fails at its 'o' (J is a rank): the message is at the word's start.
  CHECK(error_of("7♦ 8♦ joker") ==
        "<test>:1:7: error: expected a card, found 'joker': a printed joker is written PJ\n"
        "7♦ 8♦ joker\n"
        "      ^\n");
  CHECK(error_of("JOKER|7♦")
            .find("1:1: error: expected a card, found 'JOKER': a printed joker is "
                  "written PJ\n") != std::string::npos);
  const std::string wild_alone =
      "a wild joker is written as the card it is, marked (WJ): 7♦(WJ); a printed joker is PJ\n";
  CHECK(error_of("7♦ 8♦ WJ").find("1:7: error: expected a card, found 'WJ': " + wild_alone) !=
        std::string::npos);
  CHECK(error_of("7♦-8♦ | (wj)").find("1:9: error: expected a card, found '(wj)': " + wild_alone) !=
        std::string::npos);
  // Not a hint where the word is something else.
  CHECK(error_of("7♦ 8♦ jokers").find("expected a suit after the rank") != std::string::npos);
  CHECK(error_of("♠♠").find("expected a card: a rank") != std::string::npos);
}

TEST_CASE("the same look-alikes are read the same in --wild and batch lines") {
  CHECK(parse_wild("\u200B7\u00A0") == Rank::seven);
  CHECK(parse_wild("\u20607♦\u2009") == Rank::seven);
  const WrittenLine line =
      parse_batch_line("[wild=7\u3000declared]\u00A0A♠\u2212K♥(WJ) ｜ 4♦\u200B5♦", "<test>");
  CHECK(line.settings.wild == WildRank(Rank::seven));
  CHECK(line.settings.declared == true);
  REQUIRE(line.hand);
  CHECK(line.hand->group_sizes == SmallVector<std::size_t, 8>{2, 2});
  CHECK(line.hand->cards[1].offset == 28);  // K♥, counted in bytes as written
  try {
    parse_batch_line("[wild=7]\u00A0A♠ ¤", "<test>");
    FAIL("expected an error");
  } catch (const InputError& error) {
    CHECK(format_diagnostic(error.diagnostic()) ==
          "<test>:1:13: error: expected another card, '-', '|' or the end of the hand, found "
          "U+00A4 CURRENCY SIGN\n"
          "[wild=7]\u00A0A♠ ¤\n"
          "            ^\n");
  }
  try {
    parse_batch_line("\u00A0♠Q", "<test>");
    FAIL("expected an error");
  } catch (const InputError& error) {
    CHECK(error.diagnostic().message == "expected a card, found '♠Q': write the rank first, Q♠");
    CHECK(error.diagnostic().where.column == 2);
  }
}

TEST_CASE("a text without look-alikes is not copied; one with them keeps where each byte was") {
  CHECK_FALSE(
      read_lookalikes("A♠ 2♠ 3♠ | K♥️ K❤ K♡ | 10♣ and some plain ASCII text"));
  const auto read = read_lookalikes("A\u00A0\u200B♠\u2014|");
  REQUIRE(read);
  CHECK(read->text == "A ♠-|");
  CHECK(read->offsets == std::vector<std::size_t>{0, 1, 6, 7, 8, 9, 12, 13});
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
    read_hand("A♠ 2♠ 3♠", "<test>", Rules::for_variant(Variant::indian), options);
    FAIL("expected an error");
  } catch (const InputError& error) {
    CHECK(format_diagnostic(error.diagnostic()) ==
          "<test>:1:9: error: 3 cards: a hand shown at the end of a deal holds 13\n"
          "A♠ 2♠ 3♠\n"
          "        ^\n");
  }
}

TEST_CASE("one copy too many is named in words, whatever the decks") {
  Rules rules = Rules::for_variant(Variant::indian);
  rules.deck.decks = 8;
  std::string nine;
  for (int i = 0; i < 9; ++i) nine += "K♥ ";
  CHECK(error_of(nine, "", rules).find("a ninth K♥: 8 decks hold only 8 of each card") !=
        std::string::npos);
  rules.deck.decks = 7;
  CHECK(error_of(nine, "", rules).find("an eighth K♥: 7 decks hold only 7") != std::string::npos);
  rules.deck.decks = 8;
  rules.deck.printed_jokers_per_deck = 2;
  std::string jokers;
  for (int i = 0; i < 17; ++i) jokers += "PJ ";
  CHECK(error_of(jokers, "", rules).find("a 17th printed joker: 8 decks hold only 16") !=
        std::string::npos);
}

TEST_CASE("a diagnostic shows control characters as pictures and a long line as a window") {
  CHECK(error_of(std::string("A♠-2♠\0-3♠", 15)) ==
        "<test>:1:6: error: expected another card, '-', '|' or the end of the hand, found "
        "U+0000 NULL\nA♠-2♠␀-3♠\n     ^\n");
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
