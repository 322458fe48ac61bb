// Exact money (rules §2.8): amounts in minor units, fees and their rounding, the formulas.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "money.hpp"

using namespace rummy;

TEST_CASE("amounts are read exactly, with at most two decimals and an optional currency sign") {
  CHECK(parse_amount("2") == 200);
  CHECK(parse_amount("2.5") == 250);
  CHECK(parse_amount("2.50") == 250);
  CHECK(parse_amount("₹100") == 10000);
  CHECK(parse_amount("$0.05") == 5);
  CHECK_FALSE(parse_amount("2.505"));
  CHECK_FALSE(parse_amount("two"));
  CHECK_FALSE(parse_amount(""));
  CHECK_FALSE(parse_amount("-5"));
  CHECK_FALSE(parse_amount("1000000000000000000000000000000"));  // 10^30
  CHECK(format_amount(22000) == "220.00");
  CHECK(format_amount(-2205) == "-22.05");
}

TEST_CASE("fees: a percentage rounded to the nearest minor unit, halves up; a fixed amount") {
  const Fee ten = *parse_fee("10%");
  CHECK(ten.text() == "10%");
  CHECK(fee_on(ten, 22000) == 2200);
  CHECK(fee_on(ten, 225) == 23);  // 22.5 paise rounds up
  CHECK(fee_on(ten, 224) == 22);
  const Fee odd = *parse_fee("12.5%");
  CHECK(odd.text() == "12.5%");
  CHECK(fee_on(odd, 1000) == 125);
  const Fee fixed = *parse_fee("5");
  CHECK(fee_on(fixed, 10000) == 500);
  CHECK(fee_on(fixed, 300) == 300);  // never more than the amount it is taken from
  CHECK_FALSE(parse_fee("1000%"));
  CHECK_FALSE(parse_fee("ten%"));
  CHECK(fee_on(*parse_fee("100%"), largest_amount) == largest_amount);
}

TEST_CASE("points rummy: ₹2 a point, losers 20, 40, 50 ⇒ ₹220 before the fee (Junglee guide)") {
  const std::vector<int> losers = {20, 40, 50};
  const auto cash = points_cash(200, losers, *parse_fee("10%"));
  REQUIRE(cash);
  CHECK(cash->paid == std::vector<Minor>{4000, 8000, 10000});
  CHECK(cash->gross == 22000);
  CHECK(cash->fee == 2200);
  CHECK(cash->net == 19800);
  CHECK_FALSE(points_cash(largest_amount, losers, Fee{}));
}

TEST_CASE("pool and deals rummy: entry × players, less the fee (Junglee guide)") {
  const auto pool = prize_cash(10000, 4, *parse_fee("15%"));
  REQUIRE(pool);
  CHECK(pool->pool == 40000);
  CHECK(pool->fee == 6000);
  CHECK(pool->prize == 34000);
  const auto deals = prize_cash(500, 2, Fee{});
  CHECK(deals->prize == 1000);
}

TEST_CASE("equal shares put every minor unit somewhere") {
  CHECK(equal_shares(1000, 3) == std::vector<Minor>{334, 333, 333});
  CHECK(equal_shares(2, 3) == std::vector<Minor>{1, 1, 0});
}

namespace {
// The fewest transfers by plain backtracking (a reference for small tables).
int fewest_by_search(std::vector<Minor>& debt, std::size_t start = 0) {
  while (start < debt.size() && debt[start] == 0) ++start;
  if (start == debt.size()) return 0;
  int best = 1 << 20;
  for (std::size_t j = start + 1; j < debt.size(); ++j) {
    if ((debt[j] > 0) == (debt[start] > 0) || debt[j] == 0) continue;
    debt[j] += debt[start];
    best = std::min(best, 1 + fewest_by_search(debt, start + 1));
    debt[j] -= debt[start];
  }
  return best;
}
}  // namespace

TEST_CASE("who pays whom: the fewest transfers, exact to the minor unit") {
  // Asha +120, Ravi -120: one transfer.
  CHECK(fewest_transfers(std::vector<Minor>{12000, -12000}) ==
        std::vector<Transfer>{{1, 0, 12000}});
  // Two pairs that settle among themselves need two transfers, not three.
  const std::vector<Minor> pairs = {500, -700, -500, 700};
  CHECK(fewest_transfers(pairs).size() == 2);
  std::mt19937 random(11);
  for (int round = 0; round < 3000; ++round) {
    const std::size_t parties = 2 + random() % 6;
    std::vector<Minor> balances(parties, 0);
    Minor total = 0;
    for (std::size_t i = 0; i + 1 < parties; ++i) {
      balances[i] = static_cast<Minor>(random() % 7) * 100 - 300;  // small values: groups settle
      total += balances[i];
    }
    balances.back() = -total;
    CAPTURE(round);
    const std::vector<Transfer> transfers = fewest_transfers(balances);
    std::vector<Minor> left = balances;
    for (const Transfer& transfer : transfers) {
      CHECK(transfer.amount > 0);
      left[transfer.from] += transfer.amount;
      left[transfer.to] -= transfer.amount;
    }
    CHECK(std::all_of(left.begin(), left.end(), [](Minor m) { return m == 0; }));
    std::vector<Minor> debt = balances;
    CHECK(static_cast<int>(transfers.size()) == fewest_by_search(debt));
  }
}
