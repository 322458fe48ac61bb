// Scoring: see scoring.hpp.
#include "scoring.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

namespace rummy {

std::string_view basis_id(ScoreBasis basis) {
  constexpr std::array<std::string_view, score_basis_count> ids = {
      "valid_declaration", "wrong_show",          "valid_after_declaration",
      "no_pure_sequence",  "pure_without_second", "two_sequences",
      "first_drop",        "middle_drop",         "deadwood",
      "cards_in_hand",     "points_given"};
  return ids[static_cast<int>(basis)];
}

namespace {

Score fixed(ScoreBasis basis, int points) {
  return Score{points, points, basis, {}};
}

// Adds up the cards of the groups that `counts` selects, and caps the total.
template <typename Counts>
Score counted_score(ScoreBasis basis, const Hand& hand, const DeclarationCheck& check,
                    const Rules& rules, Counts&& counts) {
  Score score;
  score.basis = basis;
  int total = 0;  // (apart from the Score, which the stores of cards may alias)
  for (std::size_t i = 0; i < hand.groups.size(); ++i) {
    if (!counts(check.groups[i].kind)) continue;
    const Group& group = hand.groups[i];
    // The group's cards in one copy, then their values (a push_back per card checked the
    // room for each).
    score.counted.append(group.data(), group.data() + group.size());
    for (const Card card : group) total += card_points(card, hand.wild, rules);
  }
  score.uncapped = total;
  score.points = std::min(total, rules.points_cap());
  return score;
}

}  // namespace

Score score_declaration(const DeclarationCheck& check, const Rules& rules) {
  return score_declaration_verdict(check.valid(), rules);
}

Score score_declaration_verdict(bool valid, const Rules& rules) {
  return valid ? fixed(ScoreBasis::valid_declaration, 0)
               : fixed(ScoreBasis::wrong_show, rules.declared().wrong_show_points);
}

Score score_shown_hand(const Hand& hand, const DeclarationCheck& check, const Rules& rules) {
  switch (rules.count.shown_count) {
    case ShownCount::deadwood:
      return score_deadwood(hand, check, rules);
    case ShownCount::every_card:
      return counted_score(ScoreBasis::cards_in_hand, hand, check, rules,
                           [](GroupKind) { return true; });
    case ShownCount::by_declaration:
      break;
  }
  if (check.valid()) {
    return fixed(ScoreBasis::valid_after_declaration,
                 rules.declared().valid_after_declaration_points);
  }
  const auto everything = [](GroupKind) { return true; };
  const auto outside_valid_groups = [](GroupKind kind) { return !is_valid_group(kind); };
  if (check.pure_sequences == 0) {
    return counted_score(ScoreBasis::no_pure_sequence, hand, check, rules, everything);
  }
  if (check.sequences < 2) {
    switch (rules.declared().pure_without_second) {
      case PureWithoutSecondCount::pure_exempt:
        return counted_score(ScoreBasis::pure_without_second, hand, check, rules,
                             [](GroupKind kind) { return kind != GroupKind::pure_sequence; });
      case PureWithoutSecondCount::all:
        return counted_score(ScoreBasis::pure_without_second, hand, check, rules, everything);
      case PureWithoutSecondCount::ungrouped:
        return counted_score(ScoreBasis::pure_without_second, hand, check, rules,
                             outside_valid_groups);
    }
  }
  return counted_score(ScoreBasis::two_sequences, hand, check, rules, outside_valid_groups);
}

Score score_deadwood(const Hand& hand, const DeclarationCheck& check, const Rules& rules) {
  return counted_score(ScoreBasis::deadwood, hand, check, rules,
                       [](GroupKind kind) { return !is_valid_group(kind); });
}

std::optional<Score> score_drop(Game game, Drop drop, const Rules& rules) {
  const DropPenalty& penalty = rules.drop_penalty(game);
  const std::optional<int> points = drop == Drop::first ? penalty.first : penalty.middle;
  if (!points) return std::nullopt;
  return fixed(drop == Drop::first ? ScoreBasis::first_drop : ScoreBasis::middle_drop, *points);
}

std::string describe(const Score& score, const Rules& rules, Game game) {
  switch (score.basis) {
    case ScoreBasis::valid_declaration:
      return "valid declaration: the winner pays nothing";
    case ScoreBasis::wrong_show:
      return fmt::format("wrong show: an invalid declaration pays {} whatever the cards",
                         rules.declared().wrong_show_points);
    case ScoreBasis::valid_after_declaration:
      return fmt::format("a valid hand shown after the winner's declaration pays {}",
                         rules.declared().valid_after_declaration_points);
    case ScoreBasis::no_pure_sequence:
      return "no pure sequence: every card counts";
    case ScoreBasis::pure_without_second: {
      const HouseRule& rule = *find_house_rule("pure-without-second");
      const HouseRuleValue& value = rule.values[rule.get(rules)];
      return fmt::format("a pure sequence but no second sequence: {} ({}={})", value.meaning,
                         rule.name, value.name);
    }
    case ScoreBasis::two_sequences:
      return "two sequences, one of them pure: only cards outside valid groups count";
    case ScoreBasis::first_drop:
      return fmt::format("first drop (before the first draw) in {}", game_description(game));
    case ScoreBasis::middle_drop:
      return fmt::format("middle drop (after the first draw) in {}", game_description(game));
    case ScoreBasis::deadwood:
      return "deadwood: the cards outside valid melds count";
    case ScoreBasis::cards_in_hand:
      return fmt::format("{}: every card left in the hand counts", rules.words.game);
    case ScoreBasis::points_given:
      return "the count written on the sheet, without the cards";
  }
  return "";
}

Score score_given(int points, const Rules& rules) {
  Score score;
  score.basis = ScoreBasis::points_given;
  score.uncapped = points;
  score.points = std::min(points, rules.points_cap());
  return score;
}

std::string no_drop_text(Game game) {
  return fmt::format("{} has no drop: a player may not leave a deal in it", game_description(game));
}

}  // namespace rummy
