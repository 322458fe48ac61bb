// The arrangement search against an exhaustive reference: every subset of the hand that the
// classifier calls a valid group, packed in every way by dynamic programming over subsets.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <climits>
#include <random>

#include "arrange.hpp"
#include "helpers.hpp"
#include "outs_helpers.hpp"

using namespace rummy;
using namespace rummy::test;

namespace {

struct Reference {
  bool valid = false;
  int points = 0;  // as a loser: 2 when valid, else the lowest count, capped
};

// Slow and plain: what the best grouping of these 13 cards pays.
Reference reference_points(const std::vector<Card>& cards, WildRank wild, const Rules& rules) {
  const int n = static_cast<int>(cards.size());
  const int full = (1 << n) - 1;
  struct GroupInfo {
    int mask;
    bool sequence, pure;
  };
  std::vector<std::vector<GroupInfo>> by_lowest(static_cast<std::size_t>(n));
  int best_pure_value = -1;
  // Suits and ranks of the cards in each subset that cannot be jokers: a group needs them all
  // of one suit (a run) or all of one rank (a set), which spares most calls to the classifier.
  std::vector<int> suits(static_cast<std::size_t>(full) + 1),
      ranks(static_cast<std::size_t>(full) + 1);
  for (int mask = 1; mask <= full; ++mask) {
    const int lowest = __builtin_ctz(static_cast<unsigned>(mask));
    const auto without = static_cast<std::size_t>(mask & (mask - 1));
    const Card card = cards[static_cast<std::size_t>(lowest)];
    const bool joker = is_joker(card, wild);
    suits[static_cast<std::size_t>(mask)] =
        suits[without] | (joker ? 0 : 1 << static_cast<int>(card.suit()));
    ranks[static_cast<std::size_t>(mask)] =
        ranks[without] | (joker ? 0 : 1 << static_cast<int>(card.rank()));
  }
  for (int mask = 1; mask <= full; ++mask) {
    if (__builtin_popcount(static_cast<unsigned>(mask)) < rules.melds.min_group) continue;
    if (__builtin_popcount(static_cast<unsigned>(suits[static_cast<std::size_t>(mask)])) > 1 &&
        __builtin_popcount(static_cast<unsigned>(ranks[static_cast<std::size_t>(mask)])) > 1) {
      continue;
    }
    std::vector<Card> group;
    int value = 0;
    for (int i = 0; i < n; ++i) {
      if (mask & (1 << i)) {
        group.push_back(cards[static_cast<std::size_t>(i)]);
        value += card_points(cards[static_cast<std::size_t>(i)], wild, rules);
      }
    }
    const GroupKind kind = classify_group(group, wild, rules).kind;
    if (!is_valid_group(kind)) continue;
    if (kind == GroupKind::pure_sequence) best_pure_value = std::max(best_pure_value, value);
    by_lowest[static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(mask)))].push_back(
        {mask, is_sequence(kind), kind == GroupKind::pure_sequence});
  }
  constexpr int none = INT_MAX / 2;
  // [mask][sequences 0..2][pure 0..1]: least deadwood, and whether all cards are in groups.
  std::vector<std::array<std::array<int, 2>, 3>> least(static_cast<std::size_t>(full) + 1);
  std::vector<std::array<std::array<bool, 2>, 3>> covered(static_cast<std::size_t>(full) + 1);
  for (auto& table : least) {
    for (auto& row : table) row = {none, none};
  }
  least[0][0][0] = 0;
  covered[0][0][0] = true;
  for (int mask = 1; mask <= full; ++mask) {
    const int lowest = __builtin_ctz(static_cast<unsigned>(mask));
    auto& here = least[static_cast<std::size_t>(mask)];
    auto& all_in = covered[static_cast<std::size_t>(mask)];
    const int without = mask & ~(1 << lowest);
    const int value = card_points(cards[static_cast<std::size_t>(lowest)], wild, rules);
    for (int s = 0; s < 3; ++s) {
      for (int p = 0; p < 2; ++p) {
        const int before = least[static_cast<std::size_t>(without)][s][p];
        if (before < none) here[s][p] = std::min(here[s][p], before + value);
      }
    }
    for (const GroupInfo& group : by_lowest[static_cast<std::size_t>(lowest)]) {
      if ((group.mask & mask) != group.mask) continue;
      const auto rest = static_cast<std::size_t>(mask & ~group.mask);
      for (int s = 0; s < 3; ++s) {
        for (int p = 0; p < 2; ++p) {
          const int s2 = std::min(2, s + (group.sequence ? 1 : 0));
          const int p2 = std::min(1, p + (group.pure ? 1 : 0));
          if (least[rest][s][p] < none) here[s2][p2] = std::min(here[s2][p2], least[rest][s][p]);
          if (covered[rest][s][p]) all_in[s2][p2] = true;
        }
      }
    }
  }
  Reference reference;
  if (covered[static_cast<std::size_t>(full)][2][1]) {
    reference.valid = true;
    reference.points = rules.declared().valid_after_declaration_points;
    return reference;
  }
  int total = 0;
  for (const Card card : cards) total += card_points(card, wild, rules);
  int cost = total;
  cost = std::min(cost, least[static_cast<std::size_t>(full)][2][1]);
  if (best_pure_value >= 0) {
    switch (rules.declared().pure_without_second) {
      case PureWithoutSecondCount::pure_exempt:
        cost = std::min(cost, total - best_pure_value);
        break;
      case PureWithoutSecondCount::all:
        break;
      case PureWithoutSecondCount::ungrouped:
        cost = std::min(cost, least[static_cast<std::size_t>(full)][1][1]);
        break;
    }
  }
  reference.points = std::min(cost, rules.points_cap());
  return reference;
}

