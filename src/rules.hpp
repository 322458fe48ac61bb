// The rules of a game as data: one classifier and one scorer read a Rules value, and a house
// rule is a named change to it (RULES.md §2.7).
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "card.hpp"

namespace rummy {

// Indian rummy's formats; they differ in drop penalties (RULES.md §2.6) and, later, in money.
enum class Game { points, pool101, pool201, deals };
inline constexpr std::array<Game, 4> all_games = {Game::points, Game::pool101, Game::pool201,
                                                  Game::deals};
std::string_view game_name(Game game);                 // "points", "pool101" …
std::string_view game_description(Game game);          // "points rummy", "101 pool" …
std::optional<Game> find_game(std::string_view name);  // by game_name

enum class Drop { first, middle };
std::string_view drop_name(Drop drop);  // "first", "middle"

// What a loser with a pure sequence but no second sequence pays for (RULES.md §2.6).
enum class PureWithoutSecondCount {
  pure_exempt,  // every card outside the pure sequence(s)  [000]
  all,          // every card                               (most platforms)
  ungrouped,    // only cards outside valid groups          [001]'s worked example
};

// Pool rummy: out at the limit (or above it, with the house rule), and re-joining only while no
// other player's total is above the ceiling (RULES.md §2.8).
struct PoolLimits {
  int limit = 0;
  int rejoin_ceiling = 0;
};

struct DropPenalty {
  std::optional<int> first;   // empty: not allowed in this game
  std::optional<int> middle;  // empty: not allowed in this game
};

// A points cap no hand reaches: the games other than Indian rummy have none.
inline constexpr int no_cap = 1'000'000;

// Crazy Rummy's rounds (RULES.md §5): the cards dealt and the melds needed to go down.
struct Contract {
  int round = 0;
  int cards = 0;
  int books = 0;
  int runs = 0;
};
std::optional<Contract> crazy_round(int round);  // rounds 1 to 7

// Basic and Knock Rummy deal 10 cards each to 2 players, 7 to 3-4, 6 to 5-6 (RULES.md §3, §4).
constexpr int basic_deal_size(std::size_t players) {
  return players <= 2 ? 10 : players <= 4 ? 7 : 6;
}
std::string contract_text(int books, int runs);  // "2 books and 1 run", "2 runs"
inline constexpr int crazy_rounds = 7;

// The four games of the rulebook: they differ only in the numbers and switches of Rules.
enum class Variant { indian, basic, knock, crazy };
inline constexpr std::array<Variant, 4> all_variants = {Variant::indian, Variant::basic,
                                                        Variant::knock, Variant::crazy};
std::string_view variant_name(Variant variant);         // "indian", "basic", "knock", "crazy"
std::string_view variant_description(Variant variant);  // "Indian rummy", "Basic Rummy" …

struct Rules {
  Variant variant = Variant::indian;
  int hand_size = 13;
  int decks = 2;
  int printed_jokers_per_deck = 1;
  int min_group = 3;             // fewer cards are unmatched; a set needs this many
  int min_run = 3;               // a sequence needs this many (Crazy Rummy: 4)
  int max_sequence = 13;         // ace low or high, never both
  int max_set = 4;               // one card per suit
  bool set_suits_differ = true;  // Crazy Rummy's books may repeat suits
  bool ace_low = true;           // A-2-3
  bool ace_high = true;          // Q-K-A (Basic and Knock: off; Basic's house rule turns it on)
  // Jokers: the deal's wild rank (Indian), a fixed wild rank (Crazy: every 2), or none.
  bool deal_has_wild_rank = true;
  std::optional<Rank> fixed_wild;
  int max_wilds_in_run = 13;           // Crazy Rummy: 2
  int max_wilds_in_set = 13;           // Crazy Rummy: 1
  bool jk_is_printed_joker = false;    // Crazy Rummy also writes the printed joker JK
  int joker_points = 0;                // a printed joker left in hand (Crazy Rummy: 20)
  bool wild_cards_score_zero = true;   // Indian: a wild card counts 0; Crazy: a 2 counts 20
  bool pure_sequence_required = true;  // Indian declarations need a pure sequence
  std::optional<Contract> contract;    // Crazy Rummy: the round whose contract melds must meet
  bool fifth_card_joker = false;
  PureWithoutSecondCount pure_without_second = PureWithoutSecondCount::pure_exempt;
  bool pool_out_above_limit = false;  // house rule pool-out: reach (default) or exceed
  int points_cap = 80;
  int wrong_show_points = 80;
  int valid_after_declaration_points = 2;
  // Penalty points by rank (A K Q J 10, the rest face value); jokers always count 0.
  std::array<int, rank_count> card_points = {10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10};
  std::array<DropPenalty, all_games.size()> drops = {{
      {20, 40},                      // points
      {20, 40},                      // 101 pool
      {25, 50},                      // 201 pool
      {std::nullopt, std::nullopt},  // deals: no drop [000]
  }};

