// Exact money (RULES.md §2.8): amounts in minor units, fees and their rounding, the formulas.
#include <doctest/doctest.h>

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

TEST_CASE("points rummy: ₹2 a point, losers 20, 40, 50 ⇒ ₹220 before the fee [001]") {
  const std::vector<int> losers = {20, 40, 50};
  const auto cash = points_cash(200, losers, *parse_fee("10%"));
  REQUIRE(cash);
  CHECK(cash->paid == std::vector<Minor>{4000, 8000, 10000});
  CHECK(cash->gross == 22000);
  CHECK(cash->fee == 2200);
  CHECK(cash->net == 19800);
  CHECK_FALSE(points_cash(largest_amount, losers, Fee{}));
}

TEST_CASE("pool and deals rummy: entry × players, less the fee [001]") {
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
