// How far a hand is from going out: the fewest of its cards that must be replaced (each by a
// card the decks still hold) for the hand to be a valid declaration — Indian rummy's valid
// show, gin in Gin Rummy, a hand with every card melded (and the round's contract met) in Basic,
// Knock and Crazy Rummy. The measure platforms and bots call "cards away" (docs/rules.md §6).
#pragma once

#include <optional>
#include <span>
#include <string>

#include "card.hpp"
#include "rules.hpp"

namespace rummy {

// The fewest replacements that make `cards` a hand that goes out under `rules`, by an exact
// search (src/core/cards_away.cpp). `cards` is the hand as it stands; in a game whose shown hand
// has a fixed size, that size or one more (a drawn hand: judged after its discard, which is not
// a replacement). 0: it goes out as it is. Nothing when no hand of this many cards goes out (an
// Indian hand of 12 cards, fewer cards than a meld). Rules that check_rules refuses, or a game
// without a search of melds (Marriage, whose combinations are not melds): RulesError.
std::optional<int> cards_away(std::span<const Card> cards, WildRank wild, const Rules& rules);

// cards_away() when it is at most `most`; nothing otherwise (the same search, stopped there).
std::optional<int> cards_away_up_to(std::span<const Card> cards, WildRank wild, const Rules& rules,
                                    int most);

// Whether cards_away() is at most `most`: the same search, stopped there (a hand with no outs
// is one that is not within 1, whatever its distance).
bool cards_away_within(std::span<const Card> cards, WildRank wild, const Rules& rules, int most);

// Whether `cards` (one card over the hand's size: a hand after its draw) go out once one of
// them is thrown: the same search, with one card thrown and none coming in.
bool goes_out_after_discard(std::span<const Card> cards, WildRank wild, const Rules& rules);

// Whether two natural cards could share a meld with few cards between them: the same rank in
// other suits, or the same suit within two places (the ace above the king where it ranks high,
// below the 2 where it ranks low). Cards away's search bounds its cost by the cards linked so;
// advise says a discard "fits nothing kept" when it is linked to none.
bool cards_linked(Card a, Card b, const MeldRules& melds);

// Why cards_away() cannot answer for these rules, in words; nothing when it can.
std::optional<std::string> cards_away_refusal(const Rules& rules);

namespace detail {

// cards_away() by the search with its earlier, weaker bound (each small group of linked cards
// costs one), for the tests to compare the relaxed bound against.
std::optional<int> cards_away_small_groups_bound(std::span<const Card> cards, WildRank wild,
                                                 const Rules& rules);

}  // namespace detail

}  // namespace rummy
