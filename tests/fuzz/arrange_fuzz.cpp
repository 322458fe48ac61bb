// Fuzz target: the arrangement search fed arbitrary card multisets. The arrangement holds
// exactly the cards given; its verdict and points are what the classifier and the scorer say of
// its groups; Indian points stay within 0..80; in Basic and Knock Rummy the search agrees with
// the search by subsets, and its bit-mask fast path with the general search. A game dealt with a
// tiplu (Marriage): its split into combinations holds the cards in valid combinations, and on
// small hands it agrees with the exhaustive reference. A hand of the game's size has the outs
// of find_outs_reference.
#include <algorithm>
#include <array>
#include <vector>

#include "arrange.hpp"
#include "checks.hpp"
#include "tiplu.hpp"

using namespace rummy;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const Rules rules = fuzz::rules_from_byte(data[0]);
  // Indian rummy: the wild rank from the second byte; the other games have their own.
  WildRank wild;
  if (rules.deck.fixed_wild) {
    wild = rules.deck.fixed_wild;
  } else if (rules.deck.deal_has_wild_rank && data[1] % 14 != 0) {
    wild = static_cast<Rank>(data[1] % 14);
  }
  const bool by_tiplu = rules.count.arrange_by == ArrangeBy::combinations;
  const std::size_t most = rules.count.arrange_by == ArrangeBy::declaration ? 14
                           : by_tiplu                                       ? 22
                           : rules.count.arrange_by == ArrangeBy::subsets ? 11  // they grow as 2^n
                                                                          : 13;
  std::vector<Card> cards;
  std::array<int, Card::index_count> count{};
  for (std::size_t i = 2; i < size && cards.size() < most; ++i) {
    const int index = data[i] % Card::index_count;
    const Card card = Card::from_index(index);
    if (card.is_printed_joker() && rules.printed_jokers_allowed() == 0) continue;
    if (count[static_cast<std::size_t>(index)] >= rules.copies_allowed(card)) continue;
    ++count[static_cast<std::size_t>(index)];
    cards.push_back(card);
  }
  if (by_tiplu) {
    const Tiplu tiplu(Card::from_index(data[1] % 52));
    const auto split = split_into_combos(cards, false, tiplu, rules);
    if (split) {
      std::vector<Card> placed;
      for (const auto& group : split->groups) {
        fuzz::require(is_combination(classify_combo(group, &tiplu, rules).kind),
                      "every group of the split is a combination");
        placed.insert(placed.end(), group.begin(), group.end());
      }
      std::sort(placed.begin(), placed.end());
      std::sort(cards.begin(), cards.end());
      fuzz::require(placed == cards, "the split holds the cards given");
    }
    if (cards.size() <= 12) {
      fuzz::require(
          split.has_value() == split_into_combos_reference(cards, tiplu, rules).has_value(),
          "the search agrees with the exhaustive reference");
    }
    return 0;
  }
  // Indian rummy arranges a shown hand (13) or one about to declare (14).
  if (rules.count.arrange_by == ArrangeBy::declaration && cards.size() < 13) return 0;
  const Arrangement best = arrange(cards, wild, rules);
  std::vector<Card> given = cards, kept = best.hand.cards();
  if (best.discard) kept.push_back(*best.discard);
  std::sort(given.begin(), given.end());
  std::sort(kept.begin(), kept.end());
  fuzz::require(given == kept, "the arrangement holds the cards given");
  const DeclarationCheck check = check_declaration(best.hand, rules);
  fuzz::require(check == best.check, "the verdict is the classifier's");
  if (rules.count.arrange_by == ArrangeBy::declaration) {
    fuzz::require(best.score == score_shown_hand(best.hand, check, rules), "the scorer's points");
    fuzz::require(best.score.points >= 0 && best.score.points <= 80, "points within 0..80");
  } else {
    fuzz::require(best.score == score_deadwood(best.hand, check, rules), "the deadwood's points");
  }
  if (rules.count.arrange_by == ArrangeBy::least_deadwood) {
    fuzz::require(arrange_by_subsets(cards, wild, rules).score.points == best.score.points,
                  "the two searches agree");
    // From one pack without jokers arrange() takes the bit-mask search: the general search
    // gives the very same groups.
    const Arrangement general = arrange_least_deadwood_by_search(cards, wild, rules);
    fuzz::require(general.hand.groups == best.hand.groups, "the fast path's groups are general");
    fuzz::require(least_deadwood(cards, wild, rules) == best.score.points,
                  "least_deadwood is arrange's count");
  }
  // A hand of the game's size: find_outs, passing over the draws that cannot matter, answers
  // as the reference that searches every draw, field by field.
  if (cards.size() == static_cast<std::size_t>(rules.deal.hand_size)) {
    const Outs mine = find_outs(cards, wild, rules);
    const Outs theirs = find_outs_reference(cards, wild, rules);
    const auto same = [](const std::vector<Out>& a, const std::vector<Out>& b) {
      return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const Out& x, const Out& y) {
        return x.card == y.card && x.copies_left == y.copies_left && x.points == y.points &&
               x.declares == y.declares && x.discard == y.discard;
      });
    };
    fuzz::require(mine.points_now == theirs.points_now && same(mine.declare, theirs.declare) &&
                      same(mine.improve, theirs.improve),
                  "find_outs answers as find_outs_reference");
  }
  return 0;
}
