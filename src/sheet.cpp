// Settling a table sheet: see sheet.hpp.
#include "sheet.hpp"

#include <algorithm>
#include <array>
#include <map>

#include <fmt/format.h>

#include "arrange.hpp"
#include "declaration.hpp"
#include "knock.hpp"

namespace rummy {

std::string_view outcome_id(Outcome outcome) {
  constexpr std::array<std::string_view, 9> ids = {
      "declared", "showed", "dropped", "missed", "left", "won", "out", "rummy", "knocked"};
  return ids[static_cast<int>(outcome)];
}

namespace {

// What every sheet's settlement needs: messages with places, the players, their lines in a deal,
// and the hands shown, read with the deal's wild rank and checked against the decks.
class SheetReader {
 protected:
  SheetReader(const Sheet& sheet, std::string_view text, std::string_view source)
      : sheet_(sheet), text_(text), source_(source) {}

  [[noreturn]] void fail(std::size_t offset, std::string message) const {
    throw input_error(source_, text_, offset, std::move(message));
  }
  // "line 4, column 12", from an index of line starts built once: a sheet of many deals names
  // places in every deal, so each lookup must not read the text from its start.
  std::string where(std::size_t offset) const {
    if (line_starts_.empty()) {
      line_starts_.push_back(0);
      for (std::size_t i = 0; i < text_.size(); ++i) {
        if (text_[i] == '\n') line_starts_.push_back(i + 1);
      }
    }
    const auto next = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    const std::size_t line = static_cast<std::size_t>(next - line_starts_.begin());
    std::size_t column = 1;
    for (std::size_t i = line_starts_[line - 1]; i < offset && i < text_.size(); ++i) {
      if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++column;
    }
    return fmt::format("line {}, column {}", line, column);
  }
  std::size_t index_of(const std::string& name, std::size_t offset) const {
    const auto found = std::find(sheet_.players.begin(), sheet_.players.end(), name);
    if (found == sheet_.players.end()) {
      fail(offset, fmt::format("{} is not one of the players ({})", name, names()));
    }
    return static_cast<std::size_t>(found - sheet_.players.begin());
  }
  std::string names() const {
    std::string list;
    for (const std::string& name : sheet_.players) list += (list.empty() ? "" : " ") + name;
    return list;
  }

  // The rules of the sheet's game with its decks and house rules; the players, 2 to 6.
  void read_players_and_rules() {
    rules_ = Rules::for_variant(sheet_.variant);
    if (sheet_.players.size() < 2 || sheet_.players.size() > 6) {
      fail(sheet_.player_offsets.empty() ? 0 : sheet_.player_offsets.front(),
           "a table has 2 to 6 players: 'players Asha Ravi Meena'");
    }
    if (sheet_.decks) rules_.decks = *sheet_.decks;
    for (const auto& [assignment, offset] : sheet_.house) {
      if (const auto problem = apply_house_rule(rules_, assignment)) fail(offset, *problem);
    }
    result_.variant = sheet_.variant;
    result_.house_rules = non_default_house_rules(rules_);
    for (const std::string& name : sheet_.players) {
      PlayerResult player;
      player.name = name;
      result_.players.push_back(player);
    }
  }

  // Every player in the game has exactly one line in the deal; nobody else has one.
  void check_lines(const SheetDeal& deal, const std::vector<bool>& in_game, int number) const {
    std::vector<const SheetEntry*> line_of(sheet_.players.size(), nullptr);
    for (const SheetEntry& entry : deal.entries) {
      const std::size_t i = index_of(entry.player, entry.offset);
      if (!in_game[i]) fail(entry.offset, fmt::format("{} is out of the game", entry.player));
      if (line_of[i]) {
        fail(entry.offset, fmt::format("{} already has a line in this deal, at {}", entry.player,
                                       where(line_of[i]->offset)));
      }
      line_of[i] = &entry;
    }
    for (std::size_t i = 0; i < sheet_.players.size(); ++i) {
      if (in_game[i] && !line_of[i]) {
        fail(deal.offset, fmt::format("deal {} has no line for {}", number, sheet_.players[i]));
      }
    }
  }

