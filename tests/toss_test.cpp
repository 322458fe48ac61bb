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
  return toss_order(test::hand_of(cards).cards(), Rules::for_variant(Variant::indian)).seats;
}
}  // namespace

TEST_CASE("the toss: a joker is highest, then rank with the ace on top, then suit") {
  CHECK(seats("7♥ PJ 7♠ K♦") == std::vector<std::size_t>{1, 3, 2, 0});
  CHECK(seats("K♠ A♥ 2♣") == std::vector<std::size_t>{1, 0, 2});
  // Spades, diamonds, clubs, hearts.
  CHECK(seats("9♥ 9♣ 9♦ 9♠") == std::vector<std::size_t>{3, 2, 1, 0});
  const TossOrder tied =
      toss_order(test::hand_of("7♥ 7♥ PJ PJ 3♣").cards(), Rules::for_variant(Variant::indian));
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

TEST_CASE("the toss: a tie at the top leaves nobody first; who shares which seats") {
  const TossOrder top =
      toss_order(test::hand_of("PJ PJ 7♥ 7♥ 3♣").cards(), Rules::for_variant(Variant::indian));
  CHECK_FALSE(top.first().has_value());
  CHECK(top.seat_of(2) == 2);
  CHECK(top.tie_of(3).size() == 2);
  CHECK(top.tie_of(4).empty());
  const TossOrder lower =
      toss_order(test::hand_of("7♥ PJ 7♥").cards(), Rules::for_variant(Variant::indian));
  CHECK(lower.first() == std::optional<std::size_t>(1));
}

TEST_CASE("rummy toss: a tie at the top says who draws again, lower ties which seats they share") {
  const auto top = rummy_cli({"toss", "A=PJ", "B=PJ", "C=7♥", "D=7♥", "E=3♣"});
  CHECK(top.code == 0);
  CHECK(top.out ==
        "seats, in the order of play\n"
        "  1-2  A  PJ\n"
        "  1-2  B  PJ\n"
        "  3-4  C  7♥\n"
        "  3-4  D  7♥\n"
        "  5    E  3♣\n"
        "Nobody plays first yet: A and B drew cards of equal standing and draw again for seats 1 "
        "and 2.\n"
        "C and D drew cards of equal standing: they share seats 3 and 4 and draw again for them.\n"
        "A joker is the highest card, the ace ranks above the king, and equal ranks go spades, "
        "diamonds, clubs, hearts.\n");
  CHECK(top.out.find("plays first.") == std::string::npos);
  const auto json = rummy_cli({"toss", "A=PJ", "B=PJ", "C=3♥", "--format", "json"}).json();
  CHECK(json["first"].is_null());
  CHECK(json["draw_again"] == nlohmann::json::array({nlohmann::json::array({"A", "B"})}));
  const auto three = rummy_cli({"toss", "A=K♦", "B=9♠", "C=9♠", "D=PJ"});
  CHECK(three.out.ends_with(
      "B and C drew cards of equal standing: they share seats 3 and 4 and draw again for them.\n"
      "D plays first. A joker is the highest card, the ace ranks above the king, and equal ranks "
      "go spades, diamonds, clubs, hearts.\n"));
  CHECK(rummy_cli({"toss", "A=K♦", "B=9♠", "--format", "json"}).json()["first"] == "A");
}

TEST_CASE("rummy toss: names differing only in case are the same player, as on a sheet") {
  const auto run = rummy_cli({"toss", "Asha=7♥", "asha=8♥"});
  CHECK(run.code == 2);
  CHECK(run.err == "rummy: error: asha draws twice (Asha and asha are the same player)\n");
  CHECK(run.out.empty());
}
