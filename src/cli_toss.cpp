// rummy toss: the seats from the toss, one open card each (rules §2.8).
#include <memory>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "report.hpp"
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
    return {{"seats", seats}, {"draw_again", ties}};
  }

  void text(std::ostream& out, const Style& style) const {
    std::size_t width = 0;
    for (const std::string& name : names) width = std::max(width, display_width(name));
    out << style.paint("seats, in the order of play", colour::strong) << "\n";
    for (std::size_t seat = 0; seat < order.seats.size(); ++seat) {
      const std::size_t i = order.seats[seat];
      std::string name = names[i];
      name.append(width - display_width(name), ' ');
      out << fmt::format("  {}  {}  {}\n", seat + 1, name, to_string(cards[i]));
    }
    for (const auto& tie : order.ties) {
      std::string who;
      for (const std::size_t i : tie) who += (who.empty() ? "" : " and ") + names[i];
      out << fmt::format("{} drew cards of equal standing: they draw again for their seats\n", who);
    }
    std::string suits;
    for (const Suit suit : rules.toss_suits) {
      suits += (suits.empty() ? "" : ", ") + std::string(suit_name(suit));
    }
    out << fmt::format(
        "{} plays first. A joker is the highest card, the ace ranks {} the king, "
        "and equal ranks go {}.\n",
        names[order.seats.front()], rules.toss_ace_high ? "above" : "below", suits);
  }
};

int run_toss(const TossOptions& options, const Environment& env) {
  return guarded(options.common, env, [&]() -> int {
    const Rules rules = Rules::for_variant(Variant::indian);
    TossResult result{rules, {}, {}, {}};
    for (const std::string& draw : options.draws) {
      const auto equals = draw.find('=');
      if (equals == std::string::npos || equals == 0 || equals + 1 == draw.size()) {
        throw CommandError{fmt::format("'{}': write each draw as NAME=CARD, e.g. Asha=7♥", draw),
                           std::nullopt};
      }
      const std::string name = draw.substr(0, equals);
      if (std::find(result.names.begin(), result.names.end(), name) != result.names.end()) {
        throw CommandError{fmt::format("{} draws twice", name), std::nullopt};
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
    if (result.names.size() < 2 || result.names.size() > 6) {
      throw CommandError{"a table has 2 to 6 players: rummy toss Asha=7♥ Ravi=PJ Meena=7♠",
                         std::nullopt};
    }
    if (const auto over = first_card_over_deck_limit(result.cards, rules)) {
      throw CommandError{fmt::format("{}'s {} is one more than {} decks hold", result.names[*over],
                                     to_string(result.cards[*over]), rules.decks),
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
