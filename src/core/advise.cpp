// The coach: see advise.hpp.
//
// Every figure rests on one question about a hand of the game's size, H: which cards, drawn
// next, let it go out (after a discard)? Its answer, the hand's outs, depends on H alone (not on
// what is unseen: the unseen cards only weigh each out by its live copies), so it is kept per
// hand and reused: the exact odds for two draws ask it of every hand one draw and one discard
// away, and many of those coincide. Most hands are asked nothing: a hand more than one card away
// from going out (cards_away_within) has no outs, and one more than two away cannot go out in
// two draws.
//
// P(out within K draws) from H: each unseen card c is drawn with probability live(c) / unseen;
// an out ends it; any other card is kept with the best discard for the draws left, and the
// unseen cards lose that copy. For K ≤ 2 this is summed over every draw; beyond, the games are
// simulated (the policy: after each draw, the discard that keeps the most live outs, then the
// lowest count, then the card worth most thrown), with a 95% Wilson interval.
#include "advise.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <stdexcept>
#include <unordered_map>

#include <fmt/format.h>

#include "arrange.hpp"
#include "cards_away.hpp"
#include "end_away.hpp"
#include "maal.hpp"

namespace rummy {

namespace {

using Counts = std::array<std::uint8_t, Card::index_count>;
using CardSet = std::uint64_t;  // one bit per card index

struct CountsHash {
  std::size_t operator()(const Counts& counts) const {
    std::uint64_t hash = 1469598103934665603ULL;
    for (const std::uint8_t count : counts) hash = (hash ^ count) * 1099511628211ULL;
    return static_cast<std::size_t>(hash);
  }
};

Counts counts_of(std::span<const Card> cards) {
  Counts counts{};
  for (const Card card : cards) ++counts[static_cast<std::size_t>(card.index())];
  return counts;
}

std::vector<Card> cards_of(const Counts& counts) {
  std::vector<Card> cards;
  for (int index = 0; index < Card::index_count; ++index) {
    for (int copy = 0; copy < counts[static_cast<std::size_t>(index)]; ++copy) {
      cards.push_back(Card::from_index(index));
    }
  }
  return cards;
}

// Whether `card` could share a meld or combination with a natural card of `kept`
// (cards_linked); `wild` says which cards are jokers.
template <typename Wild>
bool linked_to_natural(Card card, const Counts& kept, const MeldRules& melds, const Wild& wild) {
  for (int index = 0; index < Card::index_count; ++index) {
    const Card other = Card::from_index(index);
    if (kept[static_cast<std::size_t>(index)] != 0 && !wild(other) &&
        cards_linked(card, other, melds)) {
      return true;
    }
  }
  return false;
}

// What advise asks of a game about a hand of its size (its cards in hand, as counts): the
// answers differ from game to game, the coaching does not.
class Game {
 public:
  virtual ~Game() = default;
  Game() = default;
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;
  virtual int copies(Card card) const = 0;  // the copies of a card in play
  virtual std::optional<int> away(const Counts& hand) = 0;
  virtual bool within(const Counts& hand, int most) = 0;
  // Whether a hand one card over its size goes out once a card is thrown.
  virtual bool goes_out_after_discard(const Counts& drawn) = 0;
  // What the cards kept cost if another player goes out now (lower is better): the count they
  // pay, or in a deal with a tiplu the maal they do not count.
  virtual int cost(const Counts& hand) = 0;
  virtual void set_cost(Choice& choice, int cost) const = 0;  // in the choice's words
  // Whether a card thrown could have joined a card kept (a joker joins anything).
  virtual bool fits(Card card, const Counts& kept) const = 0;
  virtual int value(Card card) const = 0;  // between equals, the card worth most is thrown
};

// A game of melds: cards away (cards_away.hpp) and the count arrange() gives.
class MeldGame final : public Game {
 public:
  MeldGame(WildRank wild, const Rules& rules) : wild_(wild), rules_(rules) {}
  int copies(Card card) const override { return rules_.copies_allowed(card); }
  std::optional<int> away(const Counts& hand) override {
    return cards_away(cards_of(hand), wild_, rules_);
  }
  bool within(const Counts& hand, int most) override {
    return cards_away_within(cards_of(hand), wild_, rules_, most);
  }
  bool goes_out_after_discard(const Counts& drawn) override {
    return rummy::goes_out_after_discard(cards_of(drawn), wild_, rules_);
  }
  int cost(const Counts& hand) override {
    return arrange(cards_of(hand), wild_, rules_, Detail::kind_only).score.points;
  }
  void set_cost(Choice& choice, int cost) const override { choice.points = cost; }
  bool fits(Card card, const Counts& kept) const override {
    const auto wild = [&](Card each) { return is_joker(each, wild_); };
    return wild(card) || linked_to_natural(card, kept, rules_.melds, wild);
  }
  int value(Card card) const override { return card_points(card, wild_, rules_); }

