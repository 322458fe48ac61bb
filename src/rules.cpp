// The house-rule table and the names of games and drops.
#include "rules.hpp"

#include <array>

#include <fmt/format.h>

namespace rummy {

std::string_view game_name(Game game) {
  constexpr std::array<std::string_view, all_games.size()> names = {"points", "pool101", "pool201",
                                                                    "deals"};
  return names[static_cast<int>(game)];
}

std::string_view game_description(Game game) {
  constexpr std::array<std::string_view, all_games.size()> names = {"points rummy", "101 pool",
                                                                    "201 pool", "deals rummy"};
  return names[static_cast<int>(game)];
}

std::string_view variant_name(Variant variant) {
  constexpr std::array<std::string_view, all_variants.size()> names = {"indian", "basic", "knock",
                                                                       "crazy"};
  return names[static_cast<int>(variant)];
}

std::string_view game_id(Game game, const Rules& rules) {
  return rules.has_formats ? game_name(game) : variant_name(rules.variant);
}

std::string_view variant_description(Variant variant) {
  constexpr std::array<std::string_view, all_variants.size()> names = {
      "Indian rummy", "Basic Rummy", "Knock Rummy", "Crazy Rummy"};
  return names[static_cast<int>(variant)];
}

std::string contract_text(int books, int runs) {
  const auto count = [](int n, std::string_view one, std::string_view many) {
    return fmt::format("{} {}", n, n == 1 ? one : many);
  };
  std::string text;
  if (books > 0) text = count(books, "book", "books");
  if (runs > 0) text += (text.empty() ? "" : " and ") + count(runs, "run", "runs");
  return text;
}

namespace {

// Crazy Rummy's seven rounds (rules §5): round, cards dealt, books and runs to go down.
constexpr std::array<Contract, 7> crazy_contracts = {{
    {1, 7, 2, 0},
    {2, 8, 1, 1},
    {3, 9, 0, 2},
    {4, 10, 3, 0},
    {5, 11, 2, 1},
    {6, 12, 1, 2},
    {7, 13, 0, 3},
}};

constexpr Outcomes indian_outcomes = outcome_bit(Outcome::declared) | outcome_bit(Outcome::showed) |
                                     outcome_bit(Outcome::dropped) | outcome_bit(Outcome::missed) |
                                     outcome_bit(Outcome::left) | outcome_bit(Outcome::won);

// How Indian rummy's formats run over deals (rules §2.8).
Match indian_match(Game game) {
  Match match;
  match.outcomes = indian_outcomes;
  match.ends_deal = outcome_bit(Outcome::declared) | outcome_bit(Outcome::won);
  match.no_winner_text = "winner: a valid declaration, or 'won' for the last player standing";
  match.outcomes_text =
      "'declared HAND' for the player who declared, 'showed HAND' for the others, 'dropped "
      "first|middle', 'missed', 'left', and 'won' for the last player standing";
  switch (game) {
    case Game::points:
      match.needs_point_value = true;
      break;
    case Game::pool101:
    case Game::pool201:
      match.standing = Standing::total;
      match.end = GameEnd::last_standing;
      match.needs_entry = true;
      match.pool = true;
      break;
    case Game::deals:
      match.standing = Standing::chips;
      match.end = GameEnd::after_deals;
      match.chips_per_deal = 80;
      match.needs_entry = true;
      match.deals_required = true;
      break;
  }
  return match;
}

}  // namespace

std::optional<Contract> Rules::round(int number) const {
  if (number < 1 || number > static_cast<int>(rounds.size())) return std::nullopt;
  return rounds[static_cast<std::size_t>(number - 1)];
}

Rules Rules::for_variant(Variant variant, Game game) {
  Rules rules;
  rules.variant = variant;
  rules.match = indian_match(game);
  if (variant == Variant::indian) return rules;

  // Basic, Knock and Crazy Rummy keep scores, not money, and have no formats, drops or cap; they
  // speak of runs, books and melds (a run is never "pure" there).
  rules.words.kinds = {"run", "run with wilds", "book", "unmatched", "not a meld"};
  rules.words.sequence = "run";
  rules.words.sequences = "runs";
  rules.words.set = "book";
  rules.words.sets = "books";
  rules.words.group = "meld";
  rules.words.groups = "melds";
  rules.words.joker = "wild card";
  rules.words.jokers = "wild cards";
  rules.words.stays_pure = "";
  rules.has_formats = false;
  rules.lays_off = true;
  rules.declares = false;
  rules.exact_hand_size = false;
  rules.pure_sequence_required = false;
  rules.points_cap = no_cap;
  rules.drops = {};
  Match& match = rules.match;
  match = Match{};
  match.standing = Standing::score;
  match.end = GameEnd::after_deals;
  match.keeps_money = false;
  switch (variant) {
    case Variant::indian:
      break;
    case Variant::basic:  // rules §3: one pack, no jokers, ace low (1 point)
    case Variant::knock:  // rules §4: the same pack and values
      rules.decks = 1;
      rules.printed_jokers_per_deck = 0;
      rules.deal_has_wild_rank = false;
      rules.ace_high = false;
      rules.card_points = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10};
      rules.deal_sizes = {10, 10, 10, 7, 7, 6, 6};
      rules.hand_size = rules.deal_size(2);
      rules.arrange_by = ArrangeBy::least_deadwood;
      if (variant == Variant::basic) {
        rules.shown_count = ShownCount::every_card;
        match.deal_word = "hand";
        match.deal_points = DealPoints::winner_scores_others;
        match.default_target = 150;
        match.left_at_most_dealt = true;
        match.rummy_multiplier = 2;
        match.outcomes =
            outcome_bit(Outcome::out) | outcome_bit(Outcome::rummy) | outcome_bit(Outcome::showed);
        match.ends_deal = outcome_bit(Outcome::out) | outcome_bit(Outcome::rummy);
        match.outcomes_text =
            "'out' or 'rummy' for the player who went out and 'showed CARDS' for the cards left "
            "in the other hands";
        match.no_winner_text = "winner: one player went 'out'";
      } else {
        rules.shown_count = ShownCount::deadwood;
        match.deal_word = "round";
        match.deal_points = DealPoints::knock_differences;
        match.knock_rummy_bonus = 25;
        match.knock_undercut_bonus = 10;
        match.deals_required = true;
        match.deal_size_by_players = true;
        match.outcomes = outcome_bit(Outcome::knocked) | outcome_bit(Outcome::showed);
        match.ends_deal = outcome_bit(Outcome::knocked);
        match.outcomes_text = "'knocked HAND' for the knocker and 'showed HAND' for the others";
        match.no_winner_text = "knock: one player 'knocked HAND'";
      }
      break;
    case Variant::crazy:  // rules §5: two packs and four jokers; every 2 and joker is wild
      rules.decks = 2;
      rules.printed_jokers_per_deck = 2;
      rules.deal_has_wild_rank = false;
      rules.fixed_wild = Rank::two;
      rules.wild_taken_from_run = true;
      rules.min_run = 4;
      rules.max_set = 8;
      rules.set_suits_differ = false;
      rules.max_wilds_in_run = 2;
      rules.max_wilds_in_set = 1;
      rules.jk_is_printed_joker = true;
      rules.joker_points = 20;
      rules.wild_cards_score_zero = false;
      rules.card_points = {15, 20, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10};
      rules.rounds = crazy_contracts;
      rules.hand_size = crazy_contracts.front().cards;
      rules.shown_count = ShownCount::every_card;
      rules.arrange_by = ArrangeBy::subsets;
      match.deal_word = "round";
      match.deal_points = DealPoints::each_scores_own;
      match.best = Best::lowest;
      match.tie = TieAtEnd::shared;
      match.outcomes = outcome_bit(Outcome::out) | outcome_bit(Outcome::showed);
      match.ends_deal = outcome_bit(Outcome::out);
      match.outcomes_text =
          "'out' for the player who went out and 'showed CARDS' for the cards left in the other "
          "hands";
      match.no_winner_text = "winner: one player went 'out'";
      break;
  }
  return rules;
}