// With 14 cards: the best over every discard, a valid declaration first.
Reference reference_after_discard(const std::vector<Card>& cards, WildRank wild,
                                  const Rules& rules) {
  Reference best{false, INT_MAX};
  for (std::size_t d = 0; d < cards.size(); ++d) {
    std::vector<Card> rest = cards;
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(d));
    const Reference here = reference_points(rest, wild, rules);
    if ((here.valid && !best.valid) || (here.valid == best.valid && here.points < best.points)) {
      best = here;
    }
  }
  return best;
}

std::vector<Card> flat(const Hand& hand) {
  std::vector<Card> cards;
  for (const Group& group : hand.groups) cards.insert(cards.end(), group.begin(), group.end());
  return cards;
}

// The hand it returns holds the same cards, less the discard, and the discard was in the hand.
void check_same_cards(std::vector<Card> cards, const Arrangement& arrangement) {
  std::vector<Card> shown = flat(arrangement.hand);
  if (arrangement.discard) shown.push_back(*arrangement.discard);
  std::sort(cards.begin(), cards.end());
  std::sort(shown.begin(), shown.end());
  CHECK(shown == cards);
}

void compare_with_reference(const std::vector<Card>& cards, WildRank wild, const Rules& rules) {
  const Arrangement arrangement = arrange(cards, wild, rules);
  const Reference reference = cards.size() == 13 ? reference_points(cards, wild, rules)
                                                 : reference_after_discard(cards, wild, rules);
  Hand as_given;
  as_given.groups = {cards};
  as_given.wild = wild;
  CAPTURE(format_group(cards, wild, rules));
  CAPTURE(rules.declared().pure_without_second);
  CHECK(arrangement.valid() == reference.valid);
  CHECK(arrangement.score.points == reference.points);
  check_same_cards(cards, arrangement);
  CHECK(arrangement.hand.card_count() == 13U);
  CHECK(arrangement.discard.has_value() == (cards.size() == 14));
}

}  // namespace

TEST_CASE("the issue's hands arrange as expected") {
  const Hand valid = hand_of("A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ");
  std::vector<Card> cards = flat(valid);
  std::reverse(cards.begin(), cards.end());
  const Arrangement arrangement = arrange(cards, valid.wild, Rules::for_variant(Variant::indian));
  CHECK(arrangement.valid());
  CHECK(arrangement.score.points == 2);

  // The Junglee guide's example, written to pay 70, regroups to pay 30: A♦-2♦-3♦ is pure, and the
  // wild 10♥ stands for K♥ in J♥-Q♥-K♥-A♥; A♠ Q♣ Q♥ are left.
  const Hand seed = hand_of("10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥", "10");
  const Arrangement best = arrange(flat(seed), seed.wild, Rules::for_variant(Variant::indian));
  CHECK(best.score.points == 30);
  CHECK(best.score.basis == ScoreBasis::two_sequences);
  CHECK(best.check.pure_sequences == 1);
  CHECK(best.check.sequences == 2);
}

TEST_CASE("14 cards: the discard that declares") {
  const Hand hand = hand_of("A♠-2♠-3♠ | 6♣-7♣-8♣ | 4♦-4♠-4♣-4♥ | J♦-J♥-J♣ Q♣");
  const Arrangement arrangement =
      arrange(flat(hand), hand.wild, Rules::for_variant(Variant::indian));
  CHECK(arrangement.valid());
  REQUIRE(arrangement.discard);
  CHECK(to_string(*arrangement.discard) == "Q♣");
}

