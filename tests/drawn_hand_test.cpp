// A drawn hand: one card more than a shown hand, where hands are declared (Indian rummy's 14
// cards, a player who has drawn and asks "can I show?"). It is judged after its best discard,
// in validate and score alike (docs/rules.md §6).
#include <doctest/doctest.h>

#include "arrange.hpp"
#include "cli_run.hpp"
#include "helpers.hpp"

using namespace rummy;
using Json = nlohmann::json;
using rummy::test::rummy_cli;

namespace {
JudgedHand judged(const std::string& text,
                  const Rules& rules = Rules::for_variant(Variant::indian)) {
  const ReadHand read = read_hand(text, "<test>", rules);
  return judge_hand(read.hand, read.written.grouped, rules, /*look_for_declaration=*/true);
}
}  // namespace

TEST_CASE("only a hand one card over a declared hand's fixed size is a drawn hand") {
  CHECK(is_drawn_hand(14, Rules::for_variant(Variant::indian)));
  CHECK_FALSE(is_drawn_hand(13, Rules::for_variant(Variant::indian)));
  CHECK_FALSE(is_drawn_hand(15, Rules::for_variant(Variant::indian)));
  // Basic, Knock and Crazy Rummy have no fixed shown hand and no declaration.
  for (const Variant variant : {Variant::basic, Variant::knock, Variant::crazy}) {
    const Rules rules = Rules::for_variant(variant);
    CHECK_FALSE(is_drawn_hand(static_cast<std::size_t>(rules.deal.hand_size) + 1, rules));
  }
}

TEST_CASE("an ungrouped drawn hand is judged by arrange's grouping and discard") {
  const JudgedHand hand = judged("as 2s 3s 4h 5h 6h 9c 9d 9s kh kd ks kc 7d");
  CHECK(hand.grouping == Grouping::arranged);
  CHECK(hand.check.valid());
  CHECK(format_hand(hand.hand, Rules::for_variant(Variant::indian)) ==
        "A♠-2♠-3♠ | 4♥-5♥-6♥ | 9♠-9♦-9♣ | K♠-K♥-K♦-K♣");
  REQUIRE(hand.discard);
  CHECK(to_string(hand.discard->card) == "7♦");
  CHECK(hand.discard->reason == DiscardReason::declares);
  CHECK(hand.discard->group == -1);
  CHECK(hand.discard->from.empty());
}

TEST_CASE("a grouped drawn hand discards the card whose removal leaves the groups valid") {
  const JudgedHand hand = judged("as-2s-3s | 4h-5h-6h | 9c-9d-9s | kh-kd-ks-kc-7d");
  CHECK(hand.grouping == Grouping::as_written);
  CHECK(hand.check.valid());
  CHECK(format_hand(hand.hand, Rules::for_variant(Variant::indian)) ==
        "A♠-2♠-3♠ | 4♥-5♥-6♥ | 9♣-9♦-9♠ | K♥-K♦-K♠-K♣");
  REQUIRE(hand.discard);
  CHECK(to_string(hand.discard->card) == "7♦");
  CHECK(hand.discard->reason == DiscardReason::declares);
  CHECK(hand.discard->group == 3);
  CHECK(format_group(hand.discard->from, std::nullopt, Rules::for_variant(Variant::indian)) ==
        "K♥-K♦-K♠-K♣-7♦");
  CHECK_FALSE(hand.could_declare);
}

TEST_CASE("a grouped drawn hand: a card alone in its group leaves with its group") {
  const JudgedHand hand = judged("as-2s-3s | 4h-5h-6h | 9c-9d-9s | kh-kd-ks-kc | 7d");
  CHECK(hand.check.valid());
  CHECK(hand.hand.groups.size() == 4);
  REQUIRE(hand.discard);
  CHECK(to_string(hand.discard->card) == "7♦");
  CHECK(hand.discard->group == 4);
}

TEST_CASE("a grouped drawn hand that cannot declare: the discard that leaves the lowest count") {
  // Without a pure sequence every card counts: the card worth most goes.
  const JudgedHand none = judged("as-2h-3s | 4h-5c-6h | 9c-9d-8s | kh-kd-ks-kc-7d");
  CHECK_FALSE(none.check.valid());
  REQUIRE(none.discard);
  CHECK(none.discard->reason == DiscardReason::lowest_count);
  CHECK(to_string(none.discard->card) == "A♠");  // worth 10, the first such card as written
  // Equally good discards of equal worth: the first as written (J♦, not Q♣).
  const JudgedHand tie = judged("as-2s-3s | 4h-5h-6h | 9c-9d-9s | kh-kd-ks | jd qc");
  REQUIRE(tie.discard);
  CHECK(to_string(tie.discard->card) == "J♦");
  CHECK(format_hand(tie.hand, Rules::for_variant(Variant::indian)) ==
        "A♠-2♠-3♠ | 4♥-5♥-6♥ | 9♣-9♦-9♠ | K♥-K♦-K♠ | Q♣");
  // Its cards could declare no better: nothing to suggest.
  CHECK_FALSE(tie.could_declare);
}

TEST_CASE("a grouped drawn hand whose grouping cannot declare says how its cards could") {
  const JudgedHand hand = judged("as-2s-3s | 4h-5h-6h | 9c-9d-9s | kh-kd-ks | kc 7d");
  CHECK_FALSE(hand.check.valid());
  REQUIRE(hand.discard);
  CHECK(to_string(hand.discard->card) == "K♣");  // K♣ or 7♦ leaves one card alone: K♣ counts more
  REQUIRE(hand.could_declare);
  CHECK(format_hand(*hand.could_declare, Rules::for_variant(Variant::indian)) ==
        "A♠-2♠-3♠ | 4♥-5♥-6♥ | 9♠-9♦-9♣ | K♠-K♥-K♦-K♣");
  REQUIRE(hand.could_declare_discard);
  CHECK(to_string(*hand.could_declare_discard) == "7♦");
}