  // The hands of a deal, one per line that shows one, never more copies of a card than the
  // decks hold.
  std::vector<std::optional<ReadHand>> read_hands(const SheetDeal& deal,
                                                  const std::optional<WildRank>& wild,
                                                  const std::string& origin) const {
    std::vector<std::optional<ReadHand>> hands(deal.entries.size());
    std::array<std::vector<std::size_t>, Card::index_count> seen_at;
    for (std::size_t e = 0; e < deal.entries.size(); ++e) {
      const SheetEntry& entry = deal.entries[e];
      if (!entry.hand) continue;
      ReadOptions options;
      options.wild = wild;
      options.wild_origin = origin;
      options.size =
          rules_.variant == Variant::indian ? ReadOptions::Size::shown : ReadOptions::Size::any;
      hands[e] = resolve_hand(*entry.hand, text_, source_, rules_, options);
      for (const WrittenCard& card : entry.hand->cards) {
        auto& places = seen_at[static_cast<std::size_t>(card.card.index())];
        places.push_back(card.offset);
        const int limit = rules_.copies_allowed(card.card);
        if (static_cast<int>(places.size()) > limit) {
          std::string others;
          for (std::size_t k = 0; k + 1 < places.size(); ++k) {
            others += (k == 0 ? "" : " and ") + where(places[k]);
          }
          fail(card.offset,
               fmt::format("{} is seen {} times in this deal, but {} deck{} only {} (also at "
                           "{})",
                           card.card.is_printed_joker() ? "a printed joker" : to_string(card.card),
                           places.size(), rules_.decks, rules_.decks == 1 ? " holds" : "s hold",
                           limit, others));
        }
      }
    }
    return hands;
  }

  const Sheet& sheet_;
  std::string_view text_, source_;
  Rules rules_;
  Settlement result_;
  mutable std::vector<std::size_t> line_starts_;
};

// Indian rummy: points, pools and deals, with money.
class Settler : SheetReader {
 public:
  Settler(const Sheet& sheet, std::string_view text, std::string_view source)
      : SheetReader(sheet, text, source) {}

  Settlement run() {
    read_header();
    for (const SheetEvent& event : sheet_.events) {
      if (const auto* deal = std::get_if<SheetDeal>(&event)) {
        play(*deal);
      } else if (const auto* rejoin = std::get_if<SheetRejoin>(&event)) {
        rejoin_player(*rejoin);
      } else {
        split(std::get<SheetSplit>(event));
      }
    }
    finish();
    return std::move(result_);
  }

 private:
  bool pool() const { return game_ == Game::pool101 || game_ == Game::pool201; }

  void read_header() {
    read_players_and_rules();
    game_ = *sheet_.game;
    result_.game = game_;
    result_.deals_to_play = sheet_.deals_to_play;
    result_.point_value = sheet_.point_value;
    result_.entry = sheet_.entry;
    result_.fee = sheet_.fee;
    result_.currency = sheet_.currency;
    if (game_ == Game::points && !sheet_.point_value) {
      fail(0, "points rummy needs the value of a point: 'point 2'");
    }
    if (game_ != Game::points && !sheet_.entry) {
      fail(0, fmt::format("{} needs the entry fee: 'entry 100'", game_description(game_)));
    }
    const std::size_t count = sheet_.players.size();
    standing_.assign(count, 0);
    in_game_.assign(count, true);
    if (game_ == Game::deals) {
      std::fill(standing_.begin(), standing_.end(),
                static_cast<long long>(rules_.deal_chips_per_deal) * sheet_.deals_to_play);
    }
    if (game_ != Game::points) {
      for (PlayerResult& player : result_.players) pay_entry(player);
    }
    started_with_ = count;
  }

  void pay_entry(PlayerResult& player) {
    if (*sheet_.entry > largest_amount - result_.pool) fail(0, "the entry fees are too large");
    player.paid += *sheet_.entry;
    result_.pool += *sheet_.entry;
  }

