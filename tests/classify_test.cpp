// Group classification: every group example of rules §2.3 and §2.4, and the reasons given.
#include <doctest/doctest.h>

#include "helpers.hpp"

using namespace rummy;
using namespace rummy::test;

namespace {
std::vector<std::string> reading_of(const GroupVerdict& verdict) {
  std::vector<std::string> cards;
  for (const auto& card : verdict.reading) cards.push_back(card ? to_string(*card) : "-");
  return cards;
}
}  // namespace

TEST_CASE("sequences of one suit in consecutive order are pure") {
  for (const char* group :
       {"A♠-2♠-3♠", "Q♠-K♠-A♠", "K♥-Q♥-J♥", "3♣4♣5♣", "5♦ 6♦ 7♦ 8♦ 9♦",
        "A♥-2♥-3♥-4♥-5♥-6♥-7♥-8♥-9♥-10♥-J♥-Q♥-K♥", "2♥-3♥-4♥-5♥-6♥-7♥-8♥-9♥-10♥-J♥-Q♥-K♥-A♥"}) {
    CAPTURE(group);
    CHECK(classify(group).kind == GroupKind::pure_sequence);
  }
}

TEST_CASE("a wild joker in its own place keeps a run pure") {
  CHECK(classify("8♥-9♥-10♥(WJ)").kind == GroupKind::pure_sequence);
  CHECK(classify("K♠-Q♠-J♠(WJ)").kind == GroupKind::pure_sequence);
  CHECK(classify("4♥-5♥(WJ)-6♥-7♥").kind == GroupKind::pure_sequence);
  CHECK(classify("8♥-9♥-10♥", "10").kind == GroupKind::pure_sequence);
  CHECK(reason("8♥-9♥-10♥(WJ)") ==
        "8♥-9♥-10♥ in order; 10♥ is wild but stands as itself, so it stays pure");
}

TEST_CASE("jokers standing for missing cards make an impure sequence") {
  CHECK(classify("10♥-J♥-PJ-K♥").kind == GroupKind::impure_sequence);
  CHECK(reason("10♥-J♥-PJ-K♥") == "reads 10♥-J♥-Q♥-K♥: PJ stands for Q♥");
  const GroupVerdict five_of_spades = classify("3♠-4♠-8♦(WJ)");
  CHECK(five_of_spades.kind == GroupKind::impure_sequence);
  CHECK(reading_of(five_of_spades) == std::vector<std::string>{"3♠", "4♠", "5♠"});
  CHECK(classify("6♣-7♣-8♦(WJ)-9♣").kind == GroupKind::impure_sequence);
  CHECK(reason("6♣-7♣-8♦(WJ)-9♣") == "reads 6♣-7♣-8♣-9♣: 8♦ (wild) stands for 8♣");
  CHECK(reason("6♣-8♣-K♥(WJ)") == "reads 6♣-7♣-8♣: K♥ (wild) stands for 7♣");
}

TEST_CASE("a printed joker never makes anything pure") {
  CHECK(classify("5♥-6♥-7♥-PJ").kind == GroupKind::impure_sequence);
  CHECK(classify("PJ-6♥-7♥").kind == GroupKind::impure_sequence);
}

TEST_CASE("a group made only of jokers reads a wild card as itself, as an impure sequence") {
  const GroupVerdict verdict = classify("PJ-PJ-7♣", "7");
  CHECK(verdict.kind == GroupKind::impure_sequence);
  CHECK(reading_of(verdict) == std::vector<std::string>{"8♣", "9♣", "7♣"});
  CHECK(reason("PJ-PJ-7♣", "7") == "reads 7♣-8♣-9♣: PJ stands for 8♣, PJ for 9♣");
  // Three wild cards of one rank are also a set, but a sequence helps a declaration more.
  CHECK(classify("7♣-7♦-7♥", "7").kind == GroupKind::impure_sequence);
}

TEST_CASE("sets: one rank, different suits, jokers for missing suits") {
  for (const char* group :
       {"4♦-4♠-4♣-4♥", "5♠-5♣-K♥(WJ)", "Q♣-PJ-Q♦", "9♦-9♠-9♥-PJ", "7♠-PJ-PJ", "J♦-J♥-PJ"}) {
    CAPTURE(group);
    const GroupKind kind = classify(group).kind;
    // 7♠-PJ-PJ is a set too, but reads as the impure sequence 7♠-8♠-9♠ (see §2.4's order).
    CHECK((kind == GroupKind::set || std::string(group) == "7♠-PJ-PJ"));
    CHECK(is_valid_group(kind));
  }
  CHECK(reason("4♦-4♠-4♣-4♥") == "four 4s of different suits");
  CHECK(reason("5♠-5♣-K♥(WJ)") == "three 5s of different suits: K♥ (wild) stands for 5♥");
  CHECK(reason("Q♣-PJ-Q♦") == "three queens of different suits: PJ stands for Q♠");
}

