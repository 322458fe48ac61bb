// What a game offers (src/core/game_options.hpp) and `rummy rules --list`: the command line
// refuses exactly the options the list does not give a game, and a sheet written from the list's
// settings and outcome lines is one the sheet reader takes. The page builds its controls from the
// same list, so these tests hold the page and the command line together.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "game_options.hpp"
#include "games.hpp"

using rummy::test::rummy_cli;

namespace {

const char* const hand13 = "A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♦ 8♦ 9♦ 10♣ J♣ Q♣ K♣";

nlohmann::json game_list() {
  const auto run = rummy_cli({"rules", "--list", "--format", "json"});
  REQUIRE(run.code == 0);
  return run.json()["games"];
}

// Whether `rummy ARGS` on the 13-card hand is refused (exit 2) with an error that names OPTION.
bool refused(std::vector<std::string> args, const std::string& option) {
  const auto run = rummy_cli(std::move(args), hand13);
  if (run.code != 2) return false;
  return run.err.find(option) != std::string::npos;
}

std::optional<rummy::Outcome> outcome_named(const std::string& id) {
  for (std::size_t i = 0; i < rummy::outcome_rows.size(); ++i) {
    const auto outcome = static_cast<rummy::Outcome>(i);
    if (rummy::outcome_id(outcome) == id) return outcome;
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("rules --list gives every game once, with its words, from options_of") {
  const auto games = game_list();
  REQUIRE(games.size() == rummy::all_variants.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    const auto variant = rummy::all_variants[i];
    const auto& game = games[i];
    const rummy::Rules rules = rummy::Rules::for_variant(variant);
    const rummy::GameOptions offered = rummy::options_of(rules);
    CAPTURE(game["id"]);
    CHECK(game["id"] == rummy::variant_name(variant));
    CHECK(game["name"] == rummy::variant_description(variant));
    CHECK(game["deal_word"] == rules.match.deal_word);
    CHECK(game["options"]["wild_rank"] == offered.wild_rank);
    CHECK(game["options"]["most_packs"] == offered.most_packs);
    CHECK(game["options"]["rounds"] == offered.rounds);
    CHECK(game["options"]["formats"] == !game["formats"].empty());
    // A game without formats says what its sheet takes itself; each format says it otherwise.
    if (offered.formats) CHECK(game["settings"].empty());
    // Exactly the outcomes the game's sheets take, and at least one line ends a deal.
    int enders = 0;
    for (const auto& line : game["outcomes"]) {
      const auto outcome = outcome_named(line["outcome"].get<std::string>());
      REQUIRE(outcome);
      CHECK((rules.match.outcomes & rummy::outcome_bit(*outcome)) != 0);
      CHECK(line["ends_deal"] == ((rules.match.ends_deal & rummy::outcome_bit(*outcome)) != 0));
      enders += line["ends_deal"].get<bool>() ? 1 : 0;
    }
    if (rummy::played_on_sheets(rules)) CHECK(enders > 0);
  }
}

TEST_CASE("the command line refuses exactly the options rules --list does not give a game") {
  for (const auto& game : game_list()) {
    const std::string id = game["id"];
    const auto& options = game["options"];
    CAPTURE(id);
    CHECK(refused({"validate", "--variant", id, "--wild", "7"}, "--wild") ==
          !options["wild_rank"].get<bool>());
    CHECK(refused({"validate", "--variant", id, "--decks", "2"}, "--decks") ==
          (options["most_packs"].get<int>() < 2));
    CHECK(refused({"validate", "--variant", id, "--round", "1"}, "--round") ==
          (options["rounds"].get<int>() < 1));
    CHECK(refused({"score", "--variant", id, "--game", "points"}, "--game") ==
          !options["formats"].get<bool>());
    CHECK(refused({"score", "--variant", id, "--declared"}, "--declared") ==
          !options["declared"].get<bool>());
    CHECK(refused({"score", "--variant", id, "--rummy"}, "--rummy") ==
          !options["going_rummy"].get<bool>());
    const auto drop = rummy_cli({"score", "--variant", id, "--drop", "first"});
    CHECK((drop.code == 2 && drop.err.find("--drop") != std::string::npos) ==
          !options["drops"].get<bool>());
    const auto layoff = rummy_cli({"layoff", "--variant", id, "5♥-6♥-7♥", "8♥"});
    CHECK((layoff.code == 2) == !options["layoffs"].get<bool>());
    // advise refuses a game it does not play whatever the hand; one it plays takes a hand of the
    // size the list gives, plus the card drawn (any size where the list gives 0).
    const int size = options["hand_size"].get<int>();
    const std::vector<std::string> distinct = {"A♠", "2♠",  "3♠", "4♥", "5♥", "6♥", "7♦", "8♦",
                                               "9♦", "10♣", "J♣", "Q♣", "K♣", "2♦", "3♦", "4♦",
                                               "5♣", "6♣",  "7♣", "8♠", "9♠", "10♠"};
    REQUIRE(size + 1 <= static_cast<int>(distinct.size()));
    std::string cards;
    const auto count = static_cast<std::size_t>(size > 0 ? size + 1 : 6);
    for (std::size_t i = 0; i < count; ++i) cards += distinct[i] + " ";
    // A game dealt with a tiplu: a player who has seen (the first nine cards shown).
    std::vector<std::string> args = {"advise", "--variant", id, "--draws", "1", cards};
    if (options["tiplu"].get<bool>()) {
      args.insert(args.begin() + 1, {"--tiplu", "K♥"});
      args.back() = "shown A♠-2♠-3♠ | 4♥-5♥-6♥ | 7♦-8♦-9♦ hand " + cards.substr(cards.find("10♣"));
    }
    const auto advise = rummy_cli(args);
    CAPTURE(advise.err);
    CHECK((advise.code == 0) == options["advise"].get<bool>());
  }
}

TEST_CASE("a sheet written from rules --list's settings and outcome lines reads") {
  for (const auto& game : game_list()) {
    if (!game["sheet"].get<bool>()) continue;
    std::vector<std::pair<std::string, nlohmann::json>> tables;
    if (game["formats"].empty()) tables.emplace_back(game["id"], game["settings"]);
    for (const auto& format : game["formats"])
      tables.emplace_back(format["id"], format["settings"]);
    for (const auto& [name, settings] : tables) {
      // The game line with its settings, then a line for each needed setting.
      std::string sheet = "game " + name;
      std::string lines;
      for (const auto& setting : settings) {
        if (!setting["required"].get<bool>()) continue;
        const std::string value = setting["kind"] == "count" ? "3" : "2";
        if (setting["on_game_line"].get<bool>()) {
          const std::string keyword = setting["keyword"];
          sheet += (keyword.empty() ? "" : " " + keyword) + " " + value;
        } else {
          lines += std::string(setting["keyword"]) + " " + value + "\n";
        }
      }
      sheet += "\n" + lines + "players Ann Bob\n";
      CAPTURE(sheet);
      const auto bare = rummy_cli({"settle", "-"}, sheet);
      CHECK(bare.code == 0);
      CHECK(bare.err.empty());
      // Without a needed setting, the sheet is refused.
      if (!lines.empty())
        CHECK(rummy_cli({"settle", "-"}, "game " + name + "\nplayers A B\n").code == 2);
      // A deal whose first line is the first line that ends one, with a count where the line takes
      // one, and a loser's count alone.
      for (const auto& line : game["outcomes"]) {
        if (!line["ends_deal"].get<bool>()) continue;
        const std::string takes = line["takes"];
        const std::string words = line["words"];
        const std::string what = takes == "hand_or_points" ? " 0" : "";
        const auto deal =
            rummy_cli({"settle", "-"}, sheet + "deal\n  Ann " + words + what + "\n  Bob 20\n");
        CAPTURE(words);
        if (takes == "hand_needed") {
          // A game that scores hands from their cards refuses the line without its hand.
          CHECK(deal.code == 2);
          CHECK(deal.err.find("expected the hand") != std::string::npos);
          break;
        }
        if (takes == "table_hand") {
          // The player who ends a deal dealt with a tiplu is written with the cards (the end is
          // checked), and nobody's line is a loser's count alone.
          CHECK(deal.code == 2);
          const auto alone = rummy_cli({"settle", "-"}, sheet + "deal\n  Ann " + words + "\n");
          CHECK(alone.code == 2);
          break;
        }
        CHECK(deal.err == "");
        CHECK(deal.code == 0);
        break;
      }
    }
  }
}

TEST_CASE("rules --list takes no option that chooses a game or its rules") {
  const auto run = rummy_cli({"rules", "--list", "--variant", "basic"});
  CHECK(run.code == 2);
  CHECK(run.err ==
        "rummy: error: --list lists every game as the rulebook has it: --variant does not apply "
        "to it\n");
  CHECK(rummy_cli({"rules", "--list", "--house", "points-cap=100"}).code == 2);
  CHECK(rummy_cli({"rules", "--list", "--game", "deals"}).code == 2);
  CHECK(rummy_cli({"rules", "--list", "--decks", "2"}).code == 2);
}

TEST_CASE("settle's JSON names the game and its format as rules --list does") {
  const auto pool =
      rummy_cli({"settle", "--format", "json", "-"}, "game pool101\nentry 10\nplayers A B\n")
          .json();
  CHECK(pool["variant"] == "indian");
  CHECK(pool["format"] == "pool101");
  CHECK(pool["rejoins"] == true);
  CHECK(pool["more_deals"] == true);
  const auto knock = rummy_cli({"settle", "--format", "json", "-"},
                               "game knock rounds 1\nplayers A B\ndeal\n  A knocked 0\n  B 7\n")
                         .json();
  CHECK(knock["variant"] == "knock");
  CHECK(knock["format"] == nullptr);
  CHECK(knock["rejoins"] == false);
  CHECK(knock["more_deals"] == false);  // its one round is played
}

TEST_CASE("messages name the games the data gives") {
  using rummy::games_where;
  std::string drops;
  for (const rummy::Variant variant : rummy::all_variants) {
    if (!rummy::options_of(rummy::Rules::for_variant(variant)).drops) continue;
    drops += std::string(drops.empty() ? "" : " and ") +
             std::string(rummy::variant_description(variant));
  }
  CHECK(games_where([](const rummy::Rules& r) { return rummy::options_of(r).drops; }) == drops);
  CHECK(!drops.empty());
  const std::vector<rummy::Variant> three = {rummy::all_variants[0], rummy::all_variants[1],
                                             rummy::all_variants[2]};
  CHECK(rummy::spoken_games(three) == std::string(rummy::variant_description(three[0])) + ", " +
                                          std::string(rummy::variant_description(three[1])) +
                                          " and " +
                                          std::string(rummy::variant_description(three[2])));
  CHECK(rummy::spoken_variant_ids(three) == std::string(rummy::variant_name(three[0])) + ", " +
                                                std::string(rummy::variant_name(three[1])) +
                                                " or " +
                                                std::string(rummy::variant_name(three[2])));
}
