// The toss for seats: see toss.hpp.
#include "toss.hpp"

#include <algorithm>

namespace rummy {

namespace {

// Higher is better: a joker above everything, then rank, then suit.
int standing(Card card, const Rules& rules) {
  if (card.is_printed_joker()) return 1000;
  const int rank =
      card.rank() == Rank::ace && rules.toss_ace_high ? 14 : static_cast<int>(card.rank());
  const auto suit = std::find(rules.toss_suits.begin(), rules.toss_suits.end(), card.suit());
  return rank * 10 + static_cast<int>(rules.toss_suits.end() - suit);
}

}  // namespace

TossOrder toss_order(std::span<const Card> cards, const Rules& rules) {
  TossOrder order;
  for (std::size_t i = 0; i < cards.size(); ++i) order.seats.push_back(i);
  std::stable_sort(order.seats.begin(), order.seats.end(), [&](std::size_t a, std::size_t b) {
    return standing(cards[a], rules) > standing(cards[b], rules);
  });
  for (std::size_t k = 0; k < order.seats.size();) {
    std::size_t end = k + 1;
    while (end < order.seats.size() &&
           standing(cards[order.seats[end]], rules) == standing(cards[order.seats[k]], rules)) {
      ++end;
    }
    if (end - k > 1) order.ties.emplace_back(order.seats.begin() + k, order.seats.begin() + end);
    k = end;
  }
  return order;
}

std::size_t TossOrder::seat_of(std::size_t player) const {
  return static_cast<std::size_t>(std::find(seats.begin(), seats.end(), player) - seats.begin());
}

std::span<const std::size_t> TossOrder::tie_of(std::size_t player) const {
  for (const std::vector<std::size_t>& tie : ties) {
    if (std::find(tie.begin(), tie.end(), player) != tie.end()) return tie;
  }
  return {};
}

std::optional<std::size_t> TossOrder::first() const {
  if (seats.empty() || !tie_of(seats.front()).empty()) return std::nullopt;
  return seats.front();
}

}  // namespace rummy
