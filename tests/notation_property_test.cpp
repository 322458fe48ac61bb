// Properties of the notation over many generated inputs: every input is read or refused with a
// position inside it, and a hand written back in the notation reads as the same hand.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <random>

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
