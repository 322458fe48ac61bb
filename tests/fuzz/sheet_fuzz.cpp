// Fuzz target: table sheets. A sheet settles or fails with a diagnostic that names a real
// place; a settlement balances: money paid is money received plus the fee plus what the pool
// still holds, and every Knock round sums to zero.
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
  }
  return 0;
}
