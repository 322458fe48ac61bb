// Knock Rummy's settlement of a round (RULES.md §4): who wins, and what each player pays or takes.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace rummy {

struct KnockRound {
  std::vector<int> entries;          // per player: + takes, − pays; they sum to zero
  std::vector<std::size_t> winners;  // the lowest deadwood (two or more share the winnings)
  bool undercut = false;             // a player beat the knocker
  bool rummy = false;                // the winner had no deadwood
  std::string how;                   // in words
};

inline constexpr int knock_rummy_bonus = 25;
inline constexpr int knock_undercut_bonus = 10;

// `deadwood` per player, `knocker` the index of the player who knocked; `names`, when given,
// name the players in `how` (else "player 1", "player 2", …).
KnockRound settle_knock(std::span<const int> deadwood, std::size_t knocker,
                        std::span<const std::string> names = {});

}  // namespace rummy
