// validate, score and arrange for a game dealt with a tiplu (Marriage, docs/rules.md §9): a
// player's cards as shown on the table and kept in hand, judged with the tiplu's maal cards.
#include <algorithm>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "maal.hpp"
#include "report.hpp"
#include "tiplu.hpp"

namespace rummy::cli {

namespace {

// The words of a part of a player's cards, as the notation writes them.
constexpr std::string_view shown_part = "shown", hand_part = "hand";

Json card_json(Card card) {
  return to_string(card);
}

Json items_json(const MaalCount& count) {
  Json items = Json::array();
  for (const MaalItem& item : count.items) {
    items.push_back({{"kind", row_of(maal_item_rows, item.kind).id},
                     {"count", item.count},
                     {"card", to_string(item.card)},
                     {"points", item.points}});
  }
  return items;
}

}  // namespace

// The tiplu and the cards it makes maal and wild, for a reader that marks them on the cards.
Json tiplu_json(const Tiplu& tiplu, const Rules& rules) {
  Json jokers = Json::array();
  for (const Card card : tiplu.jokers(rules)) jokers.push_back(card_json(card));
  return {{"card", card_json(tiplu.card())},
          {"poplu", card_json(tiplu.poplu())},
          {"jhiplu", card_json(tiplu.jhiplu())},
          {"alter", card_json(tiplu.alter())},
          {"jokers", jokers}};
}

ReadCards read_cards(const CommonOptions& options, const Rules& rules, const Environment& env) {
  if (!options.tiplu) {
    throw CommandError{fmt::format("{} needs the tiplu: --tiplu CARD (the card turned up, such as "
                                   "--tiplu 7♦)",
                                   rules.words.game),
                       std::nullopt};
  }
  const Card tiplu = parse_tiplu(*options.tiplu);
  const HandText input = hand_text(options, env, "the cards");
  try {
    return {read_table_hand(input.text, input.source, rules, tiplu), Tiplu(tiplu)};
  } catch (const InputError&) {
    refuse_file_as_hand(options, input);
    throw;
  }
}

// The players dealt in: --players, or the fewest the dublee route needs (at most a full table).
int players_of(const CommonOptions& options, const Rules& rules) {
  return options.players.value_or(assumed_players(rules));
}

namespace {

// Whether the cards are a whole end: the deal's cards kept, the discard written or to choose.
bool is_end(const TableHand& hand, const Rules& rules) {
  const auto kept = static_cast<std::size_t>(rules.deal.hand_size);
  return hand.card_count() == kept + 1 || (hand.card_count() == kept && !hand.discard);
}

std::string stage_text(FirstStage stage, const Rules& rules) {
  switch (stage) {
    case FirstStage::combinations:
      return fmt::format("{} pure combinations shown", rules.tiplu_rules().pure_needed);
    case FirstStage::dublees:
      return fmt::format("{} dublees shown", rules.tiplu_rules().dublees_needed);
    case FirstStage::none:
      break;
  }
  return "no first stage";
}

std::string_view stage_id(FirstStage stage) {
  switch (stage) {
    case FirstStage::combinations:
      return "combinations";
    case FirstStage::dublees:
      return "dublees";
    case FirstStage::none:
      break;
  }
  return "none";
}

// One group judged, as text and JSON print it.
struct JudgedGroup {
  std::vector<Card> cards;
  ComboVerdict verdict;
  std::string_view part;  // "shown" or "hand"
  bool at_deal = false;
  std::string explanation;
  bool valid = false;
};

Json groups_json(const std::vector<JudgedGroup>& groups) {
  Json list = Json::array();
  for (const JudgedGroup& group : groups) {
    list.push_back({{"cards", cards_text(group.cards, "-")},
                    {"part", group.part},
                    {"at_deal", group.at_deal},
                    {"kind", row_of(combo_kind_rows, group.verdict.kind).id},
                    {"valid", group.valid},
                    {"explanation", group.explanation}});
  }
  return list;
}

void print_judged(std::ostream& out, const std::vector<JudgedGroup>& groups, const Style& style) {
  std::size_t width = 0;
  for (const JudgedGroup& group : groups) {
    width = std::max(width, display_width(cards_text(group.cards, "-")));
  }
  std::string_view part;
  for (const JudgedGroup& group : groups) {
    if (group.part != part) {
      part = group.part;
      out << part << ":\n";
    }
    const std::string cards = cards_text(group.cards, "-");
    out << "  " << cards << std::string(width - display_width(cards) + 2, ' ')
        << style.paint(group.explanation, group.valid ? colour::good : colour::bad)
        << (group.at_deal ? " (shown at the deal)" : "") << "\n";
  }
}

// ---- validate -------------------------------------------------------------------------------

struct TableValidateResult {
  const Rules& rules;
  const Tiplu& tiplu;
  const TableHand& hand;
  int players = 0;
  bool end = false;  // the cards are a whole end
  FirstStage stage = FirstStage::none;
  std::vector<JudgedGroup> groups;
  std::vector<std::string> problems;
  std::vector<Card> loose;  // a dublee end's cards outside its dublees
  std::optional<Card> discard;
  bool arranged = false;
  MaalCount maal;
  std::vector<HouseRuleSetting> changed;

