// Fuzz target: batch lines. Every line that holds a hand gives exactly one record; an error
// record names a real place of its line; a scored hand stays within the game's bounds.
#include "batch.hpp"
#include "checks.hpp"

using namespace rummy;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const Rules rules = fuzz::rules_from_byte(data[0]);
  BatchDefaults defaults;
  // --arrange too, but not for Crazy Rummy, whose search by subsets is too slow to fuzz well.
  defaults.arrange = (data[0] & 0x10) != 0 && rules.count.arrange_by != ArrangeBy::subsets;
  // A game dealt with a tiplu (Marriage): a tiplu of --tiplu, unless the first byte's 0x40 asks
  // for none (each line must then give its own), and four players when its 0x80 says so.
  if (rules.has_tiplu()) {
    if ((data[0] & 0x40) == 0) defaults.tiplu = Card(Rank::seven, Suit::hearts);
    defaults.players = (data[0] & 0x80) != 0 ? 4 : 0;
  }
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::size_t number = 0;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    ++number;
    if (!rules.has_tiplu()) fuzz::check_plain_reader_line(line);
    if (!holds_no_hand(line)) {
      const BatchRecord record = process_batch_line(line, "<fuzz>", number, defaults, rules);
      fuzz::require(record.line == number, "the record has its line's number");
      if (record.verdict == Verdict::error) {
        fuzz::require(record.error.has_value(), "an error record says why");
        fuzz::require(record.error->where.line == number, "the error names its line");
        Diagnostic within = *record.error;
        within.where.line = 1;
        fuzz::check_diagnostic(within, line);
      } else if (record.table) {
        const TableRecord& table = *record.table;
        fuzz::require(rules.has_tiplu(), "a table record only in a game dealt with a tiplu");
        fuzz::require(table.maal >= 0 && table.maal <= table.held.points,
                      "the maal counted is at most the maal held");
        fuzz::require((record.verdict == Verdict::valid) == table.problems.empty(),
                      "valid exactly when there is no problem");
        fuzz::require(table.judged != TableRecord::Judged::maal || table.problems.empty(),
                      "a record of the maal only has no problem");
      } else {
        fuzz::require(!rules.has_tiplu(), "a game dealt with a tiplu gives table records");
        fuzz::require(record.score.points >= 0 && record.score.points <= rules.points_cap(),
                      "points within the cap");
      }
    }
    start = end + 1;
  }
  return 0;
}
