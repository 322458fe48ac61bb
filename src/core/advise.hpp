// The coach: which card to discard (and whether to take the open card), with the exact odds of
// going out on the next draws (docs/rules.md §6: what "unseen", "live" and "out" mean, and the
// policy of the simulation). No I/O: the CLI and the page print the same ranked choices.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "card.hpp"
#include "rules.hpp"
#include "tiplu.hpp"

namespace rummy {

struct AdviseOptions {
  std::vector<Card> seen;    // cards known to be out of reach (the discard pile, melds shown)
  std::optional<Card> open;  // the card on the discard pile: take it, or draw blind?
  int draws = 2;             // K: the odds of going out within this many draws
  std::uint64_t seed = 1;    // K ≥ 3: the simulation's seed
  int samples = 2000;        // K ≥ 3: games simulated per choice
  // Simulate whatever K is (the tests check the simulation against the exact sums for K ≤ 2).
  bool simulate = false;
};

// The most draws and samples advise() takes (beyond them a run takes too long to be useful).
inline constexpr int most_advise_draws = 10;
inline constexpr int most_advise_samples = 1'000'000;

// A card that completes the hand on the next draw, and its copies still unseen.
struct LiveOut {
  Card card;
  int live = 0;
};

// One choice: a discard (after the draw), or with an open card, taking it and a discard, or
// drawing blind (no take, no discard: the discard comes after the card drawn).
struct Choice {
  std::optional<Card> take;     // the open card taken
  bool blind = false;           // draws from the stock instead of taking the open card
  std::optional<Card> discard;  // the card thrown (none: drawing blind)
  bool goes_out = false;        // the cards kept go out as they are: declare now
  // What the cards kept pay if another player goes out now; nothing in a deal with a tiplu, where
  // what matters is the maal they count.
  std::optional<int> points;
  std::optional<int> maal;
  std::optional<int> cards_away;
  std::vector<LiveOut> outs;  // the cards that complete them on the next draw
  double p_next = 0;          // out on the next draw
  double p_within = 0;        // out within `draws` draws, discarding at best after each
  std::optional<std::pair<double, double>> interval;  // 95%, when simulated
  std::string why;                                    // one line, in the game's words
};

struct Advice {
  std::vector<Card> hand;         // in a deal with a tiplu: the cards in hand, not shown
  std::vector<ShownGroup> shown;  // in a deal with a tiplu: the groups on the table
  std::optional<Card> tiplu;
  WildRank wild;
  std::optional<Card> open;
  std::vector<Card> seen;
  int unseen = 0;  // cards that may be drawn: the decks less the hand, the seen and the open card
  int draws = 2;
  bool exact = true;  // K ≤ 2: every draw enumerated; otherwise simulated
  int samples = 0;    // simulated: per choice
  std::uint64_t seed = 0;
  std::vector<Choice> choices;  // the best first
};

// Why advise() does not play a game under these rules (rules check_rules refuses, a house rule
// its search does not count); nothing when it does.
std::optional<std::string> advise_game_refusal(const Rules& rules);

// Why advise() cannot answer: a game it does not play, a hand of the wrong size, cards beyond
// what the decks hold; nothing when it can.
std::optional<std::string> advise_refusal(std::span<const Card> hand, const Rules& rules,
                                          const AdviseOptions& options);

// The ranked choices for `hand`: the game's hand size plus one (after the draw), or the hand
// size with options.open. Refused (advise_refusal): std::invalid_argument with its words;
// rules check_rules refuses: RulesError.
Advice advise(std::span<const Card> hand, WildRank wild, const Rules& rules,
              const AdviseOptions& options);

// The same for a deal with a tiplu (Marriage): a player who has seen, holding the deal's size
// plus one (after the draw; no discard written), or the deal's size with options.open. Its
// choices count the maal kept rather than points.
std::optional<std::string> advise_refusal(const TableHand& hand, const Tiplu& tiplu, int players,
                                          const Rules& rules, const AdviseOptions& options);
Advice advise(const TableHand& hand, const Tiplu& tiplu, int players, const Rules& rules,
              const AdviseOptions& options);

}  // namespace rummy
