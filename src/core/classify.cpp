// Group classification: see classify.hpp. A group is read in the way that helps a declaration
// most: pure sequence, then impure sequence, then set (rules §2.4).
#include "classify.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>

#include <fmt/format.h>

#include "bits.hpp"

namespace rummy {

std::string_view kind_id(GroupKind kind) {
  constexpr std::array<std::string_view, 5> ids = {"pure_sequence", "impure_sequence", "set",
                                                   "unmatched", "invalid"};
  return ids[static_cast<int>(kind)];
}

std::string_view kind_name(GroupKind kind, const Rules& rules) {
  return rules.words.kinds[static_cast<std::size_t>(kind)];
}

namespace {

// A rank's place in a sequence: the ace is 1 when low, 14 when high.
int rank_value(Rank rank, bool ace_high) {
  return rank == Rank::ace && ace_high ? 14 : static_cast<int>(rank);
}
Rank rank_of_value(int value) {
  return value == 14 ? Rank::ace : static_cast<Rank>(value);
}
int lowest_value(bool ace_high) {
  return ace_high ? 2 : 1;
}
int highest_value(bool ace_high) {
  return ace_high ? 14 : 13;
}

// The places the ace may take in this game: low (1), high (14), or both, low first.
// `ace_high_too`: high as well, where the game has the ace low only (to tell a run that would
// need it high). Walked as a range of bools (two flags, where a list filled by push_back cost a
// dozen instructions at every test of a group).
class AceModes {
 public:
  AceModes(const Rules& rules, bool ace_high_too)
      : first_(rules.melds.ace_low ? 0 : 1), end_(rules.melds.ace_high || ace_high_too ? 2 : 1) {}
  struct Iterator {
    int mode;
    bool operator*() const { return mode == 1; }
    Iterator& operator++() {
      ++mode;
      return *this;
    }
    bool operator!=(const Iterator& other) const { return mode != other.mode; }
  };
  Iterator begin() const { return {first_}; }
  Iterator end() const { return {end_}; }

 private:
  int first_, end_;
};

AceModes ace_modes(const Rules& rules, bool ace_high_too = false) {
  return AceModes(rules, ace_high_too);
}

// What the classifier asks of a list of cards (one suit? one rank? a card twice? which ranks?),
// gathered in one pass. Each question is then a bit operation where it was a pass over the
// cards, and a group is asked several of them.
static_assert(Card::index_count <= 64, "a Profile keeps one bit per card in 64 bits");
struct Profile {
  std::size_t count = 0;
  std::uint32_t suits = 0;  // bit s: a card of suit s
  std::uint32_t ranks = 0;  // bit r: a card of rank r, the ace 1
  std::uint64_t seen = 0;   // bit i: the card of index i
  std::uint64_t twice = 0;  // bit i: the card of index i, seen again

