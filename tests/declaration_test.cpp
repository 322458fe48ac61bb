// The declaration rules of rules §2.5: 13 cards in valid groups, two sequences, one pure.
#include <doctest/doctest.h>

#include "helpers.hpp"

using namespace rummy;
using namespace rummy::test;

namespace {
std::vector<std::string> problems_of(std::string_view text, std::string_view wild = "",
                                     const Rules& rules = Rules::for_variant(Variant::indian)) {
  const Hand hand = hand_of(text, wild, rules);
  const DeclarationCheck check = check_declaration(hand, rules);
  std::vector<std::string> problems;
  for (const Problem& problem : check.problems) {
    problems.push_back(explain(problem, check, hand, rules));
  }
  return problems;
}
}  // namespace

TEST_CASE("the issue's example is a valid declaration of two sequences and two sets") {
  const Hand hand = hand_of("A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ");
  CHECK(hand.wild == Rank::king);
  const DeclarationCheck check = check_declaration(hand, Rules::for_variant(Variant::indian));
  CHECK(check.valid());
  CHECK(check.sequences == 2);
  CHECK(check.pure_sequences == 1);
  CHECK(check.sets == 2);
  CHECK(summarize(check, Rules::for_variant(Variant::indian)) == "2 sequences (1 pure) and 2 sets");
}

TEST_CASE("valid shapes: 2 sequences + 2 sets, 3 sequences + 1 set, all sequences") {
  for (const char* text : {
           "A♠-2♠-3♠ | 6♣-7♣-8♣ | 4♦-4♠-4♣-4♥ | J♦-J♥-J♣",
           "A♠-2♠-3♠ | 6♣-7♣-8♣ | 9♥-10♥-J♥ | 4♦-4♠-4♣-4♥",
           "A♠-2♠-3♠-4♠ | 6♣-7♣-8♣ | 9♥-10♥-J♥ | 4♦-5♦-6♦",
           "10♥-J♥-PJ-K♥ | 2♣ 3♣ 4♣ | 7♠ 8♠ 9♠ | Q♦ Q♠ Q♣",
       }) {
    CAPTURE(text);
    CHECK(problems_of(text).empty());
  }
}

TEST_CASE("a declaration without a pure sequence is a wrong show") {
  CHECK(problems_of("10♥-J♥-PJ-K♥ | 2♣ 3♣ PJ | 7♠ 8♠ 9♦(WJ) | Q♦ Q♠ 5♣", "9") ==
        std::vector<std::string>{
            "group 4 (Q♦-Q♠-5♣) is not a valid group: 5♣ is not a Q and not wild (the wild jokers "
            "are the 9s), so it cannot stand in this set of queens",
            "no pure sequence: a declaration needs at least one sequence with no joker standing "
            "in"});
  CHECK(problems_of("10♥-J♥-PJ-K♥ | 2♣ 3♣ PJ | 4♦ 4♠ 4♣ | Q♦ Q♠ Q♣") ==
        std::vector<std::string>{"no pure sequence: a declaration needs at least one sequence "
                                 "with no joker standing in"});
}

TEST_CASE("a declaration needs a second sequence") {
  CHECK(problems_of("A♠-2♠-3♠ | 4♦-4♠-4♣-4♥ | J♦-J♥-J♣ | 7♦ 7♠ 7♣") ==
        std::vector<std::string>{"1 sequence: a declaration needs at least two, one of them pure"});
  CHECK(problems_of("5♦-5♠-5♣ | 4♦-4♠-4♣-4♥ | J♦-J♥-J♣ | 7♦ 7♠ 7♣") ==
        std::vector<std::string>{
            "no pure sequence: a declaration needs at least one sequence with no joker standing "
            "in",
            "no sequences: a declaration needs at least two, one of them pure"});
}

TEST_CASE("a declaration shows exactly 13 cards, every one of them in a valid group") {
  CHECK(problems_of("A♠-2♠-3♠ | 6♣-7♣-8♣ | 4♦-4♠-4♣-4♥ | J♦-J♥") ==
        std::vector<std::string>{
            "12 cards: a declaration shows exactly 13",
            "group 4 (J♦-J♥) is unmatched: only 2 cards: a group needs at least 3"});
  CHECK(problems_of("A♠-2♠-3♠ | 6♣-7♣-8♣ | 4♦-4♠-4♣-4♥ | J♦-J♥-J♣-J♠") ==
        std::vector<std::string>{"14 cards: a declaration shows exactly 13"});
  CHECK(problems_of("A♠-2♠-3♠ | 6♣-7♣-8♣ | 4♦-4♠-4♣-5♥ | J♦-J♥-J♣") ==
        std::vector<std::string>{
            "group 3 (4♦-4♠-4♣-5♥) is not a valid group: 5♥ is not a 4 and not wild (no rank is "
            "wild in this deal, only PJ), so it cannot stand in this set of 4s"});
}

TEST_CASE("the deck limits: two copies of a card and two printed jokers with two decks") {
  const Group cards = hand_of("8♥ 8♥ PJ PJ", "", Rules::for_variant(Variant::indian)).groups[0];
  CHECK_FALSE(first_card_over_deck_limit(cards, Rules::for_variant(Variant::indian)));
  Rules one_deck = Rules::for_variant(Variant::indian);
  one_deck.deck.decks = 1;
  CHECK(first_card_over_deck_limit(cards, one_deck) == 1U);
  Group three = cards;
  three.push_back(Card::printed_joker());
  CHECK(first_card_over_deck_limit(three, Rules::for_variant(Variant::indian)) == 4U);
}

TEST_CASE("a check written into one used before is the check made anew") {
  const Rules rules = Rules::for_variant(Variant::indian);
  // First a hand of eleven groups, most of them bad (its verdicts and problems go to the heap),
  // then a valid one, then a short one: each check written into the same place equals the check
  // made anew, with nothing left of the one before.
  const Hand many =
      hand_of("A♠ | 2♥ | 3♣ | 4♦ | 5♠ | 6♥ | 7♣ | 8♦ | 9♠ | 10♥ | J♣-Q♣-K♣", "", rules);
  const Hand valid = hand_of("A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ", "", rules);
  const Hand short_hand = hand_of("5♦-6♦-7♦", "", rules);
  DeclarationCheck kept;
  for (const Hand* hand : {&many, &valid, &many, &short_hand}) {
    check_declaration_into(kept, *hand, rules);
    const DeclarationCheck anew = check_declaration(*hand, rules);
    CHECK(kept == anew);
    CHECK(kept.groups.size() == hand->groups.size());
  }
  check_declaration_into(kept, many, rules);
  CHECK(kept.groups.size() == 11);
  CHECK(kept.problems.size() > 8);  // (beyond the room in place)
}
