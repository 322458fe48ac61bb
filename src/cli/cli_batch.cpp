// rummy batch: one record per hand of one or more files, streamed; a summary on stderr.
#include <charconv>
#include <chrono>
#include <cstring>
#include <fstream>
#include <memory>
#include <thread>

#include <fmt/format.h>

#include "batch.hpp"
#include "batch_pipeline.hpp"
#include "cards_away.hpp"
#include "cli_common.hpp"
#include "csv_writer.hpp"
#include "games.hpp"
#include "report.hpp"

namespace rummy::cli {

namespace {

struct BatchOptions {
  CommonOptions common;
  Game game = Game::points;
  bool declared = false;
  bool arrange = false;
  bool cards_away = false;
  bool game_given = false;  // --game was given
  std::vector<std::string> files;
  unsigned jobs = batch_threads ? std::max(1U, std::thread::hardware_concurrency()) : 1U;
};

constexpr std::string_view csv_header =
    "source,line,column,verdict,role,game,wild,points,uncapped,rule_id,rule,grouping,discard,hand,"
    "cards_away,error\n";

// A batch of a game dealt with a tiplu (Marriage) has columns of its own.
constexpr std::string_view tiplu_csv_header =
    "source,line,column,verdict,judged,tiplu,state,state_from,first_stage,maal,maal_held,"
    "maal_items,discard,problems,error\n";

constexpr std::array<std::string_view, 3> roles = {"shown", "declared", "drop"};

std::size_t role_index(Verdict verdict, bool declared) {
  if (verdict == Verdict::drop) return 2;
  return declared ? 1 : 0;
}

std::size_t role_index(const BatchRecord& record) {
  return role_index(record.verdict, record.declared);
}

std::string_view role_of(const BatchRecord& record) {
  return roles[role_index(record)];
}

// One record per hand, in the format asked for, through the one JSON and CSV writers.
class RecordWriter {
 public:
  RecordWriter(Format format, const Rules& rules)
      : format_(format), rules_(rules), table_game_(rules.has_tiplu()) {
    // The rule's words depend only on the basis, the rules and the game: say each once.
    for (std::size_t basis = 0; basis < rule_text_.size(); ++basis) {
      if (from_declaration(static_cast<ScoreBasis>(basis)) && !rules_.declares()) continue;
      for (const Game game : all_games) {
        Score score;
        score.basis = static_cast<ScoreBasis>(basis);
        std::string& text = rule_text_[basis][static_cast<std::size_t>(game)];
        text = describe(score, rules_, game);
      }
    }
    if (format_ == Format::json && !table_game_) compose_json_members();
  }

  void header(std::string& out) const {
    if (format_ == Format::csv) out += rules_.has_tiplu() ? tiplu_csv_header : csv_header;
  }

  void write(std::string& out, std::string_view source, const BatchRecord& record) const {
    if (table_game_) [[unlikely]] {
      return write_table(out, source, record);
    }
    switch (format_) {
      case Format::csv:
        return write_csv(out, source, record);
      case Format::json:
        return write_json(out, source, record);
      case Format::text:
        break;
    }
    write_text(out, source, record);
  }

 private:
  const std::string& rule(const BatchRecord& record) const {
    return rule_text_[static_cast<std::size_t>(record.score.basis)]
                     [static_cast<std::size_t>(record.game)];
  }

