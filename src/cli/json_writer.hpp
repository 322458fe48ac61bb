// The one JSON writer: every command's JSON goes through it, as whole documents laid out like
// nlohmann's dump(2) (two spaces an indent) or as compact one-line records (batch), and as a
// stream where a document is too big to hold (settle's deals, batch's records). Strings are
// escaped here and nowhere else. Private to the CLI.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace rummy::cli {

using Json = nlohmann::ordered_json;

// An object's key as the commands write it: a literal, "name"_key, that needs no escaping,
// which is checked when the program is compiled, so that it is written as it is (records of a
// batch write a dozen keys each). Each key is laid out once, in the program's constant data,
// and copied from there: a key built on the stack for each call and read back at once stalled
// the processor (a sixth of the time of batch --format json).
class JsonKey {
 public:
  template <std::size_t N>
  explicit consteval JsonKey(const char (&name)[N]) {
    static_assert(N + 3 <= longest, "a JSON key of at most 28 characters");
    text_[0] = ',';
    text_[1] = '"';
    for (std::size_t i = 0; i + 1 < N; ++i) {
      const char c = name[i];
      if (static_cast<unsigned char>(c) < 0x20 || c == '"' || c == '\\') {
        throw "a JSON key written as it is needs no escaping";
      }
      text_[i + 2] = c;
    }
    text_[N + 1] = '"';
    text_[N + 2] = ':';
    size_ = N + 3;
  }
  // "name": (quotes and colon included)
  std::string_view quoted() const { return {text_.data() + 1, size_ - 1}; }
  // The longest text of a key: ,"name": with 28 characters of name.
  static constexpr std::size_t longest = 32;
  // Writes "name": or, after another member, ,"name": to `to`, which has room for `longest`
  // bytes: a copy of that constant length (a few moves), of which the key's text is the start.
  // Returns the length of the key's text.
  std::size_t write_to(char* to, bool after_comma) const {
    std::memcpy(to, text_.data() + (after_comma ? 0 : 1), longest);
    return after_comma ? size_ : size_ - 1;
  }

 private:
  std::array<char, longest + 1> text_{};
  std::size_t size_ = 0;
};

// The name of a key as a template argument: "name"_key below.
template <std::size_t N>
struct JsonKeyName {
  consteval JsonKeyName(const char (&text)[N]) {  // NOLINT: implicit, from the literal
    for (std::size_t i = 0; i < N; ++i) name[i] = text[i];
  }
  char name[N] = {};
};

template <JsonKeyName Name>
inline constexpr JsonKey json_key{Name.name};

// "name"_key: the key, in the program's constant data.
template <JsonKeyName Name>
consteval const JsonKey& operator""_key() {
  return json_key<Name>;
}

// Escapes `text` as a JSON string (quotes included) onto `out`.
void append_json_string(std::string& out, std::string_view text);

class JsonWriter {
 public:
  enum class Layout { pretty, compact };
  // Appends to `out`. While the writer lives, `out` holds room past the text written (see
  // end_): write to it only through the writer, and send the text on with flush_to(); the
  // writer leaves `out` holding exactly the text when it ends.
  explicit JsonWriter(std::string& out, Layout layout = Layout::pretty)
      : out_(out), end_(out.size()), layout_(layout) {}
  ~JsonWriter() { out_.resize(end_); }
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  // A key in an object; its value follows.
  void key(const JsonKey& name) {
    if (layout_ == Layout::compact) {  // the comma and the key in one piece
      end_ += name.write_to(room(JsonKey::longest), (has_values_ & 1u) != 0);
      has_values_ |= 1u;
    } else {
      separate();
      write(name.quoted());
      write(' ');
    }
    after_key_ = true;
  }
  void string(std::string_view text) {
    before_value();
    write_escaped(text);
  }
  void number(long long value);
  void fraction(double value);  // the shortest text that reads back as the value: 30.5
  void boolean(bool value);
  void null();
  void value(const Json& json);  // a whole value built with nlohmann's types

