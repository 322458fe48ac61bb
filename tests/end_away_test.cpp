// Cards away in a deal with a tiplu (src/core/end_away.cpp): worked cases, and the search against
// an exhaustive reference that replaces every one and two cards in hand by every card the packs
// still hold and asks check_end whether the hand ends.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "end_away.hpp"
#include "helpers.hpp"
#include "notation.hpp"

namespace rummy {
namespace {

Rules marriage(std::initializer_list<std::string_view> house = {}) {
  return test::rules_with(Variant::marriage, house);
}

std::optional<int> away(std::string_view text, std::string_view tiplu,
                        const Rules& rules = marriage(), int players = 4) {
  const Card card = parse_tiplu(tiplu, "<test>");
  const TableHand hand = read_table_hand(text, "<test>", rules, card).hand;
  return end_cards_away(hand, Tiplu(card), players, rules);
}

constexpr std::string_view shown = "shown 2♥-3♥-4♥ | 6♠-7♠-8♠ | Q♣-Q♣-Q♣ hand ";

TEST_CASE("end cards away: an end is 0 away, a card short 1") {
  // Tiplu 5♦: the 5s, 4♦ and 6♦ are wild.
  CHECK(away(std::string(shown) + "J♣ 10♣ 9♣ K♥ K♠ K♦ A♣ 2♣ 3♣ 9♦ 9♥ 5♠", "5♦") == 0);
  CHECK(away(std::string(shown) + "J♣ 10♣ 9♣ K♥ K♠ K♦ A♣ 2♣ 3♣ 9♦ 9♥ 8♣", "5♦") == 1);
  // Two identical cards and a joker make nothing: the tunnela's third card must come in.
  CHECK(away(std::string(shown) + "J♣ 10♣ 9♣ K♥ K♠ K♦ A♣ 2♣ 3♣ 9♦ 9♦ 5♠", "5♦") == 1);
  // After its draw a hand is judged after its discard.
  CHECK(away(std::string(shown) + "J♣ 10♣ 9♣ K♥ K♠ K♦ A♣ 2♣ 3♣ 9♦ 9♥ 8♣ 5♠", "5♦") == 0);
  // No two cards in hand share a combination: each of the four groups keeps one card, and two
  // come in (jokers, or two naturals).
  CHECK(away(std::string(shown) + "A♠ 4♠ 7♠ 10♠ 2♥ 8♥ Q♥ 3♦ 6♦ 9♦ K♦ J♣", "5♣") == 8);
}

TEST_CASE("end cards away: the dublee route needs an eighth dublee") {
  constexpr std::string_view dublees =
      "shown 2♠-2♠ | 9♥-9♥ | J♦-J♦ | K♣-K♣ | 3♥-3♥ | 6♣-6♣ | Q♠-Q♠ hand ";
  CHECK(away(std::string(dublees) + "8♦ 8♦ 5♣ 4♣ 7♣ 10♥ J♠", "7♦") == 0);
  CHECK(away(std::string(dublees) + "8♦ 9♦ 5♣ 4♣ 7♣ 10♥ J♠", "7♦") == 1);
  CHECK(away(std::string(dublees) + "8♦ 9♦ 5♣ 4♣ 7♣ 10♥ J♠ J♠", "7♦") == 0);
}

TEST_CASE("end cards away: a player who has not seen cannot end; long groups are refused") {
  CHECK_FALSE(away("hand 2♥ 3♥ 4♥ 6♠ 7♠ 8♠ Q♣ Q♣ Q♣ J♣ 10♣ 9♣ K♥ K♠ K♦ A♣ 2♣ 3♣ 9♦ 9♥ 5♠", "5♦")
                  .has_value());
  CHECK(end_cards_away_refusal(marriage({"long-groups=on"})).has_value());
  CHECK(end_cards_away_refusal(Rules::for_variant(Variant::indian)).has_value());
  CHECK_FALSE(end_cards_away_refusal(marriage()).has_value());
}

// ---- The exhaustive reference -------------------------------------------------------------------

using Counts = std::array<int, Card::index_count>;

// Whether the hand (shown groups and loose cards, 21 or 22 with the discard to choose) ends.
bool ends(const std::vector<ShownGroup>& shown_groups, std::vector<Card> loose, const Tiplu& tiplu,
          int players, const Rules& rules) {
  TableHand hand;
  hand.shown = shown_groups;
  hand.hand = {std::move(loose)};
  return check_end(hand, tiplu, players, rules).valid();
}

// The fewest replacements of loose cards, trying every way to replace up to `most`; most + 1
// when none.
int reference_away(const std::vector<ShownGroup>& shown_groups, const std::vector<Card>& loose,
                   const Tiplu& tiplu, int players, const Rules& rules, int most) {
  Counts held{};
  for (const ShownGroup& group : shown_groups) {
    for (const Card card : group.cards) ++held[static_cast<std::size_t>(card.index())];
  }
  for (const Card card : loose) ++held[static_cast<std::size_t>(card.index())];
  const auto copies = [&](Card card) {
    return card == tiplu.card() ? rules.tiplu_rules().tiplu_copies : rules.copies_allowed(card);
  };
  std::vector<Card> free;  // each card the packs still hold, once
  for (int index = 0; index < Card::index_count; ++index) {
    const Card card = Card::from_index(index);
    if (copies(card) > held[static_cast<std::size_t>(index)]) free.push_back(card);
  }
  const int n = static_cast<int>(loose.size());
  for (int r = 0; r <= most; ++r) {
    for (unsigned mask = 0; mask < (1U << n); ++mask) {
      if (std::popcount(mask) != r) continue;
      std::vector<Card> kept;
      for (int i = 0; i < n; ++i) {
        if ((mask & (1U << i)) == 0) kept.push_back(loose[static_cast<std::size_t>(i)]);
      }
      std::vector<std::size_t> pick(static_cast<std::size_t>(r), 0);
      const auto fits = [&] {
        Counts count = held;
        for (const std::size_t p : pick) {
          if (++count[static_cast<std::size_t>(free[p].index())] > copies(free[p])) return false;
        }
        return true;
      };
      while (true) {
        if (fits()) {
          std::vector<Card> cards = kept;
          for (const std::size_t p : pick) cards.push_back(free[p]);
          if (ends(shown_groups, cards, tiplu, players, rules)) return r;
        }
        int i = r - 1;
        while (i >= 0 && pick[static_cast<std::size_t>(i)] + 1 == free.size()) --i;
        if (i < 0) break;
        ++pick[static_cast<std::size_t>(i)];
        for (int j = i + 1; j < r; ++j) {
          pick[static_cast<std::size_t>(j)] = pick[static_cast<std::size_t>(i)];
        }
      }
    }
  }
  return most + 1;
}

// A seen player's hand: `groups` pure combinations shown (or seven dublees), and the rest in hand
// (some combinations and near ones dealt on purpose, then random cards), one card over after a
// draw when `drawn`.
struct Dealt {
  std::vector<ShownGroup> shown;
  std::vector<Card> loose;
};
Dealt deal_seen(std::mt19937& random, const Rules& rules, const Tiplu& tiplu, int groups,
                bool dublees, bool drawn) {
  Counts left{};
  for (int index = 0; index < Card::index_count; ++index) {
    const Card card = Card::from_index(index);
    left[static_cast<std::size_t>(index)] =
        card == tiplu.card() ? rules.tiplu_rules().tiplu_copies : rules.copies_allowed(card);
  }
  const auto take = [&](Card card) {
    int& count = left[static_cast<std::size_t>(card.index())];
    if (count == 0) return false;
    --count;
    return true;
  };
  const auto natural = [&] { return Card::from_index(static_cast<int>(random() % 52)); };
  Dealt dealt;
  while (static_cast<int>(dealt.shown.size()) < groups) {
    const Card low = natural();
    std::vector<Card> group;
    if (dublees) {
      group = {low, low};
    } else if (random() % 3 == 0) {
      group = {low, low, low};
    } else {
      const int rank = 1 + static_cast<int>(low.rank()) % 11;  // 2 to 12: a run to its king
      for (int step = 0; step < 3; ++step) {
        group.push_back(Card(static_cast<Rank>(rank + step), low.suit()));
      }
    }
    Counts before = left;
    if (std::all_of(group.begin(), group.end(), take)) {
      dealt.shown.push_back({group, false});
    } else {
      left = before;
    }
  }
  const std::size_t size = static_cast<std::size_t>(rules.deal.hand_size) + (drawn ? 1 : 0) -
                           static_cast<std::size_t>(groups) * (dublees ? 2 : 3);
  // Near combinations: two or three cards of a suit or a rank.
  const int planned = static_cast<int>(random() % (size / 3 + 1));
  for (int near = 0; near < planned && dealt.loose.size() + 3 <= size; ++near) {
    const Card low = natural();
    const bool run = random() % 2 == 0;
    for (int step = 0; step < 3; ++step) {
      const Card card =
          run ? Card(static_cast<Rank>(1 + (static_cast<int>(low.rank()) - 1 + step) % 13),
                     low.suit())
              : Card(low.rank(), static_cast<Suit>((static_cast<int>(low.suit()) + step) % 4));
      if (random() % 4 != 0 && take(card)) dealt.loose.push_back(card);
    }
  }
  while (dealt.loose.size() < size) {
    const Card card =
        random() % 6 == 0 ? Card::from_index(static_cast<int>(random() % 53)) : natural();
    if (take(card)) dealt.loose.push_back(card);
  }
  return dealt;
}

void compare_with_reference(const Rules& rules, int groups, bool dublees, bool drawn, int hands,
                            int most, unsigned seed) {
  std::mt19937 random(seed);
  const int players = 4;
  std::array<int, 8> by_answer{};
  for (int i = 0; i < test::hands_to_try(hands); ++i) {
    const Tiplu tiplu(Card::from_index(static_cast<int>(random() % 52)));
    const Dealt dealt = deal_seen(random, rules, tiplu, groups, dublees, drawn);
    TableHand hand;
    hand.shown = dealt.shown;
    hand.hand = {dealt.loose};
    const std::optional<int> found = end_cards_away(hand, tiplu, players, rules);
    const int expected = reference_away(dealt.shown, dealt.loose, tiplu, players, rules, most);
    CAPTURE(cards_text(dealt.loose));
    CAPTURE(to_string(tiplu.card()));
    CAPTURE(groups);
    REQUIRE(found.has_value());
    if (*found <= most) {
      CHECK(*found == expected);
    } else {
      CHECK(expected == most + 1);
    }
    ++by_answer[static_cast<std::size_t>(std::min(expected, 7))];
  }
  // The hands dealt reach every distance the reference tries (checked where every hand is tried:
  // the sanitizers' quarter may miss one).
  for (int r = 0; r <= most && test::hands_to_try(hands) == hands; ++r) {
    CAPTURE(r);
    CHECK(by_answer[static_cast<std::size_t>(r)] > 0);
  }
}

TEST_CASE("end cards away: the search equals the exhaustive reference: Marriage") {
  const Rules rules = marriage();
  const Rules printed = marriage({"printed-jokers=on"});
  // Six cards in hand and more shown: two replacements; twelve: one.
  for (const bool drawn : {false, true}) {
    compare_with_reference(rules, 5, false, drawn, 80, 2, 31 + (drawn ? 1U : 0U));
    compare_with_reference(printed, 5, false, drawn, 40, 2, 33 + (drawn ? 1U : 0U));
    compare_with_reference(rules, 4, false, drawn, 40, 1, 35 + (drawn ? 1U : 0U));
    compare_with_reference(rules, 3, false, drawn, 40, 1, 37 + (drawn ? 1U : 0U));
    compare_with_reference(rules, 7, true, drawn, 60, 1, 39 + (drawn ? 1U : 0U));
  }
}

}  // namespace
}  // namespace rummy