  void over_already(std::size_t offset) const {
    if (result_.finished) {
      fail(offset, fmt::format("the game is over ({}): nothing can follow", result_.result));
    }
  }

  // The wild rank of a deal: its 'wild', else the first (WJ) mark in its hands.
  std::optional<WildRank> deal_wild(const SheetDeal& deal, std::string& origin) const {
    if (deal.wild) {
      origin = fmt::format("the deal's wild at {}", where(deal.wild_offset));
      return deal.wild;
    }
    for (const SheetEntry& entry : deal.entries) {
      if (!entry.hand) continue;
      for (const WrittenCard& card : entry.hand->cards) {
        if (card.wild_mark) {
          origin = fmt::format("the (WJ) at {}", where(*card.wild_mark));
          return WildRank(card.card.rank());
        }
      }
    }
    return std::nullopt;
  }

  void play(const SheetDeal& deal) {
    over_already(deal.offset);
    DealResult played;
    played.number = static_cast<int>(result_.deals.size()) + 1;
    played.extra = game_ == Game::deals && played.number > sheet_.deals_to_play;

    check_lines(deal, in_game_, played.number);

    // The hands, with one wild rank, and never more copies of a card than the decks hold.
    std::string origin = "--wild";
    const std::optional<WildRank> wild = deal_wild(deal, origin);
    played.wild = wild.value_or(std::nullopt);
    const std::vector<std::optional<ReadHand>> hands = read_hands(deal, wild, origin);

    // Outcomes in the order written: one valid declaration ends the deal; a wrong show pays
    // and the deal goes on for the others; the last player standing wins.
    std::optional<std::size_t> winner, declared_winner, won_line;
    for (std::size_t e = 0; e < deal.entries.size(); ++e) {
      const SheetEntry& entry = deal.entries[e];
      EntryResult outcome;
      outcome.player = entry.player;
      outcome.outcome = entry.outcome;
      outcome.drop = entry.drop;
      switch (entry.outcome) {
        case Outcome::declared: {
          const DeclarationCheck check = check_declaration(hands[e]->hand, rules_);
          if (declared_winner) {
            fail(entry.offset, fmt::format("{} already won this deal with a valid declaration",
                                           deal.entries[*declared_winner].player));
          }
          outcome.score = score_declaration(check, rules_);
          outcome.valid_hand = check.valid();
          if (check.valid()) declared_winner = e;
          break;
        }
        case Outcome::showed: {
          const DeclarationCheck check = check_declaration(hands[e]->hand, rules_);
          outcome.score = score_shown_hand(hands[e]->hand, check, rules_);
          outcome.valid_hand = check.valid();
          break;
        }
        case Outcome::dropped:
        case Outcome::missed:
        case Outcome::left: {
          // Three missed turns, or leaving after picking a card, count as a middle drop.
          const Drop drop = entry.outcome == Outcome::dropped ? entry.drop : Drop::middle;
          const auto score = score_drop(game_, drop, rules_);
          if (!score) {
            fail(entry.offset, fmt::format("{} has no drop: a player may not leave a deal in it",
                                           game_description(game_)));
          }
          outcome.score = score;
          break;
        }
        case Outcome::won:
          if (won_line) {
            fail(entry.offset,
                 fmt::format("{} already won this deal", deal.entries[*won_line].player));
          }
          won_line = e;
          break;
        case Outcome::out:
        case Outcome::rummy:
        case Outcome::knocked:
          fail(entry.offset,
               fmt::format(
                   "'{}' belongs to {}; in Indian rummy the winner "
                   "'declared' a hand",
                   outcome_id(entry.outcome),
                   entry.outcome == Outcome::knocked ? "Knock Rummy" : "Basic and Crazy Rummy"));
      }
      if (outcome.score) outcome.points = outcome.score->points;
      if (hands[e]) outcome.hand = format_hand(hands[e]->hand);
      played.entries.push_back(std::move(outcome));
    }
    for (std::size_t e = 0; e < deal.entries.size(); ++e) {
      if (deal.entries[e].outcome == Outcome::showed && !declared_winner) {
        fail(deal.entries[e].offset,
             "'showed' is a hand shown after a valid declaration, and this deal has none");
      }
    }
    if (declared_winner && won_line) {
      fail(deal.entries[*won_line].offset,
           fmt::format("{} won this deal by declaring; 'won' is for the last player standing",
                       deal.entries[*declared_winner].player));
    }
    if (declared_winner) {
      winner = declared_winner;
    } else if (won_line) {
      for (std::size_t e = 0; e < deal.entries.size(); ++e) {
        const SheetEntry& entry = deal.entries[e];
        const bool out_of_deal =
            entry.outcome == Outcome::dropped || entry.outcome == Outcome::missed ||
            entry.outcome == Outcome::left ||
            (entry.outcome == Outcome::declared && !played.entries[e].valid_hand);
        if (e != *won_line && !out_of_deal) {
          fail(deal.entries[*won_line].offset,
               fmt::format("{} cannot have won without declaring: {} is still in the deal",
                           deal.entries[*won_line].player, entry.player));
        }
      }
      winner = won_line;
    } else {
      fail(deal.offset, fmt::format("deal {} has no winner: a valid declaration, or 'won' for the "
                                    "last player standing",
                                    played.number));
    }
    played.winner = deal.entries[*winner].player;
    const std::size_t winner_index = index_of(played.winner, deal.entries[*winner].offset);
    apply(played, winner_index);
    result_.deals.push_back(std::move(played));
  }