  Profile() = default;
  explicit Profile(std::span<const Card> cards) {
    for (const Card card : cards) add(card);
  }
  void add(Card card) {
    const std::uint64_t bit = std::uint64_t{1} << card.index();
    twice |= seen & bit;
    seen |= bit;
    suits |= 1U << static_cast<int>(card.suit());
    ranks |= 1U << static_cast<int>(card.rank());
    ++count;
  }
  bool one_suit() const { return at_most_one_bit(suits); }
  bool one_rank() const { return at_most_one_bit(ranks); }
  bool repeats() const { return twice != 0; }
  // Bit v: a card whose place (rank_value) is v, the ace low or high.
  std::uint32_t places(bool ace_high) const {
    constexpr std::uint32_t ace = 1U << static_cast<int>(Rank::ace);
    return ace_high ? (ranks & ~ace) | ((ranks & ace) << 13) : ranks;
  }
};

// The Profile of a group's natural cards, the cards that can only stand as themselves (printed
// and wild jokers may stand for others): asked by every test below. A valid group needs no more
// of them (a sequence's suit and a set's rank are its one bit in the Profile).
Profile natural_profile(std::span<const Card> cards, WildRank wild) {
  Profile profile;
  for (const Card card : cards) {
    if (!is_joker(card, wild)) profile.add(card);
  }
  return profile;
}

// The natural cards themselves, with their Profile, for the faults of a group that is not valid
// (they name its cards). Kept in place: only a group too long to be valid has more than
// longest_group, and it may (a user can write a group of 40 cards).
struct Naturals {
  SmallVector<Card, longest_group> cards;
  Profile profile;
};

Naturals natural_cards(std::span<const Card> cards, WildRank wild) {
  Naturals naturals;
  // The Profile is built apart and copied in at the end: a card is a byte, and a store of one
  // may alias anything, so the compiler would otherwise write every field back per card.
  Profile profile;
  for (const Card card : cards) {
    if (is_joker(card, wild)) continue;
    naturals.cards.push_back(card);
    profile.add(card);
  }
  naturals.profile = profile;
  return naturals;
}

// The first card that appears a second time.
std::optional<Card> first_repeat(std::span<const Card> cards) {
  std::uint64_t seen = 0;  // bit i: the card of index i (Card::index_count is below 64)
  for (const Card card : cards) {
    const std::uint64_t bit = std::uint64_t{1} << card.index();
    if ((seen & bit) != 0) return card;
    seen |= bit;
  }
  return std::nullopt;
}

// Lowest and highest of the places in `places` (bit v: place v), which must not be empty.
std::pair<int, int> place_range(std::uint32_t places) {
  return {std::countr_zero(places), std::bit_width(places) - 1};
}

// Natural cards of one suit and distinct ranks fit a sequence of `length` cards, the rest
// jokers, when the span of their ranks (ace low or high) is no longer than the sequence.
// `ace_high_too`: as if the game let the ace be high as well (see ace_modes).
bool fits_sequence(const Profile& naturals, std::size_t length, const Rules& rules,
                   bool ace_high_too = false) {
  if (length < static_cast<std::size_t>(rules.melds.min_run) ||
      length > static_cast<std::size_t>(rules.melds.max_sequence)) {
    return false;
  }
  if (naturals.count == 0) return true;
  if (!naturals.one_suit() || naturals.repeats()) return false;
  for (const bool ace_high : ace_modes(rules, ace_high_too)) {
    const auto [low, high] = place_range(naturals.places(ace_high));
    if (static_cast<std::size_t>(high - low + 1) <= length) return true;
  }
  return false;
}

// Every card standing as itself in consecutive order: the definition of a pure sequence.
bool is_exact_sequence(std::span<const Card> cards, const Rules& rules) {
  if (cards.size() < static_cast<std::size_t>(rules.melds.min_run) ||
      cards.size() > static_cast<std::size_t>(rules.melds.max_sequence)) {
    return false;
  }
  // One pass that stops at the first card out of suit: most groups that are no pure sequence
  // are told by their second or third card.
  Profile profile;
  for (const Card card : cards) {
    if (card.is_printed_joker() || card.suit() != cards.front().suit()) return false;
    profile.add(card);
  }
  if (profile.repeats()) return false;
  for (const bool ace_high : ace_modes(rules)) {
    const auto [low, high] = place_range(profile.places(ace_high));
    if (static_cast<std::size_t>(high - low + 1) == cards.size()) return true;
  }
  return false;
}

// Natural cards of one rank and different suits, the rest jokers.
bool fits_set(const Profile& naturals, std::size_t length, const Rules& rules) {
  if (length < static_cast<std::size_t>(rules.melds.min_group) ||
      length > static_cast<std::size_t>(rules.largest_set())) {
    return false;
  }
  // Same rank, so a repeated card is a repeated suit.
  return naturals.count == 0 ||
         (naturals.one_rank() && (!rules.melds.set_suits_differ || !naturals.repeats()));
}

// How an impure sequence reads: the window of ranks that lets the most wild cards stand as
// themselves, then the one that starts nearest the lowest natural card (jokers extend a run
// upwards), ace low before ace high.
using Reading = InlineVector<std::optional<Card>, longest_group>;

Reading sequence_reading(std::span<const Card> cards, const Profile& naturals, WildRank wild,
                         const Rules& rules) {
  const int length = static_cast<int>(cards.size());
  Suit suit = Suit::spades;
  if (naturals.count != 0) {
    suit = static_cast<Suit>(std::countr_zero(naturals.suits));  // their one suit
  } else {
    for (const Card card : cards) {
      if (is_wild_card(card, wild)) {
        suit = card.suit();
        break;
      }
    }
  }
  const auto is_wild_of_suit = [&](Card card) {
    return is_wild_card(card, wild) && card.suit() == suit;
  };

  struct Choice {
    bool ace_high = false;
    int start = 0;
    int as_themselves = -1;
    int distance = 0;
  } best;
  // The places (bit v: place v) of the natural cards and of the wild cards of the suit: a window
  // fits when it holds every natural card, and as many wild cards stand as themselves in it as
  // it holds places of theirs that no natural card takes.
  Profile wild_of_suit;
  for (const Card card : cards) {
    if (is_wild_of_suit(card)) wild_of_suit.add(card);
  }
  for (const bool ace_high : ace_modes(rules)) {
    const std::uint32_t natural_places = naturals.places(ace_high);
    const std::uint32_t wild_places = wild_of_suit.places(ace_high);
    int anchor = lowest_value(ace_high);
    if (natural_places != 0) {
      anchor = place_range(natural_places).first;
    } else if (wild_places != 0) {
      anchor = place_range(wild_places).first;
    }
    // Only the windows that hold every natural card: from the one that ends at the highest to
    // the one that starts at the lowest (each window's test was most of a reading's work).
    int first = lowest_value(ace_high);
    int last = highest_value(ace_high) - length + 1;
    if (natural_places != 0) {
      const auto [low, high] = place_range(natural_places);
      first = std::max(first, high - length + 1);
      last = std::min(last, low);
    }
    for (int start = first; start <= last; ++start) {
      // Bits start to end; the loop's bound keeps end at most 14.
      const std::uint32_t window = ((1U << length) - 1) << start;
      const int as_themselves = bit_count(wild_places & window & ~natural_places);
      const int distance = std::abs(start - anchor);
      if (as_themselves > best.as_themselves ||
          (as_themselves == best.as_themselves && distance < best.distance)) {
        best = {ace_high, start, as_themselves, distance};
      }
    }
  }

  // Natural cards and the chosen wild cards stand as themselves; the other jokers fill the
  // missing places from the bottom, in the order they were written.
  Reading reading;
  reading.resize(cards.size());
  std::uint32_t taken = 0;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (!is_joker(cards[i], wild)) {
      reading[i] = cards[i];
      taken |= 1U << rank_value(cards[i].rank(), best.ace_high);
    }
  }
  const int end = best.start + length - 1;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const int value = rank_value(cards[i].rank(), best.ace_high);
    if (is_wild_of_suit(cards[i]) && value >= best.start && value <= end &&
        !(taken & (1U << value))) {
      reading[i] = cards[i];
      taken |= 1U << value;
    }
  }
  int next = best.start;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (reading[i]) continue;
    while (taken & (1U << next)) ++next;
    reading[i] = Card(rank_of_value(next), suit);
    taken |= 1U << next;
  }
  return reading;
}

