// Group classification against an obviously-correct reference on many random groups: the
// reference enumerates every concrete run and set the group could become.
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <random>

#include "helpers.hpp"

using namespace rummy;

namespace {

// Natural cards (those that can only be themselves) must all appear in the target, once each;
// jokers fill the rest, so only the naturals need to be placed.
bool naturals_fit(const std::vector<Card>& naturals, const std::vector<Card>& target) {
  std::vector<Card> left = target;
  for (const Card card : naturals) {
    const auto found = std::find(left.begin(), left.end(), card);
    if (found == left.end()) return false;
    left.erase(found);
  }
  return true;
}

// Every run of `length` cards: each suit, each start, ace low (A-2-…) or high (…-K-A).
std::vector<std::vector<Card>> all_runs(std::size_t length) {
  std::vector<std::vector<Card>> runs;
  for (int suit = 0; suit < suit_count; ++suit) {
    for (int start = 1; start + static_cast<int>(length) - 1 <= 14; ++start) {
      std::vector<Card> run;
      for (int value = start; value < start + static_cast<int>(length); ++value) {
        run.push_back(
            Card(value == 14 ? Rank::ace : static_cast<Rank>(value), static_cast<Suit>(suit)));
      }
      runs.push_back(run);
    }
  }
  return runs;
}

GroupKind reference_kind(const std::vector<Card>& cards, WildRank wild, const Rules& rules) {
  const std::size_t n = cards.size();
  if (n < 3) return GroupKind::unmatched;
  std::vector<Card> naturals;
  bool printed = false;
  for (const Card card : cards) {
    if (card.is_printed_joker()) printed = true;
    if (!is_joker(card, wild)) naturals.push_back(card);
  }
  const auto runs = n <= 13 ? all_runs(n) : std::vector<std::vector<Card>>{};
  // Pure: every card, wild ones included, is itself and the group is exactly a run.
  if (!printed) {
    std::vector<Card> sorted = cards;
    std::sort(sorted.begin(), sorted.end());
    for (auto run : runs) {
      std::sort(run.begin(), run.end());
      if (run == sorted) return GroupKind::pure_sequence;
    }
  }
  if (naturals.size() < n) {
    for (const auto& run : runs) {
      if (naturals_fit(naturals, run)) return GroupKind::impure_sequence;
    }
  }
  for (int rank = 1; rank <= rank_count; ++rank) {
    std::vector<Card> four;
    for (int suit = 0; suit < suit_count; ++suit) {
      four.push_back(Card(static_cast<Rank>(rank), static_cast<Suit>(suit)));
    }
    if (n <= 4 && naturals_fit(naturals, four)) return GroupKind::set;
    if (n == 5 && rules.melds.fifth_card_joker && naturals.size() <= 4 &&
        naturals_fit(naturals, four)) {
      return GroupKind::set;
    }
  }
  return GroupKind::invalid;
}

}  // namespace

TEST_CASE("classification agrees with the reference on random groups with jokers and duplicates") {
  std::mt19937 random(20261121);
  // Two packs and two printed jokers.
  std::vector<Card> deck;
  for (int copy = 0; copy < 2; ++copy) {
    for (int index = 0; index < 52; ++index) deck.push_back(Card::from_index(index));
    deck.push_back(Card::printed_joker());
  }
  int checked = 0;
  for (int round = 0; round < 40000; ++round) {
    std::shuffle(deck.begin(), deck.end(), random);
    // Bias towards groups that are nearly valid: mostly cards of one suit or one rank.
    const std::size_t length = 3 + random() % 4;
    std::vector<Card> group(deck.begin(), deck.begin() + static_cast<std::ptrdiff_t>(length));
    if (round % 3 == 0) {
      const Suit suit = group[0].is_printed_joker() ? Suit::hearts : group[0].suit();
      const int start = 1 + static_cast<int>(random() % 10);
      for (std::size_t i = 1; i < length; ++i) {
        if (random() % 4 != 0) {
          group[i] = Card(static_cast<Rank>(1 + (start + static_cast<int>(i) - 1) % 13), suit);
        }
      }
    } else if (round % 3 == 1) {
      const Rank rank = group[0].is_printed_joker() ? Rank::five : group[0].rank();
      for (std::size_t i = 1; i < length; ++i) {
        if (random() % 4 != 0) group[i] = Card(rank, static_cast<Suit>(random() % 4));
      }
    }
    const WildRank wild = random() % 4 == 0 ? WildRank{} : static_cast<Rank>(1 + random() % 13);
    Rules rules = Rules::for_variant(Variant::indian);
    rules.melds.fifth_card_joker = random() % 2 == 0;
    const GroupKind expected = reference_kind(group, wild, rules);
    const GroupKind actual = classify_group(group, wild, rules).kind;
    if (expected != actual) {
      CAPTURE(format_group(group, wild, rules));
      CAPTURE(kind_id(expected));
      CAPTURE(kind_id(actual));
      CHECK(expected == actual);
    }
    ++checked;
  }
  CHECK(checked == 40000);
}

