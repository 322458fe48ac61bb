// Gin Rummy's hands and game (docs/rules.md §8): every worked example of §8.10 with the
// variations it states, and the whole game of §8.11 with its variations.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "gin.hpp"
#include "helpers.hpp"

using namespace rummy;
using rummy::test::hand_of;

namespace {

Rules gin_rules(std::vector<std::string> house = {}) {
  Rules rules = Rules::for_variant(Variant::gin);
  for (const std::string& assignment : house) {
    REQUIRE_FALSE(apply_house_rule(rules, assignment));
  }
  REQUIRE_FALSE(house_rules_conflict(rules));
  return rules;
}

// The knocker's hand as written: grouped when it has a '|' or a '-'.
GinKnocker knocker_of(std::string_view text, const Rules& rules,
                      std::optional<Card> discard = std::nullopt) {
  const bool grouped =
      text.find('|') != std::string_view::npos || text.find('-') != std::string_view::npos;
  return {hand_of(text, "", rules), grouped, discard};
}

GinHandOutcome play(std::string_view knocker, std::string_view defender, const Rules& rules,
                    std::optional<Card> upcard = std::nullopt) {
  return score_gin_hand(knocker_of(knocker, rules), hand_of(defender, "", rules).cards(), upcard,
                        rules);
}

GinHandScore scored(std::string_view knocker, std::string_view defender, const Rules& rules,
                    std::optional<Card> upcard = std::nullopt) {
  const GinHandOutcome outcome = play(knocker, defender, rules, upcard);
  REQUIRE_MESSAGE(outcome.score, outcome.refusal.value_or(""));
  return *outcome.score;
}

Card card(std::string_view text) {
  return hand_of(text, "", Rules::for_variant(Variant::gin)).cards().at(0);
}

std::string cards_text(const std::vector<Card>& cards) {
  std::string text;
  for (const Card each : cards) text += (text.empty() ? "" : " ") + to_string(each);
  return text;
}

}  // namespace

TEST_CASE("Gin Rummy as data: one pack, no jokers, ace low, two players of 10 cards") {
  const Rules rules = Rules::for_variant(Variant::gin);
  CHECK(rules.id == "gin");
  CHECK(rules.words.game == "Gin Rummy");
  CHECK(rules.deck.decks == 1);
  CHECK_FALSE(rules.has_jokers());
  CHECK(rules.melds.ace_low);
  CHECK_FALSE(rules.melds.ace_high);
  CHECK(rules.deal.hand_size == 10);
  CHECK(rules.match.min_players == 2);
  CHECK(rules.match.max_players == 2);
  CHECK(rules.words.sequence == "run");
  CHECK(rules.count.arrange_by == ArrangeBy::least_deadwood);
  CHECK(rules.gin.on);
  CHECK_FALSE(Rules::for_variant(Variant::knock).gin.on);
}

TEST_CASE("Gin Rummy's house rules: its own only, the preset, and oklahoma's conflicts") {
  Rules knock = Rules::for_variant(Variant::knock);
  CHECK(apply_house_rule(knock, "big-gin=on") == "house rule big-gin is for Gin Rummy");
  Rules rules = Rules::for_variant(Variant::gin);
  CHECK(apply_house_rule(rules, "knock-limit=11") ==
        "house rule knock-limit takes a whole number from 0 to 10, not '11'");
  const Rules classic = gin_rules({"preset=classic"});
  CHECK(classic.gin.gin_bonus() == 20);
  CHECK(classic.gin.undercut_bonus() == 10);
  CHECK(classic.gin.box_bonus() == 20);
  CHECK(classic.gin.shutout() == Shutout::flat);
  // A bonus written beside the preset wins, in either order (ruling 6.41).
  CHECK(gin_rules({"gin-bonus=30", "preset=classic"}).gin.gin_bonus() == 30);
  CHECK(gin_rules({"preset=classic", "gin-bonus=30"}).gin.gin_bonus() == 30);
  CHECK(gin_rules({"preset=classic", "gin-bonus=30"}).gin.box_bonus() == 20);

  Rules spades = Rules::for_variant(Variant::gin);
  REQUIRE_FALSE(apply_house_rule(spades, "oklahoma-spades=on"));
  CHECK(house_rules_conflict(spades) ==
        "oklahoma-spades doubles a hand by its first upcard, which counts only with oklahoma=on");
  Rules limit = Rules::for_variant(Variant::gin);
  REQUIRE_FALSE(apply_house_rule(limit, "knock-limit=5"));
  REQUIRE_FALSE(apply_house_rule(limit, "oklahoma=on"));
  CHECK(house_rules_conflict(limit) ==
        "knock-limit does not apply with oklahoma=on: the first upcard sets each hand's limit");
}

