// Knock Rummy's settlement (rules §4): every case, and the Persian guide's worked example.
#include <doctest/doctest.h>

#include <numeric>

#include "knock.hpp"

using namespace rummy;

namespace {
std::vector<int> entries(std::vector<int> deadwood, std::size_t knocker) {
  const KnockRound round = settle_knock(deadwood, knocker);
  CHECK(std::accumulate(round.entries.begin(), round.entries.end(), 0) == 0);
  return round.entries;
}
}  // namespace

TEST_CASE(
    "the Persian guide's example: deadwood 49, 19, 28, 33 with P2 knocking gives −30, +53, −9, "
    "−14") {
  CHECK(entries({49, 19, 28, 33}, 1) == std::vector<int>{-30, 53, -9, -14});
}

TEST_CASE("rummy: no deadwood collects all of the others' deadwood and 25 from each") {
  CHECK(entries({0, 19, 28}, 0) == std::vector<int>{19 + 25 + 28 + 25, -44, -53});
  CHECK(settle_knock(std::vector<int>{0, 19, 28}, 0).rummy);
}

TEST_CASE("an undercut: the lower non-knocker wins the differences and 10 from the knocker") {
  const KnockRound round = settle_knock(std::vector<int>{20, 12, 30}, 0);
  CHECK(round.undercut);
  CHECK(round.winners == std::vector<std::size_t>{1});
  CHECK(round.entries == std::vector<int>{-(8 + 10), 8 + 10 + 18, -18});
}

TEST_CASE("non-knockers tied below the knocker share the winnings") {
  // Knocker 30; players 2 and 3 both 10: the pot is 20 + 10 (undercut) + 15 = 45, shared 23/22.
  CHECK(entries({30, 10, 10, 25}, 0) == std::vector<int>{-30, 23, 22, -15});
}

TEST_CASE("a knocker tied for the lowest neither gains nor loses; the other player wins") {
  CHECK(entries({10, 10, 25, 40}, 0) == std::vector<int>{0, 15 + 30, -15, -30});
  // At 0 deadwood the other player has gone rummy: the bonus of 25 comes from each player
  // who pays, and still neither from nor to the tied knocker.
  CHECK(entries({0, 0, 25, 40}, 0) == std::vector<int>{0, (25 + 25) + (40 + 25), -50, -65});
  CHECK(entries({25, 0, 40, 0}, 3) == std::vector<int>{-50, 0 + 50 + 65, -65, 0});
}
