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

std::string header(const Settlement& s) {
  std::string text(game_description(s.game));
  if (s.game == Game::deals) text += fmt::format(" of {} deals", s.deals_to_play);
  if (s.point_value) text += fmt::format(": {} a point", money(s, *s.point_value));
  if (s.entry) text += fmt::format(": entry {}", money(s, *s.entry));
  text += fmt::format(", fee {}", s.fee.percent ? s.fee.text() : money(s, s.fee.fixed));
  std::string names;
  for (const PlayerResult& player : s.players) names += (names.empty() ? "" : " ") + player.name;
  return text + "; players " + names;
}

std::string standing_label(Game game) {
  switch (game) {
    case Game::points:
      return "net";
    case Game::pool101:
    case Game::pool201:
      return "total";
    case Game::deals:
      break;
  }
  return "chips";
}

std::string standing_text(const Settlement& s, long long value) {
  return s.game == Game::points ? signed_money(s, value) : std::to_string(value);
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

// What both kinds of sheet print alike: names padded to one width, the house rules, the events
// in their places, and a deal's standings on one line.
class SheetText {
 public:
  SheetText(std::ostream& out, const Settlement& s) : out_(out), s_(s) {
    for (const PlayerResult& player : s.players) {
      width_ = std::max(width_, display_width(player.name));
    }
  }

  std::string padded(std::string name) const {
    name.append(width_ - display_width(name), ' ');
    return name;
  }

  void house_rules() const {
    for (const HouseRuleSetting& setting : s_.house_rules) {
      out_ << "house rule: " << setting.text() << "\n";
    }
  }

  // The events that came after `deals` deals and are not printed yet.
  void events_after(std::size_t deals) {
    for (; next_event_ < s_.events.size() && s_.events[next_event_].after_deal <= deals;
         ++next_event_) {
      out_ << "  " << s_.events[next_event_].text << "\n";
    }
  }

  // "Asha 39, Ravi 0": each player's standing after the deal, as `text` writes it.
  template <typename Text>
  std::string standings(const DealResult& deal, Text&& text) const {
    std::string line;
    for (std::size_t i = 0; i < s_.players.size(); ++i) {
      line += fmt::format("{}{} {}", line.empty() ? "" : ", ", s_.players[i].name,
                          text(deal.standing[i]));
    }
    return line;
  }

 private:
  std::ostream& out_;
  const Settlement& s_;
  std::size_t width_ = 0;
  std::size_t next_event_ = 0;
};

// Basic, Knock and Crazy Rummy: a score sheet, hand by hand or round by round.
void print_scores(std::ostream& out, const Settlement& s, const Style& style) {
  SheetText text(out, s);
  const bool basic = s.variant == Variant::basic;
  std::string head(variant_description(s.variant));
  if (s.target > 0) {
    head += fmt::format(" to {}", s.target);
  } else {
    head += fmt::format(" over {} {}{}", s.deals_to_play, basic ? "hand" : "round",
                        s.deals_to_play == 1 ? "" : "s");
  }
  std::string names;
  for (const PlayerResult& player : s.players) names += (names.empty() ? "" : " ") + player.name;
  out << head << "; players " << names << "\n";
  text.house_rules();
  for (const DealResult& deal : s.deals) {
    out << "\n"
        << style.paint(fmt::format("{} {}{}", basic ? "hand" : "round", deal.number,
                                   deal.extra ? " (to break the tie)" : ""),
                       colour::strong)
        << ": " << deal.note << "\n";
    for (const EntryResult& entry : deal.entries) {
      const std::string counted =
          entry.score
              ? fmt::format("{} {:>3}",
                            entry.score->basis == ScoreBasis::deadwood ? "deadwood" : "in hand ",
                            entry.points)
              : std::string(12, ' ');
      out << fmt::format("  {}  {:<10} {}  {:>+5}", text.padded(entry.player), outcome_text(entry),
                         counted, entry.change);
      if (!entry.hand.empty()) out << "  " << entry.hand;
      out << "\n";
    }
    out << "  total: "
        << text.standings(deal, [](long long total) { return std::to_string(total); }) << "\n";
    text.events_after(static_cast<std::size_t>(deal.number));
  }
  text.events_after(s.deals.size() + 1);
  out << "\n" << style.paint("standings", colour::strong) << "\n";
  for (const PlayerResult& player : s.players) {
    out << fmt::format("  {}  {}\n", text.padded(player.name), player.standing);
  }
  out << "result: " << s.result << "\n";
}

void print_text(std::ostream& out, const Settlement& s, const Style& style) {
  if (s.variant != Variant::indian) return print_scores(out, s, style);
  SheetText text(out, s);
  out << header(s) << "\n";
  text.house_rules();
  text.events_after(0);
  for (const DealResult& deal : s.deals) {
    out << "\n"
        << style.paint(
               fmt::format("deal {}{}", deal.number, deal.extra ? " (to break the tie)" : ""),
               colour::strong)
        << fmt::format(" (wild: {}): {} wins\n",
                       deal.wild ? std::string(rank_plural(*deal.wild)) : std::string("none"),
                       deal.winner);
    for (const EntryResult& entry : deal.entries) {
      out << fmt::format("  {}  {:<30} {:>3}\n", text.padded(entry.player), outcome_text(entry),
                         entry.points);
    }
    if (deal.cash) {
      std::string paid;
      std::size_t k = 0;
      for (const EntryResult& entry : deal.entries) {
        if (entry.player == deal.winner) continue;
        paid += fmt::format("{}{} {}", paid.empty() ? "" : ", ", entry.player,
                            money(s, deal.cash->paid[k++]));
      }
      out << fmt::format("  pay: {}; {} receives {} ({} less the fee {})\n", paid, deal.winner,
                         money(s, deal.cash->net), money(s, deal.cash->gross),
                         money(s, deal.cash->fee));
    }
    out << "  " << standing_label(s.game) << ": "
        << text.standings(deal, [&](long long value) { return standing_text(s, value); }) << "\n";
    if (!deal.out.empty()) {
      std::string out_names;
      for (const std::string& name : deal.out) out_names += (out_names.empty() ? "" : ", ") + name;
      out << "  out: " << out_names << "\n";
    }
    text.events_after(static_cast<std::size_t>(deal.number));
  }
  text.events_after(s.deals.size() + 1);

  out << "\n" << style.paint("standings", colour::strong) << "\n";
  for (const PlayerResult& player : s.players) {
    out << fmt::format("  {}  {} {}", text.padded(player.name), standing_label(s.game),
                       standing_text(s, player.standing));
    if (s.game == Game::pool101 || s.game == Game::pool201) {
      out << (player.out ? ", out"
                         : fmt::format(", {} drop{} left", player.drops_left,
                                       player.drops_left == 1 ? "" : "s"));
    }
    out << "\n";
  }
  out << "result: " << s.result << "\n";
  out << "\n" << style.paint("money", colour::strong) << "\n";
  Minor paid = 0, received = 0;
  for (const PlayerResult& player : s.players) {
    out << fmt::format("  {}  paid {:>10}  received {:>10}  net {:>11}\n", text.padded(player.name),
                       money(s, player.paid), money(s, player.received),
                       signed_money(s, player.net()));
    paid += player.paid;
    received += player.received;
  }
  out << fmt::format("  fee {}; paid {} = received {} + fee {}", money(s, s.fee_taken),
                     money(s, paid), money(s, received), money(s, s.fee_taken));
  if (s.held > 0) out << fmt::format(" + still in the pool {}", money(s, s.held));
  out << "\n";
}

Json amount_json(Minor amount) {
  return format_amount(amount);
}

// Basic, Knock and Crazy Rummy: the score sheet.
Json score_deal_json(const Settlement& s, const DealResult& deal) {
  Json entries = Json::array();
  for (const EntryResult& entry : deal.entries) {
    Json item = {{"player", entry.player},
                 {"outcome", outcome_id(entry.outcome)},
                 {"points", entry.score ? Json(entry.points) : Json(nullptr)},
                 {"change", entry.change}};
    if (entry.score) item["rule_id"] = basis_id(entry.score->basis);
    if (!entry.hand.empty()) item["hand"] = entry.hand;
    entries.push_back(item);
  }
  Json totals = Json::object();
  for (std::size_t i = 0; i < s.players.size(); ++i) totals[s.players[i].name] = deal.standing[i];
  return {{"number", deal.number}, {"winner", deal.winner}, {"extra", deal.extra},
          {"note", deal.note},     {"entries", entries},    {"total", totals}};
}

Json scores_json(const Settlement& s) {
  Json deals = Json::array();
  Json events = Json::array();
  for (const Settlement::Event& event : s.events) {
    events.push_back({{"after_deal", event.after_deal}, {"text", event.text}});
  }
  Json players = Json::array();
  for (const PlayerResult& player : s.players) {
    players.push_back({{"name", player.name}, {"total", player.standing}});
  }
  return {{"game", variant_name(s.variant)},
          {"target", s.target > 0 ? Json(s.target) : Json(nullptr)},
          {"deals_to_play", s.target > 0 ? Json(nullptr) : Json(s.deals_to_play)},
          {"house_rules", house_rules_json(s.house_rules)},
          {"deals", deals},
          {"events", events},
          {"finished", s.finished},
          {"result", s.result},
          {"players", players}};
}

Json deal_json(const Settlement& s, const DealResult& deal) {
  if (s.variant != Variant::indian) return score_deal_json(s, deal);
  Json entries = Json::array();
  for (const EntryResult& entry : deal.entries) {
    Json item = {
        {"player", entry.player}, {"outcome", outcome_id(entry.outcome)}, {"points", entry.points}};
    if (entry.outcome == Outcome::dropped) item["drop"] = drop_name(entry.drop);
    if (entry.outcome == Outcome::declared || entry.outcome == Outcome::showed) {
      item["valid"] = entry.valid_hand;
      item["hand"] = entry.hand;
    }
    if (entry.score) item["rule_id"] = basis_id(entry.score->basis);
    entries.push_back(item);
  }
  Json standing = Json::object();
  for (std::size_t i = 0; i < s.players.size(); ++i) {
    standing[s.players[i].name] =
        s.game == Game::points ? amount_json(deal.standing[i]) : Json(deal.standing[i]);
  }
  Json item = {{"number", deal.number}, {"wild", wild_json(deal.wild)},
               {"winner", deal.winner}, {"extra", deal.extra},
               {"entries", entries},    {standing_label(s.game), standing},
               {"out", deal.out}};
  if (deal.cash) {
    Json paid = Json::array();
    for (const Minor amount : deal.cash->paid) paid.push_back(amount_json(amount));
    item["money"] = {{"paid", paid},
                     {"gross", amount_json(deal.cash->gross)},
                     {"fee", amount_json(deal.cash->fee)},
                     {"net", amount_json(deal.cash->net)}};
  }
  return item;
}

// Everything but the deals, which write_json streams ("deals": [] here).
Json settlement_json(const Settlement& s) {
  if (s.variant != Variant::indian) return scores_json(s);
  Json deals = Json::array();
  Json events = Json::array();
  for (const Settlement::Event& event : s.events) {
    events.push_back({{"after_deal", event.after_deal}, {"text", event.text}});
  }
  Json players = Json::array();
  for (const PlayerResult& player : s.players) {
    Json item = {{"name", player.name},
                 {standing_label(s.game),
                  s.game == Game::points ? amount_json(player.standing) : Json(player.standing)},
                 {"paid", amount_json(player.paid)},
                 {"received", amount_json(player.received)},
                 {"net", amount_json(player.net())}};
    if (s.game == Game::pool101 || s.game == Game::pool201) {
      item["out"] = player.out;
      item["drops_left"] = player.drops_left;
    }
    players.push_back(item);
  }
  return {{"game", game_name(s.game)},
          {"deals_to_play", s.game == Game::deals ? Json(s.deals_to_play) : Json(nullptr)},
          {"point_value", s.point_value ? amount_json(*s.point_value) : Json(nullptr)},
          {"entry", s.entry ? amount_json(*s.entry) : Json(nullptr)},
          {"fee", s.fee.percent ? s.fee.text() : format_amount(s.fee.fixed)},
          {"currency", s.currency},
          {"house_rules", house_rules_json(s.house_rules)},
          {"deals", deals},
          {"events", events},
          {"finished", s.finished},
          {"result", s.result},
          {"players", players},
          {"pool", amount_json(s.pool)},
          {"fee_taken", amount_json(s.fee_taken)},
          {"held", amount_json(s.held)}};
}

// The settlement as one JSON document, as dump(2) would print it, the deals written one at a
// time: a sheet of 100,000 deals never holds them all as JSON values.
void write_json(std::ostream& out, const Settlement& s) {
  const std::string text = settlement_json(s).dump(2);
  const std::string_view marker = "\n  \"deals\": [],";
  const std::size_t at = text.find(marker);
  out << text.substr(0, at) << "\n  \"deals\": [";
  bool first = true;
  for (const DealResult& deal : s.deals) {
    std::string item = deal_json(s, deal).dump(2);
    std::string indented = "\n    ";
    for (const char c : item) {
      indented += c;
      if (c == '\n') indented += "    ";
    }
    out << (first ? "" : ",") << indented;
    first = false;
  }
  out << (first ? "]," : "\n  ],") << text.substr(at + marker.size()) << "\n";
}

int run_settle(const SettleOptions& options, const Environment& env) {
  return guarded(options.common, env, [&]() -> int {
    std::string text;
    std::string source = options.sheet;
    if (options.sheet == "-") {
      text.assign(std::istreambuf_iterator<char>(env.in), std::istreambuf_iterator<char>());
      source = "<stdin>";
    } else {
      std::ifstream in(options.sheet, std::ios::binary);
      if (!in) {
        throw CommandError{fmt::format("cannot read {}: {}", options.sheet, std::strerror(errno)),
                           std::nullopt};
      }
      text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    const Sheet sheet = parse_sheet(text, source);
    const Settlement settlement = settle(sheet, text, source);
    if (options.common.output_format() == Format::json) {
      write_json(env.out, settlement);
    } else {
      print_text(env.out, settlement, Style(options.common, env));
    }
    return exit_ok;
  });
}

}  // namespace

std::function<int()> setup_settle(CLI::App& command, const Environment& env) {
  auto options = std::make_shared<SettleOptions>();
  add_common_options(command, options->common, /*takes_hand=*/false);
  command.remove_option(command.get_option("--house"));
  command.add_option("sheet", options->sheet, "The table sheet; absent or '-': standard input");
  return [options, &env] { return run_settle(*options, env); };
}

}  // namespace rummy::cli
