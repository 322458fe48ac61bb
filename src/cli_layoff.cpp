// rummy layoff: can these cards be laid off onto this meld on the table? (RULES.md §3)
#include <memory>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "report.hpp"

namespace rummy::cli {

namespace {

struct LayoffOptions {
  CommonOptions common;
  std::string meld, cards;
};

// Whether the cards fit the meld, and why.
struct LayoffResult {
  bool fits = false;
  Group meld, cards;
  GroupKind kind = GroupKind::invalid;  // of the meld with the cards
  std::string reason;

  Json json() const {
    return {{"fits", fits},
            {"meld", cards_json(meld)},
            {"cards", cards_json(cards)},
            {"kind", kind_id(kind)},
            {"reason", reason}};
  }
  void text(std::ostream& out, const Style&) const {
    out << (fits ? "yes: " : "no: ") << reason << "\n";
  }
};

int run_layoff(const LayoffOptions& options, const Environment& env) {
  return guarded(options.common, env, [&]() -> int {
    const Rules rules = rules_from(options.common);
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
      throw input_error("<cards>", options.cards, added.written.cards[k].offset,
                        fmt::format("{} is one more {} than {} with the meld",
                                    card.is_printed_joker() ? "printed joker" : to_string(card),
                                    card.is_printed_joker() ? "joker" : "copy",
                                    rules.decks == 1 ? std::string("1 deck holds")
                                                     : fmt::format("{} decks hold", rules.decks)));
    }
    const WildRank wild = meld.hand.wild;
    const GroupVerdict before = classify_group(table, wild, rules);
    const GroupVerdict after = classify_group(extended, wild, rules);
    const bool same_family = is_sequence(before.kind) == is_sequence(after.kind);
    const bool fits = is_valid_group(before.kind) && is_valid_group(after.kind) && same_family;
    std::string reason;
    if (!is_valid_group(before.kind)) {
      reason = fmt::format("{} is not a meld: {}", format_group(table, wild),
                           explain(before, table, wild, rules));
    } else if (!is_valid_group(after.kind) || !same_family) {
      reason = fmt::format("{} would not be a {}: {}", format_group(extended, wild),
                           is_sequence(before.kind) ? "run" : "set",
                           is_valid_group(after.kind) ? "a run cannot turn into a set"
                                                      : explain(after, extended, wild, rules));
    } else {
      reason = fmt::format("{} becomes {}: {}", format_group(table, wild),
                           format_group(extended, wild), explain(after, extended, wild, rules));
    }
    emit(LayoffResult{fits, table, added.hand.cards(), after.kind, reason}, options.common, env);
    return fits ? exit_ok : exit_not_valid;
  });
}

}  // namespace

std::function<int()> setup_layoff(CLI::App& command, const Environment& env) {
  auto options = std::make_shared<LayoffOptions>();
  options->common.variant = Variant::basic;
  add_rules_options(command, options->common, /*with_variant=*/true, /*with_round=*/false);
  add_output_options(command, options->common);
  command.add_option("meld", options->meld, "The meld on the table, e.g. 8♥-9♥-10♥")->required();
  command.add_option("cards", options->cards, "The cards to lay off, e.g. 7♥ or \"7♥ J♥\"")
      ->required();
  return [options, &env] { return run_layoff(*options, env); };
}

}  // namespace rummy::cli
