// Money: see money.hpp.
#include "money.hpp"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

namespace rummy {

namespace {

// Digits with at most `decimals` decimals, as an integer scaled by 10^decimals.
std::optional<std::int64_t> parse_decimal(std::string_view text, int decimals) {
  std::int64_t whole = 0, fraction = 0;
  int fraction_digits = 0;
  bool seen_point = false, seen_digit = false;
  for (const char c : text) {
    if (c == '.' && !seen_point) {
      seen_point = true;
      continue;
    }
    if (c < '0' || c > '9') return std::nullopt;
    seen_digit = true;
    if (seen_point) {
      if (++fraction_digits > decimals) return std::nullopt;
      fraction = fraction * 10 + (c - '0');
    } else {
      if (whole > largest_amount / 10) return std::nullopt;
      whole = whole * 10 + (c - '0');
    }
  }
  if (!seen_digit) return std::nullopt;
  for (int i = fraction_digits; i < decimals; ++i) fraction *= 10;
  std::int64_t scale = 1;
  for (int i = 0; i < decimals; ++i) scale *= 10;
  if (whole > largest_amount / scale) return std::nullopt;
  return whole * scale + fraction;
}

// A leading currency sign is allowed and ignored.
std::string_view without_currency(std::string_view text) {
  for (const std::string_view sign : {"₹", "$", "€", "£", "Rs.", "Rs"}) {
    if (text.substr(0, sign.size()) == sign) return text.substr(sign.size());
  }
  return text;
}

}  // namespace

std::optional<Minor> parse_amount(std::string_view text) {
  const auto amount = parse_decimal(without_currency(text), 2);
  if (!amount || *amount > largest_amount) return std::nullopt;
  return amount;
}

std::string format_amount(Minor amount) {
  const Minor magnitude = amount < 0 ? -amount : amount;
  return fmt::format("{}{}.{:02}", amount < 0 ? "-" : "", magnitude / 100, magnitude % 100);
}

std::string Fee::text() const {
  if (!percent) return fixed == 0 ? "0" : format_amount(fixed);
  const std::int64_t whole = hundredths_of_percent / 100, part = hundredths_of_percent % 100;
  if (part == 0) return fmt::format("{}%", whole);
  return part % 10 == 0 ? fmt::format("{}.{}%", whole, part / 10)
                        : fmt::format("{}.{:02}%", whole, part);
}

std::optional<Fee> parse_fee(std::string_view text) {
  Fee fee;
  if (!text.empty() && text.back() == '%') {
    const auto hundredths = parse_decimal(text.substr(0, text.size() - 1), 2);
    if (!hundredths || *hundredths > 10000) return std::nullopt;
    fee.percent = true;
    fee.hundredths_of_percent = *hundredths;
    return fee;
  }
  const auto amount = parse_amount(text);
  if (!amount) return std::nullopt;
  fee.fixed = *amount;
  return fee;
}

Minor fee_on(const Fee& fee, Minor gross) {
  if (gross <= 0) return 0;
  if (!fee.percent) return std::min(fee.fixed, gross);
  // gross <= largest_amount (1e16) and hundredths <= 1e4: the product fits in 64 bits only
  // below 9.2e18, so split it to stay exact.
  const Minor whole = gross / 10000, rest = gross % 10000;
  return whole * fee.hundredths_of_percent + (rest * fee.hundredths_of_percent + 5000) / 10000;
}

std::optional<PointsCash> points_cash(Minor point_value, std::span<const int> loser_points,
                                      const Fee& fee) {
  PointsCash cash;
  for (const int points : loser_points) {
    if (points < 0 || (points > 0 && point_value > largest_amount / points)) return std::nullopt;
    const Minor paid = point_value * points;
    if (cash.gross > largest_amount - paid) return std::nullopt;
    cash.paid.push_back(paid);
    cash.gross += paid;
  }
  cash.fee = fee_on(fee, cash.gross);
  cash.net = cash.gross - cash.fee;
  return cash;
}

std::optional<PrizeCash> prize_cash(Minor entry, int entries, const Fee& fee) {
  if (entries < 0 || (entries > 0 && entry > largest_amount / entries)) return std::nullopt;
  PrizeCash cash;
  cash.pool = entry * entries;
  cash.fee = fee_on(fee, cash.pool);
  cash.prize = cash.pool - cash.fee;
  return cash;
}

std::vector<Minor> equal_shares(Minor amount, std::size_t shares) {
  std::vector<Minor> result(shares, 0);
  if (shares == 0) return result;
  const auto count = static_cast<Minor>(shares);
  for (std::size_t i = 0; i < shares; ++i) {
    result[i] = amount / count + (static_cast<Minor>(i) < amount % count ? 1 : 0);
  }
  return result;
}

namespace {

// Settles one group whose balances sum to zero: the largest debtor pays the largest creditor,
// until every balance is zero (at most k − 1 transfers for k parties).
void settle_group(std::vector<std::size_t> group, std::vector<Minor>& balance,
                  std::vector<Transfer>& transfers) {
  for (;;) {
    const auto by_balance = [&](std::size_t a, std::size_t b) { return balance[a] < balance[b]; };
    const std::size_t debtor = *std::min_element(group.begin(), group.end(), by_balance);
    const std::size_t creditor = *std::max_element(group.begin(), group.end(), by_balance);
    if (balance[debtor] >= 0 || balance[creditor] <= 0) return;
    const Minor amount = std::min(-balance[debtor], balance[creditor]);
    transfers.push_back({debtor, creditor, amount});
    balance[debtor] += amount;
    balance[creditor] -= amount;
  }
}

}  // namespace

std::vector<Transfer> fewest_transfers(std::span<const Minor> balances) {
  std::vector<Minor> balance(balances.begin(), balances.end());
  std::vector<std::size_t> parties;
  for (std::size_t i = 0; i < balance.size(); ++i) {
    if (balance[i] != 0) parties.push_back(i);
  }
  std::vector<Transfer> transfers;
  if (parties.size() > exact_transfer_parties) {
    settle_group(parties, balance, transfers);
    return transfers;
  }
  // most[mask]: the most groups with zero sums that the parties in mask split into.
  const std::size_t n = parties.size();
  const std::size_t full = (std::size_t{1} << n) - 1;
  std::vector<Minor> sum(full + 1, 0);
  std::vector<int> most(full + 1, 0);
  std::vector<std::size_t> removed(full + 1, 0);  // the party whose removal gave most[mask]
  for (std::size_t mask = 1; mask <= full; ++mask) {
    const auto low = static_cast<std::size_t>(std::countr_zero(mask));
    sum[mask] = sum[mask & (mask - 1)] + balance[parties[low]];
    int best = -1;
    for (std::size_t i = 0; i < n; ++i) {
      if (!(mask & (std::size_t{1} << i))) continue;
      const std::size_t without = mask & ~(std::size_t{1} << i);
      if (most[without] > best) {
        best = most[without];
        removed[mask] = i + 1;
      }
    }
    most[mask] = best + (sum[mask] == 0 ? 1 : 0);
  }
  // Walk back from everyone: the parties removed between two masks that sum to zero settle
  // among themselves.
  std::vector<std::size_t> group;
  for (std::size_t mask = full; mask != 0;) {
    const std::size_t i = removed[mask] - 1;
    group.push_back(parties[i]);
    mask &= ~(std::size_t{1} << i);
    if (sum[mask] == 0) {
      settle_group(group, balance, transfers);
      group.clear();
    }
  }
  return transfers;
}

}  // namespace rummy