  // The deal's points move: money (points rummy), totals (pools) or chips (deals).
  void apply(DealResult& played, std::size_t winner) {
    std::vector<std::size_t> losers;
    std::vector<int> points;
    for (const EntryResult& entry : played.entries) {
      const std::size_t i = index_of(entry.player, 0);
      if (i == winner) continue;
      losers.push_back(i);
      points.push_back(entry.points);
    }
    switch (game_) {
      case Game::points: {
        const auto cash = points_cash(*sheet_.point_value, points, sheet_.fee);
        if (!cash) fail(0, "the amounts of this game are too large to add up");
        for (std::size_t k = 0; k < losers.size(); ++k) {
          result_.players[losers[k]].paid += cash->paid[k];
          standing_[losers[k]] -= cash->paid[k];
        }
        result_.players[winner].received += cash->net;
        standing_[winner] += cash->net;
        result_.fee_taken += cash->fee;
        played.cash = cash;
        break;
      }
      case Game::pool101:
      case Game::pool201:
        for (std::size_t k = 0; k < losers.size(); ++k) standing_[losers[k]] += points[k];
        for (std::size_t i = 0; i < standing_.size(); ++i) {
          if (in_game_[i] && rules_.is_out(game_, static_cast<int>(standing_[i]))) {
            in_game_[i] = false;
            played.out.push_back(sheet_.players[i]);
          }
        }
        if (std::count(in_game_.begin(), in_game_.end(), true) == 1) {
          const auto last = static_cast<std::size_t>(
              std::find(in_game_.begin(), in_game_.end(), true) - in_game_.begin());
          pay_prize({last}, fmt::format("{} is the last player in the pool", sheet_.players[last]));
        }
        break;
      case Game::deals:
        for (std::size_t k = 0; k < losers.size(); ++k) {
          standing_[losers[k]] -= points[k];
          standing_[winner] += points[k];
        }
        if (played.number >= sheet_.deals_to_play) decide_deals();
        break;
    }
    played.standing = standing_;
  }

  // Deals rummy after the agreed deals: most chips wins; a tie needs one more deal.
  void decide_deals() {
    const long long most = *std::max_element(standing_.begin(), standing_.end());
    std::vector<std::size_t> top;
    for (std::size_t i = 0; i < standing_.size(); ++i) {
      if (standing_[i] == most) top.push_back(i);
    }
    if (top.size() == 1) {
      pay_prize(top, fmt::format("{} has the most chips, {}", sheet_.players[top[0]], most));
    } else {
      std::string tied;
      for (const std::size_t i : top) tied += (tied.empty() ? "" : " and ") + sheet_.players[i];
      result_.events.push_back(
          {result_.deals.size() + 1,
           fmt::format("{} are tied at {} chips: one more deal decides", tied, most)});
    }
  }

