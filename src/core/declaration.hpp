// A hand as shown at the end of a deal, and whether it is a valid declaration (rules §2.5).
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "card.hpp"
#include "classify.hpp"
#include "inline_vector.hpp"
#include "rules.hpp"

namespace rummy {

using Group = SmallVector<Card, 16>;

struct Hand {
  std::vector<Group> groups;  // in the order written
  WildRank wild;
  std::size_t card_count() const;
  std::vector<Card> cards() const;  // every card, group after group
};

// "A♠-2♠-3♠ | 6♣-8♣-K♥(WJ)": the hand in the notation, wild cards marked.
std::string format_hand(const Hand& hand, const Rules& rules);

enum class ProblemKind {
  wrong_card_count,   // an Indian declaration shows exactly rules.deal.hand_size cards
  bad_group,          // a group that is unmatched or not valid
  no_pure_sequence,   // at least one sequence must be pure
  too_few_sequences,  // at least two sequences
  contract_unmet,     // Crazy Rummy: fewer books or runs than the round's contract
};

struct Problem {
  ProblemKind kind;
  int group = -1;  // bad_group: index into the hand's groups
  bool operator==(const Problem&) const = default;
};

// The verdicts and the problems are kept in place up to a hand's usual number (a check made for
// each hand of a stream, or for each grouping a search finishes, took a block from the heap for
// them each time). In place, each move of a check copies its verdicts: it is made where it is
// kept (check_declaration_into), not moved there.
struct DeclarationCheck {
  SmallVector<GroupVerdict, 8> groups;  // one per group of the hand, same order
  SmallVector<Problem, 8> problems;     // empty exactly when the declaration is valid
  int pure_sequences = 0;
  int sequences = 0;  // pure and impure
  int sets = 0;

  // Copied and moved out of line: with the copies of the lists in place inline, the search that
  // moves its answers about (arrange.cpp) was compiled otherwise, slower.
  DeclarationCheck() = default;
  DeclarationCheck(const DeclarationCheck&);
  DeclarationCheck(DeclarationCheck&&) noexcept;
  DeclarationCheck& operator=(const DeclarationCheck&);
  DeclarationCheck& operator=(DeclarationCheck&&) noexcept;
  ~DeclarationCheck() = default;

  bool valid() const { return problems.empty(); }
  bool operator==(const DeclarationCheck&) const = default;
};

DeclarationCheck check_declaration(const Hand& hand, const Rules& rules,
                                   Detail detail = Detail::full);
// The same check, written into `check` (whatever it held before is replaced).
void check_declaration_into(DeclarationCheck& check, const Hand& hand, const Rules& rules,
                            Detail detail = Detail::full);

// One sentence per problem, e.g. "no pure sequence: a declaration needs at least one".
std::string explain(const Problem& problem, const DeclarationCheck& check, const Hand& hand,
                    const Rules& rules);

// "2 sequences (1 pure) and 2 sets": what a valid declaration is made of.
std::string summarize(const DeclarationCheck& check, const Rules& rules);

// Cards counted one at a time against what the decks hold.
class DeckCount {
 public:
  explicit DeckCount(const Rules& rules) : rules_(rules) {}
  // Whether `card`, counted now, is one more than the decks hold.
  bool one_too_many(Card card) { return ++seen_[card.index()] > rules_.copies_allowed(card); }

 private:
  const Rules& rules_;
  std::array<int, Card::index_count> seen_{};
};

// The first card that exceeds what the decks hold (rules.copies_allowed() of a card,
// rules.printed_jokers_allowed() printed jokers): its position among `cards`, or in the hand
// taken group after group.
std::optional<std::size_t> first_card_over_deck_limit(std::span<const Card> cards,
                                                      const Rules& rules);
std::optional<std::size_t> first_card_over_deck_limit(const Hand& hand, const Rules& rules);

}  // namespace rummy
