#include "tiplu.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <bit>
#include <cstring>
#include <functional>
#include <limits>
#include <tuple>
#include <unordered_set>

#include "bits.hpp"
#include "inline_vector.hpp"
#include "maal.hpp"

namespace rummy {

namespace {

// The rank next above (the ace above the king, the two above the ace) and next below, for the
// maal cards (docs/rules.md §9.2).
Rank rank_above(Rank rank) {
  return rank == Rank::king ? Rank::ace : static_cast<Rank>(static_cast<int>(rank) + 1);
}
Rank rank_below(Rank rank) {
  return rank == Rank::ace ? Rank::king : static_cast<Rank>(static_cast<int>(rank) - 1);
}
Suit same_colour(Suit suit) {
  switch (suit) {
    case Suit::spades:
      return Suit::clubs;
    case Suit::clubs:
      return Suit::spades;
    case Suit::hearts:
      return Suit::diamonds;
    case Suit::diamonds:
      return Suit::hearts;
  }
  return suit;
}

}  // namespace

Tiplu::Tiplu(Card card)
    : card_(card),
      poplu_(rank_above(card.rank()), card.suit()),
      jhiplu_(rank_below(card.rank()), card.suit()),
      alter_(card.rank(), same_colour(card.suit())) {}

MaalRole Tiplu::role(Card card) const {
  if (card.is_printed_joker()) return MaalRole::printed;
  if (card == card_) return MaalRole::tiplu;
  if (card == poplu_) return MaalRole::poplu;
  if (card == jhiplu_) return MaalRole::jhiplu;
  if (card.rank() != card_.rank()) return MaalRole::plain;
  return card == alter_ ? MaalRole::alter : MaalRole::joker;
}

bool Tiplu::wild(Card card, const Rules& rules) const {
  const MaalRole role = this->role(card);
  if (role == MaalRole::joker) return !rules.tiplu_rules().alter_only_jokers;
  return role != MaalRole::plain;
}

int Tiplu::copies_in_play(Card card, const Rules& rules) const {
  return rules.copies_in_play(card, card_);
}

std::vector<Card> Tiplu::jokers(const Rules& rules) const {
  std::vector<Card> jokers;
  for (int s = 0; s < suit_count; ++s) {
    const Card card(card_.rank(), static_cast<Suit>(s));
    if (card != card_ && wild(card, rules)) jokers.push_back(card);
  }
  return jokers;
}

std::string Tiplu::text(const Rules& rules) const {
  const std::vector<Card> jokers = this->jokers(rules);
  std::string text = fmt::format("tiplu {}: jhiplu {}, poplu {}", to_string(card_),
                                 to_string(jhiplu_), to_string(poplu_));
  if (!jokers.empty()) text += fmt::format(", ordinary jokers {}", cards_text(jokers));
  text += fmt::format(", alter {}", to_string(alter_));
  return text;
}

// ---- Combinations ------------------------------------------------------------------------------

namespace {

// The ranks of cards of one suit as numbers, the ace low (1) or high (14).
int rank_number(Card card, bool ace_high) {
  const int rank = static_cast<int>(card.rank());
  return rank == 1 && ace_high ? 14 : rank;
}

// Whether naturals of one suit (distinct ranks) fit a sequence of `size` cards with the others
// standing in; `low` is set to the sequence's lowest rank number.
bool fits_sequence(std::span<const Card> naturals, int size, bool ace_high, int& low) {
  int least = 99, most = 0;
  for (const Card card : naturals) {
    least = std::min(least, rank_number(card, ace_high));
    most = std::max(most, rank_number(card, ace_high));
  }
  if (most - least + 1 > size) return false;
  // From the lowest natural upwards (ruling 6.1: J-Q and a joker read J-Q-K), moved down if the
  // run would pass the top.
  const int top = ace_high ? 14 : 13, bottom = ace_high ? 2 : 1;
  low = least;
  if (low + size - 1 > top) low = top - size + 1;
  return low >= bottom && low <= least;
}

Card card_of_number(int number, Suit suit) {
  return Card(static_cast<Rank>(number == 14 ? 1 : number), suit);
}

bool same_suit(std::span<const Card> cards) {
  return std::all_of(cards.begin(), cards.end(),
                     [&](Card card) { return card.suit() == cards.front().suit(); });
}
bool same_rank(std::span<const Card> cards) {
  return std::all_of(cards.begin(), cards.end(),
                     [&](Card card) { return card.rank() == cards.front().rank(); });
}
bool distinct(std::span<const Card> cards) {
  for (std::size_t i = 0; i < cards.size(); ++i) {
    for (std::size_t j = i + 1; j < cards.size(); ++j) {
      if (cards[i] == cards[j]) return false;
    }
  }
  return true;
}
bool distinct_suits(std::span<const Card> cards) {
  for (std::size_t i = 0; i < cards.size(); ++i) {
    for (std::size_t j = i + 1; j < cards.size(); ++j) {
      if (cards[i].suit() == cards[j].suit()) return false;
    }
  }
  return true;
}

// What naturals (every card as itself, none a printed joker) make with `jokers` standing in, in
// a group of naturals.size() + jokers cards: a sequence or a triplet, or nothing.
std::optional<ComboKind> natural_reading(std::span<const Card> naturals, int jokers,
                                         const Rules& rules, ComboVerdict& verdict) {
  const int size = static_cast<int>(naturals.size()) + jokers;
  const int most_set = rules.tiplu_rules().long_groups ? 4 : 3;
  if (naturals.empty()) return std::nullopt;
  if (same_suit(naturals) && distinct(naturals)) {
    for (const bool ace_high : {false, true}) {
      if (ace_high && !rules.melds.ace_high) continue;
      int low = 0;
      if (!fits_sequence(naturals, size, ace_high, low)) continue;
      if (jokers > 0) {
        const Suit suit = naturals.front().suit();
        for (int number = low; number < low + size; ++number) {
          const Card wanted = card_of_number(number, suit);
          if (std::find(naturals.begin(), naturals.end(), wanted) == naturals.end()) {
            verdict.stands_for = wanted;
            break;
          }
        }
      }
      return jokers == 0 ? ComboKind::pure_sequence : ComboKind::dirty_sequence;
    }
  }
  if (same_rank(naturals) && distinct_suits(naturals) && size <= most_set) {
    if (jokers > 0) {
      for (int s = 0; s < suit_count; ++s) {
        const Card wanted(naturals.front().rank(), static_cast<Suit>(s));
        if (std::none_of(naturals.begin(), naturals.end(),
                         [&](Card card) { return card.suit() == wanted.suit(); })) {
          verdict.stands_for = wanted;
          break;
        }
      }
    }
    return jokers == 0 ? ComboKind::triplet : ComboKind::dirty_triplet;
  }
  return std::nullopt;
}

// Why naturals standing as themselves (and `jokers` standing in) make nothing.
void find_fault(std::span<const Card> naturals, int jokers, const Rules& rules,
                ComboVerdict& verdict) {
  for (std::size_t i = 0; i < naturals.size(); ++i) {
    for (std::size_t j = i + 1; j < naturals.size(); ++j) {
      if (naturals[i] != naturals[j]) continue;
      verdict.fault = jokers > 0 ? ComboFault::identical_and_joker : ComboFault::repeated_suit;
      verdict.subject = verdict.other = naturals[i];
      return;
    }
  }
  if (same_suit(naturals)) {
    verdict.subject = naturals.front();
    verdict.other = naturals.back();
    // Around the ace (K-A-2) when the ranks would fit if the ace were both low and high.
    const auto has = [&](Rank rank) {
      return std::any_of(naturals.begin(), naturals.end(),
                         [&](Card card) { return card.rank() == rank; });
    };
    const bool around = has(Rank::ace) && (has(Rank::king) || has(Rank::queen)) &&
                        (has(Rank::two) || has(Rank::three));
    verdict.fault = around ? ComboFault::wraps_around
                           : (jokers > 0 ? ComboFault::no_sequence : ComboFault::gap);
    (void)rules;
    return;
  }
  if (same_rank(naturals)) {
    verdict.fault = ComboFault::repeated_suit;
    for (std::size_t i = 0; i < naturals.size(); ++i) {
      for (std::size_t j = i + 1; j < naturals.size(); ++j) {
        if (naturals[i].suit() == naturals[j].suit()) {
          verdict.subject = naturals[i];
          verdict.other = naturals[j];
        }
      }
    }
    return;
  }
  verdict.fault = ComboFault::mixed;
  verdict.subject = naturals.front();
  for (const Card card : naturals) {
    if (card.suit() != naturals.front().suit() && card.rank() != naturals.front().rank()) {
      verdict.other = card;
      break;
    }
  }
}

}  // namespace

ComboVerdict classify_combo(std::span<const Card> cards, const Tiplu* tiplu, const Rules& rules) {
  const TipluRules& maal = rules.tiplu_rules();
  ComboVerdict verdict;
  const std::size_t size = cards.size();
  if (size == 2) {
    if (cards[0] == cards[1]) {
      verdict.kind = ComboKind::dublee;
    } else {
      verdict.fault = ComboFault::wrong_size;
    }
    return verdict;
  }
  const std::size_t most = maal.long_groups ? longest_combo : 3;
  if (size < 3 || size > most) {
    verdict.fault = ComboFault::wrong_size;
    return verdict;
  }
  if (size == 3 && cards[0] == cards[1] && cards[1] == cards[2]) {
    verdict.kind = ComboKind::tunnela;
    return verdict;
  }
  if (tiplu && size == 3) {
    std::array<Card, 3> sorted = {cards[0], cards[1], cards[2]};
    std::array<Card, 3> marriage = {tiplu->jhiplu(), tiplu->card(), tiplu->poplu()};
    std::sort(sorted.begin(), sorted.end());
    std::sort(marriage.begin(), marriage.end());
    if (sorted == marriage) {
      verdict.kind = ComboKind::marriage;
      return verdict;
    }
  }
  // Every wild card as itself or standing in; the reading with the fewest standing in wins.
  InlineVector<std::size_t, longest_combo> wild;
  for (std::size_t i = 0; i < size; ++i) {
    const bool printed = cards[i].is_printed_joker();
    if (printed && !tiplu) {
      verdict.fault = ComboFault::printed_joker;
      verdict.subject = cards[i];
      return verdict;
    }
    if (tiplu && tiplu->wild(cards[i], rules)) wild.push_back(i);
  }
  const unsigned subsets = 1U << wild.size();
  std::optional<ComboVerdict> best;
  int best_jokers = 99;
  for (unsigned standing = 0; standing < subsets; ++standing) {
    InlineVector<Card, longest_combo> naturals;
    int jokers = 0;
    bool printed_as_itself = false;
    Card joker;
    std::size_t w = 0;
    for (std::size_t i = 0; i < size; ++i) {
      const bool is_wild = w < wild.size() && wild[w] == i;
      const bool stands_in = is_wild && (standing & (1U << w));
      if (is_wild) ++w;
      if (stands_in) {
        ++jokers;
        joker = cards[i];
      } else {
        if (cards[i].is_printed_joker()) printed_as_itself = true;
        naturals.push_back(cards[i]);
      }
    }
    if (printed_as_itself || jokers >= best_jokers) continue;
    ComboVerdict reading;
    if (size == 3 && jokers >= 2) {
      reading.kind = ComboKind::jokers;
    } else if (const auto kind =
                   natural_reading({naturals.data(), naturals.size()}, jokers, rules, reading)) {
      reading.kind = *kind;
      reading.joker = joker;
    } else {
      continue;
    }
    best = reading;
    best_jokers = jokers;
  }
  if (best) return *best;
  // No reading: the fault of the likeliest one, every wild card standing in but one at a time.
  InlineVector<Card, longest_combo> naturals;
  int jokers = 0;
  for (std::size_t i = 0; i < size; ++i) {
    const bool is_wild = std::find(wild.begin(), wild.end(), i) != wild.end();
    if (is_wild && jokers == 0) {
      ++jokers;
    } else {
      naturals.push_back(cards[i]);
    }
  }
  find_fault({naturals.data(), naturals.size()}, jokers, rules, verdict);
  return verdict;
}

std::string explain_combo(const ComboVerdict& verdict, std::span<const Card> cards,
                          const Tiplu* tiplu, const Rules& rules) {
  const std::string_view kind = row_of(combo_kind_rows, verdict.kind).words;
  switch (verdict.kind) {
    case ComboKind::tunnela:
      return "tunnela: three identical cards";
    case ComboKind::pure_sequence:
      return "pure sequence";
    case ComboKind::marriage:
      return tiplu ? fmt::format("marriage: jhiplu {}, tiplu {} and poplu {}",
                                 to_string(tiplu->jhiplu()), to_string(tiplu->card()),
                                 to_string(tiplu->poplu()))
                   : std::string(kind);
    case ComboKind::triplet:
      return "triplet: one rank in different suits";
    case ComboKind::dirty_sequence:
    case ComboKind::dirty_triplet:
      return verdict.stands_for
                 ? fmt::format("{}: {} stands for {}", kind, to_string(verdict.joker),
                               to_string(*verdict.stands_for))
                 : std::string(kind);
    case ComboKind::jokers:
      return "valid: two or more of its cards are jokers";
    case ComboKind::dublee:
      return "dublee: two identical cards";
    case ComboKind::invalid:
      break;
  }
  const std::string subject = to_string(verdict.subject), other = to_string(verdict.other);
  switch (verdict.fault) {
    case ComboFault::wrong_size:
      return rules.tiplu_rules().long_groups
                 ? fmt::format("{} cards: a combination has 3 to {}", cards.size(), longest_combo)
                 : fmt::format("{} cards: a combination has exactly 3", cards.size());
    case ComboFault::identical_and_joker:
      return fmt::format(
          "two identical cards ({}) and a joker: a joker never completes a tunnela, and a "
          "triplet needs three suits",
          subject);
    case ComboFault::no_sequence:
      return fmt::format("no single card joins {} and {} into a sequence", subject, other);
    case ComboFault::wraps_around:
      return "a sequence never turns the corner (K-A-2)";
    case ComboFault::mixed:
      return fmt::format("{} and {} share neither suit nor rank", subject, other);
    case ComboFault::repeated_suit:
      return fmt::format("{} twice: a triplet needs three suits", subject);
    case ComboFault::gap:
      return fmt::format("{} and {} are not in consecutive ranks", subject, other);
    case ComboFault::printed_joker:
      return fmt::format("{} is a printed joker: only natural cards show the first stage",
                         to_string(verdict.subject));
    case ComboFault::none:
      break;
  }
  return std::string(kind);
}

namespace {

// kind_of_three's answer, from what it needs of the tiplu and the rules: `wild`, each card's; the
// marriage's cards in card order.
ComboKind three_kind(const std::array<Card, 3>& cards, const std::array<bool, 3>& wild,
                     const std::array<Card, 3>& marriage, bool ace_high) {
  const Card a = cards[0], b = cards[1], c = cards[2];
  if (a == b && b == c) return ComboKind::tunnela;
  if (cards == marriage) return ComboKind::marriage;
  const auto number = [](Card card, bool high) {
    const int rank = static_cast<int>(card.rank());
    return rank == 1 && high ? 14 : rank;
  };
  // Two or three distinct cards of a suit within a sequence of three, the ace low or high.
  const auto in_sequence = [&](Card x, Card y, Card z, bool three) {
    for (const bool high : {false, true}) {
      if (high && !ace_high) continue;
      const int p = number(x, high), q = number(y, high), r = three ? number(z, high) : p;
      if (std::max({p, q, r}) - std::min({p, q, r}) <= 2) return true;
    }
    return false;
  };
  const auto printed = [](Card card) { return card.is_printed_joker(); };
  // Every card as itself (no printed joker, which never is): a pure sequence or a triplet.
  if (!printed(a) && !printed(b) && !printed(c)) {
    if (a.suit() == b.suit() && b.suit() == c.suit() && a != b && b != c && a != c &&
        in_sequence(a, b, c, true))
      return ComboKind::pure_sequence;
    if (a.rank() == b.rank() && b.rank() == c.rank() && a.suit() != b.suit() &&
        b.suit() != c.suit() && a.suit() != c.suit())
      return ComboKind::triplet;
  }
  // One wild card standing in, the first in card order whose two others make a reading.
  for (std::size_t w = 0; w < 3; ++w) {
    if (!wild[w]) continue;
    const Card x = cards[w == 0 ? 1 : 0], y = cards[w == 2 ? 1 : 2];
    if (printed(x) || printed(y) || x == y) continue;
    if (x.suit() == y.suit() && in_sequence(x, y, x, false)) return ComboKind::dirty_sequence;
    if (x.rank() == y.rank()) return ComboKind::dirty_triplet;  // distinct: two suits
  }
  const int wilds = (wild[0] ? 1 : 0) + (wild[1] ? 1 : 0) + (wild[2] ? 1 : 0);
  return wilds >= 2 ? ComboKind::jokers : ComboKind::invalid;
}

std::array<Card, 3> marriage_cards(const Tiplu& tiplu) {
  std::array<Card, 3> cards = {tiplu.jhiplu(), tiplu.card(), tiplu.poplu()};
  std::sort(cards.begin(), cards.end());
  return cards;
}

}  // namespace

ComboKind kind_of_three(std::array<Card, 3> cards, const Tiplu& tiplu, const Rules& rules) {
  std::sort(cards.begin(), cards.end());
  const std::array<bool, 3> wild = {tiplu.wild(cards[0], rules), tiplu.wild(cards[1], rules),
                                    tiplu.wild(cards[2], rules)};
  return three_kind(cards, wild, marriage_cards(tiplu), rules.melds.ace_high);
}

// ---- A player's cards --------------------------------------------------------------------------

std::vector<Card> TableHand::kept() const {
  std::vector<Card> cards;
  for (const ShownGroup& group : shown)
    cards.insert(cards.end(), group.cards.begin(), group.cards.end());
  for (const auto& group : hand) cards.insert(cards.end(), group.begin(), group.end());
  return cards;
}

std::size_t TableHand::card_count() const {
  return kept().size() + (discard ? 1 : 0);
}

TableHand with_discard(TableHand hand, Card discard) {
  for (auto& group : hand.hand) {
    const auto found = std::find(group.begin(), group.end(), discard);
    if (found == group.end()) continue;
    group.erase(found);
    hand.discard = discard;
    break;
  }
  return hand;
}

int assumed_players(const Rules& rules) {
  return std::min(rules.tiplu_rules().dublee_min_players, rules.match.max_players);
}

namespace {

std::string group_text(std::span<const Card> cards) {
  return cards_text(cards, "-");
}

}  // namespace

StageCheck check_first_stage(const TableHand& hand, int players, const Rules& rules) {
  const TipluRules& maal = rules.tiplu_rules();
  StageCheck check;
  int pure = 0, dublees = 0;
  for (const ShownGroup& group : hand.shown) {
    const ComboVerdict verdict = classify_combo(group.cards, nullptr, rules);
    if (group.at_deal) {
      if (verdict.kind != ComboKind::tunnela) {
        check.faults.push_back(
            fmt::format("{} is marked (deal), but only a tunnela is shown at the deal",
                        group_text(group.cards)));
      } else {
        ++check.deal_tunnelas;
      }
    }
    if (verdict.kind == ComboKind::dublee) {
      ++dublees;
    } else if (is_pure(verdict.kind) && verdict.kind != ComboKind::triplet) {
      ++pure;
    } else {
      check.faults.push_back(fmt::format(
          "{} shown: {}; the first stage shows tunnelas and pure sequences of natural cards",
          group_text(group.cards), explain_combo(verdict, group.cards, nullptr, rules)));
    }
  }
  if (dublees > 0 && pure > 0) {
    check.faults.push_back(
        "dublees and combinations shown together: the first stage is one or "
        "the other");
  }
  if (dublees > 0 && pure == 0) {
    if (dublees != maal.dublees_needed) {
      check.faults.push_back(
          fmt::format("{} dublees shown: the dublee route shows {}", dublees, maal.dublees_needed));
    } else if (maal.dublee_min_players > rules.match.max_players) {
      check.faults.push_back(fmt::format(
          "{} dublees: the dublee route is not played here (house rule dublee-min-players={})",
          dublees, maal.dublee_min_players));
    } else if (players < maal.dublee_min_players) {
      check.faults.push_back(
          fmt::format("{} dublees with {} players dealt in: the dublee route needs at least {} "
                      "(house rule dublee-min-players)",
                      dublees, players, maal.dublee_min_players));
    } else {
      check.stage = FirstStage::dublees;
    }
  }
  if (pure >= maal.pure_needed && dublees == 0) check.stage = FirstStage::combinations;
  if (!check.faults.empty()) check.stage = FirstStage::none;
  return check;
}

namespace {

// The cards of a hand's loose part and the discard, for the search.
std::vector<Card> flat(const std::vector<std::vector<Card>>& groups) {
  std::vector<Card> cards;
  for (const auto& group : groups) cards.insert(cards.end(), group.begin(), group.end());
  return cards;
}

// The maal a hand keeps when `discard` is thrown from `cards` (the loose part), its shown groups
// kept: the search keeps the most.
int maal_without(const TableHand& hand, std::span<const Card> loose, std::optional<Card> discard,
                 const Tiplu& tiplu, const Rules& rules) {
  TableHand kept = hand;
  kept.hand = {std::vector<Card>(loose.begin(), loose.end())};
  kept.discard.reset();
  return count_maal(discard ? with_discard(std::move(kept), *discard) : kept, tiplu, rules).points;
}

}  // namespace

EndCheck check_end(const TableHand& hand, const Tiplu& tiplu, int players, const Rules& rules) {
  EndCheck check;
  const StageCheck stage = check_first_stage(hand, players, rules);
  check.faults = stage.faults;
  check.route = stage.stage;
  check.discard = hand.discard;
  for (const ShownGroup& group : hand.shown) {
    check.groups.push_back(
        {group.cards, classify_combo(group.cards, nullptr, rules), true, group.at_deal});
  }
  if (stage.stage == FirstStage::none) {
    if (stage.faults.empty()) {
      check.faults.push_back(fmt::format(
          "has not seen the tiplu: {} pure combinations (or {} dublees) are shown before ending",
          rules.tiplu_rules().pure_needed, rules.tiplu_rules().dublees_needed));
    }
    return check;
  }
  const std::vector<Card> loose = flat(hand.hand);
  if (stage.stage == FirstStage::dublees) {
    // An eighth dublee from the cards in hand: written as a group of two, or found among them.
    std::optional<std::vector<Card>> eighth;
    if (hand.hand_grouped) {
      for (const auto& group : hand.hand) {
        if (group.size() == 2 && group[0] == group[1]) {
          eighth = group;
          break;
        }
      }
    } else {
      std::vector<Card> sorted = loose;
      std::sort(sorted.begin(), sorted.end());
      for (std::size_t i = 0; i + 1 < sorted.size() && !eighth; ++i) {
        if (sorted[i] == sorted[i + 1]) eighth = std::vector<Card>{sorted[i], sorted[i]};
      }
    }
    if (!eighth) {
      check.faults.push_back("no eighth dublee in hand: a dublee end shows one more");
      check.loose = loose;
      return check;
    }
    check.groups.push_back({*eighth, classify_combo(*eighth, &tiplu, rules), false, false});
    std::vector<Card> rest = loose;
    for (const Card card : *eighth) rest.erase(std::find(rest.begin(), rest.end(), card));
    if (!check.discard && rest.size() + hand.kept().size() - loose.size() + 2 >
                              static_cast<std::size_t>(rules.deal.hand_size)) {
      // 22 cards and no discard written: throw the card that keeps the most maal.
      std::optional<Card> best;
      int most = -1;
      for (const Card card : rest) {
        const int points = maal_without(hand, loose, card, tiplu, rules);
        if (points > most) {
          most = points;
          best = card;
        }
      }
      check.discard = best;
      rest.erase(std::find(rest.begin(), rest.end(), *best));
      check.arranged = true;
    }
    check.loose = rest;
    return check;
  }
  if (hand.hand_grouped) {
    for (const auto& group : hand.hand) {
      ComboVerdict verdict = classify_combo(group, &tiplu, rules);
      if (!is_combination(verdict.kind)) {
        check.faults.push_back(fmt::format("{} is not a combination: {}", group_text(group),
                                           explain_combo(verdict, group, &tiplu, rules)));
      }
      check.groups.push_back({group, verdict, false, false});
    }
    return check;
  }
  const std::size_t kept_shown = hand.kept().size() - loose.size();
  const bool choose =
      !hand.discard && kept_shown + loose.size() > static_cast<std::size_t>(rules.deal.hand_size);
  const auto split = split_into_combos(loose, choose, tiplu, rules, [&](Card discard) {
    return maal_without(hand, loose, discard, tiplu, rules);
  });
  if (!split) {
    check.faults.push_back(fmt::format("the cards in hand make no {}: {}",
                                       choose ? "combinations with any discard" : "combinations",
                                       cards_text(loose)));
    check.loose = loose;
    return check;
  }
  check.arranged = true;
  if (split->discard) check.discard = split->discard;
  for (const auto& group : split->groups) {
    check.groups.push_back({group, classify_combo(group, &tiplu, rules), false, false});
  }
  return check;
}

std::vector<EndOut> find_end_outs(const TableHand& hand, const Tiplu& tiplu, int players,
                                  const Rules& rules) {
  std::vector<EndOut> outs;
  if (check_first_stage(hand, players, rules).stage == FirstStage::none) return outs;
  std::array<int, Card::index_count> held{};
  for (const Card card : hand.kept()) ++held[static_cast<std::size_t>(card.index())];
  // The drawn card joins the loose part; the end is searched as for a hand written loose.
  TableHand drawn = hand;
  drawn.hand = {flat(hand.hand)};
  drawn.hand_grouped = false;
  drawn.discard.reset();
  drawn.hand.front().push_back(Card());
  for (int index = 0; index < Card::index_count; ++index) {
    const Card card = Card::from_index(index);
    const int left = tiplu.copies_in_play(card, rules) - held[static_cast<std::size_t>(index)];
    if (left <= 0) continue;
    drawn.hand.front().back() = card;
    const EndCheck check = check_end(drawn, tiplu, players, rules);
    if (!check.valid()) continue;
    const MaalCount kept =
        count_maal(check.discard ? with_discard(drawn, *check.discard) : drawn, tiplu, rules);
    outs.push_back({card, left, check.discard, kept.points});
  }
  return outs;
}

// ---- The search ---------------------------------------------------------------------------------

namespace {

// Cards as counts by index: the search's state.
using Counts = std::array<std::uint8_t, Card::index_count>;

struct CountsKey {
  std::uint64_t low = 0, high = 0;
  bool operator==(const CountsKey&) const = default;
};
struct CountsHash {
  std::size_t operator()(const CountsKey& key) const {
    return std::hash<std::uint64_t>()(key.low * 0x9E3779B97F4A7C15ULL ^ key.high);
  }
};
// The counts (each 0 to 3) two bits each: eight at a time, each eight bytes read as one number
// and their low two bits gathered into 16 (the search makes a key at every step, and this was a
// quarter of its time one count at a time).
CountsKey key_of(const Counts& counts) {
  std::array<std::uint8_t, 56> bytes{};  // seven eights: the 53 counts, then zeros
  std::memcpy(bytes.data(), counts.data(), counts.size());
  CountsKey key;
  for (std::size_t eight = 0; eight < 7; ++eight) {
    std::uint64_t x = 0;
    std::memcpy(&x, bytes.data() + 8 * eight, 8);
    x &= 0x0303030303030303ULL;
    x = (x | (x >> 6)) & 0x000F000F000F000FULL;   // pairs of counts: 4 bits in each 16
    x = (x | (x >> 12)) & 0x000000FF000000FFULL;  // fours: 8 bits in each 32
    x = (x | (x >> 24)) & 0xFFFFULL;              // all eight: 16 bits
    if (eight < 4) {
      key.low |= x << (16 * eight);
    } else {
      key.high |= x << (16 * (eight - 4));
    }
  }
  return key;
}

// Whether the cards split into threes, asked without placing a wild card (no long groups). Which
// threes are combinations depends on the wild cards only by their number (classify_combo):
// - three natural cards (no wild card among them) make one only as themselves: a tunnela, a pure
//   sequence or a triplet;
// - two natural cards and a wild card make one when the two are a couple: two cards of one suit
//   that a third card joins into a sequence (ranks one or two apart, the ace low, or high where
//   the rules say), or of one rank in two suits; the wild card stands in for the third. (A wild
//   card as itself makes no more: the two others of a pure sequence or a triplet are a couple.)
// - a natural card and two wild cards, or three wild cards, are always one (two jokers or more).
// So cards split when their number is a multiple of three and their natural cards split into
// natural threes, couples and single cards needing no more wild cards than there are: a couple
// needs one, a single card two, and the wild cards left over make threes of their own. The
// search below answers that question over the natural cards alone, each wild card counted rather
// than placed (to it every wild card is the same card), memoised by the natural cards left; a
// bound counted card by card (least_need) rejects at once most hands and most steps.
class NaturalCover {
 public:
  // The natural cards as three bit boards, by copies held: `one` has a card's bit when at least
  // one copy is held, `two` at least two, `three` three. Suit s in bits 16s to 16s + 12, the ace
  // at 16s: a suit's ranks shift together, and every suit's at once.
  struct Naturals {
    std::uint64_t one = 0, two = 0, three = 0;
    bool operator==(const Naturals&) const = default;
    void add(int bit) {
      const std::uint64_t card = std::uint64_t{1} << bit;
      if (two & card) {
        three |= card;
      } else if (one & card) {
        two |= card;
      } else {
        one |= card;
      }
    }
    void take(int bit) {
      const std::uint64_t card = std::uint64_t{1} << bit;
      if (three & card) {
        three ^= card;
      } else if (two & card) {
        two ^= card;
      } else {
        one ^= card;
      }
    }
  };
  static int bit_of(int index) { return 16 * (index / rank_count) + index % rank_count; }
  static int index_of(int bit) { return rank_count * (bit / 16) + bit % 16; }

