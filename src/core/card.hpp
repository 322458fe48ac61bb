// Cards: the 52 cards of a French pack and the printed joker, their names and the wild rank.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace rummy {

// The order of suits here is only an encoding; the seating toss has its own order.
enum class Suit : std::uint8_t { spades, hearts, diamonds, clubs };
inline constexpr int suit_count = 4;

enum class Rank : std::uint8_t {
  ace = 1,
  two,
  three,
  four,
  five,
  six,
  seven,
  eight,
  nine,
  ten,
  jack,
  queen,
  king
};
inline constexpr int rank_count = 13;

class Card {
 public:
  constexpr Card() = default;
  constexpr Card(Rank rank, Suit suit)
      : code_(static_cast<std::uint8_t>(static_cast<int>(suit) * rank_count +
                                        (static_cast<int>(rank) - 1))) {}
  static constexpr Card printed_joker() { return Card(joker_code); }
  // 0..51 for the natural cards, 52 for the printed joker: a dense index for counting.
  static constexpr Card from_index(int index) { return Card(static_cast<std::uint8_t>(index)); }

  constexpr bool is_printed_joker() const { return code_ == joker_code; }
  // (Read from a table: the searches ask at every node, and a division by 13 is several
  // instructions.)
  constexpr Rank rank() const { return static_cast<Rank>(ranks_[code_]); }
  constexpr Suit suit() const { return static_cast<Suit>(suits_[code_]); }
  constexpr int index() const { return code_; }

  constexpr auto operator<=>(const Card&) const = default;

  static constexpr int index_count = 53;

 private:
  static constexpr std::uint8_t joker_code = 52;
  // By code: code % 13 + 1 and code / 13 (the printed joker's too, as before the tables).
  static constexpr auto ranks_ = [] {
    std::array<std::uint8_t, joker_code + 1> ranks{};
    for (int code = 0; code <= joker_code; ++code) {
      ranks[static_cast<std::size_t>(code)] = static_cast<std::uint8_t>(code % rank_count + 1);
    }
    return ranks;
  }();
  static constexpr auto suits_ = [] {
    std::array<std::uint8_t, joker_code + 1> suits{};
    for (int code = 0; code <= joker_code; ++code) {
      suits[static_cast<std::size_t>(code)] = static_cast<std::uint8_t>(code / rank_count);
    }
    return suits;
  }();
  constexpr explicit Card(std::uint8_t code) : code_(code) {}
  std::uint8_t code_ = 0;
};

// The rank whose four suits are wild jokers in this deal; empty when only printed jokers are.
using WildRank = std::optional<Rank>;

constexpr bool is_wild_card(Card card, WildRank wild) {
  return !card.is_printed_joker() && wild && card.rank() == *wild;
}
// A card that may act as a joker: a printed joker or a card of the wild rank.
constexpr bool is_joker(Card card, WildRank wild) {
  return card.is_printed_joker() || is_wild_card(card, wild);
}

std::string_view rank_name(Rank rank);    // "A", "2" … "10", "J", "Q", "K"
std::string_view rank_plural(Rank rank);  // "aces", "2s" … "kings"
std::string_view suit_symbol(Suit suit);  // "♠", "♥", "♦", "♣"
std::string_view suit_name(Suit suit);    // "spades" …
std::string_view suit_noun(Suit suit);    // "spade" …: one card of the suit
// Canonical form: "10♥", and the printed joker as the game writes it ("PJ", or Crazy's "JK").
std::string to_string(Card card, std::string_view printed_joker = "PJ");
// The same, appended to `out` (for text built card after card).
void append_card(std::string& out, Card card, std::string_view printed_joker = "PJ");
// Cards one after another, `between` each two: "8♠ 9♠", "5♠-6♠-7♠".
std::string cards_text(std::span<const Card> cards, std::string_view between = " ");

}  // namespace rummy
