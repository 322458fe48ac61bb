// The hand notation's common case, read without the grammar: see detail::read_plain_hand in
// notation.hpp; and a batch line's common settings, "[wild=R]" (read_plain_wild_setting).
//
// Almost every hand a batch holds, and every hand a person types, is plain: cards (a rank and a
// suit, PJ or JK, a card's "(WJ)"), split by '|', '-', blanks or nothing. The grammar reads such
// a hand through a PEGTL rule for each piece, and that was two thirds of the time of parsing,
// validating and scoring a grouped hand. This reader takes the same pieces in the same order as
// the rules of grammar/hand.hpp (hand_line, group, dashed_card, spaced_card, natural_card,
// joker_card, next_group), each decided by its first bytes as the grammar decides it, and builds
// the WrittenHand the grammar's actions (parse_actions.hpp) build. It has no messages: at the
// first thing that is not plain, or not right, it gives up, and the grammar reads the text from
// its start and says what is wrong, where. So it must never accept what the grammar refuses, nor
// read a hand otherwise: tests/notation_property_test.cpp compares the two on generated text, and
// the fuzz targets compare them on every input they make.
#include <array>
#include <cstdint>

#include "notation.hpp"

namespace rummy::detail {

namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t';
}

std::uint8_t byte(std::string_view text, std::size_t at) {
  return static_cast<std::uint8_t>(text[at]);
}

std::uint8_t upper(std::uint8_t c) {
  return static_cast<std::uint8_t>(c & ~0x20u);
}

std::size_t skip_blanks(std::string_view text, std::size_t at) {
  while (at < text.size() && is_blank(text[at])) ++at;
  return at;
}

// What each byte says as the first of a rank, and as a suit letter or the last byte of a suit
// glyph (U+2660…U+2667 are E2 99 A0…A7): looked up rather than decided by branches, which the
// processor would guess wrong for one card in two of a shuffled hand.
constexpr std::uint8_t no_rank = 0, ten_if_zero_follows = 14;
constexpr std::uint8_t no_suit = 0xFF;

struct ByteTables {
  std::uint8_t rank[256] = {};         // Rank's value, no_rank, or ten_if_zero_follows for '1'
  std::uint8_t letter_suit[256] = {};  // Suit's value for S H D C in either case, else no_suit
  std::uint8_t glyph_suit[256] = {};  // for the glyph's last byte: ♠ ♡ ♢ ♣ ♤ ♥ ♦ ♧, else no_suit
};

constexpr ByteTables make_byte_tables() {
  ByteTables t;
  for (int c = 0; c < 256; ++c) {
    t.letter_suit[c] = no_suit;
    t.glyph_suit[c] = no_suit;
  }
  for (int c = '2'; c <= '9'; ++c) t.rank[c] = static_cast<std::uint8_t>(c - '0');
  t.rank[static_cast<unsigned char>('1')] = ten_if_zero_follows;
  const auto both = [&t](char letter, Rank rank) {
    t.rank[static_cast<unsigned char>(letter)] = static_cast<std::uint8_t>(rank);
    t.rank[static_cast<unsigned char>(letter | 0x20)] = static_cast<std::uint8_t>(rank);
  };
  both('A', Rank::ace);
  both('T', Rank::ten);
  both('J', Rank::jack);
  both('Q', Rank::queen);
  both('K', Rank::king);
  const char letters[] = {'S', 'H', 'D', 'C'};  // in Suit's order
  for (int s = 0; s < 4; ++s) {
    t.letter_suit[static_cast<unsigned char>(letters[s])] = static_cast<std::uint8_t>(s);
    t.letter_suit[static_cast<unsigned char>(letters[s] | 0x20)] = static_cast<std::uint8_t>(s);
  }
  for (int k = 0; k < 8; ++k) t.glyph_suit[0xA0 + k] = static_cast<std::uint8_t>(k % 4);
  return t;
}

constexpr ByteTables tables = make_byte_tables();
constexpr std::size_t npos_mark = std::string_view::npos;

