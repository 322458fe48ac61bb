// Fuzz target: the hand notation. A parse succeeds or fails with a diagnostic that names a real
// place; a hand read is formatted and read again to the same hand, and its score stays within
// the game's bounds (Indian rummy: 0 to 80).
#include <string>

#include "checks.hpp"
#include "declaration.hpp"
#include "notation.hpp"
#include "scoring.hpp"

using namespace rummy;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const Rules rules = fuzz::rules_from_byte(data[0]);
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  fuzz::check_plain_reader(text);
  ReadHand read;
  try {
    read = read_hand(text, "<fuzz>", rules);
  } catch (const InputError& error) {
    fuzz::check_diagnostic(error.diagnostic(), text);
    return 0;
  }
  const std::string formatted = format_hand(read.hand, rules);
  ReadOptions options;
  options.wild = read.hand.wild;
  const ReadHand again = read_hand(formatted, "<formatted>", rules, options);
  fuzz::require(again.hand.groups == read.hand.groups, "format and read again: same groups");
  fuzz::require(again.hand.wild == read.hand.wild, "format and read again: same wild rank");
  const DeclarationCheck check = check_declaration(read.hand, rules);
  const Score score = score_shown_hand(read.hand, check, rules);
  fuzz::require(score.points >= 0 && score.points <= rules.points_cap(), "points within the cap");
  fuzz::require(score.points <= score.uncapped, "the cap only lowers");
  fuzz::require(check.valid() == check.problems.empty(), "valid exactly without problems");
  return 0;
}
