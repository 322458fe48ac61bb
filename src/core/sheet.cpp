// Checking and settling a table sheet: see sheet.hpp. One loop serves every game; what differs
// between games is read from Rules::match.
#include "sheet.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>
#include <numeric>
#include <string_view>
#include <tuple>

#include <fmt/format.h>

#include "arrange.hpp"
#include "declaration.hpp"
#include "describe.hpp"
#include "game_options.hpp"
#include "games.hpp"
#include "maal.hpp"
#include "tiplu.hpp"

namespace rummy {

std::string_view event_id(EventType type) {
  constexpr std::array<std::string_view, 4> ids = {"rejoin", "tie", "split", "setting"};
  return ids[static_cast<int>(type)];
}

std::string_view standing_id(Standing standing) {
  constexpr std::array<std::string_view, 4> ids = {"net", "total", "chips", "score"};
  return ids[static_cast<int>(standing)];
}

namespace {

// A number of at most `digits` digits, or nothing.
std::optional<int> small_number(std::string_view text, std::size_t digits) {
  int value = 0;
  if (text.empty() || text.size() > digits) return std::nullopt;
  std::from_chars(text.data(), text.data() + text.size(), value);
  return value;
}

class Settler {
 public:
  Settler(const Sheet& sheet, std::string_view text, std::string_view source,
          std::span<const TableGame> games)
      : sheet_(sheet), text_(text), source_(source), games_(games) {}

  Settlement run() {
    if (!sheet_.outside_deals.empty()) {
      fail(sheet_.outside_deals.front().offset,
           "a player's line belongs to a deal: write 'deal' (and its wild joker) first");
    }
    if (!sheet_.voids_outside_deals.empty()) {
      fail(sheet_.voids_outside_deals.front(), "'void' belongs inside the deal it cancels");
    }
    if (!sheet_.marks_outside_deals.empty()) {
      const SheetDealMark& mark = sheet_.marks_outside_deals.front();
      fail(mark.offset, fmt::format("'{}' belongs inside a deal: write 'deal' first",
                                    deal_line_row(mark.line).id));
    }
    read_header();
    for (const SheetEvent& event : sheet_.events) {
      if (const auto* deal = std::get_if<SheetDeal>(&event)) {
        play(*deal);
      } else if (const auto* rejoin = std::get_if<SheetRejoin>(&event)) {
        rejoin_player(*rejoin);
      } else if (const auto* change = std::get_if<SheetChange>(&event)) {
        change_setting(change->setting);
      } else {
        split(std::get<SheetSplit>(event));
      }
    }
    finish();
    return std::move(result_);
  }

 private:
  const Match& match() const { return rules_.match; }

  [[noreturn]] void fail(std::size_t offset, std::string message) const {
    throw input_error(source_, text_, offset, std::move(message));
  }

  // "line 4, column 12", from an index of line starts built once: a sheet of many deals names
  // places in every deal, so each lookup must not read the text from its start.
  std::size_t line_of(std::size_t offset) const {
    if (line_starts_.empty()) {
      line_starts_.push_back(0);
      for (std::size_t i = 0; i < text_.size(); ++i) {
        if (text_[i] == '\n') line_starts_.push_back(i + 1);
      }
    }
    const auto next = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    return static_cast<std::size_t>(next - line_starts_.begin());
  }
  std::string where(std::size_t offset) const {
    const std::size_t line = line_of(offset);
    std::size_t column = 1;
    for (std::size_t i = line_starts_[line - 1]; i < offset && i < text_.size(); ++i) {
      if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++column;
    }
    return fmt::format("line {}, column {}", line, column);
  }

  // A player by name, whatever its case ('asha' is Asha); a name not at the table gets the
  // nearest one.
  std::size_t index_of(const std::string& name, std::size_t offset) const {
    for (std::size_t i = 0; i < names_.size(); ++i) {
      if (same_name(names_[i], name)) return i;
    }
    std::string list;
    for (const std::string& each : names_) list += (list.empty() ? "" : " ") + each;
    std::string message = fmt::format("{} is not one of the players ({})", name, list);
    if (const auto nearest = nearest_name(name, names_)) {
      message += fmt::format("; did you mean {}?", *nearest);
    }
    fail(offset, message);
  }

  // ---- The header: the game, its settings, the players ----------------------------------------

  // The games a sheet may name, as their lines are written: "'game points', … or 'game crazy'".
  std::string game_lines() const {
    std::string games;
    for (std::size_t i = 0; i < games_.size(); ++i) {
      games += i == 0 ? "" : i + 1 == games_.size() ? " or " : ", ";
      games += fmt::format("'{}'", games_[i].usage);
    }
    return games;
  }

  // Which games a line of another game belongs to, among those a sheet may name: "belongs to
  // Knock Rummy and Gin Rummy"; "is not a line of any game here" when none has it.
  template <typename Has>
  std::string belongs_to(Has has) const {
    std::vector<std::string_view> owners;
    for (const TableGame& game : games_) {
      const Rules rules = Rules::built(game.rules, game.game);
      if (has(rules) && std::find(owners.begin(), owners.end(), rules.words.game) == owners.end()) {
        owners.push_back(rules.words.game);
      }
    }
    if (owners.empty()) return "is not a line of any game here";
    return "belongs to " + spoken_names(owners);
  }

  // The games whose players re-join and split a pool, as sheets name them: "pool101 and pool201".
  std::string sheets_where_pool() const {
    std::vector<std::string_view> names;
    for (const TableGame& game : games_) {
      if (Rules::built(game.rules, game.game).match.pool) names.push_back(game.name);
    }
    return spoken_names(names);
  }

  // The game a game line names, from the games list.
  const TableGame& table_game(const SheetGameLine& line) const {
    if (line.name.empty()) {
      fail(line.name_offset, "expected the game's name after 'game': " + game_lines());
    }
    for (const TableGame& game : games_) {
      if (game.name == line.name) return game;
    }
    std::vector<std::string> names;
    for (const TableGame& game : games_) names.emplace_back(game.name);
    const auto nearest = nearest_name(line.name, names);
    fail(line.name_offset,
         fmt::format("no game is called '{}'{}: a sheet's game is {}", line.name,
                     nearest ? fmt::format(" (did you mean '{}'?)", *nearest) : "", game_lines()));
  }

  void read_header() {
    if (sheet_.games.empty()) fail(0, "a sheet names its game first: " + game_lines());
    if (sheet_.games.size() > 1) {
      fail(sheet_.games[1].offset,
           fmt::format("the game is given twice (first at {})", where(sheet_.games[0].offset)));
    }
    const SheetGameLine& line = sheet_.games.front();
    const TableGame& game = table_game(line);
    rules_ = Rules::built(game.rules, game.game);
    // A game defined elsewhere may ask what no scorer answers: refused at its name.
    if (const auto why = check_rules(rules_)) fail(line.name_offset, *why);
    result_.game = game.game;
    read_length(line, game);
    if (!sheet_.given_twice.empty()) {
      const auto& [again, first] = sheet_.given_twice.front();
      fail(again.offset, fmt::format("'{}' is given twice before the first deal (first at {})",
                                     again.word, where(first)));
    }
    if (!sheet_.late_players.empty()) {
      fail(sheet_.late_players.front(),
           "the players are listed before the first deal (a re-join is 'rejoin NAME')");
    }
    read_settings();
    read_players();
    for (const SheetSetting& house : sheet_.house) {
      if (const auto problem = apply_house_rule(rules_, house.text)) {
        fail(house.value_offset, *problem);
      }
    }
    if (const auto conflict = house_rules_conflict(rules_)) {
      fail(sheet_.house.back().value_offset, *conflict);  // checked once all are read
    }
    result_.house_rules = non_default_house_rules(rules_);
    agree_with_house_rules(line, game);
    if (!sheet_.lone_deal) check_settings(line, game);
    if (sheet_.lone_deal) {
      counted_ = static_cast<std::size_t>(*sheet_.lone_deal - 1);
      result_.lone = true;
      result_.deals_to_play = 0;  // no game around it: no agreed length, no target
      result_.target = 0;
    }
    point_value_ = result_.point_value;
    fee_ = result_.fee;
    if (match().deal_size_by_players) rules_.deal.hand_size = rules_.deal_size(names_.size());

    standing_.assign(names_.size(), match().chips_per_deal * result_.deals_to_play);
    owed_.assign(names_.size(), 0);
    in_game_.assign(names_.size(), true);
    standing_after_deal_ = standing_;
    in_game_after_deal_ = in_game_;
    if (match().needs_entry && !sheet_.lone_deal) {
      for (PlayerResult& player : result_.players) pay_entry(player, line.offset);
    }
    result_.rules = rules_;
  }

