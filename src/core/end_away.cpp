// Cards away for a deal with a tiplu: see end_away.hpp and docs/rules.md 6.92.
//
// The dublee route needs one more dublee in hand: none replaced when the hand holds two identical
// cards, one when the packs hold another copy of a card in hand, else two.
//
// The combinations route: the n cards in hand (after the discard) are to make n / 3 three-card
// combinations with r of them replaced by r cards from the packs; the answer is the least r. The
// search deepens (at most 0 replaced, then 1, …). It takes the cards in hand in card order,
// naturals first, and makes the first left either replaced or the start of a fragment: it and up
// to two later cards, kept together in one combination that cards coming in complete (three
// cards: a combination as they are). The fragments may be at most n / 3; the cards coming in
// that no fragment takes (r less those the fragments take: a multiple of three, since every
// count is) make combinations of their own, which is always possible: three packs hold far more
// than the few natural sequences a hand could use up.
//
// Which cards come in. Any wild card coming in completes what any other would, since a joker
// standing in makes the same combinations whatever it is (it is a token below, and the packs
// hold as many as their wild cards not held). A natural card coming in matters only where no
// joker will do (the third card of a tunnela) or where the jokers run short; it shares a suit or
// a rank with a natural card of the fragment, since a combination of natural cards is one or the
// other. A fragment of jokers alone is completed by any cards (two jokers make a combination).
// Each fragment alone must have a completion from the packs; together, the fragments' cards
// coming in must be found in the packs at once, which is searched at the end of each split
// (fragments with fewest completions first). While the packs hold at least r wild cards no
// fragment's completion can take another's (the jokers do for all but a tunnela's third card,
// of which there is one a fragment), so the failures of the search depend on the cards left
// alone and are remembered.
#include "end_away.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <unordered_set>

#include <fmt/format.h>

namespace rummy {

namespace {

using Counts = std::array<std::uint8_t, Card::index_count>;

std::size_t at(int index) {
  return static_cast<std::size_t>(index);
}

// A card coming in: a natural card by its index, or a joker (any wild card), or any natural card
// at all (the packs always hold one).
constexpr int joker_in = Card::index_count;
constexpr int any_in = Card::index_count + 1;

struct Completion {
  std::array<int, 2> cards{};
  int count = 0;
  int jokers() const {
    return static_cast<int>(std::count(cards.begin(), cards.begin() + count, joker_in));
  }
};

struct Fragment {
  std::array<Card, 3> cards;
  int size = 0;
  std::vector<Completion> completions;  // what brings it to three cards
};

class EndSearch {
 public:
  EndSearch(const Tiplu& tiplu, const Rules& rules, const Counts& free)
      : tiplu_(tiplu), rules_(rules), free_(free) {
    for (int index = 0; index < Card::index_count; ++index) {
      if (tiplu_.wild(Card::from_index(index), rules_)) free_jokers_ += free_[at(index)];
    }
  }

  // Whether the n cards of `hand` make combinations with at most `most` of them replaced.
  bool within(Counts hand, int n, int most) {
    most_ = most;
    groups_ = n / 3;
    scarce_ = free_jokers_ < most;
    failed_.clear();
    fragments_.clear();
    return place(hand, 0, 0);
  }

 private:
  bool valid(std::span<const Card> cards) const {
    return is_combination(classify_combo(cards, &tiplu_, rules_).kind);
  }

  // The first card left: the lowest natural card, else the lowest wild one; -1 when none is.
  int first(const Counts& hand) const {
    int wild = -1;
    for (int index = 0; index < Card::index_count; ++index) {
      if (hand[at(index)] == 0) continue;
      if (!tiplu_.wild(Card::from_index(index), rules_)) return index;
      if (wild < 0) wild = index;
    }
    return wild;
  }

