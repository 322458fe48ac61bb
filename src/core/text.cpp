// UTF-8 handling and diagnostics: see text.hpp.
#include "text.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace rummy {

namespace {

// Length of the well-formed UTF-8 sequence starting at text[i], or 0 when it is not one.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // allowed range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // no overlong forms
    if (lead == 0xED) high = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;   // no overlong forms
    if (lead == 0xF4) high = 0x8F;  // nothing above U+10FFFF
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  }
  return length;
}

constexpr std::string_view replacement_character = "\xEF\xBF\xBD";
// How a diagnostic shows a character that takes no room or reorders the line around it.
constexpr std::string_view dotted_circle = "\xE2\x97\x8C";  // U+25CC

// Whether a terminal shows the character two columns wide (East Asian wide and full-width forms,
// the common emoji blocks): the caret line then needs two spaces for it.
bool shown_wide(char32_t c) {
  return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) ||
         (c >= 0x3041 && c <= 0x33FF) || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
         (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
         (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
         (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD);
}

}  // namespace

Decoded decode_utf8(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) {
    return static_cast<char32_t>(static_cast<unsigned char>(text[k]));
  };
  const char32_t lead = byte(i);
  if (lead < 0x80) return {lead, 1};
  const std::size_t length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
  if (lead < 0xC0 || i + length > text.size()) return {0xFFFD, 1};
  char32_t c = lead & (0x7Fu >> length);
  for (std::size_t k = 1; k < length; ++k) c = (c << 6) | (byte(i + k) & 0x3F);
  return {c, length};
}

ReadAs read_as(char32_t c) {
  switch (c) {
    case 0x00A0:  // NO-BREAK SPACE
    case 0x202F:  // NARROW NO-BREAK SPACE
    case 0x3000:  // IDEOGRAPHIC SPACE
      return ReadAs::space;
    case 0x200B:  // ZERO WIDTH SPACE
    case 0x200C:  // ZERO WIDTH NON-JOINER
    case 0x200D:  // ZERO WIDTH JOINER
    case 0x2060:  // WORD JOINER
    case 0xFEFF:  // ZERO WIDTH NO-BREAK SPACE, the byte-order mark
    case 0x200E:  // LEFT-TO-RIGHT MARK
    case 0x200F:  // RIGHT-TO-LEFT MARK
      return ReadAs::nothing;
    case 0x2212:  // MINUS SIGN
    case 0xFE63:  // SMALL HYPHEN-MINUS
    case 0xFF0D:  // FULLWIDTH HYPHEN-MINUS
      return ReadAs::dash;
    case 0xFF5C:  // FULLWIDTH VERTICAL LINE
    case 0x2223:  // DIVIDES
    case 0x01C0:  // LATIN LETTER DENTAL CLICK
      return ReadAs::bar;
    default:
      break;
  }
  if (c >= 0x2000 && c <= 0x200A) return ReadAs::space;    // EN QUAD … HAIR SPACE
  if (c >= 0x2010 && c <= 0x2015) return ReadAs::dash;     // HYPHEN … HORIZONTAL BAR
  if (c >= 0x202A && c <= 0x202E) return ReadAs::nothing;  // bidirectional embeddings
  if (c >= 0x2066 && c <= 0x2069) return ReadAs::nothing;  // bidirectional isolates
  return ReadAs::itself;
}

std::optional<ReadText> read_lookalikes(std::string_view text) {
  // Find the first look-alike: most texts hold none.
  std::size_t first = text.size();
  for (std::size_t i = 0; i < text.size();) {
    std::uint64_t eight = 0;
    if (text.size() - i >= 8) {
      std::memcpy(&eight, text.data() + i, 8);
      if ((eight & 0x8080808080808080u) == 0) {
        i += 8;
        continue;
      }
    }
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    // Look-alikes start C2 (U+00A0), C7 (U+01C0), E2 80, E2 81, E2 88 (U+2000…U+2069, U+2212,
    // U+2223), E3 (U+3000) or EF (U+FE63, U+FEFF, U+FF0D, U+FF5C): any other character, the suit
    // glyphs (E2 99) among them, is passed over without decoding it.
    const std::size_t length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    const bool maybe =
        lead == 0xE2 ? (text[i + 1] == '\x80' || text[i + 1] == '\x81' || text[i + 1] == '\x88')
                     : (lead == 0xC2 || lead == 0xC7 || lead == 0xE3 || lead == 0xEF);
    if (!maybe) {
      i += length;
      continue;
    }
    const Decoded decoded = decode_utf8(text, i);
    if (read_as(decoded.code_point) != ReadAs::itself) {
      first = i;
      break;
    }
    i += decoded.length;
  }
  if (first == text.size()) return std::nullopt;

  ReadText read;
  read.text.reserve(text.size());
  read.offsets.reserve(text.size() + 1);
  read.text.append(text.substr(0, first));
  for (std::size_t k = 0; k < first; ++k) read.offsets.push_back(k);
  for (std::size_t i = first; i < text.size();) {
    const Decoded decoded = decode_utf8(text, i);
    const auto put = [&](std::string_view bytes) {
      read.text.append(bytes);
      for (std::size_t k = 0; k < bytes.size(); ++k) read.offsets.push_back(i);
    };
    switch (read_as(decoded.code_point)) {
      case ReadAs::itself:
        read.text.append(text.substr(i, decoded.length));
        for (std::size_t k = 0; k < decoded.length; ++k) read.offsets.push_back(i + k);
        break;
      case ReadAs::space:
        put(" ");
        break;
      case ReadAs::nothing:
        break;
      case ReadAs::dash:
        put("-");
        break;
      case ReadAs::bar:
        put("|");
        break;
    }
    i += decoded.length;
  }
  read.offsets.push_back(text.size());
  return read;
}

