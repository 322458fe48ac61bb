// Every sentence about a settlement, in one place: a deal's note, a player's line in a deal, the
// cap noted, a wrong show, who paid what in a deal, who went out, a re-join, a tie, a split, a
// setting changed, who won the game, a standing. The settlement (sheet.hpp, knock.hpp) is data:
// enums and amounts; the text, the paper grid, the JSON, `rummy deal` and `rummy cash` all take
// their words from here. What a game says comes from data (the game's Rules and its words, and
// the tables of words in describe.cpp: a new outcome is a row there), never from a branch on the
// game. No I/O.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "knock.hpp"
#include "money.hpp"
#include "rules.hpp"
#include "sheet.hpp"

namespace rummy {

// ---- Amounts, scores and names ----------------------------------------------------------------

std::string money(const Settlement& s, Minor amount);         // "₹2.00", "-₹2.00"
std::string signed_money(const Settlement& s, Minor amount);  // "+₹2.00", "₹0.00"
// A score counted in s.score_parts as people write it: "61", "30½", "20⅓", "-7", "+30½" (signed).
std::string score_text(const Settlement& s, long long parts, bool signed_ = false);
// A player's running figure: money ("+₹2.00") or a score ("61").
std::string standing_text(const Settlement& s, long long value);
// The word before a line of standings: what the figure counts ("net", "total", "chips").
std::string_view standing_label(Standing standing);
std::string names_text(const Settlement& s, const std::vector<std::size_t>& players,
                       std::string_view separator = " and ");

// ---- The game --------------------------------------------------------------------------------

// "points rummy: ₹2.00 a point, fee 10%; players Asha Ravi", "Basic Rummy to 150; players …"
std::string sheet_header(const Settlement& s);

// ---- A deal -----------------------------------------------------------------------------------

// "deal 3", "round 2 (to break the tie)", "the deal" (one deal on its own, without a number).
std::string deal_title(const Settlement& s, const DealResult& deal);
// The deal's note, in every game: "Asha declared; the others pay Asha their points",
// "Bob went rummy and scores the cards left in the other hands, doubled", "Ann wins with 5
// deadwood", "7 cards dealt, 1 book and 1 run to go down", "counted for nothing; played again".
std::string describe_deal(const Settlement& s, const DealResult& deal);
// A player's line: "declared, valid", "dropped (middle)", "won, the last player standing" …
std::string describe_outcome(const EntryResult& entry);
// What a shown hand's points count, before them on a score sheet: "deadwood", "in hand".
std::string_view shown_count_label(ShownCount count);
// "95 points pay 80, the 80-point cap"
std::string cap_note(int uncapped, int points);
// "Asha's 95 points pay 80, the 80-point cap"; empty when the entry's points were not capped.
std::string describe_cap(const Settlement& s, const EntryResult& entry);
// "Asha's wrong show:", before the problems of the hand.
std::string describe_wrong_show(const Settlement& s, const EntryResult& entry);
// What is wrong with a wrong show written with its cards, as validate says it; nothing for others.
std::vector<std::string> describe_problems(const Rules& rules, const EntryResult& entry);
// "written without groups, judged by the best grouping: Asha, Ravi"
std::string describe_arranged(const Settlement& s, const std::vector<std::size_t>& players);
// Points rummy: "pay: Ravi ₹20.00, Meena ₹40.00; Asha receives ₹54.00 (₹60.00 less the fee
// ₹6.00)"; empty for a deal without money.
std::string describe_cash(const Settlement& s, const DealResult& deal);
// Pools: "out: Meena, Tom"; empty when nobody went out.
std::string describe_out(const Settlement& s, const DealResult& deal);

// Knock's round: "Bob wins with 5 deadwood", with the bonuses and a tied knocker; `names` name
// the players (else "player 1", "player 2", …).
std::string describe_knock(const KnockRound& round, const Rules& rules,
                           std::span<const std::string> names = {});

// ---- Between deals, and the game --------------------------------------------------------------

std::string_view setting_id(SettingKind setting);  // "point", "fee"
// A setting's new value as the sheet writes it: "5.00", "10%".
std::string setting_value_text(const SettleEvent& event);
// "Meena rejoins at 61 (…)", "Asha and Ravi are tied at 40: one more deal decides",
// "from deal 2 on: ₹5.00 a point", "Asha, Ravi split the pool equally".
std::string describe_event(const Settlement& s, const SettleEvent& event);
// "Asha has the most chips, 219", "not finished: 2 of 5 rounds played" …
std::string describe_result(const Settlement& s);
// Gin, once the game is over: each player's final total and how it adds up, in the players'
// order: "128 + 100 (game) + 75 (3 boxes) = 303"; empty before the end and in other games.
std::vector<std::string> describe_final_totals(const Settlement& s);
// Pools: ", out" or ", 2 drops left" after a player's standing; empty in other games.
std::string describe_drops(const Settlement& s, const PlayerResult& player);

// ---- Money ------------------------------------------------------------------------------------

// "fee ₹33.00; paid ₹330.00 = received ₹297.00 + fee ₹33.00" (and " + still in the pool ₹…"
// while a pool is held): the sheet's money adds up. `paid` and `received` by every player.
std::string describe_money_balance(const Settlement& s, Minor paid, Minor received);
// Who pays whom: "Tom pays Asha ₹160.00", "Meena pays the fee ₹29.00"; the parties are the
// players by index, then the fee, then a pool still held.
std::string describe_transfer(const std::vector<std::string>& names, const Transfer& transfer,
                              std::string_view currency);
// rummy cash: points rummy's money of one deal, from the losers' points after the cap
// ("gross: ₹2.00 a point × (20 + 40 = 60 points) = ₹120.00", the fee, who receives and pays), and
// pool or deals rummy's prize ("pool: ₹100.00 entry × 4 players = ₹400.00", the fee, the prize);
// one line each, without the last line end.
std::string describe_points_cash(std::string_view currency, Minor value,
                                 std::span<const int> counted, const Fee& fee,
                                 const PointsCash& cash);
std::string describe_prize_cash(std::string_view currency, Minor entry, int players, const Fee& fee,
                                const PrizeCash& cash);

// ---- The paper grid ---------------------------------------------------------------------------

// "the sheet (total after each deal)"
std::string grid_title(const Settlement& s);
// A row's label: "deal 3", "deal 2 void"; and a re-join's row.
std::string grid_deal_label(const Settlement& s, const DealResult& deal);
inline constexpr std::string_view grid_rejoin_label = "rejoin";
// The marks in a box: out in that deal, back by a re-join, out of the game.
inline constexpr std::string_view grid_out_mark = "✗";
inline constexpr std::string_view grid_rejoin_mark = "↺";
inline constexpr std::string_view grid_out_of_game = "—";

}  // namespace rummy