  // Every completion of a fragment from the packs (each card within what they hold alone).
  std::vector<Completion> completions(const Fragment& fragment) const {
    std::vector<Completion> found;
    const int missing = 3 - fragment.size;
    std::vector<Card> cards(fragment.cards.begin(), fragment.cards.begin() + fragment.size);
    if (missing == 0) return valid(cards) ? std::vector<Completion>{Completion{}} : found;
    std::vector<Card> naturals;
    for (int i = 0; i < fragment.size; ++i) {
      if (!tiplu_.wild(fragment.cards[at(i)], rules_)) naturals.push_back(fragment.cards[at(i)]);
    }
    if (naturals.empty()) {  // jokers alone: any cards
      Completion any;
      any.count = missing;
      any.cards = {any_in, any_in};
      return {any};
    }
    // The natural cards that could share a combination: a suit or a rank of the fragment's.
    std::vector<int> partners;
    for (int index = 0; index < Card::index_count; ++index) {
      const Card card = Card::from_index(index);
      if (free_[at(index)] == 0 || tiplu_.wild(card, rules_)) continue;
      if (std::any_of(naturals.begin(), naturals.end(), [&](Card natural) {
            return card.suit() == natural.suit() || card.rank() == natural.rank();
          })) {
        partners.push_back(index);
      }
    }
    const Card joker = tiplu_.card();  // a wild card stands for every joker coming in
    const auto try_with = [&](std::initializer_list<int> in) {
      std::vector<Card> group = cards;
      for (const int card : in) group.push_back(card == joker_in ? joker : Card::from_index(card));
      if (!valid(group)) return;
      Completion completion;
      for (const int card : in) completion.cards[at(completion.count++)] = card;
      found.push_back(completion);
    };
    if (missing == 1) {
      for (const int partner : partners) try_with({partner});
      if (free_jokers_ >= 1) try_with({joker_in});
    } else {
      for (std::size_t i = 0; i < partners.size(); ++i) {
        for (std::size_t j = i; j < partners.size(); ++j) {
          if (j == i && free_[at(partners[i])] < 2) continue;
          try_with({partners[i], partners[j]});
        }
      }
      if (free_jokers_ >= 1) {
        for (const int partner : partners) try_with({partner, joker_in});
      }
      if (free_jokers_ >= 2) try_with({joker_in, joker_in});
    }
    // Fewest jokers first: they are what fragments share.
    std::stable_sort(found.begin(), found.end(), [](const Completion& a, const Completion& b) {
      return a.jokers() < b.jokers();
    });
    return found;
  }

  // Whether the fragments' completions are in the packs at once.
  bool complete(std::size_t next, Counts& free, int jokers) {
    if (next == order_.size()) return true;
    for (const Completion& completion : fragments_[order_[next]].completions) {
      bool fits = true;
      int taken = 0;
      for (; taken < completion.count && fits; ++taken) {
        const int card = completion.cards[at(taken)];
        if (card == joker_in) {
          fits = jokers-- > 0;
        } else if (card != any_in) {
          fits = free[at(card)]-- > 0;
        }
      }
      if (fits && complete(next + 1, free, jokers)) return true;
      for (int i = 0; i < taken; ++i) {
        const int card = completion.cards[at(i)];
        if (card == joker_in) {
          ++jokers;
        } else if (card != any_in) {
          ++free[at(card)];
        }
      }
    }
    return false;
  }

  bool finished() {
    order_.resize(fragments_.size());
    for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = i;
    std::sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) {
      return fragments_[a].completions.size() < fragments_[b].completions.size();
    });
    Counts free = free_;
    return complete(0, free, free_jokers_);
  }

  struct Key {
    Counts hand;
    int removed, incoming, fragments;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& key) const {
      std::uint64_t hash = 1469598103934665603ULL;
      for (const std::uint8_t count : key.hand) hash = (hash ^ count) * 1099511628211ULL;
      hash = (hash ^ static_cast<std::uint64_t>(key.removed)) * 1099511628211ULL;
      hash = (hash ^ static_cast<std::uint64_t>(key.incoming)) * 1099511628211ULL;
      return static_cast<std::size_t>(hash ^ static_cast<std::uint64_t>(key.fragments));
    }
  };

  // Places the cards left: `removed` replaced so far, `incoming` taken by the fragments.
  bool place(Counts& hand, int removed, int incoming) {
    const int pivot = first(hand);
    if (pivot < 0) return finished();
    const Key key{hand, removed, incoming, static_cast<int>(fragments_.size())};
    if (!scarce_ && failed_.contains(key)) return false;
    --hand[at(pivot)];
    bool found = false;
    // Replaced.
    if (removed < most_) found = place(hand, removed + 1, incoming);
    // The start of a fragment, with up to two later cards.
    if (!found && static_cast<int>(fragments_.size()) < groups_) {
      Fragment fragment;
      fragment.cards[0] = Card::from_index(pivot);
      fragment.size = 1;
      found = grow(hand, fragment, 0, removed, incoming);
    }
    ++hand[at(pivot)];
    if (!found && !scarce_) failed_.insert(key);
    return found;
  }

  bool grow(Counts& hand, Fragment& fragment, int from, int removed, int incoming) {
    const int needs = incoming + 3 - fragment.size;
    if (needs <= most_) {
      fragment.completions = completions(fragment);
      if (!fragment.completions.empty()) {
        fragments_.push_back(fragment);
        const bool found = place(hand, removed, needs);
        fragments_.pop_back();
        if (found) return true;
      }
    }
    if (fragment.size == 3) return false;
    for (int index = from; index < Card::index_count; ++index) {
      if (hand[at(index)] == 0) continue;
      --hand[at(index)];
      fragment.cards[at(fragment.size++)] = Card::from_index(index);
      const bool found = grow(hand, fragment, index, removed, incoming);
      --fragment.size;
      ++hand[at(index)];
      if (found) return true;
    }
    return false;
  }

  const Tiplu& tiplu_;
  const Rules& rules_;
  Counts free_;
  int free_jokers_ = 0;
  int most_ = 0, groups_ = 0;
  bool scarce_ = false;
  std::vector<Fragment> fragments_;
  std::vector<std::size_t> order_;
  std::unordered_set<Key, KeyHash> failed_;
};

