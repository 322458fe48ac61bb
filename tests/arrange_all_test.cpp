// arrange_all: every grouping that reaches the best count, checked against a brute force that
// splits the hand in every way (every subset the classifier accepts, packed in every way, with
// every discard), and on hands whose groupings can be counted by hand.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>

#include "arrange_all.hpp"
#include "helpers.hpp"

using namespace rummy;
using namespace rummy::test;

namespace {

// What a grouping reaches, in the order arrange() prefers: declares, meets the contract, counts
// least (before the cap).
struct Standing {
  bool valid = false;
  bool contract_met = true;
  int uncapped = 0;
  bool operator==(const Standing&) const = default;
  bool better_than(const Standing& other) const {
    if (valid != other.valid) return valid;
    if (contract_met != other.contract_met) return contract_met;
    return uncapped < other.uncapped;
  }
};

Standing standing_of(const Hand& hand, const Rules& rules) {
  const DeclarationCheck check = check_declaration(hand, rules);
  const Score score = rules.pure_sequence_required() ? score_shown_hand(hand, check, rules)
                                                     : score_deadwood(hand, check, rules);
  const bool unmet =
      std::any_of(check.problems.begin(), check.problems.end(),
                  [](const Problem& p) { return p.kind == ProblemKind::contract_unmet; });
  return {check.valid(), !unmet, score.uncapped};
}

Standing standing_of(const Arrangement& arrangement) {
  const bool unmet =
      std::any_of(arrangement.check.problems.begin(), arrangement.check.problems.end(),
                  [](const Problem& p) { return p.kind == ProblemKind::contract_unmet; });
  return {arrangement.valid(), !unmet, arrangement.score.uncapped};
}

// A grouping with its groups and cards sorted, and its discard.
using Canonical = std::pair<std::optional<Card>, std::vector<Group>>;

Canonical canonical(const Hand& hand, std::optional<Card> discard) {
  std::vector<Group> groups = hand.groups;
  for (Group& group : groups) std::sort(group.begin(), group.end());
  std::sort(groups.begin(), groups.end());
  return {discard, groups};
}

struct Everything {
  Standing best;                 // the best of every grouping
  std::set<Canonical> reaching;  // the groupings that reach `target`
};

// Slow and plain: every discard (a drawn hand), every set of disjoint subsets that the classifier
// calls valid, the cards left over as one group.
Everything brute_force(const std::vector<Card>& cards, WildRank wild, const Rules& rules,
                       const Standing& target) {
  const int n = static_cast<int>(cards.size());
  const int full = (1 << n) - 1;
  std::vector<std::vector<int>> valid_by_lowest(static_cast<std::size_t>(n));
  for (int mask = 1; mask <= full; ++mask) {
    Group group;
    for (int i = 0; i < n; ++i) {
      if (mask & (1 << i)) group.push_back(cards[static_cast<std::size_t>(i)]);
    }
    if (is_valid_group(classify_group(group, wild, rules, Detail::kind_only).kind)) {
      valid_by_lowest[static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(mask)))]
          .push_back(mask);
    }
  }
  const bool drawn = rules.count.arrange_by == ArrangeBy::declaration &&
                     cards.size() > static_cast<std::size_t>(rules.deal.hand_size);
  Everything everything;
  bool first = true;
  std::vector<int> melds;
  const auto leaf = [&](int rest, std::optional<Card> discard) {
    Hand hand;
    hand.wild = wild;
    for (const int meld : melds) {
      Group group;
      for (int i = 0; i < n; ++i) {
        if (meld & (1 << i)) group.push_back(cards[static_cast<std::size_t>(i)]);
      }
      hand.groups.push_back(group);
    }
    Group left;
    for (int i = 0; i < n; ++i) {
      if (rest & (1 << i)) left.push_back(cards[static_cast<std::size_t>(i)]);
    }
    if (!left.empty()) hand.groups.push_back(left);
    const Standing standing = standing_of(hand, rules);
    if (first || standing.better_than(everything.best)) everything.best = standing;
    first = false;
    if (standing == target) everything.reaching.insert(canonical(hand, discard));
  };
  // `left`: the cards still to place; `rest`: those put outside every group.
  const auto pack = [&](const auto& self, int left, int rest, std::optional<Card> discard) {
    if (left == 0) return leaf(rest, discard);
    const int lowest = __builtin_ctz(static_cast<unsigned>(left));
    self(self, left & ~(1 << lowest), rest | (1 << lowest), discard);
    for (const int meld : valid_by_lowest[static_cast<std::size_t>(lowest)]) {
      if ((meld & left) != meld) continue;
      melds.push_back(meld);
      self(self, left & ~meld, rest, discard);
      melds.pop_back();
    }
  };
  if (drawn) {
    for (int d = 0; d < n; ++d) {
      pack(pack, full & ~(1 << d), 0, cards[static_cast<std::size_t>(d)]);
    }
  } else {
    pack(pack, full, 0, std::nullopt);
  }
  return everything;
}