  // Members laid out once by compose_members (below), after this object's other members: for
  // members that come from a few values, written again and again (a batch's records). Compact
  // layout only: the text is compact.
  [[gnu::always_inline]] void members(std::string_view composed) {
    if (layout_ != Layout::compact) throw std::logic_error("composed members are compact text");
    if (composed.empty()) return;
    const bool after_comma = (has_values_ & 1u) != 0;
    char* to = room(composed.size() + 1);
    *to = ',';
    std::memcpy(to + (after_comma ? 1 : 0), composed.data(), composed.size());
    end_ += composed.size() + (after_comma ? 1 : 0);
    has_values_ |= 1u;
  }

  // A key and its value, in an object.
  template <typename T>
  void member(const JsonKey& name, const T& value_of) {
    key(name);
    put(value_of);
  }

  // The line break after a whole document, or after each record of a stream.
  void end_line() { write('\n'); }

  // The length of the text `out` holds (what it held before the writer, and what the writer
  // wrote), and sending that text on: it leaves `out`.
  std::size_t size() const { return end_; }
  void flush_to(std::ostream& stream);

  // The longest JSON string `size` bytes can become (every byte a \u escape, and the quotes),
  // and the escaping itself into room that long; returns the end of what it wrote.
  static constexpr std::size_t longest_escaped(std::size_t size) { return 6 * size + 2; }
  static char* escape_json(char* to, std::string_view text);

 private:
  void put(std::string_view text) { string(text); }
  void put(const std::string& text) { string(text); }
  void put(const char* text) { string(text); }
  void put(long long n) { number(n); }
  void put(int n) { number(n); }
  void put(std::size_t n) { number(static_cast<long long>(n)); }
  void put(bool b) { boolean(b); }
  void put(const Json& json) { value(json); }
  void put(std::nullptr_t) { null(); }
  template <typename T>
  void put(const std::optional<T>& value_or_null) {
    if (value_or_null) {
      put(*value_or_null);
    } else {
      null();
    }
  }

  // Where the next `size` bytes go: `out` grows when there is not room enough past end_.
  char* room(std::size_t size) {
    if (out_.size() - end_ < size) grow(size);
    return out_.data() + end_;
  }
  void grow(std::size_t size);
  void write(std::string_view text) {
    std::memcpy(room(text.size()), text.data(), text.size());
    end_ += text.size();
  }
  void write_escaped(std::string_view text) {
    end_ = static_cast<std::size_t>(escape_json(room(longest_escaped(text.size())), text) -
                                    out_.data());
  }
  void write(char c) {
    *room(1) = c;
    ++end_;
  }

  void key_text(std::string_view name);  // a key that is data (of a Json value): escaped
  // A value's separator: none after a key (the case of every value of a record), else a comma
  // after an earlier value of the container and, pretty, a line break.
  void before_value() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (depth_ != 0) separate();
  }
  void separate();
  void open(char bracket);
  void close(char bracket);
  void newline(std::size_t depth);

  std::string& out_;
  // out_ holds the text written before end_; past it, up to out_.size(), room for what comes
  // next (written with a bound check and a copy, no call to the string's append).
  std::size_t end_;
  Layout layout_;
  // Per open container, whether a value was written in it: a bit per level, the innermost
  // lowest (no allocation for the records of a batch); containers nest at most 64 deep.
  std::uint64_t has_values_ = 0;
  std::size_t depth_ = 0;
  bool after_key_ = false;
};

// A whole document, pretty, with a final line break: what `write(writer)` writes.
template <typename Write>
void write_json_document(std::ostream& out, const Write& write) {
  std::string text;
  {
    JsonWriter writer(text);
    write(writer);
    writer.end_line();
  }
  out << text;
}

// The members `write(writer)` writes in an object, as compact text without the braces, for
// JsonWriter::members: laid out by the writer like any other, once.
template <typename Write>
std::string compose_members(const Write& write) {
  std::string text;
  {
    JsonWriter writer(text, JsonWriter::Layout::compact);
    writer.begin_object();
    write(writer);
    writer.end_object();
  }
  return text.substr(1, text.size() - 2);
}

// A whole document built as a value, pretty, with a final line break.
void write_json(std::ostream& out, const Json& json);

}  // namespace rummy::cli