// The cards of the hand's loose part (not shown), as counts.
Counts loose_counts(const TableHand& hand) {
  Counts counts{};
  for (const auto& group : hand.hand) {
    for (const Card card : group) ++counts[at(card.index())];
  }
  return counts;
}

// What the packs hold beyond the player's cards.
Counts free_copies(const TableHand& hand, const Tiplu& tiplu, const Rules& rules) {
  Counts held{};
  for (const Card card : hand.kept()) ++held[at(card.index())];
  if (hand.discard) ++held[at(hand.discard->index())];
  Counts free{};
  for (int index = 0; index < Card::index_count; ++index) {
    const Card card = Card::from_index(index);
    const int copies = tiplu.copies_in_play(card, rules);
    free[at(index)] = static_cast<std::uint8_t>(std::max(0, copies - held[at(index)]));
  }
  return free;
}

// The least replacements for an eighth dublee among `hand`'s cards.
int dublee_away(const Counts& hand, const Counts& free) {
  int copies_in_hand = 0;
  bool another = false, any_pair = false;
  for (int index = 0; index < Card::index_count; ++index) {
    copies_in_hand += hand[at(index)];
    if (hand[at(index)] >= 2) any_pair = true;
    if (hand[at(index)] >= 1 && free[at(index)] >= 1) another = true;
  }
  if (any_pair) return 0;
  return another && copies_in_hand >= 2 ? 1 : 2;
}

std::optional<int> search(const TableHand& hand, const Tiplu& tiplu, int players,
                          const Rules& rules, int most) {
  if (auto refusal = end_cards_away_refusal(rules)) throw RulesError(*refusal);
  const FirstStage stage = check_first_stage(hand, players, rules).stage;
  if (stage == FirstStage::none) return std::nullopt;
  const std::size_t size = hand.card_count();
  const auto deal = static_cast<std::size_t>(rules.deal.hand_size);
  if (size != deal && size != deal + 1) return std::nullopt;
  const Counts free = free_copies(hand, tiplu, rules);
  Counts loose = loose_counts(hand);
  int n = 0;
  for (const std::uint8_t count : loose) n += count;
  // The hands judged: the cards in hand, or with one over, each after a discard of them.
  std::vector<Counts> judged;
  if (size == deal || hand.discard) {
    judged.push_back(loose);
  } else {
    --n;
    for (int index = 0; index < Card::index_count; ++index) {
      if (loose[at(index)] == 0) continue;
      --loose[at(index)];
      judged.push_back(loose);
      ++loose[at(index)];
    }
  }
  if (judged.empty()) return std::nullopt;
  if (stage == FirstStage::dublees) {
    int best = most + 1;
    for (const Counts& kept : judged) best = std::min(best, dublee_away(kept, free));
    return best <= most ? std::optional<int>(best) : std::nullopt;
  }
  if (n % 3 != 0) return std::nullopt;
  EndSearch searcher(tiplu, rules, free);
  for (int limit = 0; limit <= std::min(most, n); ++limit) {
    for (const Counts& kept : judged) {
      if (searcher.within(kept, n, limit)) return limit;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> end_cards_away_refusal(const Rules& rules) {
  if (auto broken = check_rules(rules)) return broken;
  if (!rules.has_tiplu()) {
    return fmt::format("{} has no tiplu: its cards away counts melds (cards_away)",
                       rules.words.game);
  }
  if (rules.tiplu_rules().long_groups) {
    return "cards away is counted for combinations of three cards: not with the house rule "
           "long-groups";
  }
  return std::nullopt;
}

std::optional<int> end_cards_away(const TableHand& hand, const Tiplu& tiplu, int players,
                                  const Rules& rules) {
  return search(hand, tiplu, players, rules, rules.deal.hand_size);
}

bool end_cards_away_within(const TableHand& hand, const Tiplu& tiplu, int players,
                           const Rules& rules, int most) {
  return search(hand, tiplu, players, rules, most).has_value();
}

}  // namespace rummy
