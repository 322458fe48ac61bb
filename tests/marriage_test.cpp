// Marriage (docs/rules.md §9): the tiplu's maal cards, the combinations, the first stage, the end,
// maal points and the settlement of a deal, on every worked example of the chapter.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <string>

#include "helpers.hpp"
#include "maal.hpp"
#include "notation.hpp"
#include "tiplu.hpp"

namespace rummy::test {
namespace {

Rules marriage(std::initializer_list<std::string_view> house = {}) {
  return rules_with(Variant::marriage, house);
}

Card card_of(std::string_view text) {
  return parse_tiplu(text, "<test>");
}

TableHand table_hand(std::string_view text, const Rules& rules, std::string_view tiplu) {
  return read_table_hand(text, "<test>", rules, card_of(tiplu)).hand;
}

ComboVerdict combo(std::string_view text, std::string_view tiplu, const Rules& rules = marriage()) {
  const TableHand hand = table_hand(text, marriage(), tiplu);
  (void)rules;
  const Tiplu turned(card_of(tiplu));
  return classify_combo(hand.hand.at(0), &turned, rules);
}

int maal_of(std::string_view text, std::string_view tiplu, const Rules& rules = marriage()) {
  return count_maal(table_hand(text, rules, tiplu), Tiplu(card_of(tiplu)), rules).points;
}

// The worked examples' hands (docs/rules.md §9.10).
constexpr std::string_view asha =
    "shown K♦-K♦-K♦ (deal) | 2♣-3♣-4♣ | 9♠-10♠-J♠ hand 6♥-7♥-8♥ | 5♦-6♦-7♣ | Q♥-Q♠-7♠ | "
    "A♣-A♦-A♠ discard 10♣";
constexpr std::string_view farid =
    "shown 4♠-5♠-6♠ | J♣-Q♣-K♣ | 2♦-2♦-2♦ hand 10♦-10♦-7♠ | 9♥-9♣-9♠ | 6♥-3♣-7♦ | A♥-2♥-3♥ "
    "discard K♠";
constexpr std::string_view kiran =
    "shown 2♠-2♠ | 9♥-9♥ | J♦-J♦ | K♣-K♣ | 3♥-3♥ | 6♣-6♣ | Q♠-Q♠ hand 8♦-8♦ | 5♣ 4♣ 7♣ 10♥ J♠ "
    "discard 3♦";
constexpr std::string_view chandra =
    "shown 2♥-3♥-4♥ | 6♠-7♠-8♠ | Q♣-Q♣-Q♣ hand J♣ 10♣ 10♣ 10♣ 5♦ 9♦ K♥ K♠ A♣ 3♠ 8♦ 4♣";
constexpr std::string_view bikash =
    "shown 3♥-4♥-5♥ | 10♦-J♦-Q♦ | 6♠-7♠-8♠ hand 8♥ 8♥ 6♥ 7♥ 7♦ 2♠ 4♠ 9♣ J♥ K♠ 5♣ 3♦";

TEST_CASE("the tiplu's maal cards: the ace above the king and the two above the ace") {
  const Tiplu jack(card_of("J♣"));
  CHECK(jack.poplu() == card_of("Q♣"));
  CHECK(jack.jhiplu() == card_of("10♣"));
  CHECK(jack.alter() == card_of("J♠"));
  CHECK(jack.role(card_of("J♥")) == MaalRole::joker);
  CHECK(jack.role(card_of("J♠")) == MaalRole::alter);
  CHECK(jack.role(card_of("9♣")) == MaalRole::plain);
  CHECK(Tiplu(card_of("K♠")).poplu() == card_of("A♠"));
  CHECK(Tiplu(card_of("K♠")).jhiplu() == card_of("Q♠"));
  CHECK(Tiplu(card_of("A♦")).poplu() == card_of("2♦"));
  CHECK(Tiplu(card_of("A♦")).jhiplu() == card_of("K♦"));
  CHECK(Tiplu(card_of("2♥")).jhiplu() == card_of("A♥"));
  CHECK(Tiplu(card_of("7♥")).text(marriage()) ==
        "tiplu 7♥: jhiplu 6♥, poplu 8♥, ordinary jokers 7♠ 7♦ 7♣, alter 7♦");
  // alter-only-jokers: the other colour's cards of the tiplu's rank are ordinary.
  const Rules only = marriage({"alter-only-jokers=on"});
  CHECK(Tiplu(card_of("7♥")).wild(card_of("7♦"), only));
  CHECK_FALSE(Tiplu(card_of("7♥")).wild(card_of("7♠"), only));
}

TEST_CASE("the combinations of three (docs/rules.md §9.3)") {
  CHECK(combo("K♦-K♦-K♦", "7♥").kind == ComboKind::tunnela);
  CHECK(combo("2♣-3♣-4♣", "7♥").kind == ComboKind::pure_sequence);
  CHECK(combo("Q♠-K♠-A♠", "7♥").kind == ComboKind::pure_sequence);
  CHECK(combo("K♠-A♠-2♠", "7♥").fault == ComboFault::wraps_around);
  CHECK(combo("A♣-A♦-A♠", "7♥").kind == ComboKind::triplet);
  CHECK(combo("6♥-7♥-8♥", "7♥").kind == ComboKind::marriage);
  CHECK(combo("5♦-6♦-7♣", "7♥").kind == ComboKind::dirty_sequence);
  CHECK(combo("Q♥-Q♠-7♠", "7♥").kind == ComboKind::dirty_triplet);
  CHECK(combo("6♥-3♣-7♦", "7♥").kind == ComboKind::jokers);
  CHECK(combo("K♦-A♦-7♣", "7♥").kind == ComboKind::dirty_sequence);  // Q-K-A
  CHECK(*combo("K♦-A♦-7♣", "7♥").stands_for == card_of("Q♦"));
  CHECK(combo("10♦-10♦-7♠", "7♥").fault == ComboFault::identical_and_joker);
  CHECK(combo("2♦-9♦-7♠", "7♥").fault == ComboFault::no_sequence);
  CHECK(combo("9♥-9♣-9♥", "7♥").fault == ComboFault::repeated_suit);
  CHECK(combo("9♥-10♣-2♦", "7♥").fault == ComboFault::mixed);
  // Tiplu A: K-A-2 of its suit is the marriage, valid because its cards are jokers.
  CHECK(combo("K♦-A♦-2♦", "A♦").kind == ComboKind::marriage);
  CHECK(combo("K♠-A♠-2♠", "A♦").fault == ComboFault::no_sequence);  // A♠ is a joker here
  // ace-low-only: Q-K-A is no sequence.
  CHECK(combo("Q♠-K♠-A♠", "7♥", marriage({"ace-low-only=on"})).kind == ComboKind::invalid);
  // long-groups: runs of more than three.
  const Rules longer = marriage({"long-groups=on"});
  CHECK(combo("2♣-3♣-4♣-5♣", "7♥", longer).kind == ComboKind::pure_sequence);
  CHECK(combo("2♣-3♣-7♠-5♣", "7♥", longer).kind == ComboKind::dirty_sequence);
  CHECK(combo("9♣-9♥-9♦-9♠", "7♥", longer).kind == ComboKind::triplet);
  CHECK(combo("2♣-3♣-4♣-5♣", "7♥").fault == ComboFault::wrong_size);
}

TEST_CASE("a valid end, a foul and a dublee end (docs/rules.md §9.10, examples 1 to 3)") {
  const Rules rules = marriage();
  const EndCheck valid = check_end(table_hand(asha, rules, "7♥"), Tiplu(card_of("7♥")), 3, rules);
  CHECK(valid.valid());
  CHECK(valid.route == FirstStage::combinations);
  CHECK(maal_of(asha, "7♥") == 15);

  const EndCheck foul = check_end(table_hand(farid, rules, "7♥"), Tiplu(card_of("7♥")), 3, rules);
  REQUIRE(foul.faults.size() == 1);
  CHECK(foul.faults[0].starts_with("10♦-10♦-7♠ is not a combination: two identical cards"));

  const TableHand dublees = table_hand(kiran, rules, "5♣");
  CHECK(check_end(dublees, Tiplu(card_of("5♣")), 4, rules).valid());
  CHECK(check_end(dublees, Tiplu(card_of("5♣")), 4, rules).route == FirstStage::dublees);
  const EndCheck few = check_end(dublees, Tiplu(card_of("5♣")), 3, rules);
  REQUIRE(few.faults.size() == 1);
  CHECK(few.faults[0] ==
        "7 dublees with 3 players dealt in: the dublee route needs at least 4 (house rule "
        "dublee-min-players)");
  CHECK(check_end(dublees, Tiplu(card_of("5♣")), 2, marriage({"dublee-min-players=2"})).valid());
  CHECK(maal_of(kiran, "5♣") == 12);
}

TEST_CASE("an end written loose is arranged, the discard kept for the most maal") {
  const Rules rules = marriage();
  const TableHand loose = table_hand(
      "shown K♦-K♦-K♦ (deal) | 2♣-3♣-4♣ | 9♠-10♠-J♠ hand 6♥ 7♥ 8♥ 5♦ 6♦ 7♣ Q♥ Q♠ 7♠ A♣ A♦ A♠ "
      "10♣",
      rules, "7♥");
  const EndCheck check = check_end(loose, Tiplu(card_of("7♥")), 3, rules);
  CHECK(check.valid());
  CHECK(check.arranged);
  REQUIRE(check.discard.has_value());
  // No maal is thrown: the discard scores nothing (a plain card or an ordinary joker).
  const MaalRole role = Tiplu(card_of("7♥")).role(*check.discard);
  CHECK((role == MaalRole::plain || role == MaalRole::joker));
  CHECK(check.groups.size() == 7);
}

TEST_CASE("the best count of maal (docs/rules.md §9.10, examples 4 to 6)") {
  CHECK(maal_of(chandra, "J♣") == 23);
  const std::string at_deal =
      "shown 2♥-3♥-4♥ | 6♠-7♠-8♠ | Q♣-Q♣-Q♣ (deal) hand J♣ 10♣ 10♣ 10♣ 5♦ 9♦ K♥ K♠ A♣ 3♠ 8♦ 4♣";
  CHECK(maal_of(at_deal, "J♣") == 33);
  const std::string three =
      "shown 4♣-4♣-4♣ (deal) | 9♠-9♠-9♠ (deal) | 10♦-10♦-10♦ (deal) hand 9♦ 8♦ 9♥ 2♠ 3♠ 5♥ 6♥ "
      "7♣ J♣ Q♦ K♠ A♥";
  CHECK(maal_of(three, "9♦") == 40);
  CHECK(maal_of(three, "9♦", marriage({"alter=on"})) == 45);
  CHECK(maal_of(three, "9♦", marriage({"maal-tunnela=15"})) == 35);
  const std::string ace =
      "shown 3♠-4♠-5♠ | 8♣-9♣-10♣ | Q♥-Q♥-Q♥ hand K♦-A♦-2♦ | J♠-J♣-A♠ | 6♥-7♥-8♥ | 4♦-4♣-4♥ "
      "discard 9♠";
  const Rules rules = marriage();
  CHECK(check_end(table_hand(ace, rules, "A♦"), Tiplu(card_of("A♦")), 2, rules).valid());
  CHECK(maal_of(ace, "A♦") == 10);
  CHECK(maal_of(bikash, "7♥") == 12);
}

MaalSeat seat(MaalState state, int maal, bool by_dublees = false) {
  return {MaalEntry{state, maal, by_dublees}, 0};
}

std::vector<int> nets(std::vector<MaalSeat> seats, const Rules& rules = marriage()) {
  const MaalDeal deal = settle_maal_deal(seats, rules);
  std::vector<int> result;
  for (const MaalShare& share : deal.shares) result.push_back(share.net);
  return result;
}

TEST_CASE("settling a deal: the exchange and the game points (examples 7 and 8)") {
  CHECK(nets({seat(MaalState::ended, 15), seat(MaalState::seen, 12)}) == std::vector{6, -6});
  const std::vector<MaalSeat> three = {seat(MaalState::ended, 8), seat(MaalState::seen, 23),
                                       seat(MaalState::unseen, 5)};
  CHECK(nets(three) == std::vector{1, 30, -31});
  CHECK(nets(three, marriage({"unseen-maal=murder"})) == std::vector{6, 35, -41});
  CHECK(nets(three, marriage({"unseen-maal=kidnap"})) == std::vector{16, 30, -46});
}

TEST_CASE("a foul at the table pays its penalty to the next deal's ender (example 9)") {
  std::vector<MaalSeat> seats = {seat(MaalState::ended, 15), seat(MaalState::seen, 12),
                                 seat(MaalState::foul, 0)};
  const Rules rules = marriage();
  MaalDeal deal = settle_maal_deal(seats, rules);
  CHECK(deal.shares[0].net == 21);
  CHECK(deal.shares[1].net == 6);
  CHECK(deal.shares[2].net == -27);
  CHECK(seats[2].owed == 15);
  // The next deal: Bikash ends, Farid sits it out and still pays.
  std::vector<MaalSeat> next = {seat(MaalState::seen, 0), seat(MaalState::ended, 0), {}};
  next[2].owed = seats[2].owed;
  deal = settle_maal_deal(next, rules);
  CHECK(deal.shares[1].penalty == 15);
  CHECK(deal.shares[2].penalty == -15);
  CHECK(next[2].owed == 0);
  // Cancelled when the foul player ends it.
  std::vector<MaalSeat> own = {seat(MaalState::seen, 0), {}, seat(MaalState::ended, 0)};
  own[2].owed = 15;
  deal = settle_maal_deal(own, rules);
  CHECK(deal.shares[2].penalty == 0);
  CHECK(own[2].owed == 0);
  // foul-penalty-when=now: paid to this deal's ender.
  seats = {seat(MaalState::ended, 15), seat(MaalState::seen, 12), seat(MaalState::foul, 0)};
  CHECK(nets(seats, marriage({"foul-penalty-when=now"})) == std::vector{36, 6, -42});
}

TEST_CASE("a whole deal among four players (docs/rules.md §9.11)") {
  const Rules rules = marriage();
  const Tiplu tiplu(card_of("5♣"));
  const int lata = maal_of(
      "shown 7♦-8♦-9♦ | 10♠-J♠-Q♠ | A♣-A♣-A♣ (deal) hand 5♣ 6♣ 4♣ 4♣ 5♥ 7♠ 2♥ 3♠ 6♥ 8♣ 9♠ K♥",
      "5♣");
  const std::string mina_hand =
      "shown 2♦-2♦ | 6♠-6♠ | 8♥-8♥ | 10♣-10♣ | J♥-J♥ | Q♦-Q♦ | K♠-K♠ hand 3♣ 7♥ 9♣ A♦ 4♦ 5♠ 2♣";
  const std::string nabin_hand =
      "shown 5♦-5♦-5♦ (deal) hand A♠ 4♥ 6♦ 7♠ 8♠ 9♦ 10♦ J♣ Q♥ K♦ 2♥ 3♠ 4♠ 6♥ 7♦ 8♣ 9♥ Q♣";
  CHECK(lata == 17);
  CHECK(maal_of(mina_hand, "5♣") == 0);
  CHECK(maal_of(nabin_hand, "5♣") == 10);
  CHECK(check_first_stage(table_hand(mina_hand, rules, "5♣"), 4, rules).stage ==
        FirstStage::dublees);
  CHECK(check_first_stage(table_hand(nabin_hand, rules, "5♣"), 4, rules).stage == FirstStage::none);
  const auto table = [&](const Rules& with) {
    return nets({seat(MaalState::ended, maal_of(kiran, "5♣", with), true),
                 seat(MaalState::seen, lata), seat(MaalState::seen, maal_of(mina_hand, "5♣", with)),
                 seat(MaalState::unseen, maal_of(nabin_hand, "5♣", with))},
                with);
  };
  CHECK(table(rules) == std::vector{40, 21, -47, -14});
  CHECK(table(marriage({"unseen-maal=murder"})) == std::vector{50, 31, -37, -44});
  CHECK(table(marriage({"alter=on"})) == std::vector{35, 16, -32, -19});
}

TEST_CASE("alter and alter-only-jokers are refused together") {
  Rules rules = marriage({"alter=on", "alter-only-jokers=on"});
  CHECK(house_rules_conflict(rules).has_value());
}

TEST_CASE("kind_of_three reads every three cards as classify_combo does, in card order") {
  for (const std::string_view house : {"", "ace-low-only=on", "alter-only-jokers=on"}) {
    const Rules rules = house.empty() ? marriage() : marriage({house});
    int wrong = 0;
    std::string first_wrong;
    for (int turned = 0; turned < 52; ++turned) {
      const Tiplu tiplu(Card::from_index(turned));
      for (int a = 0; a < Card::index_count; ++a) {
        for (int b = a; b < Card::index_count; ++b) {
          for (int c = b; c < Card::index_count; ++c) {
            const std::array<Card, 3> cards = {Card::from_index(a), Card::from_index(b),
                                               Card::from_index(c)};
            const ComboKind kind = classify_combo(cards, &tiplu, rules).kind;
            if (kind_of_three(cards, tiplu, rules) == kind) continue;
            if (wrong++ == 0) {
              first_wrong = cards_text(cards) + " tiplu " + to_string(tiplu.card());
            }
          }
        }
      }
    }
    CAPTURE(house);
    CAPTURE(first_wrong);
    CHECK(wrong == 0);
  }
}

// Random hands of 3 to 12 cards from three packs, rich in maal cards.
std::vector<Card> random_cards(std::mt19937& random, std::size_t size, const Tiplu& tiplu) {
  std::vector<Card> deck;
  for (int copy = 0; copy < 3; ++copy) {
    for (int i = 0; i < 52; ++i) {
      const Card card = Card::from_index(i);
      if (card == tiplu.card() && copy == 2) continue;
      deck.push_back(card);
    }
  }
  std::shuffle(deck.begin(), deck.end(), random);
  // Keep the cards near the tiplu's suit and rank, so that combinations are common.
  std::stable_partition(deck.begin(), deck.end(), [&](Card card) {
    return card.suit() == tiplu.card().suit() || card.rank() == tiplu.card().rank() ||
           card.suit() == Suit::spades;
  });
  std::shuffle(deck.begin(), deck.begin() + 40, random);
  return {deck.begin(), deck.begin() + static_cast<std::ptrdiff_t>(size)};
}

TEST_CASE("the search equals the exhaustive reference: random Marriage hands") {
  std::mt19937 random(23);
  int splits = 0;
  for (const bool longer : {false, true}) {
    const Rules rules = longer ? marriage({"long-groups=on"}) : marriage();
    for (int trial = 0; trial < 3000; ++trial) {
      const Tiplu tiplu(Card::from_index(static_cast<int>(random() % 52)));
      const std::size_t size = longer ? 6 + random() % 7 : 3 * (1 + random() % 4);
      const std::vector<Card> cards = random_cards(random, size, tiplu);
      const auto found = split_into_combos(cards, false, tiplu, rules);
      const auto reference = split_into_combos_reference(cards, tiplu, rules);
      INFO(cards_text(cards), " tiplu ", to_string(tiplu.card()));
      REQUIRE(found.has_value() == reference.has_value());
      if (!found) continue;
      ++splits;
      std::size_t covered = 0;
      for (const auto& group : found->groups) {
        CHECK(is_combination(classify_combo(group, &tiplu, rules).kind));
        covered += group.size();
      }
      CHECK(covered == cards.size());
    }
  }
  CHECK(splits > 500);  // the hands are not all hopeless
}

TEST_CASE("with a card to throw, the search throws one that leaves a split: the most maal kept") {
  std::mt19937 random(29);
  int splits = 0;
  for (const bool printed : {false, true}) {
    const Rules rules = printed ? marriage({"printed-jokers=on"}) : marriage();
    for (int trial = 0; trial < hands_to_try(1500); ++trial) {
      const Tiplu tiplu(Card::from_index(static_cast<int>(random() % 52)));
      const std::size_t size = 3 * (1 + random() % 4) + 1;
      const std::vector<Card> cards = random_cards(random, size, tiplu);
      const auto maal_without = [&](Card discard) {
        std::vector<Card> kept = cards;
        kept.erase(std::find(kept.begin(), kept.end(), discard));
        return count_maal(kept, {}, tiplu, rules).points;
      };
      // The reference's answer for every card thrown: the most maal a split keeps.
      std::optional<int> most;
      for (const Card discard : cards) {
        std::vector<Card> kept = cards;
        kept.erase(std::find(kept.begin(), kept.end(), discard));
        if (!split_into_combos_reference(kept, tiplu, rules)) continue;
        most = std::max(most.value_or(-1), maal_without(discard));
      }
      const auto found = split_into_combos(cards, true, tiplu, rules, maal_without);
      INFO(cards_text(cards), " tiplu ", to_string(tiplu.card()));
      REQUIRE(found.has_value() == most.has_value());
      if (!found) continue;
      ++splits;
      REQUIRE(found->discard.has_value());
      CHECK(maal_without(*found->discard) == *most);
      std::vector<Card> covered = {*found->discard};
      for (const auto& group : found->groups) {
        CHECK(is_combination(classify_combo(group, &tiplu, rules).kind));
        covered.insert(covered.end(), group.begin(), group.end());
      }
      std::vector<Card> sorted = cards;
      std::sort(sorted.begin(), sorted.end());
      std::sort(covered.begin(), covered.end());
      CHECK(covered == sorted);
    }
  }
  CHECK(splits > hands_to_try(300));
}

// ---- The search's answers, as 68faeed's search gave them
// -----------------------------------------

// The copies of each card in play with this tiplu (the printed jokers' when the rules have them).
std::array<int, Card::index_count> cards_in_play(const Tiplu& tiplu, const Rules& rules) {
  std::array<int, Card::index_count> left{};
  for (int index = 0; index < Card::index_count; ++index) {
    left[static_cast<std::size_t>(index)] = tiplu.copies_in_play(Card::from_index(index), rules);
  }
  return left;
}

// A number below `bound` from the generator's own output (std::uniform_int_distribution and
// std::shuffle differ between standard libraries; the hash below must not).
std::size_t below(std::mt19937& random, std::size_t bound) {
  return static_cast<std::size_t>(random() % bound);
}

Card any_card_left(std::mt19937& random, std::array<int, Card::index_count>& left) {
  for (;;) {
    const std::size_t index = below(random, Card::index_count);
    if (left[index] > 0) {
      --left[index];
      return Card::from_index(static_cast<int>(index));
    }
  }
}

// A hand of `size` cards (21 or 22) from the cards in play, most of them laid out as seven
// combinations of every kind (pure, dirty, two jokers and a card), so that a split exists more
// often than in a random hand; with `spoil` one card of them is swapped for a random one, which
// leaves hands that almost split. Without `plant`, every card is random, as the benchmark deals.
std::vector<Card> marriage_hand(std::mt19937& random, std::size_t size, const Tiplu& tiplu,
                                const Rules& rules, bool plant, bool spoil) {
  std::array<int, Card::index_count> left = cards_in_play(tiplu, rules);
  std::vector<Card> wilds;
  for (int index = 0; index < Card::index_count; ++index) {
    if (left[static_cast<std::size_t>(index)] > 0 && tiplu.wild(Card::from_index(index), rules))
      wilds.push_back(Card::from_index(index));
  }
  std::vector<Card> cards;
  for (int tries = 0; plant && cards.size() + 3 <= 21 && tries < 200; ++tries) {
    const auto suit = static_cast<Suit>(below(random, 4));
    const int low = static_cast<int>(below(random, 12));  // a run's first rank, 0 (the ace) to 11
    const auto rank_at = [](int step) { return static_cast<Rank>(step % rank_count + 1); };
    const Card natural(rank_at(low), suit);
    std::array<Card, 3> group = {natural, natural, natural};  // a tunnela
    switch (below(random, 6)) {
      case 0:  // a run (Q-K-A when it starts at the queen)
        group = {natural, Card(rank_at(low + 1), suit), Card(rank_at(low + 2), suit)};
        break;
      case 1: {  // a triplet: every suit but one
        const std::size_t skip = below(random, 4);
        std::size_t at = 0;
        for (std::size_t s = 0; s < 4; ++s) {
          if (s != skip) group[at++] = Card(natural.rank(), static_cast<Suit>(s));
        }
        break;
      }
      case 2:
        break;
      case 3:  // two cards of a run and a wild card
        group = {natural, Card(rank_at(low + 1 + static_cast<int>(below(random, 2))), suit),
                 wilds[below(random, wilds.size())]};
        break;
      case 4:  // two cards of a triplet and a wild card
        group = {natural, Card(natural.rank(), static_cast<Suit>((static_cast<int>(suit) + 1) % 4)),
                 wilds[below(random, wilds.size())]};
        break;
      default:  // two wild cards and any card
        group = {natural, wilds[below(random, wilds.size())], wilds[below(random, wilds.size())]};
        break;
    }
    std::array<int, Card::index_count> taken = left;
    bool all = true;
    for (const Card card : group) all = all && taken[static_cast<std::size_t>(card.index())]-- > 0;
    if (!all) continue;
    left = taken;
    cards.insert(cards.end(), group.begin(), group.end());
  }
  while (cards.size() < size) cards.push_back(any_card_left(random, left));
  if (spoil) {
    Card& swapped = cards[below(random, cards.size())];
    ++left[static_cast<std::size_t>(swapped.index())];
    swapped = any_card_left(random, left);
  }
  // The search reads the cards as counts; the order is mixed all the same.
  for (std::size_t i = cards.size() - 1; i > 0; --i)
    std::swap(cards[i], cards[below(random, i + 1)]);
  return cards;
}

// FNV-1a, one byte at a time.
void hash_byte(std::uint64_t& hash, int byte) {
  hash = (hash ^ static_cast<std::uint8_t>(byte)) * 0x100000001B3ULL;
}

// The answers of split_into_combos on many hands of 21 and 22 cards (the groups, their order
// and their cards' order, the discard), hashed: the search's speed-ups must find the very splits
// the search of 68faeed found, which this hash was taken from.
struct SearchAnswers {
  std::uint64_t hash = 0xCBF29CE484222325ULL;
  int hands = 0, splits = 0;
};
SearchAnswers search_answers(const Rules& rules, int hands, std::uint32_t seed) {
  std::mt19937 random(seed);
  SearchAnswers answers;
  for (int trial = 0; trial < hands; ++trial) {
    const Tiplu tiplu(Card::from_index(static_cast<int>(below(random, 52))));
    const bool choose = trial % 2 == 1;
    const bool plant = trial % 5 != 0;
    const std::vector<Card> cards = marriage_hand(random, choose ? 22 : 21, tiplu, rules, plant,
                                                  plant && below(random, 3) == 0);
    // The maal kept without a card, as check_end counts it: the discard matters.
    const auto maal_without = [&](Card discard) {
      std::vector<Card> kept = cards;
      kept.erase(std::find(kept.begin(), kept.end(), discard));
      return count_maal(kept, {}, tiplu, rules).points;
    };
    const auto split = split_into_combos(cards, choose, tiplu, rules, maal_without);
    ++answers.hands;
    hash_byte(answers.hash, split ? 1 : 0);
    if (!split) continue;
    ++answers.splits;
    for (const auto& group : split->groups) {
      for (const Card card : group) hash_byte(answers.hash, card.index());
      hash_byte(answers.hash, 0xFF);
    }
    hash_byte(answers.hash, split->discard ? split->discard->index() : 0xFE);
  }
  return answers;
}

TEST_CASE("the search finds 68faeed's splits and discards: 21 and 22 cards, hashed") {
  // The hash of every hand's answers, and of the first quarter's (the hands the sanitizers try:
  // hands_to_try).
  struct Case {
    std::string_view house;  // one house rule, or none
    int hands;
    std::uint64_t hash, quarter_hash;
  };
  const std::array<Case, 5> cases = {{
      {"", 8000, 0xefe083a24238d9e6, 0x756c0fa43fc2d221},
      {"printed-jokers=on", 4000, 0x9837b7f78da60cb1, 0xd80a9d654277214f},
      {"ace-low-only=on", 4000, 0xde8b1eac641ac287, 0xabdb027feaf807ee},
      {"alter-only-jokers=on", 4000, 0x1315412bdce7c914, 0x5eb536c05513268b},
      {"long-groups=on", 60, 0x6fe687235eeb25a6, 0x17d7085ab4bb69e},
  }};
  static_assert(hands_to_try(8000) == 8000 || hands_to_try(8000) == 2000,
                "a quarter's hash is for a quarter of the hands");
  std::uint32_t seed = 26;
  for (const Case& each : cases) {
    const Rules rules = each.house.empty() ? marriage() : marriage({each.house});
    const int hands = hands_to_try(each.hands);
    const SearchAnswers answers = search_answers(rules, hands, seed++);
    CAPTURE(answers.splits);
    const std::string hash = fmt::format("{:#x}", answers.hash);
    CAPTURE(hash);
    CHECK(answers.hash == (hands == each.hands ? each.hash : each.quarter_hash));
    CHECK(answers.splits > answers.hands / 4);  // most planted hands split
  }
}

TEST_CASE("a library's cards with four copies of a card take the general search") {
  // The search's cover keeps three copies of a card at most, as three packs hold; a library may
  // pass more, and the answer is still the reference's.
  const Rules rules = Rules::for_variant(Variant::marriage);
  const Tiplu tiplu(card_of("K♥"));
  const Card five = card_of("5♠");
  const std::vector<Card> cards = {five, five, five, five, card_of("6♠"), card_of("7♠")};
  const auto found = split_into_combos(cards, false, tiplu, rules);
  const auto reference = split_into_combos_reference(cards, tiplu, rules);
  CHECK(reference.has_value());
  CHECK(found.has_value() == reference.has_value());
}

}  // namespace
}  // namespace rummy::test
