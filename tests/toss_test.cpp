// The toss for seats (rules §2.8): highest first, a joker highest, equal ranks by suit
// (spades, diamonds, clubs, hearts), the ace above the king; equal cards draw again.
#include <doctest/doctest.h>

#include "cli_run.hpp"
#include "helpers.hpp"
#include "toss.hpp"

using namespace rummy;
using rummy::test::rummy_cli;

namespace {
std::vector<std::size_t> seats(const std::string& cards) {
  return toss_order(test::hand_of(cards).cards(), Rules{}).seats;
}
}  // namespace

TEST_CASE("the toss: a joker is highest, then rank with the ace on top, then suit") {
  CHECK(seats("7♥ PJ 7♠ K♦") == std::vector<std::size_t>{1, 3, 2, 0});
  CHECK(seats("K♠ A♥ 2♣") == std::vector<std::size_t>{1, 0, 2});
  // Spades, diamonds, clubs, hearts.
  CHECK(seats("9♥ 9♣ 9♦ 9♠") == std::vector<std::size_t>{3, 2, 1, 0});
  const TossOrder tied = toss_order(test::hand_of("7♥ 7♥ PJ PJ 3♣").cards(), Rules{});
  CHECK(tied.ties == std::vector<std::vector<std::size_t>>{{2, 3}, {0, 1}});
}

TEST_CASE("rummy toss: names and cards, errors with their reasons") {
  const auto run = rummy_cli({"toss", "Asha=7♥", "Ravi=PJ", "Meena=7♠", "Tom=K♦"});
  CHECK(run.code == 0);
  CHECK(
      run.out.starts_with("seats, in the order of play\n"
                          "  1  Ravi   PJ\n"
                          "  2  Tom    K♦\n"
                          "  3  Meena  7♠\n"
                          "  4  Asha   7♥\n"
                          "Ravi plays first."));
  CHECK(rummy_cli({"toss", "Asha"}).err ==
        "rummy: error: 'Asha': write each draw as NAME=CARD, e.g. Asha=7♥\n");
  CHECK(rummy_cli({"toss", "Asha=7♥"}).err.starts_with("rummy: error: a table has 2 to 6"));
  CHECK(rummy_cli({"toss", "A=7♥", "B=7♥", "C=7♥"}).err ==
        "rummy: error: C's 7♥ is one more than 2 decks hold\n");
  CHECK(rummy_cli({"toss", "A=7♥", "A=8♥"}).err == "rummy: error: A draws twice\n");
  CHECK(rummy_cli({"toss", "A=7♥ 8♥", "B=2♠"}).err == "rummy: error: A draws one card, not 2\n");
}