std::span<const TableGame> table_games() {
  static constexpr std::array<TableGame, 7> games = {{
      {"points", Variant::indian, Game::points, "game points"},
      {"pool101", Variant::indian, Game::pool101, "game pool101"},
      {"pool201", Variant::indian, Game::pool201, "game pool201"},
      {"deals", Variant::indian, Game::deals, "game deals N"},
      {"basic", Variant::basic, Game::points, "game basic"},
      {"knock", Variant::knock, Game::points, "game knock rounds N"},
      {"crazy", Variant::crazy, Game::points, "game crazy"},
  }};
  return games;
}

const TableGame* find_table_game(std::string_view name) {
  for (const TableGame& game : table_games()) {
    if (game.name == name) return &game;
  }
  return nullptr;
}

std::optional<Variant> find_variant(std::string_view name) {
  for (const Variant variant : all_variants) {
    if (variant_name(variant) == name) return variant;
  }
  return std::nullopt;
}

std::string_view outcome_id(Outcome outcome) {
  constexpr std::array<std::string_view, outcome_count> ids = {
      "declared", "showed", "dropped", "missed", "left", "won", "out", "rummy", "knocked"};
  return ids[static_cast<int>(outcome)];
}

std::optional<Game> find_game(std::string_view name) {
  for (const Game game : all_games) {
    if (game_name(game) == name) return game;
  }
  return std::nullopt;
}

std::optional<std::string> decks_refusal(const Rules& rules, int decks) {
  if (rules.decks != 1 || decks == 1) return std::nullopt;
  return fmt::format("{} is played with one pack: {} would let a hand hold a card twice",
                     variant_description(rules.variant), decks);
}

std::string wild_cards_text(const Rules& rules) {
  if (rules.fixed_wild) {
    return fmt::format("every {} and every joker is wild", rank_name(*rules.fixed_wild));
  }
  return rules.deal_has_wild_rank ? "the deal's wild rank and every printed joker are wild"
                                  : "no wild cards";
}

