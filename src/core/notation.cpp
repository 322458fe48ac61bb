// Parsing the notation (hands, --wild, batch lines) through the shared actions of
// parse_actions.hpp, then checking a parsed hand against the rules; see notation.hpp.
#include "notation.hpp"

#include <array>

#include <fmt/format.h>

#include "games.hpp"
#include "parse_actions.hpp"
#include "table_hand.hpp"

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

namespace {

// parse_hand into `hand` (read_hand reads into the hand it returns: a hand moved is copied).
void parse_hand_into(std::string_view text, std::string_view source, WrittenHand& hand) {
  if (!detail::read_plain_hand(text, 0, true, hand)) {
    hand = detail::parse_hand_by_grammar(text, source);
  }
}

}  // namespace

WrittenHand parse_hand(std::string_view text, std::string_view source) {
  WrittenHand hand;
  parse_hand_into(text, source, hand);
  return hand;
}

WrittenHand detail::parse_hand_by_grammar(std::string_view text, std::string_view source) {
  HandBuilder builder;
  builder.base = text.data();
  builder.start();
  parse_text<grammar::document, action>(text, source, builder);
  return builder.hand;
}

WrittenTableHand parse_table_hand(std::string_view text, std::string_view source) {
  TableHandBuilder builder;
  builder.base = text.data();
  builder.start();
  parse_text<grammar::table_document, action>(text, source, builder);
  return builder.written_table_hand();
}

Card parse_tiplu(std::string_view text, std::string_view source) {
  const WrittenHand hand = parse_hand(text, source);
  if (hand.cards.size() != 1) {
    throw input_error(source, text, hand.cards.size() > 1 ? hand.cards[1].offset : 0,
                      "expected one card: the tiplu, such as 7♦");
  }
  if (hand.cards.front().card.is_printed_joker()) {
    throw input_error(source, text, hand.cards.front().offset,
                      "a printed joker is never the tiplu: it is put back and another card drawn");
  }
  if (hand.cards.front().wild_mark) {
    throw input_error(source, text, *hand.cards.front().wild_mark,
                      "the tiplu is a card, without (WJ)");
  }
  return hand.cards.front().card;
}

ReadTableHand read_table_hand(std::string_view text, std::string_view source, const Rules& rules,
                              std::optional<Card> tiplu, std::optional<bool> ended) {
  return resolve_table_hand(parse_table_hand(text, source), text, source, rules, tiplu, ended);
}

ReadTableHand resolve_table_hand(WrittenTableHand parsed, std::string_view text,
                                 std::string_view source, const Rules& rules,
                                 std::optional<Card> tiplu, std::optional<bool> ended) {
  ReadTableHand read;
  read.written = std::move(parsed);
  const WrittenTableHand& written = read.written;
  const auto& cards = written.cards.cards;
  std::array<int, Card::index_count> copies{};
  for (const WrittenCard& card : cards) {
    if (card.wild_mark) {
      throw input_error(source, text, *card.wild_mark,
                        fmt::format("(WJ) marks a wild rank; in {} the tiplu says which cards are "
                                    "wild (--tiplu)",
                                    rules.words.game));
    }
    if (card.spelled_jk) {
      throw input_error(source, text, card.offset,
                        fmt::format("JK is how Crazy Rummy writes a printed joker; in {} write PJ",
                                    rules.words.game));
    }
    if (card.card.is_printed_joker() && rules.printed_jokers_allowed() == 0) {
      throw input_error(source, text, card.offset,
                        fmt::format("{} is played without printed jokers (house rule "
                                    "printed-jokers=on adds them)",
                                    rules.words.game));
    }
    const int count = ++copies[static_cast<std::size_t>(card.card.index())];
    const int limit = rules.copies_allowed(card.card);
    if (count > limit) {
      const std::string what =
          card.card.is_printed_joker() ? "printed joker" : to_string(card.card);
      throw input_error(source, text, card.offset,
                        fmt::format("{} {}: {} only {}", a_copy(limit + 1), what,
                                    decks_text(rules.deck.decks), limit));
    }
    if (tiplu && card.card == *tiplu && count > rules.tiplu_rules().tiplu_copies) {
      throw input_error(
          source, text, card.offset,
          fmt::format("{} {}: the tiplu's card is in play {} times (its other copy "
                      "is the tiplu turned up)",
                      a_copy(count), to_string(card.card), rules.tiplu_rules().tiplu_copies));
    }
  }
  // The groups, by part.
  auto next = cards.begin();
  const auto& sizes = written.cards.group_sizes;
  const std::size_t discard_group = written.has_discard ? sizes.size() - 1 : sizes.size();
  for (std::size_t g = 0; g < sizes.size(); ++g) {
    std::vector<Card> group;
    for (std::size_t i = 0; i < sizes[g]; ++i, ++next) group.push_back(next->card);
    if (group.empty()) continue;
    if (g < written.shown_groups) {
      const auto mark = std::find(written.at_deal.begin(), written.at_deal.end(), g);
      const bool at_deal = mark != written.at_deal.end();
      if (at_deal && !(group.size() == 3 && group[0] == group[1] && group[1] == group[2])) {
        const auto offset =
            written.deal_mark_offsets[static_cast<std::size_t>(mark - written.at_deal.begin())];
        throw input_error(source, text, offset,
                          fmt::format("(deal) marks a tunnela shown at the deal (three identical "
                                      "cards); {} is not one",
                                      cards_text(group, "-")));
      }
      read.hand.shown.push_back({std::move(group), at_deal});
    } else if (g == discard_group) {
      read.hand.discard = group.front();
    } else {
      read.hand.hand.push_back(std::move(group));
    }
  }
  read.hand.hand_grouped = written.hand_grouped;
  const auto kept = static_cast<std::size_t>(rules.deal.hand_size);
  const std::size_t count = cards.size();
  if (ended && *ended) {
    const bool fits = read.hand.discard ? count == kept + 1 : (count == kept + 1 || count == kept);
    if (!fits) {
      throw input_error(source, text, written.cards.end_offset,
                        fmt::format("{} cards: the player who ended holds {}, and {} with the "
                                    "final discard",
                                    count, kept, kept + 1));
    }
  } else if (ended && !*ended) {
    if (read.hand.discard) {
      throw input_error(source, text, cards.back().offset,
                        "only the player who ended the deal has a final discard");
    }
    if (count != kept) {
      throw input_error(
          source, text, written.cards.end_offset,
          fmt::format("{} cards: every hand holds {} at the end of a deal", count, kept));
    }
  }
  return read;
}

