// Marriage's table sheets (docs/sheet-format.md, rules §9): the states ended, seen, unseen and
// foul, each judged from the cards against the deal's tiplu; the deal settled by maal, foul
// penalties carried to the next deal; the rulebook's worked examples.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "sheet.hpp"
#include "sheet_helpers.hpp"

using namespace rummy;
using namespace rummy::test;

namespace {

// The rulebook's hands (rules §9.10): tiplu 7♥.
const std::string asha_ends =
    "ended shown K♦-K♦-K♦ (deal) | 2♣-3♣-4♣ | 9♠-10♠-J♠ hand 6♥-7♥-8♥ | 5♦-6♦-7♣ | Q♥-Q♠-7♠ | "
    "A♣-A♦-A♠ discard 10♣";
const std::string bikash_seen =
    "seen shown 3♥-4♥-5♥ | 10♦-J♦-Q♦ | 6♠-7♠-8♠ hand 8♥ 8♥ 6♥ 7♥ 7♦ 2♠ 4♠ 9♣ J♥ K♠ 5♣ 3♦";
const std::string farid_fouls =
    "ended shown 4♠-5♠-6♠ | J♣-Q♣-K♣ | 2♦-2♦-2♦ hand 10♦-10♦-7♠ | 9♥-9♣-9♠ | 6♥-3♣-7♦ | "
    "A♥-2♥-3♥ discard K♠";

// Each player's net in points, in the entries' order of a deal.
std::vector<int> nets(const DealResult& deal) {
  std::vector<int> points;
  for (const EntryResult& entry : deal.entries) points.push_back(entry.maal->share.net);
  return points;
}

std::vector<Minor> money(const Settlement& s) {
  std::vector<Minor> nets;
  for (const PlayerResult& player : s.players) nets.push_back(player.net());
  return nets;
}

std::string example_8(const std::string& house) {
  return "game marriage\npoint 1\n" + house +
         "players Dawa Chandra Ekta\ndeal\n tiplu J♣\n"
         " Dawa ended shown A♠-2♠-3♠ | 5♥-6♥-7♥ | 4♦-4♦-4♦ (deal) hand 8♣-9♣-J♦ | K♦-K♣-J♣ | "
         "6♦-7♦-8♦ | Q♠-Q♥-Q♦ discard 2♦\n"
         " Chandra seen shown 2♥-3♥-4♥ | 6♠-7♠-8♠ | Q♣-Q♣-Q♣ hand J♣ 10♣ 10♣ 10♣ 5♦ 9♦ K♥ K♠ A♣ "
         "3♠ 8♦ 4♣\n"
         " Ekta unseen shown 5♠-5♠-5♠ (deal) hand J♥ J♥ J♠ 2♣ 3♣ 7♣ 9♠ 10♠ K♣ A♥ A♦ 4♥ 8♥ 3♦ 5♣ 6♣ "
         "2♥ 10♦\n";
}

std::string example_9(const std::string& house, const std::string& next_deal = "") {
  return "game marriage\npoint 1\n" + house +
         "players Asha Bikash Farid\ndeal\n tiplu 7♥\n Farid " + farid_fouls + "\n Asha " +
         asha_ends + "\n Bikash " + bikash_seen + "\n" + next_deal;
}

}  // namespace

TEST_CASE("a whole deal among four players (rules §9.11): nets and money") {
  const Settlement s = settle_text(
      "game marriage\npoint 2\nplayers Kiran Lata Mina Nabin\ndeal\n tiplu 5♣\n"
      " Kiran ended shown 2♠-2♠ | 9♥-9♥ | J♦-J♦ | K♣-K♣ | 3♥-3♥ | 6♣-6♣ | Q♠-Q♠ hand 8♦-8♦ | 5♣ "
      "4♣ 7♣ 10♥ J♠ discard 3♦\n"
      " Lata seen shown 7♦-8♦-9♦ | 10♠-J♠-Q♠ | A♣-A♣-A♣ (deal) hand 5♣ 6♣ 4♣ 4♣ 5♥ 7♠ 2♥ 3♠ 6♥ "
      "8♣ 9♠ K♥\n"
      " Mina seen 0\n"
      " Nabin unseen shown 5♦-5♦-5♦ (deal) hand A♠ 4♥ 6♦ 7♠ 8♠ 9♦ 10♦ J♣ Q♥ K♦ 2♥ 3♠ 4♠ 6♥ 7♦ 8♣ "
      "9♥ Q♣\n");
  REQUIRE(s.deals.size() == 1);
  const DealResult& deal = s.deals[0];
  CHECK(nets(deal) == std::vector<int>{40, 21, -47, -14});
  CHECK(deal.maal_total == 39);
  CHECK(deal.entries[0].maal->route == FirstStage::dublees);
  CHECK(deal.entries[0].maal->share.dublee == 15);
  CHECK(deal.entries[1].maal->share.exchange == 29);
  CHECK(deal.entries[3].maal->share.game == -10);
  CHECK(money(s) == std::vector<Minor>{8000, 4200, -9400, -2800});
  CHECK(money_transfers(s).size() == 3);
  CHECK(s.penalties_owed == std::vector<int>{0, 0, 0, 0});
}

