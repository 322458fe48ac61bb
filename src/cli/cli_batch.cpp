// rummy batch: one record per hand of one or more files, streamed; a summary on stderr.
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <fstream>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "batch.hpp"
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
  bool game_given = false;  // --game was given
  std::vector<std::string> files;
  unsigned jobs = std::max(1U, std::thread::hardware_concurrency());
};

// Lines of a stream through one buffer that grows only for a line longer than it: memory stays
// flat however long the input is.
class LineReader {
 public:
  explicit LineReader(std::istream& in) : in_(in), buffer_(1 << 20) {}

  // The next line, without its line end. A line longer than max_batch_line is not kept: it
  // comes back empty with overlong() true, and memory stays bounded however long it is.
  bool next(std::string_view& line) {
    overlong_ = false;
    for (;;) {
      const char* start = buffer_.data() + begin_;
      const void* found = std::memchr(start, '\n', end_ - begin_);
      if (skipping_) {
        begin_ =
            found ? static_cast<std::size_t>(static_cast<const char*>(found) - buffer_.data()) + 1
                  : end_;
        if (found) {
          skipping_ = false;
          continue;
        }
        if (done_) return false;
        fill();
        continue;
      }
      if (!found && end_ - begin_ >= max_batch_line) {
        skipping_ = overlong_ = true;
        line = {};
        return true;
      }
      if (found) {
        const auto* newline = static_cast<const char*>(found);
        line = std::string_view(start, static_cast<std::size_t>(newline - start));
        begin_ += line.size() + 1;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        return true;
      }
      if (done_) {
        if (begin_ == end_) return false;
        line = std::string_view(start, end_ - begin_);
        begin_ = end_;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        return true;
      }
      fill();
    }
  }

 private:
  void fill() {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
    if (end_ == buffer_.size()) buffer_.resize(buffer_.size() * 2);
    try {
      in_.read(buffer_.data() + end_, static_cast<std::streamsize>(buffer_.size() - end_));
    } catch (const std::ios_base::failure&) {
      in_.setstate(std::ios::badbit);
    }
    const auto got = static_cast<std::size_t>(in_.gcount());
    end_ += got;
    if (got == 0) done_ = true;
    if (in_.bad() && !failed_) {
      failed_ = true;
      error_ = errno;
      done_ = true;
    }
  }

  std::istream& in_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0, end_ = 0;
  bool done_ = false;
  bool skipping_ = false;  // inside a line too long to keep
  bool overlong_ = false;
  bool failed_ = false;  // the stream could not be read (a directory, a closed input)
  int error_ = 0;

 public:
  bool overlong() const { return overlong_; }
  // Why the stream could not be read, after next() returned false; empty when it was read.
  std::optional<std::string> failure() const {
    if (!failed_) return std::nullopt;
    return error_ != 0 ? std::strerror(error_) : "a read error";
  }
};

constexpr std::string_view csv_header =
    "source,line,column,verdict,role,game,wild,points,uncapped,rule_id,rule,grouping,discard,hand,"
    "error\n";

std::string_view role_of(const BatchRecord& record) {
  if (record.verdict == Verdict::drop) return "drop";
  return record.declared ? "declared" : "shown";
}

// One record per hand, in the format asked for, through the one JSON and CSV writers.
class RecordWriter {
 public:
  RecordWriter(Format format, const Rules& rules) : format_(format), rules_(rules) {
    // The rule's words depend only on the basis, the rules and the game: say each once.
    for (std::size_t basis = 0; basis < rule_text_.size(); ++basis) {
      for (const Game game : all_games) {
        Score score;
        score.basis = static_cast<ScoreBasis>(basis);
        std::string& text = rule_text_[basis][static_cast<std::size_t>(game)];
        text = describe(score, rules_, game);
        append_json_string(rule_json_[basis][static_cast<std::size_t>(game)], text);
      }
    }
  }

  void header(std::string& out) const {
    if (format_ == Format::csv) out += csv_header;
  }

  void write(std::string& out, std::string_view source, const BatchRecord& record) const {
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
  const std::string& rule_json(const BatchRecord& record) const {
    return rule_json_[static_cast<std::size_t>(record.score.basis)]
                     [static_cast<std::size_t>(record.game)];
  }

  void write_json(std::string& out, std::string_view source, const BatchRecord& record) const {
    JsonWriter json(out, JsonWriter::Layout::compact);
    json.begin_object();
    json.member("source"_key, source);
    json.member("line"_key, record.line);
    if (record.verdict == Verdict::error) {
      json.member("column"_key, record.error->where.column);
      json.member("verdict"_key, "error");
      json.member("error"_key, record.error->message);
      json.end_object();
      json.end_line();
      return;
    }
    json.member("verdict"_key, verdict_id(record.verdict));
    json.member("role"_key, role_of(record));
    json.member("game"_key, game_id(record.game, rules_));
    json.key("wild"_key);
    if (record.wild) {
      json.string(rank_name(*record.wild));
    } else {
      json.null();
    }
    json.member("points"_key, record.score.points);
    json.member("uncapped"_key, record.score.uncapped);
    json.member("rule_id"_key, basis_id(record.score.basis));
    json.key("rule"_key);
    json.escaped_string(rule_json(record));
    if (record.verdict != Verdict::drop) json.member("grouping"_key, grouping_id(record.grouping));
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
    }
    json.end_object();
    json.end_line();
  }