WildRank parse_wild(std::string_view text, std::string_view source) {
  WildBuilder builder;
  parse_text<grammar::wild_option, wild_action>(text, source, builder);
  return builder.wild;
}

WrittenLine parse_batch_line(std::string_view line, std::string_view source) {
  WrittenLine written;
  WrittenHand hand;
  if (parse_batch_line_into(line, source, written.settings, hand)) written.hand = std::move(hand);
  return written;
}

bool parse_batch_line_into(std::string_view line, std::string_view source, LineSettings& settings,
                           WrittenHand& hand) {
  // The whole line through the grammar: anything but plain settings and a plain hand.
  const auto by_grammar = [&] {
    WrittenLine written = detail::parse_batch_line_by_grammar(line, source);
    settings = std::move(written.settings);
    if (!written.hand) {
      hand.restart();
      return false;
    }
    hand = std::move(*written.hand);
    return true;
  };
  // The settings: "[wild=R]" by the plain reader, any other through the grammar (they are few,
  // and their words are data); then the hand by the plain reader, into `hand` itself.
  std::size_t from = 0;
  while (from < line.size() && (line[from] == ' ' || line[from] == '\t')) ++from;
  if (from == line.size() || line[from] != '[') {
    settings.clear();
  } else if (const std::size_t after = detail::read_plain_wild_setting(line, from, settings);
             after != std::string_view::npos) {
    from = after;
  } else {
    HandBuilder builder;
    builder.base = line.data();
    builder.start();
    pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*> in(
        line.data(), line.size(), "");
    try {
      pegtl::parse<grammar::batch_line_settings, action, grammar::control>(in, builder);
    } catch (const pegtl::parse_error&) {
      return by_grammar();
    }
    from = static_cast<std::size_t>(in.current() - line.data());
    settings = std::move(builder.settings);
  }
  if (from == line.size()) {
    hand.restart();
  } else if (!detail::read_plain_hand(line, from, false, hand)) {
    return by_grammar();
  }
  return !hand.cards.empty();
}

WrittenLine detail::parse_batch_line_by_grammar(std::string_view line, std::string_view source) {
  HandBuilder builder;
  builder.base = line.data();
  builder.start();
  parse_text<grammar::batch_line, action>(line, source, builder);
  WrittenLine written;
  written.settings = std::move(builder.settings);
  if (!builder.hand.cards.empty()) written.hand = std::move(builder.hand);
  return written;
}

WrittenTableLine parse_tiplu_batch_line(std::string_view line, std::string_view source) {
  TableHandBuilder builder;
  builder.base = line.data();
  builder.start();
  parse_text<grammar::tiplu_batch_line, action>(line, source, builder);
  WrittenTableLine written;
  written.settings = std::move(builder.settings);
  if (!builder.hand.cards.empty()) written.hand = builder.written_table_hand();
  return written;
}

ReadHand read_hand(std::string_view text, std::string_view source, const Rules& rules,
                   const ReadOptions& options) {
  ReadHand read;
  parse_hand_into(text, source, read.written);
  resolve_hand_in_place(read, text, source, rules, options);
  return read;
}

ReadHand resolve_hand(WrittenHand parsed, std::string_view text, std::string_view source,
                      const Rules& rules, const ReadOptions& options) {
  ReadHand read;
  read.written = std::move(parsed);
  resolve_hand_in_place(read, text, source, rules, options);
  return read;
}

void resolve_hand_in_place(ReadHand& read, std::string_view text, std::string_view source,
                           const Rules& rules, const ReadOptions& options) {
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
  // What each card says of the game (a printed joker, JK, a (WJ) mark): asked as the card is put
  // in its group, in the order written, so the first card at fault is the one refused.
  const auto check_written = [&](const WrittenCard& written) {
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
    if (!written.wild_mark) return;
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
  };

  const auto& cards = read.written.cards;
  const WrittenCard* const written_cards = cards.data();  // (once: each [] of it asks where)
  // (The room's groups, up to the hand's number of groups, are refilled: their memory is kept.)
  // The cards are counted as they are put in their groups: the first one more than the decks
  // hold is refused (first_card_over_deck_limit's answer, without another pass), once every
  // card has passed check_written (whose faults come first, wherever they are).
  read.hand.groups.resize(read.written.group_sizes.size());
  DeckCount count(rules);
  std::optional<std::size_t> over;
  std::size_t position = 0;
  for (std::size_t g = 0; g < read.hand.groups.size(); ++g) {
    Group& group = read.hand.groups[g];
    group.resize(read.written.group_sizes[g]);
    for (Card& card : group) {
      check_written(written_cards[position]);
      card = written_cards[position].card;
      if (count.one_too_many(card) && !over) over = position;
      ++position;
    }
  }
  read.hand.wild = wild.value_or(std::nullopt);
  if (!rules.deck.deal_has_wild_rank) read.wild_from = WildFrom::nothing;
  if (over) {
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
}

}  // namespace rummy