  // What a game line's settings take, for people: "target N or hands N".
  static std::string settings_text(const TableGame& game) {
    std::string text;
    for (std::size_t i = 0; i < game.settings.size(); ++i) {
      text += i == 0 ? "" : i + 1 == game.settings.size() ? " or " : ", ";
      text += game.settings[i].word.empty() ? "N" : fmt::format("{} N", game.settings[i].word);
    }
    return text;
  }

  // The setting of the game that a setting as written is.
  const GameSetting& game_setting(const SheetGameSetting& written, const TableGame& game) const {
    std::vector<std::string> words;
    for (const GameSetting& setting : game.settings) {
      if (setting.word == written.word) return setting;
      if (!setting.word.empty()) words.emplace_back(setting.word);
    }
    if (game.settings.empty()) {
      fail(written.offset,
           fmt::format("'game {}' takes no setting: it is written alone", game.name));
    }
    if (written.word.empty()) {
      fail(written.offset,
           fmt::format("'game {}' takes {}, not a number alone", game.name, settings_text(game)));
    }
    const auto nearest = nearest_name(written.word, words);
    fail(written.offset,
         fmt::format("'game {}' takes {}, not '{}'{}", game.name, settings_text(game), written.word,
                     nearest ? fmt::format(" (did you mean '{}'?)", *nearest) : ""));
  }

  // How long the game runs: agreed deals, a target, or the game's own number of rounds.
  void read_length(const SheetGameLine& line, const TableGame& game) {
    const SheetGameSetting* given = nullptr;
    for (const SheetGameSetting& written : line.settings) {
      const GameSetting& setting = game_setting(written, game);
      if (given) {
        fail(written.offset,
             fmt::format("the game's length is given twice (first at {})", where(given->offset)));
      }
      given = &written;
      const std::size_t digits = std::to_string(setting.most).size();
      const auto value = small_number(written.number, digits);
      if (!value || *value < 1 || *value > setting.most) {
        fail(written.number_offset,
             fmt::format("expected {} from 1 to {}{}", setting.meaning, setting.most,
                         setting.note.empty() ? "" : fmt::format(" ({})", setting.note)));
      }
      (setting.agrees == Agreed::target ? result_.target : result_.deals_to_play) = *value;
    }
    if (!rules_.deal.rounds.empty()) {
      result_.deals_to_play = static_cast<int>(rules_.deal.rounds.size());
    } else if (!given && match().default_target > 0) {
      result_.target = match().default_target;
    }
  }

  // A game-line setting that a house rule says too ('game gin target 150', 'house
  // game-target=150'): the rules take the game line's value, and both written must agree; the
  // house rule alone sets the game line's number.
  void agree_with_house_rules(const SheetGameLine& line, const TableGame& game) {
    for (const GameSetting& setting : game.settings) {
      if (setting.house_rule.empty()) continue;
      const HouseRule* rule = find_house_rule(setting.house_rule);
      if (rule == nullptr) throw std::logic_error("a game setting names no house rule");
      int& agreed = setting.agrees == Agreed::target ? result_.target : result_.deals_to_play;
      const SheetGameSetting* written = nullptr;
      for (const SheetGameSetting& each : line.settings) {
        if (each.word == setting.word) written = &each;
      }
      const SheetSetting* house = nullptr;
      for (const SheetSetting& each : sheet_.house) {
        if (each.text.substr(0, each.text.find('=')) == setting.house_rule) house = &each;
      }
      if (!written) {
        agreed = rule->get(rules_);
        continue;
      }
      if (house && rule->get(rules_) != agreed) {
        fail(written->number_offset,
             fmt::format("{} {} here, but 'house {}' at {}: write it once", setting.word, agreed,
                         house->text, where(house->offset)));
      }
      rule->set(rules_, agreed);
    }
  }

  void read_players() {
    std::size_t first_offset = 0;
    for (const auto& players : sheet_.player_lines) {
      for (const SheetPlayer& player : players) {
        if (names_.empty()) first_offset = player.offset;
        for (const std::string& listed : names_) {
          if (same_name(listed, player.name)) {
            fail(player.offset, fmt::format("{} is listed twice", player.name));
          }
        }
        names_.push_back(player.name);
        PlayerResult result;
        result.name = player.name;
        result_.players.push_back(result);
      }
    }
    if (match().min_players == match().max_players &&
        names_.size() != static_cast<std::size_t>(match().min_players)) {
      fail(first_offset, fmt::format("{} is played by {} players, not {}", rules_.words.game,
                                     match().min_players, names_.size()));
    }
    if (names_.size() < static_cast<std::size_t>(match().min_players) ||
        names_.size() > static_cast<std::size_t>(match().max_players)) {
      fail(first_offset, fmt::format("a table has {} to {} players: 'players Asha Ravi Meena'",
                                     match().min_players, match().max_players));
    }
  }

  void read_settings() {
    const auto amount = [&](const SheetSetting& setting) {
      const auto value = parse_amount(setting.text);
      if (!value) {
        fail(setting.value_offset, fmt::format("expected an amount such as 2 or 2.50 (at most {})",
                                               format_amount(largest_amount)));
      }
      return *value;
    };
    if (sheet_.point) result_.point_value = amount(*sheet_.point);
    if (sheet_.entry) result_.entry = amount(*sheet_.entry);
    if (sheet_.fee) {
      const auto fee = parse_fee(sheet_.fee->text);
      if (!fee) {
        fail(sheet_.fee->value_offset,
             "expected a fee: a percentage up to 100% (10%) or an amount (5)");
      }
      result_.fee = *fee;
    }
    if (sheet_.decks) {
      const std::string& value = sheet_.decks->text;
      if (value.size() != 1 || value[0] < '1' || value[0] > '8') {
        fail(sheet_.decks->value_offset, "expected the number of decks, 1 to 8");
      }
      if (const auto refusal = decks_refusal(rules_, value[0] - '0')) {
        fail(sheet_.decks->value_offset, *refusal);
      }
      rules_.deck.decks = value[0] - '0';
    }
    if (sheet_.currency) result_.currency = sheet_.currency->text;
  }

  // The settings this game needs, and none it has no use for.
  void check_settings(const SheetGameLine& line, const TableGame& game) const {
    const std::size_t game_offset = line.offset;
    if (!match().keeps_money) {
      for (const auto* setting : {&sheet_.point, &sheet_.entry, &sheet_.fee}) {
        if (*setting && match().point_for_margin && setting != &sheet_.point) {
          fail((*setting)->offset,
               fmt::format("a {} sheet's money is the margin at the end, at 'point V' a point: "
                           "'entry' and 'fee' do not belong",
                           rules_.words.game));
        }
        if (*setting && !match().point_for_margin) {
          fail((*setting)->offset,
               fmt::format("a {} sheet keeps scores: the rulebook gives it no money, so 'point', "
                           "'entry' and 'fee' do not belong",
                           rules_.words.game));
        }
      }
    }
    if (match().deals_required && result_.deals_to_play == 0 && !game.settings.empty()) {
      const GameSetting& needed = game.settings.front();
      fail(line.end_offset,
           fmt::format("expected {}, e.g. 'game {}{}{} {}'", needed.meaning, game.name,
                       needed.word.empty() ? "" : " ", needed.word, needed.example));
    }
    if (sheet_.fee && match().deal_points == DealPoints::maal_exchange) {
      fail(sheet_.fee->offset,
           fmt::format("a {} deal has several winners, each paid by every other player: no fee "
                       "is taken from it",
                       rules_.words.game));
    }
    if (match().needs_point_value && !result_.point_value) {
      fail(game_offset, fmt::format("{} needs the value of a point: 'point 2'",
                                    rules_.has_formats() ? game_description(result_.game)
                                                         : std::string_view(rules_.words.game)));
    }
    if (match().needs_entry && !result_.entry) {
      fail(game_offset,
           fmt::format("{} needs the entry fee: 'entry 100'", game_description(result_.game)));
    }
  }