void check_cards(std::vector<Card> cards, const Arrangement& arrangement) {
  std::vector<Card> shown = arrangement.hand.cards();
  if (arrangement.discard) shown.push_back(*arrangement.discard);
  std::sort(cards.begin(), cards.end());
  std::sort(shown.begin(), shown.end());
  CHECK(shown == cards);
}

constexpr std::size_t no_limit = 1'000'000;

void compare_with_brute_force(const std::vector<Card>& cards, WildRank wild, const Rules& rules) {
  CAPTURE(rules.id);
  CAPTURE(format_group(cards, wild, rules));
  const AllArrangements all = arrange_all(cards, wild, rules, no_limit);
  const Standing target = standing_of(all.best);
  const Everything everything = brute_force(cards, wild, rules, target);
  // arrange() is the best there is, and arrange_all lists exactly the groupings that reach it.
  CHECK(everything.best == target);
  REQUIRE(all.total_exact);
  CHECK(all.total == everything.reaching.size());
  REQUIRE(all.groupings.size() == all.total);
  CHECK(all.groupings.front().hand.groups == all.best.hand.groups);
  CHECK(all.groupings.front().discard == all.best.discard);
  std::set<Canonical> listed;
  for (const Arrangement& each : all.groupings) {
    CHECK(standing_of(each) == target);
    CHECK(standing_of(each.hand, rules) == target);  // what `rummy score` says of the groups
    check_cards(cards, each);
    listed.insert(canonical(each.hand, each.discard));
  }
  CHECK(listed.size() == all.groupings.size());  // no grouping twice
  CHECK(listed == everything.reaching);
  // A limit lists the first of the same list.
  const AllArrangements some = arrange_all(cards, wild, rules, 3);
  if (some.total_exact) {
    CHECK(some.total == all.total);
  } else {  // too many to count once the list is full
    CHECK(some.total == arrange_all_count_limit);
    CHECK(all.total > arrange_all_count_limit);
  }
  REQUIRE(some.groupings.size() == std::min<std::size_t>(3, all.total));
  for (std::size_t i = 0; i < some.groupings.size(); ++i) {
    CHECK(some.groupings[i].hand.groups == all.groupings[i].hand.groups);
    CHECK(some.groupings[i].discard == all.groupings[i].discard);
  }
}

// A hand with at most four jokers (the brute force grows fast with them).
std::vector<Card> indian_hand(std::mt19937& random, std::size_t size, WildRank wild, int round) {
  for (;;) {
    std::vector<Card> cards = round % 2 == 0
                                  ? random_hand(random, size, wild, static_cast<int>(random() % 5))
                                  : near_hand(random, size, wild);
    const auto jokers =
        std::count_if(cards.begin(), cards.end(), [&](Card c) { return is_joker(c, wild); });
    if (jokers <= 4) return cards;
  }
}

std::vector<Card> one_pack(std::mt19937& random, std::size_t size, bool two_suits) {
  std::vector<Card> deck;
  for (int index = 0; index < 52; ++index) deck.push_back(Card::from_index(index));
  std::shuffle(deck.begin(), deck.end(), random);
  std::vector<Card> cards;
  for (const Card card : deck) {
    if (cards.size() == size) break;
    if (!two_suits || card.suit() <= Suit::hearts) cards.push_back(card);
  }
  return cards;
}

std::vector<std::string> formatted(const AllArrangements& all, const Rules& rules) {
  std::vector<std::string> hands;
  for (const Arrangement& each : all.groupings) {
    hands.push_back((each.discard ? "discard " + to_string(*each.discard) + ": " : "") +
                    format_hand(each.hand, rules));
  }
  return hands;
}

}  // namespace

TEST_CASE("arrange --all equals the brute-force reference: Indian rummy, 13 and 14 cards") {
  std::mt19937 random(24);
  for (int round = 0; round < 300; ++round) {
    const WildRank wild = round % 5 == 0 ? WildRank{} : static_cast<Rank>(1 + random() % 13);
    Rules rules = indian_rules_for_round(round);
    const std::size_t size = round % 4 == 3 ? 14 : 13;
    compare_with_brute_force(indian_hand(random, size, wild, round), wild, rules);
  }
}

