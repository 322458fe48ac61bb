// The one CSV writer (RFC 4180): fields quoted only when they must be, rows ended by '\n'.
// Private to the CLI.
#pragma once

#include <algorithm>
#include <charconv>
#include <string>
#include <string_view>

namespace rummy::cli {

class CsvWriter {
 public:
  explicit CsvWriter(std::string& out) : out_(out) {}

  void field(std::string_view text) {
    separate();
    // (find_first_of would search the four characters once per byte of text)
    const auto special = [](char c) { return c == ',' || c == '"' || c == '\r' || c == '\n'; };
    if (std::none_of(text.begin(), text.end(), special)) {
      out_ += text;
      return;
    }
    out_ += '"';
    for (const char c : text) {
      if (c == '"') out_ += '"';
      out_ += c;
    }
    out_ += '"';
  }
  void field(long long value) {
    separate();
    char digits[24];
    out_.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
  }
  void empty() { separate(); }
  void end_row() {
    out_ += '\n';
    first_ = true;
  }

 private:
  void separate() {
    if (!first_) out_ += ',';
    first_ = false;
  }

  std::string& out_;
  bool first_ = true;
};

}  // namespace rummy::cli
