// Gin Rummy's hand and game: see gin.hpp.
//
// A hand holds at most 11 cards of one pack, so every way of splitting it into melds is
// enumerated: the runs and sets it holds as bit masks, then every set of disjoint ones. The
// knocker's split is the written one or, among those of least deadwood, the one leaving the
// defender most (§8.5); the defender's deadwood is the least over every split of the defender's
// cards, the cards left over laid off on the knocker's melds where they fit, chains included.
#include "gin.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>

#include <fmt/format.h>

#include "classify.hpp"

namespace rummy {

namespace {

using Mask = std::uint32_t;

int rank_number(Card card) {
  return static_cast<int>(card.rank());
}

int value(Card card, const Rules& rules) {
  return rules.count.card_points[static_cast<std::size_t>(rank_number(card) - 1)];
}

int points_of(std::span<const Card> cards, const Rules& rules) {
  int total = 0;
  for (const Card card : cards) total += value(card, rules);
  return total;
}

// The runs and sets these cards hold, as masks over their positions.
std::vector<Mask> melds_in(std::span<const Card> cards, const Rules& rules) {
  std::vector<Mask> melds;
  const auto position = [&](Suit suit, int rank) -> int {
    for (std::size_t i = 0; i < cards.size(); ++i) {
      if (cards[i].suit() == suit && rank_number(cards[i]) == rank) return static_cast<int>(i);
    }
    return -1;
  };
  for (int s = 0; s < suit_count; ++s) {
    const auto suit = static_cast<Suit>(s);
    for (int low = 1; low <= rank_count; ++low) {
      Mask run = 0;
      for (int high = low; high <= rank_count; ++high) {
        const int at = position(suit, high);
        if (at < 0) break;
        run |= Mask{1} << at;
        if (high - low + 1 >= rules.melds.min_run) melds.push_back(run);
      }
    }
  }
  for (int rank = 1; rank <= rank_count; ++rank) {
    std::vector<int> at;
    for (int s = 0; s < suit_count; ++s) {
      const int p = position(static_cast<Suit>(s), rank);
      if (p >= 0) at.push_back(p);
    }
    if (static_cast<int>(at.size()) < rules.melds.min_group) continue;
    Mask all = 0;
    for (const int p : at) all |= Mask{1} << p;
    if (at.size() == 4) {
      melds.push_back(all);
      for (const int p : at) melds.push_back(all & ~(Mask{1} << p));
    } else {
      melds.push_back(all);
    }
  }
  return melds;
}

// Every set of disjoint melds (the empty one too), as lists of masks.
void each_split(const std::vector<Mask>& melds, std::size_t from, Mask used,
                std::vector<Mask>& chosen,
                const std::function<void(const std::vector<Mask>&, Mask)>& visit) {
  visit(chosen, used);
  for (std::size_t i = from; i < melds.size(); ++i) {
    if ((melds[i] & used) != 0) continue;
    chosen.push_back(melds[i]);
    each_split(melds, i + 1, used | melds[i], chosen, visit);
    chosen.pop_back();
  }
}

std::vector<Card> cards_of(std::span<const Card> cards, Mask mask) {
  std::vector<Card> out;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if ((mask >> i) & 1U) out.push_back(cards[i]);
  }
  return out;
}

// A meld sorted for reading: a run by rank, a set in suit order.
Group sorted(Group meld) {
  std::sort(meld.begin(), meld.end(), [](Card a, Card b) {
    return rank_number(a) != rank_number(b) ? rank_number(a) < rank_number(b) : a.suit() < b.suit();
  });
  return meld;
}

bool is_run(const Group& meld) {
  return meld.size() >= 2 && meld[0].suit() == meld[1].suit() && meld[0].rank() != meld[1].rank();
}

// The cards of `left` the defender can lay off on these melds: a set of 3 takes its fourth
// card, a run the next card at either end, and a card laid off may itself be built on.
std::vector<Card> layoffs(const std::vector<Group>& melds, std::span<const Card> left) {
  const auto holds = [&](Card card) {
    return std::find(left.begin(), left.end(), card) != left.end();
  };
  std::vector<Card> laid;
  for (const Group& meld : melds) {
    if (is_run(meld)) {
      int low = rank_number(meld.front()), high = rank_number(meld.front());
      for (const Card card : meld) {
        low = std::min(low, rank_number(card));
        high = std::max(high, rank_number(card));
      }
      const Suit suit = meld.front().suit();
      for (int rank = low - 1; rank >= 1 && holds(Card(static_cast<Rank>(rank), suit)); --rank) {
        laid.push_back(Card(static_cast<Rank>(rank), suit));
      }
      for (int rank = high + 1; rank <= rank_count && holds(Card(static_cast<Rank>(rank), suit));
           ++rank) {
        laid.push_back(Card(static_cast<Rank>(rank), suit));
      }
    } else if (meld.size() == 3) {
      for (int s = 0; s < suit_count; ++s) {
        const Card fourth(meld.front().rank(), static_cast<Suit>(s));
        if (std::find(meld.begin(), meld.end(), fourth) == meld.end() && holds(fourth)) {
          laid.push_back(fourth);
        }
      }
    }
  }
  std::vector<Card> unique;
  for (const Card card : left) {
    if (std::find(laid.begin(), laid.end(), card) != laid.end()) unique.push_back(card);
  }
  return unique;
}

struct DefenderPlay {
  std::vector<Group> melds;
  std::vector<Card> laid_off;
  std::vector<Card> deadwood;
  int points = 0;
};

// The defender's least deadwood, laying off on `knocker_melds` (none: no layoffs).
DefenderPlay defend(std::span<const Card> cards, const std::vector<Group>& knocker_melds,
                    bool may_lay_off, const Rules& rules) {
  const std::vector<Mask> melds = melds_in(cards, rules);
  const Mask all = cards.size() >= 32 ? ~Mask{0} : (Mask{1} << cards.size()) - 1;
  std::optional<DefenderPlay> best;
  std::vector<Mask> chosen;
  each_split(melds, 0, 0, chosen, [&](const std::vector<Mask>& split, Mask used) {
    const std::vector<Card> left = cards_of(cards, all & ~used);
    const std::vector<Card> laid = may_lay_off ? layoffs(knocker_melds, left) : std::vector<Card>{};
    std::vector<Card> dead;
    for (const Card card : left) {
      if (std::find(laid.begin(), laid.end(), card) == laid.end()) dead.push_back(card);
    }
    const int points = points_of(dead, rules);
    if (best && best->points <= points) return;
    DefenderPlay play;
    for (const Mask meld : split) play.melds.push_back(sorted(cards_of(cards, meld)));
    play.laid_off = laid;
    play.deadwood = dead;
    play.points = points;
    best = std::move(play);
  });
  return *best;
}

// Every split of these cards with the least deadwood.
std::vector<GinSplit> least_splits(std::span<const Card> cards, const Rules& rules) {
  const std::vector<Mask> melds = melds_in(cards, rules);
  const Mask all = (Mask{1} << cards.size()) - 1;
  std::vector<GinSplit> splits;
  std::vector<Mask> chosen;
  each_split(melds, 0, 0, chosen, [&](const std::vector<Mask>& split, Mask used) {
    const std::vector<Card> left = cards_of(cards, all & ~used);
    const int points = points_of(left, rules);
    if (!splits.empty() && points > splits.front().points) return;
    if (!splits.empty() && points < splits.front().points) splits.clear();
    GinSplit each;
    for (const Mask meld : split) each.melds.push_back(sorted(cards_of(cards, meld)));
    each.deadwood = left;
    each.points = points;
    splits.push_back(std::move(each));
  });
  return splits;
}

// A written grouping: its valid groups are melds, every other card deadwood.
GinSplit written_split(const std::vector<Group>& groups, const Rules& rules) {
  GinSplit split;
  for (const Group& group : groups) {
    if (group.size() >= 3 && is_valid_group(classify_group(group, std::nullopt, rules).kind)) {
      split.melds.push_back(group);
    } else {
      split.deadwood.insert(split.deadwood.end(), group.begin(), group.end());
    }
  }
  split.points = points_of(split.deadwood, rules);
  return split;
}

// The knocker's 10 cards as split (written, or each least split) with what the defender makes
// of them; of several, the one leaving the defender most (§8.5).
struct Candidate {
  GinSplit knocker;
  DefenderPlay defender;
  std::optional<Card> discard;
};

std::vector<Group> without(const std::vector<Group>& groups, Card card) {
  std::vector<Group> out;
  for (const Group& group : groups) {
    Group kept;
    for (const Card each : group) {
      if (each != card) kept.push_back(each);
    }
    if (!kept.empty()) out.push_back(kept);
  }
  return out;
}

}  // namespace

