// Money, exactly: amounts in integer minor units (paise, cents), never binary floating point.
// A fee is a percentage (rounded to the nearest minor unit, halves up) or a fixed amount (never
// more than what it is taken from). Every split says where each minor unit goes, so the sums
// always balance.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rummy {

using Minor = std::int64_t;  // an amount in minor units: 220.00 is 22000

// The largest amount accepted anywhere: ten million million minor units, far from overflow.
inline constexpr Minor largest_amount = 10'000'000'000'000'000;

// "2", "2.5", "2.50", "₹2.50", "$100": at most two decimals; empty when it is not an amount.
std::optional<Minor> parse_amount(std::string_view text);
std::string format_amount(Minor amount);  // "220.00", "-22.00"

struct Fee {
  bool percent = false;
  std::int64_t hundredths_of_percent = 0;  // percent: 10% is 1000, 12.5% is 1250
  Minor fixed = 0;                         // a fixed amount
  std::string text() const;                // "10%", "5.00", "0"
};

// "10%", "12.5%", "5", "0"; empty when it is neither (or a percentage above 100).
std::optional<Fee> parse_fee(std::string_view text);
Minor fee_on(const Fee& fee, Minor gross);

// Points rummy: the winner's gross is the sum of the losers' points times the value of a point.
struct PointsCash {
  std::vector<Minor> paid;  // what each loser pays
  Minor gross = 0, fee = 0, net = 0;
};
// Empty when the amounts would pass largest_amount.
std::optional<PointsCash> points_cash(Minor point_value, std::span<const int> loser_points,
                                      const Fee& fee);

// Pool and deals rummy: the prize is every entry paid, less the fee.
struct PrizeCash {
  Minor pool = 0, fee = 0, prize = 0;
};
std::optional<PrizeCash> prize_cash(Minor entry, int entries, const Fee& fee);

// Shares `amount` equally; the minor units left over go one each to the first shares.
std::vector<Minor> equal_shares(Minor amount, std::size_t shares);

// Who pays whom: the fewest transfers that settle `balances` (minor units per party: + is owed
// money, − owes it; they sum to zero). Exact for up to `exact_transfer_parties` parties with a
// balance (a DP over subsets finds the most groups that settle among themselves; each group of k
// needs k − 1 transfers); beyond that, largest debtor to largest creditor.
struct Transfer {
  std::size_t from = 0, to = 0;
  Minor amount = 0;
  bool operator==(const Transfer&) const = default;
};
inline constexpr std::size_t exact_transfer_parties = 16;
std::vector<Transfer> fewest_transfers(std::span<const Minor> balances);

}  // namespace rummy