// How a set reads: natural cards and wild cards of the set's rank in a free suit stand as
// themselves; the other jokers take the missing suits in order (none left: a fifth card).
Reading set_reading(std::span<const Card> cards, const Profile& naturals, WildRank wild,
                    const Rules& rules) {
  // The natural cards' one rank (none: the wild rank, or the ace).
  const Rank rank = naturals.count != 0 ? static_cast<Rank>(std::countr_zero(naturals.ranks))
                                        : wild.value_or(Rank::ace);
  std::array<bool, suit_count> taken{};
  Reading reading;
  reading.resize(cards.size());
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (!is_joker(cards[i], wild)) {
      reading[i] = cards[i];
      taken[static_cast<int>(cards[i].suit())] = true;
    }
  }
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const Card card = cards[i];
    // A printed joker has no suit: only wild cards of the set's rank are asked about theirs.
    if (!is_wild_card(card, wild) || card.rank() != rank) continue;
    if (!rules.melds.set_suits_differ || !taken[static_cast<int>(card.suit())]) {
      reading[i] = card;
      taken[static_cast<int>(card.suit())] = true;
    }
  }
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (reading[i]) continue;
    int suit = 0;
    while (suit < suit_count && taken[suit]) ++suit;
    if (suit == suit_count) {
      // Every suit is there: a fifth card, or where books repeat suits, any card of the rank.
      if (rules.melds.set_suits_differ) continue;
      suit = 0;
    }
    reading[i] = Card(rank, static_cast<Suit>(suit));
    taken[suit] = true;
  }
  return reading;
}