TEST_CASE("hands of other sizes have no discard") {
  const JudgedHand fifteen = judged("as-2s-3s | 4h-5h-6h | 9c-9d-9s | kh-kd-ks-kc-7d-8d");
  CHECK_FALSE(fifteen.discard);
  REQUIRE_FALSE(fifteen.check.problems.empty());
  CHECK(fifteen.check.problems.front().kind == ProblemKind::wrong_card_count);
  CHECK_FALSE(judged("as 2s 3s 4h 5h 6h 9c 9d 9s kh kd ks kc").discard);
  // Knock Rummy deals 10 to two players: 11 cards are judged as they are, no card set aside.
  const JudgedHand knock =
      judged("K♣ K♠ K♥ A♠ 2♥ 3♥ 4♥ 9♦ 9♣ 9♠ 5♦", Rules::for_variant(Variant::knock));
  CHECK_FALSE(knock.discard);
  CHECK(knock.hand.card_count() == 11);
}

TEST_CASE("validate says which card a drawn hand is judged without, and why") {
  const auto run = rummy_cli({"validate", "as 2s 3s 4h 5h 6h 9c 9d 9s kh kd ks kc 7d"});
  CHECK(run.code == 0);
  CHECK(run.out ==
        "wild jokers: none, only PJ\n"
        "written without '|' or '-': judged by its best grouping\n"
        "14 cards, one more than a shown hand: judged after discarding 7♦, which leaves a valid "
        "declaration\n"
        "1  A♠-2♠-3♠     pure sequence  A♠-2♠-3♠ in order, no joker\n"
        "2  4♥-5♥-6♥     pure sequence  4♥-5♥-6♥ in order, no joker\n"
        "3  9♠-9♦-9♣     set            three 9s of different suits\n"
        "4  K♠-K♥-K♦-K♣  set            four kings of different suits\n"
        "valid declaration after discarding 7♦: 13 cards in 2 sequences (2 pure) and 2 sets\n");
  const Json json =
      rummy_cli({"validate", "--format", "json", "as-2s-3s | 4h-5h-6h | 9c-9d-9s | kh-kd-ks-kc-7d"})
          .json();
  CHECK(json["valid"] == true);
  CHECK(json["cards"] == 13);
  CHECK(json["discard"] == "7♦");
  CHECK(json["discard_reason"] == "declares");
  CHECK(json["discard_group"] == 4);
  CHECK(json["could_declare_discard"] == nullptr);
}

TEST_CASE("score of a drawn hand is the score after its discard") {
  const Json valid =
      rummy_cli({"score", "--format", "json", "as 2s 3s 4h 5h 6h 9c 9d 9s kh kd ks kc 7d"}).json();
  CHECK(valid["points"] == 2);
  CHECK(valid["discard"] == "7♦");
  CHECK(valid["discard_group"] == nullptr);
  // Two sequences, one pure: the cards outside valid groups count, bar the discard K♣.
  const auto run = rummy_cli({"score", "as-2s-3s | 4h-5h-6h | 9c-9d-9s | kh-kd-ks | kc 7d"});
  CHECK(run.code == 0);
  CHECK(run.out ==
        "wild jokers: none, only PJ\n"
        "14 cards, one more than a shown hand: judged after discarding K♣ from group 5 (K♣-7♦), "
        "which leaves the lowest count (no discard leaves a valid declaration)\n"
        "1  A♠-2♠-3♠  pure sequence  A♠-2♠-3♠ in order, no joker\n"
        "2  4♥-5♥-6♥  pure sequence  4♥-5♥-6♥ in order, no joker\n"
        "3  9♣-9♦-9♠  set            three 9s of different suits\n"
        "4  K♥-K♦-K♠  set            three kings of different suits\n"
        "5  7♦        unmatched      a single card: a group needs at least 3\n"
        "pays 7 points\n"
        "rule: two sequences, one of them pure: only cards outside valid groups count\n"
        "counted: 7♦ = 7\n"
        "its cards could be declared by discarding 7♦: A♠-2♠-3♠ | 4♥-5♥-6♥ | 9♠-9♦-9♣ | "
        "K♠-K♥-K♦-K♣\n");
  // Declared, the discard is the same; the verdict is a wrong show.
  const Json declared = rummy_cli({"score", "--declared", "--format", "json",
                                   "as-2s-3s | 4h-5h-6h | 9c-9d-9s | kh-kd-ks | kc 7d"})
                            .json();
  CHECK(declared["points"] == 80);
  CHECK(declared["discard"] == "K♣");
}

TEST_CASE("score takes a shown hand or a drawn one, nothing else") {
  const auto short_hand = rummy_cli({"score", "A♠-2♠-3♠ | 4♦ 5♦"});
  CHECK(short_hand.code == 2);
  CHECK(short_hand.err.find("5 cards: expected 13 (a shown hand) or 14 (a hand about to declare, "
                            "with the card drawn)") != std::string::npos);
  CHECK(rummy_cli({"score", "as-2s-3s | 4h-5h-6h | 9c-9d-9s | kh-kd-ks-kc-7d-8d"}).code == 2);
}
