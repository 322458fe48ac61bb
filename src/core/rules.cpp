// The house-rule table and the names of games and drops.
#include "rules.hpp"

#include "games.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <system_error>

#include <fmt/format.h>

namespace rummy {

std::string_view game_name(Game game) {
  return row_of(game_rows, game).id;
}

std::string_view game_description(Game game) {
  return row_of(game_rows, game).words;
}

std::string_view game_id(Game game, const Rules& rules) {
  return rules.has_formats() ? game_name(game) : rules.id;
}

Rules Rules::built(RulesBuilder build, Game in_format) {
  Rules rules = build(in_format);
  rules.format = in_format;
  rules.rulebook = build;
  return rules;
}

const Declaration& Rules::declared() const {
  if (!declaration) {
    throw RulesError(fmt::format(
        "declaration is empty, but a declaration's points were asked of {}", words.game));
  }
  return *declaration;
}

const TipluRules& Rules::tiplu_rules() const {
  if (!tiplu) {
    throw RulesError(
        fmt::format("tiplu is empty, but the tiplu's rules were asked of {}", words.game));
  }
  return *tiplu;
}

Rules Rules::as_in_rulebook(Game in_format) const {
  if (rulebook == nullptr) {
    Rules neutral;
    neutral.format = in_format;
    return neutral;
  }
  return built(rulebook, in_format);
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

std::optional<Contract> Rules::round(int number) const {
  if (number < 1 || number > static_cast<int>(deal.rounds.size())) return std::nullopt;
  return deal.rounds[static_cast<std::size_t>(number - 1)];
}

std::string_view outcome_id(Outcome outcome) {
  return row_of(outcome_rows, outcome).id;
}

namespace {

// The lines a deal may have of its own (rules.hpp); which a game takes is its Match's.
constexpr std::array<DealLineRow, 3> deal_line_table = {{
    {DealLine::upcard, "upcard", "first upcard", DealLineTakes::card, "6♦", false, "oklahoma=on"},
    {DealLine::dead, "dead", "dead hand", DealLineTakes::nothing, "", true, ""},
    {DealLine::tiplu, "tiplu", "tiplu", DealLineTakes::card, "5♣", false, "", true},
}};
static_assert(deal_line_table.size() == static_cast<std::size_t>(DealLine::tiplu) + 1 &&
                  in_enum_order(deal_line_table),
              "one row per deal line, in the enum's order");

}  // namespace

std::span<const DealLineRow> deal_line_rows() {
  return deal_line_table;
}

const DealLineRow& deal_line_row(DealLine line) {
  return row_of(deal_line_table, line);
}

std::optional<DealLine> find_deal_line(std::string_view id) {
  return find_by_id(deal_line_table, id);
}

std::optional<Game> find_game(std::string_view name) {
  return find_by_id(game_rows, name);
}

std::optional<std::string> check_rules(const Rules& rules) {
  const auto refuse = [](std::string_view field, std::string_view broken, std::string_view needs) {
    return fmt::format("{} {}, but {}", field, broken, needs);
  };
  if (rules.deck.decks < 1) {
    return refuse("deck.decks", "is below 1", "a game is played with a pack");
  }
  if (rules.melds.min_group < 1 || rules.melds.min_run < rules.melds.min_group) {
    return refuse("melds.min_run", "is shorter than melds.min_group",
                  "a run is a group like any other");
  }
  // (The searches hold a suit's places in 32 bits and shift them by min_run.)
  if (rules.melds.min_run > 14) {
    return refuse("melds.min_run", "is above 14", "a run has at most 14 places (A to K, then A)");
  }
  // The scorer (scoring.cpp): a count by declaration reads the declaration's tiers.
  if (rules.count.shown_count == ShownCount::by_declaration && !rules.declares()) {
    return refuse("count.shown_count", "counts by declaration",
                  "the game has no declaration (declaration)");
  }
  // The Gin scorer (gin.cpp) and its game: a knocker and a defender, scored by GinScoring.
  if (rules.match.deal_points == DealPoints::gin_hand &&
      (!rules.gin.on || rules.match.min_players != 2 || rules.match.max_players != 2)) {
    return refuse("match.deal_points", "is gin_hand",
                  "a hand scored as in Gin needs gin.on and two players (match.min_players and "
                  "match.max_players 2)");
  }
  // The settlement by maal (maal.cpp) reads the tiplu's points.
  if (rules.match.deal_points == DealPoints::maal_exchange && !rules.has_tiplu()) {
    return refuse("match.deal_points", "is maal_exchange", "the game has no tiplu (tiplu)");
  }
  if (rules.count.arrange_by == ArrangeBy::combinations && !rules.has_tiplu()) {
    return refuse("count.arrange_by", "is combinations", "the game has no tiplu (tiplu)");
  }
  switch (rules.count.arrange_by) {
    case ArrangeBy::combinations:
      break;
    case ArrangeBy::declaration:
      if (!rules.declares()) {
        return refuse("count.arrange_by", "is declaration",
                      "the game has no declaration (declaration)");
      }
      [[fallthrough]];
    case ArrangeBy::least_deadwood:
      // The search of arrange.cpp (and its one-pack fast path, which stands aside for a hand
      // with a joker or a card twice): jokers are counted, not placed, so they are alike and
      // worth 0; a set holds one card per suit; a meld takes any number of jokers; the ace is
      // low; there is no contract to meet.
      // A branch is cut once its deadwood cannot fall below the best found: no card takes
      // points off.
      if (std::any_of(rules.count.card_points.begin(), rules.count.card_points.end(),
                      [](int points) { return points < 0; })) {
        return refuse("count.card_points", "holds a value below 0",
                      "the search for the least deadwood cuts a branch once its deadwood is no "
                      "less than the best found (the search by subsets, count.arrange_by subsets, "
                      "takes any points)");
      }
      if (!rules.melds.set_suits_differ) {
        return refuse("melds.set_suits_differ", "is off",
                      "the search for the least deadwood assumes a set's suits all differ (the "
                      "search by subsets, count.arrange_by subsets, allows repeats)");
      }
      if (rules.has_jokers() && !rules.count.wild_cards_score_zero) {
        return refuse("count.wild_cards_score_zero", "is off",
                      "the search for the least deadwood counts every joker 0 (the search by "
                      "subsets, count.arrange_by subsets, counts them)");
      }
      if (rules.has_jokers() && rules.count.joker_points != 0) {
        return refuse("count.joker_points", "is not 0",
                      "the search for the least deadwood counts every joker 0 (the search by "
                      "subsets, count.arrange_by subsets, counts them)");
      }
      if (rules.has_jokers() && (rules.melds.max_wilds_in_run < rules.melds.max_sequence ||
                                 rules.melds.max_wilds_in_set < rules.largest_set())) {
        return refuse("melds.max_wilds_in_run and melds.max_wilds_in_set",
                      "limit the jokers of a meld",
                      "the search for the least deadwood lets a meld take any number (the search "
                      "by subsets, count.arrange_by subsets, limits them)");
      }
      // With jokers, the search counts them rather than placing them: a card with jokers is
      // taken for a run as well as a set, and the jokers left over fit in any run or set made.
      if (rules.has_jokers() &&
          (rules.melds.min_run > rules.melds.min_group || rules.melds.max_sequence < rank_count ||
           rules.melds.max_set < suit_count)) {
        return refuse("melds.min_run, melds.max_sequence and melds.max_set",
                      "limit runs and sets in a game with jokers",
                      "the search for the least deadwood counts the jokers, which fit in runs "
                      "as short as sets, runs of up to 13 cards and sets of every suit (the "
                      "search by subsets, count.arrange_by subsets, takes any lengths)");
      }
      if (!rules.melds.ace_low) {
        return refuse("melds.ace_low", "is off",
                      "the search for the least deadwood takes A-2-3 as a run");
      }
      if (rules.deal.contract || !rules.deal.rounds.empty()) {
        return refuse("deal.rounds", "set contracts",
                      "the search for the least deadwood meets none (the search by subsets, "
                      "count.arrange_by subsets, does)");
      }
      break;
    case ArrangeBy::subsets:
      // The DP of arrange_subsets.cpp counts which subsets are melds from the meld rules as the
      // classifier reads them (a test holds the two together under many rules), so it takes any
      // meld rule; it finds the least deadwood and knows no declaration's tiers.
      if (rules.declares()) {
        return refuse("count.arrange_by", "is subsets",
                      "the search by subsets finds the least deadwood, not the best declaration "
                      "(declaration)");
      }
      break;
  }
  return std::nullopt;
}

std::optional<std::string> decks_refusal(const Rules& rules, int decks) {
  // A game dealt with a tiplu counts the tiplu's copies in its own packs.
  if (rules.has_tiplu()) {
    if (decks == rules.deck.decks) return std::nullopt;
    return fmt::format(
        "{} is played with its {} packs only (the tiplu's card is in play twice, "
        "its third copy turned up)",
        rules.words.game, rules.deck.decks);
  }
  if (rules.deck.decks != 1 || decks == 1) return std::nullopt;
  return fmt::format("{} is played with one pack: {} would let a hand hold a card twice",
                     rules.words.game, decks);
}

std::string wild_cards_text(const Rules& rules) {
  if (rules.deck.fixed_wild) {
    return fmt::format("every {} and every joker is wild", rank_name(*rules.deck.fixed_wild));
  }
  return rules.deck.deal_has_wild_rank ? "the deal's wild rank and every printed joker are wild"
                                       : "no wild cards";
}

std::string_view drop_name(Drop drop) {
  return row_of(drop_rows, drop).id;
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

// The house rules of a declaration (its cap, wrong show, count) and of the formats, in a game
// without one: refused, whatever game lists them.
std::optional<std::string> no_declaration_refusal(const Rules& rules) {
  if (rules.declares()) return std::nullopt;
  return fmt::format("{} has no declaration: no cap, wrong show or count of a declaration",
                     rules.words.game);
}

std::optional<std::string> no_formats_refusal(const Rules& rules) {
  if (rules.has_formats()) return std::nullopt;
  return fmt::format("{} is played in no formats (points, pools, deals)", rules.words.game);
}

DropPenalty& drop_in_force(Rules& rules) {
  return rules.formats->drops[static_cast<std::size_t>(rules.format)];
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

// ---- The house rules of a game dealt with a tiplu (Marriage, docs/rules.md §9.9) ----------------
constexpr std::array<HouseRuleValue, 2> printed_jokers_values = {{
    {"off", "no printed jokers"},
    {"on", "one printed joker per pack: wild, maal 5/15/25, a tunnela shown at the deal 45"},
}};
constexpr std::array<HouseRuleValue, 2> alter_values = {{
    {"off", "the alter is an ordinary joker"},
    {"on", "the alter scores 5/15/25, a tunnela of alters shown at the deal 35"},
}};
constexpr std::array<HouseRuleValue, 2> alter_only_jokers_values = {{
    {"off", "every card of the tiplu's rank is wild"},
    {"on", "the tiplu's rank in the other colour is an ordinary card"},
}};
constexpr std::array<HouseRuleValue, 2> ace_low_only_values = {{
    {"off", "the ace ends a sequence either way (A-2-3, Q-K-A)"},
    {"on", "the ace is low only (A-2-3)"},
}};
constexpr std::array<HouseRuleValue, 2> long_groups_values = {{
    {"off", "every combination has exactly three cards"},
    {"on", "sequences of three or more, triplets of three or four"},
}};
constexpr std::array<HouseRuleValue, 3> unseen_maal_values = {{
    {"count", "an unseen player's maal counts like anyone's"},
    {"murder", "an unseen player's maal counts 0"},
    {"kidnap", "an unseen player's maal counts 0, and goes to the player who ended"},
}};
constexpr std::array<HouseRuleValue, 2> foul_penalty_when_values = {{
    {"next", "to the player who ends the next deal"},
    {"now", "to the player who ends this deal"},
}};

// The house rules of a tiplu, in a game dealt without one: refused, whatever game lists them.
std::optional<std::string> no_tiplu_refusal(const Rules& rules) {
  if (rules.has_tiplu()) return std::nullopt;
  return fmt::format("{} is dealt without a tiplu: no maal", rules.words.game);
}
TipluRules& tiplu_of(Rules& rules) {
  return *rules.tiplu;
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
const std::array<HouseRule, 36> house_rule_table = {{
    {"pure-without-second", "what a loser with a pure sequence but no second sequence pays for",
     "rules §2.6: the Hindi guide (default); most platforms (all); the Junglee guide's example "
     "(ungrouped)",
     pure_without_second_values, std::nullopt,
     [](const Rules& rules) { return static_cast<int>(rules.declared().pure_without_second); },
     [](Rules& rules, int value) {
       rules.declaration->pure_without_second = static_cast<PureWithoutSecondCount>(value);
     },
     no_declaration_refusal},
    {"fifth-card-joker", "whether a joker may join a set as its fifth card",
     "rules §2.4: off in the Junglee guide (default); on at some platforms",
     fifth_card_joker_values, std::nullopt,
     [](const Rules& rules) { return rules.melds.fifth_card_joker ? 1 : 0; },
     [](Rules& rules, int value) { rules.melds.fifth_card_joker = value == 1; }},
    {"pool-out", "when a pool rummy player is out",
     "rules §2.8: the platforms (reach, default); the Hindi guide's words (exceed)",
     pool_out_values, std::nullopt,
     [](const Rules& rules) { return rules.match.out_above_limit ? 1 : 0; },
     [](Rules& rules, int value) { rules.match.out_above_limit = value == 1; }},
    {"ace-high-or-low", "whether the ace may also be high",
     "rules §3.2: the Hindi page on Basic Rummy (low only, default; high or low as its house rule)",
     ace_high_or_low_values, std::nullopt,
     [](const Rules& rules) { return rules.melds.ace_high ? 1 : 0; },
     [](Rules& rules, int value) {
       rules.melds.ace_high = value == 1;
       rules.count.card_points[0] = value == 1 ? 15 : 1;
     }},
    {"points-cap",
     "the most a loser pays",
     "rules §2.6: the Hindi and Junglee guides (80)",
     {},
     HouseRuleNumber{1, most_points, "the most points a loser pays, whatever the hand counts"},
     [](const Rules& rules) { return rules.points_cap(); },
     [](Rules& rules, int value) { rules.declaration->points_cap = value; },
     no_declaration_refusal},
    {"wrong-show",
     "what a wrong show (a declaration that is not valid) costs",
     "rules §2.6: the Hindi and Junglee guides (80)",
     {},
     HouseRuleNumber{1, most_points, "the points a wrong show pays, whatever the cards"},
     [](const Rules& rules) { return rules.declared().wrong_show_points; },
     [](Rules& rules, int value) { rules.declaration->wrong_show_points = value; },
     no_declaration_refusal},
    {"first-drop",
     "what a drop before the first draw costs, in the format in force",
     "rules §2.6: the Hindi and Junglee guides (points rummy and 101 pool 20, 201 pool 25)",
     {},
     HouseRuleNumber{0, most_points, "the points a first drop pays, at most the middle drop"},
     [](const Rules& rules) { return drop_in_force(rules).first; },
     [](Rules& rules, int value) { drop_in_force(rules).first = value; },
     no_drops_refusal},
    {"middle-drop",
     "what a drop after the first draw costs, in the format in force",
     "rules §2.6: the Hindi and Junglee guides (points rummy and 101 pool 40, 201 pool 50)",
     {},
     HouseRuleNumber{0, most_points, "the points a middle drop pays, at most the points cap"},
     [](const Rules& rules) { return drop_in_force(rules).middle; },
     [](Rules& rules, int value) { drop_in_force(rules).middle = value; },
     no_drops_refusal},
    {"drops-in-deals", "whether a deals rummy player may drop",
     "rules §2.6 and §2.8: the Hindi guide (off, default); some tables (on)", drops_in_deals_values,
     std::nullopt, [](const Rules& rules) { return rules.drop_penalty(Game::deals).first ? 1 : 0; },
     [](Rules& rules, int value) {
       rules.formats->drops[static_cast<std::size_t>(Game::deals)] =
           value == 1 ? rules.as_in_rulebook(Game::points).drop_penalty(Game::points)
                      : DropPenalty{};
     },
     no_formats_refusal},
    {"end-on-discard", "whether going out needs a last discard",
     "rules §3.4: the Hindi page on Basic Rummy (off, default; on as its house rule)",
     end_on_discard_values, std::nullopt,
     [](const Rules& rules) { return rules.ends_on_discard ? 1 : 0; },
     [](Rules& rules, int value) { rules.ends_on_discard = value == 1; }},
    {"knock-limit",
     "the most deadwood a knock may leave",
     "rules §8.4: the sources (10)",
     {},
     HouseRuleNumber{0, 10, "the most deadwood a knock may leave; 0: only gin ends a hand"},
     [](const Rules& rules) { return rules.gin.knock_limit; },
     [](Rules& rules, int value) { rules.gin.knock_limit = value; }},
    {"oklahoma", "whether the first upcard sets the knock limit",
     "rules §8.7: off in the sources' basic game; Oklahoma gin (on)", oklahoma_values, std::nullopt,
     [](const Rules& rules) { return rules.gin.oklahoma ? 1 : 0; },
     [](Rules& rules, int value) { rules.gin.oklahoma = value == 1; }},
    {"oklahoma-spades", "whether a spade first upcard doubles the hand (with oklahoma=on)",
     "rules §8.7: off; often played with Oklahoma gin (on)", oklahoma_spades_values, std::nullopt,
     [](const Rules& rules) { return rules.gin.oklahoma_spades ? 1 : 0; },
     [](Rules& rules, int value) { rules.gin.oklahoma_spades = value == 1; }},
    {"big-gin", "whether 11 melded cards end the hand without a discard",
     "rules §8.4: off in the basic scoring; on in the modern sets of rules", big_gin_values,
     std::nullopt, [](const Rules& rules) { return rules.gin.big_gin ? 1 : 0; },
     [](Rules& rules, int value) { rules.gin.big_gin = value == 1; }},
    {"gin-bonus",
     "what going gin scores on top of the defender's deadwood",
     "rules §8.6: 25 (modern); 20 (classic)",
     {},
     HouseRuleNumber{0, 999, "the points gin scores more than the defender's deadwood"},
     [](const Rules& rules) { return rules.gin.gin_bonus(); },
     [](Rules& rules, int value) { rules.gin.gin_bonus_rule = value; }},
    {"undercut-bonus",
     "what an undercut scores on top of the difference",
     "rules §8.6: 25 (modern); 10 (classic)",
     {},
     HouseRuleNumber{0, 999, "the points an undercut scores more than the difference"},
     [](const Rules& rules) { return rules.gin.undercut_bonus(); },
     [](Rules& rules, int value) { rules.gin.undercut_bonus_rule = value; }},
    {"undercut-tie", "what a defender tying the knocker scores",
     "rules §8.6: an undercut (most sources); nothing (some programs)", undercut_tie_values,
     std::nullopt, [](const Rules& rules) { return rules.gin.undercut_tie ? 0 : 1; },
     [](Rules& rules, int value) { rules.gin.undercut_tie = value == 0; }},
    {"game-target",
     "the total that ends the game",
     "rules §8.8: 100",
     {},
     HouseRuleNumber{1, 9999, "the hand points a player's total must reach to end the game"},
     [](const Rules& rules) { return rules.gin.game_target; },
     [](Rules& rules, int value) { rules.gin.game_target = value; }},
    {"game-bonus",
     "what the player who ends the game scores more",
     "rules §8.8: 100",
     {},
     HouseRuleNumber{0, 999, "the points the player reaching the target scores more"},
     [](const Rules& rules) { return rules.gin.game_bonus; },
     [](Rules& rules, int value) { rules.gin.game_bonus = value; }},
    {"box-bonus",
     "what each hand won scores at the end of the game",
     "rules §8.8: 25 (modern); 20 (classic)",
     {},
     HouseRuleNumber{0, 999, "the points each hand won adds at the end of the game"},
     [](const Rules& rules) { return rules.gin.box_bonus(); },
     [](Rules& rules, int value) { rules.gin.box_bonus_rule = value; }},
    {"shutout", "what a game the loser scored nothing in pays",
     "rules §8.8: double (modern); flat (classic); hands; none", shutout_values, std::nullopt,
     [](const Rules& rules) { return static_cast<int>(rules.gin.shutout()); },
     [](Rules& rules, int value) { rules.gin.shutout_rule = static_cast<Shutout>(value); }},
    {"preset", "a set of the bonuses; the bonus rules written change it",
     "rules §8.9: modern (the defaults); classic", preset_values, std::nullopt,
     [](const Rules& rules) { return static_cast<int>(rules.gin.preset); },
     [](Rules& rules, int value) { rules.gin.preset = static_cast<GinPreset>(value); }},
    {"printed-jokers", "whether printed jokers are in play",
     "rules §9.1: off (the Pagat page); on in the Wikipedia article", printed_jokers_values,
     std::nullopt,
     [](const Rules& rules) { return rules.deck.printed_jokers_per_deck > 0 ? 1 : 0; },
     [](Rules& rules, int value) { rules.deck.printed_jokers_per_deck = value; }, no_tiplu_refusal},
    {"alter", "whether the alter scores as maal of its own",
     "rules §9.6: off (the Pagat page); on, a variation in the Wikipedia article", alter_values,
     std::nullopt, [](const Rules& rules) { return rules.tiplu_rules().alter_scores ? 1 : 0; },
     [](Rules& rules, int value) { tiplu_of(rules).alter_scores = value == 1; }, no_tiplu_refusal},
    {"alter-only-jokers", "whether the tiplu's rank in the other colour is wild",
     "rules §9.2: off (the Pagat page); on as a Nepali player's page plays it",
     alter_only_jokers_values, std::nullopt,
     [](const Rules& rules) { return rules.tiplu_rules().alter_only_jokers ? 1 : 0; },
     [](Rules& rules, int value) { tiplu_of(rules).alter_only_jokers = value == 1; },
     no_tiplu_refusal},
    {"ace-low-only", "whether the ace may end a sequence high (Q-K-A)",
     "rules §9.3: off (the Pagat page)", ace_low_only_values, std::nullopt,
     [](const Rules& rules) { return rules.melds.ace_high ? 0 : 1; },
     [](Rules& rules, int value) { rules.melds.ace_high = value == 0; }, no_tiplu_refusal},
    {"long-groups", "whether combinations may be longer than three cards",
     "rules §9.3: off (the Pagat page); on in the Wikipedia article", long_groups_values,
     std::nullopt, [](const Rules& rules) { return rules.tiplu_rules().long_groups ? 1 : 0; },
     [](Rules& rules, int value) { tiplu_of(rules).long_groups = value == 1; }, no_tiplu_refusal},
    {"dublee-min-players",
     "the players dealt in for seven dublees to see the tiplu",
     "rules §9.4: 4 (the Wikipedia article and the Yarsa app)",
     {},
     HouseRuleNumber{2, 6, "the fewest players dealt in for the dublee route; 6: never"},
     [](const Rules& rules) { return rules.tiplu_rules().dublee_min_players; },
     [](Rules& rules, int value) { tiplu_of(rules).dublee_min_players = value; },
     no_tiplu_refusal},
    {"tiplu-pair",
     "what two tiplu cards held score",
     "rules §9.6: 7 (the Pagat page); 8 in the Wikipedia article",
     {},
     HouseRuleNumber{0, 99, "the maal of both tiplu cards held"},
     [](const Rules& rules) { return rules.tiplu_rules().tiplu_points[1]; },
     [](Rules& rules, int value) { tiplu_of(rules).tiplu_points[1] = value; },
     no_tiplu_refusal},
    {"maal-tunnela",
     "what a tunnela of poplu or jhiplu shown at the deal scores",
     "rules §9.6: 20 (the Pagat page); 15 in the Wikipedia article",
     {},
     HouseRuleNumber{0, 99, "the maal of a poplu or jhiplu tunnela shown at the deal"},
     [](const Rules& rules) { return rules.tiplu_rules().neighbour_tunnela; },
     [](Rules& rules, int value) { tiplu_of(rules).neighbour_tunnela = value; },
     no_tiplu_refusal},
    {"unseen-maal", "whether an unseen player's maal counts",
     "rules §9.6: count (the Wikipedia article, the Pagat page's settlement); murder, kidnap",
     unseen_maal_values, std::nullopt,
     [](const Rules& rules) { return static_cast<int>(rules.tiplu_rules().unseen); },
     [](Rules& rules, int value) { tiplu_of(rules).unseen = static_cast<UnseenMaal>(value); },
     no_tiplu_refusal},
    {"seen-pay",
     "the game points a seen player pays the player who ended",
     "rules §9.7: 3 (the sources)",
     {},
     HouseRuleNumber{0, 999, "the points a seen player pays the player who ended"},
     [](const Rules& rules) { return rules.match.maal_pay.seen; },
     [](Rules& rules, int value) { rules.match.maal_pay.seen = value; },
     no_tiplu_refusal},
    {"unseen-pay",
     "the game points an unseen player pays the player who ended",
     "rules §9.7: 10 (the sources)",
     {},
     HouseRuleNumber{0, 999, "the points an unseen player pays the player who ended"},
     [](const Rules& rules) { return rules.match.maal_pay.unseen; },
     [](Rules& rules, int value) { rules.match.maal_pay.unseen = value; },
     no_tiplu_refusal},
    {"dublee-bonus",
     "what every other player pays the player who ends by dublees",
     "rules §9.7: 5 (the Koju page, the Wikipedia article); 7 also in the Wikipedia article",
     {},
     HouseRuleNumber{0, 999, "the points each other player pays a dublee end"},
     [](const Rules& rules) { return rules.match.maal_pay.dublee_bonus; },
     [](Rules& rules, int value) { rules.match.maal_pay.dublee_bonus = value; },
     no_tiplu_refusal},
    {"foul-penalty",
     "what a foul costs",
     "rules §9.8: 15 (the Wikipedia article, the Koju page)",
     {},
     HouseRuleNumber{0, 999, "the points a foul player pays"},
     [](const Rules& rules) { return rules.match.maal_pay.foul_penalty; },
     [](Rules& rules, int value) { rules.match.maal_pay.foul_penalty = value; },
     no_tiplu_refusal},
    {"foul-penalty-when", "to whom a foul's penalty is paid",
     "rules §9.8: next (the Wikipedia article, the Koju page); now", foul_penalty_when_values,
     std::nullopt, [](const Rules& rules) { return rules.match.maal_pay.foul_penalty_now ? 1 : 0; },
     [](Rules& rules, int value) { rules.match.maal_pay.foul_penalty_now = value == 1; },
     no_tiplu_refusal},
}};

}  // namespace

bool HouseRule::applies(const Rules& rules) const {
  return rules.takes_house_rule(name) && (refusal == nullptr || !refusal(rules));
}

int HouseRule::default_value(const Rules& rules) const {
  return get(rules.as_in_rulebook(rules.format));
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
  return house_rule_table;
}

const HouseRule* find_house_rule(std::string_view name) {
  for (const HouseRule& rule : house_rule_table) {
    if (rule.name == name) return &rule;
  }
  return nullptr;
}

std::string HouseRuleSetting::text() const {
  return std::string(rule->name) + "=" + rule->value_text(value);
}

bool house_rule_holds(const Rules& rules, std::string_view assignment) {
  if (assignment.empty()) return true;
  const auto equals = assignment.find('=');
  const HouseRule* rule = find_house_rule(assignment.substr(0, equals));
  if (rule == nullptr || equals == std::string_view::npos) {
    throw std::logic_error("a house rule needed is written NAME=VALUE of a known rule");
  }
  const auto value = rule->find_value(assignment.substr(equals + 1));
  return value && rule->get(rules) == *value;
}

std::optional<std::string> apply_house_rule(Rules& rules, std::string_view assignment) {
  const auto equals = assignment.find('=');
  if (equals == std::string_view::npos) {
    return "a house rule is written NAME=VALUE, e.g. pure-without-second=all";
  }
  const auto name = assignment.substr(0, equals);
  const auto value = assignment.substr(equals + 1);
  const HouseRule* rule = find_house_rule(name);
  if (rule != nullptr && !rules.takes_house_rule(rule->name)) {
    return "house rule " + std::string(rule->name) + " is for " + games_taking(rule->name);
  }
  if (rule != nullptr && rule->refusal != nullptr) {
    if (const auto why = rule->refusal(rules)) {
      return "house rule " + std::string(rule->name) + " does not apply: " + *why;
    }
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
  // A tiplu's alter either scores of its own or is an ordinary card (ruling 6.53).
  if (rules.tiplu && rules.tiplu->alter_scores && rules.tiplu->alter_only_jokers) {
    return "alter=on scores the alter as maal, and alter-only-jokers=on makes the other colour's "
           "cards ordinary: choose one";
  }
  // Gin Rummy: the Oklahoma rules (ruling 6.45).
  const Rules game_default = rules.as_in_rulebook(Game::points);
  if (rules.gin.oklahoma_spades && !rules.gin.oklahoma) {
    return "oklahoma-spades doubles a hand by its first upcard, which counts only with "
           "oklahoma=on";
  }
  if (rules.gin.oklahoma && rules.gin.knock_limit != game_default.gin.knock_limit) {
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
  if (*drop.middle > rules.points_cap()) {
    return fmt::format(
        "a middle drop ({}) costs more than the points cap ({}): a drop costs at "
        "most what losing with any hand does (middle-drop, points-cap)",
        *drop.middle, rules.points_cap());
  }
  return std::nullopt;
}

std::vector<HouseRuleSetting> non_default_house_rules(const Rules& rules) {
  std::vector<HouseRuleSetting> settings;
  // (default_value for each rule, with the rulebook's rules made once rather than for each.)
  const Rules rulebook = rules.as_in_rulebook(rules.format);
  for (const HouseRule& rule : house_rule_table) {
    if (!rule.applies(rules)) continue;  // not taken, or refused (a format without drops)
    const int value = rule.get(rules);
    const int default_value = rule.get(rulebook);
    if (value != default_value) settings.push_back({&rule, value, default_value});
  }
  return settings;
}

}  // namespace rummy