// Why natural cards of one suit with distinct ranks make no sequence of this length.
GroupVerdict sequence_fault(const Naturals& group, std::size_t length, const Rules& rules) {
  const std::span<const Card> naturals = group.cards;
  GroupVerdict verdict;
  if (length > static_cast<std::size_t>(rules.melds.max_sequence)) {
    verdict.fault = GroupFault::sequence_too_long;
    return verdict;
  }
  if (!rules.melds.ace_high && fits_sequence(group.profile, length, rules, /*ace_high_too=*/true)) {
    verdict.fault = GroupFault::ace_low_only;
    return verdict;
  }
  // Around the corner (K-A-2): the largest circular gap between ranks leaves the shortest arc.
  // (Distinct ranks: at most rank_count cards.)
  InlineVector<Card, rank_count> sorted;
  for (const Card card : naturals) sorted.push_back(card);
  std::sort(sorted.begin(), sorted.end(), [](Card a, Card b) { return a.rank() < b.rank(); });
  int widest_gap = 0;
  std::size_t after_gap = 0;
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    const int here = static_cast<int>(sorted[i].rank());
    const int next = i + 1 < sorted.size() ? static_cast<int>(sorted[i + 1].rank())
                                           : static_cast<int>(sorted[0].rank()) + rank_count;
    if (next - here > widest_gap) {
      widest_gap = next - here;
      after_gap = (i + 1) % sorted.size();
    }
  }
  if (static_cast<std::size_t>(rank_count - widest_gap + 1) <= length) {
    // The arc starts after the widest gap (the high card) and ends before it (the low card).
    verdict.fault = GroupFault::wraps_around;
    verdict.subject = sorted[after_gap];
    verdict.other = sorted[(after_gap + sorted.size() - 1) % sorted.size()];
    return verdict;
  }
  bool best_high = false;
  int fewest_missing = rank_count + 1;
  for (const bool ace_high : ace_modes(rules)) {
    const auto [low, high] = place_range(group.profile.places(ace_high));
    const int missing = high - low + 1 - static_cast<int>(naturals.size());
    if (missing < fewest_missing) {
      fewest_missing = missing;
      best_high = ace_high;
    }
  }
  const std::uint32_t present = group.profile.places(best_high);
  const auto [low, high] = place_range(present);
  const Suit suit = naturals.front().suit();
  verdict.fault = GroupFault::gap;
  for (int value = low; value <= high; ++value) {
    if (!(present & (1U << value))) verdict.missing.push_back(Card(rank_of_value(value), suit));
  }
  for (const Card card : naturals) {
    if (rank_value(card.rank(), best_high) == low) verdict.subject = card;
    if (rank_value(card.rank(), best_high) == high) verdict.other = card;
  }
  verdict.jokers = static_cast<int>(length - naturals.size());
  return verdict;
}

// A group of mixed suits and ranks, its verdict set in `verdict` (invalid so far): the first
// natural card, in the order written, with a later one that shares neither its suit nor its
// rank. (fault_of's last answer, and classify_group's at once for three suits and three ranks:
// three_suits_and_ranks.)
void set_mixed_fault(GroupVerdict& verdict, std::span<const Card> cards, WildRank wild) {
  verdict.fault = GroupFault::mixed_suits_and_ranks;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (is_joker(cards[i], wild)) continue;
    for (std::size_t k = i + 1; k < cards.size(); ++k) {
      if (is_joker(cards[k], wild)) continue;
      if (cards[i].suit() != cards[k].suit() && cards[i].rank() != cards[k].rank()) {
        verdict.subject = cards[i];
        verdict.other = cards[k];
        return;
      }
    }
  }
}