  NaturalCover(const Tiplu& tiplu, const Rules& rules) : ace_high_(rules.melds.ace_high) {
    for (int index = 0; index < Card::index_count; ++index)
      wild_[static_cast<std::size_t>(index)] = tiplu.wild(Card::from_index(index), rules);
  }
  bool wild(int index) const { return wild_[static_cast<std::size_t>(index)]; }

  // The natural cards of `counts` and the number of wild cards.
  Naturals naturals(const Counts& counts, int& wilds) const {
    Naturals naturals;
    wilds = 0;
    for (int index = 0; index < Card::index_count; ++index) {
      const int count = counts[static_cast<std::size_t>(index)];
      if (count == 0) continue;
      if (wild_[static_cast<std::size_t>(index)]) {
        wilds += count;
        continue;
      }
      for (int copy = 0; copy < count; ++copy) naturals.add(bit_of(index));
    }
    return naturals;
  }

  // Whether the natural cards split into natural threes, couples and single cards needing at
  // most `wilds` wild cards.
  bool covers(const Naturals& naturals, int wilds) { return cover(naturals, wilds); }

 private:
  static constexpr std::uint64_t ranks = 0x1FFF1FFF1FFF1FFFULL;  // the 13 bits of each suit
  static constexpr std::uint64_t aces = 0x0001000100010001ULL;

