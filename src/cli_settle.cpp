// rummy settle: a table sheet deal by deal, then the standings and the money.
#include <fstream>
#include <iterator>
#include <memory>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "report.hpp"
#include "sheet.hpp"

namespace rummy::cli {

namespace {

struct SettleOptions {
  CommonOptions common;
  std::string sheet = "-";
};

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
std::string header(const Settlement& s) {
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
  if (keeps_money(s)) {
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
  return s.rules.match.standing == Standing::money ? signed_money(s, value) : std::to_string(value);
}

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
  std::string line =
      fmt::format("  {}  {:<10} {}  {:>+5}", name, outcome_text(entry), counted, entry.change);
  if (!entry.hand.empty()) line += "  " + entry.hand;
  return line;
}

// The settlement as text: the header, each deal with the events after it, the standings, the
// result and (games with money) the money.
void print_text(std::ostream& out, const Settlement& s, const Style& style) {
  std::size_t width = 0;
  for (const PlayerResult& player : s.players) width = std::max(width, display_width(player.name));
  const auto padded = [&](std::size_t i) {
    std::string name = s.players[i].name;
    name.append(width - display_width(name), ' ');
    return name;
  };
  std::size_t next_event = 0;
  const auto events_after = [&](std::size_t deals) {
    for (; next_event < s.events.size() && s.events[next_event].after_deal <= deals; ++next_event) {
      out << "  " << describe_event(s, s.events[next_event]) << "\n";
    }
  };
  const std::string_view label = standing_label(s.rules.match.standing);

  out << header(s) << "\n";
  for (const HouseRuleSetting& setting : s.house_rules) {
    out << "house rule: " << setting.text() << "\n";
  }
  events_after(0);
  for (const DealResult& deal : s.deals) {
    if (deal.voided) {
      out << "\n"
          << style.paint(fmt::format("{} {} (void)", s.rules.match.deal_word, deal.number),
                         colour::strong)
          << ": counted for nothing; played again\n";
      continue;
    }
    out << "\n"
        << style.paint(fmt::format("{} {}{}", s.rules.match.deal_word, deal.number,
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
      out << entry_line(s, entry, padded(entry.player)) << "\n";
      if (entry.grouping == Grouping::arranged) arranged.push_back(entry.player);
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
    std::string line;
    for (std::size_t i = 0; i < s.players.size(); ++i) {
      line += fmt::format("{}{} {}", line.empty() ? "" : ", ", s.players[i].name,
                          standing_text(s, deal.standing[i]));
    }
    out << "  " << label << ": " << line << "\n";
    if (!deal.out.empty()) out << "  out: " << names_text(s, deal.out, ", ") << "\n";
    events_after(static_cast<std::size_t>(deal.number));
  }
  events_after(deals_played(s) + 1);

  out << "\n" << style.paint("standings", colour::strong) << "\n";
  for (std::size_t i = 0; i < s.players.size(); ++i) {
    const PlayerResult& player = s.players[i];
    if (s.rules.match.standing == Standing::score) {
      out << fmt::format("  {}  {}\n", padded(i), player.standing);
      continue;
    }
    out << fmt::format("  {}  {} {}", padded(i), label, standing_text(s, player.standing));
    if (s.rules.match.pool) {
      out << (player.out ? ", out"
                         : fmt::format(", {} drop{} left", player.drops_left,
                                       player.drops_left == 1 ? "" : "s"));
    }
    out << "\n";
  }
  out << "result: " << describe_result(s) << "\n";
  if (!keeps_money(s)) return;
  out << "\n" << style.paint("money", colour::strong) << "\n";
  Minor paid = 0, received = 0;
  for (std::size_t i = 0; i < s.players.size(); ++i) {
    const PlayerResult& player = s.players[i];
    out << fmt::format("  {}  paid {:>10}  received {:>10}  net {:>11}\n", padded(i),
                       money(s, player.paid), money(s, player.received),
                       signed_money(s, player.net()));
    paid += player.paid;
    received += player.received;
  }
  out << fmt::format("  fee {}; paid {} = received {} + fee {}", money(s, s.fee_taken),
                     money(s, paid), money(s, received), money(s, s.fee_taken));
  if (s.held > 0) out << fmt::format(" + still in the pool {}", money(s, s.held));
  out << "\n";
  const std::vector<Transfer> transfers = money_transfers(s);
  if (transfers.empty()) return;
  out << "\n" << style.paint("who pays whom", colour::strong) << "\n";
  for (const Transfer& transfer : transfers) {
    const std::string to = transfer.to < s.players.size()    ? s.players[transfer.to].name
                           : transfer.to == s.players.size() ? std::string("the fee")
                                                             : std::string("the pool (held)");
    out << fmt::format("  {} pays {} {}\n", s.players[transfer.from].name, to,
                       money(s, transfer.amount));
  }
}

// ---- JSON: the same keys for every game (null where a game has no such thing) ----------------

Json amount_json(const Settlement& s, Minor amount) {
  return keeps_money(s) ? Json(format_amount(amount)) : Json(nullptr);
}

Json standing_json(const Settlement& s, long long value) {
  return s.rules.match.standing == Standing::money ? Json(format_amount(value)) : Json(value);
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
         {"change", s.rules.match.standing == Standing::score ? Json(entry.change) : Json(nullptr)},
         {"valid", hand && s.rules.declares ? Json(entry.valid_hand) : Json(nullptr)},
         {"hand", hand ? Json(entry.hand) : Json(nullptr)},
         {"grouping", hand ? Json(grouping_id(entry.grouping)) : Json(nullptr)},
         {"rule_id", entry.score ? Json(basis_id(entry.score->basis)) : Json(nullptr)}});
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

Json event_json(const Settlement& s, const SettleEvent& event) {
  return {{"type", event_id(event.type)},
          {"after_deal", event.after_deal},
          {"players", names_json(s, event.players)},
          {"value", event.type == EventType::split ? Json(nullptr) : Json(event.value)},
          {"by_drops", event.type == EventType::split ? Json(event.by_drops) : Json(nullptr)},
          {"text", describe_event(s, event)}};
}

Json player_json(const Settlement& s, const PlayerResult& player) {
  return {{"name", player.name},
          {"standing", standing_json(s, player.standing)},
          {"out", s.rules.match.pool ? Json(player.out) : Json(nullptr)},
          {"drops_left", s.rules.match.pool ? Json(player.drops_left) : Json(nullptr)},
          {"paid", amount_json(s, player.paid)},
          {"received", amount_json(s, player.received)},
          {"net", amount_json(s, player.net())}};
}

// The settlement as one JSON document, the deals streamed one at a time: a sheet of 100,000
// deals never holds them all as JSON values.
void write_settlement_json(std::ostream& out, const Settlement& s) {
  std::string text;
  JsonWriter json(text);
  const auto flush = [&] {
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!out) throw OutputFailed{errno};
    text.clear();
  };
  json.begin_object();
  json.member("game",
              std::string(keeps_money(s) ? game_name(s.game) : variant_name(s.rules.variant)));
  json.member("deals_to_play", s.deals_to_play > 0 ? Json(s.deals_to_play) : Json(nullptr));
  json.member("target", s.target > 0 ? Json(s.target) : Json(nullptr));
  json.member("point_value", s.point_value ? Json(format_amount(*s.point_value)) : Json(nullptr));
  json.member("entry", s.entry ? Json(format_amount(*s.entry)) : Json(nullptr));
  json.member("fee", keeps_money(s)
                         ? Json(s.fee.percent ? s.fee.text() : format_amount(s.fee.fixed))
                         : Json(nullptr));
  json.member("currency", keeps_money(s) ? Json(s.currency) : Json(nullptr));
  json.member("house_rules", house_rules_json(s.house_rules));
  json.member("standing", std::string(standing_id(s.rules.match.standing)));
  json.key("deals");
  json.begin_array();
  for (const DealResult& deal : s.deals) {
    json.value(deal_json(s, deal));
    if (text.size() >= (1 << 16)) flush();
  }
  json.end_array();
  Json events = Json::array();
  for (const SettleEvent& event : s.events) events.push_back(event_json(s, event));
  json.member("events", events);
  json.member("finished", s.finished);
  json.member("result", describe_result(s));
  json.member("winners", names_json(s, s.winners));
  Json players = Json::array();
  for (const PlayerResult& player : s.players) players.push_back(player_json(s, player));
  json.member("players", players);
  Json transfers = Json::array();
  for (const Transfer& transfer : money_transfers(s)) {
    const bool to_player = transfer.to < s.players.size();
    transfers.push_back({{"from", s.players[transfer.from].name},
                         {"to", to_player ? Json(s.players[transfer.to].name) : Json(nullptr)},
                         {"recipient", to_player                         ? "player"
                                       : transfer.to == s.players.size() ? "fee"
                                                                         : "pool"},
                         {"amount", format_amount(transfer.amount)}});
  }
  json.member("transfers", transfers);
  json.member("pool", amount_json(s, s.pool));
  json.member("fee_taken", amount_json(s, s.fee_taken));
  json.member("held", amount_json(s, s.held));
  json.end_object();
  text += '\n';
  flush();
}

// The settlement, written as text or streamed as JSON.
struct SettleResult {
  const Settlement& settlement;
  void stream_json(std::ostream& out) const { write_settlement_json(out, settlement); }
  void text(std::ostream& out, const Style& style) const { print_text(out, settlement, style); }
};

int run_settle(const SettleOptions& options, const Environment& env) {
  return guarded(options.common, env, [&]() -> int {
    const Input input = read_input(options.sheet, env);
    const std::string& text = input.text;
    const std::string& source = input.source;
    const Sheet sheet = parse_sheet(text, source);
    const Settlement settlement = settle(sheet, text, source);
    emit(SettleResult{settlement}, options.common, env);
    return exit_ok;
  });
}

}  // namespace

std::function<int()> setup_settle(CLI::App& command, const Environment& env) {
  auto options = std::make_shared<SettleOptions>();
  add_output_options(command, options->common);
  command.add_option("sheet", options->sheet, "The table sheet; absent or '-': standard input");
  return [options, &env] { return run_settle(*options, env); };
}

}  // namespace rummy::cli