TEST_CASE("a valid group's reading is itself a valid group of natural cards") {
  std::mt19937 random(7);
  for (int round = 0; round < 20000; ++round) {
    std::vector<Card> group;
    const std::size_t length = 3 + random() % 3;
    for (std::size_t i = 0; i < length; ++i) {
      group.push_back(random() % 6 == 0 ? Card::printed_joker()
                                        : Card::from_index(static_cast<int>(random() % 52)));
    }
    const WildRank wild = static_cast<Rank>(1 + random() % 13);
    const Rules rules = Rules::for_variant(Variant::indian);
    const GroupVerdict verdict = classify_group(group, wild, rules);
    if (!is_valid_group(verdict.kind)) continue;
    // Read as what each card stands for, with no jokers at all, the group keeps its shape.
    std::vector<Card> as;
    for (const auto& card : verdict.reading) as.push_back(*card);
    const GroupKind plain = classify_group(as, WildRank{}, rules).kind;
    CAPTURE(format_group(group, wild, rules));
    if (verdict.kind == GroupKind::set) {
      CHECK(plain == GroupKind::set);
    } else {
      CHECK(plain == GroupKind::pure_sequence);
    }
  }
}

namespace {

struct Fault {
  GroupFault fault = GroupFault::none;
  Card subject, other;
};

// The fault of a group longer than any valid one, by the definitions and nothing else: no run
// or set is that long, so only its natural cards are asked about (Indian rules).
Fault reference_long_fault(const std::vector<Card>& cards, WildRank wild) {
  std::vector<Card> naturals;
  for (const Card card : cards) {
    if (!is_joker(card, wild)) naturals.push_back(card);
  }
  if (naturals.size() <= 1) return {GroupFault::too_many_cards, {}, {}};
  std::optional<Card> repeat;
  for (std::size_t k = 0; k < naturals.size() && !repeat; ++k) {
    for (std::size_t i = 0; i < k; ++i) {
      if (naturals[i] == naturals[k]) repeat = naturals[k];
    }
  }
  const auto all = [&](auto same) {
    return std::all_of(naturals.begin(), naturals.end(),
                       [&](Card card) { return same(card, naturals.front()); });
  };
  const bool suited = all([](Card a, Card b) { return a.suit() == b.suit(); });
  const bool ranked = all([](Card a, Card b) { return a.rank() == b.rank(); });
  if (suited && ranked) return {GroupFault::repeated_card, naturals.front(), {}};
  if (suited) {
    return repeat ? Fault{GroupFault::repeated_card_in_sequence, *repeat, {}}
                  : Fault{GroupFault::sequence_too_long, {}, {}};
  }
  if (ranked) {
    return repeat ? Fault{GroupFault::repeated_suit_in_set, *repeat, {}}
                  : Fault{GroupFault::set_too_large, {}, {}};
  }
  for (std::size_t i = 0; i < naturals.size(); ++i) {
    for (std::size_t k = i + 1; k < naturals.size(); ++k) {
      if (naturals[i].suit() != naturals[k].suit() && naturals[i].rank() != naturals[k].rank()) {
        return {GroupFault::mixed_suits_and_ranks, naturals[i], naturals[k]};
      }
    }
  }
  return {GroupFault::mixed_suits_and_ranks, {}, {}};
}

}  // namespace

