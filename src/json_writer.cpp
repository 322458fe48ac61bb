// The JSON writer: see json_writer.hpp.
#include "json_writer.hpp"

#include <array>
#include <charconv>
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

void append_json_string(std::string& out, std::string_view text) {
  // Most text needs no escape: found eight bytes at a time, it is appended whole.
  const auto plain_eight = [&](std::size_t at) {
    std::uint64_t eight = 0;
    std::memcpy(&eight, text.data() + at, 8);
    return !any_escape_in(eight);
  };
  std::size_t start = 0;  // the bytes before it need no escape
  while (text.size() - start >= 8 && plain_eight(start)) start += 8;
  // The last few bytes, as the last eight (overlapping those checked).
  if (start != text.size() && text.size() - start < 8 && text.size() >= 8 &&
      plain_eight(text.size() - 8)) {
    start = text.size();
  }
  out += '"';
  std::size_t plain = 0;  // start of the run of characters that need no escape
  for (std::size_t i = start; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (!needs_escape[c]) continue;
    out.append(text, plain, i - plain);
    plain = i + 1;
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        out += fmt::format("\\u{:04x}", c);
    }
  }
  out.append(text, plain);
  out += '"';
}

void JsonWriter::newline(std::size_t depth) {
  out_ += '\n';
  out_.append(depth * 2, ' ');
}

void JsonWriter::separate() {
  if ((has_values_ & 1u) != 0) out_ += ',';
  has_values_ |= 1u;
  if (layout_ == Layout::pretty) newline(depth_);
}

void JsonWriter::key_text(std::string_view name) {
  before_value();
  append_json_string(out_, name);
  out_ += layout_ == Layout::pretty ? ": " : ":";
  after_key_ = true;
}

void JsonWriter::open(char bracket) {
  before_value();
  out_ += bracket;
  if (depth_ == 64) throw std::length_error("JSON nested more than 64 deep");
  ++depth_;
  has_values_ <<= 1;
}

void JsonWriter::close(char bracket) {
  const bool written = (has_values_ & 1u) != 0;
  has_values_ >>= 1;
  --depth_;
  if (written && layout_ == Layout::pretty) newline(depth_);
  out_ += bracket;
}

void JsonWriter::escaped_string(std::string_view json_text) {
  before_value();
  out_ += json_text;
}

void JsonWriter::number(long long value) {
  before_value();
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  out_.append(digits, end);
}

void JsonWriter::boolean(bool value) {
  before_value();
  out_ += value ? "true" : "false";
}

void JsonWriter::null() {
  before_value();
  out_ += "null";
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
    case Json::value_t::null:
    case Json::value_t::discarded:
    case Json::value_t::binary:
    case Json::value_t::number_float:
      break;
  }
  null();  // the commands write no floating point, binary or discarded values
}

void write_json(std::ostream& out, const Json& json) {
  std::string text;
  JsonWriter writer(text);
  writer.value(json);
  text += '\n';
  out << text;
}

}  // namespace rummy::cli
