// Fuzz target: table sheets. A sheet settles or fails with a diagnostic that names a real
// place; a settlement balances: money paid is money received plus the fee plus what the pool
// still holds, and every Knock round sums to zero; in Gin only a hand's winner scores, and a
// game over has final totals no lower than the hand points and the margin their difference.
#include <cstdlib>
#include <numeric>

#include "checks.hpp"
#include "sheet.hpp"

using namespace rummy;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Settlement settlement;
  try {
    settlement = settle(parse_sheet(text, "<fuzz>"), text, "<fuzz>");
  } catch (const InputError& error) {
    fuzz::check_diagnostic(error.diagnostic(), text);
    return 0;
  }
  Minor paid = 0, received = 0;
  for (const PlayerResult& player : settlement.players) {
    paid += player.paid;
    received += player.received;
  }
  fuzz::require(paid == received + settlement.fee_taken + settlement.held, "money balances");
  for (const DealResult& deal : settlement.deals) {
    for (const EntryResult& entry : deal.entries) {
      if (settlement.rules.declares()) {
        fuzz::require(entry.points >= 0 && entry.points <= settlement.rules.points_cap(),
                      "Indian points within the cap");
      }
    }
    if (settlement.rules.match.deal_points == DealPoints::knock_differences) {
      int sum = 0;
      for (const EntryResult& entry : deal.entries) sum += entry.change;
      fuzz::require(sum == 0, "a Knock round sums to zero");
    }
    if (settlement.rules.match.deal_points == DealPoints::gin_hand) {
      int scorers = 0;
      for (const EntryResult& entry : deal.entries) {
        fuzz::require(entry.change >= 0, "a Gin hand scores no negative points");
        scorers += entry.change > 0 ? 1 : 0;
      }
      fuzz::require(scorers <= 1, "only a Gin hand's winner scores");
    }
  }
  if (const auto& game = settlement.gin_game; game && game->over) {
    for (std::size_t p = 0; p < 2; ++p) {
      fuzz::require(game->totals[p] >= game->hand_points[p], "a final total has its hand points");
    }
    fuzz::require(game->margin == std::abs(game->totals[0] - game->totals[1]),
                  "the margin is the difference of the totals");
  }
  return 0;
}
