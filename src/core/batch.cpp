// Batch lines: see batch.hpp.
#include "batch.hpp"

#include <array>

#include <fmt/format.h>

#include "cards_away.hpp"
#include "games.hpp"
#include "tiplu.hpp"

namespace rummy {

std::string_view verdict_id(Verdict verdict) {
  constexpr std::array<std::string_view, 4> ids = {"valid", "invalid", "drop", "error"};
  return ids[static_cast<int>(verdict)];
}

namespace {
// holds_no_hand past the first character beyond ASCII: Unicode spaces and invisible marks are
// blanks here as in a hand (rules §1.7).
bool holds_no_hand_beyond_ascii(std::string_view line) {
  for (std::size_t i = 0; i < line.size();) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
      continue;
    }
    const Decoded decoded = decode_utf8(line, i);
    const ReadAs read = read_as(decoded.code_point);
    if (read != ReadAs::space && read != ReadAs::nothing) return c == '#';
    i += decoded.length;
  }
  return true;
}
}  // namespace

bool holds_no_hand(std::string_view line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r') continue;
    if (static_cast<unsigned char>(c) >= 0x80) return holds_no_hand_beyond_ascii(line.substr(i));
    return c == '#';
  }
  return true;
}

namespace {

// A line's settings may neither repeat nor contradict each other: one wild rank, one game, one
// drop, 'declared' or 'shown', and a drop is no declaration. The error stands at the second.
void check_settings(const LineSettings& settings, std::string_view line, std::string_view source) {
  const auto& written = settings.written;
  for (std::size_t i = 0; i < written.size(); ++i) {
    for (std::size_t k = 0; k < i; ++k) {
      // Plain names, not structured bindings: lambdas below capture them (Clang 14).
      const std::string_view name = written[i].first, earlier = written[k].first;
      const std::size_t offset = written[i].second, earlier_offset = written[k].second;
      const auto pair = [&](std::string_view a, std::string_view b) {
        return (name == a && earlier == b) || (name == b && earlier == a);
      };
      std::string problem;
      if (name == earlier && name == "wild") {
        problem = "a second wild rank: a deal has one";
      } else if (name == earlier) {
        problem = fmt::format("'{}' is given twice", name);
      } else if (pair("declared", "shown")) {
        problem = "'declared' and 'shown' contradict each other";
      } else if (pair("declared", "drop")) {
        problem = "a drop is no declaration: give 'declared' or a drop, not both";
      } else {
        continue;
      }
      throw input_error(
          source, line, offset,
          fmt::format("{} (the other at column {})", problem, locate(line, earlier_offset).column));
    }
  }
}

// game= naming another game than the batch's: a batch has one game.
void refuse_other_game(const LineSettings& settings, std::string_view line, std::string_view source,
                       const Rules& rules) {
  if (!settings.variant || variant_name(*settings.variant) == rules.id) return;
  throw input_error(source, line, settings.game_offset,
                    fmt::format("this line is a hand of {}, but the batch plays {}: a batch has "
                                "one game, its --variant (a batch of its own: --variant {})",
                                variant_description(*settings.variant), rules.words.game,
                                variant_name(*settings.variant)));
}

std::string tiplu_games() {
  return games_where([](const Rules& r) { return r.has_tiplu(); });
}

// The memory of a line's hand as written and as read, handed on to the next line of the thread:
// a batch reads millions of lines, and making each hand's vectors anew was a fifth of the work
// (malloc and free: about 8 blocks a line). (A line's check needs no room: its verdicts are kept
// in place.) A hand that a game arranges (one written without groups) is a new hand, and its
// room is not handed on. The room of a line of more than `most_cards` cards is let go when the
// next line begins, not kept by the thread for good.
// The hand is read and resolved in place (parse_batch_line_into, resolve_hand_in_place): a
// WrittenHand keeps a hand's cards in place, and each move of it copies them.
struct LineRoom {
  ReadHand read;
  LineSettings settings;