// Why a group of `length` cards whose natural cards are `group` is not valid. The caller has
// gathered them already; the jokers matter here only by their number.
GroupVerdict fault_of(std::size_t length, const Naturals& group, const Rules& rules) {
  const std::span<const Card> naturals = group.cards;
  const bool suited = group.profile.one_suit();
  const bool ranked = group.profile.one_rank();
  const std::optional<Card> repeat =
      group.profile.repeats() ? first_repeat(naturals) : std::nullopt;
  GroupVerdict verdict;

  if (naturals.size() <= 1) {
    verdict.fault = GroupFault::too_many_cards;
    return verdict;
  }
  if (suited && ranked) {  // every natural card is the same card
    verdict.fault = GroupFault::repeated_card;
    verdict.subject = naturals.front();
    return verdict;
  }
  if (suited) {
    if (repeat) {
      verdict.fault = GroupFault::repeated_card_in_sequence;
      verdict.subject = *repeat;
      return verdict;
    }
    if (length < static_cast<std::size_t>(rules.melds.min_run)) {
      verdict.fault = GroupFault::run_too_short;
      return verdict;
    }
    return sequence_fault(group, length, rules);
  }
  if (ranked) {
    if (repeat) {
      verdict.fault = GroupFault::repeated_suit_in_set;
      verdict.subject = *repeat;
    } else {
      verdict.fault = GroupFault::set_too_large;
    }
    return verdict;
  }

  // Neither one suit nor one rank. If exactly one card is in the way, it is a card posing
  // as a joker; otherwise name two cards that share neither suit nor rank.
  std::optional<Card> in_the_way;
  GroupFault posing = GroupFault::none;
  int candidates = 0;
  // Without one card the rest can be of one suit or one rank only if they all share it: most
  // mixed groups (a hand's deadwood) are told at once.
  std::array<std::size_t, suit_count> by_suit{};
  std::array<std::size_t, rank_count> by_rank{};
  for (const Card card : naturals) {
    ++by_suit[static_cast<std::size_t>(card.suit())];
    ++by_rank[static_cast<std::size_t>(card.rank()) - 1];
  }
  const std::size_t most = std::max(*std::max_element(by_suit.begin(), by_suit.end()),
                                    *std::max_element(by_rank.begin(), by_rank.end()));
  for (std::size_t i = 0; most + 1 >= naturals.size() && i < naturals.size(); ++i) {
    Profile rest;
    for (std::size_t k = 0; k < naturals.size(); ++k) {
      if (k != i) rest.add(naturals[k]);
    }
    const bool sequence = fits_sequence(rest, length, rules);
    if (sequence || fits_set(rest, length, rules)) {
      if (!in_the_way || *in_the_way != naturals[i]) ++candidates;
      in_the_way = naturals[i];
      posing = sequence ? GroupFault::off_suit_card : GroupFault::off_rank_card;
      verdict.other = naturals[i == 0 ? 1 : 0];  // the first of the rest
    }
  }
  if (candidates == 1) {
    verdict.fault = posing;
    verdict.subject = *in_the_way;
    return verdict;
  }
  set_mixed_fault(verdict, naturals, WildRank{});  // (natural cards: none is a joker)
  return verdict;
}

// A card as this game writes it ("JK" for Crazy Rummy's printed joker).
std::string name(Card card, const Rules& rules) {
  return to_string(card, rules.joker_name());
}

std::string joined(std::span<const Card> cards, std::string_view separator, const Rules& rules) {
  std::string text;
  for (const Card card : cards) {
    if (!text.empty()) text += separator;
    text += name(card, rules);
  }
  return text;
}

// "an A", "an 8", "a Q": a rank with its article, as the rank is read aloud.
std::string a_rank(Rank rank) {
  const bool vowel_sound = rank == Rank::ace || rank == Rank::eight;
  return fmt::format("{} {}", vowel_sound ? "an" : "a", rank_name(rank));
}

// "K♥ (wild)" or "PJ": how a joker is named in a reason.
std::string joker_name(Card card, WildRank wild, const Rules& rules) {
  return is_wild_card(card, wild) ? name(card, rules) + " (wild)" : name(card, rules);
}

// "PJ stands for Q♥, K♥ (wild) for 7♣": what the jokers that stand in do. `rank_only`: a
// book whose suits may repeat, where a wild card stands for any card of the rank ("for a 4").
std::string stand_ins(const GroupVerdict& verdict, std::span<const Card> cards, WildRank wild,
                      const Rules& rules, bool rank_only = false) {
  std::string text;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const auto& as = verdict.reading[i];
    if (as && *as == cards[i]) continue;
    const bool first = text.empty();
    text += first ? "" : ", ";
    text += joker_name(cards[i], wild, rules);
    text += first ? " stands" : "";
    text += !as         ? std::string(" as a fifth card")
            : rank_only ? " for " + a_rank(as->rank())
                        : " for " + name(*as, rules);
  }
  return text;
}

// The cards of a sequence in rank order; an ace beside a king is high, unless the run also
// holds the 2: then it is every rank, read ace low (docs/rules.md §6.1).
std::vector<Card> in_run_order(const GroupVerdict& verdict) {
  std::vector<Card> run;
  for (const auto& card : verdict.reading) run.push_back(card.value_or(Card::printed_joker()));
  const auto has = [&](Rank rank) {
    return std::any_of(run.begin(), run.end(), [&](Card c) { return c.rank() == rank; });
  };
  const bool ace_high = has(Rank::king) && has(Rank::ace) && !has(Rank::two);
  std::sort(run.begin(), run.end(), [&](Card a, Card b) {
    return rank_value(a.rank(), ace_high) < rank_value(b.rank(), ace_high);
  });
  return run;
}