TEST_CASE("without ace-high runs, Q-K-A is no lone pure sequence") {
  // Indian rummy with the ace low only (a game's Rules: Indian rummy has no house rule for it).
  // Q♣-K♣-A♣ is then no sequence, so the hand's one pure sequence is 2♦-3♦-4♦, exempt alone:
  // 86 - 9 = 77. Read as a pure sequence, Q♣-K♣-A♣ would leave 56; the groups then shown have
  // no pure sequence and pay every card, capped: 80.
  Rules rules = Rules::for_variant(Variant::indian);
  rules.melds.ace_high = false;
  const Hand hand = hand_of("Q♣ K♣ A♣ 2♦ 3♦ 4♦ 5♠ 7♠ 9♠ 6♥ 8♥ 10♥ 2♣", "", rules);
  const Arrangement best = arrange(flat(hand), hand.wild, rules);
  CHECK(best.score.points == 77);
  CHECK(best.score.basis == ScoreBasis::pure_without_second);
  CHECK(best.check.pure_sequences == 1);
  CHECK(find_outs(flat(hand), hand.wild, rules).points_now == 77);

  // With 5♥ drawn, a card worth 10 is discarded: 91 - 9 - 10 = 72 (not Q♣-K♣-A♣ and 10♥ away,
  // 51 by the count and 80 shown).
  const Hand drawn = hand_of("Q♣ K♣ A♣ 2♦ 3♦ 4♦ 5♠ 7♠ 9♠ 6♥ 8♥ 10♥ 2♣ 5♥", "", rules);
  const Arrangement after = arrange(flat(drawn), drawn.wild, rules);
  CHECK(after.score.points == 72);
  CHECK(after.check.pure_sequences == 1);

  // With the ace high too (the rulebook's Indian rummy), Q♣-K♣-A♣ is a sequence: two pure ones,
  // 86 - 30 - 9 = 47.
  const Rules rulebook = Rules::for_variant(Variant::indian);
  CHECK(arrange(flat(hand), hand.wild, rulebook).score.points == 47);
}

TEST_CASE("the search equals the exhaustive reference on random 13-card hands") {
  std::mt19937 random(1);
  for (int round = 0; round < test::hands_to_try(3000); ++round) {
    const WildRank wild = round % 5 == 0 ? WildRank{} : static_cast<Rank>(1 + random() % 13);
    Rules rules = indian_rules_for_round(round);
    rules.melds.fifth_card_joker = round % 7 == 0;
    const std::vector<Card> cards =
        round % 2 == 0 ? random_hand(random, 13, wild, static_cast<int>(random() % 11))
                       : near_hand(random, 13, wild);
    compare_with_reference(cards, wild, rules);
  }
}

TEST_CASE("the search equals the exhaustive reference on random 14-card hands") {
  std::mt19937 random(2);
  for (int round = 0; round < test::hands_to_try(400); ++round) {
    const WildRank wild = static_cast<Rank>(1 + random() % 13);
    Rules rules = indian_rules_for_round(round);
    const std::vector<Card> cards =
        round % 2 == 0 ? random_hand(random, 14, wild, static_cast<int>(random() % 11))
                       : near_hand(random, 14, wild);
    compare_with_reference(cards, wild, rules);
  }
}

namespace {
// A hand of `size` holding Q-K-A of one suit, the rest random or near declaring (two packs: no
// card more than twice).
std::vector<Card> hand_with_queen_king_ace(std::mt19937& random, std::size_t size, WildRank wild,
                                           bool near) {
  const auto suit = static_cast<Suit>(random() % 4);
  std::vector<Card> hand = {Card(Rank::queen, suit), Card(Rank::king, suit), Card(Rank::ace, suit)};
  std::array<int, Card::index_count> held{};
  for (const Card card : hand) ++held[card.index()];
  const std::vector<Card> rest =
      near ? near_hand(random, size, wild)
           : random_hand(random, size, wild, static_cast<int>(random() % 4));
  for (const Card card : rest) {
    if (hand.size() == size) break;
    if (held[card.index()] < 2) {
      ++held[card.index()];
      hand.push_back(card);
    }
  }
  return hand;
}
}  // namespace

TEST_CASE("the search equals the exhaustive reference without ace-high runs") {
  // Indian rummy with the ace low only (a game's Rules), on hands that hold Q-K-A of a suit: no
  // sequence then, though its cards are in a row once the ace is read high. 13 and 14 cards,
  // under each reading of a lone pure sequence.
  std::mt19937 random(3);
  for (int round = 0; round < 900; ++round) {
    const WildRank wild = round % 5 == 0 ? WildRank{} : static_cast<Rank>(1 + random() % 13);
    Rules rules = indian_rules_for_round(round);
    rules.melds.ace_high = false;
    rules.melds.fifth_card_joker = round % 7 == 0;
    const std::size_t size = round % 4 == 3 ? 14 : 13;
    compare_with_reference(hand_with_queen_king_ace(random, size, wild, round % 2 == 1), wild,
                           rules);
  }
}

