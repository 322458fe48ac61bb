// Properties over many generated inputs: no random grouping beats the arrangement, a loser never
// pays more than 80 however the cards are grouped, and every Knock round sums to zero.
#include <doctest/doctest.h>

#include <numeric>
#include <random>

#include "arrange.hpp"
#include "helpers.hpp"
#include "knock.hpp"

using namespace rummy;
using namespace rummy::test;

namespace {

// A random grouping of the cards: shuffled, then cut into groups of 1 to 5.
Hand random_grouping(std::vector<Card> cards, WildRank wild, std::mt19937& random) {
  std::shuffle(cards.begin(), cards.end(), random);
  Hand hand;
  hand.wild = wild;
  for (std::size_t i = 0; i < cards.size();) {
    const std::size_t size = std::min<std::size_t>(1 + random() % 5, cards.size() - i);
    hand.groups.emplace_back(cards.begin() + static_cast<std::ptrdiff_t>(i),
                             cards.begin() + static_cast<std::ptrdiff_t>(i + size));
    i += size;
  }
  return hand;
}

}  // namespace

TEST_CASE("no random grouping pays less than the arrangement, and none pays more than 80") {
  std::mt19937 random(31);
  const Rules rules = Rules::for_variant(Variant::indian);
  for (int round = 0; round < 300; ++round) {
    const WildRank wild = static_cast<Rank>(1 + random() % 13);
    const std::vector<Card> cards = random_hand(random, 13, wild, static_cast<int>(random() % 4));
    const int best = arrange(cards, wild, rules).score.points;
    CHECK(best >= 0);
    CHECK(best <= 80);
    for (int attempt = 0; attempt < 50; ++attempt) {
      const Hand hand = random_grouping(cards, wild, random);
      const DeclarationCheck check = check_declaration(hand, rules);
      const int points = score_shown_hand(hand, check, rules).points;
      CAPTURE(format_hand(hand, rules));
      CHECK(points >= best);
      CHECK(points <= 80);
    }
  }
}

TEST_CASE("Knock Rummy: every round sums to zero, whoever knocks and whatever the deadwood") {
  std::mt19937 random(32);
  for (int round = 0; round < 5000; ++round) {
    const std::size_t players = 2 + random() % 5;
    std::vector<int> deadwood(players);
    // Small values make ties (and rummies) common.
    for (int& d : deadwood) d = static_cast<int>(random() % (round % 2 ? 8 : 100));
    const std::size_t knocker = random() % players;
    const KnockRound result = settle_knock(deadwood, knocker, Rules::for_variant(Variant::knock));
    CAPTURE(round);
    CHECK(std::accumulate(result.entries.begin(), result.entries.end(), 0) == 0);
    CHECK_FALSE(result.winners.empty());
    for (std::size_t i = 0; i < players; ++i) {
      const bool winner =
          std::find(result.winners.begin(), result.winners.end(), i) != result.winners.end();
      if (winner) CHECK(result.entries[i] >= 0);
    }
  }
}