std::string wild_as_themselves(std::span<const Card> cards, WildRank wild, const Rules& rules) {
  std::vector<Card> wilds;
  for (const Card card : cards) {
    if (is_wild_card(card, wild)) wilds.push_back(card);
  }
  if (wilds.empty()) return "";
  return fmt::format("; {} {} wild but {} as {}", joined(wilds, " and ", rules),
                     wilds.size() == 1 ? "is" : "are", wilds.size() == 1 ? "stands" : "stand",
                     wilds.size() == 1 ? "itself" : "themselves");
}

// Why a card cannot stand in: "not wild (…)" where the game has wild cards at all.
std::string not_wild_text(WildRank wild, const Rules& rules) {
  if (rules.deck.fixed_wild) return fmt::format(" and not wild ({})", wild_cards_text(rules));
  if (!rules.deck.deal_has_wild_rank) return "";
  return wild ? fmt::format(" and not wild (the wild jokers are the {})", rank_plural(*wild))
              : fmt::format(" and not wild (no rank is wild in this deal, only {})",
                            rules.joker_name());
}

// Whether the group's natural cards are of two suits and two ranks at least, so that no
// sequence (one suit) and no set (one rank) can hold them: most groups that are no meld (a hand's
// deadwood) are, and that is told from their first few cards, before the natural cards are
// gathered for the other tests.
bool mixed_suits_and_ranks(std::span<const Card> cards, WildRank wild) {
  std::optional<Card> first;
  bool other_suit = false, other_rank = false;
  for (const Card card : cards) {
    if (is_joker(card, wild)) continue;
    if (!first) {
      first = card;
      continue;
    }
    other_suit = other_suit || card.suit() != first->suit();
    other_rank = other_rank || card.rank() != first->rank();
    if (other_suit && other_rank) return true;
  }
  return false;
}

// Whether `bits` has three bits set at least.
constexpr bool three_bits_or_more(std::uint32_t bits) {
  bits &= bits - 1;
  bits &= bits - 1;
  return bits != 0;
}

// Whether the group's natural cards are of three suits and three ranks at least. Then no sequence
// and no set holds them, and no single card is in the way of one (without it, the rest are still
// of two suits and two ranks): fault_of's answer is the first two cards that share neither suit
// nor rank, and mixed_fault finds them without gathering the natural cards. Most of a hand's
// deadwood is such a group, told from its first few cards.
bool three_suits_and_ranks(std::span<const Card> cards, WildRank wild) {
  std::uint32_t suits = 0, ranks = 0;
  for (const Card card : cards) {
    if (is_joker(card, wild)) continue;
    suits |= 1U << static_cast<int>(card.suit());
    ranks |= 1U << static_cast<int>(card.rank());
    if (three_bits_or_more(suits) && three_bits_or_more(ranks)) return true;
  }
  return false;
}

}  // namespace