namespace {
// Knock Rummy's reference: the least deadwood over every way to split the cards into melds.
int reference_least_deadwood(const std::vector<Card>& cards, const Rules& rules) {
  const int n = static_cast<int>(cards.size());
  const int full = (1 << n) - 1;
  std::vector<int> least(static_cast<std::size_t>(full) + 1, INT_MAX / 2);
  std::vector<bool> meld(static_cast<std::size_t>(full) + 1, false);
  for (int mask = 1; mask <= full; ++mask) {
    if (__builtin_popcount(static_cast<unsigned>(mask)) < rules.melds.min_group) continue;
    std::vector<Card> group;
    for (int i = 0; i < n; ++i) {
      if (mask & (1 << i)) group.push_back(cards[static_cast<std::size_t>(i)]);
    }
    meld[static_cast<std::size_t>(mask)] =
        is_valid_group(classify_group(group, std::nullopt, rules).kind);
  }
  least[0] = 0;
  for (int mask = 1; mask <= full; ++mask) {
    const int lowest = __builtin_ctz(static_cast<unsigned>(mask));
    const int rest = mask & ~(1 << lowest);
    int best = least[static_cast<std::size_t>(rest)] +
               card_points(cards[static_cast<std::size_t>(lowest)], std::nullopt, rules);
    for (int sub = rest;; sub = (sub - 1) & rest) {
      const int group = sub | (1 << lowest);
      if (meld[static_cast<std::size_t>(group)]) {
        best = std::min(best, least[static_cast<std::size_t>(mask & ~group)]);
      }
      if (sub == 0) break;
    }
    least[static_cast<std::size_t>(mask)] = best;
  }
  return least[static_cast<std::size_t>(full)];
}
}  // namespace

TEST_CASE("Knock Rummy: the arrangement's deadwood is the least over every split into melds") {
  std::mt19937 random(4);
  const Rules rules = Rules::for_variant(Variant::knock);
  std::vector<Card> deck;
  for (int index = 0; index < 52; ++index) deck.push_back(Card::from_index(index));
  for (int round = 0; round < 600; ++round) {
    std::shuffle(deck.begin(), deck.end(), random);
    // Deal sizes of 6, 7 and 10, and some hands of few suits to meet long runs and sets.
    const std::size_t size =
        std::array<std::size_t, 3>{6, 7, 10}[static_cast<std::size_t>(round % 3)];
    std::vector<Card> cards(deck.begin(), deck.begin() + static_cast<std::ptrdiff_t>(size));
    if (round % 2 == 0) std::sort(cards.begin(), cards.end());
    if (round % 4 == 0) {
      cards.clear();
      for (const Card card : deck) {
        if (card.suit() <= Suit::hearts && cards.size() < size) cards.push_back(card);
      }
    }
    const Arrangement best = arrange(cards, std::nullopt, rules);
    CAPTURE(format_group(cards, std::nullopt, rules));
    CHECK(best.score.points == reference_least_deadwood(cards, rules));
    CHECK(best.valid() == (best.score.points == 0));
    check_same_cards(cards, best);
  }
}

TEST_CASE("Knock Rummy with runs and sets of two: the least deadwood over every split") {
  // A library's own game, which check_rules takes. The one-pack search's fixed room is for
  // groups of three or more: these hands go to the general search, a whole pack included (it
  // holds 455 groups of two or more, where the room holds 384).
  std::mt19937 random(6);
  Rules rules = Rules::for_variant(Variant::knock);
  rules.melds.min_group = 2;
  rules.melds.min_run = 2;
  REQUIRE(!check_rules(rules));
  std::vector<Card> deck;
  for (int index = 0; index < 52; ++index) deck.push_back(Card::from_index(index));
  for (int round = 0; round < 300; ++round) {
    std::shuffle(deck.begin(), deck.end(), random);
    const std::size_t size = round % 2 == 0 ? 7 : 10;
    const std::vector<Card> cards(deck.begin(), deck.begin() + static_cast<std::ptrdiff_t>(size));
    CAPTURE(format_group(cards, std::nullopt, rules));
    CHECK(arrange(cards, std::nullopt, rules).score.points ==
          reference_least_deadwood(cards, rules));
    CHECK(least_deadwood(cards, std::nullopt, rules) == reference_least_deadwood(cards, rules));
  }
  const Arrangement whole = arrange(deck, std::nullopt, rules);
  CHECK(whole.score.points == 0);
  check_same_cards(deck, whole);
  CHECK(least_deadwood(deck, std::nullopt, rules) == 0);
}

TEST_CASE("Knock Rummy under random meld rules: the least deadwood over every split") {
  // One pack without jokers (the one-pack search and its tables, and the general search for
  // groups of two): groups of 2 to 4 cards at least, runs longer or capped, sets capped, the
  // ace's places, other points; hands of 4 to 11 cards.
  std::mt19937 random(10);
  std::vector<Card> deck;
  for (int index = 0; index < 52; ++index) deck.push_back(Card::from_index(index));
  int tried = 0;
  for (int round = 0; round < 1500; ++round) {
    Rules rules = Rules::for_variant(Variant::knock);
    MeldRules& melds = rules.melds;
    melds.min_group = 2 + static_cast<int>(random() % 3);
    melds.min_run = melds.min_group + static_cast<int>(random() % 3);
    melds.max_sequence = melds.min_run + static_cast<int>(random() % (14 - melds.min_run));
    melds.max_set = melds.min_group + static_cast<int>(random() % (5 - melds.min_group));
    melds.ace_high = random() % 2 == 0;
    melds.ace_low = !melds.ace_high || random() % 2 == 0;
    if (random() % 3 == 0) {
      for (int& points : rules.count.card_points) points = static_cast<int>(random() % 21);
    }
    if (check_rules(rules)) continue;
    ++tried;
    std::shuffle(deck.begin(), deck.end(), random);
    const std::size_t size = 4 + static_cast<std::size_t>(round % 8);
    const std::vector<Card> cards(deck.begin(), deck.begin() + static_cast<std::ptrdiff_t>(size));
    CAPTURE(format_group(cards, std::nullopt, rules));
    CAPTURE(melds.min_group);
    CAPTURE(melds.min_run);
    CAPTURE(melds.max_sequence);
    CAPTURE(melds.max_set);
    CAPTURE(melds.ace_high);
    CAPTURE(melds.ace_low);
    const int least = reference_least_deadwood(cards, rules);
    CHECK(arrange(cards, std::nullopt, rules).score.points == least);
    CHECK(least_deadwood(cards, std::nullopt, rules) == least);
  }
  CHECK(tried > 1000);
}