std::string describe_character(char32_t code_point) {
  std::string text = fmt::format("U+{:04X}", static_cast<std::uint32_t>(code_point));
  if (const auto name = character_name(code_point)) {
    text += ' ';
    text += *name;
  }
  return text;
}

std::optional<std::size_t> first_invalid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    // ASCII, most of any input: eight bytes at a time while none has its high bit set, and up
    // to the first that has.
    std::uint64_t eight = 0;
    if (text.size() - i >= 8) {
      std::memcpy(&eight, text.data() + i, 8);
      const std::uint64_t high = eight & 0x8080808080808080u;
      if (high == 0) {
        i += 8;
        continue;
      }
      if constexpr (std::endian::native == std::endian::little) {
        i += static_cast<std::size_t>(std::countr_zero(high)) / 8;  // the ASCII before it
      }
    }
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) return i;
    i += length;
  }
  return std::nullopt;
}

std::size_t display_width(std::string_view text) {
  std::size_t width = 0;
  for (const char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++width;
  }
  return width;
}

Location locate(std::string_view text, std::size_t byte_offset) {
  if (byte_offset > text.size()) byte_offset = text.size();
  Location where;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < byte_offset; ++i) {
    if (text[i] == '\n') {
      ++where.line;
      line_start = i + 1;
    }
  }
  std::size_t line_end = text.find('\n', line_start);
  if (line_end == std::string_view::npos) line_end = text.size();
  if (line_end > line_start && text[line_end - 1] == '\r') --line_end;

  // Count the characters up to the offset, then copy the window of the line around it.
  for (std::size_t i = line_start; i < line_end && i < byte_offset;) {
    const std::size_t length = utf8_sequence_length(text, i);
    i += length == 0 || i + length > line_end ? 1 : length;
    ++where.column;
  }
  const std::size_t first = where.column > diagnostic_window ? where.column - diagnostic_window : 1;
  const std::size_t last = where.column + diagnostic_window;  // the first character not shown
  std::size_t character = 1;
  where.text_column = where.column - first + 1;
  if (first > 1) {
    where.line_text += "…";
    ++where.text_column;
  }
  for (std::size_t i = line_start; i < line_end; ++character) {
    std::size_t length = utf8_sequence_length(text, i);
    const bool valid = length != 0 && i + length <= line_end;
    if (!valid) length = 1;
    if (character >= last) {
      where.line_text += "…";
      break;
    }
    if (character >= first) {
      const auto byte = static_cast<unsigned char>(text[i]);
      if (!valid) {
        where.line_text += replacement_character;
      } else if (byte >= 0x80 && read_as(decode_utf8(text, i).code_point) == ReadAs::nothing) {
        where.line_text += dotted_circle;
      } else if ((byte < 0x20 && byte != '\t') || byte == 0x7F) {
        // U+2400 + the code (U+2421 for DEL): one character wide, like the original.
        const unsigned picture = byte == 0x7F ? 0x2421 : 0x2400 + byte;
        where.line_text += static_cast<char>(0xE0 | (picture >> 12));
        where.line_text += static_cast<char>(0x80 | ((picture >> 6) & 0x3F));
        where.line_text += static_cast<char>(0x80 | (picture & 0x3F));
      } else {
        where.line_text += text.substr(i, length);
      }
    }
    i += length;
  }
  return where;
}

std::string format_diagnostic(const Diagnostic& diagnostic) {
  const Location& where = diagnostic.where;
  std::string out = diagnostic.source + ":" + std::to_string(where.line) + ":" +
                    std::to_string(where.column) + ": error: " + diagnostic.message + "\n";
  out += where.line_text;
  out += "\n";
  // The caret line repeats tabs so that the caret lines up however tabs are shown.
  std::size_t column = 1;
  // A character shown two columns wide takes two spaces.
  for (std::size_t i = 0; i < where.line_text.size() && column < where.text_column; ++column) {
    const Decoded decoded = decode_utf8(where.line_text, i);
    out += decoded.code_point == '\t' ? "\t" : shown_wide(decoded.code_point) ? "  " : " ";
    i += decoded.length;
  }
  while (column++ < where.text_column) out += ' ';
  out += "^\n";
  return out;
}

InputError::InputError(Diagnostic diagnostic)
    : std::runtime_error(diagnostic.message), diagnostic_(std::move(diagnostic)) {}

InputError input_error(std::string_view source, std::string_view text, std::size_t byte_offset,
                       std::string message) {
  return InputError(Diagnostic{std::string(source), locate(text, byte_offset), std::move(message)});
}

namespace {
char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
}  // namespace

std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t k = 0; k <= b.size(); ++k) row[k] = k;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t k = 1; k <= b.size(); ++k) {
      const std::size_t above = row[k];
      row[k] = std::min(
          {row[k] + 1, row[k - 1] + 1, diagonal + (lower(a[i - 1]) == lower(b[k - 1]) ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::optional<std::string> nearest_name(std::string_view word,
                                        const std::vector<std::string>& names) {
  std::optional<std::string> nearest;
  std::size_t best = std::max<std::size_t>(3, word.size() / 3);  // farther: no suggestion
  for (const std::string& name : names) {
    const std::size_t d = distance(word, name);
    if (d < best) {
      best = d;
      nearest = name;
    }
  }
  return nearest;
}

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [](char x, char y) { return lower(x) == lower(y); });
}

}  // namespace rummy