  void write_csv(std::string& out, std::string_view source, const BatchRecord& record) const {
    CsvWriter csv(out);
    csv.field(source);
    csv.field(static_cast<long long>(record.line));
    if (record.verdict == Verdict::error) {
      csv.field(static_cast<long long>(record.error->where.column));
      csv.field("error");
      for (int i = 0; i < 10; ++i) csv.empty();
      csv.field(record.error->message);
      csv.end_row();
      return;
    }
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

  Format format_;
  const Rules& rules_;
  std::array<std::array<std::string, all_games.size()>, score_basis_count> rule_text_;
  std::array<std::array<std::string, all_games.size()>, score_basis_count> rule_json_;  // escaped
};

struct Summary {
  std::size_t hands = 0, valid = 0, invalid = 0, drops = 0, bad = 0;
  long long points = 0;
  void count(const BatchRecord& record) {
    ++hands;
    switch (record.verdict) {
      case Verdict::valid:
        ++valid;
        break;
      case Verdict::invalid:
        ++invalid;
        break;
      case Verdict::drop:
        ++drops;
        break;
      case Verdict::error:
        ++bad;
        return;
    }
    points += record.score.points;
  }
  void add(const Summary& other) {
    hands += other.hands;
    valid += other.valid;
    invalid += other.invalid;
    drops += other.drops;
    bad += other.bad;
    points += other.points;
  }
};

// Lines read but not yet judged: their text, one after another, and where each is. A chunk is
// judged as a whole, on a thread of its own with --jobs above 1, into its records' output.
struct Chunk {
  struct Line {
    std::size_t offset = 0, size = 0, number = 0;
    bool overlong = false;
  };
  std::string source;
  std::string text;
  std::vector<Line> lines;
  std::string out;  // the records, written
  Summary summary;
  static constexpr std::size_t most_lines = 2048, most_bytes = std::size_t{1} << 20;
  bool full() const { return lines.size() >= most_lines || text.size() >= most_bytes; }
};

Chunk judge(Chunk chunk, const BatchDefaults& defaults, const Rules& rules,
            const RecordWriter& writer) {
  for (const Chunk::Line& line : chunk.lines) {
    const BatchRecord record =
        line.overlong
            ? overlong_batch_line(chunk.source, line.number)
            : process_batch_line(std::string_view(chunk.text).substr(line.offset, line.size),
                                 chunk.source, line.number, defaults, rules);
    chunk.summary.count(record);
    writer.write(chunk.out, chunk.source, record);
  }
  return chunk;
}

// A fixed number of threads that judge chunks in the order they are given, each as soon as a
// thread is free. Records are written in input order by whoever waits on the futures; a thread
// that finishes a chunk early takes the next one instead of waiting for an older chunk to finish,
// and there are never more judging threads than jobs.
class JudgingThreads {
 public:
  explicit JudgingThreads(unsigned count) {
    for (unsigned i = 0; i < count; ++i) threads_.emplace_back([this] { work(); });
  }
  ~JudgingThreads() {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = true;  // chunks not started are dropped: nobody waits for them any more
    }
    ready_.notify_all();
    for (std::thread& thread : threads_) thread.join();
  }
  JudgingThreads(const JudgingThreads&) = delete;
  JudgingThreads& operator=(const JudgingThreads&) = delete;

  template <typename Work>
  std::future<Chunk> judge(Work work) {
    std::packaged_task<Chunk()> task(std::move(work));
    std::future<Chunk> done = task.get_future();
    {
      const std::lock_guard lock(mutex_);
      tasks_.push_back(std::move(task));
    }
    ready_.notify_one();
    return done;
  }