 private:
  WildRank wild_;
  const Rules& rules_;
};

// A deal with a tiplu: the shown groups stay, the cards in hand end by combinations
// (end_away.hpp, check_end), and the cards kept count their maal.
class TipluGame final : public Game {
 public:
  TipluGame(std::vector<ShownGroup> shown, const Tiplu& tiplu, int players, const Rules& rules)
      : shown_(std::move(shown)), tiplu_(tiplu), players_(players), rules_(rules) {
    TableHand shown_only;
    shown_only.shown = shown_;
    dublees_ = check_first_stage(shown_only, players_, rules_).stage == FirstStage::dublees;
  }
  int copies(Card card) const override { return tiplu_.copies_in_play(card, rules_); }
  std::optional<int> away(const Counts& hand) override {
    return end_cards_away(table(hand), tiplu_, players_, rules_);
  }
  bool within(const Counts& hand, int most) override {
    return end_cards_away_within(table(hand), tiplu_, players_, rules_, most);
  }
  bool goes_out_after_discard(const Counts& drawn) override {
    return check_end(table(drawn), tiplu_, players_, rules_).valid();
  }
  int cost(const Counts& hand) override { return -count_maal(table(hand), tiplu_, rules_).points; }
  void set_cost(Choice& choice, int cost) const override { choice.maal = -cost; }
  bool fits(Card card, const Counts& kept) const override {
    // On the dublee route a card fits only a copy of itself.
    if (dublees_) return kept[static_cast<std::size_t>(card.index())] != 0;
    const auto wild = [&](Card each) { return tiplu_.wild(each, rules_); };
    return wild(card) || linked_to_natural(card, kept, rules_.melds, wild);
  }
  int value(Card) const override { return 0; }

 private:
  TableHand table(const Counts& hand) const {
    TableHand table;
    table.shown = shown_;
    table.hand = {cards_of(hand)};
    return table;
  }
  std::vector<ShownGroup> shown_;
  const Tiplu& tiplu_;
  int players_;
  const Rules& rules_;
  bool dublees_ = false;  // seen by seven dublees: the end is an eighth
};

// What the questions about hands cost once: each hand's outs and its cost.
class Coach {
 public:
  explicit Coach(Game& game) : game_(game) {}

  bool within(const Counts& hand, int most) { return game_.within(hand, most); }

  // The cards that, drawn next, let `hand` go out after a discard (the hand itself not out).
  CardSet outs(const Counts& hand) {
    if (const auto found = outs_.find(hand); found != outs_.end()) return found->second;
    CardSet set = 0;
    if (within(hand, 1)) {
      for (int draw = 0; draw < Card::index_count; ++draw) {
        const Card card = Card::from_index(draw);
        if (hand[static_cast<std::size_t>(draw)] >= game_.copies(card)) continue;
        Counts drawn = hand;
        ++drawn[static_cast<std::size_t>(draw)];
        if (game_.goes_out_after_discard(drawn)) set |= CardSet{1} << draw;
      }
    }
    outs_.emplace(hand, set);
    return set;
  }

  int cost(const Counts& hand) {
    if (const auto found = costs_.find(hand); found != costs_.end()) return found->second;
    const int value = game_.cost(hand);
    costs_.emplace(hand, value);
    return value;
  }

  Game& game() { return game_; }