TEST_CASE("arrange --all equals the brute-force reference: Basic, Knock and Gin Rummy") {
  std::mt19937 random(25);
  Rules ace_either = Rules::for_variant(Variant::basic);
  REQUIRE_FALSE(apply_house_rule(ace_either, "ace-high-or-low=on"));
  const std::array<Rules, 4> games = {Rules::for_variant(Variant::basic), ace_either,
                                      Rules::for_variant(Variant::knock),
                                      Rules::for_variant(Variant::gin)};
  for (int round = 0; round < 400; ++round) {
    const Rules& rules = games[static_cast<std::size_t>(round % 4)];
    const std::size_t size = round % 8 == 3 ? 11 : round % 8 == 5 ? 7 : 10;
    compare_with_brute_force(one_pack(random, size, round % 2 == 0), std::nullopt, rules);
  }
}

TEST_CASE("arrange --all equals the brute-force reference: Crazy Rummy, with and without rounds") {
  std::mt19937 random(26);
  std::vector<Card> deck;
  for (int copy = 0; copy < 2; ++copy) {
    for (int index = 0; index < 52; ++index) deck.push_back(Card::from_index(index));
    deck.push_back(Card::printed_joker());
    deck.push_back(Card::printed_joker());
  }
  for (int round = 0; round < 300; ++round) {
    Rules rules = Rules::for_variant(Variant::crazy);
    const std::size_t size = 7 + static_cast<std::size_t>(round % 4);
    if (round % 3 != 0) rules.deal.contract = rules.round(static_cast<int>(size) - 6);
    std::shuffle(deck.begin(), deck.end(), random);
    std::vector<Card> cards;
    for (const Card card : deck) {
      if (cards.size() == size) break;
      // Often few ranks or one suit, where books, runs and wild cards compete.
      const bool wanted = round % 3 == 0 ? true
                          : round % 3 == 1
                              ? card.is_printed_joker() || card.rank() <= Rank::five
                              : card.suit() == Suit::hearts || card.rank() == Rank::two;
      if (wanted) cards.push_back(card);
    }
    compare_with_brute_force(cards, Rank::two, rules);
  }
}

TEST_CASE("arrange --all: two ways to the same count, the one arrange shows first") {
  const Rules rules = Rules::for_variant(Variant::knock);
  // 4♠ goes with the run or with the set; either way 25 points of deadwood (7♥, 8♥, K♦).
  const Hand hand = hand_of("A♠ 2♠ 3♠ 4♠ 4♥ 4♦ 4♣ 7♥ 8♥ K♦", "", rules);
  const AllArrangements all = arrange_all(hand.cards(), hand.wild, rules, 20);
  CHECK(all.total == 2);
  CHECK(all.total_exact);
  CHECK_FALSE(all.truncated());
  CHECK(all.best.score.points == 25);
  CHECK(formatted(all, rules) == std::vector<std::string>{format_hand(all.best.hand, rules),
                                                          "A♠-2♠-3♠-4♠ | 4♥-4♦-4♣ | 7♥-8♥-K♦"});
  CHECK(formatted(all, rules).front() == "A♠-2♠-3♠ | 4♠-4♥-4♦-4♣ | 7♥-8♥-K♦");
}

TEST_CASE(
    "arrange --all: two copies of a card are one card, a wild card elsewhere is another way") {
  const Rules rules = Rules::for_variant(Variant::indian);
  // Two copies of 5♥: whichever copy goes to the run, it is the same grouping.
  const Hand copies = hand_of("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 5♥ 5♦ 5♣ 9♣ 9♦ 9♠ K♠", "none", rules);
  const AllArrangements one = arrange_all(copies.cards(), copies.wild, rules, 20);
  CHECK(one.total == 1);
  CHECK(one.best.score.points == 10);
  // The wild 7♣ makes a set of queens, a run Q♦-K♦ or a set of kings: three groupings.
  const Hand wild = hand_of("A♠ 2♠ 3♠ 4♦ 5♦ 6♦ 9♥ 10♥ Q♠ Q♦ 7♣ K♣ K♦", "7", rules);
  const AllArrangements three = arrange_all(wild.cards(), wild.wild, rules, 20);
  CHECK(three.best.score.points == 39);
  CHECK(three.total == 3);
  CHECK(formatted(three, rules) == std::vector<std::string>{
                                       "A♠-2♠-3♠ | 4♦-5♦-6♦ | Q♠-Q♦-7♣(WJ) | 9♥-10♥-K♣-K♦",
                                       "A♠-2♠-3♠ | 4♦-5♦-6♦ | Q♦-K♦-7♣(WJ) | Q♠-9♥-10♥-K♣",
                                       "A♠-2♠-3♠ | 4♦-5♦-6♦ | K♦-K♣-7♣(WJ) | Q♠-9♥-10♥-Q♦",
                                   });
}