  // The members of a JSON record that come from a few values, each combination laid out once by
  // the JSON writer (compose_members) and copied into each record: its verdict, role, game and
  // wild rank (280 combinations); its rule and grouping (none for a drop). Writing them member by
  // member, each word escaped once, was two thirds of a record's writing.
  // `wild`: 0 for none, else the rank's value.
  std::size_t head_index(Verdict verdict, std::size_t role, Game game, std::size_t wild) const {
    return ((static_cast<std::size_t>(verdict) * roles.size() + role) * all_games.size() +
            static_cast<std::size_t>(game)) *
               (rank_count + 1) +
           wild;
  }
  std::size_t rule_index(ScoreBasis basis, Game game, std::size_t grouping) const {
    return (static_cast<std::size_t>(basis) * all_games.size() + static_cast<std::size_t>(game)) *
               (grouping_count + 1) +
           grouping;
  }
  // The "source" member, composed again only when the source changes: a thread judges a chunk
  // of lines of one source at a time (its escaping was a tenth of a record's writing).
  static std::string_view source_json(std::string_view source) {
    thread_local std::string last_source, composed;
    if (composed.empty() || source != last_source) {
      last_source = source;
      composed = compose_members([&](JsonWriter& json) { json.member("source"_key, source); });
    }
    return composed;
  }
  void compose_json_members() {
    // (The members' writers take a std::size_t, not auto: in a generic lambda, Clang left each
    // "name"_key, a consteval call, as a call to a function it never made, and the WebAssembly
    // build did not link.)
    // Each member once, then the heads from them (every head composed whole, member by member,
    // was a million instructions for every batch, a fifth of those of a batch of one line).
    const auto each = [](std::size_t count, const auto& write) {
      std::vector<std::string> pieces(count);
      for (std::size_t i = 0; i < count; ++i) {
        pieces[i] = compose_members([&](JsonWriter& json) { write(json, i); });
      }
      return pieces;
    };
    const std::vector<std::string> verdicts =
        each(verdict_count, [](JsonWriter& json, std::size_t v) {
          json.member("verdict"_key, verdict_id(static_cast<Verdict>(v)));
        });
    const std::vector<std::string> role_members =
        each(roles.size(),
             [](JsonWriter& json, std::size_t role) { json.member("role"_key, roles[role]); });
    const std::vector<std::string> games =
        each(all_games.size(), [this](JsonWriter& json, std::size_t game) {
          json.member("game"_key, game_id(static_cast<Game>(game), rules_));
        });
    const std::vector<std::string> wilds =
        each(rank_count + 1, [](JsonWriter& json, std::size_t wild) {
          json.key("wild"_key);  // none, then A…K
          if (wild == 0) {
            json.null();
          } else {
            json.string(rank_name(static_cast<Rank>(wild)));
          }
        });
    // (Only the roles a verdict goes with; an error's record has no head.)
    head_json_.resize(verdict_count * roles.size() * all_games.size() * (rank_count + 1));
    for (std::size_t v = 0; v < verdict_count; ++v) {
      if (static_cast<Verdict>(v) == Verdict::error) continue;
      for (const bool declared : {false, true}) {
        const std::size_t role = role_index(static_cast<Verdict>(v), declared);
        for (const Game game : all_games) {
          const auto g = static_cast<std::size_t>(game);
          for (std::size_t wild = 0; wild <= rank_count; ++wild) {
            head_json_[head_index(static_cast<Verdict>(v), role, game, wild)] =
                compose_members([&](JsonWriter& json) {
                  for (const auto* piece :
                       {&verdicts[v], &role_members[role], &games[g], &wilds[wild]}) {
                    json.members(*piece);
                  }
                });
          }
        }
      }
    }
    rule_json_.resize(score_basis_count * all_games.size() * (grouping_count + 1));
    for (std::size_t b = 0; b < score_basis_count; ++b) {
      for (const Game game : all_games) {
        for (std::size_t grouping = 0; grouping <= grouping_count; ++grouping) {
          const auto basis = static_cast<ScoreBasis>(b);
          rule_json_[rule_index(basis, game, grouping)] = compose_members([&](JsonWriter& json) {
            json.member("rule_id"_key, basis_id(basis));
            json.member("rule"_key, rule_text_[b][static_cast<std::size_t>(game)]);
            if (grouping == grouping_count) return;  // a drop's record has no grouping
            json.member("grouping"_key, grouping_id(static_cast<Grouping>(grouping)));
          });
        }
      }
    }
  }

