// The house-rule table and the names of games and drops.
#include "rules.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <system_error>

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
                                                                       "crazy", "gin"};
  return names[static_cast<int>(variant)];
}

std::string_view game_id(Game game, const Rules& rules) {
  return rules.has_formats ? game_name(game) : variant_name(rules.variant);
}

std::string_view variant_description(Variant variant) {
  constexpr std::array<std::string_view, all_variants.size()> names = {
      "Indian rummy", "Basic Rummy", "Knock Rummy", "Crazy Rummy", "Gin Rummy"};
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

// ---- Gin Rummy (docs/rules.md §8) ------------------------------------------------------------
// Knock Rummy's pack, values, melds and least-deadwood search, two players with 10 cards each;
// a knock at most the knock limit, layoffs by the defender, and a game to 100 with bonuses.
void gin_rules(Rules& rules) {
  rules.decks = 1;
  rules.printed_jokers_per_deck = 0;
  rules.deal_has_wild_rank = false;
  rules.ace_high = false;
  rules.card_points = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10};
  rules.deal_sizes = {10, 10, 10, 10, 10, 10, 10};
  rules.hand_size = 10;
  rules.arrange_by = ArrangeBy::least_deadwood;
  rules.shown_count = ShownCount::deadwood;
  rules.gin.on = true;
  Match& match = rules.match;
  match.deal_word = "hand";
  match.end = GameEnd::target;
  match.default_target = rules.gin.game_target;
  match.min_players = 2;
  match.max_players = 2;
  match.deal_size_by_players = true;
  match.outcomes = outcome_bit(Outcome::knocked) | outcome_bit(Outcome::showed);
  match.ends_deal = outcome_bit(Outcome::knocked);
  match.outcomes_text = "'knocked HAND' for the knocker and 'showed HAND' for the defender";
  match.no_winner_text = "knock: one player 'knocked HAND'";
}

}  // namespace

std::optional<Contract> Rules::round(int number) const {
  if (number < 1 || number > static_cast<int>(rounds.size())) return std::nullopt;
  return rounds[static_cast<std::size_t>(number - 1)];
}