  bool valid() const { return problems.empty(); }

  Json json() const {
    Json loose_cards = Json::array();
    for (const Card card : loose) loose_cards.push_back(card_json(card));
    return {{"valid", valid()},
            {"tiplu", tiplu_json(tiplu, rules)},
            {"players", players},
            {"end", end},
            {"first_stage", stage_id(stage)},
            {"cards", hand.card_count()},
            {"groups", groups_json(groups)},
            {"loose", loose_cards},
            {"discard", discard ? card_json(*discard) : Json(nullptr)},
            {"arranged", arranged},
            {"problems", problems},
            {"maal", maal.points},
            {"maal_items", items_json(maal)},
            {"house_rules", house_rules_json(changed)}};
  }

  void text(std::ostream& out, const Style& style) const {
    out << tiplu.text(rules) << "\n";
    if (arranged) out << "the hand was written loose: its combinations as found\n";
    print_judged(out, groups, style);
    if (!loose.empty())
      out << "the rest (not checked in a dublee end): " << cards_text(loose) << "\n";
    if (discard) out << "discard " << to_string(*discard) << "\n";
    if (valid()) {
      out << style.paint(end ? "valid end" : "valid first stage: the player has seen the tiplu",
                         colour::good);
      if (end) {
        out << ": " << hand.kept().size() - (discard && !hand.discard ? 1 : 0) << " cards kept, "
            << stage_text(stage, rules);
      }
      out << "\n";
    } else {
      out << style.paint(end ? "not a valid end (a foul)" : "not valid", colour::bad) << ":\n";
      for (const std::string& problem : problems) out << "  - " << problem << "\n";
    }
    out << "maal: " << maal_text(maal);
    if (end && !valid() && maal.points > 0) out << " (a foul player's maal counts 0)";
    out << "\n";
    if (!changed.empty()) out << changed_by_text(changed) << "\n";
  }
};

TableValidateResult judge(const Rules& rules, const Tiplu& tiplu, const TableHand& hand,
                          int players) {
  TableValidateResult result{rules, tiplu,        hand,  0,  false, FirstStage::none, {}, {},
                             {},    std::nullopt, false, {}, {}};
  result.players = players;
  result.end = is_end(hand, rules);
  result.maal = count_maal(hand, tiplu, rules);
  const auto add = [&](const std::vector<Card>& cards, const ComboVerdict& verdict, bool shown,
                       bool at_deal) {
    const Tiplu* with = shown ? nullptr : &tiplu;
    const bool valid = shown ? is_pure(verdict.kind) && verdict.kind != ComboKind::triplet
                                   ? true
                                   : verdict.kind == ComboKind::dublee
                             : is_combination(verdict.kind) || verdict.kind == ComboKind::dublee;
    result.groups.push_back({cards, verdict, shown ? shown_part : hand_part, at_deal,
                             explain_combo(verdict, cards, with, rules), valid});
  };
  if (result.end) {
    const EndCheck check = check_end(hand, tiplu, players, rules);
    result.stage = check.route;
    for (const EndGroup& group : check.groups) {
      add(group.cards, group.verdict, group.shown, group.at_deal);
    }
    result.problems = check.faults;
    result.loose = check.loose;
    result.discard = check.discard;
    result.arranged = check.arranged;
    // The maal of the kept cards: a discard the search chose is out.
    if (check.arranged && check.discard && !hand.discard) {
      result.maal = count_maal(with_discard(hand, *check.discard), tiplu, rules);
    }
    return result;
  }
  // Not a whole end: the first stage shown, and each group of the hand judged.
  const StageCheck stage = check_first_stage(hand, players, rules);
  result.stage = stage.stage;
  result.problems = stage.faults;
  for (const ShownGroup& group : hand.shown) {
    add(group.cards, classify_combo(group.cards, nullptr, rules), true, group.at_deal);
  }
  if (hand.hand.empty()) {
    if (stage.stage == FirstStage::none && stage.faults.empty()) {
      result.problems.push_back(fmt::format(
          "{} shown: the first stage shows {} pure combinations (or {} dublees)", hand.shown.size(),
          rules.tiplu_rules().pure_needed, rules.tiplu_rules().dublees_needed));
    }
    return result;
  }
  for (const auto& group : hand.hand) {
    const ComboVerdict verdict = classify_combo(group, &tiplu, rules);
    add(group, verdict, false, false);
    if (!is_combination(verdict.kind)) {
      result.problems.push_back(fmt::format("{} is not a combination: {}", cards_text(group, "-"),
                                            explain_combo(verdict, group, &tiplu, rules)));
    }
  }
  result.problems.push_back(fmt::format("{} cards: an end keeps {} (and the final discard)",
                                        hand.card_count(), rules.deal.hand_size));
  return result;
}

// ---- score ----------------------------------------------------------------------------------

struct TableScoreResult {
  const Rules& rules;
  const Tiplu& tiplu;
  MaalState state;
  bool state_given = false;
  MaalCount maal;
  int counted = 0;
  std::vector<HouseRuleSetting> changed;

