// rummy layoff: can these cards be laid off onto this meld on the table? (rules §3)
#include <memory>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "games.hpp"
#include "layoff.hpp"
#include "report.hpp"

namespace rummy::cli {

namespace {

struct LayoffOptions {
  CommonOptions common;
  std::string meld, cards;
};

// Whether the cards fit the meld, and why.
struct LayoffResult {
  LayOff lay_off;
  Group cards;
  std::string reason;
  const Rules& rules;

  void json(JsonWriter& out) const {
    out.begin_object();
    out.member("fits"_key, lay_off.fits());
    out.key("meld"_key);
    write_cards(out, lay_off.meld, rules);
    out.key("cards"_key);
    write_cards(out, cards, rules);
    out.key("becomes"_key);
    if (lay_off.fits()) {
      write_cards(out, lay_off.result, rules);
    } else {
      out.null();
    }
    out.key("swaps"_key);
    out.begin_array();
    for (const Swap& swap : lay_off.swaps) {
      out.begin_object();
      out.member("card"_key, to_string(swap.card, rules.joker_name()));
      out.member("wild"_key, to_string(swap.wild, rules.joker_name()));
      out.end_object();
    }
    out.end_array();
    out.member("wild_stays_in_book"_key, lay_off.wild_stays_in_book);
    out.member("kind"_key, kind_id(lay_off.after.kind));
    out.member("reason"_key, reason);
    out.end_object();
  }
  void text(std::ostream& out, const Style&) const {
    out << (lay_off.fits() ? "yes: " : "no: ") << reason << "\n";
  }
};

// "6♥ takes the place of JK, which goes back to the player"
std::string swaps_text(const LayOff& result, const Rules& rules) {
  std::string text;
  for (const Swap& swap : result.swaps) {
    text += fmt::format("{}{} takes the place of {}, which goes back to the player",
                        text.empty() ? "" : "; ", to_string(swap.card, rules.joker_name()),
                        to_string(swap.wild, rules.joker_name()));
  }
  return text;
}

std::string reason_text(const LayOff& result, WildRank wild, const Rules& rules) {
  const MeldWords& words = rules.words;
  switch (result.fault) {
    case LayOffFault::meld_not_valid:
      return fmt::format("{} is not a {}: {}", format_group(result.meld, wild, rules), words.group,
                         explain(result.before, result.meld, wild, rules));
    case LayOffFault::not_valid_after:
    case LayOffFault::run_into_set:
      return fmt::format("{} would not be a {}: {}", format_group(result.result, wild, rules),
                         is_sequence(result.before.kind) ? words.sequence : words.set,
                         result.fault == LayOffFault::run_into_set
                             ? fmt::format("a {} cannot turn into a {}", words.sequence, words.set)
                             : explain(result.after, result.result, wild, rules));
    case LayOffFault::none:
      break;
  }
  std::string text = fmt::format("{} becomes {}: ", format_group(result.meld, wild, rules),
                                 format_group(result.result, wild, rules));
  if (!result.swaps.empty()) text += swaps_text(result, rules) + "; ";
  text += explain(result.after, result.result, wild, rules);
  if (result.wild_stays_in_book) {
    text += fmt::format(" (a wild card in a {} cannot be taken: it stays)", words.set);
  }
  return text;
}

int run_layoff(const LayoffOptions& options, const Environment& env) {
  return guarded(options.common, env, [&]() -> int {
    const Rules rules = rules_from(options.common);
    if (!options_of(rules).layoffs) {
      const auto lays_off = [](const Rules& r) { return options_of(r).layoffs; };
      const std::vector<Variant> games = variants_where(lays_off);
      throw CommandError{
          fmt::format("{} has no laying off: it is played in {} (--variant {})", rules.words.game,
                      spoken_games(games), spoken_variant_ids(games)),
          std::nullopt};
    }
    ReadOptions read_options;
    if (options.common.wild) read_options.wild = parse_wild(*options.common.wild);
    const ReadHand meld = read_hand(options.meld, "<meld>", rules, read_options);
    read_options.wild = meld.hand.wild;
    const ReadHand added = read_hand(options.cards, "<cards>", rules, read_options);
    const Group table = meld.hand.cards();
    Group extended = table;
    for (const Card card : added.hand.cards()) extended.push_back(card);
    // The meld and the cards come from the same decks: never more copies than they hold.
    if (const auto over = first_card_over_deck_limit(extended, rules);
        over && *over >= table.size()) {
      const std::size_t k = *over - table.size();
      const Card card = extended[*over];
      throw input_error(
          "<cards>", options.cards, added.written.cards[k].offset,
          fmt::format("{} is one more {} than {} with the meld",
                      card.is_printed_joker() ? "printed joker" : to_string(card),
                      card.is_printed_joker() ? "joker" : "copy",
                      rules.deck.decks == 1 ? std::string("1 deck holds")
                                            : fmt::format("{} decks hold", rules.deck.decks)));
    }
    const WildRank wild = meld.hand.wild;
    const LayOff result = lay_off(table, added.hand.cards(), wild, rules);
    const std::string reason = reason_text(result, wild, rules);
    emit(LayoffResult{result, added.hand.cards(), reason, rules}, options.common, env);
    return result.fits() ? exit_ok : exit_not_valid;
  });
}

}  // namespace

std::function<int()> setup_layoff(CLI::App& command, const Environment& env) {
  auto options = std::make_shared<LayoffOptions>();
  // The games that lay off, the first of them the default.
  std::vector<Variant> games;
  for (const Variant variant : all_variants) {
    if (options_of(Rules::for_variant(variant)).layoffs) games.push_back(variant);
  }
  options->common.variant = games.front();
  add_rules_options(command, options->common, /*with_variant=*/true, /*with_round=*/false, games);
  add_output_options(command, options->common);
  command.add_option("meld", options->meld, "The meld on the table, e.g. 8♥-9♥-10♥")->required();
  command.add_option("cards", options->cards, "The cards to lay off, e.g. 7♥ or \"7♥ J♥\"")
      ->required();
  return [options, &env] { return run_layoff(*options, env); };
}

}  // namespace rummy::cli
