// Cards away (src/core/cards_away.cpp): worked cases, and the search against an exhaustive
// reference that replaces every one, two (and, in small hands, three) cards of a hand by every
// card the decks still hold.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "arrange.hpp"
#include "cards_away.hpp"
#include "helpers.hpp"

namespace rummy {
namespace {

std::optional<int> away(std::string_view text, std::string_view wild = "",
                        const Rules& rules = Rules::for_variant(Variant::indian)) {
  const Hand hand = test::hand_of(text, wild, rules);
  return cards_away(hand.cards(), hand.wild, rules);
}

// Every card of the game, as often as its decks hold it.
std::vector<Card> whole_deck(const Rules& rules) {
  std::vector<Card> deck;
  for (int index = 0; index < Card::index_count; ++index) {
    const Card card = Card::from_index(index);
    for (int copy = 0; copy < rules.copies_allowed(card); ++copy) deck.push_back(card);
  }
  return deck;
}

// A hand of `size` cards: some runs and books dealt on purpose, then random cards.
std::vector<Card> dealt_hand(std::mt19937& random, const Rules& rules, std::size_t size) {
  std::vector<Card> deck = whole_deck(rules);
  std::shuffle(deck.begin(), deck.end(), random);
  std::vector<Card> hand;
  const auto take = [&](Card card) {
    const auto it = std::find(deck.begin(), deck.end(), card);
    if (it == deck.end() || hand.size() == size) return;
    hand.push_back(card);
    deck.erase(it);
  };
  const int planned = static_cast<int>(random() % (size / 3 + 2));
  for (int meld = 0; meld < planned; ++meld) {
    if (random() % 2 == 0) {
      const auto suit = static_cast<Suit>(random() % 4);
      const int start = 1 + static_cast<int>(random() % 11);
      for (int rank = start; rank < start + 3 && rank <= 13; ++rank) {
        if (random() % 5 != 0) take(Card(static_cast<Rank>(rank), suit));
      }
    } else {
      const auto rank = static_cast<Rank>(1 + random() % 13);
      for (int suit = 0; suit < 4; ++suit) {
        if (random() % 3 != 0) take(Card(rank, static_cast<Suit>(suit)));
      }
    }
  }
  while (hand.size() < size) take(deck.front());
  return hand;
}

bool goes_out(const std::vector<Card>& cards, WildRank wild, const Rules& rules) {
  return arrange(cards, wild, rules, Detail::kind_only).valid();
}

// Whether some `removed` of the hand's cards, replaced by some `incoming` cards the decks still
// hold (every multiset of them, beyond the copies the hand holds), go out.
bool any_replacement_goes_out(const std::vector<Card>& hand, WildRank wild, const Rules& rules,
                              int removed, int incoming) {
  std::array<int, Card::index_count> held{};
  for (const Card card : hand) ++held[static_cast<std::size_t>(card.index())];
  std::vector<Card> free;  // each card the decks still hold, once
  for (int index = 0; index < Card::index_count; ++index) {
    const Card card = Card::from_index(index);
    if (rules.copies_allowed(card) > held[static_cast<std::size_t>(index)]) free.push_back(card);
  }
  const int n = static_cast<int>(hand.size());
  // The positions replaced: every subset of `removed`, by a bit mask.
  for (unsigned mask = 0; mask < (1U << n); ++mask) {
    if (std::popcount(mask) != removed) continue;
    std::vector<Card> kept;
    for (int i = 0; i < n; ++i) {
      if ((mask & (1U << i)) == 0) kept.push_back(hand[static_cast<std::size_t>(i)]);
    }
    // The cards that come in: every multiset of `incoming`, within what the decks hold.
    std::vector<std::size_t> pick(static_cast<std::size_t>(incoming), 0);
    const auto fits = [&] {
      std::array<int, Card::index_count> count = held;
      for (const std::size_t p : pick) {
        const Card card = free[p];
        if (++count[static_cast<std::size_t>(card.index())] > rules.copies_allowed(card)) {
          return false;
        }
      }
      return true;
    };
    while (true) {
      if (fits()) {
        std::vector<Card> cards = kept;
        for (const std::size_t p : pick) cards.push_back(free[p]);
        if (goes_out(cards, wild, rules)) return true;
      }
      int i = incoming - 1;
      while (i >= 0 && pick[static_cast<std::size_t>(i)] + 1 == free.size()) --i;
      if (i < 0) break;
      ++pick[static_cast<std::size_t>(i)];
      for (int j = i + 1; j < incoming; ++j) {
        pick[static_cast<std::size_t>(j)] = pick[static_cast<std::size_t>(i)];
      }
    }
  }
  return false;
}

// The fewest replacements, trying every way to replace up to `most` cards; most + 1 when none.
//
// Where the game judges a hand one card over its size after its discard (Indian rummy's drawn
// hand), the last card replaced need not be chosen: a hand of the game's size goes out with r
// cards replaced exactly when, with r - 1 replaced and r cards come in, it goes out after its
// best discard. (A discard of a card of the hand is that card replaced; a discard of a card come
// in leaves r - 1 replaced, which counts as within r.) That asks 13 × 1,431 drawn hands for
// r = 2 rather than 78 × 1,431 hands: the arrangement search chooses the discard itself.
int reference_away(const std::vector<Card>& hand, WildRank wild, const Rules& rules, int most) {
  const bool by_discard = is_drawn_hand(hand.size() + 1, rules);
  for (int r = 0; r <= most; ++r) {
    const bool out = by_discard && r > 0 ? any_replacement_goes_out(hand, wild, rules, r - 1, r)
                                         : any_replacement_goes_out(hand, wild, rules, r, r);
    if (out) return r;
  }
  return most + 1;
}

// Random hands of `size` cards (from `seed`; a random wild rank in three of four when
// `random_wild`), each compared with the reference up to `most` replacements. The references run
// on every core, each hand on its own.
void compare_with_reference(const Rules& rules, std::size_t size, int hands, int most,
                            unsigned seed, bool random_wild) {
  struct Case {
    std::vector<Card> hand;
    WildRank wild;
    std::optional<int> found;
    int expected = 0;
  };
  std::mt19937 random(seed);
  std::vector<Case> cases;
  for (int i = 0; i < hands; ++i) {
    WildRank wild = rules.deck.fixed_wild;
    if (random_wild && random() % 4 != 0) wild = static_cast<Rank>(1 + random() % 13);
    std::vector<Card> hand = dealt_hand(random, rules, size);
    const std::optional<int> found = cards_away(hand, wild, rules);
    cases.push_back({std::move(hand), wild, found, 0});
  }
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t i = next++; i < cases.size(); i = next++) {
      cases[i].expected = reference_away(cases[i].hand, cases[i].wild, rules, most);
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < std::max(1U, std::thread::hardware_concurrency()); ++t) {
    threads.emplace_back(work);
  }
  work();
  for (std::thread& thread : threads) thread.join();