TEST_CASE("two natural cards of the same suit make a set invalid") {
  CHECK(classify("8♥-8♠-8♥").kind == GroupKind::invalid);
  CHECK(reason("8♥-8♠-8♥") == "8♥ appears twice: a set needs different suits");
  CHECK(classify("2♦-2♠-2♦-2♣").kind == GroupKind::invalid);
  CHECK(reason("2♦-2♠-2♦-2♣") == "2♦ appears twice: a set needs different suits");
  CHECK(classify("A♣-A♣-K♦(WJ)").kind == GroupKind::invalid);
  CHECK(reason("A♣-A♣-K♦(WJ)") ==
        "A♣ appears twice: a set needs different suits and a sequence different ranks");
}

TEST_CASE("identical cards: the second copy counts only as a wild card acting as a joker") {
  CHECK(classify("5♥-5♥-6♥").kind == GroupKind::invalid);
  CHECK(reason("5♥-5♥-6♥") == "5♥ appears twice: a sequence holds each card once");
  const GroupVerdict verdict = classify("5♥-5♥-6♥", "5");
  CHECK(verdict.kind == GroupKind::impure_sequence);
  CHECK(reason("5♥-5♥-6♥", "5") == "reads 5♥-6♥-7♥: 5♥ (wild) stands for 7♥");
  CHECK(classify("8♥-8♠-8♥", "8").kind == GroupKind::impure_sequence);
}

TEST_CASE("a set has at most four cards unless the fifth-card-joker house rule is on") {
  CHECK(classify("9♦-9♠-9♥-9♣-PJ").kind == GroupKind::invalid);
  CHECK(reason("9♦-9♠-9♥-9♣-PJ") ==
        "5 cards of one rank: a set has at most 4 (house rule fifth-card-joker is off)");
  const Rules fifth = with_house("fifth-card-joker=on");
  CHECK(classify("9♦-9♠-9♥-9♣-PJ", "", fifth).kind == GroupKind::set);
  CHECK(reason("9♦-9♠-9♥-9♣-PJ", "", fifth) ==
        "five 9s of different suits: PJ stands as a fifth card (house rule fifth-card-joker=on)");
  CHECK(classify("9♦-9♠-9♥-9♣-9♦", "", fifth).kind == GroupKind::invalid);
  CHECK(classify("9♦-9♠-9♥-PJ-PJ-9♣", "", fifth).kind == GroupKind::invalid);
}

TEST_CASE("the ace is low or high, never both: no wrap-around") {
  CHECK(classify("K♠-A♠-2♠").kind == GroupKind::invalid);
  CHECK(reason("K♠-A♠-2♠") ==
        "K♠ and 2♠ only join around the ace: an ace is low (A-2-3) or high (Q-K-A), never both");
  CHECK(classify("K♠-PJ-2♠").kind == GroupKind::invalid);
  CHECK(classify("Q♥-K♥-PJ").kind == GroupKind::impure_sequence);
  CHECK(classify("A♥-PJ-3♥").kind == GroupKind::impure_sequence);
  CHECK(classify("A♥-2♥-3♥-4♥-5♥-6♥-7♥-8♥-9♥-10♥-J♥-Q♥-K♥-PJ").kind == GroupKind::invalid);
}

