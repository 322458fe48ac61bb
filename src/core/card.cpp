// Names of ranks, suits and cards in the canonical Unicode notation.
#include "card.hpp"

#include <array>

namespace rummy {

namespace {
constexpr std::array<std::string_view, rank_count> rank_names = {"A", "2", "3",  "4", "5", "6", "7",
                                                                 "8", "9", "10", "J", "Q", "K"};
constexpr std::array<std::string_view, rank_count> rank_plurals = {
    "aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings"};
constexpr std::array<std::string_view, suit_count> suit_symbols = {"♠", "♥", "♦", "♣"};
constexpr std::array<std::string_view, suit_count> suit_names = {"spades", "hearts", "diamonds",
                                                                 "clubs"};
}  // namespace

std::string_view rank_name(Rank rank) {
  return rank_names[static_cast<int>(rank) - 1];
}
std::string_view rank_plural(Rank rank) {
  return rank_plurals[static_cast<int>(rank) - 1];
}
std::string_view suit_symbol(Suit suit) {
  return suit_symbols[static_cast<int>(suit)];
}
std::string_view suit_name(Suit suit) {
  return suit_names[static_cast<int>(suit)];
}
std::string_view suit_noun(Suit suit) {
  const std::string_view plural = suit_name(suit);
  return plural.substr(0, plural.size() - 1);
}

std::string cards_text(std::span<const Card> cards, std::string_view between) {
  std::string text;
  for (const Card card : cards) {
    if (!text.empty()) text += between;
    append_card(text, card);
  }
  return text;
}

std::string to_string(Card card, std::string_view printed_joker) {
  std::string text;
  append_card(text, card, printed_joker);
  return text;
}

void append_card(std::string& out, Card card, std::string_view printed_joker) {
  if (card.is_printed_joker()) {
    out += printed_joker;
    return;
  }
  out += rank_name(card.rank());
  out += suit_symbol(card.suit());
}

}  // namespace rummy