  // The prize (every entry, less the fee) to the winner, or in the given shares.
  void pay_prize(const std::vector<std::size_t>& winners, std::string how,
                 std::vector<Minor> shares = {}) {
    const Minor fee = fee_on(sheet_.fee, result_.pool);
    const Minor prize = result_.pool - fee;
    if (shares.empty()) shares = equal_shares(prize, winners.size());
    for (std::size_t k = 0; k < winners.size(); ++k) {
      result_.players[winners[k]].received += shares[k];
    }
    result_.fee_taken += fee;
    result_.finished = true;
    result_.result = std::move(how);
  }

  int drops_left(std::size_t i) const {
    const int middle = rules_.drop_penalty(game_).middle.value_or(1);
    const int limit = rules_.pool_limits(game_).limit;
    // Middle drops a player can still take and stay in: below the limit (or at it, "exceed").
    const int room =
        (rules_.pool_out_above_limit ? limit : limit - 1) - static_cast<int>(standing_[i]);
    return room < 0 ? 0 : room / middle;
  }

  void rejoin_player(const SheetRejoin& rejoin) {
    over_already(rejoin.offset);
    if (!pool()) fail(rejoin.offset, "only pool rummy has re-joins");
    const std::size_t i = index_of(rejoin.player, rejoin.offset);
    if (in_game_[i]) fail(rejoin.offset, fmt::format("{} is still in the game", rejoin.player));
    if (started_with_ <= 2) {
      fail(rejoin.offset, "re-joining needs a table of more than two players");
    }
    const int ceiling = rules_.pool_limits(game_).rejoin_ceiling;
    long long highest = 0;
    for (std::size_t k = 0; k < standing_.size(); ++k) {
      if (!in_game_[k]) continue;
      if (standing_[k] > ceiling) {
        fail(rejoin.offset, fmt::format("{} cannot rejoin: {}'s total {} is above {}",
                                        rejoin.player, sheet_.players[k], standing_[k], ceiling));
      }
      highest = std::max(highest, standing_[k]);
    }
    in_game_[i] = true;
    standing_[i] = highest + 1;
    pay_entry(result_.players[i]);
    result_.events.push_back(
        {result_.deals.size(),
         fmt::format("{} rejoins at {} (the highest total + 1), paying the entry again",
                     rejoin.player, standing_[i])});
  }

  void split(const SheetSplit& split) {
    over_already(split.offset);
    if (!pool()) fail(split.offset, "only pool rummy splits a pool");
    std::vector<std::size_t> left;
    for (std::size_t i = 0; i < in_game_.size(); ++i) {
      if (in_game_[i]) left.push_back(i);
    }
    if (left.size() < 2 || left.size() > 3) {
      fail(split.offset,
           fmt::format("a pool is split by 2 or 3 players; {} are left", left.size()));
    }
    std::vector<Minor> shares;
    if (split.by_drops) {
      // Each is first paid the drops they have over the fewest, at the entry fee each; the rest
      // is shared equally.
      const Minor prize = result_.pool - fee_on(sheet_.fee, result_.pool);
      int fewest = drops_left(left[0]);
      for (const std::size_t i : left) fewest = std::min(fewest, drops_left(i));
      Minor first = 0;
      for (const std::size_t i : left) {
        shares.push_back((drops_left(i) - fewest) * *sheet_.entry);
        first += shares.back();
      }
      if (first > prize) {
        fail(split.offset, fmt::format("the pool ({} after the fee) is too small to pay {} for the "
                                       "drops: agree on an equal split",
                                       format_amount(prize), format_amount(first)));
      }
      const std::vector<Minor> rest = equal_shares(prize - first, left.size());
      for (std::size_t k = 0; k < left.size(); ++k) shares[k] += rest[k];
    }
    std::string names;
    for (const std::size_t i : left) names += (names.empty() ? "" : ", ") + sheet_.players[i];
    pay_prize(left,
              fmt::format("{} split the pool {}", names, split.by_drops ? "by drops" : "equally"),
              shares);
    result_.events.push_back({result_.deals.size(), result_.result});
  }