GroupVerdict classify_group(std::span<const Card> cards, WildRank wild, const Rules& rules,
                            Detail detail) {
  const bool full = detail == Detail::full;
  // Invalid, until shown otherwise. Every way out returns this one verdict, made in the caller's
  // place (a verdict is some ninety bytes, which each other way copied).
  GroupVerdict verdict;
  if (cards.size() < static_cast<std::size_t>(rules.melds.min_group)) {
    verdict.kind = GroupKind::unmatched;
    verdict.fault = GroupFault::too_few_cards;
    return verdict;
  }
  // No valid group is longer than longest_group: a longer one needs only its fault.
  if (cards.size() > longest_group) {
    if (full) verdict = fault_of(cards.size(), natural_cards(cards, wild), rules);
    return verdict;
  }
  // (The kind alone: a group of mixed cards is invalid. Its fault needs more of its cards, the
  // first two that share neither suit nor rank when no single card is in the way of a meld.)
  if (!full && mixed_suits_and_ranks(cards, wild)) return verdict;
  if (full && three_suits_and_ranks(cards, wild)) {
    set_mixed_fault(verdict, cards, wild);
    return verdict;
  }
  if (is_exact_sequence(cards, rules)) {
    verdict.kind = GroupKind::pure_sequence;
    if (full) {
      verdict.reading.resize(cards.size());  // (at most longest_group)
      for (std::size_t i = 0; i < cards.size(); ++i) verdict.reading[i] = cards[i];
    }
    return verdict;
  }
  const Profile naturals = natural_profile(cards, wild);
  // Treating every wild card as a joker is the most a group can ask of them; the reading
  // then lets as many as possible stand as themselves.
  // Games that limit the wild cards in a meld count those standing in for others.
  const auto stand_ins = [&](const Reading& reading) {
    int count = 0;
    for (std::size_t i = 0; i < cards.size(); ++i) count += reading[i] == cards[i] ? 0 : 1;
    return count;
  };
  // Too many wild cards standing in: the fault, and how many (none yet).
  GroupFault too_many = GroupFault::none;
  int too_many_wilds = 0;
  if (naturals.count < cards.size() && fits_sequence(naturals, cards.size(), rules)) {
    const bool limited = static_cast<std::size_t>(rules.melds.max_wilds_in_run) < cards.size();
    // (The reading is made in place, and left empty again for a fault.)
    if (full || limited) verdict.reading = sequence_reading(cards, naturals, wild, rules);
    const int wilds = limited ? stand_ins(verdict.reading) : 0;
    if (wilds <= rules.melds.max_wilds_in_run) {
      verdict.kind = GroupKind::impure_sequence;
      return verdict;
    }
    verdict.reading.clear();
    too_many = GroupFault::too_many_wilds_in_run;
    too_many_wilds = wilds;
  }
  if (fits_set(naturals, cards.size(), rules)) {
    const bool limited = static_cast<std::size_t>(rules.melds.max_wilds_in_set) < cards.size();
    if (full || limited) verdict.reading = set_reading(cards, naturals, wild, rules);
    const int wilds = limited ? stand_ins(verdict.reading) : 0;
    if (wilds <= rules.melds.max_wilds_in_set) {
      verdict.kind = GroupKind::set;
      return verdict;
    }
    verdict.reading.clear();
    // A group of 2s in Crazy Rummy is read as a book when that asks fewer wilds to stand in
    // (a 2 among 2s stands for itself): its fault is the book's.
    if (too_many == GroupFault::none || wilds < too_many_wilds) {
      too_many = GroupFault::too_many_wilds_in_set;
      too_many_wilds = wilds;
    }
  }
  if (!full) return verdict;
  if (too_many != GroupFault::none) {
    verdict.fault = too_many;
    verdict.jokers = too_many_wilds;
    return verdict;
  }
  verdict = fault_of(cards.size(), natural_cards(cards, wild), rules);
  return verdict;
}

