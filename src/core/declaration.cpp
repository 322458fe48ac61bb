// Declaration check: see declaration.hpp.
#include "declaration.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

namespace rummy {

std::size_t Hand::card_count() const {
  std::size_t count = 0;
  for (const Group& group : groups) count += group.size();
  return count;
}

std::vector<Card> Hand::cards() const {
  std::vector<Card> all;
  all.reserve(card_count());
  for (const Group& group : groups) all.insert(all.end(), group.begin(), group.end());
  return all;
}

std::string format_hand(const Hand& hand, const Rules& rules) {
  std::string text;
  text.reserve(64);
  for (std::size_t i = 0; i < hand.groups.size(); ++i) {
    if (i > 0) text += " | ";
    append_group(text, hand.groups[i], hand.wild, rules);
  }
  return text;
}

DeclarationCheck::DeclarationCheck(const DeclarationCheck&) = default;
DeclarationCheck::DeclarationCheck(DeclarationCheck&&) noexcept = default;
DeclarationCheck& DeclarationCheck::operator=(const DeclarationCheck&) = default;
DeclarationCheck& DeclarationCheck::operator=(DeclarationCheck&&) noexcept = default;

DeclarationCheck check_declaration(const Hand& hand, const Rules& rules, Detail detail) {
  DeclarationCheck check;
  check_declaration_into(check, hand, rules, detail);
  return check;
}

void check_declaration_into(DeclarationCheck& check, const Hand& hand, const Rules& rules,
                            Detail detail) {
  check.groups.clear();
  check.problems.clear();
  check.pure_sequences = check.sequences = check.sets = 0;
  check.groups.reserve(hand.groups.size());
  for (const Group& group : hand.groups) {
    const GroupKind kind =
        check.groups
            .emplace_back_from([&] { return classify_group(group, hand.wild, rules, detail); })
            .kind;
    check.pure_sequences += kind == GroupKind::pure_sequence ? 1 : 0;
    check.sequences += is_sequence(kind) ? 1 : 0;
    check.sets += kind == GroupKind::set ? 1 : 0;
  }
  if (rules.deal.exact_hand_size &&
      hand.card_count() != static_cast<std::size_t>(rules.deal.hand_size)) {
    check.problems.push_back({ProblemKind::wrong_card_count});
  }
  for (std::size_t i = 0; i < check.groups.size(); ++i) {
    if (!is_valid_group(check.groups[i].kind)) {
      check.problems.push_back({ProblemKind::bad_group, static_cast<int>(i)});
    }
  }
  if (rules.pure_sequence_required()) {
    if (check.pure_sequences == 0) check.problems.push_back({ProblemKind::no_pure_sequence});
    if (check.sequences < 2) check.problems.push_back({ProblemKind::too_few_sequences});
  }
  if (rules.deal.contract &&
      (check.sets < rules.deal.contract->books || check.sequences < rules.deal.contract->runs)) {
    check.problems.push_back({ProblemKind::contract_unmet});
  }
}

std::string explain(const Problem& problem, const DeclarationCheck& check, const Hand& hand,
                    const Rules& rules) {
  switch (problem.kind) {
    case ProblemKind::wrong_card_count:
      return fmt::format("{} card{}: a declaration shows exactly {}", hand.card_count(),
                         hand.card_count() == 1 ? "" : "s", rules.deal.hand_size);
    case ProblemKind::bad_group: {
      const auto index = static_cast<std::size_t>(problem.group);
      const Group& group = hand.groups[index];
      const GroupVerdict& verdict = check.groups[index];
      return fmt::format("{} {} ({}) is {}: {}", rules.words.group, index + 1,
                         format_group(group, hand.wild, rules), kind_name(verdict.kind, rules),
                         explain(verdict, group, hand.wild, rules));
    }
    case ProblemKind::no_pure_sequence:
      return "no pure sequence: a declaration needs at least one sequence with no joker "
             "standing in";
    case ProblemKind::contract_unmet: {
      const Contract& contract = *rules.deal.contract;
      return fmt::format("round {} needs {}: {} more to go down", contract.round,
                         contract_text(contract.books, contract.runs),
                         contract_text(std::max(0, contract.books - check.sets),
                                       std::max(0, contract.runs - check.sequences)));
    }
    case ProblemKind::too_few_sequences:
      return fmt::format("{} sequence{}: a declaration needs at least two, one of them pure",
                         check.sequences == 0 ? std::string("no") : std::to_string(check.sequences),
                         check.sequences == 1 ? "" : "s");
  }
  return "";
}

std::string summarize(const DeclarationCheck& check, const Rules& rules) {
  const auto count = [](int n, std::string_view one, std::string_view many) {
    return fmt::format("{} {}", n, n == 1 ? one : many);
  };
  const MeldWords& words = rules.words;
  std::string text = count(check.sequences, words.sequence, words.sequences);
  // Purity matters only where a declaration needs a pure sequence.
  if (rules.pure_sequence_required()) text += fmt::format(" ({} pure)", check.pure_sequences);
  if (check.sets > 0) text += " and " + count(check.sets, words.set, words.sets);
  return text;
}

std::optional<std::size_t> first_card_over_deck_limit(std::span<const Card> cards,
                                                      const Rules& rules) {
  DeckCount count(rules);
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (count.one_too_many(cards[i])) return i;
  }
  return std::nullopt;
}

std::optional<std::size_t> first_card_over_deck_limit(const Hand& hand, const Rules& rules) {
  DeckCount count(rules);
  std::size_t position = 0;
  for (const Group& group : hand.groups) {
    for (const Card card : group) {
      if (count.one_too_many(card)) return position;
      ++position;
    }
  }
  return std::nullopt;
}

}  // namespace rummy
