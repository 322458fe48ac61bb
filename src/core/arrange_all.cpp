// Every grouping that reaches the best count: see arrange_all.hpp.
//
// The search works on the hand's distinct cards, each with its number of copies, so two copies
// of a card are never told apart:
//
// * The melds are every part of the hand (copies counted) whose natural cards share a suit or a
//   rank, that the classifier calls a valid group: listed once, before the search.
// * The search takes the lowest card left and puts one copy of it in the discard (a drawn hand),
//   in a meld whose lowest card it is, or in the rest. The copies of one card take these choices
//   in order (discard, then the melds as listed, then the rest), never going back, so each
//   grouping is met once, two identical melds included. A rest that is itself a valid group is
//   passed over: the same hand is met with it as a meld.
// * A grouping is judged by check_declaration and the count arrange() gives (score_shown_hand in
//   a game that declares, else score_deadwood), and kept when its verdict and count equal the
//   best's. So the list is what `rummy score` would say of each grouping, by construction.
// * Cuts: whatever the tier, a count is at least the points of the rest; a card that is in no
//   meld at all goes to the rest (bar one discard); a best that declares leaves no rest; a best
//   below "every card counts" needs a pure sequence, so a branch that can no longer make one
//   stops.
#include "arrange_all.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>

#include <fmt/format.h>

namespace rummy {

namespace {

// Nodes the search may visit once its list is full, counting the rest: a few tenths of a second.
constexpr std::size_t counting_node_budget = 2'000'000;

struct Part {
  std::uint8_t card = 0;  // index into the distinct cards
  std::uint8_t copies = 0;
};

struct Meld {
  std::vector<Part> parts;
  Group cards;  // in the order it reads: a run from its low end, a set's naturals then jokers
  GroupKind kind = GroupKind::invalid;
};

// What a grouping must equal to reach the best.
struct Standing {
  bool valid = false;
  bool contract_met = true;
  int uncapped = 0;
  bool operator==(const Standing&) const = default;
};

Standing standing_of(const DeclarationCheck& check, const Score& score) {
  const bool unmet =
      std::any_of(check.problems.begin(), check.problems.end(),
                  [](const Problem& p) { return p.kind == ProblemKind::contract_unmet; });
  return {check.valid(), !unmet, score.uncapped};
}

// The count arrange() gives a grouping (arrange.cpp's finish).
Score count_of(const Hand& hand, const DeclarationCheck& check, const Rules& rules) {
  return rules.pure_sequence_required() ? score_shown_hand(hand, check, rules)
                                        : score_deadwood(hand, check, rules);
}

Arrangement judged(Hand hand, std::optional<Card> discard, const Rules& rules, Detail detail) {
  Arrangement arrangement;
  arrangement.hand = std::move(hand);
  arrangement.discard = discard;
  check_declaration_into(arrangement.check, arrangement.hand, rules, detail);
  arrangement.score = count_of(arrangement.hand, arrangement.check, rules);
  return arrangement;
}

// A grouping with its groups and their cards sorted: equal exactly when the groupings are.
struct Key {
  std::vector<Group> groups;
  std::optional<Card> discard;
  bool operator==(const Key&) const = default;
};

Key key_of(const Hand& hand, std::optional<Card> discard) {
  Key key{hand.groups, discard};
  for (Group& group : key.groups) std::sort(group.begin(), group.end());
  std::sort(key.groups.begin(), key.groups.end());
  return key;
}

int kind_order(GroupKind kind) {
  switch (kind) {
    case GroupKind::pure_sequence:
      return 0;
    case GroupKind::impure_sequence:
      return 1;
    case GroupKind::set:
      return 2;
    default:
      return 3;
  }
}

class AllSearch {
 public:
  AllSearch(std::span<const Card> cards, WildRank wild, const Rules& rules, const Arrangement& best,
            std::size_t limit)
      : wild_(wild), rules_(rules), limit_(limit) {
    std::vector<Card> sorted(cards.begin(), cards.end());
    std::sort(sorted.begin(), sorted.end());
    for (const Card card : sorted) {
      if (distinct_.empty() || distinct_.back() != card) {
        distinct_.push_back(card);
        left_.push_back(0);
        value_.push_back(card_points(card, wild, rules));
      }
      ++left_.back();
    }
    by_lowest_.assign(distinct_.size(), {});
    find_melds();

    may_discard_ = rules.count.arrange_by == ArrangeBy::declaration &&
                   cards.size() > static_cast<std::size_t>(rules.deal.hand_size);
    target_ = standing_of(best.check, best.score);
    best_key_ = key_of(best.hand, best.discard);
    // A grouping that declares (or melds every card) has no rest: a rest that is a valid group
    // is met as a meld, and any other is a bad group.
    rest_allowed_ = !target_.valid;
    // Without a pure sequence every card counts, bar a discard.
    int every_card = 0, dearest = 0;
    for (std::size_t d = 0; d < distinct_.size(); ++d) {
      every_card += value_[d] * left_[d];
      dearest = std::max(dearest, value_[d]);
    }
    if (may_discard_) every_card -= dearest;
    need_pure_ = rules.pure_sequence_required() && (target_.valid || target_.uncapped < every_card);

    // The cards no meld holds: bound for the rest or the discard.
    std::vector<bool> in_meld(distinct_.size(), false);
    for (const Meld& meld : melds_) {
      for (const Part part : meld.parts) in_meld[part.card] = true;
    }
    isolated_.assign(distinct_.size(), false);
    for (std::size_t d = 0; d < distinct_.size(); ++d) {
      if (in_meld[d]) continue;
      isolated_[d] = true;
      isolated_left_ += value_[d] * left_[d];
      most_isolated_ = std::max(most_isolated_, value_[d]);
    }
  }