// A rank at `at` (grammar::rank): its length, 0 for none.
std::size_t rank_at(std::string_view text, std::size_t at, Rank& rank) {
  if (at >= text.size()) return 0;
  const std::uint8_t value = tables.rank[byte(text, at)];
  if (value == no_rank) return 0;
  if (value == ten_if_zero_follows) {
    if (at + 1 >= text.size() || text[at + 1] != '0') return 0;
    rank = Rank::ten;
    return 2;
  }
  rank = static_cast<Rank>(value);
  return 1;
}

// A suit at `at` (grammar::suit): a letter, a glyph of U+2660…U+2667 or ❤, with U+FE0F after a
// glyph; its length, 0 for none.
std::size_t suit_at(std::string_view text, std::size_t at, Suit& suit) {
  if (at >= text.size()) return 0;
  const std::uint8_t first = byte(text, at);
  if (first != 0xE2) {
    const std::uint8_t letter = tables.letter_suit[first];
    if (letter == no_suit) return 0;
    suit = static_cast<Suit>(letter);
    return 1;
  }
  if (at + 3 > text.size()) return 0;
  const std::uint8_t second = byte(text, at + 1), third = byte(text, at + 2);
  if (second == 0x99 && tables.glyph_suit[third] != no_suit) {
    suit = static_cast<Suit>(tables.glyph_suit[third]);
  } else if (second == 0x9D && third == 0xA4) {
    suit = Suit::hearts;  // ❤
  } else {
    return 0;
  }
  const bool selector = at + 6 <= text.size() && byte(text, at + 3) == 0xEF &&
                        byte(text, at + 4) == 0xB8 && byte(text, at + 5) == 0x8F;
  return selector ? 6 : 3;
}

// Where "(WJ)", in any case, begins after the blanks at `at` (grammar::wild_mark); npos for none.
// (Asked only where a blank or '(' follows a card: most cards are followed by a separator or the
// end, which read_plain_hand tells from one byte.)
[[gnu::noinline]] std::size_t wild_mark_after_blanks(std::string_view text, std::size_t at) {
  at = skip_blanks(text, at);
  if (at + 4 > text.size() || text[at] != '(' || upper(byte(text, at + 1)) != 'W' ||
      upper(byte(text, at + 2)) != 'J' || text[at + 3] != ')') {
    return std::string_view::npos;
  }
  return at;
}

// What the byte after a card says comes next: a '-' and the next card (most often); a blank or
// '(', which may begin the card's "(WJ)"; anything else (a '|', the end) is read as after blanks.
enum class Next : std::uint8_t { other, dash, maybe_mark };

constexpr std::array<Next, 256> next_after_card = [] {
  std::array<Next, 256> table{};
  table['-'] = Next::dash;
  table[' '] = table['\t'] = table['('] = Next::maybe_mark;
  return table;
}();

// A card added to the hand (read_plain_hand counts it in its group), made in its place: a
// WrittenCard made aside and copied in was written a byte at a time and read back sixteen at a
// time, and the processor waited for those stores (a third of this reader's time); one
// value-initialised there and then filled in wrote it twice.
[[gnu::always_inline]] inline void add_card(WrittenHand& hand, Card card, std::size_t offset,
                                            bool spelled_jk = false) {
  hand.cards.emplace_back_from([&] { return WrittenCard{offset, std::nullopt, card, spelled_jk}; });
}

enum class Read { none, natural, joker, broken };

