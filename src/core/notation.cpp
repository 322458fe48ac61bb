// Parsing the notation (hands, --wild, batch lines) through the shared actions of
// parse_actions.hpp, then checking a parsed hand against the rules; see notation.hpp.
#include "notation.hpp"

#include <array>

#include <fmt/format.h>

#include "games.hpp"
#include "parse_actions.hpp"

namespace rummy {

using namespace parsing;

namespace {

// "a third", "an eighth", "a 17th": the copy of a card that is one too many.
std::string a_copy(int n) {
  constexpr std::array<std::string_view, 10> names = {
      "a first", "a second",  "a third",   "a fourth", "a fifth",
      "a sixth", "a seventh", "an eighth", "a ninth",  "a tenth"};
  if (n >= 1 && n <= 10) return std::string(names[static_cast<std::size_t>(n - 1)]);
  return fmt::format("{} {}th", n == 11 || n == 18 ? "an" : "a", n);
}

std::string decks_text(int decks) {
  return decks == 1 ? std::string("1 deck holds") : fmt::format("{} decks hold", decks);
}

}  // namespace

WrittenHand parse_hand(std::string_view text, std::string_view source) {
  HandBuilder builder;
  builder.base = text.data();
  builder.start();
  parse_text<grammar::document, action>(text, source, builder);
  return builder.hand;
}

WildRank parse_wild(std::string_view text, std::string_view source) {
  WildBuilder builder;
  parse_text<grammar::wild_option, wild_action>(text, source, builder);
  return builder.wild;
}

WrittenLine parse_batch_line(std::string_view line, std::string_view source) {
  HandBuilder builder;
  builder.base = line.data();
  builder.start();
  parse_text<grammar::batch_line, action>(line, source, builder);
  WrittenLine written;
  written.settings = std::move(builder.settings);
  if (!builder.hand.cards.empty()) written.hand = std::move(builder.hand);
  return written;
}

ReadHand read_hand(std::string_view text, std::string_view source, const Rules& rules,
                   const ReadOptions& options) {
  return resolve_hand(parse_hand(text, source), text, source, rules, options);
}

ReadHand resolve_hand(WrittenHand parsed, std::string_view text, std::string_view source,
                      const Rules& rules, const ReadOptions& options) {
  ReadHand read;
  read.written = std::move(parsed);

  // One wild rank for the deal: the option's, or the first (WJ) mark's. Games with a fixed wild
  // rank (Crazy: the 2s) or none (Basic, Knock) take no option and accept marks only on it.
  std::optional<WildRank> wild = options.wild;
  std::optional<std::size_t> first_mark;
  read.wild_from = options.wild ? WildFrom::option : WildFrom::nothing;
  if (!rules.deck.deal_has_wild_rank) wild = rules.deck.fixed_wild;
  // Where the wild rank comes from, in words: only for a message.
  const auto wild_origin = [&]() -> std::string {
    if (rules.deck.deal_has_wild_rank) return std::string(options.wild_origin);
    return fmt::format("{} ({})", rules.words.game, wild_cards_text(rules));
  };
  for (const WrittenCard& written : read.written.cards) {
    if (written.card.is_printed_joker() && rules.printed_jokers_allowed() == 0) {
      throw input_error(source, text, written.offset,
                        fmt::format("{} is played without jokers", rules.words.game));
    }
    if (written.spelled_jk && !options.jk_is_printed_joker && !rules.deck.jk_is_printed_joker) {
      throw input_error(source, text, written.offset,
                        fmt::format("JK is how {} writes a printed joker; in this game write PJ",
                                    games_where([](const Rules& each) {
                                      return each.deck.jk_is_printed_joker;
                                    })));
    }
    if (!written.wild_mark) continue;
    const Rank marked = written.card.rank();
    if (!wild && rules.deck.deal_has_wild_rank) {
      wild = marked;
      first_mark = written.wild_mark;
      read.wild_from = WildFrom::marks;
    } else if (*wild != marked) {
      std::string reason;
      if (first_mark) {
        const Location earlier = locate(text, *first_mark);
        reason =
            fmt::format("the (WJ) at line {}, column {} made the {} wild: a deal has one wild rank",
                        earlier.line, earlier.column, rank_plural(**wild));
      } else if (!rules.deck.deal_has_wild_rank) {
        reason = "the game is " + wild_origin();
      } else if (*wild) {
        reason = fmt::format("{} makes the {} wild", wild_origin(), rank_plural(**wild));
      } else {
        reason = fmt::format("{} none says no rank is wild", wild_origin());
      }
      throw input_error(
          source, text, *written.wild_mark,
          fmt::format("(WJ) marks {} as wild, but {}", to_string(written.card), reason));
    }
  }
  read.hand.wild = wild.value_or(std::nullopt);
  if (!rules.deck.deal_has_wild_rank) read.wild_from = WildFrom::nothing;

  const std::vector<WrittenCard>& cards = read.written.cards;
  read.hand.groups.reserve(read.written.group_sizes.size());
  auto next = cards.begin();
  for (const std::size_t size : read.written.group_sizes) {
    Group& group = read.hand.groups.emplace_back();
    group.reserve(size);
    for (const auto end = next + static_cast<std::ptrdiff_t>(size); next != end; ++next) {
      group.push_back(next->card);
    }
  }
  if (const auto over = first_card_over_deck_limit(read.hand, rules)) {
    const Card card = cards[*over].card;
    const int limit = rules.copies_allowed(card);
    const std::string what = card.is_printed_joker() ? "printed joker" : to_string(card);
    const std::string each = card.is_printed_joker() ? "" : " of each card";
    throw input_error(source, text, cards[*over].offset,
                      fmt::format("{} {}: {} only {}{}", a_copy(limit + 1), what,
                                  decks_text(rules.deck.decks), limit, each));
  }
  const auto shown = static_cast<std::size_t>(rules.deal.hand_size);
  if (options.size == ReadOptions::Size::shown && cards.size() != shown) {
    throw input_error(source, text, read.written.end_offset,
                      fmt::format("{} card{}: a hand shown at the end of a deal holds {}",
                                  cards.size(), cards.size() == 1 ? "" : "s", shown));
  }
  const auto dealt = static_cast<std::size_t>(rules.largest_deal());
  if (options.size == ReadOptions::Size::dealt && rules.hand_bounded_by_deal() &&
      cards.size() > dealt) {
    throw input_error(source, text, read.written.end_offset,
                      fmt::format("{} cards: a {} hand never holds more than the {} dealt",
                                  cards.size(), rules.words.game, dealt));
  }
  if (options.size == ReadOptions::Size::shown_or_drawn && cards.size() != shown &&
      cards.size() != shown + 1) {
    throw input_error(source, text, read.written.end_offset,
                      fmt::format("{} cards: expected {} (a shown hand) or {} (a hand about to "
                                  "declare, with the card drawn)",
                                  cards.size(), shown, shown + 1));
  }
  return read;
}

}  // namespace rummy