Rules Rules::for_variant(Variant variant, Game game) {
  Rules rules;
  rules.variant = variant;
  rules.format = game;
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
    case Variant::gin:
      gin_rules(rules);
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

namespace {

// What each game's line takes after its name (rules §2.8, §3.5, §4.4).
constexpr std::array<GameSetting, 1> deals_settings = {{
    {"", Agreed::deals, 100, "the number of deals", 3, "2, 3 or 6 are usual"},
}};
constexpr std::array<GameSetting, 2> basic_settings = {{
    {"target", Agreed::target, 9999, "the target", 150, "first to reach it"},
    {"hands", Agreed::deals, 9999, "the number of hands agreed", 6, "highest after them"},
}};
constexpr std::array<GameSetting, 1> knock_settings = {{
    {"rounds", Agreed::deals, 9999, "the number of rounds agreed", 5, ""},
}};

}  // namespace

std::span<const TableGame> table_games() {
  static constexpr std::array<TableGame, 7> games = {{
      {"points", Variant::indian, Game::points, "game points"},
      {"pool101", Variant::indian, Game::pool101, "game pool101"},
      {"pool201", Variant::indian, Game::pool201, "game pool201"},
      {"deals", Variant::indian, Game::deals, "game deals N", deals_settings},
      {"basic", Variant::basic, Game::points, "game basic", basic_settings},
      {"knock", Variant::knock, Game::points, "game knock rounds N", knock_settings},
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

std::span<const OutcomeLine> outcome_lines() {
  static constexpr std::array<OutcomeLine, outcome_count> lines = {{
      {Outcome::declared, "declared", OutcomeFollows::hand_if_written, "declared"},
      {Outcome::showed, "showed", OutcomeFollows::hand_or_count, "showed"},
      {Outcome::dropped, "dropped", OutcomeFollows::drop_kind, "dropped"},
      {Outcome::missed, "missed", OutcomeFollows::nothing, "missed three turns"},
      {Outcome::left, "left", OutcomeFollows::nothing, "left the table"},
      {Outcome::won, "won", OutcomeFollows::nothing, "won (all others out)"},
      {Outcome::out, "out", OutcomeFollows::nothing, "went out"},
      {Outcome::rummy, "rummy", OutcomeFollows::nothing, "went rummy"},
      {Outcome::knocked, "knocked", OutcomeFollows::hand_or_count, "knocked"},
  }};
  return lines;
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

std::string_view drop_meaning(Drop drop) {
  return drop == Drop::first ? "before the first draw" : "any time after";
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

constexpr std::array<HouseRuleValue, 2> end_on_discard_values = {{
    {"off", "a player goes out by melding, laying off or discarding the last card"},
    {"on", "a player goes out only by discarding the last card"},
}};

constexpr std::array<HouseRuleValue, 2> drops_in_deals_values = {{
    {"off", "deals rummy allows no drop"},
    {"on", "deals rummy allows drops, at the points game's values"},
}};

// The largest number a numeric house rule takes: far above any count a hand reaches.
constexpr int most_points = 999;

std::optional<std::string> no_drops_refusal(const Rules& rules) {
  const DropPenalty& drop = rules.drop_penalty(rules.format);
  if (drop.first && drop.middle) return std::nullopt;
  return fmt::format(
      "{} allows no drop (drops-in-deals=on allows them, at the points game's "
      "values)",
      game_description(rules.format));
}

DropPenalty& drop_in_force(Rules& rules) {
  return rules.drops[static_cast<std::size_t>(rules.format)];
}

// The drops of the format in force; a format without drops has the points game's, which
// drops-in-deals=on gives it.
struct DropValues {
  int first = 0, middle = 0;
};
DropValues drop_in_force(const Rules& rules) {
  const DropPenalty& own = rules.drop_penalty(rules.format);
  const DropPenalty& points = rules.drop_penalty(Game::points);
  return {own.first.value_or(points.first.value_or(0)),
          own.middle.value_or(points.middle.value_or(0))};
}

// ---- Gin Rummy's house rules (docs/rules.md §8.9) ---------------------------------------------
constexpr std::array<HouseRuleValue, 2> oklahoma_values = {{
    {"off", "the knock limit is the knock-limit house rule"},
    {"on", "the first upcard's value is the hand's knock limit (an ace: only gin)"},
}};
constexpr std::array<HouseRuleValue, 2> oklahoma_spades_values = {{
    {"off", "a spade upcard changes nothing"},
    {"on", "a spade first upcard doubles the hand's points, bonuses included"},
}};
constexpr std::array<HouseRuleValue, 2> big_gin_values = {{
    {"off", "a knocker always discards; 11 melded cards go gin"},
    {"on", "11 melded cards end the hand without a discard: big gin, 31 more"},
}};
constexpr std::array<HouseRuleValue, 2> undercut_tie_values = {{
    {"undercut", "a defender tying the knocker undercuts"},
    {"nothing", "a tie scores nothing and nobody wins the hand"},
}};
constexpr std::array<HouseRuleValue, 4> shutout_values = {{
    {"double", "the winner's final total is doubled"},
    {"flat", "the game bonus is doubled"},
    {"hands", "the winner's hand points are doubled before the bonuses"},
    {"none", "a shutout changes nothing"},
}};
constexpr std::array<HouseRuleValue, 2> preset_values = {{
    {"modern", "gin 25, undercut 25, boxes 25, shutout double"},
    {"classic", "gin 20, undercut 10, boxes 20, shutout flat"},
}};
using R = const Rules&;
const std::array<HouseRule, 12> gin_house_rules = {{
    {"knock-limit",
     "the most deadwood a knock may leave",
     "rules §8.4: the sources (10)",
     {},
     HouseRuleNumber{0, 10, "the most deadwood a knock may leave; 0: only gin ends a hand"},
     [](R rules) { return rules.gin.knock_limit; },
     [](Rules& rules, int value) { rules.gin.knock_limit = value; },
     Variant::gin},
    {"oklahoma", "whether the first upcard sets the knock limit",
     "rules §8.7: off in the sources' basic game; Oklahoma gin (on)", oklahoma_values, std::nullopt,
     [](R rules) { return rules.gin.oklahoma ? 1 : 0; },
     [](Rules& rules, int value) { rules.gin.oklahoma = value == 1; }, Variant::gin},
    {"oklahoma-spades", "whether a spade first upcard doubles the hand (with oklahoma=on)",
     "rules §8.7: off; often played with Oklahoma gin (on)", oklahoma_spades_values, std::nullopt,
     [](R rules) { return rules.gin.oklahoma_spades ? 1 : 0; },
     [](Rules& rules, int value) { rules.gin.oklahoma_spades = value == 1; }, Variant::gin},
    {"big-gin", "whether 11 melded cards end the hand without a discard",
     "rules §8.4: off in the basic scoring; on in the modern sets of rules", big_gin_values,
     std::nullopt, [](R rules) { return rules.gin.big_gin ? 1 : 0; },
     [](Rules& rules, int value) { rules.gin.big_gin = value == 1; }, Variant::gin},
    {"gin-bonus",
     "what going gin scores on top of the defender's deadwood",
     "rules §8.6: 25 (modern); 20 (classic)",
     {},
     HouseRuleNumber{0, 999, "the points gin scores more than the defender's deadwood"},
     [](R rules) { return rules.gin.gin_bonus(); },
     [](Rules& rules, int value) { rules.gin.gin_bonus_rule = value; },
     Variant::gin},
    {"undercut-bonus",
     "what an undercut scores on top of the difference",
     "rules §8.6: 25 (modern); 10 (classic)",
     {},
     HouseRuleNumber{0, 999, "the points an undercut scores more than the difference"},
     [](R rules) { return rules.gin.undercut_bonus(); },
     [](Rules& rules, int value) { rules.gin.undercut_bonus_rule = value; },
     Variant::gin},
    {"undercut-tie", "what a defender tying the knocker scores",
     "rules §8.6: an undercut (most sources); nothing (some programs)", undercut_tie_values,
     std::nullopt, [](R rules) { return rules.gin.undercut_tie ? 0 : 1; },
     [](Rules& rules, int value) { rules.gin.undercut_tie = value == 0; }, Variant::gin},
    {"game-target",
     "the total that ends the game",
     "rules §8.8: 100",
     {},
     HouseRuleNumber{1, 9999, "the hand points a player's total must reach to end the game"},
     [](R rules) { return rules.gin.game_target; },
     [](Rules& rules, int value) { rules.gin.game_target = value; },
     Variant::gin},
    {"game-bonus",
     "what the player who ends the game scores more",
     "rules §8.8: 100",
     {},
     HouseRuleNumber{0, 999, "the points the player reaching the target scores more"},
     [](R rules) { return rules.gin.game_bonus; },
     [](Rules& rules, int value) { rules.gin.game_bonus = value; },
     Variant::gin},
    {"box-bonus",
     "what each hand won scores at the end of the game",
     "rules §8.8: 25 (modern); 20 (classic)",
     {},
     HouseRuleNumber{0, 999, "the points each hand won adds at the end of the game"},
     [](R rules) { return rules.gin.box_bonus(); },
     [](Rules& rules, int value) { rules.gin.box_bonus_rule = value; },
     Variant::gin},
    {"shutout", "what a game the loser scored nothing in pays",
     "rules §8.8: double (modern); flat (classic); hands; none", shutout_values, std::nullopt,
     [](R rules) { return static_cast<int>(rules.gin.shutout()); },
     [](Rules& rules, int value) { rules.gin.shutout_rule = static_cast<Shutout>(value); },
     Variant::gin},
    {"preset", "a set of the bonuses; the bonus rules written change it",
     "rules §8.9: modern (the defaults); classic", preset_values, std::nullopt,
     [](R rules) { return static_cast<int>(rules.gin.preset); },
     [](Rules& rules, int value) { rules.gin.preset = static_cast<GinPreset>(value); },
     Variant::gin},
}};

const std::array<HouseRule, 10> house_rule_table = {{
    {"pure-without-second", "what a loser with a pure sequence but no second sequence pays for",
     "rules §2.6: the Hindi guide (default); most platforms (all); the Junglee guide's example "
     "(ungrouped)",
     pure_without_second_values, std::nullopt,
     [](const Rules& rules) { return static_cast<int>(rules.pure_without_second); },
     [](Rules& rules, int value) {
       rules.pure_without_second = static_cast<PureWithoutSecondCount>(value);
     },
     Variant::indian},
    {"fifth-card-joker", "whether a joker may join a set as its fifth card",
     "rules §2.4: off in the Junglee guide (default); on at some platforms",
     fifth_card_joker_values, std::nullopt,
     [](const Rules& rules) { return rules.fifth_card_joker ? 1 : 0; },
     [](Rules& rules, int value) { rules.fifth_card_joker = value == 1; }, Variant::indian},
    {"pool-out", "when a pool rummy player is out",
     "rules §2.8: the platforms (reach, default); the Hindi guide's words (exceed)",
     pool_out_values, std::nullopt,
     [](const Rules& rules) { return rules.pool_out_above_limit ? 1 : 0; },
     [](Rules& rules, int value) { rules.pool_out_above_limit = value == 1; }, Variant::indian},
    {"ace-high-or-low", "Basic Rummy: whether the ace may also be high",
     "rules §3.2: the Hindi page on Basic Rummy (low only, default; high or low as its house rule)",
     ace_high_or_low_values, std::nullopt,
     [](const Rules& rules) { return rules.variant == Variant::basic && rules.ace_high ? 1 : 0; },
     [](Rules& rules, int value) {
       rules.ace_high = value == 1;
       rules.card_points[0] = value == 1 ? 15 : 1;
     },
     Variant::basic},
    {"points-cap",
     "the most a loser pays",
     "rules §2.6: the Hindi and Junglee guides (80)",
     {},
     HouseRuleNumber{1, most_points, "the most points a loser pays, whatever the hand counts"},
     [](const Rules& rules) { return rules.points_cap; },
     [](Rules& rules, int value) { rules.points_cap = value; },
     Variant::indian},
    {"wrong-show",
     "what a wrong show (a declaration that is not valid) costs",
     "rules §2.6: the Hindi and Junglee guides (80)",
     {},
     HouseRuleNumber{1, most_points, "the points a wrong show pays, whatever the cards"},
     [](const Rules& rules) { return rules.wrong_show_points; },
     [](Rules& rules, int value) { rules.wrong_show_points = value; },
     Variant::indian},
    {"first-drop",
     "what a drop before the first draw costs, in the format in force",
     "rules §2.6: the Hindi and Junglee guides (points rummy and 101 pool 20, 201 pool 25)",
     {},
     HouseRuleNumber{0, most_points, "the points a first drop pays, at most the middle drop"},
     [](const Rules& rules) { return drop_in_force(rules).first; },
     [](Rules& rules, int value) { drop_in_force(rules).first = value; },
     Variant::indian,
     no_drops_refusal},
    {"middle-drop",
     "what a drop after the first draw costs, in the format in force",
     "rules §2.6: the Hindi and Junglee guides (points rummy and 101 pool 40, 201 pool 50)",
     {},
     HouseRuleNumber{0, most_points, "the points a middle drop pays, at most the points cap"},
     [](const Rules& rules) { return drop_in_force(rules).middle; },
     [](Rules& rules, int value) { drop_in_force(rules).middle = value; },
     Variant::indian,
     no_drops_refusal},
    {"drops-in-deals", "whether a deals rummy player may drop",
     "rules §2.6 and §2.8: the Hindi guide (off, default); some tables (on)", drops_in_deals_values,
     std::nullopt, [](const Rules& rules) { return rules.drop_penalty(Game::deals).first ? 1 : 0; },
     [](Rules& rules, int value) {
       rules.drops[static_cast<std::size_t>(Game::deals)] =
           value == 1 ? Rules::for_variant(Variant::indian).drop_penalty(Game::points)
                      : DropPenalty{};
     },
     Variant::indian},
    {"end-on-discard", "Basic Rummy: whether going out needs a last discard",
     "rules §3.4: the Hindi page on Basic Rummy (off, default; on as its house rule)",
     end_on_discard_values, std::nullopt,
     [](const Rules& rules) { return rules.ends_on_discard ? 1 : 0; },
     [](Rules& rules, int value) { rules.ends_on_discard = value == 1; }, Variant::basic},
}};

// Every game's house rules, in one list.
template <std::size_t N, std::size_t M>
std::array<HouseRule, N + M> joined(const std::array<HouseRule, N>& a,
                                    const std::array<HouseRule, M>& b) {
  std::array<HouseRule, N + M> all;
  std::copy(a.begin(), a.end(), all.begin());
  std::copy(b.begin(), b.end(), all.begin() + N);
  return all;
}
const auto all_house_rules = joined(house_rule_table, gin_house_rules);

}  // namespace

bool HouseRule::applies(const Rules& rules) const {
  return (!only_for || *only_for == rules.variant) && (refusal == nullptr || !refusal(rules));
}

int HouseRule::default_value(const Rules& rules) const {
  return get(Rules::for_variant(rules.variant, rules.format));
}

std::string HouseRule::value_text(int value) const {
  if (is_number()) return std::to_string(value);
  return std::string(values[static_cast<std::size_t>(value)].name);
}

std::optional<int> HouseRule::find_value(std::string_view text) const {
  if (is_number()) {
    int value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc{} || stop != end || value < number->min ||
        value > number->max) {
      return std::nullopt;
    }
    return value;
  }
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i].name == text) return static_cast<int>(i);
  }
  return std::nullopt;
}

std::span<const HouseRule> house_rules() {
  return all_house_rules;
}

const HouseRule* find_house_rule(std::string_view name) {
  for (const HouseRule& rule : all_house_rules) {
    if (rule.name == name) return &rule;
  }
  return nullptr;
}

std::string HouseRuleSetting::text() const {
  return std::string(rule->name) + "=" + rule->value_text(value);
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
  if (rule != nullptr && rule->refusal != nullptr) {
    if (const auto why = rule->refusal(rules)) {
      return "house rule " + std::string(rule->name) + " does not apply: " + *why;
    }
  }
  if (rule == nullptr) {
    std::string known;
    for (const HouseRule& each : all_house_rules) {
      known += known.empty() ? "" : ", ";
      known += each.name;
    }
    return "unknown house rule '" + std::string(name) + "' (known: " + known +
           "; 'rummy rules' lists them)";
  }
  if (const auto found = rule->find_value(value)) {
    rule->set(rules, *found);
    return std::nullopt;
  }
  if (rule->is_number()) {
    return fmt::format("house rule {} takes a whole number from {} to {}, not '{}'", rule->name,
                       rule->number->min, rule->number->max, value);
  }
  std::string allowed;
  for (const HouseRuleValue& each : rule->values) {
    allowed += allowed.empty() ? "" : ", ";
    allowed += each.name;
  }
  return "house rule " + std::string(rule->name) + " has no value '" + std::string(value) +
         "' (allowed: " + allowed + ")";
}

std::optional<std::string> house_rules_conflict(const Rules& rules) {
  // Gin Rummy: the Oklahoma rules (ruling 6.45).
  const Rules gin_default = Rules::for_variant(rules.variant);
  if (rules.gin.oklahoma_spades && !rules.gin.oklahoma) {
    return "oklahoma-spades doubles a hand by its first upcard, which counts only with "
           "oklahoma=on";
  }
  if (rules.gin.oklahoma && rules.gin.knock_limit != gin_default.gin.knock_limit) {
    return "knock-limit does not apply with oklahoma=on: the first upcard sets each hand's limit";
  }
  const DropPenalty& drop = rules.drop_penalty(rules.format);
  if (!drop.first || !drop.middle) return std::nullopt;
  if (*drop.first > *drop.middle) {
    return fmt::format(
        "a first drop ({}) costs more than a middle drop ({}): leaving before the "
        "first draw costs at most as much as leaving later (first-drop, "
        "middle-drop)",
        *drop.first, *drop.middle);
  }
  if (*drop.middle > rules.points_cap) {
    return fmt::format(
        "a middle drop ({}) costs more than the points cap ({}): a drop costs at "
        "most what losing with any hand does (middle-drop, points-cap)",
        *drop.middle, rules.points_cap);
  }
  return std::nullopt;
}

std::vector<HouseRuleSetting> non_default_house_rules(const Rules& rules) {
  std::vector<HouseRuleSetting> settings;
  for (const HouseRule& rule : all_house_rules) {
    if (rule.only_for && *rule.only_for != rules.variant) continue;
    const int value = rule.get(rules);
    const int default_value = rule.default_value(rules);
    if (value != default_value) settings.push_back({&rule, value, default_value});
  }
  return settings;
}

}  // namespace rummy