std::string_view gin_result_id(GinResult result) {
  constexpr std::array<std::string_view, 5> ids = {"knock", "gin", "big_gin", "undercut",
                                                   "no_score"};
  return ids[static_cast<std::size_t>(result)];
}

std::optional<std::size_t> GinHandScore::winner() const {
  if (result == GinResult::no_score) return std::nullopt;
  return result == GinResult::undercut ? 1 : 0;
}

GinSplit gin_least_deadwood(std::span<const Card> cards, const Rules& rules) {
  return least_splits(cards, rules).front();
}

GinHandOutcome score_gin_hand(const GinKnocker& knocker, std::span<const Card> defender,
                              std::optional<Card> upcard, const Rules& rules) {
  const auto refuse = [](std::string why) { return GinHandOutcome{std::nullopt, std::move(why)}; };
  const GinScoring& gin = rules.gin;
  const std::vector<Card> cards = knocker.hand.cards();
  const int dealt = rules.deal.hand_size;
  if (static_cast<int>(cards.size()) != dealt && static_cast<int>(cards.size()) != dealt + 1) {
    return refuse(fmt::format("a knocker shows {} cards, or {} before the discard; not {}", dealt,
                              dealt + 1, cards.size()));
  }
  if (static_cast<int>(defender.size()) != dealt) {
    return refuse(fmt::format("the defender shows {} cards, not {}", dealt, defender.size()));
  }
  for (const Card card : defender) {
    if (std::find(cards.begin(), cards.end(), card) != cards.end()) {
      return refuse(fmt::format("{} is in both hands: one pack holds it once", to_string(card)));
    }
  }
  if (knocker.discard && static_cast<int>(cards.size()) != dealt + 1) {
    return refuse(fmt::format("a discard is named only with {} cards", dealt + 1));
  }
  if (knocker.discard && std::find(cards.begin(), cards.end(), *knocker.discard) == cards.end()) {
    return refuse(
        fmt::format("the discard {} is not in the knocker's hand", to_string(*knocker.discard)));
  }
  if (upcard && !gin.oklahoma) {
    return refuse("an upcard counts only with the oklahoma house rule (oklahoma=on)");
  }
  if (!upcard && gin.oklahoma) {
    return refuse("with oklahoma=on the hand's first upcard sets the knock limit: name it");
  }

  GinHandScore score;
  score.limit = gin.knock_limit;
  if (upcard) {
    score.limit = upcard->rank() == Rank::ace ? 0 : value(*upcard, rules);
    score.doubled = gin.oklahoma_spades && upcard->suit() == Suit::spades;
  }

  // Big gin: 11 cards all melded, no discard named.
  if (gin.big_gin && static_cast<int>(cards.size()) == dealt + 1 && !knocker.discard) {
    const GinSplit split = knocker.grouped ? written_split(knocker.hand.groups, rules)
                                           : gin_least_deadwood(cards, rules);
    if (split.deadwood.empty()) {
      const DefenderPlay play = defend(defender, {}, false, rules);
      score.result = GinResult::big_gin;
      score.knocker_melds = split.melds;
      score.defender_melds = play.melds;
      score.defender_deadwood = play.deadwood;
      score.defender_points = play.points;
      score.points = (play.points + gin.big_gin_bonus) * (score.doubled ? 2 : 1);
      return {score, std::nullopt};
    }
  }

  // The candidates: each discard (named, or every card of 11), each split.
  std::vector<std::optional<Card>> discards;
  if (static_cast<int>(cards.size()) == dealt) {
    discards.push_back(std::nullopt);
  } else if (knocker.discard) {
    discards.push_back(knocker.discard);
  } else {
    for (const Card card : cards) discards.push_back(card);
  }
  std::optional<Candidate> best;
  const auto better = [&](const Candidate& a, const Candidate& b) {
    if (a.knocker.points != b.knocker.points) return a.knocker.points < b.knocker.points;
    if (a.knocker.points == 0) return false;  // gin: no layoffs, the defender's count is the same
    return a.defender.points > b.defender.points;
  };
  for (const std::optional<Card>& discard : discards) {
    std::vector<Card> kept;
    for (const Card card : cards) {
      if (!discard || card != *discard) kept.push_back(card);
    }
    std::vector<GinSplit> splits;
    if (knocker.grouped) {
      splits.push_back(written_split(
          discard ? without(knocker.hand.groups, *discard) : knocker.hand.groups, rules));
    } else {
      splits = least_splits(kept, rules);
    }
    for (GinSplit& split : splits) {
      Candidate candidate{std::move(split), {}, discard};
      candidate.defender =
          defend(defender, candidate.knocker.melds, candidate.knocker.points > 0, rules);
      if (!best || better(candidate, *best)) best = std::move(candidate);
    }
  }

  const int k = best->knocker.points;
  if (k > score.limit) {
    return refuse(
        fmt::format("not a legal knock: deadwood {} exceeds the knock limit {}", k, score.limit));
  }
  score.discard = best->discard;
  score.knocker_melds = best->knocker.melds;
  score.knocker_deadwood = best->knocker.deadwood;
  score.knocker_points = k;
  score.defender_melds = best->defender.melds;
  score.laid_off = best->defender.laid_off;
  score.defender_deadwood = best->defender.deadwood;
  const int d = best->defender.points;
  score.defender_points = d;
  if (k == 0) {
    score.result = GinResult::gin;
    score.points = d + gin.gin_bonus();
  } else if (k < d) {
    score.result = GinResult::knock;
    score.points = d - k;
  } else if (k == d && !gin.undercut_tie) {
    score.result = GinResult::no_score;
    score.points = 0;
  } else {
    score.result = GinResult::undercut;
    score.points = k - d + gin.undercut_bonus();
  }
  if (score.doubled) score.points *= 2;
  return {score, std::nullopt};
}