  static int cards_in(const Naturals& naturals, std::uint64_t mask) {
    return bit_count(naturals.one & mask) + bit_count(naturals.two & mask) +
           bit_count(naturals.three & mask);
  }

  // Twice the fewest wild cards the natural cards could need, counted card by card: a card in
  // no natural three the cards make needs half a wild card at least (in a couple), and one in no
  // couple either two (alone). Every copy is counted: a card's partners are other cards (a
  // couple of identical cards is no combination), but for the tunnela.
  int least_need(const Naturals& naturals) const {
    const std::uint64_t held = naturals.one;
    // With the ace high, each suit's ace is also bit 13, above the king.
    const std::uint64_t line = ace_high_ ? held | ((held & aces) << 13) : held;
    const std::uint64_t starts = line & (line >> 1) & (line >> 2);
    std::uint64_t in_run = starts | (starts << 1) | (starts << 2);
    std::uint64_t near = (line << 1) | (line << 2) | (line >> 1) | (line >> 2);
    if (ace_high_) {
      in_run |= (in_run >> 13) & aces;
      near |= (near >> 13) & aces;
    }
    // The same rank in the other suits: the suits' boards turned a suit at a time.
    const std::uint64_t a = std::rotl(held, 16), b = std::rotl(held, 32), c = std::rotl(held, 48);
    const std::uint64_t other_suit = a | b | c, two_other_suits = (a & b) | (a & c) | (b & c);
    const std::uint64_t in_three = held & (in_run | two_other_suits | naturals.three);
    const std::uint64_t in_couple = held & ~in_three & (near | other_suit) & ranks;
    const std::uint64_t alone = held & ~in_three & ~in_couple;
    return 4 * cards_in(naturals, alone) + cards_in(naturals, in_couple);
  }