  static constexpr std::size_t most_cards = 1024;
  void keep_within_bounds() {
    if (read.written.cards.capacity() > most_cards) *this = LineRoom{};
  }
};

BatchRecord score_line(std::string_view line, std::string_view source,
                       const BatchDefaults& defaults, const Rules& rules) {
  thread_local LineRoom room;
  // (Here, not only after a line judged: a line that throws keeps its room, and a line of more
  // than `most_cards` cards always throws, the decks holding fewer.)
  room.keep_within_bounds();
  LineSettings& settings = room.settings;
  const bool has_hand = parse_batch_line_into(line, source, settings, room.read.written);
  check_settings(settings, line, source);
  if (settings.tiplu || settings.state) {
    const bool tiplu =
        settings.tiplu && (!settings.state || settings.tiplu_offset < settings.state_offset);
    throw input_error(source, line, tiplu ? settings.tiplu_offset : settings.state_offset,
                      fmt::format("{}= is for {} (dealt with a tiplu); {} is not",
                                  tiplu ? "tiplu" : "state", tiplu_games(), rules.words.game));
  }
  BatchRecord record;
  record.game = settings.game.value_or(defaults.game);
  record.declared = settings.declared.value_or(defaults.declared);

  const bool declares = rules.declares();
  if ((settings.drop && !rules.has_drops()) || (settings.declared.value_or(false) && !declares)) {
    throw input_error(
        source, line, settings.drop ? settings.drop_offset : settings.declared_offset,
        fmt::format("{} is for {}, not {}", settings.drop ? "a drop" : "'declared'",
                    settings.drop ? games_where([](const Rules& r) { return r.has_drops(); })
                                  : games_where([](const Rules& r) { return r.declares(); }),
                    rules.words.game));
  }
  refuse_other_game(settings, line, source, rules);
  if (settings.game && !rules.has_formats()) {
    std::string games;
    for (const Game game : all_games) {
      games += games.empty() ? "" : ", ";
      games += game_name(game);
    }
    throw input_error(source, line, settings.game_offset,
                      fmt::format("game= names a format of {} ({}); {} has none",
                                  games_where([](const Rules& r) { return r.has_formats(); }),
                                  games, rules.words.game));
  }
  if (settings.wild && !rules.deck.deal_has_wild_rank) {
    throw input_error(
        source, line, settings.wild_offset,
        fmt::format("wild= is for {}: {} has no wild rank to choose",
                    games_where([](const Rules& r) { return r.deck.deal_has_wild_rank; }),
                    rules.words.game));
  }
  if (settings.drop) {
    if (has_hand) {
      throw input_error(source, line, settings.drop_offset,
                        "a drop takes no hand: give the drop or the hand, not both");
    }
    const std::optional<Score> score = score_drop(record.game, *settings.drop, rules);
    if (!score) {
      throw input_error(source, line, settings.drop_offset, no_drop_text(record.game));
    }
    record.verdict = Verdict::drop;
    record.score = *score;
    return record;
  }
  if (!has_hand) {
    throw input_error(source, line, line.size(),
                      "no hand: expected cards such as A♠-2♠-3♠ | …, or a drop setting");
  }
  ReadOptions options;
  options.wild = settings.wild ? settings.wild : defaults.wild;
  if (settings.wild) options.wild_origin = "the line's [wild=…]";
  // Where hands are declared, a drawn hand (one card more) is judged after its discard, as
  // validate and score judge it; in games of any size, a hand holds at most what the game deals.
  options.size = !rules.deal.exact_hand_size
                     ? (defaults.arrange ? ReadOptions::Size::any : ReadOptions::Size::dealt)
                 : defaults.arrange || rules.declares() ? ReadOptions::Size::shown_or_drawn
                                                        : ReadOptions::Size::shown;
  ReadHand& read = room.read;
  resolve_hand_in_place(read, line, source, rules, options);
  record.wild = read.hand.wild;
  if (defaults.arrange) {
    if (const auto refusal = arrange_refusal(read.hand.card_count(), rules, "--arrange")) {
      throw input_error(source, line, read.written.end_offset, *refusal);
    }
    const std::vector<Card> cards = read.hand.cards();
    record.arrangement = arrange(cards, read.hand.wild, rules, Detail::kind_only);
    if (defaults.cards_away) record.cards_away = cards_away(cards, read.hand.wild, rules);
    record.grouping = Grouping::arranged;
    record.score = record.arrangement->score;
    record.verdict = record.arrangement->valid() ? Verdict::valid : Verdict::invalid;
    return record;
  }
  JudgedHand judged = judge_hand(std::move(read.hand), read.written.grouped, rules,
                                 /*look_for_declaration=*/false, Detail::kind_only);
  const DeclarationCheck& check = judged.check;
  record.verdict = check.valid() ? Verdict::valid : Verdict::invalid;
  record.score = record.declared ? score_declaration(check, rules)
                                 : score_shown_hand(judged.hand, check, rules);
  record.grouping = judged.grouping;
  if (judged.discard) record.discard = judged.discard->card;
  if (judged.grouping == Grouping::arranged) {
    record.grouped_as = std::move(judged.hand);
  } else {
    read.hand = std::move(judged.hand);  // (the hand as read)
  }
  return record;
}

// A line of a game dealt with a tiplu: see TableRecord. Not inlined: score_line stays inlined in
// process_batch_line, as before there was this path.
[[gnu::noinline]] BatchRecord score_table_line(std::string_view line, std::string_view source,
                                               const BatchDefaults& defaults, const Rules& rules) {
  WrittenTableLine written = parse_tiplu_batch_line(line, source);
  const LineSettings& settings = written.settings;
  check_settings(settings, line, source);
  // The settings of the other games, at the first written.
  for (const auto& [name, offset] : settings.written) {
    if (name == "wild") {
      throw input_error(
          source, line, offset,
          fmt::format("wild= is for {}: {} takes its wild cards from the tiplu "
                      "(tiplu=CARD)",
                      games_where([](const Rules& r) { return r.deck.deal_has_wild_rank; }),
                      rules.words.game));
    }
    if (name == "drop") {
      throw input_error(
          source, line, offset,
          fmt::format("a drop is for {}, not {}",
                      games_where([](const Rules& r) { return r.has_drops(); }), rules.words.game));
    }
    if (name == "declared" || name == "shown") {
      throw input_error(source, line, offset,
                        fmt::format("'{}' is for {}, not {}: state=ended|seen|unseen|foul says "
                                    "how the player finished",
                                    name, games_where([](const Rules& r) { return r.declares(); }),
                                    rules.words.game));
    }
  }
  refuse_other_game(settings, line, source, rules);
  if (settings.game) {
    throw input_error(
        source, line, settings.game_offset,
        fmt::format("game= names a format of {}; {} has none",
                    games_where([](const Rules& r) { return r.has_formats(); }), rules.words.game));
  }
  const std::optional<Card> tiplu_card = settings.tiplu ? settings.tiplu : defaults.tiplu;
  if (!tiplu_card) {
    throw input_error(source, line, 0,
                      fmt::format("no tiplu: {} needs one, tiplu=CARD on the line or --tiplu CARD",
                                  rules.words.game));
  }
  if (!written.hand) {
    throw input_error(source, line, line.size(),
                      "no cards: expected a player's cards, such as shown 2♣-3♣-4♣ | … hand … "
                      "discard 10♣");
  }
  const Tiplu tiplu(*tiplu_card);
  const int players = defaults.players > 0 ? defaults.players : assumed_players(rules);
  const std::optional<MaalState> state = settings.state;
  // Judged as an end: the ender's state, a discard, or the deal's cards and one more.
  const std::size_t kept = static_cast<std::size_t>(rules.deal.hand_size);
  const std::size_t count = written.hand->cards.cards.size();
  const bool end =
      state == MaalState::ended || (state != MaalState::seen && state != MaalState::unseen &&
                                    (written.hand->has_discard || count == kept + 1));
  std::optional<bool> ended;
  if (end) {
    ended = true;
  } else if (state == MaalState::seen || state == MaalState::unseen) {
    ended = false;
  }
  const ReadTableHand read =
      resolve_table_hand(std::move(*written.hand), line, source, rules, *tiplu_card, ended);
  const TableHand& hand = read.hand;

  BatchRecord record;
  TableRecord& table = record.table.emplace();
  table.tiplu = *tiplu_card;
  table.state_given = state.has_value();
  table.held = count_maal(hand, tiplu, rules);
  if (end) {
    table.judged = TableRecord::Judged::end;
    const EndCheck check = check_end(hand, tiplu, players, rules);
    table.stage = check.route;
    table.problems = check.faults;
    table.discard = check.discard;
    // The maal of the kept cards: a discard the search chose is out.
    if (check.arranged && check.discard && !hand.discard) {
      table.held = count_maal(with_discard(hand, *check.discard), tiplu, rules);
    }
    table.state = state.value_or(check.valid() ? MaalState::ended : MaalState::foul);
  } else {
    const StageCheck stage = check_first_stage(hand, players, rules);
    table.stage = stage.stage;
    if (hand.hand.empty()) {
      table.judged = TableRecord::Judged::first_stage;
      table.problems = stage.faults;
      if (stage.stage == FirstStage::none && stage.faults.empty()) {
        table.problems.push_back(
            fmt::format("{} shown: the first stage shows {} pure combinations (or {} dublees)",
                        hand.shown.size(), rules.tiplu_rules().pure_needed,
                        rules.tiplu_rules().dublees_needed));
      }
    }
    table.state =
        state.value_or(stage.stage != FirstStage::none ? MaalState::seen : MaalState::unseen);
  }
  table.maal = counted_maal(table.state, table.held.points, rules);
  record.verdict = table.problems.empty() ? Verdict::valid : Verdict::invalid;
  return record;
}

}  // namespace

