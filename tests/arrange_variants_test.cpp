// The arrangement of Basic, Knock and Crazy Rummy hands: the least deadwood, checked against a
// plain recursive reference and, for the games without wild cards, against the other search.
#include <doctest/doctest.h>

#include <algorithm>
#include <climits>
#include <random>
#include <stdexcept>

#include "arrange.hpp"
#include "arrange_subsets.hpp"
#include "helpers.hpp"

using namespace rummy;
using namespace rummy::test;

namespace {

// Every way to split the cards: the first card left is deadwood, or it is in a meld with some of
// the cards after it. Exponential, for small hands; with a contract, only splits that meet it.
struct Splitter {
  const std::vector<Card>& cards;
  WildRank wild;
  const Rules& rules;
  int best = INT_MAX;

  void split(std::vector<bool>& used, int deadwood, int books, int runs) {
    std::size_t first = 0;
    while (first < cards.size() && used[first]) ++first;
    if (first == cards.size()) {
      const bool meets = !rules.deal.contract ||
                         (books >= rules.deal.contract->books && runs >= rules.deal.contract->runs);
      if (meets) best = std::min(best, deadwood);
      return;
    }
    used[first] = true;
    split(used, deadwood + card_points(cards[first], wild, rules), books, runs);
    std::vector<std::size_t> free;
    for (std::size_t i = first + 1; i < cards.size(); ++i) {
      if (!used[i]) free.push_back(i);
    }
    for (std::uint32_t subset = 1; subset < (std::uint32_t{1} << free.size()); ++subset) {
      std::vector<Card> group{cards[first]};
      for (std::size_t k = 0; k < free.size(); ++k) {
        if (subset & (std::uint32_t{1} << k)) group.push_back(cards[free[k]]);
      }
      const GroupKind kind = classify_group(group, wild, rules).kind;
      if (!is_valid_group(kind)) continue;
      for (std::size_t k = 0; k < free.size(); ++k) {
        if (subset & (std::uint32_t{1} << k)) used[free[k]] = true;
      }
      split(used, deadwood, books + (is_sequence(kind) ? 0 : 1),
            runs + (is_sequence(kind) ? 1 : 0));
      for (std::size_t k = 0; k < free.size(); ++k) {
        if (subset & (std::uint32_t{1} << k)) used[free[k]] = false;
      }
    }
    used[first] = false;
  }
};

int least_deadwood(const std::vector<Card>& cards, WildRank wild, const Rules& rules) {
  Splitter splitter{cards, wild, rules};
  std::vector<bool> used(cards.size(), false);
  splitter.split(used, 0, 0, 0);
  return splitter.best;
}

// The arrangement keeps every card, its melds are valid, and its points are the cards of the
// rest.
void check_arrangement(const std::vector<Card>& cards, const Arrangement& best,
                       const Rules& rules) {
  std::vector<Card> mine = best.hand.cards(), theirs = cards;
  std::sort(mine.begin(), mine.end());
  std::sort(theirs.begin(), theirs.end());
  CHECK(mine == theirs);
  int rest = 0;
  for (std::size_t g = 0; g < best.hand.groups.size(); ++g) {
    if (is_valid_group(best.check.groups[g].kind)) continue;
    CHECK(g + 1 == best.hand.groups.size());  // the cards left over come last, in one group
    for (const Card card : best.hand.groups[g]) rest += card_points(card, best.hand.wild, rules);
  }
  CHECK(best.score.points == rest);
}

std::vector<Card> crazy_deck() {
  std::vector<Card> deck;
  for (int copy = 0; copy < 2; ++copy) {
    for (int index = 0; index < 52; ++index) deck.push_back(Card::from_index(index));
    deck.push_back(Card::printed_joker());
    deck.push_back(Card::printed_joker());
  }
  return deck;
}

}  // namespace