  void finish() {
    for (std::size_t i = 0; i < result_.players.size(); ++i) {
      PlayerResult& player = result_.players[i];
      player.standing = standing_[i];
      player.out = !in_game_[i];
      if (pool()) player.drops_left = in_game_[i] ? drops_left(i) : 0;
    }
    if (game_ == Game::points) {
      result_.finished = true;
      result_.result = fmt::format("{} deal{} settled", result_.deals.size(),
                                   result_.deals.size() == 1 ? "" : "s");
    } else if (!result_.finished) {
      result_.held = result_.pool;
      result_.result =
          game_ == Game::deals && static_cast<int>(result_.deals.size()) < sheet_.deals_to_play
              ? fmt::format("not finished: {} of {} deals played", result_.deals.size(),
                            sheet_.deals_to_play)
              : "not finished: no winner yet";
    }
  }

  Game game_ = Game::points;
  std::vector<long long> standing_;
  std::vector<bool> in_game_;
  std::size_t started_with_ = 0;
};

// Basic, Knock and Crazy Rummy (RULES.md §3, §4, §5): scores, not money. Basic: the player who
// goes out scores the cards left in the other hands (doubled for rummy), to a target or over
// agreed hands, highest wins. Knock: each round settled by settle_knock, over agreed rounds,
// highest wins. Crazy: seven rounds, each player adds the cards left in hand, lowest wins.
class ScoreSheet : SheetReader {
 public:
  ScoreSheet(const Sheet& sheet, std::string_view text, std::string_view source)
      : SheetReader(sheet, text, source) {}

  Settlement run() {
    read_players_and_rules();
    refuse_money_lines();
    result_.deals_to_play = sheet_.variant == Variant::crazy ? crazy_rounds : sheet_.deals_to_play;
    result_.target = sheet_.variant == Variant::basic && sheet_.deals_to_play == 0
                         ? (sheet_.target > 0 ? sheet_.target : basic_default_target)
                         : 0;
    if (sheet_.variant == Variant::knock) {
      rules_.hand_size = basic_deal_size(sheet_.players.size());
    }
    score_.assign(sheet_.players.size(), 0);
    const std::vector<bool> everyone(sheet_.players.size(), true);
    for (const SheetEvent& event : sheet_.events) {
      if (const auto* deal = std::get_if<SheetDeal>(&event)) {
        if (result_.finished) {
          fail(deal->offset,
               fmt::format("the game is over ({}): nothing can follow", result_.result));
        }
        check_lines(*deal, everyone, static_cast<int>(result_.deals.size()) + 1);
        if (deal->wild) {
          fail(deal->wild_offset,
               fmt::format("{} has no wild rank to choose", variant_description(sheet_.variant)));
        }
        play(*deal);
      } else {
        const std::size_t offset = std::holds_alternative<SheetRejoin>(event)
                                       ? std::get<SheetRejoin>(event).offset
                                       : std::get<SheetSplit>(event).offset;
        fail(offset, "re-joins and splits belong to Indian pool rummy");
      }
    }
    if (!result_.finished) {
      result_.result =
          result_.target > 0
              ? fmt::format("not finished: nobody has reached {} yet", result_.target)
              : fmt::format("not finished: {} of {} {} played", result_.deals.size(),
                            result_.deals_to_play, round_word(result_.deals_to_play != 1));
    }
    for (std::size_t i = 0; i < score_.size(); ++i) result_.players[i].standing = score_[i];
    return std::move(result_);
  }

 private:
  static constexpr int basic_default_target = 150;

  std::string round_word(bool plural) const {
    const std::string_view word = sheet_.variant == Variant::basic ? "hand" : "round";
    return std::string(word) + (plural ? "s" : "");
  }

