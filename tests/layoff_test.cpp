// Laying off: extensions, Crazy Rummy's swaps, the wild that stays in a book, and where there is
// no laying off at all.
#include <doctest/doctest.h>

#include "cli_run.hpp"
#include "helpers.hpp"
#include "layoff.hpp"

namespace rummy::test {
namespace {

const Rules crazy = Rules::for_variant(Variant::crazy);
const Rules basic = Rules::for_variant(Variant::basic);

LayOff lay(std::string_view meld, std::string_view cards, const Rules& rules) {
  const Hand table = hand_of(meld, "", rules);
  return lay_off(table.cards(), hand_of(cards, "", rules).cards(), table.wild, rules);
}

Card card(std::string_view text) {
  return hand_of(text, "", crazy).cards().at(0);
}

}  // namespace

TEST_CASE("a natural card takes back the wild that stands for it in a Crazy Rummy run") {
  const LayOff inner = lay("5♥-JK-7♥-8♥", "6♥", crazy);
  CHECK(inner.fits());
  REQUIRE(inner.swaps.size() == 1);
  CHECK(inner.swaps[0] == Swap{card("6♥"), Card::printed_joker()});
  CHECK(inner.result == hand_of("5♥-6♥-7♥-8♥", "", crazy).cards());
  CHECK(inner.after.kind == GroupKind::pure_sequence);

  // A wild at the end stands for the card above the run: that card swaps, the one below extends.
  const LayOff above = lay("5♥-6♥-7♥-2♣", "8♥", crazy);
  REQUIRE(above.swaps.size() == 1);
  CHECK(above.swaps[0].wild == card("2♣"));
  const LayOff below = lay("5♥-6♥-7♥-2♣", "4♥", crazy);
  CHECK(below.fits());
  CHECK(below.swaps.empty());
  CHECK(below.result.size() == 5);

  // Two wilds, two swaps, in any order; with another card that extends the run.
  const LayOff both = lay("5♥-JK-2♣-8♥", "7♥ 6♥ 9♥", crazy);
  CHECK(both.fits());
  CHECK(both.swaps.size() == 2);
  CHECK(both.result == hand_of("5♥-6♥-7♥-8♥-9♥", "", crazy).cards());

  // A 2 is wild, but the 2 a wild stands for is that very card: it takes the wild's place too.
  const LayOff two = lay("A♥-JK-3♥-4♥", "2♥", crazy);
  CHECK(two.fits());
  REQUIRE(two.swaps.size() == 1);
  CHECK(two.swaps[0] == Swap{card("2♥"), Card::printed_joker()});
  CHECK(two.result == hand_of("A♥-2♥-3♥-4♥", "", crazy).cards());
  CHECK(two.after.kind == GroupKind::pure_sequence);
  // Another suit's 2 is no such card: it is laid off as a wild.
  const LayOff other = lay("A♥-JK-3♥-4♥", "2♣", crazy);
  CHECK(other.swaps.empty());
  CHECK(other.result.size() == 5);
}

TEST_CASE("what is not a swap") {
  // A 2 of the run's suit in its place stands for itself: nothing to take back.
  const LayOff natural = lay("A♥-2♥-3♥-4♥", "2♥", crazy);
  CHECK(natural.swaps.empty());
  // Nor does a printed joker ever take another wild's place.
  CHECK(lay("5♥-2♣-7♥-8♥", "JK", crazy).swaps.empty());
  // A wild in a book stays: the natural card is added, and the answer says the wild stays.
  const LayOff book = lay("4♥-4♠-JK", "4♦", crazy);
  CHECK(book.fits());
  CHECK(book.swaps.empty());
  CHECK(book.wild_stays_in_book);
  CHECK(book.result.size() == 4);
  // A book without a wild standing in has nothing to say about wilds.
  CHECK_FALSE(lay("4♥-4♠-4♦", "4♣", crazy).wild_stays_in_book);
  // A wild laid off onto a run extends it; a card that fits nowhere does not fit.
  CHECK(lay("5♥-6♥-7♥-8♥", "JK", crazy).fits());
  CHECK(lay("5♥-JK-7♥-8♥", "Q♠", crazy).fault == LayOffFault::not_valid_after);
  // Games without wilds never swap.
  CHECK(lay("8♥-9♥-10♥", "J♥", basic).swaps.empty());
  CHECK(lay("8♥-9♥-10♥", "8♣", basic).fault == LayOffFault::not_valid_after);
  CHECK(lay("8♥-9♥-Q♥", "J♥", basic).fault == LayOffFault::meld_not_valid);
}

TEST_CASE("layoff through the CLI: swaps in words and JSON; no laying off in Indian rummy") {
  const auto swap = rummy_cli({"layoff", "--variant", "crazy", "5♥-JK-7♥-8♥", "6♥"});
  CHECK(swap.code == 0);
  CHECK(swap.out ==
        "yes: 5♥-JK-7♥-8♥ becomes 5♥-6♥-7♥-8♥: 6♥ takes the place of JK, which goes back to the "
        "player; 5♥-6♥-7♥-8♥ in order, no wild card\n");
  const auto json =
      rummy_cli({"layoff", "--variant", "crazy", "--format", "json", "5♥-JK-7♥-8♥", "6♥"});
  CHECK(json.out.find("\"swaps\": [\n    {\n      \"card\": \"6♥\",\n      \"wild\": \"JK\"") !=
        std::string::npos);
  const auto book = rummy_cli({"layoff", "--variant", "crazy", "4♥-4♠-JK", "4♦"});
  CHECK(book.out ==
        "yes: 4♥-4♠-JK becomes 4♥-4♠-JK-4♦: four 4s: JK stands for a 4 (a wild card in a book "
        "cannot be taken: it stays)\n");
  const auto indian = rummy_cli({"layoff", "--variant", "indian", "5♥-6♥-7♥", "8♥"});
  CHECK(indian.code == 2);
  CHECK(indian.err.find("Indian rummy has no laying off") != std::string::npos);
}

}  // namespace rummy::test