  void run() { visit(0, 0); }

  std::vector<Arrangement> found;  // the groupings listed after arrange()'s
  std::size_t counted = 0;         // every grouping that reaches the best
  bool best_met = false;           // arrange()'s grouping was among them
  bool stopped = false;            // counting stopped before the end

 private:
  void find_melds() {
    const int smallest = std::min(rules_.melds.min_group, rules_.melds.min_run);
    std::vector<Part> parts;
    // Every part of the hand, a distinct card at a time; natural cards of two suits and two
    // ranks can be no meld, nor can any part that adds to them.
    const auto walk = [&](const auto& self, std::size_t d, int size, unsigned suits,
                          unsigned ranks) -> void {
      if (d == distinct_.size()) {
        if (size >= smallest && size <= static_cast<int>(longest_group)) add_meld(parts);
        return;
      }
      self(self, d + 1, size, suits, ranks);
      const Card card = distinct_[d];
      if (!is_joker(card, wild_)) {
        suits |= 1u << static_cast<int>(card.suit());
        ranks |= 1u << static_cast<int>(card.rank());
        if (std::popcount(suits) > 1 && std::popcount(ranks) > 1) return;
      }
      for (int copies = 1; copies <= left_[d]; ++copies) {
        parts.push_back({static_cast<std::uint8_t>(d), static_cast<std::uint8_t>(copies)});
        self(self, d + 1, size + copies, suits, ranks);
        parts.pop_back();
      }
    };
    walk(walk, 0, 0, 0u, 0u);
    // The melds of each lowest card in a fixed order: by their cards.
    for (std::vector<int>& list : by_lowest_) {
      std::sort(list.begin(), list.end(), [&](int a, int b) {
        return sorted_cards(melds_[static_cast<std::size_t>(a)]) <
               sorted_cards(melds_[static_cast<std::size_t>(b)]);
      });
    }
  }

  Group sorted_cards(const Meld& meld) const {
    Group cards;
    for (const Part part : meld.parts) cards.insert(cards.end(), part.copies, distinct_[part.card]);
    return cards;
  }