  void refuse_money_lines() const {
    if (sheet_.point_value || sheet_.entry || sheet_.fee.percent || sheet_.fee.fixed != 0) {
      fail(0, fmt::format("a {} sheet keeps scores: the rulebook gives it no money, so 'point', "
                          "'entry' and 'fee' do not belong",
                          variant_description(sheet_.variant)));
    }
    if (sheet_.variant == Variant::knock && sheet_.deals_to_play == 0) {
      fail(0, "Knock Rummy is played over agreed rounds: 'game knock rounds 5'");
    }
  }

  // The outcomes a game allows, and the one line that ends the deal.
  std::size_t winning_line(const SheetDeal& deal, int number) const {
    std::optional<std::size_t> winner;
    for (std::size_t e = 0; e < deal.entries.size(); ++e) {
      const SheetEntry& entry = deal.entries[e];
      const bool ends = entry.outcome == Outcome::out || entry.outcome == Outcome::knocked ||
                        (entry.outcome == Outcome::rummy && sheet_.variant == Variant::basic);
      const bool allowed =
          entry.outcome == Outcome::showed ||
          (sheet_.variant == Variant::knock ? entry.outcome == Outcome::knocked
                                            : ends && entry.outcome != Outcome::knocked);
      if (!allowed) {
        fail(entry.offset, fmt::format("{} sheets have {}; '{}' is not one of them",
                                       variant_description(sheet_.variant), outcomes_text(),
                                       outcome_id(entry.outcome)));
      }
      if (!ends) continue;
      if (winner) {
        fail(entry.offset,
             fmt::format("{} already {} in this deal, at {}", deal.entries[*winner].player,
                         sheet_.variant == Variant::knock ? "knocked" : "went out",
                         where(deal.entries[*winner].offset)));
      }
      winner = e;
    }
    if (!winner) {
      fail(deal.offset,
           fmt::format("{} {} has no {}", round_word(false), number,
                       sheet_.variant == Variant::knock ? "knock: one player 'knocked HAND'"
                                                        : "winner: one player went 'out'"));
    }
    return *winner;
  }

  std::string outcomes_text() const {
    switch (sheet_.variant) {
      case Variant::basic:
        return "'out' or 'rummy' for the player who went out and 'showed CARDS' for the cards "
               "left in the other hands";
      case Variant::knock:
        return "'knocked HAND' for the knocker and 'showed HAND' for the others";
      case Variant::crazy:
      case Variant::indian:
        break;
    }
    return "'out' for the player who went out and 'showed CARDS' for the cards left in the other "
           "hands";
  }

  void play(const SheetDeal& deal) {
    DealResult played;
    played.number = static_cast<int>(result_.deals.size()) + 1;
    if (sheet_.variant == Variant::crazy) {
      const Contract contract = *crazy_round(played.number);
      played.note = fmt::format("{} cards dealt, {} to go down", contract.cards,
                                contract_text(contract.books, contract.runs));
    }
    played.extra = result_.deals_to_play > 0 && played.number > result_.deals_to_play;
    const std::size_t winner = winning_line(deal, played.number);
    const std::vector<std::optional<ReadHand>> hands =
        read_hands(deal, rules_.fixed_wild ? WildRank(rules_.fixed_wild) : std::nullopt, "--wild");
    std::vector<int> points(deal.entries.size(), 0);
    for (std::size_t e = 0; e < deal.entries.size(); ++e) {
      EntryResult entry;
      entry.player = deal.entries[e].player;
      entry.outcome = deal.entries[e].outcome;
      if (hands[e]) {
        entry.score = hand_score(deal.entries[e], *hands[e], entry.hand);
        entry.points = entry.score->points;
        points[e] = entry.points;
      }
      played.entries.push_back(std::move(entry));
    }
    played.winner = deal.entries[winner].player;
    switch (sheet_.variant) {
      case Variant::basic: {
        const bool doubled = deal.entries[winner].outcome == Outcome::rummy;
        int won = 0;
        for (const int p : points) won += p;
        if (doubled) won *= 2;
        played.entries[winner].change = won;
        played.note =
            fmt::format("{} {} and scores the cards left in the other hands{}", played.winner,
                        doubled ? "went rummy" : "went out", doubled ? ", doubled" : "");
        break;
      }
      case Variant::knock: {
        std::vector<std::string> names;
        for (const SheetEntry& entry : deal.entries) names.push_back(entry.player);
        const KnockRound round = settle_knock(points, winner, names);
        for (std::size_t e = 0; e < deal.entries.size(); ++e) {
          played.entries[e].change = round.entries[e];
        }
        std::string winners;
        for (const std::size_t w : round.winners) {
          winners += (winners.empty() ? "" : " and ") + deal.entries[w].player;
        }
        played.winner = winners;
        played.note = round.how;
        break;
      }
      case Variant::crazy:
      case Variant::indian:
        for (std::size_t e = 0; e < deal.entries.size(); ++e) played.entries[e].change = points[e];
        break;
    }
    for (const EntryResult& entry : played.entries) {
      score_[index_of(entry.player, 0)] += entry.change;
    }
    played.standing = score_;
    result_.deals.push_back(std::move(played));
    decide();
  }

