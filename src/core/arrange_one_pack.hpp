// The fast path of arrange() for Basic and Knock Rummy hands from one pack without jokers: the
// grouping with the least deadwood, by a bit-mask search (src/core/arrange_one_pack.cpp). It finds
// the very grouping the general search finds; the tests compare the two on many hands.
#pragma once

#include <optional>
#include <span>

#include "declaration.hpp"
#include "rules.hpp"

namespace rummy {

// The groups of least deadwood (runs, then sets, then the cards left over in hand order);
// nothing when the hand holds a joker or two copies of a card (then the general search decides).
std::optional<Hand> least_deadwood_one_pack(std::span<const Card> cards, WildRank wild,
                                            const Rules& rules);

// The same search's least deadwood alone, without building the groups.
std::optional<int> least_deadwood_points_one_pack(std::span<const Card> cards, WildRank wild,
                                                  const Rules& rules);

}  // namespace rummy