TEST_CASE("6.10.1 a knock and a chain of layoffs: Ann scores 36 - 3 = 33") {
  const GinHandScore hand = scored("5♠-6♠-7♠ | 9♥-9♦-9♣ | J♦-Q♦-K♦ | 3♣",
                                   "4♥-5♥-6♥ | 8♠ 9♠ 2♣ 4♦ 10♣ K♠ Q♥", gin_rules());
  CHECK(hand.result == GinResult::knock);
  CHECK(hand.knocker_points == 3);
  CHECK(cards_text(hand.laid_off) == "8♠ 9♠");
  CHECK(cards_text(hand.defender_deadwood) == "2♣ 4♦ 10♣ K♠ Q♥");
  CHECK(hand.defender_points == 36);
  CHECK(hand.points == 33);
  CHECK(hand.winner() == 0);
}

TEST_CASE("6.10.2 gin: no layoffs, 49 + 25 = 74 (classic 69)") {
  const std::string ann = "A♣-2♣-3♣ | 7♥-8♥-9♥-10♥ | Q♠-Q♥-Q♣";
  const std::string bob = "5♦-6♦-7♦ | J♥ 4♣ Q♦ K♠ K♦ 2♠ 3♦";
  const GinHandScore hand = scored(ann, bob, gin_rules());
  CHECK(hand.result == GinResult::gin);
  CHECK(hand.laid_off.empty());
  CHECK(hand.defender_points == 49);
  CHECK(hand.points == 74);
  CHECK(scored(ann, bob, gin_rules({"preset=classic"})).points == 69);
}

TEST_CASE("6.10.3 an undercut by laying off to zero: 7 - 0 + 25 = 32 to Bob (classic 17)") {
  const std::string ann = "2♠-3♠-4♠ | 8♦-8♣-8♥ | 10♣-J♣-Q♣ | 7♠";
  const std::string bob = "A♥-A♦-A♣ | 5♥-6♥-7♥ | 9♠-10♠-J♠ | 5♠";
  const GinHandScore hand = scored(ann, bob, gin_rules());
  CHECK(hand.result == GinResult::undercut);
  CHECK(hand.defender_points == 0);
  CHECK(cards_text(hand.laid_off) == "5♠");
  CHECK(hand.points == 32);
  CHECK(hand.winner() == 1);
  CHECK(scored(ann, bob, gin_rules({"preset=classic"})).points == 17);
}

TEST_CASE("6.10.4 a tie is an undercut worth 25 (classic 10; undercut-tie=nothing: no score)") {
  const std::string ann = "3♥-4♥-5♥ | 9♣-10♣-J♣ | K♠-K♥-K♦ | 6♣";
  const std::string bob = "2♦-3♦-4♦ | 7♠-7♥-7♦ | Q♠-Q♦-Q♥ | 6♠";
  const GinHandScore hand = scored(ann, bob, gin_rules());
  CHECK(hand.result == GinResult::undercut);
  CHECK(hand.points == 25);
  CHECK(scored(ann, bob, gin_rules({"preset=classic"})).points == 10);
  const GinHandScore nothing = scored(ann, bob, gin_rules({"undercut-tie=nothing"}));
  CHECK(nothing.result == GinResult::no_score);
  CHECK(nothing.points == 0);
  CHECK_FALSE(nothing.winner());
}