  void write_json(std::string& out, std::string_view source, const BatchRecord& record) const {
    JsonWriter json(out, JsonWriter::Layout::compact);
    json.begin_object();
    json.members(source_json(source));
    json.member("line"_key, record.line);
    if (record.verdict == Verdict::error) {
      json.member("column"_key, record.error->where.column);
      json.member("verdict"_key, "error");
      json.member("error"_key, record.error->message);
      json.end_object();
      json.end_line();
      return;
    }
    json.members(head_json_[head_index(record.verdict, role_index(record), record.game,
                                       record.wild ? static_cast<std::size_t>(*record.wild) : 0)]);
    json.member("points"_key, record.score.points);
    json.member("uncapped"_key, record.score.uncapped);
    const std::size_t grouping = record.verdict == Verdict::drop
                                     ? grouping_count
                                     : static_cast<std::size_t>(record.grouping);
    json.members(rule_json_[rule_index(record.score.basis, record.game, grouping)]);
    if (record.discard) {
      json.member("discard"_key, to_string(*record.discard, rules_.joker_name()));
    }
    if (record.grouped_as) json.member("hand"_key, format_hand(*record.grouped_as, rules_));
    if (record.arrangement) {
      json.key("discard"_key);
      if (record.arrangement->discard) {
        json.string(to_string(*record.arrangement->discard, rules_.joker_name()));
      } else {
        json.null();
      }
      json.member("hand"_key, format_hand(record.arrangement->hand, rules_));
      if (record.cards_away) json.member("cards_away"_key, *record.cards_away);
    }
    json.end_object();
    json.end_line();
  }

  // An error record's CSV row after its source and line, in either game's columns: the column,
  // "error" as the verdict, the record's fields empty, and the message.
  static void write_csv_error(CsvWriter& csv, const BatchRecord& record, std::string_view header) {
    csv.field(static_cast<long long>(record.error->where.column));
    csv.field("error");
    // The record's own columns, between the verdict and the message: every column but the
    // source, line, column, verdict and error.
    const auto columns = std::count(header.begin(), header.end(), ',') + 1;
    for (auto i = 0; i < columns - 5; ++i) csv.empty();
    csv.field(record.error->message);
    csv.end_row();
  }

  void write_csv(std::string& out, std::string_view source, const BatchRecord& record) const {
    CsvWriter csv(out);
    csv.field(source);
    csv.field(static_cast<long long>(record.line));
    if (record.verdict == Verdict::error) return write_csv_error(csv, record, csv_header);
    csv.empty();
    csv.field(verdict_id(record.verdict));
    csv.field(role_of(record));
    csv.field(game_id(record.game, rules_));
    csv.field(record.wild ? rank_name(*record.wild) : "");
    csv.field(record.score.points);
    csv.field(record.score.uncapped);
    csv.field(basis_id(record.score.basis));
    csv.field(rule(record));
    csv.field(record.verdict == Verdict::drop ? "" : grouping_id(record.grouping));
    if (record.arrangement) {
      csv.field(record.arrangement->discard
                    ? to_string(*record.arrangement->discard, rules_.joker_name())
                    : "");
      csv.field(format_hand(record.arrangement->hand, rules_));
    } else {
      csv.field(record.discard ? to_string(*record.discard, rules_.joker_name()) : "");
      csv.field(record.grouped_as ? format_hand(*record.grouped_as, rules_) : "");
    }
    if (record.cards_away) {
      csv.field(static_cast<long long>(*record.cards_away));
    } else {
      csv.empty();
    }
    csv.empty();
    csv.end_row();
  }