 private:
  Game& game_;
  std::unordered_map<Counts, CardSet, CountsHash> outs_;
  std::unordered_map<Counts, int, CountsHash> costs_;
};

// The unseen cards: how many copies of each may be drawn, and how many in all.
struct Unseen {
  Counts live{};
  int total = 0;

  double weight(CardSet set) const {
    int copies = 0;
    for (int index = 0; index < Card::index_count; ++index) {
      if ((set >> index & 1U) != 0) copies += live[static_cast<std::size_t>(index)];
    }
    return total == 0 ? 0.0 : static_cast<double>(copies) / total;
  }
  Unseen without(int index) const {
    Unseen less = *this;
    --less.live[static_cast<std::size_t>(index)];
    --less.total;
    return less;
  }
};

class Odds {
 public:
  explicit Odds(Coach& coach) : coach_(coach) {}

  // P(out on the next draw) from `hand`.
  double next(const Counts& hand, const Unseen& unseen) { return unseen.weight(coach_.outs(hand)); }

  // P(out within `draws` draws), every draw enumerated (draws ≤ 2).
  double within(const Counts& hand, const Unseen& unseen, int draws) {
    if (draws <= 0) return 0;
    const CardSet outs = coach_.outs(hand);
    double p = unseen.weight(outs);
    if (draws == 1 || unseen.total <= 1 || !coach_.within(hand, draws)) return p;
    for (int draw = 0; draw < Card::index_count; ++draw) {
      const int live = unseen.live[static_cast<std::size_t>(draw)];
      if (live == 0 || (outs >> draw & 1U) != 0) continue;
      const Unseen after = unseen.without(draw);
      Counts drawn = hand;
      ++drawn[static_cast<std::size_t>(draw)];
      double best = 0;
      for (int thrown = 0; thrown < Card::index_count; ++thrown) {
        if (drawn[static_cast<std::size_t>(thrown)] == 0) continue;
        Counts kept = drawn;
        --kept[static_cast<std::size_t>(thrown)];
        best = std::max(best, within(kept, after, draws - 1));
      }
      p += static_cast<double>(live) / unseen.total * best;
    }
    return p;
  }

  // The discard the simulation's policy makes from `drawn` (one card over the hand's size).
  Counts policy(const Counts& drawn, const Unseen& unseen) {
    Counts best{};
    double best_outs = -1;
    int best_cost = 0, best_value = 0;
    for (int thrown = 0; thrown < Card::index_count; ++thrown) {
      if (drawn[static_cast<std::size_t>(thrown)] == 0) continue;
      Counts kept = drawn;
      --kept[static_cast<std::size_t>(thrown)];
      const double outs = unseen.weight(coach_.outs(kept));
      const int cost = coach_.cost(kept);
      const int value = coach_.game().value(Card::from_index(thrown));
      if (outs > best_outs ||
          (outs == best_outs && (cost < best_cost || (cost == best_cost && value > best_value)))) {
        best = kept;
        best_outs = outs;
        best_cost = cost;
        best_value = value;
      }
    }
    return best;
  }

  // A number from 0 to count - 1, each as likely, from the engine's bits alone (rejecting the
  // top values that would favour the low ones). The standard fixes mt19937_64's sequence but not
  // uniform_int_distribution's algorithm: with it, the page (libc++, 32-bit) and the command line
  // gave other figures for the same seed.
  static std::uint64_t uniform_below(std::mt19937_64& random, std::uint64_t count) {
    constexpr std::uint64_t most = std::numeric_limits<std::uint64_t>::max();
    const std::uint64_t limit = most - most % count;
    std::uint64_t value = random();
    while (value >= limit) value = random();
    return value % count;
  }