  bool cover(const Naturals& naturals, int wilds) {
    if (naturals.one == 0) return true;
    if (least_need(naturals) > 2 * wilds) return false;
    Known& known = known_of(naturals);
    if (wilds <= known.fails) return false;
    if (wilds >= known.covers) return true;
    const bool covered = cover_pivot(naturals, wilds);
    Known& again = known_of(naturals);  // the table may have grown
    if (covered) {
      again.covers = static_cast<std::int8_t>(std::min<int>(again.covers, wilds));
    } else {
      again.fails = static_cast<std::int8_t>(std::max<int>(again.fails, wilds));
    }
    return covered;
  }

  // The lowest natural card left goes with others above it (every card below is gone): in a
  // natural three, in a couple, or alone; the cheapest first.
  bool cover_pivot(const Naturals& naturals, int wilds) {
    const int pivot = std::countr_zero(naturals.one);
    const int suit = pivot / 16, rank = pivot % 16;
    const auto has = [&](int bit) { return (naturals.one >> bit) & 1U; };
    const auto without = [&](std::initializer_list<int> bits) {
      Naturals left = naturals;
      for (const int bit : bits) left.take(bit);
      return left;
    };
    // Natural threes: a tunnela, a sequence upwards (Q-K-A for an ace high), a triplet.
    if (((naturals.three >> pivot) & 1U) && cover(without({pivot, pivot, pivot}), wilds))
      return true;
    if (rank + 2 < rank_count && has(pivot + 1) && has(pivot + 2) &&
        cover(without({pivot, pivot + 1, pivot + 2}), wilds))
      return true;
    if (ace_high_ && rank == 0 && has(pivot + 11) && has(pivot + 12) &&
        cover(without({pivot, pivot + 11, pivot + 12}), wilds))
      return true;
    for (int second = suit + 1; second < suit_count; ++second) {
      const int at = pivot + 16 * (second - suit);
      if (!has(at)) continue;
      for (int third = second + 1; third < suit_count; ++third) {
        const int beyond = pivot + 16 * (third - suit);
        if (has(beyond) && cover(without({pivot, at, beyond}), wilds)) return true;
      }
    }
    // Couples, each with a wild card.
    if (wilds >= 1) {
      for (const int step : {1, 2}) {
        if (rank + step < rank_count && has(pivot + step) &&
            cover(without({pivot, pivot + step}), wilds - 1))
          return true;
      }
      if (ace_high_ && rank == 0) {
        for (const int step : {12, 11}) {
          if (has(pivot + step) && cover(without({pivot, pivot + step}), wilds - 1)) return true;
        }
      }
      for (int second = suit + 1; second < suit_count; ++second) {
        const int at = pivot + 16 * (second - suit);
        if (has(at) && cover(without({pivot, at}), wilds - 1)) return true;
      }
    }
    // Alone, with two wild cards.
    return wilds >= 2 && cover(without({pivot}), wilds - 2);
  }

