// Knock Rummy's settlement of a round (rules §4): who wins, and what each player pays or takes.
// Data only; describe_knock (describe.hpp) says it in words.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "rules.hpp"

namespace rummy {

// A round's entries are kept in parts of a point, so that a win shared equally divides exactly
// (ruling 6.31): up to five players share one (six at the table, less the knocker), and 60 parts
// divide by 2, 3, 4 and 5.
inline constexpr int knock_parts = 60;

struct KnockRound {
  std::vector<int> entries;  // per player, in parts of a point: + takes, − pays; they sum to zero
  int parts = knock_parts;   // the parts of a point the entries count
  std::vector<std::size_t> winners;  // the lowest deadwood (two or more share the winnings)
  std::size_t knocker = 0;
  int lowest = 0;             // the winners' deadwood
  bool undercut = false;      // a player beat the knocker
  bool rummy = false;         // the winner had no deadwood
  bool knocker_tied = false;  // the knocker tied for the lowest: neither gains nor loses
};

// `deadwood` per player, `knocker` the index of the player who knocked; the bonuses are the
// rules' (Match::knock_rummy_bonus, knock_undercut_bonus).
KnockRound settle_knock(std::span<const int> deadwood, std::size_t knocker, const Rules& rules);

}  // namespace rummy