TEST_CASE("arrange --all: a drawn hand's discard is part of the grouping") {
  const Rules rules = Rules::for_variant(Variant::indian);
  // Either king thrown leaves the other: two groupings of 10 points.
  const Hand kings = hand_of("A♠ 2♠ 3♠ 4♦ 5♦ 6♦ 9♣ 9♦ 9♥ J♥ J♠ J♣ K♣ K♦", "none", rules);
  const AllArrangements two = arrange_all(kings.cards(), kings.wild, rules, 20);
  CHECK(two.best.score.points == 10);
  CHECK(formatted(two, rules) ==
        std::vector<std::string>{"discard K♣: A♠-2♠-3♠ | 4♦-5♦-6♦ | J♠-J♥-J♣ | 9♥-9♦-9♣ | K♦",
                                 "discard K♦: A♠-2♠-3♠ | 4♦-5♦-6♦ | J♠-J♥-J♣ | 9♥-9♦-9♣ | K♣"});
  // Six ways to declare: any 9 thrown from the four, or either end of the four diamonds.
  const Hand nines = hand_of("A♠ 2♠ 3♠ 4♦ 5♦ 6♦ 7♦ 9♣ 9♦ 9♥ 9♠ J♠ J♣ J♦", "none", rules);
  const AllArrangements six = arrange_all(nines.cards(), nines.wild, rules, 20);
  CHECK(six.best.valid());
  CHECK(six.total == 6);
  std::set<Card> discards;
  for (const Arrangement& each : six.groupings) {
    CHECK(each.valid());
    discards.insert(each.discard.value());
  }
  CHECK(discards.size() == 6);
}

TEST_CASE(
    "arrange --all: a limit lists the first and counts the rest; too many are counted so far") {
  const Rules rules = Rules::for_variant(Variant::indian);
  // No pure sequence can be made: every card counts whatever the grouping, so every grouping of
  // these jokers and cards reaches the best.
  const Hand hand = hand_of("2♠ 5♥ 9♦ K♣ 2♥ 6♦ 10♣ 7♠(WJ) 7♥(WJ) 7♦(WJ) 7♣(WJ) PJ PJ", "", rules);
  const AllArrangements three = arrange_all(hand.cards(), hand.wild, rules, 3);
  CHECK(three.groupings.size() == 3);
  CHECK(three.truncated());
  CHECK(three.best.score.basis == ScoreBasis::no_pure_sequence);
  CHECK_FALSE(three.total_exact);
  CHECK(three.total == arrange_all_count_limit);
  for (const Arrangement& each : three.groupings) {
    CHECK(each.score.uncapped == three.best.score.uncapped);
  }
  // A hand with a handful: all listed, or the first two and the count.
  const Hand few = hand_of("A♠ 2♠ 3♠ 4♠ 4♥ 4♦ 4♣ 7♥ 8♥ K♦", "", Rules::for_variant(Variant::knock));
  const AllArrangements one =
      arrange_all(few.cards(), few.wild, Rules::for_variant(Variant::knock), 1);
  CHECK(one.groupings.size() == 1);
  CHECK(one.total == 2);
  CHECK(one.truncated());
}

TEST_CASE("arrange --all: Marriage and hands beyond the search are refused") {
  const Rules marriage = Rules::for_variant(Variant::marriage);
  CHECK(arrange_all_refusal(21, marriage, "arrange --all").value().find("does not play Marriage") !=
        std::string::npos);
  const Rules basic = Rules::for_variant(Variant::basic);
  CHECK(arrange_all_refusal(17, basic, "arrange --all") ==
        "17 cards: arrange --all takes at most 16");
  CHECK_FALSE(arrange_all_refusal(16, basic, "arrange --all"));
  const std::vector<Card> many(17, Card(Rank::ace, Suit::spades));
  CHECK_THROWS_AS(arrange_all(many, std::nullopt, basic, 20), RulesError);
}

TEST_CASE(
    "arrange --all: a 14-card hand with two printed jokers and a wild rank is searched whole") {
  // Many groupings declare; the list is full and the count stops at its limit or is exact.
  const Rules rules = Rules::for_variant(Variant::indian);
  std::mt19937 random(27);
  for (int round = 0; round < 50; ++round) {
    const auto wild = static_cast<Rank>(1 + random() % 13);
    std::vector<Card> cards = near_hand(random, 12, wild);
    cards.erase(std::remove(cards.begin(), cards.end(), Card::printed_joker()), cards.end());
    cards.resize(std::min<std::size_t>(cards.size(), 12));
    cards.push_back(Card::printed_joker());
    cards.push_back(Card::printed_joker());
    CAPTURE(format_group(cards, wild, rules));
    const AllArrangements all = arrange_all(cards, wild, rules, 20);
    CHECK(all.groupings.size() == std::min<std::size_t>(20, all.total));
    CHECK(all.total >= 1);
    for (const Arrangement& each : all.groupings) CHECK(standing_of(each) == standing_of(all.best));
  }
}
