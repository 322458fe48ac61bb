// Small helpers for the tests: hands and groups from the notation.
#pragma once

#include <algorithm>
#include <array>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "classify.hpp"
#include "declaration.hpp"
#include "notation.hpp"
#include "rules.hpp"

namespace rummy::test {

// How many random hands a test of many tries: all of them, or a quarter in a build with the
// sanitizers (RUMMY_SANITIZE), which look for memory errors rather than for more hands and run
// five to ten times slower; the build without them tries every hand.
constexpr int hands_to_try(int count) {
#ifdef RUMMY_TESTS_SANITIZED
  return count / 4 > 0 ? count / 4 : 1;
#else
  return count;
#endif
}

// A game's rules with house rules set (each NAME=VALUE, as --house takes it); one refused:
// std::invalid_argument with rummy's words.
inline Rules rules_with(Variant variant, std::initializer_list<std::string_view> house) {
  Rules rules = Rules::for_variant(variant);
  for (const std::string_view assignment : house) {
    if (const auto why = apply_house_rule(rules, assignment)) throw std::invalid_argument(*why);
  }
  return rules;
}

// A hand from the notation; `wild` as --wild would give it ("7", "PJ", "none"), empty: none given.
inline Hand hand_of(std::string_view text, std::string_view wild = "",
                    const Rules& rules = Rules::for_variant(Variant::indian)) {
  ReadOptions options;
  if (!wild.empty()) options.wild = parse_wild(wild);
  return read_hand(text, "<test>", rules, options).hand;
}

inline GroupVerdict classify(std::string_view text, std::string_view wild = "",
                             const Rules& rules = Rules::for_variant(Variant::indian)) {
  const Hand hand = hand_of(text, wild, rules);
  return classify_group(hand.groups.at(0), hand.wild, rules);
}

inline std::string reason(std::string_view text, std::string_view wild = "",
                          const Rules& rules = Rules::for_variant(Variant::indian)) {
  const Hand hand = hand_of(text, wild, rules);
  return explain(classify_group(hand.groups.at(0), hand.wild, rules), hand.groups.at(0), hand.wild,
                 rules);
}

// The diagnostic an input produces, as the CLI prints it.
inline std::string error_of(std::string_view text, std::string_view wild = "",
                            const Rules& rules = Rules::for_variant(Variant::indian)) {
  try {
    hand_of(text, wild, rules);
  } catch (const InputError& error) {
    return format_diagnostic(error.diagnostic());
  }
  return "no error";
}

inline Rules with_house(std::string_view assignment) {
  Rules rules = Rules::for_variant(Variant::indian);
  if (apply_house_rule(rules, assignment)) throw std::logic_error("bad house rule in a test");
  return rules;
}

// Indian rummy's rules under the reading of a lone pure sequence that `round` takes in turn
// (round % 3: each of the three), as the random tests of the search try them all.
inline Rules indian_rules_for_round(int round) {
  Rules rules = Rules::for_variant(Variant::indian);
  rules.declaration->pure_without_second = static_cast<PureWithoutSecondCount>(round % 3);
  return rules;
}

// Random hands from two packs and two printed jokers; `extra_wild` jokers (printed or wild)
// dealt first, for hands rich in jokers.
inline std::vector<Card> random_hand(std::mt19937& random, std::size_t size, WildRank wild,
                                     int extra_wild) {
  std::vector<Card> deck;
  for (int copy = 0; copy < 2; ++copy) {
    for (int index = 0; index < 52; ++index) deck.push_back(Card::from_index(index));
    deck.push_back(Card::printed_joker());
  }
  std::shuffle(deck.begin(), deck.end(), random);
  std::vector<Card> hand;
  // Wild cards first when asked for joker-rich hands.
  for (auto it = deck.begin(); it != deck.end() && extra_wild > 0;) {
    if (is_joker(*it, wild)) {
      hand.push_back(*it);
      it = deck.erase(it);
      --extra_wild;
    } else {
      ++it;
    }
  }
  for (const Card card : deck) {
    if (hand.size() == size) break;
    hand.push_back(card);
  }
  return hand;
}

// Hands built to be near a declaration: runs and sets dealt on purpose, then some noise.
inline std::vector<Card> near_hand(std::mt19937& random, std::size_t size, WildRank wild) {
  std::vector<Card> hand;
  std::array<int, Card::index_count> used{};
  const auto add = [&](Card card) {
    const int limit = card.is_printed_joker() ? 2 : 2;
    if (hand.size() < size && used[card.index()] < limit) {
      ++used[card.index()];
      hand.push_back(card);
    }
  };
  while (hand.size() < size) {
    const int what = static_cast<int>(random() % 5);
    if (what <= 1) {
      const auto suit = static_cast<Suit>(random() % 4);
      const int start = 1 + static_cast<int>(random() % 11);
      const int length = 3 + static_cast<int>(random() % 3);
      for (int r = start; r < start + length && r <= 13; ++r) add(Card(static_cast<Rank>(r), suit));
    } else if (what == 2) {
      const auto rank = static_cast<Rank>(1 + random() % 13);
      for (int s = 0; s < 4; ++s) {
        if (random() % 4 != 0) add(Card(rank, static_cast<Suit>(s)));
      }
    } else if (what == 3 && wild) {
      add(Card(*wild, static_cast<Suit>(random() % 4)));
    } else if (what == 3) {
      add(Card::printed_joker());
    } else {
      add(Card::from_index(static_cast<int>(random() % 53)));
    }
  }
  return hand;
}

}  // namespace rummy::test
