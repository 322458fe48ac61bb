// find_outs' shortcuts for speed, each against find_outs_reference (every draw searched within
// the bound alone) on hands chosen to meet it.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "arrange.hpp"
#include "helpers.hpp"
#include "outs_helpers.hpp"

using namespace rummy;
using namespace rummy::test;

TEST_CASE("outs: a wild card that can make a pure run, drawn after the printed joker's answer") {
  // Such a draw is searched keeping the wild card in a pure run (the printed joker's search is
  // made first when it is the first such draw); the printed joker's answer
  // (a wild card of an earlier suit that can make none, or one whose grouping pools it) stands
  // for the groupings that pool it, and a tie between the two is searched in full. Hands whose
  // wild rank lies beside a card of a later suit (so that the wild cards of some suits can make
  // a pure run and those of others cannot), some rich in jokers, some near declaring, and hands
  // dealt as the benchmark deals them; under each reading of a lone pure sequence (the shortcut
  // is not taken under the ungrouped one) and with the fifth card.
  std::mt19937 random(31);
  const int hands = hands_to_try(20000);
  for (int round = 0; round < hands; ++round) {
    Rules rules = indian_rules_for_round(round);
    rules.melds.fifth_card_joker = round % 11 == 0;
    rules.melds.ace_high = round % 7 != 0;
    std::vector<Card> cards =
        round % 3 == 0 ? near_hand(random, 13, std::nullopt)
                       : random_hand(random, 13, std::nullopt,
                                     round % 3 == 1 ? 0 : static_cast<int>(random() % 3));
    WildRank wild = static_cast<Rank>(1 + random() % 13);
    if (round % 4 != 3) {
      // Beside a natural card of a suit after the first, or its rank.
      std::vector<Card> later;
      for (const Card card : cards) {
        if (!card.is_printed_joker() && card.suit() != Suit::spades) later.push_back(card);
      }
      if (!later.empty()) {
        const Card beside = later[random() % later.size()];
        wild = static_cast<Rank>(std::clamp(
            static_cast<int>(beside.rank()) + static_cast<int>(random() % 3) - 1, 1, 13));
      }
    }
    check_outs_as_reference(cards, wild, rules);
  }
}

TEST_CASE("outs: a natural draw past the floor of the search's tiers of the jokers' draws") {
  // Such a draw is passed over when its discard, its deadwood (kept_count and its points) and the
  // least count of the search's tiers of a joker's draw (one more than the joker's count when a
  // tier outside the search, every card or a lone pure run, gave it) all exceed the bound; a
  // card that can make one is then searched keeping it in a pure run. Hands
  // dealt from two packs and their printed jokers, as the benchmark deals them, mostly far from
  // declaring, under each reading of a lone pure sequence, some with ranks worth nothing.
  std::mt19937 random(47);
  const int hands = hands_to_try(20000);
  for (int round = 0; round < hands; ++round) {
    Rules rules = indian_rules_for_round(round);
    rules.melds.ace_high = round % 5 != 0;
    // Some ranks worth nothing (a house's own count): the card's deadwood is then no more than
    // the hand's kept_count, which the jokers' draws need not exceed.
    if (round % 6 == 5) {
      for (int i = 0; i < 3; ++i) rules.count.card_points[random() % rank_count] = 0;
    }
    const std::vector<Card> cards =
        round % 4 == 0 ? near_hand(random, 13, std::nullopt)
                       : random_hand(random, 13, std::nullopt, static_cast<int>(random() % 3));
    const WildRank wild = static_cast<Rank>(1 + random() % 13);
    check_outs_as_reference(cards, wild, rules);
  }
}
