// Reading the hand notation into a Hand: syntax (through the grammar in grammar/), then the
// checks that need the whole hand (one wild rank, the deck limits). Every failure is an
// InputError that names the line and column. This is the only part that knows PEGTL.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "declaration.hpp"
#include "inline_vector.hpp"
#include "maal.hpp"
#include "rules.hpp"
#include "text.hpp"
#include "tiplu.hpp"

namespace rummy {

// A card as written, with where it was written (positions live beside values).
// (The members are in the order that leaves no padding between them: 32 bytes, not 40.)
struct WrittenCard {
  std::size_t offset = 0;                // byte offset of the card in the input
  std::optional<std::size_t> wild_mark;  // byte offset of its "(WJ)", if marked
  Card card;
  bool spelled_jk = false;  // a printed joker written JK
  bool operator==(const WrittenCard&) const = default;
};

// A hand's cards and groups are kept in place up to a hand's usual size: a hand read anew (not
// into a batch's room) took two blocks from the heap for them, a tenth of the time of reading,
// validating and scoring it.
struct WrittenHand {
  SmallVector<WrittenCard, 16> cards;       // every card, in the order written
  SmallVector<std::size_t, 8> group_sizes;  // how many of them each group holds
  std::size_t end_offset = 0;               // just after the last card
  bool grouped = false;                     // written with '|' or '-': the writer chose the groups
  bool operator==(const WrittenHand&) const = default;

