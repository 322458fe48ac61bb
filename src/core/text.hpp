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

// The code point of the character of valid UTF-8 `text` that starts at byte `i`, and how many
// bytes it takes.
struct Decoded {
  char32_t code_point = 0;
  std::size_t length = 1;
};
Decoded decode_utf8(std::string_view text, std::size_t i);

// How the notation reads a character people paste in place of another (rules §1.7): as a space,
// as nothing (zero-width characters, byte-order marks, bidirectional marks), as '-' (dashes and
// minus signs) or as '|' (other vertical bars); any other character is read as itself.
enum class ReadAs : unsigned char { itself, space, nothing, dash, bar };
ReadAs read_as(char32_t code_point);

// A text with every look-alike character read as `read_as` says, and where each of its bytes was
// written: offsets[k] is the offset in the original of the character that byte k comes from,
// offsets[text.size()] the original's size. Columns in messages count the original characters.
struct ReadText {
  std::string text;
  std::vector<std::size_t> offsets;
};

// The text as read, or nothing when it holds no look-alike (the usual case: plain ASCII is passed
// over eight bytes at a time, suit glyphs without decoding them). `text` must be valid UTF-8.
std::optional<ReadText> read_lookalikes(std::string_view text);

// Unicode's name of a character people are likely to paste (src/core/character_names.cpp), or
// nothing for the others.
std::optional<std::string_view> character_name(char32_t code_point);

// A character for a message: "U+00A4 CURRENCY SIGN", or "U+1F600" where no name is known.
std::string describe_character(char32_t code_point);

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