  std::array<PoolLimits, all_games.size()> pools = {{{0, 0}, {101, 79}, {201, 174}, {0, 0}}};
  int deal_chips_per_deal = 80;  // deals rummy: each player starts with this × the deals

  // The rules of a game as the rulebook gives them (§2, §3, §4, §5), before house rules.
  static Rules for_variant(Variant variant);

  int copies_allowed() const { return decks; }
  int printed_jokers_allowed() const { return decks * printed_jokers_per_deck; }
  // How many of this card the decks hold.
  int copies_allowed(Card card) const {
    return card.is_printed_joker() ? printed_jokers_allowed() : copies_allowed();
  }
  int largest_set() const { return fifth_card_joker ? max_set + 1 : max_set; }
  const DropPenalty& drop_penalty(Game game) const { return drops[static_cast<int>(game)]; }
  const PoolLimits& pool_limits(Game game) const { return pools[static_cast<int>(game)]; }
  bool is_out(Game game, int total) const {
    const int limit = pool_limits(game).limit;
    return pool_out_above_limit ? total > limit : total >= limit;
  }
};

// Penalty points of one card in a deal with this wild rank.
inline int card_points(Card card, WildRank wild, const Rules& rules) {
  if (card.is_printed_joker()) return rules.joker_points;
  if (rules.wild_cards_score_zero && is_wild_card(card, wild)) return 0;
  return rules.card_points[static_cast<int>(card.rank()) - 1];
}

// ---- House rules: names, defaults and alternatives, as data -----------------------------------

struct HouseRuleValue {
  std::string_view name;     // as typed on the command line
  std::string_view meaning;  // one line for people
};

struct HouseRule {
  std::string_view name;
  std::string_view summary;
  std::string_view source;                 // where RULES.md takes the default from
  std::span<const HouseRuleValue> values;  // the first is the default
  std::size_t (*get)(const Rules&);        // index into values
  void (*set)(Rules&, std::size_t);
  std::optional<Variant> only_for = std::nullopt;  // a rule of one game only
};

std::span<const HouseRule> house_rules();
const HouseRule* find_house_rule(std::string_view name);

// One non-default choice, e.g. pure-without-second=all.
struct HouseRuleSetting {
  const HouseRule* rule = nullptr;
  std::size_t value = 0;
  std::string text() const;  // "name=value"
  bool operator==(const HouseRuleSetting&) const = default;
};

// Applies "NAME=VALUE"; returns an explanation when the text names no rule or no value.
std::optional<std::string> apply_house_rule(Rules& rules, std::string_view assignment);

// The house rules whose value in `rules` differs from their default.
std::vector<HouseRuleSetting> non_default_house_rules(const Rules& rules);

// The non-default house rules without which `compute` would give another result: each one is
// put back to its default alone and the result compared.
template <typename Compute>
std::vector<HouseRuleSetting> house_rules_that_changed(const Rules& rules, Compute&& compute) {
  std::vector<HouseRuleSetting> changed;
  const auto settings = non_default_house_rules(rules);
  if (settings.empty()) return changed;
  const auto result = compute(rules);
  for (const HouseRuleSetting& setting : settings) {
    Rules with_default = rules;
    setting.rule->set(with_default, 0);
    if (!(compute(with_default) == result)) changed.push_back(setting);
  }
  return changed;
}

}  // namespace rummy
