// Knock Rummy's settlement: see knock.hpp.
//
// The lowest deadwood wins and collects from every other player the difference between that
// player's deadwood and its own (all of the other's deadwood, and the rummy bonus more, when it
// has none). A player other than the knocker with less deadwood than the knocker undercuts: it
// wins and also takes the undercut bonus from the knocker. Non-knockers tied for the win share it
// equally and exactly: the entries count parts of a point (knock_parts), so an odd 61 shared by two
// is 30½ each (ruling 6.31). A knocker tied for the lowest with another player neither gains nor
// loses; the other player wins.
#include "knock.hpp"

#include <algorithm>

namespace rummy {

KnockRound settle_knock(std::span<const int> deadwood, std::size_t knocker, const Rules& rules) {
  KnockRound round;
  round.knocker = knocker;
  round.entries.assign(deadwood.size(), 0);
  const int lowest = *std::min_element(deadwood.begin(), deadwood.end());
  round.lowest = lowest;
  for (std::size_t i = 0; i < deadwood.size(); ++i) {
    if (deadwood[i] == lowest && i != knocker) round.winners.push_back(i);
  }
  const bool knocker_lowest = deadwood[knocker] == lowest;
  round.knocker_tied = knocker_lowest && !round.winners.empty();
  if (knocker_lowest && !round.knocker_tied) round.winners = {knocker};
  round.undercut = !knocker_lowest;
  round.rummy = lowest == 0;

  int pot = 0;
  for (std::size_t i = 0; i < deadwood.size(); ++i) {
    const bool winner =
        std::find(round.winners.begin(), round.winners.end(), i) != round.winners.end();
    if (winner || (round.knocker_tied && i == knocker)) continue;  // a tied knocker: nothing
    int pays = deadwood[i] - lowest;
    if (round.rummy) pays += rules.match.knock_rummy_bonus;
    if (round.undercut && i == knocker) pays += rules.match.knock_undercut_bonus;
    round.entries[i] -= pays * round.parts;
    pot += pays * round.parts;
  }
  const auto share = static_cast<int>(round.winners.size());
  for (const std::size_t w : round.winners) round.entries[w] += pot / share;
  return round;
}

}  // namespace rummy