 private:
  void work() {
    for (;;) {
      std::packaged_task<Chunk()> task;
      {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
        if (stopping_) return;
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
      task();  // an exception reaches the future
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::packaged_task<Chunk()>> tasks_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
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
    if (options.declared && !rules.declares) {
      throw CommandError{"--declared is for Indian rummy", std::nullopt};
    }
    BatchDefaults defaults;
    if (options.common.wild) defaults.wild = parse_wild(*options.common.wild);
    defaults.game = options.game;
    defaults.declared = options.declared;
    defaults.arrange = options.arrange;

    const RecordWriter writer(format, rules);
    Summary summary;
    std::string out;
    out.reserve(1 << 17);
    writer.header(out);
    const auto flush = [&](bool always) {
      if (always || out.size() >= (1 << 16)) {
        env.out.write(out.data(), static_cast<std::streamsize>(out.size()));
        if (!env.out) throw OutputFailed{errno};
        out.clear();
      }
    };
    // Chunks are judged in parallel and written in input order; at most two per job are in
    // flight, so memory stays flat however long the input is. A chunk written is kept, its
    // buffers emptied, for the lines read next: no buffer is allocated again.
    std::deque<std::future<Chunk>> pending;
    const std::size_t in_flight = 2 * std::size_t{options.jobs};
    std::optional<JudgingThreads> threads;
    if (options.jobs > 1) threads.emplace(options.jobs);
    std::vector<Chunk> spare;
    Progress progress(env);
    const auto write = [&](Chunk chunk) {
      summary.add(chunk.summary);
      flush(true);
      env.out.write(chunk.out.data(), static_cast<std::streamsize>(chunk.out.size()));
      if (!env.out) throw OutputFailed{errno};
      progress.show(summary.hands);
      chunk.text.clear();
      chunk.lines.clear();
      chunk.out.clear();
      chunk.summary = Summary{};
      spare.push_back(std::move(chunk));
    };
    const auto finish_oldest = [&] {
      Chunk done = pending.front().get();
      pending.pop_front();
      write(std::move(done));
    };
    const auto submit = [&](Chunk& chunk) {
      if (chunk.lines.empty()) return;
      const std::string source = chunk.source;
      if (options.jobs == 1) {
        write(judge(std::move(chunk), defaults, rules, writer));
      } else {
        if (pending.size() >= in_flight) finish_oldest();
        pending.push_back(
            threads->judge([&defaults, &rules, &writer, work = std::move(chunk)]() mutable {
              return judge(std::move(work), defaults, rules, writer);
            }));
      }
      if (spare.empty()) {
        chunk = Chunk{};
      } else {
        chunk = std::move(spare.back());
        spare.pop_back();
      }
      chunk.source = source;
    };
    const auto record_now = [&](Chunk& chunk, const BatchRecord& record) {
      submit(chunk);
      while (!pending.empty()) finish_oldest();
      summary.count(record);
      writer.write(out, chunk.source, record);
    };
    const auto process = [&](std::istream& in, std::string_view source) {
      LineReader reader(in);
      std::string_view line;
      std::size_t number = 0;
      Chunk chunk;
      chunk.source = std::string(source);
      while (reader.next(line)) {
        ++number;
        // A byte-order mark may open a file.
        if (number == 1 && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
        if (!reader.overlong() && holds_no_hand(line)) continue;
        chunk.lines.push_back({chunk.text.size(), line.size(), number, reader.overlong()});
        chunk.text += line;
        if (chunk.full()) submit(chunk);
      }
      if (const auto failure = reader.failure()) {
        record_now(chunk, batch_error(source, number + 1,
                                      fmt::format("cannot read {}: {}", source, *failure)));
      }
      submit(chunk);
    };
    std::vector<std::string> files = options.files;
    if (files.empty()) files.push_back("-");
    for (const std::string& file : files) {
      if (file == "-") {
        process(env.in, "<stdin>");
        continue;
      }
      std::ifstream in(file, std::ios::binary);
      if (!in) {
        Chunk none;
        none.source = file;
        record_now(
            none,
            batch_error(file, 1, fmt::format("cannot read {}: {}", file, std::strerror(errno))));
        continue;
      }
      process(in, file);
    }
    while (!pending.empty()) finish_oldest();
    progress.clear();
    flush(true);
    env.out.flush();
    if (!env.out) throw OutputFailed{errno};
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
  add_rules_options(command, options->common, /*with_variant=*/true);
  add_output_options(command, options->common, /*with_csv=*/true);
  command.add_option("file", options->files,
                     "Files with one hand per line; none or '-': standard input");
  CLI::Option* game = add_enum_option(
      command, "--game", options->game, all_games, game_name,
      "The game, unless a line says otherwise: " + spoken_list(all_games, game_name));
  command.add_flag(
      "--declared", options->declared,
      fmt::format("Hands were declared (valid: 0, wrong show: {} unless house rule "
                  "wrong-show says otherwise) unless a line says 'shown'",
                  game_where([](const Rules& rules) { return rules.declares; }).wrong_show_points));
  command
      .add_option("--jobs,-j", options->jobs,
                  "Threads that judge hands (default: the machine's cores); records keep the "
                  "order of the input")
      ->check(CLI::Range(1U, 256U))
      ->default_str(std::to_string(options->jobs));
  command.add_flag("--arrange", options->arrange,
                   "Give each hand's best arrangement (13 or 14 cards) instead of scoring it");
  return [options, game, &env] {
    options->game_given = game->count() > 0;
    return run_batch(*options, env);
  };
}

}  // namespace rummy::cli