TEST_CASE("Basic and Knock Rummy: the search by subsets agrees with the arrangement search") {
  std::mt19937 random(11);
  std::vector<Card> deck;
  for (int index = 0; index < 52; ++index) deck.push_back(Card::from_index(index));
  Rules ace_either = Rules::for_variant(Variant::basic);
  REQUIRE_FALSE(apply_house_rule(ace_either, "ace-high-or-low=on"));
  const std::array<Rules, 3> games = {Rules::for_variant(Variant::basic), ace_either,
                                      Rules::for_variant(Variant::knock)};
  for (int round = 0; round < 600; ++round) {
    const Rules& rules = games[static_cast<std::size_t>(round % 3)];
    std::shuffle(deck.begin(), deck.end(), random);
    std::vector<Card> cards;
    // Half the hands from two suits, to meet long runs and their aces.
    for (const Card card : deck) {
      if (cards.size() == 10) break;
      if (round % 2 == 0 || card.suit() <= Suit::hearts) cards.push_back(card);
    }
    CAPTURE(format_group(cards, std::nullopt, rules));
    CAPTURE(rules.id);
    const Arrangement searched = arrange(cards, std::nullopt, rules);
    const Arrangement by_subsets = arrange_by_subsets(cards, std::nullopt, rules);
    CHECK(searched.score.points == by_subsets.score.points);
    check_arrangement(cards, by_subsets, rules);
  }
}

TEST_CASE("Crazy Rummy: the arrangement has the least deadwood of every split into melds") {
  std::mt19937 random(12);
  std::vector<Card> deck = crazy_deck();
  for (int round = 0; round < 400; ++round) {
    Rules rules = Rules::for_variant(Variant::crazy);
    // Small hands (the reference is exponential), some with a contract to meet.
    const std::size_t size = 7 + static_cast<std::size_t>(round % 3);
    if (round % 4 == 1)
      rules.deal.contract = Rules::for_variant(Variant::crazy).round(static_cast<int>(size) - 6);
    std::shuffle(deck.begin(), deck.end(), random);
    std::vector<Card> cards;
    for (const Card card : deck) {
      if (cards.size() == size) break;
      // Often few ranks or one suit, where books, runs and their wild cards compete.
      const bool wanted =
          round % 3 == 0 ? true
          : round % 3 == 1
              ? card.is_printed_joker() || card.rank() <= Rank::five
              : card.is_printed_joker() || card.suit() == Suit::hearts || card.rank() == Rank::two;
      if (wanted) cards.push_back(card);
    }
    const WildRank wild = Rank::two;
    CAPTURE(format_group(cards, wild, rules));
    CAPTURE(rules.deal.contract.has_value());
    const Arrangement best = arrange(cards, wild, rules);
    check_arrangement(cards, best, rules);
    const int reference = least_deadwood(cards, wild, rules);
    if (reference != INT_MAX) {
      CHECK(best.score.points == reference);
      CHECK(best.check.sets >= (rules.deal.contract ? rules.deal.contract->books : 0));
      CHECK(best.check.sequences >= (rules.deal.contract ? rules.deal.contract->runs : 0));
    } else {
      // No split meets the contract: the least deadwood of all, and the contract unmet.
      Rules without = rules;
      without.deal.contract.reset();
      CHECK(best.score.points == least_deadwood(cards, wild, without));
      CHECK(std::any_of(best.check.problems.begin(), best.check.problems.end(),
                        [](const Problem& p) { return p.kind == ProblemKind::contract_unmet; }));
    }
  }
}

TEST_CASE("Crazy Rummy: the rulebook's run with two wild cards, and the limits on wild cards") {
  const Rules rules = Rules::for_variant(Variant::crazy);
  // 5♥-JK-2♣-8♥ is 5-6-7-8♥: nothing is left over.
  const Hand run = hand_of("5♥ JK 2♣ 8♥", "", rules);
  const Arrangement best = arrange(run.cards(), run.wild, rules);
  CHECK(best.score.points == 0);
  REQUIRE(best.hand.groups.size() == 1);
  CHECK(best.check.groups[0].kind == GroupKind::impure_sequence);
  // A third wild card does not fit that run (20 left over); better, 2♣-2♦-JK is a book of 2s
  // and only 5♥ and 8♥ are left (5 + 5).
  const Hand three = hand_of("5♥ JK 2♣ 2♦ 8♥", "", rules);
  CHECK(arrange(three.cards(), three.wild, rules).score.points == 10);
  // 2♥ in its own place is natural: A♥-2♥-3♥-4♥ leaves nothing, and with JK-JK the run grows.
  const Hand natural = hand_of("A♥ 2♥ 3♥ 4♥ JK JK", "", rules);
  CHECK(arrange(natural.cards(), natural.wild, rules).score.points == 0);
  // A book holds one wild card: 4♣-4♦-JK-JK leaves a joker (20).
  const Hand book = hand_of("4♣ 4♦ JK JK", "", rules);
  CHECK(arrange(book.cards(), book.wild, rules).score.points == 20);
}