std::string explain(const GroupVerdict& verdict, std::span<const Card> cards, WildRank wild,
                    const Rules& rules) {
  const MeldWords& words = rules.words;
  const auto card = [&](Card c) { return name(c, rules); };
  switch (verdict.kind) {
    case GroupKind::pure_sequence: {
      const std::string wilds = wild_as_themselves(cards, wild, rules);
      const std::string no_joker =
          rules.has_jokers() ? fmt::format(", no {}", words.joker) : std::string();
      return fmt::format("{} in order{}", joined(in_run_order(verdict), "-", rules),
                         wilds.empty() ? no_joker : wilds + std::string(words.stays_pure));
    }
    case GroupKind::impure_sequence:
      return fmt::format("reads {}: {}", joined(in_run_order(verdict), "-", rules),
                         stand_ins(verdict, cards, wild, rules));
    case GroupKind::set: {
      const auto named = std::find_if(verdict.reading.begin(), verdict.reading.end(),
                                      [](const auto& c) { return c.has_value(); });
      const Rank rank = (*named)->rank();
      constexpr std::array<std::string_view, 6> counts = {"", "", "", "three", "four", "five"};
      const std::string count = cards.size() < counts.size() ? std::string(counts[cards.size()])
                                                             : std::to_string(cards.size());
      std::string text = fmt::format("{} {}{}", count, rank_plural(rank),
                                     rules.melds.set_suits_differ ? " of different suits" : "");
      const std::string jokers =
          stand_ins(verdict, cards, wild, rules, /*rank_only=*/!rules.melds.set_suits_differ);
      if (!jokers.empty()) text += ": " + jokers;
      if (cards.size() > static_cast<std::size_t>(rules.melds.max_set)) {
        text += " (house rule fifth-card-joker=on)";
      }
      return text;
    }
    case GroupKind::unmatched:
    case GroupKind::invalid:
      break;
  }
  switch (verdict.fault) {
    case GroupFault::none:
      return "";
    case GroupFault::too_few_cards:
      return cards.size() == 1 ? fmt::format("a single card: a {} needs at least {}", words.group,
                                             rules.melds.min_group)
                               : fmt::format("only {} cards: a {} needs at least {}", cards.size(),
                                             words.group, rules.melds.min_group);
    case GroupFault::too_many_cards:
      return fmt::format("{} cards: a {} has at most {} and a {} at most {}", cards.size(),
                         words.sequence, rules.melds.max_sequence, words.set, rules.largest_set());
    case GroupFault::repeated_card:
      return fmt::format("{} appears twice: a {} needs different suits and a {} different ranks",
                         card(verdict.subject), words.set, words.sequence);
    case GroupFault::repeated_card_in_sequence:
      return fmt::format("{} appears twice: a {} holds each card once", card(verdict.subject),
                         words.sequence);
    case GroupFault::repeated_suit_in_set:
      return fmt::format("{} appears twice: a {} needs different suits", card(verdict.subject),
                         words.set);
    case GroupFault::sequence_too_long:
      return fmt::format("{} cards: a {} has at most {}", cards.size(), words.sequence,
                         rules.melds.max_sequence);
    case GroupFault::set_too_large:
      return rules.melds.fifth_card_joker
                 ? fmt::format("{} cards of one rank: a {} has at most {} (four suits and a {})",
                               cards.size(), words.set, rules.largest_set(), words.joker)
                 : fmt::format(
                       "{} cards of one rank: a {} has at most {} (house rule "
                       "fifth-card-joker is off)",
                       cards.size(), words.set, rules.melds.max_set);
    case GroupFault::gap: {
      const std::size_t needed = verdict.missing.size();
      std::string text =
          fmt::format("{} between {} and {} {} missing", joined(verdict.missing, " ", rules),
                      card(verdict.subject), card(verdict.other), needed == 1 ? "is" : "are");
      if (!rules.has_jokers()) return text;
      return text + fmt::format(
                        ": {} {} needed, the {} has {}", needed,
                        needed == 1 ? words.joker : words.jokers, words.group,
                        verdict.jokers == 0 ? std::string("none") : std::to_string(verdict.jokers));
    }
    case GroupFault::wraps_around:
      return fmt::format(
          "{} and {} only join around the ace: an ace is low (A-2-3) or high (Q-K-A), never both",
          card(verdict.subject), card(verdict.other));
    case GroupFault::off_suit_card:
      return fmt::format("{} is not a {}{}, so it cannot stand in this {} of {}",
                         card(verdict.subject), suit_noun(verdict.other.suit()),
                         not_wild_text(wild, rules), words.sequence,
                         suit_name(verdict.other.suit()));
    case GroupFault::off_rank_card:
      return fmt::format("{} is not {}{}, so it cannot stand in this {} of {}",
                         card(verdict.subject), a_rank(verdict.other.rank()),
                         not_wild_text(wild, rules), words.set, rank_plural(verdict.other.rank()));
    case GroupFault::mixed_suits_and_ranks:
      return fmt::format(
          "{} and {} share neither suit nor rank: a {} needs one suit, a {} one rank",
          card(verdict.subject), card(verdict.other), words.sequence, words.set);
    case GroupFault::too_many_wilds_in_run:
      return fmt::format("{} wild cards stand in for others: a {} holds at most {}", verdict.jokers,
                         words.sequence, rules.melds.max_wilds_in_run);
    case GroupFault::too_many_wilds_in_set:
      return fmt::format("{} wild cards stand in for others: a {} holds at most {}", verdict.jokers,
                         words.set, rules.melds.max_wilds_in_set);
    case GroupFault::run_too_short:
      return fmt::format("{} cards of one suit: a {} needs at least {}", cards.size(),
                         words.sequence, rules.melds.min_run);
    case GroupFault::ace_low_only:
      return "the ace is low in this game (A-2-3, never Q-K-A)";
  }
  return "";
}

std::string format_group(std::span<const Card> cards, WildRank wild, const Rules& rules) {
  std::string text;
  append_group(text, cards, wild, rules);
  return text;
}

void append_group(std::string& out, std::span<const Card> cards, WildRank wild,
                  const Rules& rules) {
  // Only a deal's wild rank is marked (WJ); a game whose wild rank is fixed needs no mark.
  const bool mark = rules.deck.deal_has_wild_rank;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (i > 0) out += '-';
    append_card(out, cards[i], rules.joker_name());
    if (mark && is_wild_card(cards[i], wild)) out += "(WJ)";
  }
}

}  // namespace rummy