  void pay_entry(PlayerResult& player, std::size_t offset) {
    if (*result_.entry > largest_amount - result_.pool)
      fail(offset, "the entry fees are too large");
    player.paid += *result_.entry;
    result_.pool += *result_.entry;
  }

  void over_already(std::size_t offset) const {
    if (result_.finished) {
      fail(offset,
           fmt::format("the game is over ({}): nothing can follow", describe_result(result_)));
    }
  }

  // ---- A deal ---------------------------------------------------------------------------------

  // Every player in the game has exactly one line in the deal; nobody else has one.
  void check_lines(const SheetDeal& deal, int number) const {
    std::vector<const SheetEntry*> line_of(names_.size(), nullptr);
    for (const SheetEntry& entry : deal.entries) {
      const std::size_t i = index_of(entry.player, entry.offset);
      if (!in_game_[i]) fail(entry.offset, fmt::format("{} is out of the game", entry.player));
      if (line_of[i]) {
        fail(entry.offset, fmt::format("{} already has a line in this {}, at {}", entry.player,
                                       match().deal_word, where(line_of[i]->offset)));
      }
      line_of[i] = &entry;
    }
    for (std::size_t i = 0; i < names_.size(); ++i) {
      if (in_game_[i] && !line_of[i]) {
        fail(deal.offset,
             fmt::format("{} {} has no line for {}", match().deal_word, number, names_[i]));
      }
    }
  }

  // A line (a player's, or the deal's own) that counts only under a house rule: 'big gin' needs
  // big-gin=on.
  template <typename Row>
  void require_house_rule(std::size_t offset, const Row& row) const {
    if (house_rule_holds(rules_, row.needs)) return;
    fail(offset, fmt::format("'{}' counts only with the house rule {} ('house {}')", row.id,
                             row.needs, row.needs));
  }

  // Every line says what this game allows, under the house rule it needs.
  void check_outcomes(const SheetDeal& deal) const {
    for (const SheetEntry& entry : deal.entries) {
      if (has_outcome(match().outcomes, entry.outcome)) {
        require_house_rule(entry.offset, row_of(outcome_rows, entry.outcome));
        continue;
      }
      const std::string belongs = belongs_to(
          [&](const Rules& rules) { return has_outcome(rules.match.outcomes, entry.outcome); });
      fail(entry.offset, fmt::format("'{}' {}; {} sheets have {}", outcome_id(entry.outcome),
                                     belongs, rules_.words.game, player_lines_text(rules_)));
    }
  }