std::string_view drop_name(Drop drop) {
  return drop == Drop::first ? "first" : "middle";
}

namespace {

constexpr std::array<HouseRuleValue, 3> pure_without_second_values = {{
    {"pure-exempt", "every card outside the pure sequence counts"},
    {"all", "every card counts"},
    {"ungrouped", "only cards outside valid groups count"},
}};

constexpr std::array<HouseRuleValue, 2> fifth_card_joker_values = {{
    {"off", "a set has at most 4 cards"},
    {"on", "a set of all four suits may take a joker as a fifth card"},
}};

constexpr std::array<HouseRuleValue, 2> pool_out_values = {{
    {"reach", "a pool player is out on reaching the limit (101 or 201)"},
    {"exceed", "a pool player is out only above the limit"},
}};

constexpr std::array<HouseRuleValue, 2> ace_high_or_low_values = {{
    {"off", "the ace is low only (A-2-3) and counts 1"},
    {"on", "the ace is low or high (Q-K-A too) and counts 15"},
}};

const std::array<HouseRule, 4> house_rule_table = {{
    {"pure-without-second", "what a loser with a pure sequence but no second sequence pays for",
     "rules §2.6: the Hindi guide (default); most platforms (all); the Junglee guide's example "
     "(ungrouped)",
     pure_without_second_values,
     [](const Rules& rules) { return static_cast<std::size_t>(rules.pure_without_second); },
     [](Rules& rules, std::size_t value) {
       rules.pure_without_second = static_cast<PureWithoutSecondCount>(value);
     },
     Variant::indian},
    {"fifth-card-joker", "whether a joker may join a set as its fifth card",
     "rules §2.4: off in the Junglee guide (default); on at some platforms",
     fifth_card_joker_values,
     [](const Rules& rules) { return static_cast<std::size_t>(rules.fifth_card_joker ? 1 : 0); },
     [](Rules& rules, std::size_t value) { rules.fifth_card_joker = value == 1; }, Variant::indian},
    {"pool-out", "when a pool rummy player is out",
     "rules §2.8: the platforms (reach, default); the Hindi guide's words (exceed)",
     pool_out_values,
     [](const Rules& rules) {
       return static_cast<std::size_t>(rules.pool_out_above_limit ? 1 : 0);
     },
     [](Rules& rules, std::size_t value) { rules.pool_out_above_limit = value == 1; },
     Variant::indian},
    {"ace-high-or-low", "Basic Rummy: whether the ace may also be high",
     "rules §3.2: the Hindi page on Basic Rummy (low only, default; high or low as its house rule)",
     ace_high_or_low_values,
     [](const Rules& rules) {
       return static_cast<std::size_t>(rules.variant == Variant::basic && rules.ace_high ? 1 : 0);
     },
     [](Rules& rules, std::size_t value) {
       rules.ace_high = value == 1;
       rules.card_points[0] = value == 1 ? 15 : 1;
     },
     Variant::basic},
}};

}  // namespace

std::span<const HouseRule> house_rules() {
  return house_rule_table;
}

const HouseRule* find_house_rule(std::string_view name) {
  for (const HouseRule& rule : house_rule_table) {
    if (rule.name == name) return &rule;
  }
  return nullptr;
}

std::string HouseRuleSetting::text() const {
  return std::string(rule->name) + "=" + std::string(rule->values[value].name);
}

std::optional<std::string> apply_house_rule(Rules& rules, std::string_view assignment) {
  const auto equals = assignment.find('=');
  if (equals == std::string_view::npos) {
    return "a house rule is written NAME=VALUE, e.g. pure-without-second=all";
  }
  const auto name = assignment.substr(0, equals);
  const auto value = assignment.substr(equals + 1);
  const HouseRule* rule = find_house_rule(name);
  if (rule != nullptr && rule->only_for && *rule->only_for != rules.variant) {
    return "house rule " + std::string(rule->name) + " is for " +
           std::string(variant_description(*rule->only_for));
  }
  if (rule == nullptr) {
    std::string known;
    for (const HouseRule& each : house_rule_table) {
      known += known.empty() ? "" : ", ";
      known += each.name;
    }
    return "unknown house rule '" + std::string(name) + "' (known: " + known +
           "; 'rummy rules' lists them)";
  }
  for (std::size_t i = 0; i < rule->values.size(); ++i) {
    if (rule->values[i].name == value) {
      rule->set(rules, i);
      return std::nullopt;
    }
  }
  std::string allowed;
  for (const HouseRuleValue& each : rule->values) {
    allowed += allowed.empty() ? "" : ", ";
    allowed += each.name;
  }
  return "house rule " + std::string(rule->name) + " has no value '" + std::string(value) +
         "' (allowed: " + allowed + ")";
}

std::vector<HouseRuleSetting> non_default_house_rules(const Rules& rules) {
  std::vector<HouseRuleSetting> settings;
  for (const HouseRule& rule : house_rule_table) {
    const std::size_t value = rule.get(rules);
    if (value != 0) settings.push_back({&rule, value});
  }
  return settings;
}

}  // namespace rummy
