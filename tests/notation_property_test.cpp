// Properties of the notation over many generated inputs: every input is read or refused with a
// position inside it, and a hand written back in the notation reads as the same hand.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <random>

#include <fmt/format.h>

#include "helpers.hpp"
#include "scoring.hpp"

using namespace rummy;

TEST_CASE("any soup of notation pieces is read, or refused with a line and column inside it") {
  constexpr std::array<std::string_view, 22> pieces = {
      "A♠", "10♥", "T", "q",       "d",  "PJ", "(WJ)", " (wj)", "-",        "|",    " ",
      "  ", "\n",  "#", "7❤️", "K♣", "3",  "JK",   "\xFF",  "\xC0\xAF", "\r\n", "x"};
  std::mt19937 random(99);
  int read = 0, refused = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    const int count = 1 + static_cast<int>(random() % 16);
    for (int i = 0; i < count; ++i) text += pieces[random() % pieces.size()];
    try {
      const ReadHand hand = read_hand(text, "<soup>", Rules::for_variant(Variant::indian));
      const DeclarationCheck check =
          check_declaration(hand.hand, Rules::for_variant(Variant::indian));
      const Score score = score_shown_hand(hand.hand, check, Rules::for_variant(Variant::indian));
      CHECK(score.points >= 0);
      CHECK(score.points <= 80);
      ++read;
    } catch (const InputError& error) {
      const Location& where = error.diagnostic().where;
      CAPTURE(text);
      CHECK(where.line >= 1);
      CHECK(where.column >= 1);
      CHECK(where.column <= display_width(where.line_text) + 1);
      ++refused;
    }
  }
  CHECK(read > 100);
  CHECK(refused > 100);
}

TEST_CASE("a hand written back in the notation reads as the same hand") {
  std::mt19937 random(5);
  for (int round = 0; round < 5000; ++round) {
    std::vector<Card> pool;
    for (int copy = 0; copy < 2; ++copy) {
      for (int index = 0; index < 52; ++index) pool.push_back(Card::from_index(index));
      pool.push_back(Card::printed_joker());
    }
    std::shuffle(pool.begin(), pool.end(), random);
    Hand hand;
    hand.wild = random() % 3 == 0 ? WildRank{} : static_cast<Rank>(1 + random() % 13);
    std::size_t next = 0;
    const std::size_t groups = 1 + random() % 5;
    for (std::size_t g = 0; g < groups; ++g) {
      Group& group = hand.groups.emplace_back();
      const std::size_t size = 1 + random() % 4;
      for (std::size_t i = 0; i < size; ++i) group.push_back(pool[next++]);
    }
    std::string text;
    for (const Group& group : hand.groups) {
      text += text.empty() ? "" : " | ";
      text += format_group(group, hand.wild, Rules::for_variant(Variant::indian));
    }
    ReadOptions options;
    options.wild = hand.wild;
    const ReadHand again =
        read_hand(text, "<round trip>", Rules::for_variant(Variant::indian), options);
    CAPTURE(text);
    CHECK(again.hand.groups == hand.groups);
    CHECK(again.hand.wild == hand.wild);
  }
}

// The plain reader (plain_hand.cpp) and the grammar: the same hand from every text the plain
// reader takes, and the same hand or the same error from parse_hand and parse_batch_line, which
// try it first, as from the grammar alone.
namespace {

// What a parse gave: the hand's every field, or the error's text; equal exactly when the two
// parses agree.
std::string parsed_text(const WrittenHand& hand) {
  std::string text = fmt::format("grouped {} end {} sizes", hand.grouped, hand.end_offset);
  for (const std::size_t size : hand.group_sizes) text += fmt::format(" {}", size);
  for (const WrittenCard& card : hand.cards) {
    text += fmt::format(" {}@{}{}{}", to_string(card.card), card.offset,
                        card.wild_mark ? fmt::format("(WJ)@{}", *card.wild_mark) : "",
                        card.spelled_jk ? " as JK" : "");
  }
  return text;
}

template <typename Parse>
std::string outcome(Parse&& parse) {
  try {
    return parse();
  } catch (const InputError& error) {
    return "error: " + format_diagnostic(error.diagnostic());
  }
}

std::string settings_text(const LineSettings& settings) {
  std::string text;
  for (const auto& [name, offset] : settings.written) text += fmt::format("{}@{} ", name, offset);
  const WildRank wild = settings.wild.value_or(WildRank{});
  return text + fmt::format("wild {} {} at {}, game at {}, drop at {}, declared at {}",
                            settings.wild.has_value(), wild ? static_cast<int>(*wild) : 0,
                            settings.wild_offset, settings.game_offset, settings.drop_offset,
                            settings.declared_offset);
}

std::string line_text(const WrittenLine& line) {
  return settings_text(line.settings) + " | " + (line.hand ? parsed_text(*line.hand) : "no hand");
}

}  // namespace