TEST_CASE("an unseen player (rules §9.10, example 8) under unseen-maal count, murder, kidnap") {
  CHECK(nets(settle_text(example_8("")).deals[0]) == std::vector<int>{1, 30, -31});
  CHECK(nets(settle_text(example_8("house unseen-maal=murder\n")).deals[0]) ==
        std::vector<int>{6, 35, -41});
  const Settlement kidnap = settle_text(example_8("house unseen-maal=kidnap\n"));
  CHECK(nets(kidnap.deals[0]) == std::vector<int>{16, 30, -46});
  // The maal counted: the kidnapped 5 with the player who ended, 0 for the unseen player.
  CHECK(kidnap.deals[0].entries[0].maal->share.counted == 13);
  CHECK(kidnap.deals[0].entries[2].maal->share.counted == 0);
  CHECK(kidnap.deals[0].entries[2].maal->maal == 5);
}

TEST_CASE("a foul at the table (rules §9.10, example 9), its penalty next deal or now") {
  const Settlement next = settle_text(example_9(""));
  const DealResult& deal = next.deals[0];
  CHECK(deal.entries[0].outcome == Outcome::foul);
  CHECK(deal.entries[0].maal->written_as == Outcome::ended);
  CHECK_FALSE(deal.entries[0].maal->faults.empty());
  CHECK(deal.winners == std::vector<std::size_t>{0});
  CHECK(nets(deal) == std::vector<int>{-27, 21, 6});
  CHECK(next.penalties_owed == std::vector<int>{0, 0, 15});

  const Settlement now = settle_text(example_9("house foul-penalty-when=now\n"));
  CHECK(nets(now.deals[0]) == std::vector<int>{-42, 36, 6});
  CHECK(now.penalties_owed == std::vector<int>{0, 0, 0});
}

TEST_CASE("a foul's penalty goes to the player who ends the next deal, sat out or not") {
  // Farid sits deal 2 out: his 15 goes to Asha, who ends it.
  const Settlement s =
      settle_text(example_9("", "deal\n tiplu 7♥\n Asha " + asha_ends + "\n Bikash seen 12\n"));
  REQUIRE(s.deals.size() == 2);
  const DealResult& second = s.deals[1];
  REQUIRE(second.entries.size() == 3);
  CHECK(second.entries[2].maal->sat_out);
  CHECK(second.entries[2].player == 2);
  CHECK(second.entries[0].maal->share.penalty == 15);
  CHECK(nets(second) == std::vector<int>{21, -6, -15});
  CHECK(s.penalties_owed == std::vector<int>{0, 0, 0});
  CHECK(money(s) == std::vector<Minor>{4200, 0, -4200});
  // A deal nobody ends is void, and the penalty waits for the next one.
  const Settlement waits =
      settle_text(example_9("", "deal\n Asha seen 3\n Bikash seen 4\ndeal\n tiplu 7♥\n Asha " +
                                    asha_ends + "\n Bikash seen 12\n Farid seen 0\n"));
  REQUIRE(waits.deals.size() == 3);
  CHECK(waits.deals[1].maal_void);
  CHECK(nets(waits.deals[1]) == std::vector<int>{0, 0});
  CHECK(waits.deals[2].entries[0].maal->share.penalty == 15);
  CHECK(waits.deals[2].entries[2].maal->share.penalty == -15);
}

TEST_CASE("a Marriage sheet's errors name the line") {
  const std::string head = "game marriage\npoint 1\nplayers Asha Bikash\ndeal\n";
  CHECK(error_of_sheet(head + " Asha " + asha_ends + "\n Bikash seen 12\n")
            .starts_with("t.sheet:5:2: error: Asha's cards are judged against the deal's tiplu"));
  CHECK(error_of_sheet(head + " tiplu 7♥\n Asha " + asha_ends + "\n Bikash unseen" +
                       bikash_seen.substr(4) + "\n")
            .find("shows 3 pure combinations: a player who has seen the maal is written 'seen'") !=
        std::string::npos);
  CHECK(error_of_sheet(head + " tiplu 7♥\n Asha " + asha_ends +
                       "\n Bikash seen shown 3♥-4♥-5♥ | 10♦-J♦-Q♦ | 6♠-7♠-8♠ hand 8♥ 7♥ 6♥ 7♥ "
                       "7♦ 2♠ 4♠ 9♣ J♥ K♠ 5♣ 3♦\n")
            .find("the tiplu's card is in play only 2 times") != std::string::npos);
  CHECK(error_of_sheet(head + " tiplu 7♥\n Asha ended 20\n Bikash seen 12\n")
            .find("the player who ended is written with the cards") != std::string::npos);
  CHECK(error_of_sheet(head + " tiplu 7♥\n Asha " + asha_ends + "\n Bikash foul 12\n")
            .find("a foul player's maal counts 0") != std::string::npos);
  CHECK(error_of_sheet(head + " tiplu 7♥\n Asha " + asha_ends + "\n Bikash seen\n")
            .find("or maal as a number") != std::string::npos);
  CHECK(error_of_sheet(head + " tiplu 7♥\n Asha " + asha_ends + "\n Bikash " + asha_ends + "\n")
            .find("K♦ is seen 4 times") != std::string::npos);
  CHECK(error_of_sheet("game marriage\npoint 1\nfee 10%\nplayers A B\n").find("no fee is taken") !=
        std::string::npos);
}
