// The one JSON writer: every command's JSON goes through it, as whole documents laid out like
// nlohmann's dump(2) (two spaces an indent) or as compact one-line records (batch), and as a
// stream where a document is too big to hold (settle's deals, batch's records). Strings are
// escaped here and nowhere else. Private to the CLI.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace rummy::cli {

using Json = nlohmann::ordered_json;

class JsonWriter {
 public:
  enum class Layout { pretty, compact };
  // Appends to `out`; the caller decides when to send it on (see flush_to).
  explicit JsonWriter(std::string& out, Layout layout = Layout::pretty)
      : out_(out), layout_(layout) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  void key(std::string_view name);

  void string(std::string_view text);
  // A string escaped already by append_json_string (quotes included): for text written again
  // and again, escaped once.
  void escaped_string(std::string_view json_text);
  void number(long long value);
  void boolean(bool value);
  void null();
  void value(const Json& json);  // a whole value built with nlohmann's types

  // A key and its value, in an object.
  template <typename T>
  void member(std::string_view name, const T& value_of) {
    key(name);
    put(value_of);
  }

 private:
  void put(std::string_view text) { string(text); }
  void put(const std::string& text) { string(text); }
  void put(const char* text) { string(text); }
  void put(long long n) { number(n); }
  void put(int n) { number(n); }
  void put(std::size_t n) { number(static_cast<long long>(n)); }
  void put(bool b) { boolean(b); }
  void put(const Json& json) { value(json); }

  void before_value();
  void open(char bracket);
  void close(char bracket);
  void newline(std::size_t depth);

  std::string& out_;
  Layout layout_;
  // Per open container, whether a value was written in it: a bit per level, the innermost
  // lowest (no allocation for the records of a batch); containers nest at most 64 deep.
  std::uint64_t has_values_ = 0;
  std::size_t depth_ = 0;
  bool after_key_ = false;
};

// Escapes `text` as a JSON string (quotes included) onto `out`.
void append_json_string(std::string& out, std::string_view text);

// A whole document, pretty, with a final line break.
void write_json(std::ostream& out, const Json& json);

}  // namespace rummy::cli