  // P(out within `draws` draws) by simulation: the successes of `samples` games.
  int simulate(const Counts& hand, const Unseen& unseen, int draws, int samples,
               std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<int> pool;
    for (int index = 0; index < Card::index_count; ++index) {
      for (int copy = 0; copy < unseen.live[static_cast<std::size_t>(index)]; ++copy) {
        pool.push_back(index);
      }
    }
    int successes = 0;
    for (int sample = 0; sample < samples; ++sample) {
      Counts current = hand;
      Unseen left = unseen;
      const int steps = std::min<int>(draws, static_cast<int>(pool.size()));
      for (int step = 0; step < steps; ++step) {
        if (!coach_.within(current, draws - step)) break;
        // The next unseen card: a partial shuffle of the pool.
        const std::size_t from = static_cast<std::size_t>(step);
        const std::uint64_t pick = uniform_below(random, pool.size() - from);
        std::swap(pool[from], pool[from + static_cast<std::size_t>(pick)]);
        const int draw = pool[static_cast<std::size_t>(step)];
        if ((coach_.outs(current) >> draw & 1U) != 0) {
          ++successes;
          break;
        }
        left = left.without(draw);
        Counts drawn = current;
        ++drawn[static_cast<std::size_t>(draw)];
        current = policy(drawn, left);
      }
    }
    return successes;
  }