  // The wild rank of a deal: its 'wild', else the first (WJ) mark in its hands.
  std::optional<WildRank> deal_wild(const SheetDeal& deal, std::string& origin) const {
    if (deal.wild) {
      if (!rules_.deck.deal_has_wild_rank) {
        fail(deal.wild_offset, fmt::format("{} has no wild rank to choose", rules_.words.game));
      }
      origin = deal.wild_origin.empty()
                   ? fmt::format("the deal's wild at {}", where(deal.wild_offset))
                   : deal.wild_origin;
      return deal.wild;
    }
    if (!rules_.deck.deal_has_wild_rank) return std::nullopt;
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
          rules_.deal.exact_hand_size ? ReadOptions::Size::shown : ReadOptions::Size::any;
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
               fmt::format("{} is seen {} times in this {}, but {} deck{} only {} (also at "
                           "{})",
                           card.card.is_printed_joker() ? "a printed joker" : to_string(card.card),
                           places.size(), match().deal_word, rules_.deck.decks,
                           rules_.deck.decks == 1 ? " holds" : "s hold", limit, others));
        }
      }
    }
    return hands;
  }

  // What a hand shown counts: Knock's deadwood (the least, unless the player grouped the
  // cards), the cards left in hand in Basic and Crazy, Indian rummy's loser's count.
  // A count written without the cards: at most four digits.
  int given_points(const SheetEntry& entry) const {
    const std::string& text = *entry.points;
    if (text.size() > 4) fail(entry.points_offset, "expected the points, 0 to 9999");
    return std::stoi(text);
  }

  // A hand written without groups is judged by its best grouping where grouping counts.
  JudgedHand judged_hand(const SheetEntry& entry, const ReadHand& read, EntryResult& outcome,
                         int deal_number) const {
    const Hand& hand = read.hand;
    if (match().left_at_most_dealt) {
      // Basic deals by the number of players; Crazy by the round.
      const auto round = rules_.round(deal_number);
      const int dealt = round ? round->cards : rules_.deal_size(names_.size());
      if (hand.card_count() > static_cast<std::size_t>(dealt)) {
        fail(entry.hand->end_offset,
             fmt::format("{} cards left, but {} were dealt{}", hand.card_count(), dealt,
                         round ? fmt::format(" in round {}", round->round)
                               : fmt::format(" to each of {} players", names_.size())));
      }
    }
    if (match().deal_size_by_players &&
        hand.card_count() != static_cast<std::size_t>(rules_.deal.hand_size)) {
      fail(entry.hand->end_offset,
           fmt::format("{} cards: with {} players each {} hand holds {}", hand.card_count(),
                       names_.size(), rules_.words.game, rules_.deal.hand_size));
    }
    JudgedHand judged = judge_hand(hand, read.written.grouped, rules_);
    outcome.hand = format_hand(judged.hand, rules_);
    outcome.grouping = judged.grouping;
    return judged;
  }

  // The deal's lines of its own ('upcard 6♦', 'dead'): each one the game takes, once, with the
  // house rule it needs.
  void read_marks(const SheetDeal& deal, DealResult& played) const {
    std::vector<const SheetDealMark*> seen(deal_line_rows().size(), nullptr);
    for (const SheetDealMark& mark : deal.marks) {
      const DealLineRow& row = deal_line_row(mark.line);
      if (!has_deal_line(match().deal_lines, mark.line)) {
        fail(mark.offset, fmt::format("'{}' {}; a {} {} has no such line", row.id,
                                      belongs_to([&](const Rules& rules) {
                                        return has_deal_line(rules.match.deal_lines, mark.line);
                                      }),
                                      rules_.words.game, match().deal_word));
      }
      const SheetDealMark*& earlier = seen[static_cast<std::size_t>(mark.line)];
      if (earlier) {
        fail(mark.offset, fmt::format("'{}' is given twice in this {} (first at {})", row.id,
                                      match().deal_word, where(earlier->offset)));
      }
      earlier = &mark;
      require_house_rule(mark.offset, row);
      if (row.without_players) played.scoreless = mark.line;
      if (mark.card && mark.line == DealLine::upcard) {
        // One card of the game's packs, written as a hand is.
        ReadOptions options;
        options.size = ReadOptions::Size::any;
        const ReadHand read = resolve_hand(*mark.card, text_, source_, rules_, options);
        played.upcard = read.hand.cards().front();
      }
      if (mark.card && mark.line == DealLine::tiplu) played.tiplu = tiplu_card(*mark.card);
    }
    // A line the cards are judged against ('tiplu 5♣'): needed once a player's cards are written.
    for (const DealLineRow& row : deal_line_rows()) {
      if (!row.needed_for_cards || !has_deal_line(match().deal_lines, row.value) ||
          seen[static_cast<std::size_t>(row.value)]) {
        continue;
      }
      for (const SheetEntry& entry : deal.entries) {
        if (!entry.hand && !entry.table_hand) continue;
        fail(entry.offset,
             fmt::format("{}'s cards are judged against the {}'s {}: write it in the {} before "
                         "the players' lines ('{} {}')",
                         entry.player, match().deal_word, row.words, match().deal_word, row.id,
                         row.example));
      }
    }
    if (played.scoreless && !deal.entries.empty()) {
      fail(deal.entries.front().offset,
           fmt::format("this {} is '{}': nobody scores it, so it has no players' lines",
                       match().deal_word, deal_line_row(*played.scoreless).id));
    }
  }

  // The tiplu as a deal line writes it: one natural card of the game's packs.
  Card tiplu_card(const WrittenHand& written) const {
    const WrittenCard& card = written.cards.front();
    if (card.card.is_printed_joker()) {
      fail(card.offset,
           "a printed joker is never the tiplu: it is put back and another card drawn");
    }
    if (card.wild_mark) fail(*card.wild_mark, "the tiplu is a card, without (WJ)");
    return card.card;
  }

  // A deal played and counted (not a void one): its result, and the standings re-joins are
  // decided on.
  void count_deal(DealResult&& played) {
    result_.deals.push_back(std::move(played));
    ++counted_;
    standing_after_deal_ = standing_;
  }

  void play(const SheetDeal& deal) {
    over_already(deal.offset);
    DealResult played;
    played.number = static_cast<int>(counted_) + 1;
    read_marks(deal, played);
    if (deal.void_offset) {
      // A misdeal: printed with the lines written, counted for nothing; the deal is played again
      // under the same number.
      played.voided = true;
      for (const SheetEntry& entry : deal.entries) {
        EntryResult line;
        line.player = index_of(entry.player, entry.offset);
        line.outcome = entry.outcome;
        line.drop = entry.drop;
        played.entries.push_back(line);
      }
      played.standing = standing_;
      result_.deals.push_back(std::move(played));
      return;
    }
    played.extra = result_.deals_to_play > 0 && played.number > result_.deals_to_play;
    played.contract = rules_.round(played.number);
    if (played.scoreless) {
      // Played and counted, scored by nobody (a dead hand: no points, nobody's box).
      played.standing = standing_;
      count_deal(std::move(played));
      if (match().deal_points == DealPoints::gin_hand && !sheet_.lone_deal) {
        add_gin_hand({std::nullopt, 0});
      }
      return;
    }
    if (match().deal_points == DealPoints::maal_exchange) {
      check_outcomes(deal);
      play_maal_deal(deal, played);
      count_deal(std::move(played));
      return;
    }
    check_lines(deal, played.number);
    check_outcomes(deal);

    std::string origin = "--wild";
    const std::optional<WildRank> wild = deal_wild(deal, origin);
    played.wild = wild.value_or(std::nullopt);
    const std::vector<std::optional<ReadHand>> hands = read_hands(deal, wild, origin);
    if (match().deal_points == DealPoints::gin_hand) {
      play_gin_hand(deal, played, hands);
      count_deal(std::move(played));
      return;
    }

    // Outcomes in the order written: one line ends the deal (a valid declaration, 'won' for
    // the last player standing, 'out', 'rummy', 'knocked'); a wrong show pays and the deal goes
    // on for the others.
    std::optional<std::size_t> declared_winner, won_line, ender;
    for (std::size_t e = 0; e < deal.entries.size(); ++e) {
      const SheetEntry& entry = deal.entries[e];
      EntryResult outcome;
      outcome.player = index_of(entry.player, entry.offset);
      outcome.outcome = entry.outcome;
      outcome.drop = entry.drop;
      switch (entry.outcome) {
        case Outcome::declared: {
          // Without the cards, a declaration is taken as valid: a wrong show is written with
          // its hand, or as the loser's count.
          bool valid = true;
          if (hands[e]) {
            const JudgedHand judged = judged_hand(entry, *hands[e], outcome, played.number);
            valid = judged.check.valid();
            if (!judged.check.problems.empty()) {
              outcome.wrong_show = EntryResult::WrongShow{judged.hand, judged.check};
            }
          }
          if (declared_winner) {
            fail(entry.offset, fmt::format("{} already won this deal with a valid declaration",
                                           deal.entries[*declared_winner].player));
          }
          outcome.score = score_declaration_verdict(valid, rules_);
          outcome.valid_hand = valid;
          if (valid) declared_winner = e;
          break;
        }
        case Outcome::showed:
        case Outcome::knocked: {
          if (!hands[e]) {
            outcome.score = score_given(given_points(entry), rules_);
            break;
          }
          const JudgedHand judged = judged_hand(entry, *hands[e], outcome, played.number);
          outcome.score = score_shown_hand(judged.hand, judged.check, rules_);
          if (rules_.declares()) outcome.valid_hand = judged.check.valid();
          break;
        }
        case Outcome::dropped:
        case Outcome::missed:
        case Outcome::left: {
          // Three missed turns, or leaving after picking a card, count as a middle drop.
          const Drop drop = entry.outcome == Outcome::dropped ? entry.drop : Drop::middle;
          outcome.score = score_drop(result_.game, drop, rules_);
          if (!outcome.score) {
            fail(entry.offset, no_drop_text(result_.game));
          }
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
        case Outcome::gin:  // a hand of Gin is scored as a whole (play_gin_hand)
        case Outcome::big_gin:
        case Outcome::ended:  // a deal dealt with a tiplu is settled by maal (play_maal_deal)
        case Outcome::seen:
        case Outcome::unseen:
        case Outcome::foul:
          break;
      }
      if (outcome.score) outcome.points = outcome.score->points;
      if (has_outcome(match().ends_deal, entry.outcome) && entry.outcome != Outcome::declared &&
          entry.outcome != Outcome::won) {
        if (ender) {
          fail(
              entry.offset,
              fmt::format("{} already {} in this deal, at {}", deal.entries[*ender].player,
                          deal.entries[*ender].outcome == Outcome::knocked ? "knocked" : "went out",
                          where(deal.entries[*ender].offset)));
        }
        ender = e;
      }
      played.entries.push_back(std::move(outcome));
    }
    if (has_outcome(match().ends_deal, Outcome::declared) && !declared_winner) {
      for (const SheetEntry& entry : deal.entries) {
        if (entry.outcome == Outcome::showed) shown_without_declaration(deal, played, entry);
      }
    }
    if (declared_winner && won_line) {
      fail(deal.entries[*won_line].offset,
           fmt::format("{} won this deal by declaring; 'won' is for the last player standing",
                       deal.entries[*declared_winner].player));
    }
    if (won_line && !declared_winner) {
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
    }
    const std::optional<std::size_t> winner = declared_winner ? declared_winner
                                              : won_line      ? won_line
                                                              : ender;
    if (!winner) {
      fail(deal.offset, fmt::format("{} {} has no {}", match().deal_word, played.number,
                                    match().no_winner_text));
    }
    apply(played, *winner);
    count_deal(std::move(played));
    in_game_after_deal_ = in_game_;
    if (!sheet_.lone_deal) decide();
  }

  // ---- A deal settled by maal (Marriage, rules §9): each player's state judged from the cards,
  // the maal counted, then the exchange, the game points, the dublee bonus and foul penalties ----

  // The players written in a deal are dealt in; anyone else sits it out. Nobody twice.
  std::vector<std::size_t> maal_players(const SheetDeal& deal, int number) const {
    std::vector<const SheetEntry*> line_of(names_.size(), nullptr);
    std::vector<std::size_t> players;
    for (const SheetEntry& entry : deal.entries) {
      const std::size_t i = index_of(entry.player, entry.offset);
      if (line_of[i]) {
        fail(entry.offset, fmt::format("{} already has a line in this {}, at {}", entry.player,
                                       match().deal_word, where(line_of[i]->offset)));
      }
      line_of[i] = &entry;
      players.push_back(i);
    }
    if (players.size() < static_cast<std::size_t>(match().min_players)) {
      fail(deal.offset,
           fmt::format("{} {} has {} player{}'s line{}: {} is dealt to {} players or more (a "
                       "player not written sits the {} out)",
                       match().deal_word, number, players.size(), players.size() == 1 ? "" : "s",
                       players.size() == 1 ? "" : "s", rules_.words.game, match().min_players,
                       match().deal_word));
    }
    return players;
  }

  // No card of the deal more often than the packs hold, nor the tiplu's card more often than it
  // is in play (its other copy is the tiplu turned up): the final discards counted.
  void check_maal_copies(const SheetDeal& deal, std::optional<Card> tiplu) const {
    std::array<std::vector<std::size_t>, Card::index_count> seen_at;
    for (const SheetEntry& entry : deal.entries) {
      if (!entry.table_hand) continue;
      for (const WrittenCard& card : entry.table_hand->cards.cards) {
        auto& places = seen_at[static_cast<std::size_t>(card.card.index())];
        places.push_back(card.offset);
        const bool is_tiplu = tiplu && card.card == *tiplu;
        const int limit = rules_.copies_in_play(card.card, tiplu);
        if (static_cast<int>(places.size()) <= limit) continue;
        std::string others;
        for (std::size_t k = 0; k + 1 < places.size(); ++k) {
          others += (k == 0 ? "" : " and ") + where(places[k]);
        }
        const std::string what =
            card.card.is_printed_joker() ? "a printed joker" : to_string(card.card);
        if (is_tiplu) {
          fail(card.offset,
               fmt::format("{} is seen {} times in this {}, but the tiplu's card is in "
                           "play only {} times: its other copy is the tiplu turned "
                           "up (also at {})",
                           what, places.size(), match().deal_word, limit, others));
        }
        fail(card.offset,
             fmt::format("{} is seen {} times in this {}, but {} decks hold only {} (also at {})",
                         what, places.size(), match().deal_word, rules_.deck.decks, limit, others));
      }
    }
  }

  // The cards as a deal record writes them: "shown A♠-2♠-3♠ | 4♦-4♦-4♦ (deal) hand … discard 2♦".
  static std::string table_hand_text(const TableHand& hand) {
    const auto groups = [](const auto& list, auto cards_of, auto after) {
      std::string text;
      for (const auto& group : list) {
        text += (text.empty() ? "" : " | ") + cards_text(cards_of(group), "-") + after(group);
      }
      return text;
    };
    std::string text;
    if (!hand.shown.empty()) {
      text = "shown " + groups(
                            hand.shown, [](const ShownGroup& g) { return g.cards; },
                            [](const ShownGroup& g) { return g.at_deal ? " (deal)" : ""; });
    }
    if (!hand.hand.empty()) {
      const auto self = [](const std::vector<Card>& g) { return g; };
      const auto none = [](const std::vector<Card>&) { return ""; };
      std::string rest;
      if (hand.hand_grouped) {
        rest = groups(hand.hand, self, none);
      } else {
        std::vector<Card> loose;
        for (const auto& group : hand.hand) loose.insert(loose.end(), group.begin(), group.end());
        rest = cards_text(loose);
      }
      text += (text.empty() ? "hand " : " hand ") + rest;
    }
    if (hand.discard) text += " discard " + to_string(*hand.discard);
    return text;
  }

  // The cards kept when the end's search chose the discard (22 cards written without one).

  static void make_foul(EntryResult& line, EntryResult::Maal& maal,
                        std::vector<std::string> faults) {
    maal.written_as = line.outcome;
    maal.state = MaalState::foul;
    maal.faults = std::move(faults);
    line.outcome = Outcome::foul;
  }

  // One player's line: the state written, judged from the cards when they are written.
  EntryResult::Maal judge_maal_line(const SheetEntry& entry, EntryResult& line,
                                    const std::optional<ReadTableHand>& read,
                                    const std::optional<Tiplu>& tiplu, int dealt_in) const {
    EntryResult::Maal maal;
    const auto state = find_maal_state(outcome_id(entry.outcome));
    if (!state) throw std::logic_error("a player's line of a maal deal names no state");
    maal.state = *state;
    const TipluRules& tiplu_rules = rules_.tiplu_rules();
    if (!read) {
      if (maal.state == MaalState::ended) {
        fail(entry.points ? entry.points_offset : entry.offset,
             fmt::format("the player who ended is written with the cards ('{} ended shown GROUPS "
                         "hand GROUPS discard CARD'): the end is checked, and its route "
                         "(combinations or dublees) decides the dublee bonus",
                         entry.player));
      }
      if (maal.state == MaalState::foul && entry.points) {
        fail(entry.points_offset, fmt::format("a foul player's maal counts 0: write the cards, or "
                                              "'{} foul' alone",
                                              entry.player));
      }
      if (maal.state != MaalState::foul && !entry.points) {
        fail(entry.offset,
             fmt::format("expected {}'s cards ('shown GROUPS hand GROUPS') or maal as a number "
                         "('{} {} 12')",
                         entry.player, entry.player, outcome_id(entry.outcome)));
      }
      if (entry.points) maal.maal = given_points(entry);
      return maal;
    }
    const TableHand& hand = read->hand;
    line.hand = table_hand_text(hand);
    line.grouping = Grouping::as_written;
    const std::size_t at = read->written.cards.cards.front().offset;
    switch (maal.state) {
      case MaalState::ended: {
        const EndCheck end = check_end(hand, *tiplu, dealt_in, rules_);
        maal.route = end.route;
        const TableHand kept =
            !hand.discard && end.discard ? with_discard(hand, *end.discard) : hand;
        maal.count = count_maal(kept, *tiplu, rules_);
        if (!hand.discard && end.discard) line.hand = table_hand_text(kept);
        if (!end.valid()) make_foul(line, maal, end.faults);
        break;
      }
      case MaalState::seen: {
        const StageCheck stage = check_first_stage(hand, dealt_in, rules_);
        maal.route = stage.stage;
        if (stage.stage == FirstStage::none) {
          std::vector<std::string> faults = stage.faults;
          if (faults.empty()) {
            faults.push_back(fmt::format(
                "has not seen the maal: {} pure combinations (or {} dublees) are shown to see it",
                tiplu_rules.pure_needed, tiplu_rules.dublees_needed));
          }
          make_foul(line, maal, std::move(faults));
        }
        break;
      }
      case MaalState::unseen: {
        const StageCheck stage = check_first_stage(hand, dealt_in, rules_);
        if (stage.stage != FirstStage::none) {
          fail(at, fmt::format("{} shows {}: a player who has seen the maal is written 'seen'",
                               entry.player,
                               stage.stage == FirstStage::dublees
                                   ? fmt::format("{} dublees", tiplu_rules.dublees_needed)
                                   : fmt::format("{} pure combinations", tiplu_rules.pure_needed)));
        }
        if (!stage.faults.empty()) make_foul(line, maal, stage.faults);
        break;
      }
      case MaalState::foul:
        break;
    }
    if (!maal.count) maal.count = count_maal(hand, *tiplu, rules_);
    maal.maal = maal.count->points;
    return maal;
  }

  void play_maal_deal(const SheetDeal& deal, DealResult& played) {
    const std::vector<std::size_t> players = maal_players(deal, played.number);
    const int dealt_in = static_cast<int>(players.size());
    played.maal_settled = true;
    std::optional<Tiplu> tiplu;
    if (played.tiplu) tiplu.emplace(*played.tiplu);
    // The cards: each hand's count and copies, then the deal's copies together.
    std::vector<std::optional<ReadTableHand>> hands(deal.entries.size());
    for (std::size_t e = 0; e < deal.entries.size(); ++e) {
      const SheetEntry& entry = deal.entries[e];
      if (!entry.table_hand) continue;
      const bool kept_only = entry.outcome == Outcome::seen || entry.outcome == Outcome::unseen;
      hands[e] =
          resolve_table_hand(*entry.table_hand, text_, source_, rules_, played.tiplu, !kept_only);
    }
    check_maal_copies(deal, played.tiplu);

    std::vector<MaalSeat> seats(names_.size());
    for (std::size_t i = 0; i < names_.size(); ++i) seats[i].owed = owed_[i];
    std::optional<std::size_t> ender_line;
    std::vector<EntryResult> lines;
    for (std::size_t e = 0; e < deal.entries.size(); ++e) {
      const SheetEntry& entry = deal.entries[e];
      EntryResult line;
      line.player = players[e];
      line.outcome = entry.outcome;
      line.maal = judge_maal_line(entry, line, hands[e], tiplu, dealt_in);
      // One player ends the deal; a line that says so and fouls (a wrong end) does not.
      if (has_outcome(match().ends_deal, line.outcome)) {
        if (ender_line) {
          const SheetEntry& first = deal.entries[*ender_line];
          fail(entry.offset,
               fmt::format("{} already {} this {}, at {}", first.player, outcome_id(first.outcome),
                           match().deal_word, where(first.offset)));
        }
        ender_line = e;
      }
      line.points = line.maal->maal;
      seats[line.player].entry = MaalEntry{
          line.maal->state, line.maal->maal,
          line.maal->state == MaalState::ended && line.maal->route == FirstStage::dublees};
      lines.push_back(std::move(line));
    }
    const MaalDeal settled = settle_maal_deal(seats, rules_);
    for (std::size_t i = 0; i < names_.size(); ++i) owed_[i] = seats[i].owed;
    played.maal_void = settled.void_deal;
    played.maal_total = settled.total;
    if (settled.ender) played.winners = {*settled.ender};
    // A player sitting the deal out who pays an earlier foul's penalty in it: a line of its own.
    for (std::size_t i = 0; i < names_.size(); ++i) {
      if (seats[i].entry || settled.shares[i].net == 0) continue;
      EntryResult line;
      line.player = i;
      line.outcome = Outcome::foul;
      line.maal = EntryResult::Maal{};
      line.maal->sat_out = true;
      lines.push_back(std::move(line));
    }
    for (EntryResult& line : lines) {
      EntryResult::Maal& maal = *line.maal;
      maal.share = settled.shares[line.player];
      line.change = maal.share.net;
      maal.money = money_of_points(maal.share.net, deal.offset);
      standing_[line.player] += maal.money;
      PlayerResult& player = result_.players[line.player];
      (maal.money < 0 ? player.paid : player.received) += maal.money < 0 ? -maal.money : maal.money;
      played.entries.push_back(std::move(line));
    }
    played.standing = standing_;
  }

  // Points at the value of a point, exactly (minor units); nothing without a point value.
  Minor money_of_points(int points, std::size_t offset) const {
    if (!point_value_) return 0;
    const Minor value = *point_value_;
    const Minor size = points < 0 ? -static_cast<Minor>(points) : points;
    if (size != 0 && value > largest_amount / size) {
      fail(offset, "the amounts of this game are too large to add up");
    }
    return static_cast<Minor>(points) * value;
  }

  // ---- A hand of Gin (rules §8): the knocker's line and the defender's, scored from the cards --

  // The knocker's written hand where its deadwood is: its first card.
  std::size_t hand_offset(const SheetEntry& entry) const {
    return entry.hand && !entry.hand->cards.empty() ? entry.hand->cards.front().offset
                                                    : entry.offset;
  }

  void play_gin_hand(const SheetDeal& deal, DealResult& played,
                     const std::vector<std::optional<ReadHand>>& hands) {
    std::optional<std::size_t> knocker, defender;
    for (std::size_t e = 0; e < deal.entries.size(); ++e) {
      const SheetEntry& entry = deal.entries[e];
      if (!hands[e] && match().hands_only) {
        fail(entry.points_offset,
             fmt::format("expected the hand: a {} is scored from the cards (the defender lays "
                         "off on the knocker's melds), not from a count",
                         match().deal_word));
      }
      if (!has_outcome(match().ends_deal, entry.outcome)) {
        defender = e;
        continue;
      }
      if (knocker) {
        const SheetEntry& first = deal.entries[*knocker];
        fail(entry.offset, fmt::format("{} already {} in this {}, at {}", first.player,
                                       row_of(outcome_rows, first.outcome).ended, match().deal_word,
                                       where(first.offset)));
      }
      knocker = e;
    }
    if (!knocker || !defender) {
      fail(deal.offset, fmt::format("{} {} has no {}", match().deal_word, played.number,
                                    match().no_winner_text));
    }
    const SheetEntry& knocks = deal.entries[*knocker];
    const SheetEntry& defends = deal.entries[*defender];
    const ReadHand& knocker_hand = *hands[*knocker];
    const ReadHand& defender_hand = *hands[*defender];
    const int dealt = rules_.deal.hand_size;
    const std::size_t held = knocker_hand.hand.card_count();
    if (held != static_cast<std::size_t>(dealt) && held != static_cast<std::size_t>(dealt) + 1) {
      fail(knocks.hand->end_offset,
           fmt::format("{} cards: the knocker shows {}, or {} before the discard", held, dealt,
                       dealt + 1));
    }
    if (defender_hand.hand.card_count() != static_cast<std::size_t>(dealt)) {
      fail(defends.hand->end_offset,
           fmt::format("{} cards: the defender shows {}", defender_hand.hand.card_count(), dealt));
    }
    if (rules_.gin.oklahoma && !played.upcard) {
      fail(deal.offset,
           fmt::format("with oklahoma=on the first upcard sets the {}'s knock limit: write it "
                       "in the {} ('{} {}')",
                       match().deal_word, match().deal_word, deal_line_row(DealLine::upcard).id,
                       deal_line_row(DealLine::upcard).example));
    }
    const GinKnocker written{knocker_hand.hand, knocker_hand.written.grouped, std::nullopt};
    const GinHandOutcome scored =
        score_gin_hand(written, defender_hand.hand.cards(), played.upcard, rules_);
    if (scored.refusal) fail(hand_offset(knocks), *scored.refusal);
    const GinHandScore& score = *scored.score;

    // What the knocker's line says against what the cards are: a knock with deadwood 0 is gin,
    // 11 cards all melded with big-gin=on are big gin; 'gin' with deadwood is an error.
    const bool gin = score.result == GinResult::gin || score.result == GinResult::big_gin;
    if (knocks.outcome == Outcome::gin && !gin) {
      fail(hand_offset(knocks),
           fmt::format("'gin' is a hand without deadwood, but this one leaves {} ({}): write "
                       "'knocked'",
                       score.knocker_points, cards_text(score.knocker_deadwood)));
    }
    if (knocks.outcome == Outcome::big_gin && score.result != GinResult::big_gin) {
      fail(hand_offset(knocks),
           fmt::format("'big gin' is {} cards all melded, without a discard; {}", dealt + 1,
                       held == static_cast<std::size_t>(dealt)
                           ? fmt::format("this hand holds {}", held)
                           : fmt::format("these are not all melded (discarding {} leaves "
                                         "deadwood {})",
                                         score.discard ? to_string(*score.discard) : "",
                                         score.knocker_points)));
    }
    const Outcome result_outcome = score.result == GinResult::gin       ? Outcome::gin
                                   : score.result == GinResult::big_gin ? Outcome::big_gin
                                                                        : knocks.outcome;
    if (result_outcome != knocks.outcome) played.written_as = knocks.outcome;

    const std::optional<std::size_t> winner = score.winner();
    for (std::size_t e = 0; e < deal.entries.size(); ++e) {
      const bool is_knocker = e == *knocker;
      EntryResult entry;
      entry.player = index_of(deal.entries[e].player, deal.entries[e].offset);
      entry.outcome = is_knocker ? result_outcome : deal.entries[e].outcome;
      Score counted;
      counted.basis = ScoreBasis::deadwood;
      counted.points = counted.uncapped = is_knocker ? score.knocker_points : score.defender_points;
      counted.counted = is_knocker ? score.knocker_deadwood : score.defender_deadwood;
      entry.points = counted.points;
      entry.score = counted;
      Hand shown;
      shown.groups = is_knocker ? score.knocker_melds : score.defender_melds;
      // The defender's cards laid off, then the deadwood, each a part of their own.
      for (const std::vector<Card>* part : {is_knocker ? &score.knocker_deadwood : &score.laid_off,
                                            is_knocker ? nullptr : &score.defender_deadwood}) {
        if (part && !part->empty()) shown.groups.push_back(*part);
      }
      entry.hand = format_hand(shown, rules_);
      entry.grouping = (is_knocker ? knocker_hand : defender_hand).written.grouped
                           ? Grouping::as_written
                           : Grouping::arranged;
      const std::size_t side = is_knocker ? 0 : 1;
      entry.change = winner && *winner == side ? score.points : 0;
      standing_[entry.player] += entry.change;
      played.entries.push_back(std::move(entry));
    }
    if (winner) played.winners = {played.entries[*winner == 0 ? *knocker : *defender].player};
    played.gin = score;
    played.standing = standing_;
    if (!sheet_.lone_deal) {
      add_gin_hand({winner ? std::optional<std::size_t>(played.winners.front()) : std::nullopt,
                    score.points});
    }
  }

  // The game after one more hand (rules §8.8): over once a player's hand points reach the
  // target, with the game bonus, boxes and shutout in the final totals; at 'point V' the loser
  // pays the margin × V.
  void add_gin_hand(const GinGameHand& hand) {
    gin_hands_.push_back(hand);
    const GinGame game = settle_gin_game(gin_hands_, rules_);
    result_.gin_game = game;
    if (!game.over) return;
    const std::size_t w = *game.winner;
    end_with(Ending::target, {w}, game.totals[w]);
    if (point_value_ && game.margin > 0) {
      const std::array<int, 1> margin = {game.margin};
      const auto cash = points_cash(*point_value_, margin, Fee{});
      if (!cash) fail(0, "the amounts of this game are too large to add up");
      result_.players[1 - w].paid += cash->paid[0];
      result_.players[w].received += cash->net;
    }
  }

  // A hand or a count shown where nobody has declared validly: after a wrong show, say which
  // line it was, why, and what to write instead.
  [[noreturn]] void shown_without_declaration(const SheetDeal& deal, const DealResult& played,
                                              const SheetEntry& shown) const {
    for (std::size_t e = 0; e < deal.entries.size(); ++e) {
      const EntryResult& wrong = played.entries[e];
      if (deal.entries[e].outcome != Outcome::declared || wrong.valid_hand) continue;
      std::string why;
      for (const std::string& problem : describe_problems(rules_, wrong)) {
        why += (why.empty() ? "" : "; ") + problem;
      }
      fail(shown.offset,
           fmt::format("{}'s declaration on line {} was a wrong show ({}), so nobody has declared "
                       "validly in this deal: a hand or a count is shown after a valid "
                       "declaration. Write the declaration that ended the deal ('{} declared', "
                       "with the cards if they were written), or '{} won' if everyone else was "
                       "out of the deal",
                       deal.entries[e].player, line_of(deal.entries[e].offset), why, shown.player,
                       shown.player));
    }
    fail(shown.offset,
         "'showed' is a hand shown after a valid declaration, and this deal has none");
  }

  // The deal's points move: by the game's rule, into money, totals, chips or scores.
  void apply(DealResult& played, std::size_t winning_line) {
    std::vector<int> points;
    for (const EntryResult& entry : played.entries) points.push_back(entry.points);
    const std::size_t winner = played.entries[winning_line].player;
    played.winners = {winner};
    switch (match().deal_points) {
      case DealPoints::losers_pay_winner:
        losers_pay(played, winner);
        break;
      case DealPoints::winner_scores_others: {
        played.doubled = played.entries[winning_line].outcome == Outcome::rummy;
        int won = 0;
        for (const int p : points) won += p;
        played.entries[winning_line].change = played.doubled ? won * match().rummy_multiplier : won;
        break;
      }
      case DealPoints::knock_differences: {
        played.knock = settle_knock(points, winning_line, rules_);
        result_.score_parts = played.knock->parts;
        played.winners.clear();
        for (const std::size_t w : played.knock->winners) {
          played.winners.push_back(played.entries[w].player);
        }
        for (std::size_t e = 0; e < played.entries.size(); ++e) {
          played.entries[e].change = played.knock->entries[e];
        }
        break;
      }
      case DealPoints::each_scores_own:
        for (std::size_t e = 0; e < played.entries.size(); ++e) {
          played.entries[e].change = points[e];
        }
        break;
      case DealPoints::gin_hand:
        throw std::logic_error("a hand of Gin is settled by play_gin_hand");
      case DealPoints::maal_exchange:
        throw std::logic_error("a deal dealt with a tiplu is settled by maal");
    }
    if (match().deal_points != DealPoints::losers_pay_winner) {
      for (const EntryResult& entry : played.entries) standing_[entry.player] += entry.change;
    }
    played.standing = standing_;
  }

  // Indian rummy: money (points rummy), totals (pools) or chips (deals rummy).
  void losers_pay(DealResult& played, std::size_t winner) {
    std::vector<std::size_t> losers;
    std::vector<int> points;
    for (const EntryResult& entry : played.entries) {
      if (entry.player == winner) continue;
      losers.push_back(entry.player);
      points.push_back(entry.points);
    }
    switch (match().standing) {
      case Standing::money: {
        if (!point_value_) break;  // a lone deal without a point value: points, no money
        const auto cash = points_cash(*point_value_, points, fee_);
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
      case Standing::total:
        for (std::size_t k = 0; k < losers.size(); ++k) standing_[losers[k]] += points[k];
        for (std::size_t i = 0; i < standing_.size(); ++i) {
          if (in_game_[i] && match().is_out(static_cast<int>(standing_[i]))) {
            in_game_[i] = false;
            played.out.push_back(i);
          }
        }
        break;
      case Standing::chips:
      case Standing::score:
        for (std::size_t k = 0; k < losers.size(); ++k) {
          standing_[losers[k]] -= points[k];
          standing_[winner] += points[k];
        }
        break;
    }
  }

  // After a deal: the last player standing, a target reached, or the agreed deals played with
  // one best standing (or a tie: one more deal, or the win shared).
  void decide() {
    const std::size_t played = counted_;
    switch (match().end == GameEnd::after_deals && result_.target > 0 ? GameEnd::target
                                                                      : match().end) {
      case GameEnd::every_deal:
        return;
      case GameEnd::last_standing:
        if (std::count(in_game_.begin(), in_game_.end(), true) == 1) {
          const auto last = static_cast<std::size_t>(
              std::find(in_game_.begin(), in_game_.end(), true) - in_game_.begin());
          end_with(Ending::last_standing, {last}, standing_[last]);
        }
        return;
      case GameEnd::target: {
        const long long best = best_standing();
        if (best >= static_cast<long long>(result_.target) * result_.score_parts)
          end_with(Ending::target, leaders(best), best);
        return;
      }
      case GameEnd::after_deals:
        break;
    }
    if (static_cast<int>(played) < result_.deals_to_play) return;
    const long long best = best_standing();
    const std::vector<std::size_t> top = leaders(best);
    if (top.size() > 1 && match().tie == TieAtEnd::one_more_deal) {
      result_.events.push_back({EventType::tie, played, top, best, false, {}, {}});
      return;
    }
    end_with(Ending::best, top, best);
  }

  long long best_standing() const {
    return match().best == Best::lowest ? *std::min_element(standing_.begin(), standing_.end())
                                        : *std::max_element(standing_.begin(), standing_.end());
  }

  std::vector<std::size_t> leaders(long long best) const {
    std::vector<std::size_t> top;
    for (std::size_t i = 0; i < standing_.size(); ++i) {
      if (standing_[i] == best) top.push_back(i);
    }
    return top;
  }

  void end_with(Ending ending, std::vector<std::size_t> winners, long long standing,
                std::vector<Minor> shares = {}) {
    result_.finished = true;
    result_.ending = ending;
    result_.winners = std::move(winners);
    result_.winning_standing = standing;
    if (!match().needs_entry) return;
    // The prize (every entry, less the fee) to the winner, or in the given shares.
    const Minor fee = fee_on(result_.fee, result_.pool);
    const Minor prize = result_.pool - fee;
    if (shares.empty()) shares = equal_shares(prize, result_.winners.size());
    for (std::size_t k = 0; k < result_.winners.size(); ++k) {
      result_.players[result_.winners[k]].received += shares[k];
    }
    result_.fee_taken += fee;
  }

  int drops_left(std::size_t i) const {
    const int middle = rules_.drop_penalty(result_.game).middle.value_or(1);
    const int limit = match().out_at;
    // Middle drops a player can still take and stay in: below the limit (or at it, "exceed").
    const int room =
        (rules_.match.out_above_limit ? limit : limit - 1) - static_cast<int>(standing_[i]);
    return room < 0 ? 0 : room / middle;
  }

  // ---- Between deals: changes of settings, re-joins and splits ---------------------------------

  // A point value, or points rummy's fee, changed during the evening: from the next deal on.
  // Earlier deals keep the stake they were played at. Nothing else can change after a deal.
  void change_setting(const SheetSetting& setting) {
    over_already(setting.offset);
    if (setting.word == "point" && match().needs_point_value) {
      const auto value = parse_amount(setting.text);
      if (!value) {
        fail(setting.value_offset, fmt::format("expected an amount such as 2 or 2.50 (at most {})",
                                               format_amount(largest_amount)));
      }
      point_value_ = *value;
      result_.events.push_back(
          {EventType::setting, counted_, {}, *value, false, SettingKind::point, {}});
      return;
    }
    if (setting.word == "fee" && match().deal_points == DealPoints::maal_exchange) {
      fail(setting.offset, fmt::format("a {} deal has several winners, each paid by every other "
                                       "player: no fee is taken from it",
                                       rules_.words.game));
    }
    if (setting.word == "fee" && match().needs_point_value) {
      const auto fee = parse_fee(setting.text);
      if (!fee) {
        fail(setting.value_offset,
             "expected a fee: a percentage up to 100% (10%) or an amount (5)");
      }
      fee_ = *fee;
      result_.events.push_back(
          {EventType::setting, counted_, {}, 0, false, SettingKind::fee, *fee});
      return;
    }
    if (setting.word == "entry" || setting.word == "fee") {
      fail(setting.offset,
           fmt::format("{} cannot change after the first deal: {}", setting.word,
                       match().needs_entry ? "the entry fees are paid, and the fee taken from "
                                             "the prize, for the whole game"
                                           : "this game keeps no money"));
    }
    fail(setting.offset, fmt::format("'{}' belongs before the first deal", setting.word));
  }

  void rejoin_player(const SheetRejoin& rejoin) {
    over_already(rejoin.offset);
    if (!match().pool) {
      fail(rejoin.offset, fmt::format("only {} sheets have re-joins", sheets_where_pool()));
    }
    const std::size_t i = index_of(rejoin.player, rejoin.offset);
    if (in_game_[i]) fail(rejoin.offset, fmt::format("{} is still in the game", rejoin.player));
    if (names_.size() <= 2) {
      fail(rejoin.offset, "re-joining needs a table of more than two players");
    }
    // Decided on the totals after the last deal, before any re-join: when two players went out
    // in one deal, the order of their 'rejoin' lines never changes who may re-join, and both
    // come back at the same total.
    const int ceiling = match().rejoin_ceiling;
    long long highest = 0;
    for (std::size_t k = 0; k < standing_.size(); ++k) {
      if (!in_game_after_deal_[k]) continue;
      if (standing_after_deal_[k] > ceiling) {
        fail(rejoin.offset,
             fmt::format("{} cannot rejoin: {}'s total {} is above {}", rejoin.player, names_[k],
                         standing_after_deal_[k], ceiling));
      }
      highest = std::max(highest, standing_after_deal_[k]);
    }
    in_game_[i] = true;
    standing_[i] = highest + 1;
    pay_entry(result_.players[i], rejoin.offset);
    result_.events.push_back({EventType::rejoin, counted_, {i}, standing_[i], false, {}, {}});
  }

  void split(const SheetSplit& split) {
    over_already(split.offset);
    if (!match().pool) {
      fail(split.offset, fmt::format("only {} sheets split a pool", sheets_where_pool()));
    }
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
      const Minor prize = result_.pool - fee_on(result_.fee, result_.pool);
      int fewest = drops_left(left[0]);
      for (const std::size_t i : left) fewest = std::min(fewest, drops_left(i));
      Minor first = 0;
      for (const std::size_t i : left) {
        shares.push_back((drops_left(i) - fewest) * *result_.entry);
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
    result_.split_by_drops = split.by_drops;
    end_with(Ending::split, left, 0, shares);
    result_.events.push_back({EventType::split, counted_, left, 0, split.by_drops, {}, {}});
  }

  void finish() {
    if (match().deal_points == DealPoints::maal_exchange) result_.penalties_owed = owed_;
    for (std::size_t i = 0; i < result_.players.size(); ++i) {
      PlayerResult& player = result_.players[i];
      player.standing = standing_[i];
      player.out = !in_game_[i];
      if (match().pool) player.drops_left = in_game_[i] ? drops_left(i) : 0;
    }
    if (match().end == GameEnd::every_deal) {
      result_.finished = true;
      result_.ending = Ending::settled;
    } else if (!result_.finished) {
      result_.held = result_.pool;
    }
  }

  const Sheet& sheet_;
  std::string_view text_, source_;
  std::span<const TableGame> games_;  // the games a game line may name
  Rules rules_;
  Settlement result_;
  std::vector<std::string> names_;
  std::vector<long long> standing_;
  std::vector<bool> in_game_;
  std::vector<GinGameHand> gin_hands_;  // Gin: each hand's winner and points, dead ones too
  std::vector<int> owed_;    // Marriage: foul penalties due from each player to the next ender
  std::size_t counted_ = 0;  // deals played, void ones not counted
  std::optional<Minor> point_value_;  // the stake of the next deal (the sheet's, or changed)
  Fee fee_;
  // The standings after the last deal, before any re-join: what re-joins are decided on.
  std::vector<long long> standing_after_deal_;
  std::vector<bool> in_game_after_deal_;
  mutable std::vector<std::size_t> line_starts_;
};

}  // namespace

Settlement settle(const Sheet& sheet, std::string_view text, std::string_view source,
                  std::span<const TableGame> games) {
  return Settler(sheet, text, source, games).run();
}

std::vector<Transfer> money_transfers(const Settlement& s) {
  if (!s.rules.match.keeps_money && !s.point_value) return {};
  std::vector<Minor> balances;
  for (const PlayerResult& player : s.players) balances.push_back(player.net());
  balances.push_back(s.fee_taken);
  balances.push_back(s.held);
  return fewest_transfers(balances);
}

// ---- Ids ------------------------------------------------------------------------------------

std::size_t deals_played(const Settlement& s) {
  return static_cast<std::size_t>(std::count_if(
      s.deals.begin(), s.deals.end(), [](const DealResult& deal) { return !deal.voided; }));
}

}  // namespace rummy
