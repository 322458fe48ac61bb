// What every fuzz target asserts, beyond "no crash": a failed check prints what failed and
// aborts, which libFuzzer (and the replay runner) reports as a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "notation.hpp"
#include "rules.hpp"
#include "text.hpp"

namespace rummy::fuzz {

inline void require(bool condition, const char* what) {
  if (!condition) {
    std::fprintf(stderr, "fuzz check failed: %s\n", what);
    std::abort();
  }
}

// A diagnostic names a real place of the text: a line that exists, a column within it (or
// just after its end), and a message.
inline void check_diagnostic(const Diagnostic& diagnostic, std::string_view text) {
  std::size_t lines = 1;
  for (const char c : text) lines += c == '\n' ? 1 : 0;
  require(diagnostic.where.line >= 1 && diagnostic.where.line <= lines, "error line in the text");
  require(diagnostic.where.column >= 1, "error column from 1");
  std::size_t start = 0;
  for (std::size_t line = 1; line < diagnostic.where.line; ++line) {
    start = text.find('\n', start) + 1;
  }
  const std::size_t end = std::min(text.find('\n', start), text.size());
  // Columns count characters; a line has at most as many as bytes.
  require(diagnostic.where.column <= end - start + 1, "error column within its line");
  require(!diagnostic.message.empty(), "error message");
}

// The plain reader (notation.hpp, detail::read_plain_hand) reads every hand it takes as the
// grammar does: `text` as a whole input (a hand), or as a batch line.
inline void check_plain_reader(std::string_view text) {
  WrittenHand plain;
  if (!detail::read_plain_hand(text, 0, true, plain)) return;
  try {
    require(plain == detail::parse_hand_by_grammar(text, "<fuzz>"),
            "the plain reader reads a hand as the grammar does");
  } catch (const InputError&) {
    require(false, "the plain reader takes only what the grammar takes");
  }
}

inline void check_plain_reader_line(std::string_view line) {
  std::optional<WrittenLine> first, second;
  std::string first_error, second_error;
  try {
    first = parse_batch_line(line, "<fuzz>");
  } catch (const InputError& error) {
    first_error = format_diagnostic(error.diagnostic());
  }
  try {
    second = detail::parse_batch_line_by_grammar(line, "<fuzz>");
  } catch (const InputError& error) {
    second_error = format_diagnostic(error.diagnostic());
  }
  require(first_error == second_error, "a batch line is refused as the grammar refuses it");
  if (!first || !second) return;
  require(first->hand == second->hand, "a batch line's hand is read as the grammar reads it");
  const LineSettings &a = first->settings, &b = second->settings;
  require(a.wild == b.wild && a.game == b.game && a.variant == b.variant && a.drop == b.drop &&
              a.declared == b.declared && a.wild_offset == b.wild_offset &&
              a.written.size() == b.written.size(),
          "a batch line's settings are read as the grammar reads them");
}

// The first byte of an input chooses the game, so one corpus covers all four.
inline Rules rules_from_byte(std::uint8_t byte) {
  return Rules::for_variant(all_variants[byte % all_variants.size()]);
}

}  // namespace rummy::fuzz
