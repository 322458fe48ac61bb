// What a game offers, derived from its Rules (game_options.hpp).
#include "game_options.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "advise.hpp"
#include "games.hpp"

namespace rummy {

namespace {

// What a player's line takes after an outcome's words, for people and the page: the sheet's own
// outcome table (outcome_rows) says what follows the words; a drop's kind makes two lines.
LineTakes takes_of(OutcomeFollows follows, bool hands_only) {
  switch (follows) {
    case OutcomeFollows::hand_if_written:
      return LineTakes::hand;
    case OutcomeFollows::hand:
      return LineTakes::hand_needed;
    case OutcomeFollows::hand_or_count:
      return hands_only ? LineTakes::hand_needed : LineTakes::hand_or_points;
    case OutcomeFollows::table_hand:
      return LineTakes::table_hand;
    case OutcomeFollows::drop_kind:
    case OutcomeFollows::nothing:
      break;
  }
  return LineTakes::nothing;
}

}  // namespace

GameOptions options_of(const Rules& rules) {
  GameOptions options;
  options.wild_rank = rules.deck.deal_has_wild_rank;
  options.packs = rules.deck.decks;
  // A one-pack game with more packs would let a hand hold a card twice.
  // A one-pack game with more packs would let a hand hold a card twice; a game dealt with a tiplu
  // counts the tiplu's copies in its own packs: both are played with their own packs only.
  options.most_packs = rules.deck.decks == 1 || rules.has_tiplu() ? 1 : most_packs;
  options.rounds = static_cast<int>(rules.deal.rounds.size());
  options.formats = rules.has_formats();
  options.drops = rules.has_drops();
  options.declared = rules.declares();
  options.going_rummy = rules.match.rummy_multiplier != 1;
  options.layoffs = rules.melds.lays_off;
  options.outs = rules.declares() || rules.has_tiplu();
  options.tiplu = rules.has_tiplu();
  options.advise = !advise_game_refusal(rules).has_value();
  options.hand_size = rules.fixed_deal_size().value_or(0);
  return options;
}

std::string_view line_takes_id(LineTakes takes) {
  constexpr std::array<std::string_view, 6> ids = {"nothing", "hand",        "hand_or_points",
                                                   "points",  "hand_needed", "table_hand"};
  return ids[static_cast<std::size_t>(takes)];
}

std::vector<PlayerLine> player_lines(const Rules& rules) {
  const Match& match = rules.match;
  std::vector<PlayerLine> lines;
  for (const OutcomeRow& row : outcome_rows) {
    if (!has_outcome(match.outcomes, row.value)) continue;
    const bool ends = has_outcome(match.ends_deal, row.value);
    const std::string words(row.id);
    if (row.follows == OutcomeFollows::drop_kind) {
      for (const Drop drop : all_drops) {
        const std::string dropped = words + " " + std::string(drop_name(drop));
        lines.push_back({row.value, dropped, {}, LineTakes::nothing, ends});
        lines.back().meaning = drop == Drop::first ? "dropped first" : "dropped middle";
      }
      continue;
    }
    lines.push_back(
        {row.value, words, row.meaning, takes_of(row.follows, match.hands_only), ends, row.needs});
    // A loser's count alone, without the cards: 'Ravi 45'.
    if (row.follows == OutcomeFollows::hand_or_count && !ends && !match.hands_only) {
      lines.push_back({row.value, "", "points only", LineTakes::points, ends});
    }
  }
  return lines;
}

std::string player_lines_text(const Rules& rules) {
  std::vector<PlayerLine> offered = player_lines(rules);
  // The lines that end a deal first.
  std::stable_partition(offered.begin(), offered.end(),
                        [](const PlayerLine& line) { return line.ends_deal; });
  std::vector<std::string> lines;
  for (const PlayerLine& line : offered) {
    const std::string_view takes = line.takes == LineTakes::hand             ? " [HAND]"
                                   : line.takes == LineTakes::hand_or_points ? " HAND|POINTS"
                                   : line.takes == LineTakes::hand_needed    ? " HAND"
                                   : line.takes == LineTakes::table_hand     ? " CARDS|MAAL"
                                                                             : "";
    const std::string ends = line.ends_deal ? "ends it" : "";
    const std::string needs = line.needs.empty() ? "" : fmt::format("with {}", line.needs);
    const std::string note =
        ends.empty() && needs.empty()
            ? ""
            : fmt::format(" ({}{}{})", ends, ends.empty() || needs.empty() ? "" : ", ", needs);
    lines.push_back(fmt::format("'{}{}'{}", line.words.empty() ? std::string("POINTS") : line.words,
                                takes, note));
  }
  const std::vector<std::string_view> words(lines.begin(), lines.end());
  return spoken_names(words, " or ");
}

std::string_view sheet_game_name(const Rules& rules) {
  return game_id(rules.format, rules);
}

std::vector<SheetOption> sheet_settings(const Rules& rules) {
  const Match& match = rules.match;
  std::vector<SheetOption> settings;
  const std::string plural = std::string(match.deal_word) + "s";
  if (match.deals_required) {
    // 'game knock rounds 5'; 'game deals 3', whose name already says it.
    const std::string keyword = plural == sheet_game_name(rules) ? "" : plural;
    settings.push_back({plural, plural, keyword, true, true, "count", std::nullopt});
  } else if (match.default_target > 0) {
    settings.push_back(
        {"target", "target", "target", true, false, "count", std::to_string(match.default_target)});
  }
  if (match.needs_point_value) {
    settings.push_back({"point", "point value", "point", false, true, "amount", std::nullopt});
  }
  if (match.needs_entry) {
    settings.push_back({"entry", "entry", "entry", false, true, "amount", std::nullopt});
  }
  if (match.point_for_margin) {
    // Optional: the money of the margin at the end.
    settings.push_back({"point", "point value", "point", false, false, "amount", std::nullopt});
  }
  // (A deal settled by maal takes no fee: its winners are paid by every other player.)
  if (match.keeps_money && match.deal_points != DealPoints::maal_exchange) {
    settings.push_back({"fee", "fee", "fee", false, false, "fee", "0"});
  }
  if (match.keeps_money || match.point_for_margin) {
    settings.push_back({"currency", "currency", "currency", false, false, "text", std::nullopt});
  }
  return settings;
}

std::vector<DealSetting> deal_settings(const Rules& rules) {
  std::vector<DealSetting> settings;
  if (rules.deck.deal_has_wild_rank) {
    settings.push_back({"wild", "wild joker of the deal", "wild", true, "7♦", "rank", false, ""});
  }
  for (const DealLineRow& row : deal_line_rows()) {
    if (!has_deal_line(rules.match.deal_lines, row.value)) continue;
    settings.push_back({std::string(row.id), std::string(row.words), std::string(row.id), false,
                        std::string(row.example),
                        row.takes == DealLineTakes::card ? "card" : "nothing", row.without_players,
                        std::string(row.needs)});
  }
  return settings;
}

}  // namespace rummy
