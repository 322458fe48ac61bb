// Penalty points, rules §2.2 and §2.6: card values, the tiers, the cap, wrong shows, drops.
#include <doctest/doctest.h>

#include "helpers.hpp"
#include "scoring.hpp"

using namespace rummy;
using namespace rummy::test;

namespace {
Score shown(std::string_view text, std::string_view wild = "",
            const Rules& rules = Rules::for_variant(Variant::indian)) {
  const Hand hand = hand_of(text, wild, rules);
  return score_shown_hand(hand, check_declaration(hand, rules), rules);
}
Score declared(std::string_view text, std::string_view wild = "",
               const Rules& rules = Rules::for_variant(Variant::indian)) {
  const Hand hand = hand_of(text, wild, rules);
  return score_declaration(check_declaration(hand, rules), rules);
}

// The Junglee guide's worked example, with 10s wild as the issue gives it.
constexpr std::string_view seed_example = "10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥";
}  // namespace

TEST_CASE("card values: A K Q J 10, number cards face value, jokers 0") {
  const Rules rules = Rules::for_variant(Variant::indian);
  CHECK(card_points(Card(Rank::ace, Suit::clubs), std::nullopt, rules) == 10);
  CHECK(card_points(Card(Rank::two, Suit::clubs), std::nullopt, rules) == 2);
  CHECK(card_points(Card(Rank::ten, Suit::clubs), std::nullopt, rules) == 10);
  CHECK(card_points(Card(Rank::king, Suit::clubs), std::nullopt, rules) == 10);
  CHECK(card_points(Card::printed_joker(), std::nullopt, rules) == 0);
  CHECK(card_points(Card(Rank::seven, Suit::clubs), Rank::seven, rules) == 0);
  // A♣, 2♣, 3♣ = 10 + 2 + 3 = 15 (Junglee guide), here as the loose cards of a hand with two
  // sequences.
  const Score score = shown("4♠-5♠-6♠ | 7♥-8♥-9♥-10♥ | J♦-J♣-J♥ | A♣ 2♣ | 3♣");
  CHECK(score.basis == ScoreBasis::two_sequences);
  CHECK(score.points == 15);
}

TEST_CASE("the Persian guide's worked example under each reading of the pure-without-second rule") {
  const Score exempt = shown(seed_example, "10");
  CHECK(exempt.basis == ScoreBasis::pure_without_second);
  CHECK(exempt.points == 70);
  CHECK(exempt.uncapped == 70);

  const Score all = shown(seed_example, "10", with_house("pure-without-second=all"));
  CHECK(all.uncapped == 90);
  CHECK(all.points == 80);

  const Score ungrouped = shown(seed_example, "10", with_house("pure-without-second=ungrouped"));
  CHECK(ungrouped.points == 25);
  CHECK(describe(ungrouped, with_house("pure-without-second=ungrouped")) ==
        "a pure sequence but no second sequence: only cards outside valid groups count "
        "(pure-without-second=ungrouped)");
}

TEST_CASE("without a pure sequence every card counts, capped at 80") {
  const Score score = shown("10♥-J♥-PJ-K♥ | 5♣-5♦-5♠ | K♦ K♥ K♠ | Q♣ Q♥ 9♦");
  CHECK(score.basis == ScoreBasis::no_pure_sequence);
  CHECK(score.uncapped == 10 + 10 + 0 + 10 + 15 + 30 + 29);
  CHECK(score.points == 80);
  const Score small = shown("2♥-3♥-PJ | 2♣-2♦-2♠ | 3♦ 3♠ 4♣ | 4♥ 4♦ 5♠ 6♣");
  CHECK(small.points == 2 + 3 + 6 + 10 + 19);
}

TEST_CASE("two sequences with a pure one: only cards outside valid groups count") {
  const Score score = shown("A♠-2♠-3♠ | 6♣-7♣-PJ | 4♦-4♠-4♣ | K♥ Q♣ 9♦ 2♦", "");
  CHECK(score.basis == ScoreBasis::two_sequences);
  CHECK(score.points == 31);
  // An invalid group of three or more counts like loose cards.
  CHECK(shown("A♠-2♠-3♠ | 6♣-7♣-PJ | 4♦-4♠-5♣ | K♥ Q♣ 9♦ 2♦").points == 13 + 31);
}

TEST_CASE("a valid hand shown after the winner pays 2; the declarer pays 0 or 80") {
  const char* valid = "A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ";
  CHECK(shown(valid).points == 2);
  CHECK(shown(valid).basis == ScoreBasis::valid_after_declaration);
  CHECK(declared(valid).points == 0);
  const Score wrong = declared("A♠-2♠-3♠ | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ | 2♣ 3♣ 9♦");
  CHECK(wrong.basis == ScoreBasis::wrong_show);
  CHECK(wrong.points == 80);
  // "whatever the cards": a wrong show of low cards still pays 80.
  CHECK(declared("A♠-2♠-3♠ | 2♦ 3♦ 2♣ 3♣ 4♦ 4♣ 5♦ 5♣ PJ PJ").points == 80);
}

TEST_CASE("the drop table") {
  const Rules rules = Rules::for_variant(Variant::indian);
  const auto drop = [&](Game game, Drop kind) {
    const auto score = score_drop(game, kind, rules);
    return score ? score->points : -1;
  };
  CHECK(drop(Game::points, Drop::first) == 20);
  CHECK(drop(Game::points, Drop::middle) == 40);
  CHECK(drop(Game::pool101, Drop::first) == 20);
  CHECK(drop(Game::pool101, Drop::middle) == 40);
  CHECK(drop(Game::pool201, Drop::first) == 25);
  CHECK(drop(Game::pool201, Drop::middle) == 50);
  CHECK_FALSE(score_drop(Game::deals, Drop::first, rules));
  CHECK_FALSE(score_drop(Game::deals, Drop::middle, rules));
  CHECK(describe(*score_drop(Game::pool201, Drop::middle, rules), rules, Game::pool201) ==
        "middle drop (after the first draw) in 201 pool");
}

TEST_CASE("house rules name themselves only where they changed the result") {
  const Rules all = with_house("pure-without-second=all");
  const Hand example = hand_of(seed_example, "10");
  const auto score_with = [&](const Hand& hand) {
    return [&hand](const Rules& rules) {
      return score_shown_hand(hand, check_declaration(hand, rules), rules);
    };
  };
  const auto changed = house_rules_that_changed(all, score_with(example));
  REQUIRE(changed.size() == 1);
  CHECK(changed[0].text() == "pure-without-second=all");

  // The same rule leaves a hand with two sequences alone.
  const Hand two = hand_of("A♠-2♠-3♠ | 6♣-7♣-PJ | 4♦-4♠-4♣ | K♥ Q♣ 9♦ 2♦");
  CHECK(house_rules_that_changed(all, score_with(two)).empty());

  Rules both = all;
  REQUIRE_FALSE(apply_house_rule(both, "fifth-card-joker=on"));
  CHECK(house_rules_that_changed(both, score_with(example)).size() == 1);
}
