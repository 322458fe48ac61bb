// A settled deal in words and as JSON, and who pays whom: what settle (a whole sheet) and deal (one
// deal on its own) print alike. See cli_sheet.hpp.
#include "cli_sheet.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "report.hpp"

namespace rummy::cli {

std::string money(const Settlement& settlement, Minor amount) {
  return (amount < 0 ? "-" : "") + settlement.currency +
         format_amount(amount < 0 ? -amount : amount);
}

std::string signed_money(const Settlement& settlement, Minor amount) {
  return (amount > 0 ? "+" : "") + money(settlement, amount);
}

bool keeps_money(const Settlement& s) {
  return s.rules.match.keeps_money;
}

// "points rummy: ₹2.00 a point, fee 10%; players Asha Ravi", "Basic Rummy to 150; players …"
std::string sheet_header(const Settlement& s) {
  const Match& match = s.rules.match;
  std::string text(keeps_money(s) ? game_description(s.game)
                                  : variant_description(s.rules.variant));
  if (s.target > 0) {
    text += fmt::format(" to {}", s.target);
  } else if (s.deals_to_play > 0) {
    text += fmt::format(" {} {} {}{}", keeps_money(s) ? "of" : "over", s.deals_to_play,
                        match.deal_word, s.deals_to_play == 1 ? "" : "s");
  }
  if (s.point_value) text += fmt::format(": {} a point", money(s, *s.point_value));
  if (s.entry) text += fmt::format(": entry {}", money(s, *s.entry));
  if (s.point_value || s.entry) {
    text += fmt::format(", fee {}", s.fee.percent ? s.fee.text() : money(s, s.fee.fixed));
  }
  std::string names;
  for (const PlayerResult& player : s.players) names += (names.empty() ? "" : " ") + player.name;
  return text + "; players " + names;
}

// The word before a line of standings: what the figure counts.
std::string_view standing_label(Standing standing) {
  return standing == Standing::score ? "total" : standing_id(standing);
}

std::string standing_text(const Settlement& s, long long value) {
  return s.rules.match.standing == Standing::money ? signed_money(s, value) : score_text(s, value);
}

namespace {

std::string outcome_text(const EntryResult& entry) {
  switch (entry.outcome) {
    case Outcome::declared:
      return entry.valid_hand ? "declared, valid" : "declared, wrong show";
    case Outcome::showed:
      return entry.valid_hand ? "showed a valid hand" : "showed";
    case Outcome::dropped:
      return fmt::format("dropped ({})", drop_name(entry.drop));
    case Outcome::missed:
      return "missed three turns";
    case Outcome::left:
      return "left the table";
    case Outcome::out:
      return "went out";
    case Outcome::rummy:
      return "went rummy";
    case Outcome::knocked:
      return "knocked";
    case Outcome::won:
      break;
  }
  return "won, the last player standing";
}

// The parties of a list of transfers: the players by index, then the fee, then a held pool.
std::string party_name(const std::vector<std::string>& names, std::size_t party) {
  if (party < names.size()) return names[party];
  return party == names.size() ? "the fee" : "the pool (held)";
}

}  // namespace

void print_transfers(std::ostream& out, std::string_view title,
                     const std::vector<std::string>& names, const std::vector<Transfer>& transfers,
                     const std::string& currency, const Style& style) {
  if (transfers.empty()) return;
  out << "\n" << style.paint(title, colour::strong) << "\n";
  for (const Transfer& transfer : transfers) {
    out << fmt::format("  {} pays {} {}{}\n", names[transfer.from], party_name(names, transfer.to),
                       currency, format_amount(transfer.amount));
  }
}

Json transfers_json(const std::vector<std::string>& names, const std::vector<Transfer>& transfers) {
  Json list = Json::array();
  for (const Transfer& transfer : transfers) {
    const bool to_player = transfer.to < names.size();
    list.push_back({{"from", names[transfer.from]},
                    {"to", to_player ? Json(names[transfer.to]) : Json(nullptr)},
                    {"recipient", to_player                     ? "player"
                                  : transfer.to == names.size() ? "fee"
                                                                : "pool"},
                    {"amount", format_amount(transfer.amount)}});
  }
  return list;
}

namespace {

// One player's line in a deal: a loser's points (games with money), or what the hand counted
// and what the deal changed (score sheets).
std::string entry_line(const Settlement& s, const EntryResult& entry, const std::string& name) {
  if (s.rules.match.standing != Standing::score) {
    return fmt::format("  {}  {:<30} {:>3}", name, outcome_text(entry), entry.points);
  }
  const std::string counted =
      entry.score
          ? fmt::format("{} {:>3}",
                        s.rules.shown_count == ShownCount::deadwood ? "deadwood" : "in hand ",
                        entry.points)
          : std::string(12, ' ');
  std::string line = fmt::format("  {}  {:<10} {}  {:>5}", name, outcome_text(entry), counted,
                                 score_text(s, entry.change, true));
  if (!entry.hand.empty()) line += "  " + entry.hand;
  return line;
}

}  // namespace

std::vector<std::string> padded_names(const Settlement& s) {
  std::size_t width = 0;
  for (const PlayerResult& player : s.players) width = std::max(width, display_width(player.name));
  std::vector<std::string> names;
  for (const PlayerResult& player : s.players) {
    names.push_back(player.name + std::string(width - display_width(player.name), ' '));
  }
  return names;
}

void print_deal(std::ostream& out, const Settlement& s, const DealResult& deal,
                const Style& style) {
  const std::vector<std::string> padded = padded_names(s);
  // A lone deal has no number, but a round of Crazy Rummy has (its contract).
  const std::string number =
      s.lone && !deal.contract ? std::string() : fmt::format(" {}", deal.number);
  const std::string_view the = s.lone && !deal.contract ? "the " : "";
  out << "\n"
      << style.paint(fmt::format("{}{}{}{}", the, s.rules.match.deal_word, number,
                                 deal.extra ? " (to break the tie)" : ""),
                     colour::strong);
  const std::string note = describe_deal(s, deal);
  if (note.empty()) {
    out << fmt::format(" (wild: {}): {} wins\n",
                       deal.wild ? std::string(rank_plural(*deal.wild)) : std::string("none"),
                       names_text(s, deal.winners));
  } else {
    out << ": " << note << "\n";
  }
  std::vector<std::size_t> arranged;
  for (const EntryResult& entry : deal.entries) {
    out << entry_line(s, entry, padded[entry.player]) << "\n";
    if (entry.grouping == Grouping::arranged) arranged.push_back(entry.player);
  }
  for (const EntryResult& entry : deal.entries) {
    if (entry.problems.empty()) continue;
    out << "  " << s.players[entry.player].name << "'s wrong show:\n";
    for (const std::string& problem : entry.problems) out << "    - " << problem << "\n";
  }
  for (const EntryResult& entry : deal.entries) {
    if (entry.score && entry.score->uncapped > entry.score->points) {
      out << fmt::format("  note: {}'s {}\n", s.players[entry.player].name,
                         cap_note(entry.score->uncapped, entry.score->points));
    }
  }
  if (!arranged.empty()) {
    out << "  written without groups, judged by the best grouping: "
        << names_text(s, arranged, ", ") << "\n";
  }
  if (deal.cash) {
    std::string paid;
    std::size_t k = 0;
    for (const EntryResult& entry : deal.entries) {
      if (entry.player == deal.winners.front()) continue;
      paid += fmt::format("{}{} {}", paid.empty() ? "" : ", ", s.players[entry.player].name,
                          money(s, deal.cash->paid[k++]));
    }
    out << fmt::format("  pay: {}; {} receives {} ({} less the fee {})\n", paid,
                       names_text(s, deal.winners), money(s, deal.cash->net),
                       money(s, deal.cash->gross), money(s, deal.cash->fee));
  }
  if (s.lone) return;
  std::string line;
  for (std::size_t i = 0; i < s.players.size(); ++i) {
    line += fmt::format("{}{} {}", line.empty() ? "" : ", ", s.players[i].name,
                        standing_text(s, deal.standing[i]));
  }
  out << "  " << standing_label(s.rules.match.standing) << ": " << line << "\n";
}

// ---- JSON: the same keys for every game (null where a game has no such thing) ----------------

Json amount_json(const Settlement& s, Minor amount) {
  return keeps_money(s) ? Json(format_amount(amount)) : Json(nullptr);
}

// A score in s.score_parts: a whole number as it is, else the number with its fraction (30.5).
Json score_json(const Settlement& s, long long parts) {
  if (parts % s.score_parts == 0) return Json(parts / s.score_parts);
  return Json(std::round(static_cast<double>(parts) * 1e6 / s.score_parts) / 1e6);
}

Json standing_json(const Settlement& s, long long value) {
  return s.rules.match.standing == Standing::money ? Json(format_amount(value))
                                                   : score_json(s, value);
}

Json names_json(const Settlement& s, const std::vector<std::size_t>& players) {
  Json names = Json::array();
  for (const std::size_t i : players) names.push_back(s.players[i].name);
  return names;
}

Json deal_json(const Settlement& s, const DealResult& deal) {
  Json entries = Json::array();
  for (const EntryResult& entry : deal.entries) {
    const bool hand = !entry.hand.empty();
    entries.push_back(
        {{"player", s.players[entry.player].name},
         {"outcome", outcome_id(entry.outcome)},
         {"drop", entry.outcome == Outcome::dropped ? Json(drop_name(entry.drop)) : Json(nullptr)},
         {"points", entry.score ? Json(entry.points) : Json(nullptr)},
         {"uncapped", entry.score ? Json(entry.score->uncapped) : Json(nullptr)},
         {"change",
          s.rules.match.standing == Standing::score ? score_json(s, entry.change) : Json(nullptr)},
         {"valid", hand && s.rules.declares ? Json(entry.valid_hand) : Json(nullptr)},
         {"hand", hand ? Json(entry.hand) : Json(nullptr)},
         {"grouping", hand ? Json(grouping_id(entry.grouping)) : Json(nullptr)},
         {"rule_id", entry.score ? Json(basis_id(entry.score->basis)) : Json(nullptr)},
         {"problems", entry.problems}});
  }
  Json standing = Json::object();
  for (std::size_t i = 0; i < s.players.size(); ++i) {
    standing[s.players[i].name] = standing_json(s, deal.standing[i]);
  }
  Json cash = nullptr;
  if (deal.cash) {
    Json paid = Json::array();
    for (const Minor amount : deal.cash->paid) paid.push_back(format_amount(amount));
    cash = {{"paid", paid},
            {"gross", format_amount(deal.cash->gross)},
            {"fee", format_amount(deal.cash->fee)},
            {"net", format_amount(deal.cash->net)}};
  }
  const std::string note = describe_deal(s, deal);
  return {{"number", deal.number},
          {"wild", wild_json(deal.wild)},
          {"winners", names_json(s, deal.winners)},
          {"extra", deal.extra},
          {"void", deal.voided},
          {"note", note.empty() ? Json(nullptr) : Json(note)},
          {"entries", entries},
          {"standing", standing},
          {"out", names_json(s, deal.out)},
          {"money", cash}};
}

}  // namespace rummy::cli
