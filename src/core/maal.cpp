#include "maal.hpp"

#include <fmt/format.h>
#include <algorithm>

namespace rummy {

namespace {

// Points of `held` cards by a table of 1, 2, 3 held (0 held: 0; more than the table: its last).
template <std::size_t N>
int held_points(const std::array<int, N>& table, int held) {
  if (held <= 0) return 0;
  return table[static_cast<std::size_t>(std::min<int>(held, static_cast<int>(N))) - 1];
}

// What a tunnela shown at the deal scores, and the item it is.
int tunnela_points(Card card, const Tiplu& tiplu, const TipluRules& maal) {
  switch (tiplu.role(card)) {
    case MaalRole::plain:
      return maal.plain_tunnela;
    case MaalRole::joker:  // with alter-only-jokers the other colour's cards are ordinary
      return maal.alter_only_jokers ? maal.plain_tunnela : maal.joker_tunnela;
    case MaalRole::alter:
      return maal.alter_scores ? maal.alter_tunnela : maal.joker_tunnela;
    case MaalRole::poplu:
    case MaalRole::jhiplu:
      return maal.neighbour_tunnela;
    case MaalRole::printed:
      return maal.printed_tunnela;
    case MaalRole::tiplu:
      return 0;  // only two tiplu cards are in play
  }
  return 0;
}

// The cards of one role held outside the tunnelas kept whole.
struct Held {
  int tiplu = 0, poplu = 0, jhiplu = 0, alter = 0, printed = 0;
  Card tiplu_card, poplu_card, jhiplu_card, alter_card, printed_card = Card::printed_joker();
};

void add_card(Held& held, Card card, const Tiplu& tiplu) {
  switch (tiplu.role(card)) {
    case MaalRole::tiplu:
      ++held.tiplu;
      break;
    case MaalRole::poplu:
      ++held.poplu;
      break;
    case MaalRole::jhiplu:
      ++held.jhiplu;
      break;
    case MaalRole::alter:
      ++held.alter;
      held.alter_card = card;
      break;
    case MaalRole::printed:
      ++held.printed;
      break;
    case MaalRole::plain:
    case MaalRole::joker:
      break;
  }
}

// The items of cards held singly, with `marriages` of them made into marriages.
std::vector<MaalItem> held_items(const Held& held, int marriages, const Tiplu& tiplu,
                                 const TipluRules& maal) {
  std::vector<MaalItem> items;
  const auto add = [&](MaalItemKind kind, int count, Card card, int points) {
    if (count > 0 && points > 0) items.push_back({kind, count, card, points});
  };
  add(MaalItemKind::marriage, marriages, tiplu.card(),
      held_points(maal.marriage_points, marriages));
  add(MaalItemKind::tiplu, held.tiplu - marriages, tiplu.card(),
      held_points(maal.tiplu_points, held.tiplu - marriages));
  add(MaalItemKind::poplu, held.poplu - marriages, tiplu.poplu(),
      held_points(maal.neighbour_points, held.poplu - marriages));
  add(MaalItemKind::jhiplu, held.jhiplu - marriages, tiplu.jhiplu(),
      held_points(maal.neighbour_points, held.jhiplu - marriages));
  if (maal.alter_scores) {
    add(MaalItemKind::alter, held.alter, tiplu.alter(), held_points(maal.alter_points, held.alter));
  }
  add(MaalItemKind::printed, held.printed, Card::printed_joker(),
      held_points(maal.printed_points, held.printed));
  return items;
}

int sum_points(std::span<const MaalItem> items) {
  int total = 0;
  for (const MaalItem& item : items) total += item.points;
  return total;
}

}  // namespace

MaalCount count_maal(std::span<const Card> kept, std::span<const Card> deal_tunnelas,
                     const Tiplu& tiplu, const Rules& rules) {
  const TipluRules& maal = rules.tiplu_rules();
  // A tunnela shown at the deal scores as a tunnela or, broken, as its cards: every choice is
  // tried (a player shows at most seven), and within each, every number of marriages.
  const std::size_t tunnelas = std::min<std::size_t>(deal_tunnelas.size(), 7);
  MaalCount best;
  bool first = true;
  for (unsigned whole = 0; whole < (1U << tunnelas); ++whole) {
    std::vector<MaalItem> items;
    Held held;
    std::vector<Card> loose(kept.begin(), kept.end());
    for (std::size_t t = 0; t < tunnelas; ++t) {
      if (!(whole & (1U << t))) continue;
      const Card card = deal_tunnelas[t];
      const int points = tunnela_points(card, tiplu, maal);
      // Keeping an ordinary card's tunnela whole costs nothing: only maal cards are tried broken.
      items.push_back({MaalItemKind::tunnela, 3, card, points});
      for (int copy = 0; copy < 3; ++copy) {
        const auto at = std::find(loose.begin(), loose.end(), card);
        if (at != loose.end()) loose.erase(at);
      }
    }
    for (const Card card : loose) add_card(held, card, tiplu);
    const int most_marriages = std::min(
        {held.tiplu, held.poplu, held.jhiplu, static_cast<int>(maal.marriage_points.size())});
    for (int marriages = 0; marriages <= most_marriages; ++marriages) {
      std::vector<MaalItem> all = items;
      const std::vector<MaalItem> singles = held_items(held, marriages, tiplu, maal);
      all.insert(all.end(), singles.begin(), singles.end());
      const int points = sum_points(all);
      if (first || points > best.points) {
        best.items = std::move(all);
        best.points = points;
        first = false;
      }
    }
  }
  return best;
}

MaalCount count_maal(const TableHand& hand, const Tiplu& tiplu, const Rules& rules) {
  std::vector<Card> deal_tunnelas;
  for (const ShownGroup& group : hand.shown) {
    if (group.at_deal && !group.cards.empty()) deal_tunnelas.push_back(group.cards.front());
  }
  const std::vector<Card> kept = hand.kept();
  return count_maal(kept, deal_tunnelas, tiplu, rules);
}

std::string maal_item_text(const MaalItem& item) {
  const std::string_view words = row_of(maal_item_rows, item.kind).words;
  switch (item.kind) {
    case MaalItemKind::tunnela:
      return fmt::format("tunnela of {} shown at the deal {}", to_string(item.card), item.points);
    case MaalItemKind::marriage:
      return item.count == 1 ? fmt::format("marriage {}", item.points)
                             : fmt::format("{} marriages {}", item.count, item.points);
    default:
      return item.count == 1 ? fmt::format("{} {}", words, item.points)
                             : fmt::format("{} × {} {}", item.count, words, item.points);
  }
}

std::string maal_text(const MaalCount& count) {
  if (count.items.empty()) return "0 (no maal)";
  std::string text;
  for (const MaalItem& item : count.items) {
    if (!text.empty()) text += " + ";
    text += maal_item_text(item);
  }
  if (count.items.size() > 1) text += fmt::format(" = {}", count.points);
  return text;
}

std::optional<MaalState> find_maal_state(std::string_view id) {
  return find_by_id(maal_state_rows, id);
}

int counted_maal(MaalState state, int maal, const Rules& rules) {
  if (state == MaalState::foul) return 0;
  if (state == MaalState::unseen && rules.tiplu_rules().unseen != UnseenMaal::count) return 0;
  return maal;
}

MaalDeal settle_maal_deal(std::span<MaalSeat> seats, const Rules& rules) {
  const MaalPay& pay = rules.match.maal_pay;
  const UnseenMaal unseen = rules.tiplu_rules().unseen;
  MaalDeal deal;
  deal.shares.resize(seats.size());
  for (std::size_t i = 0; i < seats.size(); ++i) {
    if (seats[i].entry && seats[i].entry->state == MaalState::ended) deal.ender = i;
  }
  if (!deal.ender) {
    // Void: nothing is exchanged; this deal's fouls still owe their penalty, to the next ender.
    deal.void_deal = true;
    for (MaalSeat& seat : seats) {
      if (seat.entry && seat.entry->state == MaalState::foul) seat.owed += pay.foul_penalty;
    }
    return deal;
  }
  const std::size_t ender = *deal.ender;
  const bool by_dublees = seats[ender].entry->by_dublees;
  int players = 0;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    if (!seats[i].entry) continue;
    ++players;
    const MaalEntry& entry = *seats[i].entry;
    if (entry.state == MaalState::unseen && unseen == UnseenMaal::kidnap) {
      deal.shares[ender].counted += entry.maal;
    }
    deal.shares[i].counted += counted_maal(entry.state, entry.maal, rules);
  }
  for (const MaalShare& share : deal.shares) deal.total += share.counted;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    MaalShare& share = deal.shares[i];
    if (seats[i].entry) share.exchange = players * share.counted - deal.total;
    if (!seats[i].entry || i == ender) continue;
    const MaalState state = seats[i].entry->state;
    const int game = state == MaalState::seen     ? pay.seen
                     : state == MaalState::unseen ? pay.unseen
                                                  : 0;
    share.game -= game;
    deal.shares[ender].game += game;
    if (by_dublees) {
      share.dublee -= pay.dublee_bonus;
      deal.shares[ender].dublee += pay.dublee_bonus;
    }
  }
  // Penalties owed from earlier deals go to this ender, cancelled when the ender owes them; this
  // deal's fouls owe theirs to the next ender, or pay this one now.
  for (std::size_t i = 0; i < seats.size(); ++i) {
    if (seats[i].owed > 0 && i != ender) {
      deal.shares[i].penalty -= seats[i].owed;
      deal.shares[ender].penalty += seats[i].owed;
    }
    seats[i].owed = 0;
    if (seats[i].entry && seats[i].entry->state == MaalState::foul) {
      if (pay.foul_penalty_now) {
        deal.shares[i].penalty -= pay.foul_penalty;
        deal.shares[ender].penalty += pay.foul_penalty;
      } else {
        seats[i].owed = pay.foul_penalty;
      }
    }
  }
  for (MaalShare& share : deal.shares) {
    share.net = share.exchange + share.game + share.dublee + share.penalty;
  }
  return deal;
}

}  // namespace rummy