std::string_view judged_id(TableRecord::Judged judged) {
  constexpr std::array<std::string_view, 3> ids = {"end", "first_stage", "maal"};
  return ids[static_cast<int>(judged)];
}

std::string_view first_stage_id(FirstStage stage) {
  constexpr std::array<std::string_view, 3> ids = {"none", "combinations", "dublees"};
  return ids[static_cast<int>(stage)];
}

BatchRecord batch_error(std::string_view source, std::size_t line_number, std::string message) {
  BatchRecord record;
  record.line = line_number;
  record.verdict = Verdict::error;
  record.error =
      Diagnostic{std::string(source), Location{line_number, 1, "", 1}, std::move(message)};
  return record;
}

BatchRecord overlong_batch_line(std::string_view source, std::size_t line_number) {
  return batch_error(
      source, line_number,
      fmt::format("the line is longer than {} bytes: not a hand, skipped", max_batch_line));
}

BatchRecord process_batch_line(std::string_view line, std::string_view source,
                               std::size_t line_number, const BatchDefaults& defaults,
                               const Rules& rules) {
  try {
    BatchRecord record = rules.has_tiplu() ? score_table_line(line, source, defaults, rules)
                                           : score_line(line, source, defaults, rules);
    record.line = line_number;
    return record;
  } catch (const InputError& error) {
    BatchRecord record;
    record.line = line_number;
    record.verdict = Verdict::error;
    record.error = error.diagnostic();
    record.error->where.line = line_number;
    return record;
  }
}

}  // namespace rummy