  // What is known of some natural cards: they fail with `fails` wild cards or fewer, and are
  // covered by `covers` or more.
  struct Known {
    std::int8_t fails = -1, covers = std::numeric_limits<std::int8_t>::max();
  };
  struct Entry {
    Naturals naturals;  // none: an empty slot (no empty Naturals is looked up)
    Known known;
  };
  Known& known_of(const Naturals& naturals) {
    if (2 * (used_ + 1) > table_.size()) grow();
    const std::size_t mask = table_.size() - 1;
    for (std::size_t at = hash(naturals) & mask;; at = (at + 1) & mask) {
      Entry& entry = table_[at];
      if (entry.naturals == naturals) return entry.known;
      if (entry.naturals.one == 0) {
        entry.naturals = naturals;
        ++used_;
        return entry.known;
      }
    }
  }
  static std::size_t hash(const Naturals& naturals) {
    const std::uint64_t mixed =
        (naturals.one ^ (naturals.two * 0x9E3779B97F4A7C15ULL) ^ (naturals.three << 7)) *
        0xBF58476D1CE4E5B9ULL;
    return static_cast<std::size_t>(mixed ^ (mixed >> 31));
  }
  void grow() {
    std::vector<Entry> old(table_.empty() ? 64 : 2 * table_.size());
    old.swap(table_);
    used_ = 0;
    for (const Entry& entry : old) {
      if (entry.naturals.one != 0) known_of(entry.naturals) = entry.known;
    }
  }

