// The toss for seats (rules §2.8): each player gets one open card; the highest card plays
// first and the lowest last. A printed joker is the highest card; equal ranks are ordered by
// suit (Rules::toss_suits); the ace ranks above the king (Rules::toss_ace_high). Two players
// with cards of equal standing (the same card from two packs, two jokers) draw again.
// Data only; the CLI says it in words.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "card.hpp"
#include "rules.hpp"

namespace rummy {

struct TossOrder {
  std::vector<std::size_t> seats;              // player indices, the first to play first
  std::vector<std::vector<std::size_t>> ties;  // players who draw again, in seat order

  // Where a player's card put them: 0 plays first. Tied players share the seats from their
  // first to their first + tie size - 1.
  std::size_t seat_of(std::size_t player) const;
  // The players of the tie `player` is in; empty when the player is not tied.
  std::span<const std::size_t> tie_of(std::size_t player) const;
  // Who plays first; nobody while the highest cards tie (they draw again first).
  std::optional<std::size_t> first() const;
};

TossOrder toss_order(std::span<const Card> cards, const Rules& rules);

}  // namespace rummy