  void write_text(std::string& out, std::string_view source, const BatchRecord& record) const {
    if (record.verdict == Verdict::error) {
      fmt::format_to(std::back_inserter(out), "{}:{}:{}: error: {}\n", source, record.line,
                     record.error->where.column, record.error->message);
      return;
    }
    if (record.verdict == Verdict::drop) {
      fmt::format_to(std::back_inserter(out), "{}:{}: drop ({}), pays {}: {}\n", source,
                     record.line, game_id(record.game, rules_), record.score.points, rule(record));
      return;
    }
    fmt::format_to(std::back_inserter(out), "{}:{}: {} ({}, {}), pays {}: {}", source, record.line,
                   record.verdict == Verdict::valid ? "valid" : "not valid", role_of(record),
                   game_id(record.game, rules_), record.score.points, rule(record));
    if (record.arrangement) {
      if (record.arrangement->discard) {
        fmt::format_to(std::back_inserter(out), "; discard {}",
                       to_string(*record.arrangement->discard, rules_.joker_name()));
      }
      fmt::format_to(std::back_inserter(out), "; {}",
                     format_hand(record.arrangement->hand, rules_));
      if (record.cards_away) {
        fmt::format_to(std::back_inserter(out), "; {} card{} away", *record.cards_away,
                       *record.cards_away == 1 ? "" : "s");
      }
    }
    if (record.discard) {
      fmt::format_to(std::back_inserter(out), "; discard {}",
                     to_string(*record.discard, rules_.joker_name()));
    }
    if (record.grouped_as) {
      fmt::format_to(std::back_inserter(out), "; grouped as {}",
                     format_hand(*record.grouped_as, rules_));
    }
    out += '\n';
  }

  // A record of a game dealt with a tiplu, in each format (kept out of the other games' path).
  [[gnu::noinline, gnu::cold]] void write_table(std::string& out, std::string_view source,
                                                const BatchRecord& record) const {
    switch (format_) {
      case Format::csv:
        return write_table_csv(out, source, record);
      case Format::json:
        if (!record.table) return write_json(out, source, record);  // an error: as any game's
        return write_table_json(out, source, record);
      case Format::text:
        break;
    }
    if (!record.table) return write_text(out, source, record);
    const TableRecord& table = *record.table;
    fmt::format_to(std::back_inserter(out), "{}:{}: {} ({}, {}), maal {}", source, record.line,
                   record.verdict == Verdict::valid ? "valid" : "not valid",
                   judged_words(table.judged), row_of(maal_state_rows, table.state).id, table.maal);
    if (table.maal != table.held.points) {
      fmt::format_to(std::back_inserter(out), " ({} held)", table.held.points);
    }
    fmt::format_to(std::back_inserter(out), "; tiplu {}; first stage: {}", to_string(table.tiplu),
                   first_stage_id(table.stage));
    if (table.discard)
      fmt::format_to(std::back_inserter(out), "; discard {}", to_string(*table.discard));
    for (const std::string& problem : table.problems) {
      fmt::format_to(std::back_inserter(out), "; {}", problem);
    }
    out += '\n';
  }

  static std::string_view judged_words(TableRecord::Judged judged) {
    switch (judged) {
      case TableRecord::Judged::end:
        return "end";
      case TableRecord::Judged::first_stage:
        return "first stage";
      case TableRecord::Judged::maal:
        break;
    }
    return "maal";
  }

  void write_table_json(std::string& out, std::string_view source,
                        const BatchRecord& record) const {
    const TableRecord& table = *record.table;
    JsonWriter json(out, JsonWriter::Layout::compact);
    json.begin_object();
    json.member("source"_key, source);
    json.member("line"_key, record.line);
    json.member("verdict"_key, verdict_id(record.verdict));
    json.member("judged"_key, judged_id(table.judged));
    json.member("tiplu"_key, to_string(table.tiplu));
    json.member("state"_key, row_of(maal_state_rows, table.state).id);
    json.member("state_from"_key, table.state_given ? "line" : "cards");
    json.member("first_stage"_key, first_stage_id(table.stage));
    json.member("maal"_key, table.maal);
    json.member("maal_held"_key, table.held.points);
    json.key("maal_items"_key);
    json.begin_array();
    for (const MaalItem& item : table.held.items) {
      json.begin_object();
      json.member("kind"_key, row_of(maal_item_rows, item.kind).id);
      json.member("count"_key, item.count);
      json.member("card"_key, to_string(item.card));
      json.member("points"_key, item.points);
      json.end_object();
    }
    json.end_array();
    json.key("discard"_key);
    if (table.discard) {
      json.string(to_string(*table.discard));
    } else {
      json.null();
    }
    json.key("problems"_key);
    json.begin_array();
    for (const std::string& problem : table.problems) json.string(problem);
    json.end_array();
    json.end_object();
    json.end_line();
  }

