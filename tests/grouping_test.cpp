// Hands written without groups (RULES: where grouping decides the count, a hand written with
// neither '|' nor '-' is judged by its best grouping, in every command), and hands that could
// have been declared.
#include <doctest/doctest.h>

#include "arrange.hpp"
#include "cli_run.hpp"
#include "helpers.hpp"

using namespace rummy;
using Json = nlohmann::json;
using rummy::test::rummy_cli;

namespace {
const std::string spaced = "as 2s 3s 4h 5h 6h 9c 9d 9s kh kd ks kc";
const std::string knock_spaced = "K♣ K♠ 7♥ A♠ 2♥ 3♥ 4♥ 9♦ 9♣ 9♠";

JudgedHand judged(const std::string& text,
                  const Rules& rules = Rules::for_variant(Variant::indian)) {
  const ReadHand read = read_hand(text, "<test>", rules);
  return judge_hand(read.hand, read.written.grouped, rules, /*look_for_declaration=*/true);
}
}  // namespace

TEST_CASE("a hand written without '|' or '-' is judged by its best grouping") {
  const JudgedHand spaced_hand = judged(spaced);
  CHECK(spaced_hand.grouping == Grouping::arranged);
  CHECK(spaced_hand.check.valid());
  CHECK(format_hand(spaced_hand.hand, Rules::for_variant(Variant::indian)) ==
        "A♠-2♠-3♠ | 4♥-5♥-6♥ | 9♠-9♦-9♣ | K♠-K♥-K♦-K♣");
  // Run together, the same.
  CHECK(judged("AS2S3S4H5H6H9C9D9SKHKDKSKC").grouping == Grouping::arranged);
}

TEST_CASE("a '-' or a '|' means the writer chose the groups: judged as written") {
  CHECK(judged("Q♣-PJ-Q♦").grouping == Grouping::as_written);
  const JudgedHand run = judged("A♠-2♠-3♠-4♠-5♠-6♠-7♠-8♠-9♠-10♠-J♠-Q♠-K♠");
  CHECK(run.grouping == Grouping::as_written);
  CHECK(run.hand.groups.size() == 1);
  // An Indian hand of another size than 13 is judged as written: no grouping declares it.
  CHECK(judged("Q♣ PJ Q♦").grouping == Grouping::as_written);
  // Basic and Crazy count every card left, however grouped: nothing to arrange.
  CHECK(judged("A♠ 2♠ 3♠ 9♦", Rules::for_variant(Variant::basic)).grouping == Grouping::as_written);
}

TEST_CASE("a hand judged as written that could have declared says how") {
  const JudgedHand wrong = judged("as-2s-3s | 4h 5h 6h 9c 9d 9s kh kd ks kc");
  CHECK_FALSE(wrong.check.valid());
  REQUIRE(wrong.could_declare);
  CHECK(format_hand(*wrong.could_declare, Rules::for_variant(Variant::indian)) ==
        "A♠-2♠-3♠ | 4♥-5♥-6♥ | 9♠-9♦-9♣ | K♠-K♥-K♦-K♣");
  CHECK_FALSE(judged("as-2s-3s | 4h 5h 7h 9c 9d 8s kh kd ks kc").could_declare);
}

TEST_CASE("an ungrouped hand pays the same in score, batch and settle") {
  // Indian: the spaced hand can declare, so shown after a declaration it pays 2 everywhere.
  const Json score = rummy_cli({"score", "--format", "json", spaced}).json();
  CHECK(score["points"] == 2);
  CHECK(score["grouping"] == "arranged");
  const Json batch = rummy_cli({"batch", "--format", "json"}, spaced + "\n").json();
  CHECK(batch["points"] == 2);
  CHECK(batch["grouping"] == "arranged");
  const std::string sheet = "game points\npoint 1\nplayers A B\ndeal\n A declared " +
                            std::string("A♥-2♥-3♥ | 4♦-5♦-6♦ | 9♥-9♦-9♣ | K♠-K♥-K♦-K♣") +
                            "\n B showed " + spaced + "\n";
  const Json settled = rummy_cli({"settle", "--format", "json"}, sheet).json();
  CHECK(settled["deals"][0]["entries"][1]["points"] == 2);
  CHECK(settled["deals"][0]["entries"][1]["grouping"] == "arranged");

  // Knock: the least deadwood, 28, in all three (it paid 64 in score and batch before).
  const Json knock =
      rummy_cli({"score", "--variant", "knock", "--format", "json", knock_spaced}).json();
  CHECK(knock["points"] == 28);
  const Json knock_batch =
      rummy_cli({"batch", "--variant", "knock", "--format", "json"}, knock_spaced + "\n").json();
  CHECK(knock_batch["points"] == 28);
  const std::string knock_sheet = "game knock rounds 1\nplayers A B\ndeal\n A knocked " +
                                  knock_spaced + "\n B showed 5♣-6♣-7♣ | 8♦ 8♥ 8♠ | J♣ J♦ Q♦ 10♠\n";
  const Json knock_settled = rummy_cli({"settle", "--format", "json"}, knock_sheet).json();
  CHECK(knock_settled["deals"][0]["entries"][0]["points"] == 28);
}

TEST_CASE("validate says in words that it judged the best grouping") {
  const auto run = rummy_cli({"validate", spaced});
  CHECK(run.code == 0);
  CHECK(run.out.find("written without '|' or '-': judged by its best grouping\n") !=
        std::string::npos);
  const auto wrong = rummy_cli({"validate", "as-2s-3s | 4h 5h 6h 9c 9d 9s kh kd ks kc"});
  CHECK(wrong.code == 1);
  CHECK(wrong.out.find("its cards could be declared: A♠-2♠-3♠ | 4♥-5♥-6♥ | 9♠-9♦-9♣ | "
                       "K♠-K♥-K♦-K♣\n") != std::string::npos);
}