  std::array<bool, Card::index_count> wild_{};
  bool ace_high_;
  std::vector<Entry> table_;
  std::size_t used_ = 0;
};

class Splitter {
 public:
  // `hand`: the cards of the hand, as counts; every `counts` split is some of them.
  // `cover`: the cover of the same tiplu and rules, without long groups.
  Splitter(const Counts& hand, const Tiplu& tiplu, const Rules& rules, NaturalCover* cover)
      : tiplu_(tiplu),
        rules_(rules),
        most_(rules.tiplu_rules().long_groups ? 5 : 3),
        hand_(hand),
        marriage_(marriage_cards(tiplu)),
        cover_(cover) {
    for (int index = 0; index < Card::index_count; ++index) {
      const auto at = static_cast<std::size_t>(index);
      wild_[at] = tiplu_.wild(Card::from_index(index), rules_);
      if (hand_[at] == 0) continue;
      place_[at] = held_.size();
      held_.push_back(index);
    }
    kinds_.assign(held_.size() * held_.size() * held_.size(), unknown);
  }

  // Groups of the cards in `counts`, or false. Every card is in some group, so the search takes
  // one card (the lowest natural card, so that jokers are placed last) and tries each group of 3
  // (to 5 with long groups: longer ones split into those) it makes with the others, the purest
  // kinds first (so that the groups found read as a player would lay them out).
  bool split(Counts& counts, std::vector<std::vector<Card>>& groups) {
    if (most_ == 3 && cover_ != nullptr) {
      int wilds = 0;
      const NaturalCover::Naturals naturals = cover_->naturals(counts, wilds);
      return cover_->covers(naturals, wilds) && split_by_threes(counts, naturals, wilds, groups);
    }
    int pivot = -1, first = -1;
    for (int index = 0; index < Card::index_count; ++index) {
      if (counts[static_cast<std::size_t>(index)] == 0) continue;
      if (first < 0) first = index;
      if (!wild_[static_cast<std::size_t>(index)]) {
        pivot = index;
        break;
      }
    }
    if (first < 0) return true;
    if (pivot < 0) pivot = first;
    const CountsKey key = key_of(counts);
    if (failed_.contains(key)) return false;
    --counts[static_cast<std::size_t>(pivot)];
    std::vector<std::pair<ComboKind, std::vector<Card>>> candidates;
    std::vector<Card> group = {Card::from_index(pivot)};
    collect(counts, group, 0, candidates);
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [kind, cards] : candidates) {
      for (std::size_t i = 1; i < cards.size(); ++i)
        --counts[static_cast<std::size_t>(cards[i].index())];
      groups.push_back(cards);
      if (split(counts, groups)) return true;
      groups.pop_back();
      for (std::size_t i = 1; i < cards.size(); ++i)
        ++counts[static_cast<std::size_t>(cards[i].index())];
    }
    ++counts[static_cast<std::size_t>(pivot)];
    failed_.insert(key);
    return false;
  }

  // split's step with groups of three alone (no long groups), for `counts` that split (their
  // natural cards `naturals`, and `wilds` wild cards, covered): the pivot as split takes it, and
  // the threes of the hand that hold it, in the order split tries them, each tried when its
  // other two cards are still in `counts`. Listed once for each pivot (threes_with), they are the
  // very candidates collect finds at every step, in the same order, without building them. A
  // three whose taking leaves cards that split in no way is passed over (the cover answers that
  // without placing a wild card): the search goes straight to the split it found before by
  // trying, the first in its order, since the threes it passes over are the ones that failed.
  // The threes taken are kept as indices, and made groups only once every card is in one.
  bool split_by_threes(Counts& counts, const NaturalCover::Naturals& naturals, int wilds,
                       std::vector<std::vector<Card>>& groups) {
    int pivot = -1;
    if (naturals.one != 0) {
      pivot = NaturalCover::index_of(std::countr_zero(naturals.one));
    } else {
      for (int index = 0; index < Card::index_count && pivot < 0; ++index) {
        if (counts[static_cast<std::size_t>(index)] > 0) pivot = index;
      }
    }
    if (pivot < 0) {
      for (const auto& [one, two, three] : threes_taken_) {
        groups.push_back({Card::from_index(one), Card::from_index(two), Card::from_index(three)});
      }
      threes_taken_.clear();  // the callers return at once, and the next split starts afresh
      return true;
    }
    const auto take = [&](NaturalCover::Naturals& left, int& wild_left, int index) {
      if (wild_[static_cast<std::size_t>(index)]) {
        --wild_left;
      } else {
        left.take(NaturalCover::bit_of(index));
      }
    };
    NaturalCover::Naturals rest = naturals;
    int rest_wilds = wilds;
    take(rest, rest_wilds, pivot);
    --counts[static_cast<std::size_t>(pivot)];
    for (const Three& three : threes_with(pivot)) {
      auto& second = counts[three.second];
      auto& third = counts[three.third];
      if (second == 0 || third == 0 || (three.second == three.third && second < 2)) continue;
      NaturalCover::Naturals left = rest;
      int wild_left = rest_wilds;
      take(left, wild_left, three.second);
      take(left, wild_left, three.third);
      if (!cover_->covers(left, wild_left)) continue;
      --second;
      --third;
      threes_taken_.push_back({pivot, three.second, three.third});
      if (split_by_threes(counts, left, wild_left, groups)) return true;
      threes_taken_.pop_back();
      ++second;
      ++third;
    }
    ++counts[static_cast<std::size_t>(pivot)];
    return false;
  }

