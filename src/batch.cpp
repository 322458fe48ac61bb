// Batch lines: see batch.hpp.
#include "batch.hpp"

#include <array>

#include <fmt/format.h>

namespace rummy {

std::string_view verdict_id(Verdict verdict) {
  constexpr std::array<std::string_view, 4> ids = {"valid", "invalid", "drop", "error"};
  return ids[static_cast<int>(verdict)];
}

bool holds_no_hand(std::string_view line) {
  for (const char c : line) {
    if (c == ' ' || c == '\t' || c == '\r') continue;
    return c == '#';
  }
  return true;
}

namespace {

BatchRecord score_line(std::string_view line, std::string_view source,
                       const BatchDefaults& defaults, const Rules& rules) {
  WrittenLine written = parse_batch_line(line, source);
  const LineSettings& settings = written.settings;
  BatchRecord record;
  record.game = settings.game.value_or(defaults.game);
  record.declared = settings.declared.value_or(defaults.declared);

  const bool declares = rules.declares;
  if ((settings.drop && !rules.has_drops()) || (settings.declared.value_or(false) && !declares)) {
    throw input_error(
        source, line, settings.drop ? settings.drop_offset : 0,
        fmt::format("{} is for Indian rummy, not {}", settings.drop ? "a drop" : "'declared'",
                    variant_description(rules.variant)));
  }
  if (settings.wild && !rules.deal_has_wild_rank) {
    throw input_error(source, line, 0,
                      fmt::format("wild= is for Indian rummy: {} has no wild rank to choose",
                                  variant_description(rules.variant)));
  }
  if (settings.drop) {
    if (written.hand) {
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
  if (!written.hand) {
    throw input_error(source, line, line.size(),
                      "no hand: expected cards such as A♠-2♠-3♠ | …, or a drop setting");
  }
  ReadOptions options;
  options.wild = settings.wild ? settings.wild : defaults.wild;
  if (settings.wild) options.wild_origin = "the line's [wild=…]";
  options.size = !rules.exact_hand_size ? ReadOptions::Size::any
                 : defaults.arrange     ? ReadOptions::Size::shown_or_drawn
                                        : ReadOptions::Size::shown;
  const ReadHand read = resolve_hand(std::move(*written.hand), line, source, rules, options);
  record.wild = read.hand.wild;
  if (defaults.arrange) {
    if (const auto refusal = arrange_refusal(read.hand.card_count(), rules, "--arrange")) {
      throw input_error(source, line, read.written.end_offset, *refusal);
    }
    record.arrangement = arrange(read.hand.cards(), read.hand.wild, rules);
    record.grouping = Grouping::arranged;
    record.score = record.arrangement->score;
    record.verdict = record.arrangement->valid() ? Verdict::valid : Verdict::invalid;
    return record;
  }
  JudgedHand judged = judge_hand(read.hand, read.written.grouped, rules,
                                 /*look_for_declaration=*/false, Detail::kind_only);
  const DeclarationCheck& check = judged.check;
  record.verdict = check.valid() ? Verdict::valid : Verdict::invalid;
  record.score = record.declared ? score_declaration(check, rules)
                                 : score_shown_hand(judged.hand, check, rules);
  record.grouping = judged.grouping;
  if (judged.grouping == Grouping::arranged) record.grouped_as = std::move(judged.hand);
  return record;
}

}  // namespace

BatchRecord overlong_batch_line(std::string_view source, std::size_t line_number) {
  BatchRecord record;
  record.line = line_number;
  record.verdict = Verdict::error;
  record.error = Diagnostic{
      std::string(source), Location{line_number, 1, "", 1},
      fmt::format("the line is longer than {} bytes: not a hand, skipped", max_batch_line)};
  return record;
}

BatchRecord process_batch_line(std::string_view line, std::string_view source,
                               std::size_t line_number, const BatchDefaults& defaults,
                               const Rules& rules) {
  try {
    BatchRecord record = score_line(line, source, defaults, rules);
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