TEST_CASE("Crazy Rummy: with a round's contract the melds that go down meet it") {
  Rules rules = Rules::for_variant(Variant::crazy);
  // Four 5s, 6♥-7♥-8♥-9♥ and K♣: a book and a run, K♣ left over (10).
  const Hand hand = hand_of("5♣ 5♦ 5♠ 5♥ 6♥ 7♥ 8♥ 9♥ K♣", "", rules);
  CHECK(arrange(hand.cards(), hand.wild, rules).score.points == 10);
  rules.deal.contract = Rules::for_variant(Variant::crazy).round(2);  // one book and one run
  const Arrangement round2 = arrange(hand.cards(), hand.wild, rules);
  CHECK(round2.score.points == 10);
  CHECK(round2.check.sets == 1);
  CHECK(round2.check.sequences == 1);
  // Round 1 wants two books: 5♣-5♦-5♠ and … there is no second book, so the best is shown with
  // the contract unmet.
  rules.deal.contract = Rules::for_variant(Variant::crazy).round(1);
  const Arrangement round1 = arrange(hand.cards(), hand.wild, rules);
  CHECK(round1.score.points == 10);
  CHECK(std::any_of(round1.check.problems.begin(), round1.check.problems.end(),
                    [](const Problem& p) { return p.kind == ProblemKind::contract_unmet; }));
  // With K♣ K♦ JK instead of 9♥ and K♣ there are two books (5♣-5♦-5♠, K♣-K♦-JK) and the run
  // 5♥-6♥-7♥-8♥: round 1's contract, nothing left.
  const Hand two_books = hand_of("5♣ 5♦ 5♠ 5♥ 6♥ 7♥ 8♥ K♣ K♦ JK", "", rules);
  const Arrangement books = arrange(two_books.cards(), two_books.wild, rules);
  CHECK(books.check.sets == 2);
  CHECK(books.score.points == 0);
  CHECK(books.valid());
}

TEST_CASE("the search by subsets refuses more cards than it can take") {
  const Rules rules = Rules::for_variant(Variant::crazy);
  std::vector<Card> cards(subset_search_limit + 1, Card::printed_joker());
  CHECK_THROWS_AS(arrange_by_subsets(cards, Rank::two, rules), std::length_error);
}

TEST_CASE("Basic and Knock Rummy: the bit-mask search finds the general search's very grouping") {
  // Hands of one pack without jokers take the bit-mask search (src/core/arrange_one_pack.cpp); the
  // general search (src/core/arrange.cpp) must give the same groups, in the same order, on each.
  std::mt19937 random(12);
  std::vector<Card> deck;
  for (int index = 0; index < 52; ++index) deck.push_back(Card::from_index(index));
  Rules ace_either = Rules::for_variant(Variant::basic);
  REQUIRE_FALSE(apply_house_rule(ace_either, "ace-high-or-low=on"));
  const std::array<Rules, 3> games = {Rules::for_variant(Variant::basic), ace_either,
                                      Rules::for_variant(Variant::knock)};
  int declaring = 0;
  for (int round = 0; round < test::hands_to_try(20000); ++round) {
    const Rules& rules = games[static_cast<std::size_t>(round % 3)];
    std::shuffle(deck.begin(), deck.end(), random);
    // 7 to 16 cards; a third of the hands from one or two suits, where runs are long and overlap.
    const std::size_t size = 7 + static_cast<std::size_t>(round % 10);
    const int shape = round % 3;
    std::vector<Card> cards;
    for (const Card card : deck) {
      if (cards.size() == size) break;
      if (shape == 0 || card.suit() <= (shape == 1 ? Suit::spades : Suit::hearts)) {
        cards.push_back(card);
      }
    }
    CAPTURE(format_group(cards, std::nullopt, rules));
    CAPTURE(rules.id);
    const Arrangement fast = arrange(cards, std::nullopt, rules);
    const Arrangement general = arrange_least_deadwood_by_search(cards, std::nullopt, rules);
    CHECK(fast.hand.groups == general.hand.groups);
    CHECK(fast.score.points == general.score.points);
    CHECK(rummy::least_deadwood(cards, std::nullopt, rules) == general.score.points);
    CHECK(fast.valid() == general.valid());
    declaring += fast.valid() ? 1 : 0;
  }
  CHECK(declaring > test::hands_to_try(20000) / 200);  // some hands go out
}