TEST_CASE(
    "the plain reader reads every hand it takes as the grammar does, and the rest is left "
    "to the grammar") {
  constexpr std::array<std::string_view, 35> pieces = {
      "A♠",    "10♥",  "T",       "q",   "d", "PJ",  "pj", "JK", "jk",       "(WJ)",
      " (wj)", "(Wj)", "-",       " - ", "|", " | ", " ",  "\t", "\n",       "\r\n",
      "1",     "0",    "7❤️", "K♣",  "3", "♧",   "S",  "h",  "\xE2\x99", "\xE2\x99\xA8",
      "\xFF",  "#",    "x",       "10",  "\r"};
  // Settings: "[wild=R]" is read without the grammar (read_plain_wild_setting), and the forms
  // around it, which the grammar reads or refuses.
  constexpr std::array<std::string_view, 24> settings = {"",
                                                         "[wild=7] ",
                                                         "  [wild=K declared]",
                                                         "[drop=first]",
                                                         "[game=pool101, shown] ",
                                                         "[wild=",
                                                         "[wild=10]",
                                                         "\t[WILD=q]\t ",
                                                         "[Wild=a]",
                                                         "[wild=T]",
                                                         "[wild=1]",
                                                         "[wild=10 ]",
                                                         "[wild= 7]",
                                                         "[wild =7]",
                                                         "[wild=7♦]",
                                                         "[wild=PJ]",
                                                         "[wild=none]",
                                                         "[wild=J]",
                                                         "[wild=JK]",
                                                         "[wild=jk] ",
                                                         "[wild=7,]",
                                                         "[wild=7][wild=8]",
                                                         "[wild=11]",
                                                         "[wilder=7]"};
  std::mt19937 random(26);
  int plain = 0, left = 0;
  const int rounds = test::hands_to_try(60000);
  for (int round = 0; round < rounds; ++round) {
    std::string text;
    // Mostly cards, as hands are; now and then anything.
    const int count = 1 + static_cast<int>(random() % 20);
    for (int i = 0; i < count; ++i) {
      text += random() % 3 == 0 ? pieces[random() % pieces.size()]
                                : pieces[random() % 2 == 0 ? 0 : 1 + random() % 12];
    }
    CAPTURE(text);
    WrittenHand fast;
    if (detail::read_plain_hand(text, 0, true, fast)) {
      ++plain;
      CHECK(parsed_text(fast) == parsed_text(detail::parse_hand_by_grammar(text, "<t>")));
    } else {
      ++left;
    }
    CHECK(outcome([&] { return parsed_text(parse_hand(text, "<t>")); }) ==
          outcome([&] { return parsed_text(detail::parse_hand_by_grammar(text, "<t>")); }));
    if (text.find('\n') == std::string::npos) {
      const std::string line = std::string(settings[random() % settings.size()]) + text;
      CAPTURE(line);
      CHECK(outcome([&] { return line_text(parse_batch_line(line, "<t>")); }) ==
            outcome([&] { return line_text(detail::parse_batch_line_by_grammar(line, "<t>")); }));
    }
  }
  // Both ways are exercised.
  CHECK(plain > rounds / 12);
  CHECK(left > rounds / 12);
}