  std::string why_counted() const {
    if (state == MaalState::foul) return "a foul player's maal counts 0";
    if (counted != maal.points) {
      return rules.tiplu_rules().unseen == UnseenMaal::kidnap
                 ? "under unseen-maal=kidnap an unseen player's maal counts 0 for them and goes "
                   "to the player who ended"
                 : "under unseen-maal=murder an unseen player's maal counts 0";
    }
    return "";
  }

  Json json() const {
    return {{"tiplu", tiplu_json(tiplu, rules)},
            {"state", row_of(maal_state_rows, state).id},
            {"state_from", state_given ? "option" : "cards"},
            {"maal", counted},
            {"maal_held", maal.points},
            {"maal_items", items_json(maal)},
            {"house_rules", house_rules_json(changed)}};
  }

  void text(std::ostream& out, const Style& style) const {
    out << tiplu.text(rules) << "\n";
    out << row_of(maal_state_rows, state).words << (state_given ? "" : " (from the cards shown)")
        << "\n";
    if (maal.items.empty()) out << "no maal\n";
    for (const MaalItem& item : maal.items) out << "  " << maal_item_text(item) << "\n";
    out << style.paint(fmt::format("maal {}", counted), colour::strong);
    if (counted != maal.points) out << " (" << maal.points << " held; " << why_counted() << ")";
    out << "\n";
    if (!changed.empty()) out << changed_by_text(changed) << "\n";
  }
};

// ---- arrange --------------------------------------------------------------------------------

struct TableArrangeResult {
  const Rules& rules;
  const Tiplu& tiplu;
  const TableHand& hand;
  std::optional<ComboSplit> split;
  std::vector<JudgedGroup> groups;
  MaalCount maal;
  std::vector<std::string> problems;  // why there is no end

