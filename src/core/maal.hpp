// Maal points and the settlement of a deal dealt with a tiplu (docs/rules.md §9.6–§9.8): who
// pays whom, read from the Rules value (TipluRules for the points, Match::maal_pay for the
// game points); nothing here names a game.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tiplu.hpp"

namespace rummy {

// What one item of maal is.
enum class MaalItemKind { tiplu, poplu, jhiplu, marriage, alter, printed, tunnela };
inline constexpr std::array<EnumRow<MaalItemKind>, 7> maal_item_rows = {{
    {MaalItemKind::tiplu, "tiplu", "tiplu"},
    {MaalItemKind::poplu, "poplu", "poplu"},
    {MaalItemKind::jhiplu, "jhiplu", "jhiplu"},
    {MaalItemKind::marriage, "marriage", "marriage"},
    {MaalItemKind::alter, "alter", "alter"},
    {MaalItemKind::printed, "printed_joker", "printed joker"},
    {MaalItemKind::tunnela, "tunnela", "tunnela shown at the deal"},
}};
static_assert(maal_item_rows.size() == static_cast<std::size_t>(MaalItemKind::tunnela) + 1 &&
              in_enum_order(maal_item_rows));

struct MaalItem {
  MaalItemKind kind = MaalItemKind::tiplu;
  int count = 1;  // cards held (marriages held, for a marriage)
  Card card;      // the card (a tunnela's, or one of the item's)
  int points = 0;
  bool operator==(const MaalItem&) const = default;
};

struct MaalCount {
  std::vector<MaalItem> items;  // what scores, in the split worth most
  int points = 0;
  bool operator==(const MaalCount&) const = default;
};

// The maal of the cards a player keeps (the final discard excluded) and the tunnelas they showed
// at the deal (each also among `kept`), in the split worth most to the player.
MaalCount count_maal(std::span<const Card> kept, std::span<const Card> deal_tunnelas,
                     const Tiplu& tiplu, const Rules& rules);
// The same, of a hand as recorded: its kept cards and its (deal) tunnelas.
MaalCount count_maal(const TableHand& hand, const Tiplu& tiplu, const Rules& rules);
// "marriage 10 + tunnela of K♦ 5 = 15"
std::string maal_text(const MaalCount& count);
std::string maal_item_text(const MaalItem& item);

// ---- Settling one deal --------------------------------------------------------------------------

// A player's state at the end of a deal (docs/rules.md §9.4, §9.8).
enum class MaalState { ended, seen, unseen, foul };
inline constexpr std::array<EnumRow<MaalState>, 4> maal_state_rows = {{
    {MaalState::ended, "ended", "ended the deal"},
    {MaalState::seen, "seen", "seen"},
    {MaalState::unseen, "unseen", "unseen"},
    {MaalState::foul, "foul", "foul"},
}};
static_assert(maal_state_rows.size() == static_cast<std::size_t>(MaalState::foul) + 1 &&
              in_enum_order(maal_state_rows));
std::optional<MaalState> find_maal_state(std::string_view id);

// The maal counted for a player in this state (docs/rules.md §9.6, §9.8): 0 for a foul player,
// and for an unseen one as unseen-maal says (kidnap's transfer to the ender is the settlement's).
int counted_maal(MaalState state, int maal, const Rules& rules);

struct MaalEntry {
  MaalState state = MaalState::seen;
  int maal = 0;             // the maal of the player's cards (any state)
  bool by_dublees = false;  // ended by the dublee route
};

// What each player gets in one deal, in the entries' order; every figure in points.
struct MaalShare {
  int counted = 0;   // the maal counted (0 for a foul player; by unseen-maal for an unseen one)
  int exchange = 0;  // n × counted − T
  int game = 0;      // game points (paid by the others to the player who ended)
  int dublee = 0;    // the dublee bonus
  int penalty = 0;   // foul penalties paid (−) or taken (+) in this deal
  int net = 0;
};
struct MaalDeal {
  bool void_deal = false;  // nobody ended: no exchange, no game points
  std::optional<std::size_t> ender;
  std::vector<MaalShare> shares;
  int total = 0;  // T
};
// Settles a deal. `owed`: foul penalties due from earlier deals, by entry (entries not in this
// deal are still in `entries`, with `in_deal` false). Returns what each pays; `owed` is updated:
// penalties paid are cleared, this deal's fouls added (or paid now).
struct MaalSeat {
  std::optional<MaalEntry> entry;  // empty: sits the deal out
  int owed = 0;                    // foul penalty due from this player, not yet paid
};
MaalDeal settle_maal_deal(std::span<MaalSeat> seats, const Rules& rules);

}  // namespace rummy
