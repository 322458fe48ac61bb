// Table sheets in the tests: settled from their text, or the diagnostic they give.
#pragma once

#include <string>

#include "sheet.hpp"

namespace rummy::test {

inline Settlement settle_text(const std::string& text) {
  return settle(parse_sheet(text, "t.sheet"), text, "t.sheet");
}

inline std::string error_of_sheet(const std::string& text) {
  try {
    settle_text(text);
  } catch (const InputError& error) {
    return format_diagnostic(error.diagnostic());
  }
  return "no error";
}

}  // namespace rummy::test