namespace {
// The outs by the plain definition: every card that can be drawn, arranged in full.
Outs outs_by_every_draw(const std::vector<Card>& cards, WildRank wild, const Rules& rules) {
  Outs outs;
  outs.points_now = arrange(cards, wild, rules).score.points;
  std::vector<Card> with_draw = cards;
  with_draw.push_back(Card());
  std::vector<Out> improving;
  int lowest = outs.points_now;
  for (int index = 0; index < Card::index_count; ++index) {
    const Card card = Card::from_index(index);
    const auto held = static_cast<int>(std::count(cards.begin(), cards.end(), card));
    const int copies_left = rules.copies_allowed(card) - held;
    if (copies_left <= 0) continue;
    with_draw.back() = card;
    const Arrangement after = arrange(with_draw, wild, rules);
    const Out out{card, copies_left, after.score.points, after.valid(), after.discard};
    if (out.declares) {
      outs.declare.push_back(out);
    } else if (out.points < lowest) {
      lowest = out.points;
      improving = {out};
    } else if (out.points == lowest && lowest < outs.points_now) {
      improving.push_back(out);
    }
  }
  if (outs.declare.empty()) outs.improve = improving;
  return outs;
}

}  // namespace

TEST_CASE("outs, with its bounded searches, equals arranging every draw in full") {
  std::mt19937 random(14);
  int declaring = 0, improving = 0;
  for (int round = 0; round < 600; ++round) {
    const WildRank wild = round % 5 == 0 ? WildRank{} : static_cast<Rank>(1 + random() % 13);
    Rules rules = indian_rules_for_round(round);
    rules.melds.fifth_card_joker = round % 7 == 0;
    const std::vector<Card> cards =
        round % 2 == 0 ? random_hand(random, 13, wild, static_cast<int>(random() % 4))
                       : near_hand(random, 13, wild);
    CAPTURE(format_group(cards, wild, rules));
    const Outs mine = find_outs(cards, wild, rules);
    const Outs theirs = outs_by_every_draw(cards, wild, rules);
    CHECK(mine.points_now == theirs.points_now);
    check_same_outs(mine.declare, theirs.declare);
    check_same_outs(mine.improve, theirs.improve);
    declaring += mine.declare.empty() ? 0 : 1;
    improving += mine.improve.empty() ? 0 : 1;
  }
  // Both kinds of answer are met.
  CHECK(declaring > 50);
  CHECK(improving > 50);
}

TEST_CASE("outs in a game without Indian rummy's bounded search arranges every draw in full") {
  // The library's find_outs is not only for the CLI's Indian rummy: a Knock hand keeps its own
  // search for each draw.
  std::mt19937 random(15);
  const Rules knock = Rules::for_variant(Variant::knock);
  std::vector<Card> pack;
  for (int index = 0; index < 52; ++index) pack.push_back(Card::from_index(index));
  for (int round = 0; round < 40; ++round) {
    std::shuffle(pack.begin(), pack.end(), random);
    const std::vector<Card> cards(pack.begin(), pack.begin() + 10);
    CAPTURE(format_group(cards, std::nullopt, knock));
    const Outs mine = find_outs(cards, std::nullopt, knock);
    const Outs theirs = outs_by_every_draw(cards, std::nullopt, knock);
    CHECK(mine.points_now == theirs.points_now);
    check_same_outs(mine.declare, theirs.declare);
    check_same_outs(mine.improve, theirs.improve);
  }
}

namespace {
// A hand of the game's size from `decks` of its packs and their printed jokers (when the game
// has them), the pack's jokers dealt first when `jokers_first` (hands rich in jokers).
std::vector<Card> hand_from_packs(std::mt19937& random, const Rules& rules, WildRank wild,
                                  bool jokers_first) {
  std::vector<Card> deck;
  for (int copy = 0; copy < rules.deck.decks; ++copy) {
    for (int index = 0; index < 52; ++index) deck.push_back(Card::from_index(index));
  }
  for (int joker = 0; joker < rules.printed_jokers_allowed(); ++joker) {
    deck.push_back(Card::printed_joker());
  }
  std::shuffle(deck.begin(), deck.end(), random);
  if (jokers_first) {
    std::stable_partition(deck.begin(), deck.end(),
                          [&](Card card) { return is_joker(card, wild); });
  }
  return {deck.begin(), deck.begin() + rules.deal.hand_size};
}

}  // namespace