TEST_CASE("6.10.5 eleven melded cards: gin after a discard, 72; big gin without one, 78") {
  const std::string ann = "4♦-5♦-6♦-7♦ | J♠-J♥-J♣ | A♠-2♠-3♠-4♠";
  const std::string bob = "K♣-K♦-K♥ | 8♣ 9♣ 2♥ 3♦ 5♣ Q♠ 10♥";
  const GinHandScore hand = scored(ann, bob, gin_rules());
  CHECK(hand.result == GinResult::gin);
  REQUIRE(hand.discard);
  CHECK(hand.knocker_points == 0);
  CHECK(hand.defender_points == 47);
  CHECK(hand.points == 72);
  const GinHandScore big = scored(ann, bob, gin_rules({"big-gin=on"}));
  CHECK(big.result == GinResult::big_gin);
  CHECK_FALSE(big.discard);
  CHECK(big.laid_off.empty());
  CHECK(big.points == 78);
  // Big gin is 31 whatever the gin bonus (ruling 6.40).
  CHECK(scored(ann, bob, gin_rules({"big-gin=on", "gin-bonus=20"})).points == 78);
}

TEST_CASE("6.10.6 the better split, aces low: Bob keeps Q♣ K♣ and J♦-… stays; 22 - 1 = 21") {
  const GinHandScore hand = scored("7♠-7♦-7♥ | 8♥-9♥-10♥ | A♦-2♦-3♦ | A♣",
                                   "6♠-6♣-6♥ | Q♣ K♣ J♥ 7♣ 4♦ 5♦ 2♠", gin_rules());
  CHECK(hand.knocker_points == 1);
  CHECK(cards_text(hand.laid_off) == "J♥ 7♣ 4♦ 5♦");
  CHECK(cards_text(hand.defender_deadwood) == "Q♣ K♣ 2♠");
  CHECK(hand.defender_points == 22);
  CHECK(hand.points == 21);
  // Written without groups, the tool finds the split of deadwood 1, not 7♥-8♥-9♥-10♥ | 7♠ 7♦.
  CHECK(scored("7♠ 7♦ 7♥ 8♥ 9♥ 10♥ A♦ 2♦ 3♦ A♣", "6♠-6♣-6♥ | Q♣ K♣ J♥ 7♣ 4♦ 5♦ 2♠", gin_rules())
            .points == 21);
}

TEST_CASE("6.10.7 two equal splits: unwritten, the one leaving Bob most (11); written, 3") {
  const std::string bob = "9♣-10♣-J♣ | Q♠-Q♥-Q♦ | 8♠ 3♠ 4♦ 5♣";
  const GinHandScore chosen = scored("4♠ 5♠ 6♠ 7♠ 7♥ 7♦ 7♣ 2♦ 3♦ A♣", bob, gin_rules());
  CHECK(chosen.knocker_points == 6);
  CHECK(chosen.defender_points == 17);
  CHECK(chosen.points == 11);
  const GinHandScore written = scored("4♠-5♠-6♠-7♠ | 7♥-7♦-7♣ | 2♦ 3♦ A♣", bob, gin_rules());
  CHECK(cards_text(written.laid_off) == "8♠ 3♠");
  CHECK(written.defender_points == 9);
  CHECK(written.points == 3);
}

TEST_CASE("6.10.8 a knock limit from the upcard: 13 by default; with oklahoma and 6♦, illegal") {
  const std::string ann = "2♣-3♣-4♣ | 9♠-9♥-9♦ | 5♥-6♥-7♥ | J♦";
  const std::string bob = "K♠-K♣-K♥ | 8♥ 9♣ 5♣ 6♣ 10♦ Q♠ 3♦";
  const GinHandScore hand = scored(ann, bob, gin_rules());
  CHECK(hand.knocker_points == 10);
  CHECK(hand.defender_points == 23);
  CHECK(hand.points == 13);
  const GinHandOutcome oklahoma = play(ann, bob, gin_rules({"oklahoma=on"}), card("6♦"));
  CHECK_FALSE(oklahoma.score);
  CHECK(oklahoma.refusal == "not a legal knock: deadwood 10 exceeds the knock limit 6");
}

