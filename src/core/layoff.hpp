// Laying off: adding cards from hand to a meld on the table (Basic, Knock and Crazy Rummy; Indian
// rummy has no laying off). In Crazy Rummy a natural card may take back a wild that stands in a
// run: the card takes the wild's place and the wild goes back to the player. A wild in a book
// stays where it is.
#pragma once

#include <vector>

#include "classify.hpp"
#include "declaration.hpp"
#include "rules.hpp"

namespace rummy {

// A natural card put in a run in place of the wild that stood for it; the wild returns to hand.
struct Swap {
  Card card;
  Card wild;
  bool operator==(const Swap&) const = default;
};

enum class LayOffFault {
  none,
  meld_not_valid,   // the meld on the table is not a meld itself
  not_valid_after,  // the meld with the cards is no meld
  run_into_set,     // a run would become a set (or a set a run)
};

struct LayOff {
  Group meld;                  // on the table
  Group result;                // the meld after: swapped cards in place, the others added
  std::vector<Swap> swaps;     // wilds taken back from a run (Crazy Rummy)
  GroupVerdict before, after;  // the meld and the result
  LayOffFault fault = LayOffFault::none;
  bool wild_stays_in_book = false;  // a book with a wild stand-in took natural cards
  bool fits() const { return fault == LayOffFault::none; }
};

// Whether `cards` can be laid off onto `meld`; copies across both are for the caller to check.
LayOff lay_off(const Group& meld, const Group& cards, WildRank wild, const Rules& rules);

}  // namespace rummy