  void write_table_csv(std::string& out, std::string_view source, const BatchRecord& record) const {
    CsvWriter csv(out);
    csv.field(source);
    csv.field(static_cast<long long>(record.line));
    if (!record.table) return write_csv_error(csv, record, tiplu_csv_header);
    const TableRecord& table = *record.table;
    csv.empty();
    csv.field(verdict_id(record.verdict));
    csv.field(judged_id(table.judged));
    csv.field(to_string(table.tiplu));
    csv.field(row_of(maal_state_rows, table.state).id);
    csv.field(table.state_given ? "line" : "cards");
    csv.field(first_stage_id(table.stage));
    csv.field(table.maal);
    csv.field(table.held.points);
    csv.field(table.held.items.empty() ? std::string() : maal_text(table.held));
    csv.field(table.discard ? to_string(*table.discard) : std::string());
    std::string problems;
    for (const std::string& problem : table.problems) {
      problems += problems.empty() ? "" : "; ";
      problems += problem;
    }
    csv.field(problems);
    csv.empty();
    csv.end_row();
  }

  Format format_;
  const Rules& rules_;
  bool table_game_ = false;  // a game dealt with a tiplu: every record is written by write_table
  std::array<std::array<std::string, all_games.size()>, score_basis_count> rule_text_;
  std::vector<std::string> head_json_;  // by head_index
  std::vector<std::string> rule_json_;  // by rule_index
};

// "rummy batch: 120000 hands…" on standard error, only when it is a terminal, at most four times
// a second, and wiped before the summary.
class Progress {
 public:
  explicit Progress(const Environment& env) : env_(env), last_(Clock::now()) {}
  void show(std::size_t hands) {
    if (!env_.err_is_terminal) return;
    const auto now = Clock::now();
    if (now - last_ < std::chrono::milliseconds(250)) return;
    last_ = now;
    shown_ = true;
    env_.err << fmt::format("\rrummy batch: {} hands…", hands) << std::flush;
  }
  void clear() {
    if (shown_) env_.err << "\r\x1b[K" << std::flush;
  }

