// Text utilities shared by every input format: UTF-8 checks, positions counted in characters,
// and the one diagnostic format (SOURCE:LINE:COLUMN: error: MESSAGE, the line, a caret).
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace rummy {

// Where a byte offset falls, for people: 1-based line, 1-based column in characters.
struct Location {
  std::size_t line = 1;
  std::size_t column = 1;
  // The line for display: invalid UTF-8 shown as U+FFFD, control characters as their pictures
  // (NUL as ␀), and a long line cut to a window around the column, each cut end shown as '…'.
  std::string line_text;
  std::size_t text_column = 1;  // where `column` falls in line_text
};

// How many characters of a line a diagnostic shows on either side of its column.
inline constexpr std::size_t diagnostic_window = 60;

Location locate(std::string_view text, std::size_t byte_offset);

// The offset of the first byte that is not part of well-formed UTF-8 (overlong forms,
// surrogates and code points above U+10FFFF are not well-formed), or nothing.
std::optional<std::size_t> first_invalid_utf8(std::string_view text);

// Characters (code points) in valid UTF-8 text; used to align columns of output.
std::size_t display_width(std::string_view text);

// "Did you mean": the nearest of `names` to `word` by edit distance, ignoring ASCII case, when
// it is near enough to suggest.
std::size_t distance(std::string_view a, std::string_view b);
std::optional<std::string> nearest_name(std::string_view word,
                                        const std::vector<std::string>& names);
bool same_name(std::string_view a, std::string_view b);  // equal but for ASCII case

struct Diagnostic {
  std::string source;  // "<stdin>", "<argument>", "--wild", a file name
  Location where;
  std::string message;
};

// "SOURCE:LINE:COLUMN: error: MESSAGE\nLINE\n   ^\n"
std::string format_diagnostic(const Diagnostic& diagnostic);

// Bad input found anywhere below the command line: what, and where.
class InputError : public std::runtime_error {
 public:
  explicit InputError(Diagnostic diagnostic);
  const Diagnostic& diagnostic() const { return diagnostic_; }

 private:
  Diagnostic diagnostic_;
};

// Builds the error for a byte offset of a text.
InputError input_error(std::string_view source, std::string_view text, std::size_t byte_offset,
                       std::string message);

}  // namespace rummy
