// A settled deal in words and as JSON, and who pays whom: what settle (a whole sheet) and deal (one
// deal on its own) print alike. See cli_sheet.hpp.
#include "cli_sheet.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "report.hpp"

namespace rummy::cli {

bool keeps_money(const Settlement& s) {
  // Gin keeps money only at a point value ('point 0.10': the margin's money).
  return s.rules.match.keeps_money || (s.rules.match.point_for_margin && s.point_value);
}

void print_transfers(std::ostream& out, std::string_view title,
                     const std::vector<std::string>& names, const std::vector<Transfer>& transfers,
                     const std::string& currency, const Style& style) {
  if (transfers.empty()) return;
  out << "\n" << style.paint(title, colour::strong) << "\n";
  for (const Transfer& transfer : transfers) {
    out << "  " << describe_transfer(names, transfer, currency) << "\n";
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

// "ended (dublees)", "seen", "foul", "sat out": a player's state in a deal settled by maal.
std::string maal_state_text(const EntryResult& entry) {
  const EntryResult::Maal& maal = *entry.maal;
  if (maal.sat_out) return "sat out";
  std::string text(row_of(maal_state_rows, maal.state).id);
  if (maal.state == MaalState::ended && maal.route == FirstStage::dublees) text += " (dublees)";
  if (maal.written_as) text += fmt::format(" (written '{}')", outcome_id(*maal.written_as));
  return text;
}

// A player's line in a deal settled by maal: the state, the maal counted, each part of the
// settlement in points, the net and its money.
std::string maal_entry_line(const Settlement& s, const EntryResult& entry,
                            const std::string& name) {
  const MaalShare& share = entry.maal->share;
  const auto part = [](int points) { return fmt::format("{:+}", points); };
  std::string line = fmt::format(
      "  {}  {:<24} maal {:>3}  exchange {:>4}  game {:>4}  dublee {:>4}  penalty {:>4}  net {:>4}",
      name, maal_state_text(entry), entry.maal->sat_out ? 0 : share.counted, part(share.exchange),
      part(share.game), part(share.dublee), part(share.penalty), part(share.net));
  if (s.point_value) line += "  " + signed_money(s, entry.maal->money);
  return line;
}

// One player's line in a deal: a loser's points (games with money), or what the hand counted
// and what the deal changed (score sheets).
std::string entry_line(const Settlement& s, const EntryResult& entry, const std::string& name) {
  if (entry.maal) return maal_entry_line(s, entry, name);
  if (s.rules.match.standing != Standing::score) {
    return fmt::format("  {}  {:<30} {:>3}", name, describe_outcome(entry), entry.points);
  }
  const std::string counted =
      entry.score
          ? fmt::format("{:<8} {:>3}", shown_count_label(s.rules.count.shown_count), entry.points)
          : std::string(12, ' ');
  std::string line = fmt::format("  {}  {:<10} {}  {:>5}", name, describe_outcome(entry), counted,
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
  out << "\n" << style.paint(deal_title(s, deal), colour::strong);
  if (s.rules.deck.deal_has_wild_rank) {
    out << fmt::format(" (wild: {})",
                       deal.wild ? std::string(rank_plural(*deal.wild)) : std::string("none"));
  }
  out << ": " << describe_deal(s, deal) << "\n";
  std::vector<std::size_t> arranged;
  for (const EntryResult& entry : deal.entries) {
    out << entry_line(s, entry, padded[entry.player]) << "\n";
    if (entry.grouping == Grouping::arranged) arranged.push_back(entry.player);
  }
  for (const EntryResult& entry : deal.entries) {
    if (!entry.wrong_show) continue;
    out << "  " << describe_wrong_show(s, entry) << "\n";
    for (const std::string& problem : describe_problems(s.rules, entry)) {
      out << "    - " << problem << "\n";
    }
  }
  for (const EntryResult& entry : deal.entries) {
    if (const std::string cap = describe_cap(s, entry); !cap.empty()) {
      out << "  note: " << cap << "\n";
    }
  }
  for (const EntryResult& entry : deal.entries) {
    if (!entry.maal || entry.maal->sat_out) continue;
    const EntryResult::Maal& maal = *entry.maal;
    const std::string& name = s.players[entry.player].name;
    if (maal.count) {
      out << fmt::format("  {}'s maal: {}{}\n", name, maal_text(*maal.count),
                         maal.share.counted != maal.maal
                             ? fmt::format(" (counted {})", maal.share.counted)
                             : std::string());
    } else if (maal.state != MaalState::foul) {
      out << fmt::format("  {}'s maal: {} as written{}\n", name, maal.maal,
                         maal.share.counted != maal.maal
                             ? fmt::format(" (counted {})", maal.share.counted)
                             : std::string());
    }
    for (const std::string& fault : maal.faults) {
      out << fmt::format("  {}'s foul: {}\n", name, fault);
    }
  }
  if (!arranged.empty()) out << "  " << describe_arranged(s, arranged) << "\n";
  if (deal.cash) out << "  " << describe_cash(s, deal) << "\n";
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

// A player's part in a deal settled by maal: the state, the maal counted under the house rules
// in force and the items of the cards, and the net in its parts (points).
void add_maal_json(Json& json, const EntryResult& entry) {
  const EntryResult::Maal& maal = *entry.maal;
  const MaalShare& share = maal.share;
  Json items = Json::array();
  if (maal.count) {
    for (const MaalItem& item : maal.count->items) {
      items.push_back({{"kind", row_of(maal_item_rows, item.kind).id},
                       {"count", item.count},
                       {"card", to_string(item.card)},
                       {"points", item.points}});
    }
  }
  json["state"] =
      maal.sat_out ? std::string("sat_out") : std::string(row_of(maal_state_rows, maal.state).id);
  json["written_as"] = maal.written_as ? Json(outcome_id(*maal.written_as)) : Json(nullptr);
  json["route"] = maal.route == FirstStage::none      ? Json(nullptr)
                  : maal.route == FirstStage::dublees ? Json("dublees")
                                                      : Json("combinations");
  json["maal"] = maal.sat_out ? Json(nullptr) : Json(share.counted);
  json["maal_items"] = items;
  json["change"] = share.net;
  json["exchange"] = share.exchange;
  json["game"] = share.game;
  json["dublee"] = share.dublee;
  json["penalty"] = share.penalty;
  json["problems"] = maal.faults;
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
         {"valid", hand && s.rules.declares() ? Json(entry.valid_hand) : Json(nullptr)},
         {"hand", hand ? Json(entry.hand) : Json(nullptr)},
         {"grouping", hand ? Json(grouping_id(entry.grouping)) : Json(nullptr)},
         {"rule_id", entry.score ? Json(basis_id(entry.score->basis)) : Json(nullptr)},
         {"problems", describe_problems(s.rules, entry)}});
    if (entry.maal) add_maal_json(entries.back(), entry);
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
  Json json = {{"number", deal.number},
               {"wild", wild_json(deal.wild)},
               {"winners", names_json(s, deal.winners)},
               {"extra", deal.extra},
               {"void", deal.voided},
               {"note", describe_deal(s, deal)},
               {"entries", entries},
               {"standing", standing},
               {"out", names_json(s, deal.out)},
               {"money", cash}};
  // A game whose deals have lines of their own (Gin's upcard, a dead hand): what they said and,
  // for a hand scored, how it ended; only these games have the keys, so no other game's output
  // changes.
  if (s.rules.match.deal_lines != 0) {
    Json laid_off = Json::array();
    if (deal.gin) {
      for (const Card card : deal.gin->laid_off) laid_off.push_back(to_string(card));
    }
    json["dead"] = deal.scoreless.has_value();
    json["upcard"] = deal.upcard ? Json(to_string(*deal.upcard)) : Json(nullptr);
    json["result"] = deal.gin ? Json(gin_result_id(deal.gin->result)) : Json(nullptr);
    json["knock_limit"] = deal.gin ? Json(deal.gin->limit) : Json(nullptr);
    json["doubled"] = deal.gin ? Json(deal.gin->doubled) : Json(nullptr);
    json["laid_off"] = laid_off;
    json["discard"] =
        deal.gin && deal.gin->discard ? Json(to_string(*deal.gin->discard)) : Json(nullptr);
    json["written_as"] = deal.written_as ? Json(outcome_id(*deal.written_as)) : Json(nullptr);
  }
  // A deal settled by maal (Marriage): its tiplu, and whether nobody ended it (then it is void:
  // nothing exchanged); only these games have the keys.
  if (s.rules.match.deal_points == DealPoints::maal_exchange) {
    json["tiplu"] = deal.tiplu ? Json(to_string(*deal.tiplu)) : Json(nullptr);
    json["maal_total"] = deal.maal_total;
    if (deal.maal_void) json["void"] = true;
  }
  return json;
}

}  // namespace rummy::cli