 private:
  using Clock = std::chrono::steady_clock;
  const Environment& env_;
  Clock::time_point last_;
  bool shown_ = false;
};

int run_batch(const BatchOptions& options, const Environment& env) {
  const Format format = options.common.format;
  return guarded(options.common, env, [&]() -> int {
    const Rules rules = rules_from(options.common, options.game);
    refuse_game_option(options.game_given, rules);
    if (options.declared && !options_of(rules).declared) {
      throw CommandError{
          "--declared is for " + games_where([](const Rules& r) { return options_of(r).declared; }),
          std::nullopt};
    }
    if (!batch_threads && options.jobs > 1) {
      throw CommandError{
          "--jobs: this build of rummy judges in one thread (WebAssembly without "
          "threads)",
          std::nullopt};
    }
    BatchDefaults defaults;
    if (options.common.wild) defaults.wild = parse_wild(*options.common.wild);
    defaults.game = options.game;
    defaults.declared = options.declared;
    defaults.arrange = options.arrange;
    defaults.cards_away = options.cards_away;
    if (options.cards_away && !options.arrange) {
      throw CommandError{
          "--cards-away is for --arrange: how far each arranged hand is from going "
          "out",
          std::nullopt};
    }
    if (options.cards_away) {
      if (auto refusal = cards_away_refusal(rules)) {
        throw CommandError{fmt::format("--cards-away: {} has no cards away", rules.words.game),
                           std::nullopt};
      }
    }
    if (rules.has_tiplu()) {
      if (options.arrange) {
        throw CommandError{fmt::format("--arrange: a batch of {} judges each player's cards as "
                                       "written (rummy arrange finds an end)",
                                       rules.words.game),
                           std::nullopt};
      }
      if (options.common.tiplu) defaults.tiplu = parse_tiplu(*options.common.tiplu);
      defaults.players = options.common.players.value_or(0);
    }

    const RecordWriter writer(format, rules);
    Progress progress(env);
    BatchPipeline pipeline(
        env.out, options.jobs,
        [&defaults, &rules](std::string_view line, std::string_view source, std::size_t number) {
          return process_batch_line(line, source, number, defaults, rules);
        },
        [&writer](std::string& out, std::string_view source, const BatchRecord& record) {
          writer.write(out, source, record);
        },
        [&progress](std::size_t hands) { progress.show(hands); });
    if (env.batch_buffers != nullptr) pipeline.keep_buffers_in(*env.batch_buffers);
    std::string header;
    writer.header(header);
    pipeline.header(header);
    std::vector<std::string> files = options.files;
    if (files.empty()) files.push_back("-");
    for (const std::string& file : files) {
      if (file == "-") {
        pipeline.read(env.in, env.in_name, env.in_first_line);
        continue;
      }
      std::ifstream in(file, std::ios::binary);
      if (!in) {
        pipeline.record(
            batch_error(file, 1, fmt::format("cannot read {}: {}", file, std::strerror(errno))),
            file);
        continue;
      }
      pipeline.read(in, file);
    }
    const BatchSummary& summary = pipeline.finish();
    progress.clear();
    if (env.batch_summary != nullptr) *env.batch_summary = summary;
    if (rules.has_tiplu()) {
      env.err << fmt::format(
          "rummy batch: {} hand{}: {} valid, {} not valid, {} bad; {} maal in all\n", summary.hands,
          summary.hands == 1 ? "" : "s", summary.valid, summary.invalid, summary.bad,
          summary.points);
      return summary.bad > 0 ? exit_bad_input : exit_ok;
    }
    env.err << fmt::format(
        "rummy batch: {} hand{}: {} valid, {} not valid, {} drop{}, {} bad; {} points in all\n",
        summary.hands, summary.hands == 1 ? "" : "s", summary.valid, summary.invalid, summary.drops,
        summary.drops == 1 ? "" : "s", summary.bad, summary.points);
    return summary.bad > 0 ? exit_bad_input : exit_ok;
  });
}

}  // namespace

std::function<int()> setup_batch(CLI::App& command, const Environment& env) {
  auto options = std::make_shared<BatchOptions>();
  add_deal_options(command, options->common);
  add_tiplu_options(command, options->common);
  add_rules_options(command, options->common, /*with_variant=*/true);
  add_output_options(command, options->common, /*with_csv=*/true);
  command.add_option("file", options->files,
                     "Files with one hand per line; none or '-': standard input");
  CLI::Option* game = add_enum_option(
      command, "--game", options->game, all_games, game_name,
      "The game, unless a line says otherwise: " + spoken_list(all_games, game_name));
  command.add_flag("--declared", options->declared,
                   fmt::format("Hands were declared (valid: 0, wrong show: {} unless house rule "
                               "wrong-show says otherwise) unless a line says 'shown'",
                               game_where([](const Rules& rules) { return rules.declares(); })
                                   .declared()
                                   .wrong_show_points));
  command
      .add_option("--jobs,-j", options->jobs,
                  "Threads that judge hands (default: the machine's cores); records keep the "
                  "order of the input")
      ->check(CLI::Range(1U, 256U))
      ->default_str(std::to_string(options->jobs));
  command.add_flag("--arrange", options->arrange,
                   "Give each hand's best arrangement (13 or 14 cards) instead of scoring it");
  command.add_flag("--cards-away", options->cards_away,
                   "With --arrange: also how many cards each hand is from going out (a search of "
                   "its own, about ten times slower than the arrangement)");
  return [options, game, &env] {
    options->game_given = game->count() > 0;
    return run_batch(*options, env);
  };
}

}  // namespace rummy::cli
