// rummy toss: the seats from the toss, one open card each (rules §2.8).
#include <memory>
#include <span>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "games.hpp"
#include "report.hpp"
#include "text.hpp"
#include "toss.hpp"

namespace rummy::cli {

namespace {

struct TossOptions {
  CommonOptions common;
  std::vector<std::string> draws;  // NAME=CARD
};

// The seats, and who draws again.
struct TossResult {
  const Rules& rules;
  std::vector<std::string> names;
  std::vector<Card> cards;
  TossOrder order;

  // "4" or, for players who share seats, "4-5".
  std::string seat_label(std::size_t player) const {
    const std::size_t seat = order.seat_of(player);
    const std::span<const std::size_t> tie = order.tie_of(player);
    if (tie.empty()) return std::to_string(seat + 1);
    const std::size_t from = order.seat_of(tie.front());
    return fmt::format("{}-{}", from + 1, from + tie.size());
  }

  std::string names_of(std::span<const std::size_t> players) const {
    std::string who;
    for (std::size_t k = 0; k < players.size(); ++k) {
      who += k == 0 ? "" : k + 1 == players.size() ? " and " : ", ";
      who += names[players[k]];
    }
    return who;
  }

  Json json() const {
    Json seats = Json::array();
    for (std::size_t seat = 0; seat < order.seats.size(); ++seat) {
      const std::size_t i = order.seats[seat];
      seats.push_back({{"seat", seat + 1}, {"player", names[i]}, {"card", to_string(cards[i])}});
    }
    Json ties = Json::array();
    for (const auto& tie : order.ties) {
      Json players = Json::array();
      for (const std::size_t i : tie) players.push_back(names[i]);
      ties.push_back(players);
    }
    const auto first = order.first();
    return {{"seats", seats},
            {"draw_again", ties},
            {"first", first ? Json(names[*first]) : Json(nullptr)}};
  }

  void text(std::ostream& out, const Style& style) const {
    std::size_t width = 0, seat_width = 0;
    for (std::size_t i = 0; i < names.size(); ++i) {
      width = std::max(width, display_width(names[i]));
      seat_width = std::max(seat_width, seat_label(i).size());
    }
    out << style.paint("seats, in the order of play", colour::strong) << "\n";
    for (const std::size_t i : order.seats) {
      std::string seat = seat_label(i);
      seat.append(seat_width - seat.size(), ' ');
      std::string name = names[i];
      name.append(width - display_width(name), ' ');
      out << fmt::format("  {}  {}  {}\n", seat, name, to_string(cards[i]));
    }
    for (const auto& tie : order.ties) {
      const std::size_t from = order.seat_of(tie.front());
      const std::string seats = tie.size() == 2
                                    ? fmt::format("seats {} and {}", from + 1, from + 2)
                                    : fmt::format("seats {} to {}", from + 1, from + tie.size());
      if (from == 0) {
        out << fmt::format(
            "Nobody plays first yet: {} drew cards of equal standing and draw again for {}.\n",
            names_of(tie), seats);
      } else {
        out << fmt::format(
            "{} drew cards of equal standing: they share {} and draw again for "
            "them.\n",
            names_of(tie), seats);
      }
    }
    std::string suits;
    for (const Suit suit : rules.toss_suits) {
      suits += (suits.empty() ? "" : ", ") + std::string(suit_name(suit));
    }
    if (const auto first = order.first()) out << fmt::format("{} plays first. ", names[*first]);
    out << fmt::format(
        "A joker is the highest card, the ace ranks {} the king, and equal ranks go {}.\n",
        rules.toss_ace_high ? "above" : "below", suits);
  }
};

int run_toss(const TossOptions& options, const Environment& env) {
  return guarded(options.common, env, [&]() -> int {
    const Rules rules = Rules::for_variant(default_variant());
    TossResult result{rules, {}, {}, {}};
    for (const std::string& draw : options.draws) {
      const auto equals = draw.find('=');
      if (equals == std::string::npos || equals == 0 || equals + 1 == draw.size()) {
        throw CommandError{fmt::format("'{}': write each draw as NAME=CARD, e.g. Asha=7♥", draw),
                           std::nullopt};
      }
      const std::string name = draw.substr(0, equals);
      for (const std::string& earlier : result.names) {
        if (earlier == name) throw CommandError{fmt::format("{} draws twice", name), std::nullopt};
        // Names differing only in case are one person, as on a sheet.
        if (same_name(earlier, name)) {
          throw CommandError{
              fmt::format("{} draws twice ({} and {} are the same player)", name, earlier, name),
              std::nullopt};
        }
      }
      const ReadHand card =
          read_hand(draw.substr(equals + 1), fmt::format("<{}'s card>", name), rules);
      if (card.hand.card_count() != 1) {
        throw CommandError{fmt::format("{} draws one card, not {}", name, card.hand.card_count()),
                           std::nullopt};
      }
      result.names.push_back(name);
      result.cards.push_back(card.hand.cards().front());
    }
    const Match& match = rules.match;
    if (result.names.size() < static_cast<std::size_t>(match.min_players) ||
        result.names.size() > static_cast<std::size_t>(match.max_players)) {
      throw CommandError{fmt::format("a table has {} to {} players: rummy toss Asha=7♥ Ravi=PJ "
                                     "Meena=7♠",
                                     match.min_players, match.max_players),
                         std::nullopt};
    }
    if (const auto over = first_card_over_deck_limit(result.cards, rules)) {
      throw CommandError{fmt::format("{}'s {} is one more than {} decks hold", result.names[*over],
                                     to_string(result.cards[*over]), rules.deck.decks),
                         std::nullopt};
    }
    result.order = toss_order(result.cards, rules);
    emit(result, options.common, env);
    return exit_ok;
  });
}

}  // namespace

std::function<int()> setup_toss(CLI::App& command, const Environment& env) {
  auto options = std::make_shared<TossOptions>();
  add_output_options(command, options->common);
  command.add_option("draws", options->draws, "Each player's open card: NAME=CARD, e.g. Asha=7♥")
      ->required();
  return [options, &env] { return run_toss(*options, env); };
}

}  // namespace rummy::cli