  // Whether the card of `index` makes some combination with the other cards of `counts`: a card
  // that makes none is in no split (with long groups, the search's first, cheap test).
  bool fits_somewhere(Counts& counts, int index) {
    --counts[static_cast<std::size_t>(index)];
    std::vector<std::pair<ComboKind, std::vector<Card>>> found;
    std::vector<Card> group = {Card::from_index(index)};
    collect(counts, group, 0, found);
    ++counts[static_cast<std::size_t>(index)];
    return !found.empty();
  }

 private:
  // What three cards make, classified once for each three a search meets (a search meets the
  // same threes again and again, in other orders of the other groups).
  ComboKind kind_of_three(const std::vector<Card>& group) {
    std::array<std::size_t, 3> at = {place_[static_cast<std::size_t>(group[0].index())],
                                     place_[static_cast<std::size_t>(group[1].index())],
                                     place_[static_cast<std::size_t>(group[2].index())]};
    std::sort(at.begin(), at.end());
    const std::size_t n = held_.size();
    std::uint8_t& kind = kinds_[(at[0] * n + at[1]) * n + at[2]];
    if (kind == unknown) {
      // Two cards of a three that are not wild and share neither suit nor rank are in no
      // sequence and no triplet, as themselves or beside a joker: the three makes nothing (a
      // marriage, a tunnela, or two jokers and a card, have no such two). Most threes of a hand
      // are answered so, without the classifier.
      const auto apart = [&](std::size_t a, std::size_t b) {
        const auto wild = [&](Card card) { return wild_[static_cast<std::size_t>(card.index())]; };
        return !wild(group[a]) && !wild(group[b]) && group[a].suit() != group[b].suit() &&
               group[a].rank() != group[b].rank();
      };
      // Without long groups, the three is classified with its cards in card order. The order
      // matters: classify_combo may read three cards of which two are wild as a dirty sequence
      // in one order and a dirty triplet in another (9♦ 9♣ 10♣ with tiplu 9♣: the first wild
      // card standing in that gives a reading wins), and the kind orders threes_with's lists,
      // so the split found. The search used to list every card's threes first, card by card,
      // looking for cards in no combination, and so met every three first in card order.
      // (three_kind gives classify_combo's kind of three cards in card order, quickly: the
      // search meets hundreds of threes, most with a wild card.)
      ComboKind found = ComboKind::invalid;
      if (apart(0, 1) || apart(0, 2) || apart(1, 2)) {
        found = ComboKind::invalid;
      } else if (most_ == 3) {
        const std::array<int, 3> in_order = {held_[at[0]], held_[at[1]], held_[at[2]]};
        const auto wild = [&](int index) { return wild_[static_cast<std::size_t>(index)]; };
        found = three_kind({Card::from_index(in_order[0]), Card::from_index(in_order[1]),
                            Card::from_index(in_order[2])},
                           {wild(in_order[0]), wild(in_order[1]), wild(in_order[2])}, marriage_,
                           rules_.melds.ace_high);
      } else {
        found = classify_combo(group, &tiplu_, rules_).kind;
      }
      kind = static_cast<std::uint8_t>(found);
    }
    return static_cast<ComboKind>(kind);
  }

  // Every combination of the group's first card with others of `counts` (in index order). Not
  // inlined: GCC 12, seeing a group of one card built by a caller, warns wrongly (-Warray-bounds)
  // about the three-card lookup it never reaches for that group.
  [[gnu::noinline]] void collect(Counts& counts, std::vector<Card>& group, int from,
                                 std::vector<std::pair<ComboKind, std::vector<Card>>>& found) {
    if (group.size() >= 3) {
      const ComboKind kind =
          group.size() == 3 ? kind_of_three(group) : classify_combo(group, &tiplu_, rules_).kind;
      if (is_combination(kind)) found.emplace_back(kind, group);
    }
    if (group.size() == most_) return;
    for (int index = from; index < Card::index_count; ++index) {
      auto& count = counts[static_cast<std::size_t>(index)];
      if (count == 0) continue;
      --count;
      group.push_back(Card::from_index(index));
      collect(counts, group, index, found);
      group.pop_back();
      ++count;
    }
  }

  // A combination of three with split's pivot: the indices of its other two cards (the second
  // no higher than the third).
  struct Three {
    std::uint8_t second = 0, third = 0;
  };

  // Every combination of three the hand holds with the card of `pivot`, as collect would find
  // them with the whole hand left (the second and third card in index order), then sorted,
  // stably, by kind as split sorts them.
  const std::vector<Three>& threes_with(int pivot) {
    const auto at = static_cast<std::size_t>(pivot);
    if (threes_known_[at]) return threes_[at];
    std::vector<std::pair<ComboKind, Three>> found;
    const auto held = [&](int index, int copies) {
      return hand_[static_cast<std::size_t>(index)] >= copies;
    };
    // Two cards apart (as kind_of_three says) are in no combination, whatever the third: the
    // pairs of a natural pivot are mostly passed over so, before any third is tried.
    const auto apart = [&](int one, int other) {
      const Card a = Card::from_index(one), b = Card::from_index(other);
      return !wild_[static_cast<std::size_t>(one)] && !wild_[static_cast<std::size_t>(other)] &&
             a.suit() != b.suit() && a.rank() != b.rank();
    };
    std::vector<Card> group(3, Card::from_index(pivot));
    for (std::size_t i = 0; i < held_.size(); ++i) {
      const int second = held_[i];
      if (!held(second, second == pivot ? 2 : 1) || apart(pivot, second)) continue;
      for (std::size_t j = i; j < held_.size(); ++j) {
        const int third = held_[j];
        const int copies = 1 + (third == second ? 1 : 0) + (third == pivot ? 1 : 0);
        if (!held(third, copies) || apart(pivot, third) || apart(second, third)) continue;
        group[1] = Card::from_index(second);
        group[2] = Card::from_index(third);
        const ComboKind kind = kind_of_three(group);
        if (!is_combination(kind)) continue;
        found.emplace_back(
            kind, Three{static_cast<std::uint8_t>(second), static_cast<std::uint8_t>(third)});
      }
    }
    std::stable_sort(found.begin(), found.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [kind, three] : found) threes_[at].push_back(three);
    threes_known_[at] = true;
    return threes_[at];
  }

  static constexpr std::uint8_t unknown = 0xFF;
  const Tiplu& tiplu_;
  const Rules& rules_;
  std::size_t most_;
  Counts hand_;
  std::array<bool, Card::index_count> wild_{};          // by card index
  std::vector<int> held_;                               // the hand's card indices, in order
  std::array<std::size_t, Card::index_count> place_{};  // a held index's place in held_
  std::vector<std::uint8_t> kinds_;  // kind_of_three's answers, by the three sorted places
  std::array<Card, 3> marriage_;     // the marriage's cards, in card order
  NaturalCover* cover_;              // without long groups
  std::unordered_set<CountsKey, CountsHash> failed_;  // with long groups: counts that split not
  std::vector<std::array<int, 3>> threes_taken_;      // split_by_threes's groups, as indices
  std::array<std::vector<Three>, Card::index_count> threes_;  // threes_with's, by pivot
  std::array<bool, Card::index_count> threes_known_{};
};

}  // namespace

