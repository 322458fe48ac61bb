// Knock Rummy's settlement (rules §4): every case, and the Persian guide's worked example.
#include <doctest/doctest.h>

#include <numeric>

#include "knock.hpp"

using namespace rummy;

namespace {
// The round's entries in points (they are kept in parts of a point): exact for halves.
std::vector<double> entries(std::vector<int> deadwood, std::size_t knocker) {
  const KnockRound round = settle_knock(deadwood, knocker, Rules::for_variant(Variant::knock));
  CHECK(std::accumulate(round.entries.begin(), round.entries.end(), 0) == 0);
  CHECK(round.parts == knock_parts);
  std::vector<double> points;
  for (const int parts : round.entries) points.push_back(static_cast<double>(parts) / round.parts);
  return points;
}
}  // namespace

TEST_CASE(
    "the Persian guide's example: deadwood 49, 19, 28, 33 with P2 knocking gives −30, +53, −9, "
    "−14") {
  CHECK(entries({49, 19, 28, 33}, 1) == std::vector<double>{-30, 53, -9, -14});
}

TEST_CASE("rummy: no deadwood collects all of the others' deadwood and 25 from each") {
  CHECK(entries({0, 19, 28}, 0) == std::vector<double>{19 + 25 + 28 + 25, -44, -53});
  CHECK(settle_knock(std::vector<int>{0, 19, 28}, 0, Rules::for_variant(Variant::knock)).rummy);
}

TEST_CASE("an undercut: the lower non-knocker wins the differences and 10 from the knocker") {
  const KnockRound round =
      settle_knock(std::vector<int>{20, 12, 30}, 0, Rules::for_variant(Variant::knock));
  CHECK(round.undercut);
  CHECK(round.winners == std::vector<std::size_t>{1});
  CHECK(round.entries ==
        std::vector<int>{-(8 + 10) * knock_parts, (8 + 10 + 18) * knock_parts, -18 * knock_parts});
}

TEST_CASE("non-knockers tied below the knocker share the winnings exactly, in halves if odd") {
  // Knocker 30; players 2 and 3 both 10: the pot is 20 + 10 (undercut) + 15 = 45: 22½ each,
  // never an odd point to the first of them.
  CHECK(entries({30, 10, 10, 25}, 0) == std::vector<double>{-30, 22.5, 22.5, -15});
  // An even pot stays whole: 20 + 10 + 20 = 50.
  CHECK(entries({30, 10, 10, 30}, 0) == std::vector<double>{-30, 25, 25, -20});
}

TEST_CASE("three tied below the knocker share in thirds where the pot does not divide (6.31)") {
  // Knocker 40, three players at 3, one at 24: 37 + 10 + 21 = 68 points, 22⅔ each.
  const KnockRound round =
      settle_knock(std::vector<int>{40, 3, 3, 3, 24}, 0, Rules::for_variant(Variant::knock));
  CHECK(round.winners == std::vector<std::size_t>{1, 2, 3});
  const int share = 68 * knock_parts / 3;
  CHECK(share * 3 == 68 * knock_parts);  // exact: no part left over
  CHECK(round.entries ==
        std::vector<int>{-47 * knock_parts, share, share, share, -21 * knock_parts});
}

TEST_CASE("five tied below a knocker at a table of six divide exactly in fifths") {
  const KnockRound round =
      settle_knock(std::vector<int>{12, 1, 1, 1, 1, 1}, 0, Rules::for_variant(Variant::knock));
  CHECK(round.entries == std::vector<int>{-21 * knock_parts, 21 * knock_parts / 5,
                                          21 * knock_parts / 5, 21 * knock_parts / 5,
                                          21 * knock_parts / 5, 21 * knock_parts / 5});
  CHECK(21 * knock_parts % 5 == 0);
}

TEST_CASE("a knocker tied for the lowest neither gains nor loses; the other player wins") {
  CHECK(entries({10, 10, 25, 40}, 0) == std::vector<double>{0, 15 + 30, -15, -30});
  // At 0 deadwood the other player has gone rummy: the bonus of 25 comes from each player
  // who pays, and still neither from nor to the tied knocker.
  CHECK(entries({0, 0, 25, 40}, 0) == std::vector<double>{0, (25 + 25) + (40 + 25), -50, -65});
  CHECK(entries({25, 0, 40, 0}, 3) == std::vector<double>{-50, 0 + 50 + 65, -65, 0});
}