  // What a hand shown counts: Knock's deadwood (the least, unless the player grouped the cards),
  // the cards left in hand in Basic and Crazy.
  Score hand_score(const SheetEntry& entry, const ReadHand& read, std::string& shown) const {
    const Hand& hand = read.hand;
    if (sheet_.variant != Variant::knock) {
      shown = format_hand(hand);
      return score_shown_hand(hand, check_declaration(hand, rules_), rules_);
    }
    if (hand.card_count() != static_cast<std::size_t>(rules_.hand_size)) {
      fail(entry.hand->end_offset,
           fmt::format("{} cards: with {} players each Knock Rummy hand holds {}",
                       hand.card_count(), sheet_.players.size(), rules_.hand_size));
    }
    if (hand.groups.size() > 1) {
      shown = format_hand(hand);
      return score_deadwood(hand, check_declaration(hand, rules_), rules_);
    }
    const Arrangement best = arrange(hand.cards(), hand.wild, rules_);
    shown = format_hand(best.hand);
    return best.score;
  }

  // After a deal: a target reached, or the agreed deals played with one best score.
  void decide() {
    const std::size_t played = result_.deals.size();
    if (result_.target > 0) {
      const long long best = *std::max_element(score_.begin(), score_.end());
      if (best >= result_.target) {
        finish_with(best, fmt::format("by reaching {}", result_.target));
      }
      return;
    }
    if (static_cast<int>(played) < result_.deals_to_play) return;
    const bool lowest = sheet_.variant == Variant::crazy;
    const long long best = lowest ? *std::min_element(score_.begin(), score_.end())
                                  : *std::max_element(score_.begin(), score_.end());
    const auto tied = std::count(score_.begin(), score_.end(), best);
    if (tied > 1 && !lowest) {
      result_.events.push_back({played, fmt::format("{} are tied at {}: one more {} decides",
                                                    leaders(best), best, round_word(false))});
      return;
    }
    finish_with(best, lowest ? "with the lowest total after round 7" : "with the highest total");
  }

  std::string leaders(long long best) const {
    std::string text;
    for (std::size_t i = 0; i < score_.size(); ++i) {
      if (score_[i] == best) text += (text.empty() ? "" : " and ") + sheet_.players[i];
    }
    return text;
  }

  void finish_with(long long best, std::string_view how) {
    const bool shared = std::count(score_.begin(), score_.end(), best) > 1;
    result_.finished = true;
    result_.result = shared ? fmt::format("{} share the win, {} each", leaders(best), best)
                            : fmt::format("{} wins {}, {}", leaders(best), how, best);
  }

  std::vector<long long> score_;
};

}  // namespace

Settlement settle(const Sheet& sheet, std::string_view text, std::string_view source) {
  if (!sheet.game_given) {
    throw input_error(source, text, 0,
                      "a sheet names its game first: 'game points', 'game pool101', 'game "
                      "pool201', 'game deals N', 'game basic', 'game knock rounds N' or 'game "
                      "crazy'");
  }
  if (sheet.variant != Variant::indian) return ScoreSheet(sheet, text, source).run();
  return Settler(sheet, text, source).run();
}

}  // namespace rummy