namespace {

// A group as a player lays it out: natural cards by rank (the ace high beside a king or queen),
// then the jokers.
void lay_out(std::vector<Card>& group, const Tiplu& tiplu, const Rules& rules) {
  const bool ace_high = std::any_of(group.begin(), group.end(), [](Card card) {
    return card.rank() == Rank::king || card.rank() == Rank::queen;
  });
  const auto key = [&](Card card) {
    const int rank = static_cast<int>(card.rank());
    return std::make_tuple(tiplu.wild(card, rules) ? 1 : 0, rank == 1 && ace_high ? 14 : rank,
                           card.index());
  };
  std::stable_sort(group.begin(), group.end(), [&](Card a, Card b) { return key(a) < key(b); });
}

// How natural a split reads: its groups with no joker standing in. (A three's kind read in card
// order is its kind in any order but for a dirty sequence or triplet: the same count.)
int pure_groups(const ComboSplit& split, const Tiplu& tiplu, const Rules& rules) {
  int pure = 0;
  for (const auto& group : split.groups) {
    const ComboKind kind = group.size() == 3
                               ? kind_of_three({group[0], group[1], group[2]}, tiplu, rules)
                               : classify_combo(group, &tiplu, rules).kind;
    pure += kind == ComboKind::tunnela || kind == ComboKind::pure_sequence ||
                    kind == ComboKind::marriage || kind == ComboKind::triplet
                ? 1
                : 0;
  }
  return pure;
}

}  // namespace

std::optional<ComboSplit> split_into_combos(std::span<const Card> cards, bool choose_discard,
                                            const Tiplu& tiplu, const Rules& rules,
                                            const std::function<int(Card)>& maal_without) {
  Counts counts{};
  for (const Card card : cards) ++counts[static_cast<std::size_t>(card.index())];
  const Counts hand = counts;
  // The cover keeps three copies of a card at most, as three packs hold; a library's own cards
  // may hold more, and take the general step, as long groups do.
  const bool three_copies_at_most =
      std::all_of(counts.begin(), counts.end(), [](auto copies) { return copies <= 3; });
  std::optional<NaturalCover> cover;
  if (!rules.tiplu_rules().long_groups && three_copies_at_most) cover.emplace(tiplu, rules);
  // The search, made for the first cards that may split (most hands have none).
  std::optional<Splitter> splitter;
  const auto search = [&]() -> Splitter& {
    if (!splitter) splitter.emplace(hand, tiplu, rules, cover ? &*cover : nullptr);
    return *splitter;
  };
  const auto finish = [&](ComboSplit split) {
    for (auto& group : split.groups) lay_out(group, tiplu, rules);
    return split;
  };
  // Whether the cards less the card of `thrown` (none: -1) may split. Without long groups the
  // cover answers exactly. With them, a card that makes no combination with any others (an
  // orphan) is in no split: none may be left.
  int wilds = 0;
  const NaturalCover::Naturals naturals =
      cover ? cover->naturals(counts, wilds) : NaturalCover::Naturals{};
  int orphans = 0;
  std::optional<int> orphan;
  if (!cover) {
    for (int index = 0; index < Card::index_count; ++index) {
      if (counts[static_cast<std::size_t>(index)] == 0 || search().fits_somewhere(counts, index)) {
        continue;
      }
      orphans += counts[static_cast<std::size_t>(index)];
      orphan = index;
    }
  }
  const auto may_split = [&](int thrown) {
    if (!cover) return orphans == 0 || (orphans == 1 && thrown == *orphan);
    if ((cards.size() - (thrown >= 0 ? 1 : 0)) % 3 != 0) return false;
    if (thrown < 0) return cover->covers(naturals, wilds);
    if (cover->wild(thrown)) return cover->covers(naturals, wilds - 1);
    NaturalCover::Naturals left = naturals;
    left.take(NaturalCover::bit_of(thrown));
    return cover->covers(left, wilds);
  };
  if (!choose_discard) {
    ComboSplit split;
    if (!may_split(-1) || !search().split(counts, split.groups)) return std::nullopt;
    return finish(std::move(split));
  }
  // The discard that keeps the most maal; between equals, the one whose split reads purest.
  std::optional<ComboSplit> best;
  std::pair<int, int> most{-1, -1};
  for (int index = 0; index < Card::index_count; ++index) {
    if (counts[static_cast<std::size_t>(index)] == 0 || !may_split(index)) continue;
    const Card discard = Card::from_index(index);
    const int points = maal_without ? maal_without(discard) : 0;
    if (best && points < most.first) continue;
    --counts[static_cast<std::size_t>(index)];
    ComboSplit split;
    split.discard = discard;
    Counts trial = counts;
    if (search().split(trial, split.groups)) {
      const std::pair<int, int> value{points, pure_groups(split, tiplu, rules)};
      if (value > most) {
        best = std::move(split);
        most = value;
      }
    }
    ++counts[static_cast<std::size_t>(index)];
  }
  if (!best) return std::nullopt;
  return finish(std::move(*best));
}

namespace {

// Every split of the cards by position, the first card in a group with any others.
bool reference_split(std::vector<Card>& left, const Tiplu& tiplu, const Rules& rules,
                     std::size_t most, std::vector<std::vector<Card>>& groups) {
  if (left.empty()) return true;
  const Card first = left.front();
  const std::size_t n = left.size();
  // Every subset of the others of size 2 .. most-1, by bit mask (small hands only).
  for (unsigned mask = 0; mask < (1U << (n - 1)); ++mask) {
    const int size = std::popcount(mask) + 1;
    if (size < 3 || static_cast<std::size_t>(size) > most) continue;
    std::vector<Card> group = {first}, rest;
    for (std::size_t i = 1; i < n; ++i) {
      if (mask & (1U << (i - 1))) {
        group.push_back(left[i]);
      } else {
        rest.push_back(left[i]);
      }
    }
    if (!is_combination(classify_combo(group, &tiplu, rules).kind)) continue;
    groups.push_back(group);
    if (reference_split(rest, tiplu, rules, most, groups)) return true;
    groups.pop_back();
  }
  return false;
}

}  // namespace

std::optional<ComboSplit> split_into_combos_reference(std::span<const Card> cards,
                                                      const Tiplu& tiplu, const Rules& rules) {
  if (cards.size() > 16) throw std::invalid_argument("the reference splits at most 16 cards");
  std::vector<Card> left(cards.begin(), cards.end());
  ComboSplit split;
  // Groups longer than the search's 5 split into shorter ones, so the reference tries them all
  // (up to every card) to check that the search loses nothing by stopping at 5.
  const std::size_t most = rules.tiplu_rules().long_groups ? cards.size() : 3;
  if (!reference_split(left, tiplu, rules, most, split.groups)) return std::nullopt;
  return split;
}

}  // namespace rummy
