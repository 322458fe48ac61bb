// What every fuzz target asserts, beyond "no crash": a failed check prints what failed and
// aborts, which libFuzzer (and the replay runner) reports as a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

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

// The first byte of an input chooses the game, so one corpus covers all four.
inline Rules rules_from_byte(std::uint8_t byte) {
  return Rules::for_variant(all_variants[byte % all_variants.size()]);
}

}  // namespace rummy::fuzz
