// What settle (a whole table sheet) and deal (one deal on its own) print alike: a settled deal in
// words and as JSON, the game's header, money, who pays whom. Private to src/.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli_common.hpp"
#include "describe.hpp"
#include "sheet.hpp"

namespace rummy::cli {

bool keeps_money(const Settlement& s);
// The players' names padded to the longest, for columns.
std::vector<std::string> padded_names(const Settlement& s);
// One deal: its heading, each player's line, a wrong show's reasons, the money of the deal and
// (in a sheet) the standings after it.
void print_deal(std::ostream& out, const Settlement& s, const DealResult& deal, const Style& style);

// Who pays whom: the parties are the players by index, then the fee, then a pool still held.
void print_transfers(std::ostream& out, std::string_view title,
                     const std::vector<std::string>& names, const std::vector<Transfer>& transfers,
                     const std::string& currency, const Style& style);
Json transfers_json(const std::vector<std::string>& names, const std::vector<Transfer>& transfers);

Json amount_json(const Settlement& s, Minor amount);       // null in a game without money
Json standing_json(const Settlement& s, long long value);  // an amount, or a score (30.5)
Json names_json(const Settlement& s, const std::vector<std::size_t>& players);
Json deal_json(const Settlement& s, const DealResult& deal);

}  // namespace rummy::cli