TEST_CASE("the least deadwood from one pack by tables is the general search's") {
  // least_deadwood() of a hand of one pack without jokers reads each suit's least deadwood by
  // runs from a table made for the rules' points and run lengths, after choosing the sets
  // (src/core/arrange_one_pack.cpp): under every rule it reads, the general search's count.
  std::mt19937 random(13);
  std::vector<Card> deck;
  for (int index = 0; index < 52; ++index) deck.push_back(Card::from_index(index));
  std::vector<Rules> games = {Rules::for_variant(Variant::basic),
                              Rules::for_variant(Variant::knock), Rules::for_variant(Variant::gin)};
  REQUIRE_FALSE(apply_house_rule(games[0], "ace-high-or-low=on"));
  Rules odd = Rules::for_variant(Variant::knock);  // runs of 4 or 5, sets of 3, dearer cards
  odd.melds.min_run = 4;
  odd.melds.max_sequence = 5;
  odd.melds.max_set = 3;
  odd.melds.ace_high = true;
  odd.count.card_points = {15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 40};
  games.push_back(odd);
  // (Groups of two do not take the one-pack path: arrange_test.cpp checks them against the
  // exhaustive reference.)
  Rules dear = Rules::for_variant(Variant::knock);  // points past the tables' 16 bits: the search
  dear.count.card_points = {40000, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 30000};
  games.push_back(dear);
  for (int round = 0; round < test::hands_to_try(6000); ++round) {
    const Rules& rules = games[static_cast<std::size_t>(round) % games.size()];
    std::shuffle(deck.begin(), deck.end(), random);
    // 1 to 16 cards; every fourth hand from two suits, where runs are long and overlap.
    const std::size_t size = 1 + static_cast<std::size_t>(round % 16);
    std::vector<Card> cards;
    for (const Card card : deck) {
      if (cards.size() == size) break;
      if (round % 4 != 0 || card.suit() <= Suit::hearts) cards.push_back(card);
    }
    CAPTURE(format_group(cards, std::nullopt, rules));
    CAPTURE(round);
    CHECK(rummy::least_deadwood(cards, std::nullopt, rules) ==
          arrange_least_deadwood_by_search(cards, std::nullopt, rules).score.points);
  }
}

TEST_CASE("rules the arrangement search cannot answer are refused, not answered wrong") {
  // Basic Rummy from two packs with books that may repeat a suit: the search for the least
  // deadwood assumed a set's suits differ and found 31 (no meld) where 7♠-7♠-7♥ is a book.
  Rules rules = Rules::for_variant(Variant::basic);
  rules.deck.decks = 2;
  rules.melds.set_suits_differ = false;
  const std::vector<Card> cards = hand_of("7♠ 7♠ 7♥ K♣").cards();
  CHECK(arrange_by_subsets(cards, std::nullopt, rules).score.points == 10);
  const std::string why =
      "melds.set_suits_differ is off, but the search for the least deadwood assumes a set's suits "
      "all "
      "differ (the search by subsets, count.arrange_by subsets, allows repeats)";
  CHECK(check_rules(rules) == why);
  CHECK_THROWS_WITH_AS(arrange(cards, std::nullopt, rules), why.c_str(), RulesError);
  CHECK_THROWS_WITH_AS(rummy::least_deadwood(cards, std::nullopt, rules), why.c_str(), RulesError);
  CHECK_THROWS_WITH_AS(find_outs(cards, std::nullopt, rules), why.c_str(), RulesError);
  CHECK(arrange_refusal(cards.size(), rules, "arrange") ==
        "arrange cannot answer for these rules: " + why);
  // The same game asked to search by subsets answers, and rightly.
  rules.count.arrange_by = ArrangeBy::subsets;
  CHECK(arrange(cards, std::nullopt, rules).score.points == 10);
}

