// rummy settle: a table sheet deal by deal, then the standings and the money.
#include <fstream>
#include <iterator>
#include <memory>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "cli_sheet.hpp"
#include "describe.hpp"
#include "report.hpp"
#include "sheet.hpp"

namespace rummy::cli {

namespace {

struct SettleOptions {
  CommonOptions common;
  std::vector<std::string> sheets;  // none: standard input
};

// The paper grid a host keeps: a row per deal, a column per player, each box the player's
// running standing after it; ✗ marks a player out in that deal, ↺ a re-join (at its total), a
// void deal's row says so, and a player out of the game has a dash.
void print_grid(std::ostream& out, const Settlement& s, const Style& style) {
  if (s.deals.empty()) return;
  std::vector<std::string> head{""};
  for (const PlayerResult& player : s.players) head.push_back(player.name);
  std::vector<std::vector<std::string>> rows;
  std::vector<bool> out_of_game(s.players.size(), false);
  std::vector<long long> standing(s.players.size(), 0);
  std::size_t next_event = 0;
  std::size_t counted = 0;
  const auto rejoins_after = [&](std::size_t deals) {
    for (; next_event < s.events.size() && s.events[next_event].after_deal <= deals; ++next_event) {
      const SettleEvent& event = s.events[next_event];
      if (event.type != EventType::rejoin) continue;
      std::vector<std::string> row{std::string(grid_rejoin_label)};
      for (const std::size_t i : event.players) {
        out_of_game[i] = false;
        standing[i] = event.value;
      }
      for (std::size_t i = 0; i < s.players.size(); ++i) {
        const bool back =
            std::find(event.players.begin(), event.players.end(), i) != event.players.end();
        row.push_back(out_of_game[i] ? std::string(grid_out_of_game)
                                     : standing_text(s, standing[i]) +
                                           std::string(back ? grid_rejoin_mark : ""));
      }
      rows.push_back(row);
    }
  };
  rejoins_after(0);
  for (const DealResult& deal : s.deals) {
    std::vector<std::string> row{grid_deal_label(s, deal)};
    if (deal.voided) {
      for (std::size_t i = 0; i < s.players.size(); ++i) row.push_back("");
      rows.push_back(row);
      continue;
    }
    ++counted;
    standing = deal.standing;
    for (std::size_t i = 0; i < s.players.size(); ++i) {
      const bool went_out = std::find(deal.out.begin(), deal.out.end(), i) != deal.out.end();
      row.push_back(out_of_game[i] ? std::string(grid_out_of_game)
                                   : standing_text(s, standing[i]) +
                                         std::string(went_out ? grid_out_mark : ""));
      if (went_out) out_of_game[i] = true;
    }
    rows.push_back(row);
    rejoins_after(counted);
  }
  std::vector<std::size_t> widths(head.size(), 0);
  for (std::size_t c = 0; c < head.size(); ++c) {
    widths[c] = display_width(head[c]);
    for (const auto& row : rows) widths[c] = std::max(widths[c], display_width(row[c]));
  }
  const auto line = [&](const std::vector<std::string>& cells) {
    std::string text = "  " + cells[0] + std::string(widths[0] - display_width(cells[0]), ' ');
    for (std::size_t c = 1; c < cells.size(); ++c) {
      text += "  " + std::string(widths[c] - display_width(cells[c]), ' ') + cells[c];
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    return text + "\n";
  };
  out << "\n" << style.paint(grid_title(s), colour::strong) << "\n" << line(head);
  for (const auto& row : rows) out << line(row);
}

// The settlement as text: the header, the grid, each deal with the events after it, the
// standings, the result and (games with money) the money.
void print_text(std::ostream& out, const Settlement& s, const Style& style) {
  const std::vector<std::string> padded = padded_names(s);
  std::size_t next_event = 0;
  const auto events_after = [&](std::size_t deals) {
    for (; next_event < s.events.size() && s.events[next_event].after_deal <= deals; ++next_event) {
      out << "  " << describe_event(s, s.events[next_event]) << "\n";
    }
  };
  const std::string_view label = standing_label(s.rules.match.standing);

  out << sheet_header(s) << "\n";
  for (const HouseRuleSetting& setting : s.house_rules) {
    out << "house rule: " << setting.text() << "\n";
  }
  print_grid(out, s, style);
  events_after(0);
  for (const DealResult& deal : s.deals) {
    if (deal.voided) {
      out << "\n"
          << style.paint(deal_title(s, deal) + " (void)", colour::strong) << ": "
          << describe_deal(s, deal) << "\n";
      continue;
    }
    print_deal(out, s, deal, style);
    if (!deal.out.empty()) out << "  " << describe_out(s, deal) << "\n";
    events_after(static_cast<std::size_t>(deal.number));
  }
  events_after(deals_played(s) + 1);

  out << "\n" << style.paint("standings", colour::strong) << "\n";
  for (std::size_t i = 0; i < s.players.size(); ++i) {
    const PlayerResult& player = s.players[i];
    if (s.rules.match.standing == Standing::score) {
      out << fmt::format("  {}  {}\n", padded[i], score_text(s, player.standing));
      continue;
    }
    out << fmt::format("  {}  {} {}{}\n", padded[i], label, standing_text(s, player.standing),
                       describe_drops(s, player));
  }
  if (const auto totals = describe_final_totals(s); !totals.empty()) {
    out << "\n" << style.paint("final totals", colour::strong) << "\n";
    for (std::size_t i = 0; i < s.players.size(); ++i) {
      out << fmt::format("  {}  {}\n", padded[i], totals[i]);
    }
  }
  out << "result: " << describe_result(s) << "\n";
  for (std::size_t i = 0; i < s.penalties_owed.size(); ++i) {
    if (s.penalties_owed[i] == 0) continue;
    out << fmt::format(
        "  {} owes a foul penalty of {} points to whoever ends the next {}: not "
        "settled here\n",
        s.players[i].name, s.penalties_owed[i], s.rules.match.deal_word);
  }
  if (!keeps_money(s)) return;
  out << "\n" << style.paint("money", colour::strong) << "\n";
  Minor paid = 0, received = 0;
  for (std::size_t i = 0; i < s.players.size(); ++i) {
    const PlayerResult& player = s.players[i];
    out << fmt::format("  {}  paid {:>10}  received {:>10}  net {:>11}\n", padded[i],
                       money(s, player.paid), money(s, player.received),
                       signed_money(s, player.net()));
    paid += player.paid;
    received += player.received;
  }
  out << "  " << describe_money_balance(s, paid, received) << "\n";
  std::vector<std::string> names;
  for (const PlayerResult& player : s.players) names.push_back(player.name);
  print_transfers(out, "who pays whom", names, money_transfers(s), s.currency, style);
}

Json event_json(const Settlement& s, const SettleEvent& event) {
  const bool setting = event.type == EventType::setting;
  return {{"type", event_id(event.type)},
          {"after_deal", event.after_deal},
          {"players", names_json(s, event.players)},
          {"value", event.type == EventType::rejoin || event.type == EventType::tie
                        ? standing_json(s, event.value)
                        : Json(nullptr)},
          {"by_drops", event.type == EventType::split ? Json(event.by_drops) : Json(nullptr)},
          {"setting", setting ? Json(std::string(setting_id(event.setting))) : Json(nullptr)},
          {"setting_value", setting ? Json(setting_value_text(event)) : Json(nullptr)},
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

// Sends what the writer holds on to the output.
void send(JsonWriter& json, std::ostream& out) {
  json.flush_to(out);
  if (!out) throw OutputFailed{errno};
}

// The settlement as one JSON document, the deals streamed one at a time: a sheet of 100,000
// deals never holds them all as JSON values.
void write_settlement(JsonWriter& json, std::ostream& out, const Settlement& s) {
  json.begin_object();
  json.member("game"_key, game_id(s.game, s.rules));
  // The game and its format as `rummy rules --list` names them, and what the sheet takes next.
  json.member("variant"_key, s.rules.id);
  json.member("format"_key, options_of(s.rules).formats ? Json(game_name(s.game)) : Json(nullptr));
  json.member("more_deals"_key, !s.finished || s.rules.match.end == GameEnd::every_deal);
  json.member("rejoins"_key, s.rules.match.pool);
  json.member("deal_word"_key, s.rules.match.deal_word);
  json.member("deals_to_play"_key, s.deals_to_play > 0 ? Json(s.deals_to_play) : Json(nullptr));
  json.member("target"_key, s.target > 0 ? Json(s.target) : Json(nullptr));
  json.member("point_value"_key,
              s.point_value ? Json(format_amount(*s.point_value)) : Json(nullptr));
  json.member("entry"_key, s.entry ? Json(format_amount(*s.entry)) : Json(nullptr));
  json.member("fee"_key, s.rules.match.keeps_money
                             ? Json(s.fee.percent ? s.fee.text() : format_amount(s.fee.fixed))
                             : Json(nullptr));
  json.member("currency"_key, keeps_money(s) ? Json(s.currency) : Json(nullptr));
  json.member("house_rules"_key, house_rules_json(s.house_rules));
  json.member("standing"_key, std::string(standing_id(s.rules.match.standing)));
  json.key("deals"_key);
  json.begin_array();
  for (const DealResult& deal : s.deals) {
    json.value(deal_json(s, deal));
    if (json.size() >= (1 << 16)) send(json, out);
  }
  json.end_array();
  Json events = Json::array();
  for (const SettleEvent& event : s.events) events.push_back(event_json(s, event));
  json.member("events"_key, events);
  json.member("finished"_key, s.finished);
  json.member("result"_key, describe_result(s));
  json.member("winners"_key, names_json(s, s.winners));
  Json players = Json::array();
  for (const PlayerResult& player : s.players) players.push_back(player_json(s, player));
  json.member("players"_key, players);
  std::vector<std::string> names;
  for (const PlayerResult& player : s.players) names.push_back(player.name);
  json.member("transfers"_key, transfers_json(names, money_transfers(s)));
  if (s.gin_game) {
    // Gin: each player's total (final, with the game bonus, boxes and shutout, once the game is
    // over; the hand points before), the hands won and the margin. Only Gin has these keys.
    Json totals = Json::object(), boxes = Json::object();
    for (std::size_t i = 0; i < s.players.size(); ++i) {
      totals[s.players[i].name] = s.gin_game->totals[i];
      boxes[s.players[i].name] = s.gin_game->boxes[i];
    }
    json.member("totals"_key, totals);
    json.member("boxes"_key, boxes);
    json.member("margin"_key, s.gin_game->margin);
    json.member("shutout"_key, s.gin_game->shutout);
  }
  if (s.rules.match.deal_points == DealPoints::maal_exchange) {
    // Marriage: foul penalties (points) owed at the end, due to whoever ends the next deal.
    Json owed = Json::object();
    for (std::size_t i = 0; i < s.players.size(); ++i) {
      owed[s.players[i].name] = i < s.penalties_owed.size() ? s.penalties_owed[i] : 0;
    }
    json.member("penalties_owed"_key, owed);
  }
  json.member("pool"_key, amount_json(s, s.pool));
  json.member("fee_taken"_key, amount_json(s, s.fee_taken));
  json.member("held"_key, amount_json(s, s.held));
  json.end_object();
}

// An evening of several sheets: each player's money across them (by name, whatever its case), and
// who pays whom.
struct Evening {
  std::string currency;
  std::vector<std::string> names;
  std::vector<Minor> nets;
  Minor fee = 0, held = 0;
  std::vector<Transfer> transfers;
};

Evening evening_of(const std::vector<Settlement>& sheets, const std::vector<std::string>& sources) {
  Evening evening;
  std::optional<std::size_t> currency_from;
  for (std::size_t k = 0; k < sheets.size(); ++k) {
    const Settlement& s = sheets[k];
    if (!keeps_money(s)) continue;
    if (currency_from && s.currency != evening.currency) {
      throw CommandError{
          fmt::format("{} and {} keep different currencies ('{}' and '{}'): an "
                      "evening adds up one",
                      sources[*currency_from], sources[k], evening.currency, s.currency),
          std::nullopt};
    }
    currency_from = k;
    evening.currency = s.currency;
    for (const PlayerResult& player : s.players) {
      const auto found =
          std::find_if(evening.names.begin(), evening.names.end(),
                       [&](const std::string& name) { return same_name(name, player.name); });
      if (found == evening.names.end()) {
        evening.names.push_back(player.name);
        evening.nets.push_back(player.net());
      } else {
        evening.nets[static_cast<std::size_t>(found - evening.names.begin())] += player.net();
      }
    }
    evening.fee += s.fee_taken;
    evening.held += s.held;
  }
  std::vector<Minor> balances = evening.nets;
  balances.push_back(evening.fee);
  balances.push_back(evening.held);
  evening.transfers = fewest_transfers(balances);
  return evening;
}

Json evening_json(const Evening& evening) {
  Json players = Json::array();
  for (std::size_t i = 0; i < evening.names.size(); ++i) {
    players.push_back({{"name", evening.names[i]}, {"net", format_amount(evening.nets[i])}});
  }
  return {{"currency", evening.currency},
          {"players", players},
          {"fee_taken", format_amount(evening.fee)},
          {"held", format_amount(evening.held)},
          {"transfers", transfers_json(evening.names, evening.transfers)}};
}

// The settlements, written as text or streamed as JSON: one sheet as its settlement; several as
// {"sheets": [...], "evening": {...}}, the evening being each player's money across them.
struct SettleResult {
  const std::vector<Settlement>& sheets;
  const std::vector<std::string>& sources;
  const std::optional<Evening>& evening;  // several sheets

  void stream_json(std::ostream& out) const {
    std::string text;
    JsonWriter json(text);
    if (sheets.size() == 1) {
      write_settlement(json, out, sheets.front());
    } else {
      json.begin_object();
      json.key("sheets"_key);
      json.begin_array();
      for (const Settlement& s : sheets) write_settlement(json, out, s);
      json.end_array();
      json.member("evening"_key, evening_json(*evening));
      json.end_object();
    }
    json.end_line();
    send(json, out);
  }

  void text(std::ostream& out, const Style& style) const {
    if (sheets.size() == 1) return print_text(out, sheets.front(), style);
    for (std::size_t k = 0; k < sheets.size(); ++k) {
      out << (k == 0 ? "" : "\n") << style.paint("sheet " + sources[k], colour::strong) << "\n";
      print_text(out, sheets[k], style);
    }
    out << "\n" << style.paint("the evening", colour::strong) << "\n";
    std::size_t width = 0;
    for (const std::string& name : evening->names) width = std::max(width, display_width(name));
    for (std::size_t i = 0; i < evening->names.size(); ++i) {
      std::string name = evening->names[i];
      name.append(width - display_width(name), ' ');
      const Minor net = evening->nets[i];
      out << fmt::format("  {}  net {}{}{}\n", name,
                         net > 0   ? "+"
                         : net < 0 ? "-"
                                   : "",
                         evening->currency, format_amount(net < 0 ? -net : net));
    }
    print_transfers(out, "who pays whom over the evening", evening->names, evening->transfers,
                    evening->currency, style);
  }
};

int run_settle(const SettleOptions& options, const Environment& env) {
  return guarded(options.common, env, [&]() -> int {
    std::vector<std::string> paths = options.sheets;
    if (paths.empty()) paths.push_back("-");
    std::vector<Settlement> sheets;
    std::vector<std::string> sources;
    for (const std::string& path : paths) {
      if (path == "-" && env.in_is_terminal) env.err << "rummy: type the sheet, then Ctrl-D\n";
      const Input input = read_input(path, env);
      sheets.push_back(settle(parse_sheet(input.text, input.source), input.text, input.source));
      sources.push_back(input.source);
    }
    // Mixed currencies are refused before anything is written.
    std::optional<Evening> evening;
    if (sheets.size() > 1) evening = evening_of(sheets, sources);
    emit(SettleResult{sheets, sources, evening}, options.common, env);
    return exit_ok;
  });
}

}  // namespace

std::function<int()> setup_settle(CLI::App& command, const Environment& env) {
  auto options = std::make_shared<SettleOptions>();
  add_output_options(command, options->common);
  command.add_option("sheets", options->sheets,
                     "The table sheets of an evening; none or '-': standard input");
  return [options, &env] { return run_settle(*options, env); };
}

}  // namespace rummy::cli