GinGame settle_gin_game(std::span<const GinGameHand> hands, const Rules& rules) {
  const GinScoring& gin = rules.gin;
  GinGame game;
  for (const GinGameHand& hand : hands) {
    if (game.over) break;
    ++game.hands_played;
    if (!hand.winner) continue;
    const std::size_t w = *hand.winner;
    game.hand_points[w] += hand.points;
    ++game.boxes[w];
    if (game.hand_points[w] >= gin.game_target) {
      game.over = true;
      game.winner = w;
    }
  }
  for (std::size_t p = 0; p < 2; ++p) game.totals[p] = game.hand_points[p];
  if (!game.over) {
    game.margin = std::abs(game.totals[0] - game.totals[1]);
    return game;
  }
  const std::size_t w = *game.winner;
  const std::size_t l = 1 - w;
  game.shutout = game.boxes[l] == 0;
  const Shutout shutout = game.shutout ? gin.shutout() : Shutout::none;
  const int game_bonus = shutout == Shutout::flat ? 2 * gin.game_bonus : gin.game_bonus;
  const int hand_points =
      shutout == Shutout::hand_points ? 2 * game.hand_points[w] : game.hand_points[w];
  game.totals[w] = hand_points + game_bonus + game.boxes[w] * gin.box_bonus();
  if (shutout == Shutout::doubled) game.totals[w] *= 2;
  game.totals[l] = game.hand_points[l] + game.boxes[l] * gin.box_bonus();
  game.margin = std::abs(game.totals[0] - game.totals[1]);
  return game;
}

}  // namespace rummy
