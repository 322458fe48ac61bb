// Laying off (see layoff.hpp). Card by card, a swap comes before an extension: a card laid off
// onto a run that is exactly the card a wild stands for in the run's reading (the reading validate
// shows; a wild at the end of a run stands for the card above it where there is one) takes the
// wild's place, a natural 2 of Crazy Rummy too, and the wild goes back to the player. Any other
// card extends the meld.
#include "layoff.hpp"

#include <algorithm>

namespace rummy {

namespace {

// The wilds of a group that stand in for another card in its reading.
bool stands_in(const GroupVerdict& verdict, const Group& cards, std::size_t i) {
  return i < verdict.reading.size() && verdict.reading[i] != cards[i];
}

bool has_stand_in(const GroupVerdict& verdict, const Group& cards) {
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (stands_in(verdict, cards, i)) return true;
  }
  return false;
}

}  // namespace

LayOff lay_off(const Group& meld, const Group& cards, WildRank wild, const Rules& rules) {
  LayOff result;
  result.meld = meld;
  result.before = classify_group(meld, wild, rules);
  result.result = meld;
  if (!is_valid_group(result.before.kind)) {
    result.fault = LayOffFault::meld_not_valid;
    result.after = result.before;
    return result;
  }
  const bool run = is_sequence(result.before.kind);
  Group added;
  for (const Card card : cards) {
    bool swapped = false;
    // Any card that is the very card a wild stands for takes its place, a natural 2 of Crazy
    // Rummy too (a 2 in its natural place stands for itself); a printed joker never is one.
    if (run && rules.melds.wild_taken_from_run && !card.is_printed_joker()) {
      const GroupVerdict now = classify_group(result.result, wild, rules);
      for (std::size_t i = 0; i < result.result.size() && !swapped; ++i) {
        if (!is_joker(result.result[i], wild) || !stands_in(now, result.result, i) ||
            now.reading[i] != card) {
          continue;
        }
        result.swaps.push_back({card, result.result[i]});
        result.result[i] = card;
        swapped = true;
      }
    }
    if (!swapped) added.push_back(card);
  }
  for (const Card card : added) result.result.push_back(card);
  result.after = classify_group(result.result, wild, rules);
  if (!is_valid_group(result.after.kind)) {
    result.fault = LayOffFault::not_valid_after;
  } else if (is_sequence(result.after.kind) != run) {
    result.fault = LayOffFault::run_into_set;
  }
  result.wild_stays_in_book =
      !run && rules.melds.wild_taken_from_run && has_stand_in(result.before, meld) &&
      std::any_of(cards.begin(), cards.end(), [&](Card card) { return !is_joker(card, wild); });
  return result;
}

}  // namespace rummy