  void add_meld(const std::vector<Part>& parts) {
    Meld meld;
    meld.parts = parts;
    const Group cards = sorted_cards(meld);
    const GroupVerdict verdict = classify_group(cards, wild_, rules_);
    if (!is_valid_group(verdict.kind)) return;
    meld.kind = verdict.kind;
    meld.cards = reading_order(cards, verdict);
    by_lowest_[parts.front().card].push_back(static_cast<int>(melds_.size()));
    if (meld.kind == GroupKind::pure_sequence)
      pure_melds_.push_back(static_cast<int>(melds_.size()));
    melds_.push_back(std::move(meld));
  }

  // A run from its low end, each joker in the place it fills; a set's natural cards, then its
  // jokers.
  Group reading_order(const Group& cards, const GroupVerdict& verdict) const {
    std::vector<std::pair<int, Card>> placed;
    if (is_sequence(verdict.kind) && verdict.reading.size() == cards.size()) {
      const bool ace_high =
          std::any_of(verdict.reading.begin(), verdict.reading.end(),
                      [](const std::optional<Card>& as) { return as && as->rank() == Rank::king; });
      for (std::size_t i = 0; i < cards.size(); ++i) {
        const std::optional<Card>& as = verdict.reading[i];
        int place = as ? static_cast<int>(as->rank()) : 0;
        if (place == 1 && ace_high) place = 14;
        placed.emplace_back(place, cards[i]);
      }
    } else {
      for (const Card card : cards) placed.emplace_back(is_joker(card, wild_) ? 1 : 0, card);
    }
    std::stable_sort(placed.begin(), placed.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    Group ordered;
    for (const auto& [place, card] : placed) ordered.push_back(card);
    return ordered;
  }

  bool fits(const Meld& meld) const {
    return std::all_of(meld.parts.begin(), meld.parts.end(),
                       [&](Part part) { return left_[part.card] >= part.copies; });
  }
  void take(const Meld& meld, int sign) {
    for (const Part part : meld.parts) {
      left_[part.card] = static_cast<std::uint8_t>(left_[part.card] - sign * part.copies);
    }
  }

  bool cut() const {
    if (rest_allowed_) {
      int least = rest_points_ + isolated_left_;
      if (may_discard_ && discard_ < 0) least -= std::min(isolated_left_, most_isolated_);
      if (least > target_.uncapped) return true;
    }
    if (need_pure_ && pure_chosen_ == 0) {
      return std::none_of(pure_melds_.begin(), pure_melds_.end(),
                          [&](int index) { return fits(melds_[static_cast<std::size_t>(index)]); });
    }
    return false;
  }

  // A card taken out of the search to the discard or the rest, and given back.
  void set_aside(std::size_t d, int sign) {
    left_[d] = static_cast<std::uint8_t>(left_[d] - sign);
    if (isolated_[d]) isolated_left_ -= sign * value_[d];
  }

  // `floor`: the first choice the next copy of card `from` may take (0 the discard, 1 + k the
  // k-th meld of its own, then the rest).
  void visit(std::size_t from, int floor) {
    if (stopped) return;
    std::size_t d = from;
    while (d < distinct_.size() && left_[d] == 0) ++d;
    if (d != from) floor = 0;
    if (d == distinct_.size()) return leaf();
    if (cut()) return;
    if (list_full() && ++nodes_ > counting_node_budget) {
      stopped = true;
      return;
    }
    const std::vector<int>& own = by_lowest_[d];
    if (may_discard_ && discard_ < 0 && floor == 0) {
      set_aside(d, 1);
      discard_ = static_cast<int>(d);
      visit(d, 1);
      discard_ = -1;
      set_aside(d, -1);
    }
    for (std::size_t k = 0; k < own.size(); ++k) {
      if (static_cast<int>(k) + 1 < floor) continue;
      const Meld& meld = melds_[static_cast<std::size_t>(own[k])];
      if (!fits(meld)) continue;
      take(meld, 1);
      chosen_.push_back(own[k]);
      pure_chosen_ += meld.kind == GroupKind::pure_sequence ? 1 : 0;
      visit(d, static_cast<int>(k) + 1);
      pure_chosen_ -= meld.kind == GroupKind::pure_sequence ? 1 : 0;
      chosen_.pop_back();
      take(meld, -1);
    }
    if (rest_allowed_) {
      set_aside(d, 1);
      rest_.push_back(distinct_[d]);
      rest_points_ += value_[d];
      visit(d, static_cast<int>(own.size()) + 1);
      rest_points_ -= value_[d];
      rest_.pop_back();
      set_aside(d, -1);
    }
  }

  bool list_full() const { return found.size() + 1 >= limit_; }

  void leaf() {
    if (may_discard_ && discard_ < 0) return;
    if (!rest_.empty() &&
        is_valid_group(classify_group(rest_, wild_, rules_, Detail::kind_only).kind)) {
      return;
    }
    Hand hand;
    hand.wild = wild_;
    std::vector<int> order = chosen_;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      return kind_order(melds_[static_cast<std::size_t>(a)].kind) <
             kind_order(melds_[static_cast<std::size_t>(b)].kind);
    });
    for (const int index : order)
      hand.groups.push_back(melds_[static_cast<std::size_t>(index)].cards);
    if (!rest_.empty()) hand.groups.push_back(rest_);
    const std::optional<Card> discard =
        discard_ >= 0 ? std::optional(distinct_[static_cast<std::size_t>(discard_)]) : std::nullopt;
    const DeclarationCheck check = check_declaration(hand, rules_, Detail::kind_only);
    if (!(standing_of(check, count_of(hand, check, rules_)) == target_)) return;
    ++counted;
    if (!best_met && key_of(hand, discard) == best_key_) {
      best_met = true;
    } else if (!list_full()) {
      found.push_back(judged(std::move(hand), discard, rules_, Detail::full));
    }
    if (list_full() && counted >= arrange_all_count_limit) stopped = true;
  }