  std::array<int, 8> by_answer{};  // how many hands the reference finds 0, 1, … away
  for (const Case& c : cases) {
    CAPTURE(rules.id);
    CAPTURE(cards_text(c.hand));
    CAPTURE(c.wild ? std::string(rank_name(*c.wild)) : std::string("none"));
    REQUIRE(c.found.has_value());
    if (*c.found <= most) {
      CHECK(*c.found == c.expected);
    } else {
      CHECK(c.expected == most + 1);
    }
    ++by_answer[static_cast<std::size_t>(std::min(c.expected, 7))];
  }
  // The hands dealt reach every distance the reference tries, and beyond it: a test of hands
  // all far from going out would check little. (Checked on a hundred hands or more: the few the
  // sanitizers try may miss one.)
  for (int r = 0; r <= most + 1 && hands >= 100; ++r) {
    CAPTURE(r);
    CHECK(by_answer[static_cast<std::size_t>(r)] > 0);
  }
}

TEST_CASE("cards away: a valid declaration is 0 away, one missing card 1") {
  CHECK(away("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 9♣ 9♦ 9♠ K♦ K♣ K♥ K♠") == 0);
  // The second sequence lacks a card: one replacement (6♥ for Q♦).
  CHECK(away("A♠ 2♠ 3♠ 4♥ 5♥ Q♦ 9♣ 9♦ 9♠ K♦ K♣ K♥ K♠") == 1);
  // No sequence at all: the two sequences need cards in.
  CHECK(away("A♠ A♥ A♦ 5♠ 5♥ 5♦ 9♣ 9♦ 9♠ K♦ K♣ K♥ K♠") == 3);
  // A joker fills an impure sequence's gap, never the pure one's.
  CHECK(away("A♠ 2♠ 3♠ 4♥ PJ 6♥ 9♣ 9♦ 9♠ K♦ K♣ K♥ K♠") == 0);
  CHECK(away("A♠ 2♠ PJ 4♥ 5♥ 6♥ 9♣ 9♦ 9♠ K♦ K♣ K♥ K♠") == 0);
  CHECK(away("A♠ PJ 3♠ 4♥ PJ 6♥ 9♣ 9♦ 9♠ K♦ K♣ K♥ K♠") == 1);
}

TEST_CASE("cards away: a hand of another size than a declaration's never goes out") {
  CHECK_FALSE(away("A♠ 2♠ 3♠ 4♥").has_value());
  // A drawn hand (14 cards) is judged after its discard, which is no replacement.
  CHECK(away("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 9♣ 9♦ 9♠ K♦ K♣ K♥ K♠ Q♦") == 0);
  CHECK(away("A♠ 2♠ 3♠ 4♥ 5♥ Q♣ 9♣ 9♦ 9♠ K♦ K♣ K♥ K♠ Q♦") == 1);
}

TEST_CASE("cards away: Gin Rummy counts to gin, from one pack") {
  const Rules gin = Rules::for_variant(Variant::gin);
  CHECK(away("A♠ 2♠ 3♠ 7♥ 7♦ 7♣ 10♦ J♦ Q♦ K♦", "", gin) == 0);
  CHECK(away("A♠ 2♠ 3♠ 7♥ 7♦ 7♣ 10♦ J♦ Q♦ K♣", "", gin) == 1);
  // The only card that completes 7♠ 7♥ is a 7 the hand holds elsewhere: both books are in the
  // same four sevens, so one of them must be made of other cards.
  CHECK(away("7♠ 7♥ 5♦ 6♦ 7♦ 5♣ 6♣ 7♣ K♠ K♥", "", gin) == 2);
}

TEST_CASE("cards away: Crazy Rummy counts to the round's contract") {
  const Rules crazy = Rules::for_variant(Variant::crazy);
  const std::optional<int> found = away("A♠ 2♠ 3♠ 4♠ 7♥ 7♦ 7♣ 9♦ 9♣ 9♠", "", crazy);
  CHECK(found.has_value());
}

TEST_CASE("cards away: Marriage is refused") {
  const Rules marriage = Rules::for_variant(Variant::marriage);
  CHECK(cards_away_refusal(marriage).has_value());
}

// Each game's hands against the reference: of each kind below, `per_mille` thousandths of its
// hands (1000: all of them), from seeds of their own.
void compare_every_game(int per_mille) {
  struct Kind {
    Variant variant;
    std::size_t size;
    int hands;
    int most;
    unsigned seed;
    bool random_wild;
  };
  // Indian hands as dealt and after their draw; 7 cards of Basic Rummy to three replacements.
  static constexpr std::array<Kind, 6> kinds{{{Variant::indian, 13, 2000, 2, 11, true},
                                              {Variant::indian, 14, 500, 2, 16, true},
                                              {Variant::gin, 10, 2000, 2, 12, false},
                                              {Variant::basic, 7, 2000, 3, 13, false},
                                              {Variant::knock, 10, 2000, 2, 14, false},
                                              {Variant::crazy, 10, 1000, 2, 15, false}}};
  for (const Kind& kind : kinds) {
    compare_with_reference(Rules::for_variant(kind.variant), kind.size,
                           std::max(1, kind.hands * per_mille / 1000), kind.most,
                           kind.seed + static_cast<unsigned>(per_mille), kind.random_wild);
  }
}

// The i-th hand of a series of `size` cards: a third dealt with melds on purpose, a third at
// random (mostly several cards away), a third of cards linked to none other where the deck
// allows (far away: many cards replaced).
std::vector<Card> varied_hand(std::mt19937& random, const Rules& rules, std::size_t size, int i) {
  if (i % 3 == 0) return dealt_hand(random, rules, size);
  std::vector<Card> deck = whole_deck(rules);
  std::shuffle(deck.begin(), deck.end(), random);
  std::vector<Card> hand, rest;
  for (const Card card : deck) {
    const bool alone = i % 3 == 2 && !card.is_printed_joker() &&
                       std::none_of(hand.begin(), hand.end(), [&](Card other) {
                         return other == card || cards_linked(card, other, rules.melds);
                       });
    (alone && hand.size() < size ? hand : rest).push_back(card);
  }
  for (std::size_t k = 0; hand.size() < size; ++k) hand.push_back(rest[k]);
  return hand;
}

// The search against itself with its earlier bound (detail::cards_away_small_groups_bound): far
// cheaper than the exhaustive reference, so it covers many more hands, of every answer.
void compare_with_small_groups_bound(const Rules& rules, std::size_t size, int hands, unsigned seed,
                                     bool random_wild) {
  std::mt19937 random(seed);
  for (int i = 0; i < test::hands_to_try(hands); ++i) {
    WildRank wild = rules.deck.fixed_wild;
    if (random_wild && random() % 4 != 0) wild = static_cast<Rank>(1 + random() % 13);
    const std::vector<Card> hand = varied_hand(random, rules, size, i);
    const std::optional<int> found = cards_away(hand, wild, rules);
    CAPTURE(rules.id);
    CAPTURE(cards_text(hand));
    CAPTURE(wild ? std::string(rank_name(*wild)) : std::string("none"));
    REQUIRE(found == detail::cards_away_small_groups_bound(hand, wild, rules));
    if (found && *found > 0) CHECK_FALSE(cards_away_up_to(hand, wild, rules, *found - 1));
    if (found && is_drawn_hand(hand.size(), rules)) {
      CHECK(goes_out_after_discard(hand, wild, rules) == (*found == 0));
    }
  }
}

TEST_CASE("cards away: the relaxed bound changes no answer") {
  compare_with_small_groups_bound(Rules::for_variant(Variant::indian), 13, 3000, 21, true);
  compare_with_small_groups_bound(Rules::for_variant(Variant::indian), 14, 1500, 22, true);
  compare_with_small_groups_bound(Rules::for_variant(Variant::gin), 10, 3000, 23, false);
  compare_with_small_groups_bound(Rules::for_variant(Variant::gin), 11, 3000, 24, false);
  compare_with_small_groups_bound(Rules::for_variant(Variant::knock), 10, 3000, 25, false);
  compare_with_small_groups_bound(Rules::for_variant(Variant::basic), 7, 3000, 26, false);
  compare_with_small_groups_bound(Rules::for_variant(Variant::basic), 10, 3000, 27, false);
  // Crazy Rummy's rounds: each contract and hand size.
  const Rules crazy = Rules::for_variant(Variant::crazy);
  compare_with_small_groups_bound(crazy, 10, 1500, 28, false);
  for (int round = 1; round <= 7; ++round) {
    Rules game = crazy;
    game.deal.contract = crazy.round(round);
    REQUIRE(game.deal.contract);
    compare_with_small_groups_bound(game, static_cast<std::size_t>(game.deal.contract->cards), 500,
                                    30 + static_cast<unsigned>(round), false);
  }
}

// The answers of the search as it stood before the work of issue #24 (commit 68faeed), on 5,000
// hands of each game (varied_hand; Indian rummy with a random wild rank in three hands of four,
// but for one kind with none), hashed: cards_away, cards_away_within 1 and, for a drawn
// hand, goes_out_after_discard. A speed-up of the search or of its bound must leave every one of
// them as it was; the exhaustive reference checks fewer hands, and the small groups' bound shares
// the search. A hash that differs names the game; the hand is then found by comparing the two
// builds' answers.
TEST_CASE("cards away: every game's answers are those of the search before its speed-ups") {
  struct Kind {
    std::string name;
    Rules rules;
    std::size_t size;
    unsigned seed;
    bool random_wild;
    std::uint64_t hash;
  };
  const Rules indian = Rules::for_variant(Variant::indian);
  const Rules crazy = Rules::for_variant(Variant::crazy);
  Rules three_packs = indian;
  three_packs.deck.decks = 3;
  // Three packs first: the memories a thread keeps from hand to hand must not carry what a game
  // with a card three times found into the hands of two packs after it.
  std::vector<Kind> kinds{
      {"Indian 13, three packs", three_packs, 13, 40, true, 0x94f83340399959d9ULL},
      {"Indian 13", indian, 13, 41, true, 0x34cd69f528a27e87ULL},
      {"Indian 14", indian, 14, 42, true, 0x82ec3b96b091f478ULL},
      {"Indian 13, no wild rank", indian, 13, 43, false, 0x8a013d871543498cULL},
      {"Gin 10", Rules::for_variant(Variant::gin), 10, 44, false, 0xd4e712e7c1dd20a9ULL},
      {"Gin 11", Rules::for_variant(Variant::gin), 11, 45, false, 0x138cbb0c77641523ULL},
      {"Knock 10", Rules::for_variant(Variant::knock), 10, 46, false, 0x31a64185f887301fULL},
      {"Basic 7", Rules::for_variant(Variant::basic), 7, 47, false, 0x43558aaa6ed43c4dULL},
      {"Basic 10", Rules::for_variant(Variant::basic), 10, 48, false, 0x62e0ba2aa4b18c55ULL},
      {"Crazy 10", crazy, 10, 49, false, 0x2fe8186e51c6650bULL},
  };
  static constexpr std::array<std::uint64_t, 7> crazy_rounds{
      0x59a5ccaa8b3f520cULL, 0x2442a843a703a442ULL, 0xed2816319d659b28ULL, 0x97bf84eaf2afc829ULL,
      0xca835c24076ed0dcULL, 0xbda5f36d55a91395ULL, 0x48b19270b1049366ULL};
  for (int round = 1; round <= 7; ++round) {
    Rules game = crazy;
    game.deal.contract = crazy.round(round);
    REQUIRE(game.deal.contract);
    kinds.push_back({fmt::format("Crazy, round {}", round), game,
                     static_cast<std::size_t>(game.deal.contract->cards),
                     50 + static_cast<unsigned>(round), false,
                     crazy_rounds[static_cast<std::size_t>(round - 1)]});
  }
  for (const Kind& kind : kinds) {
    std::mt19937 random(kind.seed);
    std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a over the answers, a byte each
    const auto mix = [&](int answer) {
      hash = (hash ^ static_cast<std::uint8_t>(answer)) * 0x100000001b3ULL;
    };
    for (int i = 0; i < 5000; ++i) {
      WildRank wild = kind.rules.deck.fixed_wild;
      if (kind.random_wild && random() % 4 != 0) wild = static_cast<Rank>(1 + random() % 13);
      const std::vector<Card> hand = varied_hand(random, kind.rules, kind.size, i);
      mix(cards_away(hand, wild, kind.rules).value_or(-1));
      mix(cards_away_within(hand, wild, kind.rules, 1) ? 1 : 0);
      if (is_drawn_hand(hand.size(), kind.rules)) {
        mix(goes_out_after_discard(hand, wild, kind.rules) ? 1 : 0);
      }
    }
    CAPTURE(kind.name);
    CHECK(fmt::format("{:#x}", hash) == fmt::format("{:#x}", kind.hash));
  }
}

// A tenth of the hands: the test the sanitizers run too (a fortieth there: hands_to_try).
TEST_CASE("cards away: the search equals the exhaustive reference: every game") {
  compare_every_game(test::hands_to_try(100));
}

// Thousands of hands of each game (2,500 Indian hands, 1,000 of Crazy Rummy: about two minutes
// on two cores; not under the sanitizers, where it only takes longer).
TEST_CASE("cards away on thousands of hands: the search equals the exhaustive reference") {
  compare_every_game(1000);
}

}  // namespace
}  // namespace rummy