namespace {

// The games whose hands the search by subsets arranges, and rules near them that stress its
// parts: Crazy Rummy bare and with each round's contract, its wild rank moved (the ace, a court
// card) or gone, its limits on wild cards lifted with books of distinct suits and a fifth card,
// runs with the ace low only, and Basic and Knock Rummy asked to search by subsets.
std::vector<std::pair<Rules, WildRank>> subset_games() {
  std::vector<std::pair<Rules, WildRank>> games;
  const Rules crazy = Rules::for_variant(Variant::crazy);
  games.emplace_back(crazy, Rank::two);
  for (int round = 1; round <= 7; ++round) {
    Rules rules = crazy;
    rules.deal.contract = crazy.round(round);
    games.emplace_back(rules, Rank::two);
  }
  games.emplace_back(crazy, Rank::ace);
  games.emplace_back(crazy, Rank::king);
  games.emplace_back(crazy, std::nullopt);
  Rules loose = crazy;
  loose.melds.min_run = 3;
  loose.melds.max_wilds_in_run = 13;
  loose.melds.max_wilds_in_set = 13;
  loose.melds.set_suits_differ = true;
  loose.melds.max_set = 4;
  loose.melds.fifth_card_joker = true;
  games.emplace_back(loose, Rank::seven);
  Rules low = crazy;
  low.melds.ace_high = false;
  low.melds.max_wilds_in_run = 1;
  low.melds.max_wilds_in_set = 2;
  low.melds.max_sequence = 6;
  games.emplace_back(low, Rank::ace);
  for (const Variant variant : {Variant::basic, Variant::knock}) {
    Rules rules = Rules::for_variant(variant);
    rules.count.arrange_by = ArrangeBy::subsets;
    games.emplace_back(rules, std::nullopt);
  }
  Rules fours = Rules::for_variant(Variant::basic);  // melds of four cards at least
  fours.melds.min_group = 4;
  fours.melds.min_run = 4;
  fours.count.arrange_by = ArrangeBy::subsets;
  games.emplace_back(fours, std::nullopt);
  return games;
}

// A hand of `size` cards from two packs and four jokers (one pack, no jokers, where the game has
// no wild cards): at random, of few ranks, or of one suit with the wild cards, by `shape`.
std::vector<Card> subset_hand(std::mt19937& random, std::size_t size, int shape, const Rules& rules,
                              WildRank wild) {
  std::vector<Card> deck = rules.has_jokers() ? crazy_deck() : std::vector<Card>{};
  if (!rules.has_jokers()) {
    for (int index = 0; index < 52; ++index) deck.push_back(Card::from_index(index));
  }
  std::shuffle(deck.begin(), deck.end(), random);
  std::vector<Card> cards;
  for (const Card card : deck) {
    if (cards.size() == size) break;
    const bool wanted = shape == 0   ? true
                        : shape == 1 ? is_joker(card, wild) || card.rank() <= Rank::five
                                     : is_joker(card, wild) || card.suit() <= Suit::hearts;
    if (wanted) cards.push_back(card);
  }
  return cards;
}

// FNV-1a over an arrangement's groups (each card's index, a mark between groups), its points
// and its books and runs.
std::uint64_t mix(std::uint64_t hash, std::uint64_t value) {
  return (hash ^ value) * 0x100000001b3ULL;
}
std::uint64_t arrangement_hash(std::uint64_t hash, const Arrangement& arrangement) {
  for (const Group& group : arrangement.hand.groups) {
    for (const Card card : group) hash = mix(hash, static_cast<std::uint64_t>(card.index()));
    hash = mix(hash, 0xFF);
  }
  hash = mix(hash, static_cast<std::uint64_t>(arrangement.score.points));
  hash = mix(hash, static_cast<std::uint64_t>(arrangement.check.sets));
  return mix(hash, static_cast<std::uint64_t>(arrangement.check.sequences));
}

}  // namespace