 private:
  Coach& coach_;
};

// Wilson's score interval at 95% for `successes` of `samples`.
std::pair<double, double> wilson(int successes, int samples) {
  const double z = 1.959963984540054;
  const double n = samples, p = successes / n;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  // None or every game a success: the bound on that side is the figure itself (the formula
  // gives it only up to rounding).
  return {successes == 0 ? 0.0 : std::max(0.0, centre - half),
          successes == samples ? 1.0 : std::min(1.0, centre + half)};
}

std::string outs_words(const std::vector<LiveOut>& outs, const Rules& rules) {
  int copies = 0;
  std::string cards;
  for (const LiveOut& out : outs) {
    copies += out.live;
    if (!cards.empty()) cards += ", ";
    cards += to_string(out.card, rules.joker_name());
    if (out.live > 1) cards += fmt::format(" ×{}", out.live);
  }
  return fmt::format("{} live out{} ({})", copies, copies == 1 ? "" : "s", cards);
}

// The cards out of reach of a draw: the player's (in hand and shown), those seen, and the open
// card.
Counts out_of_reach(std::span<const Card> held, const AdviseOptions& options) {
  Counts counts = counts_of(held);
  for (const Card card : options.seen) ++counts[static_cast<std::size_t>(card.index())];
  if (options.open) ++counts[static_cast<std::size_t>(options.open->index())];
  return counts;
}

// What every game refuses: the draws and samples out of bounds, a hand of the wrong size (for a
// game that deals one number of cards), more copies of a card than are in play.
std::optional<std::string> common_refusal(std::span<const Card> held, std::size_t size,
                                          const Rules& rules, const AdviseOptions& options,
                                          const std::function<int(Card)>& copies) {
  if (options.draws < 1 || options.draws > most_advise_draws) {
    return fmt::format("--draws takes 1 to {}", most_advise_draws);
  }
  if (options.samples < 1 || options.samples > most_advise_samples) {
    return fmt::format("--samples takes 1 to {}", most_advise_samples);
  }
  // A game that deals one number of cards takes that hand and the card drawn (or, with the open
  // card, the hand alone); one whose hands vary with the table or grow (Basic, Knock, Crazy) any
  // hand that can draw and throw.
  const std::size_t more = options.open ? 0 : 1;
  if (const std::optional<int> dealt = rules.fixed_deal_size()) {
    const auto deal = static_cast<std::size_t>(*dealt);
    if (size != deal + more) {
      return options.open ? fmt::format(
                                "{} card{}: with --open, advise takes a hand before its draw "
                                "(the {} cards {} deals)",
                                size, size == 1 ? "" : "s", deal, rules.words.game)
                          : fmt::format(
                                "{} card{}: advise takes a hand after its draw ({} cards: the {} "
                                "{} deals and the card drawn), or the hand alone with --open",
                                size, size == 1 ? "" : "s", deal + 1, deal, rules.words.game);
    }
  } else if (size < more + 1) {
    return fmt::format("{} card{}: advise needs a hand {}", size, size == 1 ? "" : "s",
                       options.open ? "before its draw" : "after its draw, and more than one card");
  }
  const Counts counts = out_of_reach(held, options);
  for (int index = 0; index < Card::index_count; ++index) {
    const Card card = Card::from_index(index);
    if (counts[static_cast<std::size_t>(index)] > copies(card)) {
      return fmt::format(
          "{} is in the hand, --seen and --open {} times, but {} in play",
          to_string(card, rules.joker_name()), counts[static_cast<std::size_t>(index)],
          copies(card) == 1 ? std::string("one is") : fmt::format("{} are", copies(card)));
    }
  }
  return std::nullopt;
}

// The ranked choices of the cards in hand `held` (`players_cards`: every card of the player's,
// shown ones too), for a game: the figures of every discard, and with the open card, of drawing
// blind.
void rank_choices(Advice& advice, Game& game, const Counts& held,
                  std::span<const Card> players_cards, const Rules& rules,
                  const AdviseOptions& options) {
  advice.seen = options.seen;
  advice.open = options.open;
  advice.draws = options.draws;
  advice.exact = options.draws <= 2 && !options.simulate;
  advice.samples = advice.exact ? 0 : options.samples;
  advice.seed = advice.exact ? 0 : options.seed;

  Unseen unseen;
  const Counts known = out_of_reach(players_cards, options);
  for (int index = 0; index < Card::index_count; ++index) {
    const int live = game.copies(Card::from_index(index)) - known[static_cast<std::size_t>(index)];
    unseen.live[static_cast<std::size_t>(index)] = static_cast<std::uint8_t>(std::max(0, live));
    unseen.total += std::max(0, live);
  }
  advice.unseen = unseen.total;

  Coach coach(game);
  Odds odds(coach);
  // P(out within `draws` draws) of `choice`, keeping `kept`: summed, or simulated with its
  // interval.
  const auto within = [&](Choice& choice, const Counts& kept, int draws) {
    if (advice.exact) {
      choice.p_within = odds.within(kept, unseen, draws);
      return;
    }
    const int successes = odds.simulate(kept, unseen, draws, options.samples, options.seed);
    choice.p_within = static_cast<double>(successes) / options.samples;
    choice.interval = wilson(successes, options.samples);
  };
  // A choice that keeps `kept` and then draws: its figures.
  const auto figures = [&](Choice& choice, const Counts& kept, int draws) {
    game.set_cost(choice, coach.cost(kept));
    choice.cards_away = game.away(kept);
    if (choice.cards_away == 0) {
      // Out already: no draw is waited for (6.88).
      choice.goes_out = true;
      choice.p_next = choice.p_within = 1;
      return;
    }
    const CardSet outs = coach.outs(kept);
    for (int index = 0; index < Card::index_count; ++index) {
      if ((outs >> index & 1U) != 0 && unseen.live[static_cast<std::size_t>(index)] > 0) {
        choice.outs.push_back(
            {Card::from_index(index), unseen.live[static_cast<std::size_t>(index)]});
      }
    }
    choice.p_next = odds.next(kept, unseen);
    within(choice, kept, draws);
  };
  const auto why = [&](Choice& choice, const Counts& kept) {
    std::string words;
    if (choice.take) words = fmt::format("take {}: ", to_string(*choice.take, rules.joker_name()));
    if (choice.blind) words = "draw blind: ";
    if (choice.goes_out) {
      choice.why = words + "the cards kept go out now";
      return;
    }
    if (choice.discard && !game.fits(*choice.discard, kept)) {
      words +=
          fmt::format("{} fits nothing kept; ", to_string(*choice.discard, rules.joker_name()));
    }
    if (choice.outs.empty()) {
      words += choice.cards_away
                   ? fmt::format("{} card{} away, no card completes it next", *choice.cards_away,
                                 *choice.cards_away == 1 ? "" : "s")
                   : std::string("no card completes it next");
    } else {
      words += outs_words(choice.outs, rules);
    }
    choice.why = words;
  };

  Counts drawn = held;
  if (options.open) {
    ++drawn[static_cast<std::size_t>(options.open->index())];
    Choice blind;
    blind.blind = true;
    figures(blind, held, options.draws);
    // Drawing blind: the next draw is this turn's.
    why(blind, held);
    advice.choices.push_back(std::move(blind));
  }
  for (int index = 0; index < Card::index_count; ++index) {
    if (drawn[static_cast<std::size_t>(index)] == 0) continue;
    const Card card = Card::from_index(index);
    // The open card taken is not thrown back (nor a copy of it: that keeps the hand as it was,
    // which drawing blind already weighs).
    if (options.open && card == *options.open) continue;
    Counts kept = drawn;
    --kept[static_cast<std::size_t>(index)];
    Choice choice;
    choice.take = options.open;
    choice.discard = card;
    // Taking the open card is this turn's draw: the draws left are one fewer.
    figures(choice, kept, options.open ? options.draws - 1 : options.draws);
    if (options.open && !choice.goes_out) choice.p_next = 0;
    why(choice, kept);
    advice.choices.push_back(std::move(choice));
  }

  // The best first: the odds, then the fewest cards away, then what the cards kept cost, then
  // the card worth most thrown.
  const auto value = [&](const Choice& choice) {
    return choice.discard ? game.value(*choice.discard) : -1;
  };
  const auto cost = [&](const Choice& choice) {
    return choice.points ? *choice.points : -choice.maal.value_or(0);
  };
  std::stable_sort(advice.choices.begin(), advice.choices.end(),
                   [&](const Choice& a, const Choice& b) {
                     if (a.p_within != b.p_within) return a.p_within > b.p_within;
                     if (a.p_next != b.p_next) return a.p_next > b.p_next;
                     const int away_a = a.cards_away.value_or(1000);
                     const int away_b = b.cards_away.value_or(1000);
                     if (away_a != away_b) return away_a < away_b;
                     if (cost(a) != cost(b)) return cost(a) < cost(b);
                     return value(a) > value(b);
                   });
}

}  // namespace

std::optional<std::string> advise_game_refusal(const Rules& rules) {
  return rules.has_tiplu() ? end_cards_away_refusal(rules) : cards_away_refusal(rules);
}

std::optional<std::string> advise_refusal(std::span<const Card> hand, const Rules& rules,
                                          const AdviseOptions& options) {
  if (auto refusal = cards_away_refusal(rules)) return refusal;
  return common_refusal(hand, hand.size(), rules, options,
                        [&](Card card) { return rules.copies_allowed(card); });
}

Advice advise(std::span<const Card> hand, WildRank wild, const Rules& rules,
              const AdviseOptions& options) {
  if (auto refusal = advise_refusal(hand, rules, options)) throw std::invalid_argument(*refusal);
  Advice advice;
  advice.hand.assign(hand.begin(), hand.end());
  advice.wild = wild;
  MeldGame game(wild, rules);
  rank_choices(advice, game, counts_of(hand), hand, rules, options);
  return advice;
}

std::optional<std::string> advise_refusal(const TableHand& hand, const Tiplu& tiplu, int players,
                                          const Rules& rules, const AdviseOptions& options) {
  if (auto refusal = end_cards_away_refusal(rules)) return refusal;
  if (hand.discard) {
    return std::string("advise chooses the discard: write the hand without one (after 'discard')");
  }
  const StageCheck stage = check_first_stage(hand, players, rules);
  if (!stage.faults.empty()) {
    return fmt::format("the groups shown are a foul ({}): this hand cannot end",
                       stage.faults.front());
  }
  if (stage.stage == FirstStage::none) {
    return fmt::format(
        "the player has not seen the tiplu, and cannot end: advise coaches a player who has "
        "shown {} pure combinations (or {} dublees)",
        rules.tiplu_rules().pure_needed, rules.tiplu_rules().dublees_needed);
  }
  const std::vector<Card> held = hand.kept();
  return common_refusal(held, held.size(), rules, options,
                        [&](Card card) { return tiplu.copies_in_play(card, rules); });
}

Advice advise(const TableHand& hand, const Tiplu& tiplu, int players, const Rules& rules,
              const AdviseOptions& options) {
  if (auto refusal = advise_refusal(hand, tiplu, players, rules, options)) {
    throw std::invalid_argument(*refusal);
  }
  Advice advice;
  for (const auto& group : hand.hand)
    advice.hand.insert(advice.hand.end(), group.begin(), group.end());
  advice.shown = hand.shown;
  advice.tiplu = tiplu.card();
  TipluGame game(hand.shown, tiplu, players, rules);
  const std::vector<Card> held = hand.kept();
  rank_choices(advice, game, counts_of(advice.hand), held, rules, options);
  return advice;
}

}  // namespace rummy