// A card at `at` (grammar::card: a natural card, else a joker's name), added to `hand`, `at`
// moved past it (its "(WJ)" is read by the caller). `none`: no card begins here (the grammar
// tries something else); `broken`: one begins and is not right (the grammar raises an error).
[[gnu::always_inline]] inline Read card_at(std::string_view text, std::size_t& at,
                                           WrittenHand& hand) {
  Rank rank = Rank::ace;
  const std::size_t rank_length = rank_at(text, at, rank);
  // A joker's name: PJ, whose P is no rank, or JK, whose K is no suit (so neither is a natural
  // card: asked only of a J or of what is no rank, which keeps most cards from asking).
  if ((rank_length == 0 || rank == Rank::jack) && at + 2 <= text.size()) {
    const std::uint8_t first = upper(byte(text, at)), second = upper(byte(text, at + 1));
    if ((first == 'P' && second == 'J') || (first == 'J' && second == 'K')) {
      add_card(hand, Card::printed_joker(), at, first == 'J');
      at += 2;
      return Read::joker;
    }
  }
  if (rank_length == 0) return Read::none;
  Suit suit = Suit::spades;
  const std::size_t suit_length = suit_at(text, at + rank_length, suit);
  if (suit_length == 0) return Read::broken;
  add_card(hand, Card(rank, suit), at);
  at += rank_length + suit_length;
  return Read::natural;
}

}  // namespace

std::size_t read_plain_wild_setting(std::string_view line, std::size_t at, LineSettings& settings) {
  constexpr std::size_t npos = std::string_view::npos;
  // '[', "wild" in any case, '=' (grammar::setting_wild), then the rank and ']' (settings_end).
  if (at >= line.size() || line.size() - at < 8 || line[at] != '[' || line[at + 5] != '=') {
    return npos;
  }
  for (std::size_t i = 0; i < 4; ++i) {
    if (upper(byte(line, at + 1 + i)) != "WILD"[i]) return npos;
  }
  const std::size_t value = at + 6;
  Rank rank = Rank::ace;
  const std::size_t length = rank_at(line, value, rank);
  // (What the grammar's wild_value reads otherwise, PJ and none, begins with no rank; a J
  // followed by anything but ']' may be JK: the grammar's.)
  if (length == 0 || value + length >= line.size() || line[value + length] != ']') return npos;
  settings.clear();
  settings.wild = WildRank{rank};
  settings.wild_offset = value;
  settings.note("wild", value);
  return skip_blanks(line, value + length + 1);
}

bool read_plain_hand(std::string_view text, std::size_t from, bool line_end_allowed,
                     WrittenHand& hand) {
  hand.restart();
  std::size_t at = skip_blanks(text, from);
  // A card a turn, at `at`: the first, or one after a '-' (dashed_card), a '|' (next_group), or
  // blanks or nothing (spaced_card). A card must come first and after '-' and '|'; where one
  // may come and none does, the hand ends. (card_at is called from this one place, so that it is
  // inlined here: a call for each card was a sixth of its time.)
  // (The last group's size is counted here and written when the group ends, rather than
  // through the list at each card; and where the last card ends, when the hand ends.)
  bool card_needed = true;
  std::size_t in_group = 0, card_end = 0;
  for (;;) {
    const Read read = card_at(text, at, hand);
    if (read == Read::broken) return false;
    if (read == Read::none) {
      if (card_needed) return false;
      hand.group_sizes.back() = in_group;
      hand.end_offset = card_end;
      // The end: blanks, then the end of the text (or of its one line).
      const std::string_view rest = text.substr(at);
      return rest.empty() || (line_end_allowed && (rest == "\n" || rest == "\r\n"));
    }
    ++in_group;
    const Next next = at < text.size() ? next_after_card[byte(text, at)] : Next::other;
    if (next == Next::dash) {
      card_end = at;
      card_needed = true;
      hand.grouped = true;
      at = skip_blanks(text, at + 1);
      continue;
    }
    if (next == Next::maybe_mark) {
      if (const std::size_t mark = wild_mark_after_blanks(text, at); mark != npos_mark) {
        if (read == Read::joker) return false;  // a printed joker is wild: no mark says so
        hand.cards.back().wild_mark = mark;
        at = mark + 4;
      }
    }
    card_end = at;
    at = skip_blanks(text, at);
    card_needed = at < text.size() && (text[at] == '-' || text[at] == '|');
    if (card_needed) {
      if (text[at] == '|') {
        hand.group_sizes.back() = in_group;
        hand.group_sizes.push_back(0);
        in_group = 0;
      }
      hand.grouped = true;
      at = skip_blanks(text, at + 1);
    }
  }
}

}  // namespace rummy::detail