  Json json() const {
    return {{"tiplu", tiplu_json(tiplu, rules)},
            {"valid", split.has_value()},
            {"problems", problems},
            {"groups", groups_json(groups)},
            {"discard", split && split->discard ? card_json(*split->discard) : Json(nullptr)},
            {"maal", maal.points},
            {"maal_items", items_json(maal)}};
  }

  void text(std::ostream& out, const Style& style) const {
    out << tiplu.text(rules) << "\n";
    if (!split) {
      out << style.paint("no end", colour::bad) << ":\n";
      for (const std::string& problem : problems) out << "  - " << problem << "\n";
      out << "maal: " << maal_text(maal) << "\n";
      return;
    }
    print_judged(out, groups, style);
    if (split->discard) out << "discard " << to_string(*split->discard) << "\n";
    out << style.paint("you can end", colour::good)
        << (split->discard ? fmt::format(" by discarding {}", to_string(*split->discard)) : "")
        << "\nmaal: " << maal_text(maal) << "\n";
  }
};

// ---- outs -----------------------------------------------------------------------------------

struct TableOutsResult {
  const Rules& rules;
  const Tiplu& tiplu;
  FirstStage stage = FirstStage::none;
  std::vector<EndOut> outs;

  Json json() const {
    Json list = Json::array();
    for (const EndOut& out : outs) {
      list.push_back({{"card", card_json(out.card)},
                      {"copies_left", out.copies_left},
                      {"discard", out.discard ? card_json(*out.discard) : Json(nullptr)},
                      {"maal", out.maal}});
    }
    return {{"tiplu", tiplu_json(tiplu, rules)}, {"first_stage", stage_id(stage)}, {"end", list}};
  }