  // Emptied for a hand to be read into it, its memory kept, with its first group open.
  void restart() {
    cards.clear();
    group_sizes.clear();
    end_offset = 0;
    grouped = false;
    group_sizes.push_back(0);
  }
};

// Syntax only. `text` is a whole input: one hand, a group or more a line (rules §1.6), with
// blank and '#' comment lines around it.
WrittenHand parse_hand(std::string_view text, std::string_view source);

// The value of --wild: "7", "7♦" (its rank counts), "PJ" (aces), "none". An empty result
// means nothing but printed jokers is wild.
WildRank parse_wild(std::string_view text, std::string_view source = "--wild");

enum class WildFrom { nothing, option, marks };

struct ReadHand {
  Hand hand;
  WildFrom wild_from = WildFrom::nothing;
  WrittenHand written;
};

struct ReadOptions {
  std::optional<WildRank> wild;             // given on the command line (may say "none")
  std::string_view wild_origin = "--wild";  // where `wild` comes from, for messages
  bool jk_is_printed_joker = false;
  // How many cards the hand must hold: any, exactly rules.deal.hand_size (a hand shown at the end
  // of a deal), that or one more (a hand about to declare, with its 14th card), or at most the
  // most the game deals a player (Rules::largest_deal: cards left or shown at the end).
  enum class Size { any, shown, shown_or_drawn, dealt } size = Size::any;
};

// Parses and checks a hand: one wild rank across all (WJ) marks and agreeing with the
// option, no card more often than the decks hold, and the number of cards asked for.
ReadHand read_hand(std::string_view text, std::string_view source, const Rules& rules,
                   const ReadOptions& options = {});

// The checks of read_hand on a hand already parsed from `text`.
ReadHand resolve_hand(WrittenHand parsed, std::string_view text, std::string_view source,
                      const Rules& rules, const ReadOptions& options);
// The same on `read.written`, into `read.hand` (whose memory the groups take): a batch reads each
// line into the same ReadHand (a WrittenHand moved is copied, its cards being kept in place).
void resolve_hand_in_place(ReadHand& read, std::string_view text, std::string_view source,
                           const Rules& rules, const ReadOptions& options);

// ---- A player's cards at a table where groups are shown (docs/rules.md §9.1) -----------------

// Syntax only: every card with its groups; the first `shown_groups` are on the table, the hand's
// follow, and the last is the discard when one is written.
struct WrittenTableHand {
  WrittenHand cards;
  std::size_t shown_groups = 0;
  std::vector<std::size_t> at_deal;  // the shown groups marked (deal), by index
  std::vector<std::size_t> deal_mark_offsets;
  bool hand_grouped = false;  // the hand part was written with '|' or '-'
  bool has_discard = false;
};
WrittenTableHand parse_table_hand(std::string_view text, std::string_view source);

struct ReadTableHand {
  TableHand hand;
  WrittenTableHand written;
};
// Parses and checks a player's cards: the game's printed jokers, no card more often than the
// packs hold, the tiplu card at most as often as it is in play (given a tiplu), and, when `ended`
// says whether the player ended, the number of cards: the deal's (21) kept, and the discard.
ReadTableHand read_table_hand(std::string_view text, std::string_view source, const Rules& rules,
                              std::optional<Card> tiplu, std::optional<bool> ended = std::nullopt);
// The checks of read_table_hand on cards already parsed from `text`.
ReadTableHand resolve_table_hand(WrittenTableHand parsed, std::string_view text,
                                 std::string_view source, const Rules& rules,
                                 std::optional<Card> tiplu, std::optional<bool> ended);

// The value of --tiplu: a natural card.
Card parse_tiplu(std::string_view text, std::string_view source = "--tiplu");

// ---- One line of a batch file: [settings] hand ------------------------------------------------

// What a line's settings say (LineSettings adds the list of them as written).
struct SettingValues {
  std::optional<WildRank> wild;
  std::optional<Game> game;
  std::optional<Variant> variant;  // game= naming a game ('game=gin') rather than a format
  std::optional<Drop> drop;
  std::optional<bool> declared;
  std::optional<Card> tiplu;       // a game dealt with a tiplu: the line's tiplu
  std::optional<MaalState> state;  // … and the player's state
  std::size_t wild_offset = 0, game_offset = 0, drop_offset = 0, declared_offset = 0,
              tiplu_offset = 0, state_offset = 0;
};

struct LineSettings : SettingValues {
  // Every setting as written, in order ("wild", "game", "drop", "declared", "shown", "tiplu",
  // "state") with its place: the check refuses repeats and contradictions, the first it finds.
  // There are seven names, so the eighth setting at the latest repeats one: the first eight hold
  // that first conflict, and later ones are not kept (see note()).
  InlineVector<std::pair<std::string_view, std::size_t>, 8> written;
  void note(std::string_view name, std::size_t offset) {
    if (written.size() < written.capacity()) written.push_back({name, offset});
  }
  // Emptied for a line to be read into it: the values anew, and the list's room, a few hundred
  // bytes, left as it is (made anew, with a copy, it was two in a hundred of a batch line's
  // instructions).
  void clear() {
    static_cast<SettingValues&>(*this) = SettingValues{};
    written.clear();
  }
};

struct WrittenLine {
  LineSettings settings;
  std::optional<WrittenHand> hand;  // empty: the line holds settings only (a drop)
};

// Syntax only; `line` holds no line break.
WrittenLine parse_batch_line(std::string_view line, std::string_view source);
// The same into `settings` and `hand` (whatever they held is replaced; the hand's memory kept;
// after an error, either may hold part of the line's): false when the line holds settings only
// (`hand` then holds no card).
bool parse_batch_line_into(std::string_view line, std::string_view source, LineSettings& settings,
                           WrittenHand& hand);

namespace detail {

// The common case of a hand, read without the grammar (plain_hand.cpp): from `from`, blanks, then
// groups of cards split by '|', '-', blanks or nothing, then blanks and the end of `text` (or,
// with `line_end_allowed`, one line end: a hand given as a whole input). True when `hand` holds
// exactly what the grammar would read there; false at anything else, where the grammar must read
// the text (and say what is wrong). parse_hand and parse_batch_line try it first. Whatever `hand`
// held is replaced (its memory kept).
bool read_plain_hand(std::string_view text, std::size_t from, bool line_end_allowed,
                     WrittenHand& hand);

// The settings most lines of a batch begin with, "[wild=R]" (R a rank alone, the brackets and
// the '=' without blanks), read without the grammar (plain_hand.cpp) from the '[' at `at`:
// `settings` as the grammar's actions make them, and where the blanks after the ']' end. npos,
// with `settings` as they were, at anything else (other settings, a suit after the rank, PJ,
// none, a blank inside): the grammar reads those.
std::size_t read_plain_wild_setting(std::string_view line, std::size_t at, LineSettings& settings);

// parse_hand and parse_batch_line through the grammar alone, for the tests that compare.
WrittenHand parse_hand_by_grammar(std::string_view text, std::string_view source);
WrittenLine parse_batch_line_by_grammar(std::string_view line, std::string_view source);

}  // namespace detail

// A line of a batch of a game dealt with a tiplu: [settings] and a player's cards.
struct WrittenTableLine {
  LineSettings settings;
  std::optional<WrittenTableHand> hand;  // empty: the line holds settings only
};
WrittenTableLine parse_tiplu_batch_line(std::string_view line, std::string_view source);

}  // namespace rummy