  WildRank wild_;
  const Rules& rules_;
  std::size_t limit_;
  std::vector<Card> distinct_;  // in card order
  std::vector<std::uint8_t> left_;
  std::vector<int> value_;
  std::vector<Meld> melds_;
  std::vector<std::vector<int>> by_lowest_;  // per distinct card, the melds it is the lowest of
  std::vector<int> pure_melds_;
  std::vector<bool> isolated_;  // in no meld
  int isolated_left_ = 0;       // the points of the copies of those still to place
  int most_isolated_ = 0;
  bool may_discard_ = false;
  bool rest_allowed_ = true;
  bool need_pure_ = false;
  Standing target_;
  Key best_key_;
  std::size_t nodes_ = 0;
  // The grouping being built.
  std::vector<int> chosen_;
  Group rest_;
  int rest_points_ = 0;
  int pure_chosen_ = 0;
  int discard_ = -1;
};

}  // namespace

std::optional<std::string> arrange_all_refusal(std::size_t count, const Rules& rules,
                                               std::string_view command) {
  if (rules.has_tiplu() || rules.count.arrange_by == ArrangeBy::combinations) {
    return fmt::format(
        "{} does not play {}: an end is found by its own search, which gives one "
        "(rummy arrange without --all)",
        command, rules.words.game);
  }
  if (auto why = arrange_refusal(count, rules, command)) return why;
  if (count > subset_search_limit) {
    return fmt::format("{} cards: {} takes at most {}", count, command, subset_search_limit);
  }
  return std::nullopt;
}

AllArrangements arrange_all(std::span<const Card> cards, WildRank wild, const Rules& rules,
                            std::size_t limit) {
  if (auto why = arrange_all_refusal(cards.size(), rules, "arrange_all")) throw RulesError(*why);
  AllArrangements all;
  all.best = arrange(cards, wild, rules);
  AllSearch search(cards, wild, rules, all.best, limit);
  search.run();
  all.total = search.counted;
  all.total_exact = !search.stopped;
  // arrange()'s grouping is one of them; were it not met (never, the tests say), it is still one.
  if (!search.best_met && all.total_exact) ++all.total;
  if (limit > 0) {
    all.groupings.reserve(search.found.size() + 1);
    all.groupings.push_back(all.best);
    for (Arrangement& each : search.found) all.groupings.push_back(std::move(each));
  }
  return all;
}

}  // namespace rummy