TEST_CASE("the search by subsets gives the groups it gave before it was made fast") {
  // The groups (in their order, each card in its place), the points and the melds counted of
  // 9,000 hands of 7 to 16 cards under every set of rules of subset_games(), hashed: the figure
  // is the search's of commit 68faeed, before the melds were enumerated by suit and rank and the
  // DP was changed. Ties between groupings of equal deadwood must still go the same way.
  std::mt19937 random(26);
  const auto games = subset_games();
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  int by_rank = 0;
  for (int round = 0; round < 9000; ++round) {
    const auto& [rules, wild] = games[static_cast<std::size_t>(round) % games.size()];
    const std::size_t size = 7 + static_cast<std::size_t>(round / 7 % 10);
    const std::vector<Card> cards = subset_hand(random, size, round % 3, rules, wild);
    hash = arrangement_hash(hash, arrange_by_subsets(cards, wild, rules));
    by_rank += detail::subsets_by_rank(cards, wild) ? 1 : 0;
  }
  CHECK(hash == 11765200587555130274ULL);
  // The DP's two orders (the hand's, and by rank with the jokers last) both met often.
  CHECK(by_rank > 500);
  CHECK(by_rank < 8500);
}

TEST_CASE("the melds found by suit and rank are the classifier's, in the same order") {
  // subset_melds counts what the classifier decides (a run's span and the wild cards that stand
  // as themselves, a book's size, the jokers standing in); the reference asks the classifier of
  // every subset whose natural cards share a suit or a rank. The same masks, the same kinds
  // (run or book), in the same order, on 20,000 hands of 1 to 16 cards under every set of rules
  // of subset_games().
  std::mt19937 random(27);
  const auto games = subset_games();
  std::size_t melds = 0;
  for (int round = 0; round < test::hands_to_try(20000); ++round) {
    const auto& [rules, wild] = games[static_cast<std::size_t>(round) % games.size()];
    const std::size_t size = 1 + static_cast<std::size_t>(round / 5 % 16);
    const std::vector<Card> cards = subset_hand(random, size, round % 3, rules, wild);
    CAPTURE(format_group(cards, wild, rules));
    CAPTURE(round);
    const std::vector<detail::SubsetMeld> found = detail::subset_melds(cards, wild, rules);
    CHECK(found == detail::subset_melds_by_classifier(cards, wild, rules));
    melds += found.size();
  }
  CHECK(melds > 100000);  // the hands hold melds to compare
}

TEST_CASE("the search by subsets under a library's odd rules: melds of one card, cards below 0") {
  // A library may set a meld of one card (min_group 1) and cards that count below 0: the melds are
  // still the classifier's, and the search answers (the DP's shortcuts for 0 deadwood hold only
  // where no card counts below 0; with them it once found no option and failed).
  std::mt19937 random(31);
  Rules single = Rules::for_variant(Variant::basic);
  single.count.arrange_by = ArrangeBy::subsets;
  single.melds.min_group = 1;
  single.melds.min_run = 1;
  Rules negative = Rules::for_variant(Variant::crazy);
  for (std::size_t r = 0; r < negative.count.card_points.size(); ++r) {
    negative.count.card_points[r] = static_cast<int>(r % 5) - 4;
  }
  negative.count.joker_points = -2;
  const std::vector<std::pair<Rules, WildRank>> games = {{single, std::nullopt},
                                                         {negative, Rank::two}};
  for (int round = 0; round < test::hands_to_try(1200); ++round) {
    const auto& [rules, wild] = games[static_cast<std::size_t>(round) % games.size()];
    const std::size_t size = 1 + static_cast<std::size_t>(round / 2 % 9);
    const std::vector<Card> cards = subset_hand(random, size, round % 3, rules, wild);
    CAPTURE(format_group(cards, wild, rules));
    CHECK(detail::subset_melds(cards, wild, rules) ==
          detail::subset_melds_by_classifier(cards, wild, rules));
    const Arrangement best = arrange(cards, wild, rules);
    check_arrangement(cards, best, rules);
    // (With melds of one card, every card is one, and nothing is left over. With cards below 0
    // the arrangement is checked to hold its cards and count its rest.)
    if (round % 2 == 0) CHECK(best.score.points == 0);
  }
}