TEST_CASE("outs: find_outs, passing over draws, answers as find_outs_reference in Indian rummy") {
  // Random and near-declaring hands, from two packs and one, rich in jokers or not, with a
  // random wild rank or none, under each reading of a lone pure sequence and the fifth card.
  std::mt19937 random(24);
  int declaring = 0, improving = 0;
  for (int round = 0; round < 10000; ++round) {
    Rules rules = indian_rules_for_round(round);
    rules.deck.decks = round % 4 == 3 ? 1 : 2;
    rules.melds.fifth_card_joker = round % 5 == 0;
    rules.melds.ace_high = round % 7 != 0;
    const WildRank wild = round % 6 == 0 ? WildRank{} : static_cast<Rank>(1 + random() % 13);
    const std::vector<Card> cards = round % 4 == 1 && rules.deck.decks == 2
                                        ? near_hand(random, 13, wild)
                                        : hand_from_packs(random, rules, wild, round % 8 == 2);
    check_outs_as_reference(cards, wild, rules);
    const Outs outs = find_outs(cards, wild, rules);
    declaring += outs.declare.empty() ? 0 : 1;
    improving += outs.improve.empty() ? 0 : 1;
  }
  // Both kinds of answer are met.
  CHECK(declaring > 500);
  CHECK(improving > 500);
}

TEST_CASE("outs: find_outs answers as find_outs_reference for hands shorter than a shown hand") {
  // A library may ask of any hand, down to none: the filter of the draws stands aside (it reads
  // a shown hand's count), and an empty hand has no dearest card to give up.
  std::mt19937 random(29);
  const Rules rules = Rules::for_variant(Variant::indian);
  for (int round = 0; round < 600; ++round) {
    const WildRank wild = round % 3 == 0 ? WildRank{} : static_cast<Rank>(1 + random() % 13);
    std::vector<Card> cards = hand_from_packs(random, rules, wild, round % 4 == 1);
    cards.resize(static_cast<std::size_t>(round % 13));
    check_outs_as_reference(cards, wild, rules);
  }
  const Outs none = find_outs({}, WildRank{}, rules);
  CHECK(none.points_now == 0);
  CHECK(none.declare.empty());
  CHECK(none.improve.empty());
}

TEST_CASE("outs: find_outs answers as find_outs_reference when wild cards could make pure runs") {
  // find_outs gives the wild cards that can make no pure run one search with the printed
  // joker, and each natural draw a floor from a search with a hole: hands whose wild rank lies
  // beside their runs (some wild cards then can, some cannot), hands rich in jokers and
  // near-declaring hands, under each reading of a lone pure sequence.
  std::mt19937 random(26);
  int declaring = 0, improving = 0;
  for (int round = 0; round < test::hands_to_try(4000); ++round) {
    Rules rules = indian_rules_for_round(round);
    rules.melds.fifth_card_joker = round % 5 == 0;
    rules.melds.ace_high = round % 7 != 0;
    std::vector<Card> cards = near_hand(random, 13, std::nullopt);
    // A wild rank beside a card of the hand, or the rank of one.
    const Card beside = cards[random() % cards.size()];
    const int rank =
        beside.is_printed_joker()
            ? 1 + static_cast<int>(random() % 13)
            : std::clamp(static_cast<int>(beside.rank()) + static_cast<int>(random() % 3) - 1, 1,
                         13);
    const WildRank wild = static_cast<Rank>(rank);
    if (round % 4 == 3) cards = random_hand(random, 13, wild, static_cast<int>(random() % 7));
    check_outs_as_reference(cards, wild, rules);
    const Outs outs = find_outs(cards, wild, rules);
    declaring += outs.declare.empty() ? 0 : 1;
    improving += outs.improve.empty() ? 0 : 1;
  }
  CHECK(declaring > test::hands_to_try(4000) / 20);
  CHECK(improving > test::hands_to_try(4000) / 20);
}

