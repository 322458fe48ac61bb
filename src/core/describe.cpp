// Every sentence about a settlement: see describe.hpp. The words that differ from one outcome,
// one way of moving a deal's points or one standing to another are rows of the tables below; a
// game adds a row, not a branch.
#include "describe.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <numeric>
#include <tuple>

#include <fmt/format.h>

namespace rummy {

namespace {

// ---- The tables of words ----------------------------------------------------------------------

// What a player's line says, and what the deal's note says of the player who ended the deal:
// columns of the outcome table (rules.hpp).
const OutcomeRow& words_of(Outcome outcome) {
  return row_of(outcome_rows, outcome);
}

// Where the losers pay the winner (Indian rummy), what the others' points do, by what a standing
// counts ({winner}: who won the deal).
struct LosersPayWords {
  Standing value;
  std::string_view text;
};
constexpr std::array<LosersPayWords, 4> losers_pay_words{{
    {Standing::money, "the others pay {winner} their points"},
    {Standing::total, "the others add their points to their totals"},
    {Standing::chips, "the others pay {winner} their points in chips"},
    {Standing::score, "the others' points count against them"},
}};
static_assert(in_enum_order(losers_pay_words), "one row per standing, in the enum's order");

// After who ended the deal, what it scores, by how the game moves a deal's points ({winner}: who
// won; empty: the game's own sentence, Knock's).
struct DealPointsWords {
  DealPoints value;
  std::string_view text;
};
constexpr std::array<DealPointsWords, 5> deal_points_words{{
    {DealPoints::losers_pay_winner, "; {losers_pay}"},
    {DealPoints::winner_scores_others, " and scores the cards left in the other hands"},
    {DealPoints::knock_differences, ""},
    {DealPoints::each_scores_own, "; each player scores the cards left in hand"},
    {DealPoints::gin_hand, ""},
}};
static_assert(in_enum_order(deal_points_words),
              "one row per way of moving a deal's points, in the enum's order");

// A hand of Gin by how it ended ({knocker}, {defender}, {k}: the knocker's deadwood, {d}: the
// defender's, {laid}: the layoffs, {winner}, {points}, {sum}: how the points add up).
struct GinResultWords {
  GinResult value;
  std::string_view text;
  std::string_view sum;  // {bonus}: the bonus of this result
};
constexpr std::array<GinResultWords, 5> gin_result_words{{
    {GinResult::knock,
     "{knocker} knocked with {k} deadwood; {defender}{laid} keeps {d}: {winner} scores {points}",
     "{d} − {k}"},
    {GinResult::gin,
     "{knocker} went gin; {defender} keeps {d}, no layoffs: {winner} scores {points}",
     "{d} + the gin bonus {bonus}"},
    {GinResult::big_gin,
     "{knocker} went big gin; {defender} keeps {d}, no layoffs: {winner} scores {points}",
     "{d} + the big-gin bonus {bonus}"},
    {GinResult::undercut,
     "{knocker} knocked with {k} deadwood; {defender}{laid} keeps {d}, undercutting: {winner} "
     "scores {points}",
     "{k} − {d} + the undercut bonus {bonus}"},
    {GinResult::no_score,
     "{knocker} knocked with {k} deadwood; {defender}{laid} keeps {d}: a tie that scores nothing "
     "(undercut-tie=nothing)",
     ""},
}};
static_assert(in_enum_order(gin_result_words), "one row per result of a hand, in the enum's order");

// A standing's line label, where it differs from the standing's id (a score's line is "total").
constexpr std::array<std::string_view, 4> standing_labels = {"net", "total", "chips", "total"};

// What a shown hand's points count, by how the game counts it.
constexpr std::array<std::string_view, 3> shown_count_labels = {"points", "deadwood", "in hand"};

constexpr std::array<std::string_view, 2> setting_ids = {"point", "fee"};

// The fractions with a sign of their own; any other is written "7/12".
constexpr std::array<std::tuple<int, int, std::string_view>, 12> fraction_glyphs{{{1, 2, "½"},
                                                                                  {1, 3, "⅓"},
                                                                                  {2, 3, "⅔"},
                                                                                  {1, 4, "¼"},
                                                                                  {3, 4, "¾"},
                                                                                  {1, 5, "⅕"},
                                                                                  {2, 5, "⅖"},
                                                                                  {3, 5, "⅗"},
                                                                                  {4, 5, "⅘"},
                                                                                  {1, 6, "⅙"},
                                                                                  {5, 6, "⅚"},
                                                                                  {1, 10, "⅒"}}};

std::string plural(std::string_view word, long long count) {
  return std::string(word) + (count == 1 ? "" : "s");
}

// The entry of the deal's (first) winner.
const EntryResult* winning_entry(const DealResult& deal) {
  if (deal.winners.empty()) return nullptr;
  for (const EntryResult& entry : deal.entries) {
    if (entry.player == deal.winners.front()) return &entry;
  }
  return nullptr;
}

std::string fee_text(const Settlement& s, const Fee& fee) {
  return fee.percent ? fee.text() : money(s, fee.fixed);
}

}  // namespace

// ---- Amounts, scores and names ----------------------------------------------------------------

std::string money(const Settlement& s, Minor amount) {
  return (amount < 0 ? "-" : "") + s.currency + format_amount(amount < 0 ? -amount : amount);
}

std::string signed_money(const Settlement& s, Minor amount) {
  std::string text(amount > 0 ? "+" : "");
  text += money(s, amount);
  return text;
}

std::string score_text(const Settlement& s, long long parts, bool signed_) {
  const long long per = s.score_parts;
  const long long whole = std::llabs(parts) / per;
  const long long rest = std::llabs(parts) % per;
  std::string text = parts < 0 ? "-" : signed_ ? "+" : "";
  if (whole != 0 || rest == 0) text += std::to_string(whole);
  if (rest == 0) return text;
  const long long common = std::gcd(rest, per);
  const long long num = rest / common;
  const long long den = per / common;
  for (const auto& [n, d, glyph] : fraction_glyphs) {
    if (n == num && d == den) return text + std::string(glyph);
  }
  return text + (whole != 0 ? " " : "") + fmt::format("{}/{}", num, den);
}

std::string standing_text(const Settlement& s, long long value) {
  return s.rules.match.standing == Standing::money ? signed_money(s, value) : score_text(s, value);
}

std::string_view standing_label(Standing standing) {
  return standing_labels[static_cast<std::size_t>(standing)];
}

std::string names_text(const Settlement& s, const std::vector<std::size_t>& players,
                       std::string_view separator) {
  std::string text;
  for (const std::size_t i : players) {
    if (!text.empty()) text += separator;
    text += s.players[i].name;
  }
  return text;
}

// ---- The game --------------------------------------------------------------------------------

std::string sheet_header(const Settlement& s) {
  const Match& match = s.rules.match;
  std::string text(match.keeps_money && s.rules.has_formats() ? game_description(s.game)
                                                              : s.rules.words.game);
  if (s.target > 0) {
    text += fmt::format(" to {}", s.target);
  } else if (s.deals_to_play > 0) {
    text += fmt::format(" {} {} {}", match.keeps_money ? "of" : "over", s.deals_to_play,
                        plural(match.deal_word, s.deals_to_play));
  }
  if (s.point_value) text += fmt::format(": {} a point", money(s, *s.point_value));
  if (s.entry) text += fmt::format(": entry {}", money(s, *s.entry));
  // (A deal settled by maal takes no fee: its winners are paid by every other player.)
  if ((s.point_value || s.entry) && match.keeps_money &&
      match.deal_points != DealPoints::maal_exchange) {
    text += fmt::format(", fee {}", fee_text(s, s.fee));
  }
  std::string names;
  for (const PlayerResult& player : s.players) names += (names.empty() ? "" : " ") + player.name;
  return text + "; players " + names;
}

// ---- A deal -----------------------------------------------------------------------------------

std::string deal_title(const Settlement& s, const DealResult& deal) {
  // A lone deal has no number, but a round of Crazy Rummy has (its contract).
  const bool numbered = !s.lone || deal.contract;
  return fmt::format("{}{}{}{}", numbered ? "" : "the ", s.rules.match.deal_word,
                     numbered ? fmt::format(" {}", deal.number) : std::string(),
                     deal.extra ? " (to break the tie)" : "");
}

namespace {

// A hand of Gin: who knocked with what, the layoffs, who scores and how it adds up.
std::string describe_gin_hand(const Settlement& s, const DealResult& deal) {
  const GinHandScore& score = *deal.gin;
  const GinScoring& gin = s.rules.gin;
  const bool knocker_first = has_outcome(s.rules.match.ends_deal, deal.entries[0].outcome);
  const std::string& k_name = s.players[deal.entries[knocker_first ? 0 : 1].player].name;
  const std::string& d_name = s.players[deal.entries[knocker_first ? 1 : 0].player].name;
  const GinResultWords& words = row_of(gin_result_words, score.result);
  const int bonus = score.result == GinResult::gin        ? gin.gin_bonus()
                    : score.result == GinResult::big_gin  ? gin.big_gin_bonus
                    : score.result == GinResult::undercut ? gin.undercut_bonus()
                                                          : 0;
  std::string sum = fmt::format(fmt::runtime(words.sum), fmt::arg("k", score.knocker_points),
                                fmt::arg("d", score.defender_points), fmt::arg("bonus", bonus));
  if (score.doubled && !sum.empty()) sum = fmt::format("({}) × 2, the spade upcard", sum);
  const std::string laid = score.laid_off.empty()
                               ? std::string()
                               : fmt::format(" lays off {} and", cards_text(score.laid_off));
  std::string text;
  if (deal.upcard) {
    text += fmt::format("upcard {}, knock limit {}: ", to_string(*deal.upcard), score.limit);
  }
  text += fmt::format(
      fmt::runtime(words.text), fmt::arg("knocker", k_name), fmt::arg("defender", d_name),
      fmt::arg("k", score.knocker_points), fmt::arg("d", score.defender_points),
      fmt::arg("laid", laid),
      fmt::arg("winner", deal.winners.empty() ? std::string() : names_text(s, deal.winners)),
      fmt::arg("points", score.points));
  if (!sum.empty()) text += fmt::format(" ({})", sum);
  // 11 cards shown: the discard the knock was judged after (named, or chosen: §8.4).
  if (score.discard) text += fmt::format("; {} discards {}", k_name, to_string(*score.discard));
  if (deal.written_as) {
    text += fmt::format("; written '{}': {}", outcome_id(*deal.written_as),
                        score.result == GinResult::gin
                            ? std::string("a knock with deadwood 0 is gin")
                            : fmt::format("{} cards all melded are big gin (big-gin=on)",
                                          s.rules.deal.hand_size + 1));
  }
  return text;
}

// A deal settled by maal (Marriage): the tiplu and what it makes, who ended it and how, and the
// maal at the table; a deal nobody ended is void.
std::string describe_maal_deal(const Settlement& s, const DealResult& deal) {
  std::string text = deal.tiplu ? Tiplu(*deal.tiplu).text(s.rules)
                                : std::string("the tiplu not written (the maal given as numbers)");
  if (deal.maal_void) {
    return text + "; nobody ended the deal: void, no maal exchanged and no game points";
  }
  const EntryResult* ender = nullptr;
  for (const EntryResult& entry : deal.entries) {
    if (entry.maal && entry.maal->state == MaalState::ended) ender = &entry;
  }
  if (ender == nullptr) return text;
  return text + fmt::format("; {} ended the deal{}; maal at the table {}",
                            s.players[ender->player].name,
                            ender->maal->route == FirstStage::dublees ? " by dublees" : "",
                            deal.maal_total);
}

}  // namespace

std::string describe_deal(const Settlement& s, const DealResult& deal) {
  if (deal.voided) return "counted for nothing; played again";
  if (deal.maal_settled) return describe_maal_deal(s, deal);
  if (deal.scoreless) {
    return fmt::format("{}: no score, and nobody wins it", deal_line_row(*deal.scoreless).words);
  }
  if (deal.gin) return describe_gin_hand(s, deal);
  if (deal.contract) {
    return fmt::format("{} cards dealt, {} to go down", deal.contract->cards,
                       contract_text(deal.contract->books, deal.contract->runs));
  }
  if (deal.knock) {
    std::vector<std::string> names;
    for (const EntryResult& entry : deal.entries) names.push_back(s.players[entry.player].name);
    return describe_knock(*deal.knock, s.rules, names);
  }
  const EntryResult* winner = winning_entry(deal);
  if (!winner) return "";
  const std::string who = names_text(s, deal.winners);
  const std::string_view after = row_of(deal_points_words, s.rules.match.deal_points).text;
  const std::string_view losers_pay = row_of(losers_pay_words, s.rules.match.standing).text;
  return fmt::format("{} {}", who, words_of(winner->outcome).ended) +
         fmt::format(fmt::runtime(after),
                     fmt::arg("losers_pay",
                              fmt::format(fmt::runtime(losers_pay), fmt::arg("winner", who)))) +
         (deal.doubled ? ", doubled" : "");
}

std::string describe_outcome(const EntryResult& entry) {
  const OutcomeRow& words = words_of(entry.outcome);
  const std::string_view line =
      entry.valid_hand && !words.line_valid.empty() ? words.line_valid : words.line;
  if (words.names_drop()) return fmt::format("{} ({})", line, drop_name(entry.drop));
  return std::string(line);
}

std::string_view shown_count_label(ShownCount count) {
  return shown_count_labels[static_cast<std::size_t>(count)];
}

std::string cap_note(int uncapped, int points) {
  return fmt::format("{} points pay {}, the {}-point cap", uncapped, points, points);
}

std::string describe_cap(const Settlement& s, const EntryResult& entry) {
  if (!entry.score || entry.score->uncapped <= entry.score->points) return "";
  return fmt::format("{}'s {}", s.players[entry.player].name,
                     cap_note(entry.score->uncapped, entry.score->points));
}

std::string describe_wrong_show(const Settlement& s, const EntryResult& entry) {
  return s.players[entry.player].name + "'s wrong show:";
}

std::vector<std::string> describe_problems(const Rules& rules, const EntryResult& entry) {
  std::vector<std::string> problems;
  if (!entry.wrong_show) return problems;
  const auto& [hand, check] = *entry.wrong_show;
  for (const Problem& problem : check.problems) {
    problems.push_back(explain(problem, check, hand, rules));
  }
  return problems;
}

std::string describe_arranged(const Settlement& s, const std::vector<std::size_t>& players) {
  return "written without groups, judged by the best grouping: " + names_text(s, players, ", ");
}

std::string describe_cash(const Settlement& s, const DealResult& deal) {
  if (!deal.cash) return "";
  std::string paid;
  std::size_t k = 0;
  for (const EntryResult& entry : deal.entries) {
    if (entry.player == deal.winners.front()) continue;
    paid += fmt::format("{}{} {}", paid.empty() ? "" : ", ", s.players[entry.player].name,
                        money(s, deal.cash->paid[k++]));
  }
  return fmt::format("pay: {}; {} receives {} ({} less the fee {})", paid,
                     names_text(s, deal.winners), money(s, deal.cash->net),
                     money(s, deal.cash->gross), money(s, deal.cash->fee));
}

std::string describe_out(const Settlement& s, const DealResult& deal) {
  if (deal.out.empty()) return "";
  return "out: " + names_text(s, deal.out, ", ");
}

std::string describe_knock(const KnockRound& round, const Rules& rules,
                           std::span<const std::string> names) {
  const auto name = [&](std::size_t i) {
    return i < names.size() ? names[i] : fmt::format("player {}", i + 1);
  };
  std::string winners;
  for (const std::size_t w : round.winners) {
    winners += (winners.empty() ? "" : " and ") + name(w);
  }
  return fmt::format(
      "{} win{} with {} deadwood{}{}{}", winners, round.winners.size() == 1 ? "s" : "",
      round.lowest,
      round.rummy ? fmt::format(" (rummy: {} more from each player)", rules.match.knock_rummy_bonus)
                  : "",
      round.undercut ? fmt::format(", undercutting the knocker ({} more from {})",
                                   rules.match.knock_undercut_bonus, name(round.knocker))
                     : "",
      round.knocker_tied ? "; the knocker tied and neither gains nor loses" : "");
}

// ---- Between deals, and the game --------------------------------------------------------------

std::string_view setting_id(SettingKind setting) {
  return setting_ids[static_cast<std::size_t>(setting)];
}

std::string setting_value_text(const SettleEvent& event) {
  if (event.setting == SettingKind::point) return format_amount(event.value);
  return event.fee.percent ? event.fee.text() : format_amount(event.fee.fixed);
}

std::string describe_event(const Settlement& s, const SettleEvent& event) {
  switch (event.type) {
    case EventType::rejoin:
      return fmt::format("{} rejoins at {} (the highest total + 1), paying the entry again",
                         names_text(s, event.players), event.value);
    case EventType::tie:
      return fmt::format("{} are tied at {}{}: one more {} decides", names_text(s, event.players),
                         score_text(s, event.value),
                         s.rules.match.standing == Standing::chips ? " chips" : "",
                         s.rules.match.deal_word);
    case EventType::setting:
      return fmt::format("from {} {} on: {}", s.rules.match.deal_word, event.after_deal + 1,
                         event.setting == SettingKind::point
                             ? s.currency + setting_value_text(event) + " a point"
                             : "fee " + setting_value_text(event));
    case EventType::split:
      break;
  }
  return fmt::format("{} split the pool {}", names_text(s, event.players, ", "),
                     event.by_drops ? "by drops" : "equally");
}

std::string describe_result(const Settlement& s) {
  const Match& match = s.rules.match;
  const std::string who = names_text(s, s.winners);
  switch (s.ending) {
    case Ending::not_finished: {
      if (s.target > 0) return fmt::format("not finished: nobody has reached {} yet", s.target);
      const auto played = static_cast<int>(deals_played(s));
      if (played < s.deals_to_play) {
        return fmt::format("not finished: {} of {} {} played", played, s.deals_to_play,
                           plural(match.deal_word, s.deals_to_play));
      }
      return "not finished: no winner yet";
    }
    case Ending::settled:
      return fmt::format("{} {} settled", deals_played(s),
                         plural(match.deal_word, static_cast<long long>(deals_played(s))));
    case Ending::last_standing:
      return fmt::format("{} is the last player in the pool", who);
    case Ending::split:
      return fmt::format("{} split the pool {}", names_text(s, s.winners, ", "),
                         s.split_by_drops ? "by drops" : "equally");
    case Ending::target:
    case Ending::best:
      break;
  }
  if (s.winners.size() > 1)
    return fmt::format("{} share the win, {} each", who, score_text(s, s.winning_standing));
  if (match.standing == Standing::chips) {
    return fmt::format("{} has the most chips, {}", who, score_text(s, s.winning_standing));
  }
  if (s.ending == Ending::target && s.gin_game) {
    const GinGame& game = *s.gin_game;
    const std::size_t w = *game.winner;
    return fmt::format("{} wins by reaching {}: {} to {}, a margin of {}{}", who, s.target,
                       game.totals[w], game.totals[1 - w], game.margin,
                       game.shutout ? " (a shutout)" : "");
  }
  if (s.ending == Ending::target) {
    return fmt::format("{} wins by reaching {}, {}", who, s.target,
                       score_text(s, s.winning_standing));
  }
  if (match.best == Best::lowest) {
    return fmt::format("{} wins with the lowest total after {} {}, {}", who, match.deal_word,
                       s.deals_to_play, score_text(s, s.winning_standing));
  }
  return fmt::format("{} wins with the highest total, {}", who, score_text(s, s.winning_standing));
}

std::string describe_drops(const Settlement& s, const PlayerResult& player) {
  if (!s.rules.match.pool) return "";
  if (player.out) return ", out";
  return fmt::format(", {} {} left", player.drops_left, plural("drop", player.drops_left));
}

// ---- Money ------------------------------------------------------------------------------------

std::string describe_money_balance(const Settlement& s, Minor paid, Minor received) {
  if (!s.rules.match.keeps_money) {
    return fmt::format("paid {} = received {}", money(s, paid), money(s, received));
  }
  std::string text = fmt::format("fee {}; paid {} = received {} + fee {}", money(s, s.fee_taken),
                                 money(s, paid), money(s, received), money(s, s.fee_taken));
  if (s.held > 0) text += fmt::format(" + still in the pool {}", money(s, s.held));
  return text;
}

std::string describe_transfer(const std::vector<std::string>& names, const Transfer& transfer,
                              std::string_view currency) {
  const std::string to = transfer.to < names.size()    ? names[transfer.to]
                         : transfer.to == names.size() ? "the fee"
                                                       : "the pool (held)";
  return fmt::format("{} pays {} {}{}", names[transfer.from], to, currency,
                     format_amount(transfer.amount));
}

std::string describe_points_cash(std::string_view currency, Minor value,
                                 std::span<const int> counted, const Fee& fee,
                                 const PointsCash& cash) {
  const auto amount = [&](Minor figure) { return std::string(currency) + format_amount(figure); };
  int total = 0;
  std::string sum;
  for (const int points : counted) {
    total += points;
    sum += (sum.empty() ? "" : " + ") + std::to_string(points);
  }
  std::string paid;
  for (const Minor each : cash.paid) paid += (paid.empty() ? "" : ", ") + amount(each);
  return fmt::format(
      "gross: {} a point × ({} = {} points) = {}\nfee {}: {}\nthe winner receives {}; the losers "
      "pay {}",
      amount(value), sum, total, amount(cash.gross), fee.text(), amount(cash.fee), amount(cash.net),
      paid);
}

std::string describe_prize_cash(std::string_view currency, Minor entry, int players, const Fee& fee,
                                const PrizeCash& cash) {
  const auto amount = [&](Minor figure) { return std::string(currency) + format_amount(figure); };
  return fmt::format("pool: {} entry × {} players = {}\nfee {}: {}\nprize: {}", amount(entry),
                     players, amount(cash.pool), fee.text(), amount(cash.fee), amount(cash.prize));
}

// ---- The paper grid ---------------------------------------------------------------------------

std::string grid_title(const Settlement& s) {
  return fmt::format("the sheet ({} after each {})", standing_label(s.rules.match.standing),
                     s.rules.match.deal_word);
}

std::string grid_deal_label(const Settlement& s, const DealResult& deal) {
  std::string label = fmt::format("{} {}", s.rules.match.deal_word, deal.number);
  if (deal.voided) label += " void";
  if (deal.scoreless) label += fmt::format(" {}", deal_line_row(*deal.scoreless).id);
  return label;
}

std::vector<std::string> describe_final_totals(const Settlement& s) {
  std::vector<std::string> lines;
  if (!s.gin_game || !s.gin_game->over) return lines;
  const GinGame& game = *s.gin_game;
  const GinScoring& gin = s.rules.gin;
  const std::size_t w = *game.winner;
  const Shutout shutout = game.shutout ? gin.shutout() : Shutout::none;
  for (std::size_t p = 0; p < 2; ++p) {
    const int points = game.hand_points[p];
    std::string sum = p == w && shutout == Shutout::hand_points
                          ? fmt::format("{} × 2 (shutout)", points)
                          : std::to_string(points);
    if (p == w) {
      const int bonus = shutout == Shutout::flat ? 2 * gin.game_bonus : gin.game_bonus;
      sum += fmt::format(" + {} (game{})", bonus, shutout == Shutout::flat ? ", shutout" : "");
    }
    if (game.boxes[p] > 0) {
      sum += fmt::format(" + {} ({} {})", game.boxes[p] * gin.box_bonus(), game.boxes[p],
                         game.boxes[p] == 1 ? "box" : "boxes");
    }
    if (p == w && shutout == Shutout::doubled) sum = fmt::format("({}) × 2 (shutout)", sum);
    const std::string total = std::to_string(game.totals[p]);
    lines.push_back(sum == total ? total : fmt::format("{} = {}", sum, total));
  }
  return lines;
}

}  // namespace rummy