// The classifier keeps a group's natural cards in place up to longest_group and on the heap
// beyond; a group of 17 to 40 cards, whose telling card is often past the 16th, checks the
// second way against the definitions.
TEST_CASE("a group longer than any valid one is told its fault from every card, however many") {
  std::mt19937 random(20261127);
  std::vector<Card> deck;
  for (int copy = 0; copy < 2; ++copy) {
    for (int index = 0; index < 52; ++index) deck.push_back(Card::from_index(index));
    deck.push_back(Card::printed_joker());
  }
  const Rules rules = Rules::for_variant(Variant::indian);
  for (int round = 0; round < test::hands_to_try(20000); ++round) {
    const std::size_t length = longest_group + 1 + random() % 24;
    std::vector<Card> group;
    const Suit suit = static_cast<Suit>(random() % 4);
    const Rank rank = static_cast<Rank>(1 + random() % 13);
    // A long stretch of one suit or one rank first, so that what tells the fault (a card of
    // another suit, a repeat) may come late; then cards from anywhere, and jokers.
    const std::size_t alike = random() % (length + 1);
    for (std::size_t i = 0; i < length; ++i) {
      if (random() % 8 == 0) {
        group.push_back(Card::printed_joker());
      } else if (i >= alike) {
        group.push_back(deck[random() % deck.size()]);
      } else if (round % 2 == 0) {
        group.push_back(Card(static_cast<Rank>(1 + random() % 13), suit));
      } else {
        group.push_back(Card(rank, static_cast<Suit>(random() % 4)));
      }
    }
    const WildRank wild = random() % 4 == 0 ? WildRank{} : static_cast<Rank>(1 + random() % 13);
    const Fault expected = reference_long_fault(group, wild);
    const GroupVerdict verdict = classify_group(group, wild, rules);
    CAPTURE(format_group(group, wild, rules));
    CHECK(verdict.kind == GroupKind::invalid);
    CHECK(static_cast<int>(verdict.fault) == static_cast<int>(expected.fault));
    CHECK(verdict.subject == expected.subject);
    CHECK(verdict.other == expected.other);
  }
}

// A batch asks for the kind alone (Detail::kind_only), which passes over work the full verdict
// needs (a group of mixed suits and ranks is told invalid from its first cards): the kind must be
// the full verdict's, in every game and with edited rules.
TEST_CASE("the kind alone is the full verdict's kind, in every game") {
  std::mt19937 random(20261127);
  std::vector<Card> deck;
  for (int copy = 0; copy < 2; ++copy) {
    for (int index = 0; index < 52; ++index) deck.push_back(Card::from_index(index));
    deck.push_back(Card::printed_joker());
  }
  std::vector<Rules> games;
  for (const Variant variant : all_variants) games.push_back(Rules::for_variant(variant));
  Rules suits_alike = Rules::for_variant(Variant::indian);
  suits_alike.melds.set_suits_differ = false;
  Rules few_wilds = Rules::for_variant(Variant::indian);
  few_wilds.melds.max_wilds_in_run = 1;
  few_wilds.melds.max_wilds_in_set = 0;
  Rules crazy_high = Rules::for_variant(Variant::crazy);
  crazy_high.melds.ace_high = !crazy_high.melds.ace_high;
  crazy_high.melds.fifth_card_joker = true;
  games.insert(games.end(), {suits_alike, few_wilds, crazy_high});
  int differ = 0;
  for (int round = 0; round < 60000; ++round) {
    std::shuffle(deck.begin(), deck.end(), random);
    const std::size_t length = 1 + random() % 18;
    std::vector<Card> group(deck.begin(), deck.begin() + static_cast<std::ptrdiff_t>(length));
    // A third made of one suit, a third of one rank, with a few cards and jokers left as dealt.
    if (round % 3 != 2 && !group[0].is_printed_joker()) {
      for (std::size_t i = 1; i < length; ++i) {
        if (random() % 5 == 0) continue;
        group[i] = round % 3 == 0 ? Card(static_cast<Rank>(1 + random() % 13), group[0].suit())
                                  : Card(group[0].rank(), static_cast<Suit>(random() % 4));
      }
    }
    const WildRank wild = random() % 4 == 0 ? WildRank{} : static_cast<Rank>(1 + random() % 13);
    const Rules& rules = games[static_cast<std::size_t>(round) % games.size()];
    const GroupKind full = classify_group(group, wild, rules).kind;
    const GroupKind alone = classify_group(group, wild, rules, Detail::kind_only).kind;
    if (full != alone) {
      ++differ;
      CAPTURE(rules.id);
      CAPTURE(format_group(group, wild, rules));
      CHECK(kind_id(full) == kind_id(alone));
    }
  }
  CHECK(differ == 0);
}