TEST_CASE("outs: a natural draw searched only until it meets its floor answers as the reference") {
  // A natural draw's search stops at the first grouping that counts its floor (the joker's
  // count for a card that can make no pure run, or the hole search's; DrawFilter::floor): the
  // draws that tie a joker's count, met in most hands dealt as the benchmark deals them (two
  // packs and their jokers, a wild rank), in hands with a few jokers more, and near declaring;
  // under each reading of a lone pure sequence (pure_exempt asks the lone pure run's count of a
  // card that can make one), ace high or not.
  std::mt19937 random(27);
  int ties = 0;
  for (int round = 0; round < test::hands_to_try(3000); ++round) {
    Rules rules = indian_rules_for_round(round);
    rules.melds.ace_high = round % 5 != 0;
    const WildRank wild = static_cast<Rank>(1 + random() % 13);
    const std::vector<Card> cards =
        round % 3 == 0   ? hand_from_packs(random, rules, wild, false)
        : round % 3 == 1 ? random_hand(random, 13, wild, static_cast<int>(random() % 4))
                         : near_hand(random, 13, wild);
    check_outs_as_reference(cards, wild, rules);
    const Outs outs = find_outs(cards, wild, rules);
    const auto natural = [&](const Out& out) { return !is_joker(out.card, wild); };
    ties += outs.declare.empty() &&
                    std::count_if(outs.improve.begin(), outs.improve.end(), natural) >= 2
                ? 1
                : 0;
  }
  // Many hands have several natural draws that tie for the lowest count.
  CHECK(ties > test::hands_to_try(3000) / 10);
}

TEST_CASE("outs: a wild card's grouping holding it as a joker answers for the printed joker") {
  // A wild card that can make a pure run, drawn before the printed joker, has a search of its
  // own; when its answer holds it only as a joker, the printed joker's draw (and the other
  // jokers that stand for any) take that answer without a search (find_outs: pooled). Hands
  // dealt as the benchmark deals them and hands whose wild rank lies beside a card of theirs,
  // under each reading of a lone pure sequence, ace high or not.
  std::mt19937 random(31);
  int alike = 0;
  for (int round = 0; round < test::hands_to_try(3000); ++round) {
    Rules rules = indian_rules_for_round(round);
    rules.melds.ace_high = round % 5 != 0;
    std::vector<Card> cards;
    WildRank wild;
    if (round % 2 == 0) {
      wild = static_cast<Rank>(1 + random() % 13);
      cards = hand_from_packs(random, rules, wild, false);
    } else {
      cards = near_hand(random, 13, std::nullopt);
      const Card beside = cards[random() % cards.size()];
      const int rank =
          beside.is_printed_joker()
              ? 1 + static_cast<int>(random() % 13)
              : std::clamp(static_cast<int>(beside.rank()) + static_cast<int>(random() % 3) - 1, 1,
                           13);
      wild = static_cast<Rank>(rank);
    }
    check_outs_as_reference(cards, wild, rules);
    const Outs outs = find_outs(cards, wild, rules);
    const auto printed = std::find_if(outs.improve.begin(), outs.improve.end(),
                                      [](const Out& out) { return out.card.is_printed_joker(); });
    alike += printed != outs.improve.end() && std::any_of(outs.improve.begin(), outs.improve.end(),
                                                          [&](const Out& out) {
                                                            return is_wild_card(out.card, wild) &&
                                                                   out.points == printed->points &&
                                                                   out.discard == printed->discard;
                                                          })
                 ? 1
                 : 0;
  }
  // Wild cards and the printed joker often answer alike.
  CHECK(alike > test::hands_to_try(3000) / 10);
}

TEST_CASE("a wild card that can make no pure run leaves a declaration's discard as it was") {
  // Q♥, Q♦ and Q♣ can stand as themselves in no pure run, so the search counts them with the
  // printed jokers and has no node for them (Search::pool_wild_cards_alone). A search that has
  // declared still keeps the last declaration a leaf reaches without a cut; their nodes were
  // cuts on the way, and without them a later declaration, giving up 3♥, would be kept. The
  // answer stays the one the search gave with the nodes: a joker goes (Q♠, as the groups
  // choose).
  const Rules rules = Rules::for_variant(Variant::indian);
  const Hand drawn = hand_of("PJ PJ Q♥ Q♥ Q♦ Q♦ Q♣ Q♣ Q♠ Q♠ A♠ 3♥ J♠ 10♠", "Q");
  const Arrangement best = arrange(flat(drawn), drawn.wild, rules);
  CHECK(best.valid());
  REQUIRE(best.discard);
  CHECK(to_string(*best.discard) == "Q♠");

  // And so the outs of the hand without 10♠: 10♠ and K♠ declare, each giving up Q♠.
  const Hand hand = hand_of("PJ PJ Q♥ Q♥ Q♦ Q♦ Q♣ Q♣ Q♠ Q♠ A♠ 3♥ J♠", "Q");
  const Outs outs = find_outs(flat(hand), hand.wild, rules);
  REQUIRE(outs.declare.size() == 2);
  CHECK(to_string(outs.declare[0].card) == "10♠");
  CHECK(to_string(outs.declare[1].card) == "K♠");
  for (const Out& out : outs.declare) {
    CAPTURE(to_string(out.card));
    REQUIRE(out.discard);
    CHECK(to_string(*out.discard) == "Q♠");
  }
}

