// The games: the one place that names them. Each game is built complete from the neutral base
// Rules{} (rules.hpp: one pack without wild cards, no declaration, no formats …); adding a game is
// its builder (which sets its id and words), one row in variant_rows, and its table games.
#include "games.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace rummy {

namespace {

// Indian rummy (rules §2).
constexpr std::array<std::string_view, 8> indian_house_rules = {
    "pure-without-second", "fifth-card-joker", "pool-out",    "points-cap",
    "wrong-show",          "first-drop",       "middle-drop", "drops-in-deals"};

constexpr Outcomes indian_outcomes = outcome_bit(Outcome::declared) | outcome_bit(Outcome::showed) |
                                     outcome_bit(Outcome::dropped) | outcome_bit(Outcome::missed) |
                                     outcome_bit(Outcome::left) | outcome_bit(Outcome::won);

// How Indian rummy's formats run over deals (rules §2.8).
Match indian_match(Game game) {
  Match match;
  match.deal_points = DealPoints::losers_pay_winner;
  match.standing = Standing::money;
  match.end = GameEnd::every_deal;
  match.keeps_money = true;
  match.outcomes = indian_outcomes;
  match.ends_deal = outcome_bit(Outcome::declared) | outcome_bit(Outcome::won);
  match.no_winner_text = "winner: a valid declaration, or 'won' for the last player standing";
  switch (game) {
    case Game::points:
      match.needs_point_value = true;
      break;
    case Game::pool101:
    case Game::pool201:
      // Out at 101 (201); a re-join while no other total is above 79 (174).
      match.out_at = game == Game::pool101 ? 101 : 201;
      match.rejoin_ceiling = game == Game::pool101 ? 79 : 174;
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

Rules indian(Game game) {
  Rules rules;
  rules.id = "indian";
  rules.words.game = "Indian rummy";
  rules.words.kinds = {"pure sequence", "impure sequence", "set", "unmatched", "not a valid group"};
  rules.words.sequence = "sequence";
  rules.words.sequences = "sequences";
  rules.words.set = "set";
  rules.words.sets = "sets";
  rules.words.group = "group";
  rules.words.groups = "groups";
  rules.words.joker = "joker";
  rules.words.jokers = "jokers";
  rules.words.stays_pure = ", so it stays pure";
  // Two packs and a printed joker each; the deal chooses a wild rank; the ace low or high and
  // worth 10 (§2.1–§2.4).
  rules.deck.decks = 2;
  rules.deck.printed_jokers_per_deck = 1;
  rules.deck.deal_has_wild_rank = true;
  rules.melds.ace_high = true;
  rules.count.card_points = {10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10};
  // 13 cards, declared with a pure sequence (§2.5, §2.6).
  rules.deal.hand_size = 13;
  rules.deal.deal_sizes = {13, 13, 13, 13, 13, 13, 13};
  rules.deal.exact_hand_size = true;
  rules.count.shown_count = ShownCount::by_declaration;
  rules.count.arrange_by = ArrangeBy::declaration;
  Declaration declaration;
  declaration.pure_sequence_required = true;
  declaration.points_cap = 80;
  declaration.wrong_show_points = 80;
  declaration.valid_after_declaration_points = 2;
  declaration.pure_without_second = PureWithoutSecondCount::pure_exempt;  // the Hindi guide
  rules.declaration = declaration;
  // The formats (§2.6, §2.8): drops, pools and deals.
  rules.formats = Formats{{{
      {20, 40},                      // points
      {20, 40},                      // 101 pool
      {25, 50},                      // 201 pool
      {std::nullopt, std::nullopt},  // deals: no drop (Hindi guide)
  }}};
  rules.match = indian_match(game);
  rules.house_rule_names = indian_house_rules;
  return rules;
}

// Basic Rummy (rules §3) and Knock Rummy (§4) share the neutral pack: one pack, no jokers, the
// ace low and worth 1; they deal by the number of players and lay off.
void one_pack_deal(Rules& rules) {
  rules.deal.deal_sizes = {10, 10, 10, 7, 7, 6, 6};
  rules.deal.hand_size = rules.deal_size(2);
  rules.melds.lays_off = true;
}

constexpr std::array<std::string_view, 2> basic_house_rules = {"ace-high-or-low", "end-on-discard"};

Rules basic(Game) {
  Rules rules;
  rules.id = "basic";
  rules.words.game = "Basic Rummy";
  one_pack_deal(rules);
  rules.count.shown_count = ShownCount::every_card;
  Match& match = rules.match;
  match.deal_word = "hand";
  match.deal_points = DealPoints::winner_scores_others;
  match.default_target = 150;
  match.left_at_most_dealt = true;
  match.rummy_multiplier = 2;
  match.outcomes =
      outcome_bit(Outcome::out) | outcome_bit(Outcome::rummy) | outcome_bit(Outcome::showed);
  match.ends_deal = outcome_bit(Outcome::out) | outcome_bit(Outcome::rummy);
  match.no_winner_text = "winner: one player went 'out'";
  rules.house_rule_names = basic_house_rules;
  return rules;
}

Rules knock(Game) {
  Rules rules;
  rules.id = "knock";
  rules.words.game = "Knock Rummy";
  one_pack_deal(rules);
  rules.count.shown_count = ShownCount::deadwood;
  Match& match = rules.match;
  match.deal_word = "round";
  match.deal_points = DealPoints::knock_differences;
  match.knock_rummy_bonus = 25;
  match.knock_undercut_bonus = 10;
  match.deals_required = true;
  match.deal_size_by_players = true;
  match.outcomes = outcome_bit(Outcome::knocked) | outcome_bit(Outcome::showed);
  match.ends_deal = outcome_bit(Outcome::knocked);
  match.no_winner_text = "knock: one player 'knocked HAND'";
  return rules;
}

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

// Crazy Rummy (rules §5): two packs and four jokers; every 2 and joker is wild.
Rules crazy(Game) {
  Rules rules;
  rules.id = "crazy";
  rules.words.game = "Crazy Rummy";
  rules.deck.decks = 2;
  rules.deck.printed_jokers_per_deck = 2;
  rules.deck.fixed_wild = Rank::two;
  rules.melds.wild_taken_from_run = true;
  rules.melds.ace_high = true;  // low or high, never both (§5)
  rules.melds.min_run = 4;
  rules.melds.max_set = 8;
  rules.melds.set_suits_differ = false;
  rules.melds.max_wilds_in_run = 2;
  rules.melds.max_wilds_in_set = 1;
  rules.deck.jk_is_printed_joker = true;
  rules.count.joker_points = 20;
  rules.count.wild_cards_score_zero = false;
  rules.count.card_points = {15, 20, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10};
  rules.deal.rounds = crazy_contracts;
  rules.deal.hand_size = crazy_contracts.front().cards;
  rules.count.shown_count = ShownCount::every_card;
  rules.count.arrange_by = ArrangeBy::subsets;
  rules.melds.lays_off = true;
  Match& match = rules.match;
  match.deal_word = "round";
  match.deal_points = DealPoints::each_scores_own;
  match.best = Best::lowest;
  match.tie = TieAtEnd::shared;
  match.outcomes = outcome_bit(Outcome::out) | outcome_bit(Outcome::showed);
  match.ends_deal = outcome_bit(Outcome::out);
  match.no_winner_text = "winner: one player went 'out'";
  return rules;
}

// Gin Rummy (docs/rules.md §8): Knock Rummy's pack, values, melds and least-deadwood search, two
// players with 10 cards each; a knock at most the knock limit, layoffs by the defender, and a
// game to 100 with bonuses.
constexpr std::array<std::string_view, 12> gin_house_rules = {
    "knock-limit",  "oklahoma",    "oklahoma-spades", "big-gin",   "gin-bonus", "undercut-bonus",
    "undercut-tie", "game-target", "game-bonus",      "box-bonus", "shutout",   "preset"};

Rules gin_rummy(Game) {
  Rules rules;
  rules.id = "gin";
  rules.words.game = "Gin Rummy";
  rules.deal.deal_sizes = {10, 10, 10, 10, 10, 10, 10};
  rules.deal.hand_size = 10;
  rules.melds.lays_off = true;
  rules.count.shown_count = ShownCount::deadwood;
  rules.gin.on = true;
  Match& match = rules.match;
  match.deal_word = "hand";
  match.end = GameEnd::target;
  match.default_target = rules.gin.game_target;
  match.min_players = 2;
  match.max_players = 2;
  match.deal_points = DealPoints::gin_hand;
  match.point_for_margin = true;
  match.hands_only = true;
  match.deal_size_by_players = true;
  match.outcomes = outcome_bit(Outcome::knocked) | outcome_bit(Outcome::gin) |
                   outcome_bit(Outcome::big_gin) | outcome_bit(Outcome::showed);
  match.ends_deal =
      outcome_bit(Outcome::knocked) | outcome_bit(Outcome::gin) | outcome_bit(Outcome::big_gin);
  match.deal_lines = deal_line_bit(DealLine::upcard) | deal_line_bit(DealLine::dead);
  match.no_winner_text = "knock: one player 'knocked HAND' (or 'gin HAND'), or 'dead'";
  rules.house_rule_names = gin_house_rules;
  return rules;
}

// Marriage (docs/rules.md §9): three packs, 21 cards each, a tiplu turned up in the deal and its
// maal; combinations of three; a deal settled by the maal exchange and game points.
constexpr std::array<std::string_view, 14> marriage_house_rules = {
    "printed-jokers",     "alter",        "alter-only-jokers", "ace-low-only",     "long-groups",
    "dublee-min-players", "tiplu-pair",   "maal-tunnela",      "unseen-maal",      "seen-pay",
    "unseen-pay",         "dublee-bonus", "foul-penalty",      "foul-penalty-when"};

Rules marriage(Game) {
  Rules rules;
  rules.id = "marriage";
  rules.words.game = "Marriage";
  rules.words.kinds = {"pure sequence", "dirty sequence", "triplet", "unmatched",
                       "not a combination"};
  rules.words.sequence = "sequence";
  rules.words.sequences = "sequences";
  rules.words.set = "triplet";
  rules.words.sets = "triplets";
  rules.words.group = "combination";
  rules.words.groups = "combinations";
  rules.words.joker = "joker";
  rules.words.jokers = "jokers";
  rules.deck.decks = 3;
  rules.melds.ace_high = true;  // A-2-3 and Q-K-A, never K-A-2
  rules.melds.max_sequence = 3;
  rules.melds.max_set = 3;
  rules.deal.hand_size = 21;
  rules.deal.deal_sizes = {21, 21, 21, 21, 21, 21, 21};
  rules.deal.exact_hand_size = true;
  rules.count.arrange_by = ArrangeBy::combinations;
  TipluRules tiplu;
  tiplu.tiplu_copies = 2;
  tiplu.pure_needed = 3;
  tiplu.dublees_needed = 7;
  tiplu.dublee_min_players = 4;
  tiplu.tiplu_points = {3, 7};
  tiplu.neighbour_points = {2, 5, 10};
  tiplu.marriage_points = {10, 30};
  tiplu.alter_points = {5, 15, 25};
  tiplu.printed_points = {5, 15, 25};
  tiplu.plain_tunnela = 5;
  tiplu.joker_tunnela = 10;
  tiplu.neighbour_tunnela = 20;
  tiplu.alter_tunnela = 35;
  tiplu.printed_tunnela = 45;
  tiplu.unseen = UnseenMaal::count;
  rules.tiplu = tiplu;
  Match& match = rules.match;
  match.deal_points = DealPoints::maal_exchange;
  match.standing = Standing::money;
  match.end = GameEnd::every_deal;
  match.keeps_money = true;
  match.needs_point_value = true;
  match.min_players = 2;
  match.max_players = 5;
  match.maal_pay = {3, 10, 5, 15, false};
  match.outcomes = outcome_bit(Outcome::ended) | outcome_bit(Outcome::seen) |
                   outcome_bit(Outcome::unseen) | outcome_bit(Outcome::foul);
  match.ends_deal = outcome_bit(Outcome::ended);
  match.deal_lines = deal_line_bit(DealLine::tiplu);
  match.no_winner_text = "player who ended it: 'ended' with the cards";
  rules.house_rule_names = marriage_house_rules;
  return rules;
}

// The command line's games, each with its builder: its id and name are in its Rules.
struct VariantRow {
  Variant value;
  RulesBuilder build;
};
constexpr std::array<VariantRow, 6> variant_rows = {{
    {Variant::indian, indian},
    {Variant::basic, basic},
    {Variant::knock, knock},
    {Variant::crazy, crazy},
    {Variant::gin, gin_rummy},
    {Variant::marriage, marriage},
}};
static_assert(variant_rows.size() == static_cast<std::size_t>(Variant::marriage) + 1 &&
              in_enum_order(variant_rows));

constexpr std::array<Variant, variant_rows.size()> variant_values = values_of(variant_rows);

}  // namespace

constinit const std::span<const Variant> all_variants = variant_values;

Variant default_variant() {
  return Variant::indian;
}

Rules Rules::for_variant(Variant variant, Game game) {
  return built(row_of(variant_rows, variant).build, game);
}

std::string_view variant_name(Variant variant) {
  return Rules::for_variant(variant).id;
}

std::string_view variant_description(Variant variant) {
  return Rules::for_variant(variant).words.game;
}

std::optional<Variant> find_variant(std::string_view name) {
  for (const Variant variant : all_variants) {
    if (variant_name(variant) == name) return variant;
  }
  return std::nullopt;
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
// Gin's target is also its house rule game-target (rules §8.8): written both ways, they agree.
constexpr std::array<GameSetting, 1> gin_settings = {{
    {"target", Agreed::target, 9999, "the target", 150, "first to reach it", "game-target"},
}};

}  // namespace

std::span<const TableGame> table_games() {
  static constexpr std::array<TableGame, 9> games = {{
      {"points", indian, Game::points, "game points"},
      {"pool101", indian, Game::pool101, "game pool101"},
      {"pool201", indian, Game::pool201, "game pool201"},
      {"deals", indian, Game::deals, "game deals N", deals_settings},
      {"basic", basic, Game::points, "game basic", basic_settings},
      {"knock", knock, Game::points, "game knock rounds N", knock_settings},
      {"crazy", crazy, Game::points, "game crazy"},
      {"gin", gin_rummy, Game::points, "game gin", gin_settings},
      {"marriage", marriage, Game::points, "game marriage"},
  }};
  return games;
}

const TableGame* find_table_game(std::string_view name) {
  for (const TableGame& game : table_games()) {
    if (game.name == name) return &game;
  }
  return nullptr;
}

bool played_on_sheets(const Rules& rules) {
  const auto games = table_games();
  return std::any_of(games.begin(), games.end(),
                     [&](const TableGame& game) { return game.rules == rules.rulebook; });
}

namespace {

template <typename Word>
std::string joined(std::span<const Variant> variants, std::string_view last, Word word) {
  std::vector<std::string_view> words;
  for (const Variant variant : variants) words.push_back(word(variant));
  return spoken_names(words, last);
}

}  // namespace

std::string spoken_names(std::span<const std::string_view> names, std::string_view last) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? last : std::string_view(", ");
    text += names[i];
  }
  return text;
}

std::string spoken_games(std::span<const Variant> variants, std::string_view last) {
  return joined(variants, last, variant_description);
}

std::string spoken_variant_ids(std::span<const Variant> variants, std::string_view last) {
  return joined(variants, last, variant_name);
}

std::string games_taking(std::string_view house_rule) {
  std::string owners;
  for (const Variant variant : all_variants) {
    if (!Rules::for_variant(variant).takes_house_rule(house_rule)) continue;
    owners += (owners.empty() ? "" : " and ") + std::string(variant_description(variant));
  }
  return owners;
}

}  // namespace rummy
