// Knock Rummy's settlement: see knock.hpp.
//
// The lowest deadwood wins and collects from every other player the difference between that
// player's deadwood and its own (all of the other's deadwood, and 25 more, when it has none: a
// rummy). A player other than the knocker with less deadwood than the knocker undercuts: it wins
// and also takes 10 from the knocker. Non-knockers tied for the win share it equally, any point
// that does not divide going to the first of them in seat order. A knocker tied for the lowest
// with another player neither gains nor loses; the other player wins.
#include "knock.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace rummy {

KnockRound settle_knock(std::span<const int> deadwood, std::size_t knocker,
                        std::span<const std::string> names) {
  const auto name = [&](std::size_t i) {
    return i < names.size() ? names[i] : fmt::format("player {}", i + 1);
  };
  KnockRound round;
  round.entries.assign(deadwood.size(), 0);
  const int lowest = *std::min_element(deadwood.begin(), deadwood.end());
  for (std::size_t i = 0; i < deadwood.size(); ++i) {
    if (deadwood[i] == lowest && i != knocker) round.winners.push_back(i);
  }
  const bool knocker_lowest = deadwood[knocker] == lowest;
  const bool knocker_tied = knocker_lowest && !round.winners.empty();
  if (knocker_lowest && !knocker_tied) round.winners = {knocker};
  round.undercut = !knocker_lowest;
  round.rummy = lowest == 0;

  int pot = 0;
  for (std::size_t i = 0; i < deadwood.size(); ++i) {
    const bool winner =
        std::find(round.winners.begin(), round.winners.end(), i) != round.winners.end();
    if (winner || (knocker_tied && i == knocker))
      continue;  // a tied knocker neither pays nor takes
    int pays = deadwood[i] - lowest;
    if (round.rummy) pays += knock_rummy_bonus;
    if (round.undercut && i == knocker) pays += knock_undercut_bonus;
    round.entries[i] -= pays;
    pot += pays;
  }
  const auto share = static_cast<int>(round.winners.size());
  for (std::size_t k = 0; k < round.winners.size(); ++k) {
    round.entries[round.winners[k]] += pot / share + (static_cast<int>(k) < pot % share ? 1 : 0);
  }

  std::string winners;
  for (const std::size_t w : round.winners) {
    winners += (winners.empty() ? "" : " and ") + name(w);
  }
  round.how = fmt::format(
      "{} win{} with {} deadwood{}{}{}", winners, round.winners.size() == 1 ? "s" : "", lowest,
      round.rummy ? " (rummy: 25 more from each player)" : "",
      round.undercut ? fmt::format(", undercutting the knocker (10 more from {})", name(knocker))
                     : "",
      knocker_tied ? "; the knocker tied and neither gains nor loses" : "");
  return round;
}

}  // namespace rummy