TEST_CASE("outs: find_outs answers as find_outs_reference without ace-high runs") {
  // An out's points are its search's count, not its groups' (points_without_groups): on hands
  // holding Q-K-A of a suit, which is no sequence with the ace low only, the count must still be
  // what the groups pay. Under each reading of a lone pure sequence, with a wild rank or none.
  std::mt19937 random(28);
  for (int round = 0; round < test::hands_to_try(1500); ++round) {
    Rules rules = indian_rules_for_round(round);
    rules.melds.ace_high = false;
    const WildRank wild = round % 6 == 0 ? WildRank{} : static_cast<Rank>(1 + random() % 13);
    check_outs_as_reference(hand_with_queen_king_ace(random, 13, wild, round % 2 == 1), wild,
                            rules);
  }
}

TEST_CASE("outs: find_outs answers as find_outs_reference in Basic, Knock, Crazy and Gin") {
  std::mt19937 random(25);
  for (const Variant variant : {Variant::basic, Variant::knock, Variant::crazy, Variant::gin}) {
    // (Crazy Rummy arranges every draw by subsets: fewer of its hands.)
    const int rounds = variant == Variant::crazy ? 1000 : 3000;
    for (int round = 0; round < rounds; ++round) {
      Rules rules = Rules::for_variant(variant);
      rules.deck.decks = round % 2 == 0 ? 1 : 2;
      const WildRank wild = rules.deck.fixed_wild;
      check_outs_as_reference(hand_from_packs(random, rules, wild, round % 5 == 0), wild, rules);
    }
  }
}

TEST_CASE("the search equals the exhaustive reference with runs and sets of two") {
  // A library's own game (check_rules takes it): groups of two cards. The search's isolation of
  // cards that fit no group must look at windows of two places then, not three.
  std::mt19937 random(4);
  for (int round = 0; round < 600; ++round) {
    const WildRank wild = round % 5 == 0 ? WildRank{} : static_cast<Rank>(1 + random() % 13);
    Rules rules = indian_rules_for_round(round);
    rules.melds.min_group = 2;
    rules.melds.min_run = 2;
    const std::size_t size = round % 4 == 3 ? 14 : 13;
    const std::vector<Card> cards =
        round % 2 == 0 ? random_hand(random, size, wild, static_cast<int>(random() % 4))
                       : near_hand(random, size, wild);
    REQUIRE(!check_rules(rules));
    compare_with_reference(cards, wild, rules);
  }
}

TEST_CASE("outs: find_outs answers as find_outs_reference with runs and sets of two") {
  // (The reference arranges every draw; the search itself is checked above.)
  std::mt19937 random(5);
  for (int round = 0; round < 1500; ++round) {
    Rules rules = indian_rules_for_round(round);
    rules.melds.min_group = 2;
    rules.melds.min_run = 2;
    rules.deck.decks = round % 4 == 3 ? 1 : 2;
    const WildRank wild = round % 6 == 0 ? WildRank{} : static_cast<Rank>(1 + random() % 13);
    const std::vector<Card> cards = round % 2 == 1 && rules.deck.decks == 2
                                        ? near_hand(random, 13, wild)
                                        : hand_from_packs(random, rules, wild, round % 8 == 2);
    check_outs_as_reference(cards, wild, rules);
  }
}

TEST_CASE("the search equals the exhaustive reference under random meld rules check_rules takes") {
  // Indian rummy's declaration with the meld rules and card points a library may set: groups
  // of 2 to 4 cards at least, the ace's places, a fifth card, other points, one pack or two.
  // Rules that check_rules refuses are drawn too (runs or sets capped, in a game with jokers),
  // and skipped: every rule it takes must be answered as the reference answers.
  std::mt19937 random(8);
  int tried = 0;
  for (int round = 0; round < 4000; ++round) {
    Rules rules = indian_rules_for_round(round);
    MeldRules& melds = rules.melds;
    melds.min_group = 2 + static_cast<int>(random() % 3);
    melds.min_run = melds.min_group + (random() % 8 == 0 ? 1 : 0);
    melds.max_sequence = random() % 8 == 0 ? melds.min_run + 1 : 13;
    melds.max_set = random() % 8 == 0 ? melds.min_group : 4;
    melds.fifth_card_joker = random() % 5 == 0;
    melds.ace_high = random() % 2 == 0;
    melds.ace_low = !melds.ace_high || random() % 2 == 0;
    if (random() % 3 == 0) {
      for (int& points : rules.count.card_points) points = static_cast<int>(random() % 21);
    }
    rules.deck.decks = random() % 4 == 0 ? 1 : 2;
    if (check_rules(rules)) continue;
    ++tried;
    const WildRank wild = round % 5 == 0 ? WildRank{} : static_cast<Rank>(1 + random() % 13);
    const std::size_t size = round % 4 == 3 ? 14 : 13;
    const std::vector<Card> cards =
        round % 2 == 0 ? random_hand(random, size, wild, static_cast<int>(random() % 4))
                       : near_hand(random, size, wild);
    CAPTURE(melds.min_group);
    CAPTURE(melds.fifth_card_joker);
    CAPTURE(melds.ace_high);
    CAPTURE(melds.ace_low);
    CAPTURE(rules.deck.decks);
    compare_with_reference(cards, wild, rules);
  }
  CHECK(tried > 2000);
}