TEST_CASE("6.10.9 oklahoma with a spade upcard: limit 4, points doubled: (24 - 3) x 2 = 42") {
  const Rules rules = gin_rules({"oklahoma=on", "oklahoma-spades=on"});
  const std::string ann = "A♥-2♥-3♥ | 10♠-J♠-Q♠ | 6♦-6♣-6♥ | 3♣";
  const GinHandScore hand = scored(ann, "8♦-9♦-10♦ | 4♥ K♠ 6♠ 5♠ 7♣ 2♣ Q♦", rules, card("4♠"));
  CHECK(hand.limit == 4);
  CHECK(hand.doubled);
  CHECK(cards_text(hand.laid_off) == "4♥ K♠ 6♠");
  CHECK(hand.defender_points == 24);
  CHECK(hand.points == 42);
  // An ace upcard allows only gin: neither this knock (3) nor example 6's (1) is legal.
  CHECK(play(ann, "8♦-9♦-10♦ | 4♥ K♠ 6♠ 5♠ 7♣ 2♣ Q♦", rules, card("A♠")).refusal ==
        "not a legal knock: deadwood 3 exceeds the knock limit 0");
  CHECK(play("7♠-7♦-7♥ | 8♥-9♥-10♥ | A♦-2♦-3♦ | A♣", "6♠-6♣-6♥ | Q♣ K♣ J♥ 7♣ 4♦ 5♦ 2♠", rules,
             card("A♠"))
            .refusal == "not a legal knock: deadwood 1 exceeds the knock limit 0");
}

TEST_CASE("a written grouping binds the knocker even when another split would be legal") {
  // 6.10.6's cards written as 7♥-8♥-9♥-10♥ | 7♠ 7♦ …: 15 deadwood, over the limit (ruling 6.13.4).
  CHECK(play("7♥-8♥-9♥-10♥ | 7♠ 7♦ | A♦-2♦-3♦ | A♣", "6♠-6♣-6♥ | Q♣ K♣ J♥ 7♣ 4♦ 5♦ 2♠", gin_rules())
            .refusal == "not a legal knock: deadwood 15 exceeds the knock limit 10");
}

TEST_CASE("a named discard, an upcard without oklahoma and a card in both hands are refused") {
  const Rules rules = gin_rules();
  const std::string bob = "K♣-K♦-K♥ | 8♣ 9♣ 2♥ 3♦ 5♣ Q♠ 10♥";
  // With 11 cards the discard may be named: 7♦ keeps 0, so it is gin.
  const GinHandOutcome named =
      score_gin_hand(knocker_of("4♦-5♦-6♦-7♦ | J♠-J♥-J♣ | A♠-2♠-3♠-4♠", rules, card("7♦")),
                     hand_of(bob, "", rules).cards(), std::nullopt, rules);
  REQUIRE(named.score);
  CHECK(named.score->discard == card("7♦"));
  CHECK(named.score->result == GinResult::gin);
  CHECK(play("A♣-2♣-3♣ | 7♥-8♥-9♥-10♥ | Q♠-Q♥-Q♣", "5♦-6♦-7♦ | J♥ 4♣ Q♦ K♠ K♦ 2♠ 3♦", rules,
             card("6♦"))
            .refusal == "an upcard counts only with the oklahoma house rule (oklahoma=on)");
  CHECK(play("A♣-2♣-3♣ | 7♥-8♥-9♥-10♥ | Q♠-Q♥-Q♣", "5♦-6♦-7♦ | J♥ 4♣ Q♦ K♠ K♦ 2♠ Q♣", rules)
            .refusal == "Q♣ is in both hands: one pack holds it once");
}

namespace {
// 6.11's hands: 6.10.1, 6.10.4, 6.10.6, 6.10.3, 6.10.2, Ann (0) knocking each time.
std::vector<GinGameHand> whole_game(const Rules& rules) {
  const std::vector<std::pair<std::string, std::string>> hands = {
      {"5♠-6♠-7♠ | 9♥-9♦-9♣ | J♦-Q♦-K♦ | 3♣", "4♥-5♥-6♥ | 8♠ 9♠ 2♣ 4♦ 10♣ K♠ Q♥"},
      {"3♥-4♥-5♥ | 9♣-10♣-J♣ | K♠-K♥-K♦ | 6♣", "2♦-3♦-4♦ | 7♠-7♥-7♦ | Q♠-Q♦-Q♥ | 6♠"},
      {"7♠-7♦-7♥ | 8♥-9♥-10♥ | A♦-2♦-3♦ | A♣", "6♠-6♣-6♥ | Q♣ K♣ J♥ 7♣ 4♦ 5♦ 2♠"},
      {"2♠-3♠-4♠ | 8♦-8♣-8♥ | 10♣-J♣-Q♣ | 7♠", "A♥-A♦-A♣ | 5♥-6♥-7♥ | 9♠-10♠-J♠ | 5♠"},
      {"A♣-2♣-3♣ | 7♥-8♥-9♥-10♥ | Q♠-Q♥-Q♣", "5♦-6♦-7♦ | J♥ 4♣ Q♦ K♠ K♦ 2♠ 3♦"},
  };
  std::vector<GinGameHand> game;
  for (const auto& [ann, bob] : hands) {
    const GinHandScore hand = scored(ann, bob, rules);
    game.push_back({hand.winner(), hand.points});
  }
  return game;
}
}  // namespace

