// Gin Rummy's hand and game (docs/rules.md §8): the knock, gin and big gin, the defender's
// layoffs, the undercut, hand points and the game's bonuses. Data only, no I/O; the numbers are
// the rules' (Rules::gin).
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "declaration.hpp"
#include "rules.hpp"

namespace rummy {

// The knocker's cards as shown: 10 after the discard, or 11 (the discard named, or chosen by the
// tool: §8.4). Written with groups, the melds are binding (§8.5); written without, the tool
// splits them.
struct GinKnocker {
  Hand hand;
  bool grouped = false;         // written with '|' or '-'
  std::optional<Card> discard;  // 11 cards: the card the knocker discards, when named
};

enum class GinResult {
  knock,     // the knocker's deadwood is below the defender's
  gin,       // the knocker's deadwood is 0: no layoffs
  big_gin,   // 11 cards all melded, no discard (house rule big-gin)
  undercut,  // the defender's deadwood is at most the knocker's
  no_score,  // a tie with undercut-tie=nothing: nobody wins the hand
};
std::string_view gin_result_id(GinResult result);  // "knock", "gin", "big_gin", …

struct GinHandScore {
  GinResult result = GinResult::knock;
  int limit = 10;               // the knock limit of the hand
  std::optional<Card> discard;  // 11 cards: the discard (named or chosen)
  std::vector<Group> knocker_melds;
  std::vector<Card> knocker_deadwood;
  int knocker_points = 0;  // K
  std::vector<Group> defender_melds;
  std::vector<Card> laid_off;  // none against gin or big gin
  std::vector<Card> defender_deadwood;
  int defender_points = 0;  // D after layoffs (D0 against gin and big gin)
  bool doubled = false;     // oklahoma-spades: a spade first upcard
  int points = 0;           // what the hand scores for its winner
  // 0 the knocker, 1 the defender; nothing when nobody wins the hand.
  std::optional<std::size_t> winner() const;
};

// The hand, or why the knock is not one (an illegal knock, a card in both hands, an upcard
// that does not apply …): exactly one of the two is set.
struct GinHandOutcome {
  std::optional<GinHandScore> score;
  std::optional<std::string> refusal;
};

// `upcard`: the hand's first upcard, needed with oklahoma=on and refused without it.
GinHandOutcome score_gin_hand(const GinKnocker& knocker, std::span<const Card> defender,
                              std::optional<Card> upcard, const Rules& rules);

// The least deadwood of these cards and its melds (runs and sets from one pack, no jokers).
struct GinSplit {
  std::vector<Group> melds;
  std::vector<Card> deadwood;
  int points = 0;
};
GinSplit gin_least_deadwood(std::span<const Card> cards, const Rules& rules);

// ---- The game (§8.8) --------------------------------------------------------------------------

// One hand of the game for the two players: who won it (nothing: a dead hand, or a tie scoring
// nothing) and its points.
struct GinGameHand {
  std::optional<std::size_t> winner;
  int points = 0;
};

struct GinGame {
  std::array<int, 2> hand_points = {0, 0};  // the running totals of hand points
  std::array<int, 2> boxes = {0, 0};        // hands won
  bool over = false;                        // a total reached the game target
  std::size_t hands_played = 0;             // the hands up to the one that ended the game
  std::optional<std::size_t> winner;        // the player who reached the target
  bool shutout = false;                     // the loser won no hand
  std::array<int, 2> totals = {0, 0};       // final: with game bonus, boxes and shutout
  int margin = 0;                           // the difference of the two totals
};

// The game after these hands; hands after the one that ends it are not counted (hands_played
// says how many were).
GinGame settle_gin_game(std::span<const GinGameHand> hands, const Rules& rules);

}  // namespace rummy