TEST_CASE("reasons for groups that are neither sequence nor set") {
  CHECK(classify("A♠-2♠").kind == GroupKind::unmatched);
  CHECK(reason("A♠-2♠") == "only 2 cards: a group needs at least 3");
  CHECK(reason("Q♣") == "a single card: a group needs at least 3");
  CHECK(reason("3♠-4♠-8♠") ==
        "5♠ 6♠ 7♠ between 3♠ and 8♠ are missing: 3 jokers needed, the group has none");
  CHECK(reason("3♠-4♠-9♠-10♠-PJ") ==
        "5♠ 6♠ 7♠ 8♠ between 3♠ and 10♠ are missing: 4 jokers needed, the group has 1");
  CHECK(reason("5♠-6♥-7♠") ==
        "6♥ is not a spade and not wild (no rank is wild in this deal, only PJ), so it cannot "
        "stand in this sequence of spades");
  CHECK(reason("3♠-4♠-8♦", "7") ==
        "8♦ is not a spade and not wild (the wild jokers are the 7s), so it cannot stand in this "
        "sequence of spades");
  CHECK(reason("5♦-5♣-6♥") ==
        "6♥ is not a 5 and not wild (no rank is wild in this deal, only PJ), so it cannot stand in "
        "this set of 5s");
  CHECK(reason("5♠-6♥-8♦-9♣") ==
        "5♠ and 6♥ share neither suit nor rank: a sequence needs one suit, a set one rank");
  Rules many_decks = Rules::for_variant(Variant::indian);
  many_decks.deck.decks = 8;
  many_decks.deck.printed_jokers_per_deck = 2;
  CHECK(reason("PJ-PJ-PJ-PJ-PJ-PJ-PJ-PJ-PJ-PJ-PJ-PJ-PJ-PJ", "", many_decks) ==
        "14 cards: a sequence has at most 13 and a set at most 4");
}

TEST_CASE("groups are written back in the notation, wild cards marked") {
  const Hand hand = hand_of("10♥ J♥ PJ | 8♦ (wj) 9d", "8");
  CHECK(format_group(hand.groups[0], hand.wild, Rules::for_variant(Variant::indian)) ==
        "10♥-J♥-PJ");
  CHECK(format_group(hand.groups[1], hand.wild, Rules::for_variant(Variant::indian)) ==
        "8♦(WJ)-9♦");
}

TEST_CASE("a rank in a reason takes its article as it is read aloud: an A, an 8, a Q") {
  CHECK(reason("A♠-A♥-9♦") ==
        "9♦ is not an A and not wild (no rank is wild in this deal, only PJ), so it cannot stand "
        "in this set of aces");
  CHECK(reason("8♠-8♥-K♦") ==
        "K♦ is not an 8 and not wild (no rank is wild in this deal, only PJ), so it cannot stand "
        "in this set of 8s");
  CHECK(reason("Q♠-Q♥-9♦") ==
        "9♦ is not a Q and not wild (no rank is wild in this deal, only PJ), so it cannot stand "
        "in this set of queens");
}

TEST_CASE("a run of all thirteen ranks is read ace low; Q-K-A still ace high") {
  CHECK(reason("A♠-2♠-3♠-4♠-5♠-6♠-7♠-8♠-9♠-10♠-J♠-Q♠-K♠") ==
        "A♠-2♠-3♠-4♠-5♠-6♠-7♠-8♠-9♠-10♠-J♠-Q♠-K♠ in order, no joker");
  CHECK(reason("K♠-A♠-2♠-3♠-4♠-5♠-6♠-7♠-8♠-9♠-10♠-J♠-Q♠") ==
        "A♠-2♠-3♠-4♠-5♠-6♠-7♠-8♠-9♠-10♠-J♠-Q♠-K♠ in order, no joker");
  CHECK(reason("A♠-2♠-3♠-4♠-5♠-6♠-PJ-8♠-9♠-10♠-J♠-Q♠-K♠") ==
        "reads A♠-2♠-3♠-4♠-5♠-6♠-7♠-8♠-9♠-10♠-J♠-Q♠-K♠: PJ stands for 7♠");
  CHECK(reason("A♠-K♠-Q♠") == "Q♠-K♠-A♠ in order, no joker");
}

TEST_CASE("where books may repeat suits, a wild card in a book stands for a card of its rank") {
  const Rules crazy = Rules::for_variant(Variant::crazy);
  CHECK(reason("4♠-4♦-JK", "", crazy) == "three 4s: JK stands for a 4");
  CHECK(reason("4♠-4♠-JK", "", crazy) == "three 4s: JK stands for a 4");
  CHECK(reason("A♠-A♦-2♣", "", crazy) == "three aces: 2♣ (wild) stands for an A");
  // The reading (JSON "as") takes a suit the book lacks, in the order ♠ ♥ ♦ ♣.
  CHECK(reading_of(classify("4♠-4♦-JK", "", crazy)) == std::vector<std::string>{"4♠", "4♦", "4♥"});
  CHECK(reading_of(classify("4♥-4♠-JK", "", crazy)) == std::vector<std::string>{"4♥", "4♠", "4♦"});
  // Where suits differ (Indian rummy), the joker names the missing card.
  CHECK(reason("4♠-4♦-PJ") == "three 4s of different suits: PJ stands for 4♥");
}