  void text(std::ostream& out, const Style&) const {
    out << tiplu.text(rules) << "\n";
    if (stage == FirstStage::none) {
      out << fmt::format(
          "no first stage shown: a player ends only after seeing the tiplu ({} "
          "pure combinations, or {} dublees, shown)\n",
          rules.tiplu_rules().pure_needed, rules.tiplu_rules().dublees_needed);
      return;
    }
    if (outs.empty()) {
      out << "no card drawn lets the hand end\n";
      return;
    }
    int copies = 0;
    for (const EndOut& each : outs) copies += each.copies_left;
    out << fmt::format("{} card{} end the deal ({} cop{} may be unseen):\n", outs.size(),
                       outs.size() == 1 ? "" : "s", copies, copies == 1 ? "y" : "ies");
    for (const EndOut& each : outs) {
      out << fmt::format("  {} ({} left), then discard {}: maal {}\n", to_string(each.card),
                         each.copies_left, each.discard ? to_string(*each.discard) : "?",
                         each.maal);
    }
  }
};

}  // namespace

int run_table_outs(const CommonOptions& options, const Rules& rules, const Environment& env) {
  const ReadCards cards = read_cards(options, rules, env);
  const TableHand& hand = cards.read.hand;
  if (hand.card_count() != static_cast<std::size_t>(rules.deal.hand_size) || hand.discard) {
    throw CommandError{fmt::format("{} cards: outs takes the {} cards a player holds before "
                                   "drawing (no discard)",
                                   hand.card_count(), rules.deal.hand_size),
                       std::nullopt};
  }
  const int players = players_of(options, rules);
  emit(TableOutsResult{rules, cards.tiplu, check_first_stage(hand, players, rules).stage,
                       find_end_outs(hand, cards.tiplu, players, rules)},
       options, env);
  return exit_ok;
}

int run_table_validate(const CommonOptions& options, const Rules& rules, const Environment& env) {
  const ReadCards cards = read_cards(options, rules, env);
  const int players = players_of(options, rules);
  const auto result = judge(rules, cards.tiplu, cards.read.hand, players);
  TableValidateResult shown = result;
  shown.changed = house_rules_that_changed(rules, [&](const Rules& with) {
    const auto other = judge(with, cards.tiplu, cards.read.hand, players);
    return std::make_pair(other.problems, other.maal.points);
  });
  emit(shown, options, env);
  return result.valid() ? exit_ok : exit_not_valid;
}

int run_table_score(const CommonOptions& options, const Rules& rules, const Environment& env,
                    std::optional<MaalState> state) {
  const ReadCards cards = read_cards(options, rules, env);
  const int players = players_of(options, rules);
  const TableHand& hand = cards.read.hand;
  const auto kept = static_cast<std::size_t>(rules.deal.hand_size);
  if (hand.kept().size() != kept) {
    throw CommandError{fmt::format("{} cards kept: a player keeps {} at the end of a deal (the "
                                   "player who ended writes the final discard after 'discard')",
                                   hand.kept().size(), kept),
                       std::nullopt};
  }
  // The state as the cards show it; one given must agree (a foul may be any cards).
  const StageCheck stage = check_first_stage(hand, players, rules);
  MaalState in = stage.stage != FirstStage::none ? MaalState::seen : MaalState::unseen;
  if (state) {
    const bool seen = *state == MaalState::seen || *state == MaalState::ended;
    if (seen && stage.stage == FirstStage::none) {
      throw CommandError{
          fmt::format("--state {}: the cards show no first stage ({}){}",
                      row_of(maal_state_rows, *state).id,
                      stage.faults.empty() ? stage_text(stage.stage, rules) : stage.faults.front(),
                      "; a player who has not seen is unseen, or foul"),
          std::nullopt};
    }
    if (*state == MaalState::unseen && stage.stage != FirstStage::none) {
      throw CommandError{fmt::format("--state unseen: the cards show a first stage ({}): the "
                                     "player has seen the tiplu",
                                     stage_text(stage.stage, rules)),
                         std::nullopt};
    }
    in = *state;
  }
  const MaalCount maal = count_maal(hand, cards.tiplu, rules);
  TableScoreResult result{
      rules, cards.tiplu, in, state.has_value(), maal, counted_maal(in, maal.points, rules), {}};
  result.changed = house_rules_that_changed(rules, [&](const Rules& with) {
    return counted_maal(in, count_maal(hand, cards.tiplu, with).points, with);
  });
  emit(result, options, env);
  return exit_ok;
}

int run_table_arrange(const CommonOptions& options, const Rules& rules, const Environment& env) {
  const ReadCards cards = read_cards(options, rules, env);
  const TableHand& hand = cards.read.hand;
  if (!is_end(hand, rules)) {
    throw CommandError{
        fmt::format("{} cards: arrange finds an end of {} cards kept (and the "
                    "discard: {} in all)",
                    hand.card_count(), rules.deal.hand_size, rules.deal.hand_size + 1),
        std::nullopt};
  }
  // The cards outside the shown groups, arranged whatever their written groups.
  TableHand loose = hand;
  std::vector<Card> rest;
  for (const auto& group : hand.hand) rest.insert(rest.end(), group.begin(), group.end());
  if (hand.discard) rest.push_back(*hand.discard);
  loose.hand = {rest};
  loose.hand_grouped = false;
  loose.discard.reset();
  const int players = players_of(options, rules);
  const EndCheck check = check_end(loose, cards.tiplu, players, rules);
  TableArrangeResult result{rules, cards.tiplu, hand, std::nullopt, {}, {}, check.faults};
  if (check.valid()) {
    result.split = ComboSplit{{}, check.discard};
    for (const EndGroup& group : check.groups) {
      result.groups.push_back(
          {group.cards, group.verdict, group.shown ? shown_part : hand_part, group.at_deal,
           explain_combo(group.verdict, group.cards, group.shown ? nullptr : &cards.tiplu, rules),
           true});
    }
  }
  // The maal kept: without the discard found, or the one written.
  const std::optional<Card> discard = result.split ? result.split->discard : hand.discard;
  result.maal = count_maal(discard ? with_discard(loose, *discard) : loose, cards.tiplu, rules);
  emit(result, options, env);
  return exit_ok;
}

}  // namespace rummy::cli