TEST_CASE("6.11 a whole game: Ann 303, Bob 107, Ann wins by 196") {
  const Rules rules = gin_rules();
  const std::vector<GinGameHand> hands = whole_game(rules);
  std::vector<int> points;
  for (const GinGameHand& hand : hands) points.push_back(hand.points);
  CHECK(points == std::vector<int>{33, 25, 21, 32, 74});
  const GinGame game = settle_gin_game(hands, rules);
  CHECK(game.over);
  CHECK(game.winner == 0);
  CHECK(game.hand_points == std::array<int, 2>{128, 57});
  CHECK(game.boxes == std::array<int, 2>{3, 2});
  CHECK_FALSE(game.shutout);
  CHECK(game.totals == std::array<int, 2>{303, 107});
  CHECK(game.margin == 196);
}

TEST_CASE("6.11 preset classic: hands 33, 10, 21, 17, 69; finals 283 and 67; margin 216") {
  const Rules rules = gin_rules({"preset=classic"});
  const std::vector<GinGameHand> hands = whole_game(rules);
  std::vector<int> points;
  for (const GinGameHand& hand : hands) points.push_back(hand.points);
  CHECK(points == std::vector<int>{33, 10, 21, 17, 69});
  const GinGame game = settle_gin_game(hands, rules);
  CHECK(game.totals == std::array<int, 2>{283, 67});
  CHECK(game.margin == 216);
}

TEST_CASE("6.11 undercut-tie nothing: hand 2 is nobody's; Ann 303, Bob 57; margin 246") {
  const Rules rules = gin_rules({"undercut-tie=nothing"});
  const GinGame game = settle_gin_game(whole_game(rules), rules);
  CHECK(game.boxes == std::array<int, 2>{3, 1});
  CHECK(game.totals == std::array<int, 2>{303, 57});
  CHECK(game.margin == 246);
}

TEST_CASE(
    "6.11 shutouts: Ann wins hands 1, 3 and 5 only: double 606, flat 403, hands 431, none 303") {
  const std::vector<GinGameHand> hands = {{0, 33}, {0, 21}, {0, 74}};
  const auto total = [&](std::string shutout) {
    const Rules rules = gin_rules({"shutout=" + shutout});
    const GinGame game = settle_gin_game(hands, rules);
    CHECK(game.shutout);
    CHECK(game.totals[1] == 0);
    return game.totals[0];
  };
  CHECK(total("double") == 606);
  CHECK(total("flat") == 403);
  CHECK(total("hands") == 431);
  CHECK(total("none") == 303);
}

TEST_CASE("the game ends with the hand that reaches the target; dead hands are nobody's box") {
  const Rules rules = gin_rules({"game-target=50"});
  const std::vector<GinGameHand> hands = {{std::nullopt, 0}, {1, 30}, {0, 60}, {1, 80}};
  const GinGame game = settle_gin_game(hands, rules);
  CHECK(game.over);
  CHECK(game.hands_played == 3);
  CHECK(game.winner == 0);
  CHECK(game.boxes == std::array<int, 2>{1, 1});
  CHECK(game.totals == std::array<int, 2>{60 + 100 + 25, 30 + 25});
  const GinGame unfinished = settle_gin_game(std::span(hands).first(2), rules);
  CHECK_FALSE(unfinished.over);
  CHECK(unfinished.totals == std::array<int, 2>{0, 30});
}
