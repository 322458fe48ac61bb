// Text and JSON rendering: see report.hpp.
#include "report.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace rummy::cli {

void write_card(JsonWriter& out, std::optional<Card> card, const Rules& rules) {
  if (card) {
    out.string(to_string(*card, rules.joker_name()));
  } else {
    out.null();
  }
}

void write_cards(JsonWriter& out, std::span<const Card> cards, const Rules& rules) {
  out.begin_array();
  for (const Card card : cards) write_card(out, card, rules);
  out.end_array();
}

Json wild_json(WildRank wild) {
  return wild ? Json(rank_name(*wild)) : Json(nullptr);
}

std::string_view wild_from_id(WildFrom from) {
  switch (from) {
    case WildFrom::option:
      return "option";
    case WildFrom::marks:
      return "marks";
    case WildFrom::nothing:
      break;
  }
  return "nothing";
}

void write_groups(JsonWriter& out, const Hand& hand, const DeclarationCheck& check,
                  const Rules& rules) {
  out.begin_array();
  for (std::size_t i = 0; i < hand.groups.size(); ++i) {
    const Group& group = hand.groups[i];
    const GroupVerdict& verdict = check.groups[i];
    out.begin_object();
    out.key("cards"_key);
    write_cards(out, group, rules);
    out.member("kind"_key, kind_id(verdict.kind));
    out.member("reason"_key, explain(verdict, group, hand.wild, rules));
    out.key("as"_key);
    out.begin_array();
    for (const auto& card : verdict.reading) write_card(out, card, rules);
    out.end_array();
    out.end_object();
  }
  out.end_array();
}

Json house_rules_json(const std::vector<HouseRuleSetting>& settings) {
  Json array = Json::array();
  for (const HouseRuleSetting& setting : settings) {
    array.push_back({{"name", setting.rule->name},
                     {"value", setting.rule->value_text(setting.value)},
                     {"default", setting.rule->value_text(setting.default_value)}});
  }
  return array;
}

std::string wild_line(const ReadHand& read, const Rules& rules) {
  if (!rules.deck.deal_has_wild_rank) {
    return fmt::format("{}: {}", rules.words.game, wild_cards_text(rules));
  }
  if (!read.hand.wild) {
    return read.wild_from == WildFrom::option ? "wild jokers: none (--wild none), only PJ"
                                              : "wild jokers: none, only PJ";
  }
  return fmt::format("wild jokers: the {} ({})", rank_plural(*read.hand.wild),
                     read.wild_from == WildFrom::option ? "from --wild" : "from the (WJ) marks");
}

namespace {
std::string_view kind_colour(GroupKind kind) {
  switch (kind) {
    case GroupKind::pure_sequence:
      return colour::good;
    case GroupKind::impure_sequence:
      return colour::impure;
    case GroupKind::set:
      return colour::set;
    case GroupKind::unmatched:
    case GroupKind::invalid:
      break;
  }
  return colour::bad;
}

std::string padded(std::string text, std::size_t width) {
  const std::size_t shown = display_width(text);
  if (shown < width) text.append(width - shown, ' ');
  return text;
}
}  // namespace

void print_groups(std::ostream& out, const Hand& hand, const DeclarationCheck& check,
                  const Rules& rules, const Style& style) {
  std::vector<std::string> written;
  std::size_t cards_width = 0, kind_width = 0;
  for (std::size_t i = 0; i < hand.groups.size(); ++i) {
    written.push_back(format_group(hand.groups[i], hand.wild, rules));
    cards_width = std::max(cards_width, display_width(written.back()));
    kind_width = std::max(kind_width, kind_name(check.groups[i].kind, rules).size());
  }
  const std::size_t number_width = std::to_string(hand.groups.size()).size();
  for (std::size_t i = 0; i < hand.groups.size(); ++i) {
    const GroupVerdict& verdict = check.groups[i];
    const std::string number = padded(std::to_string(i + 1), number_width);
    const std::string kind = padded(std::string(kind_name(verdict.kind, rules)), kind_width);
    out << number << "  " << padded(written[i], cards_width) << "  "
        << style.paint(kind, kind_colour(verdict.kind)) << "  "
        << explain(verdict, hand.groups[i], hand.wild, rules) << "\n";
  }
}

std::string grouping_text(const JudgedHand& judged) {
  if (judged.grouping == Grouping::as_written) return "";
  return "written without '|' or '-': judged by its best grouping";
}

std::string could_declare_text(const JudgedHand& judged, const Rules& rules) {
  if (!judged.could_declare) return "";
  const std::string discarding =
      judged.could_declare_discard
          ? " by discarding " + to_string(*judged.could_declare_discard, rules.joker_name())
          : "";
  return fmt::format("its cards could be declared{}: {}", discarding,
                     format_hand(*judged.could_declare, rules));
}

std::string discard_text(const JudgedHand& judged, const Rules& rules) {
  if (!judged.discard) return "";
  const Discard& discard = *judged.discard;
  std::string from;
  if (discard.group >= 0) {
    from = discard.from.size() == 1
               ? fmt::format(" ({} {}, on its own)", rules.words.group, discard.group + 1)
               : fmt::format(" from {} {} ({})", rules.words.group, discard.group + 1,
                             format_group(discard.from, judged.hand.wild, rules));
  }
  return fmt::format("{} cards, one more than a shown hand: judged after discarding {}{}, which {}",
                     judged.hand.card_count() + 1, to_string(discard.card, rules.joker_name()),
                     from,
                     discard.reason == DiscardReason::declares
                         ? "leaves a valid declaration"
                         : "leaves the lowest count (no discard leaves a valid declaration)");
}

std::string after_discard_text(const JudgedHand& judged, const Rules& rules) {
  if (!judged.discard) return "";
  return " after discarding " + to_string(judged.discard->card, rules.joker_name());
}

void write_grouping(JsonWriter& out, const JudgedHand& judged, const Rules& rules) {
  out.member("grouping"_key, grouping_id(judged.grouping));
  out.member("could_declare"_key, judged.could_declare
                                      ? std::optional(format_hand(*judged.could_declare, rules))
                                      : std::nullopt);
  const std::optional<Discard>& discard = judged.discard;
  out.key("discard"_key);
  write_card(out, discard ? std::optional(discard->card) : std::nullopt, rules);
  out.member("discard_reason"_key,
             discard ? std::optional(discard_reason_id(discard->reason)) : std::nullopt);
  out.member("discard_group"_key,
             discard && discard->group >= 0 ? std::optional(discard->group + 1) : std::nullopt);
  out.key("could_declare_discard"_key);
  write_card(out, judged.could_declare_discard, rules);
}

std::string changed_by_text(const std::vector<HouseRuleSetting>& settings) {
  if (settings.empty()) return "";
  std::string names;
  for (const HouseRuleSetting& setting : settings) {
    names += names.empty() ? "" : ", ";
    names += setting.text();
  }
  return fmt::format("house rule{} that changed this result: {}", settings.size() == 1 ? "" : "s",
                     names);
}

}  // namespace rummy::cli
