// The JSON writer: see json_writer.hpp.
#include "json_writer.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace rummy::cli {

namespace {

// The bytes a JSON string cannot hold as they are: control characters, '"' and '\\'.
constexpr std::array<bool, 256> needs_escape = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 0x20; ++c) table[static_cast<std::size_t>(c)] = true;
  table['"'] = table['\\'] = true;
  return table;
}();

// Whether any of eight bytes is a control character, '"' or '\\' (bit tricks: a byte's high bit
// is set in `v - 0x01…` and clear in `v` only where it went below zero).
bool any_escape_in(std::uint64_t eight) {
  constexpr std::uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
  const auto zero_byte = [&](std::uint64_t v) { return (v - ones) & ~v & highs; };
  const std::uint64_t control = (eight - 0x20 * ones) & ~eight & highs;
  return (control | zero_byte(eight ^ ('"' * ones)) | zero_byte(eight ^ ('\\' * ones))) != 0;
}

}  // namespace

char* JsonWriter::escape_json(char* to, std::string_view text) {
  *to++ = '"';
  // Most text needs no escape: eight bytes at a time, checked and copied as they are.
  std::size_t i = 0;
  for (std::uint64_t eight = 0; text.size() - i >= 8; i += 8) {
    std::memcpy(&eight, text.data() + i, 8);
    if (any_escape_in(eight)) break;
    std::memcpy(to, &eight, 8);
    to += 8;
  }
  for (; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (!needs_escape[c]) {
      *to++ = static_cast<char>(c);
      continue;
    }
    *to++ = '\\';
    switch (c) {
      case '"':
      case '\\':
        *to++ = static_cast<char>(c);
        break;
      case '\b':
        *to++ = 'b';
        break;
      case '\f':
        *to++ = 'f';
        break;
      case '\n':
        *to++ = 'n';
        break;
      case '\r':
        *to++ = 'r';
        break;
      case '\t':
        *to++ = 't';
        break;
      default: {  // another control character: \u00XX
        constexpr std::string_view hex = "0123456789abcdef";
        for (const char digit : {'u', '0', '0', hex[c >> 4], hex[c & 0xF]}) *to++ = digit;
      }
    }
  }
  *to++ = '"';
  return to;
}

void append_json_string(std::string& out, std::string_view text) {
  const std::size_t start = out.size();
  out.resize(start + JsonWriter::longest_escaped(text.size()));
  const char* end = JsonWriter::escape_json(out.data() + start, text);
  out.resize(static_cast<std::size_t>(end - out.data()));
}

void JsonWriter::grow(std::size_t size) {
  // Room for a record or two at a time: the string's own growth keeps this amortized.
  constexpr std::size_t ahead = 512;
  out_.resize(end_ + size + ahead);
}

void JsonWriter::flush_to(std::ostream& stream) {
  stream.write(out_.data(), static_cast<std::streamsize>(end_));
  end_ = 0;
}

void JsonWriter::newline(std::size_t depth) {
  char* at = room(1 + 2 * depth);
  *at = '\n';
  std::memset(at + 1, ' ', 2 * depth);
  end_ += 1 + 2 * depth;
}

void JsonWriter::separate() {
  if ((has_values_ & 1u) != 0) write(',');
  has_values_ |= 1u;
  if (layout_ == Layout::pretty) newline(depth_);
}

void JsonWriter::key_text(std::string_view name) {
  before_value();
  write_escaped(name);
  write(layout_ == Layout::pretty ? ": " : ":");
  after_key_ = true;
}

void JsonWriter::open(char bracket) {
  before_value();
  write(bracket);
  if (depth_ == 64) throw std::length_error("JSON nested more than 64 deep");
  ++depth_;
  has_values_ <<= 1;
}

void JsonWriter::close(char bracket) {
  const bool written = (has_values_ & 1u) != 0;
  has_values_ >>= 1;
  --depth_;
  if (written && layout_ == Layout::pretty) newline(depth_);
  write(bracket);
}

void JsonWriter::number(long long value) {
  before_value();
  constexpr std::size_t longest = 20;  // -9223372036854775808
  char* at = room(longest);
  end_ = static_cast<std::size_t>(std::to_chars(at, at + longest, value).ptr - out_.data());
}

void JsonWriter::fraction(double value) {
  before_value();
  // fmt's shortest form that reads back as the value (emscripten's libc++ has no to_chars for
  // double); any finite double fits in 32 characters.
  constexpr std::size_t longest = 32;
  char* at = room(longest);
  end_ = static_cast<std::size_t>(fmt::format_to_n(at, longest, "{}", value).out - out_.data());
}

void JsonWriter::boolean(bool value) {
  before_value();
  write(value ? "true" : "false");
}

void JsonWriter::null() {
  before_value();
  write("null");
}

void JsonWriter::value(const Json& json) {
  switch (json.type()) {
    case Json::value_t::object:
      begin_object();
      for (const auto& [name, item] : json.items()) {
        key_text(name);
        value(item);
      }
      end_object();
      return;
    case Json::value_t::array:
      begin_array();
      for (const Json& item : json) value(item);
      end_array();
      return;
    case Json::value_t::string:
      string(json.get_ref<const std::string&>());
      return;
    case Json::value_t::boolean:
      boolean(json.get<bool>());
      return;
    case Json::value_t::number_integer:
      number(json.get<long long>());
      return;
    case Json::value_t::number_unsigned:
      number(static_cast<long long>(json.get<unsigned long long>()));
      return;
    case Json::value_t::number_float:
      if (!std::isfinite(json.get<double>())) break;
      fraction(json.get<double>());  // a score with a fraction (30.5)
      return;
    case Json::value_t::null:
    case Json::value_t::discarded:
    case Json::value_t::binary:
      break;
  }
  null();  // the commands write no binary, discarded or infinite values
}

void write_json(std::ostream& out, const Json& json) {
  write_json_document(out, [&](JsonWriter& writer) { writer.value(json); });
}

}  // namespace rummy::cli
