// rummy batch's pipeline: see batch_pipeline.hpp.
#include "batch_pipeline.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "cli_common.hpp"

namespace rummy::cli {

void BatchSummary::count(const BatchRecord& record) {
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
  points += record.table ? record.table->maal : record.score.points;
}

void BatchSummary::add(const BatchSummary& other) {
  hands += other.hands;
  valid += other.valid;
  invalid += other.invalid;
  drops += other.drops;
  bad += other.bad;
  points += other.points;
}

namespace {

// Lines of a stream through one buffer that grows only for a line longer than it: memory stays
// flat however long the input is. It starts at 64 KiB: reading more at once is no faster, and a
// call of the library, which reads a part of a few hundred KiB, would clear a larger one anew.
class LineReader {
 public:
  explicit LineReader(std::istream& in) : in_(in), buffer_(1 << 16) {}

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

}  // namespace

// Lines read but not yet judged: their text, one after another, and where each is. A chunk is
// judged as a whole, on a thread of its own with jobs above 1, into its records' output.
struct BatchPipeline::Chunk {
  struct Line {
    std::size_t offset = 0, size = 0, number = 0;
    bool overlong = false;
  };
  std::string source;
  std::string text;
  std::vector<Line> lines;
  std::string out;  // the records, written
  BatchSummary summary;
};

// A fixed number of threads that judge chunks in the order they are given, each as soon as a
// thread is free. Records are written in input order by whoever waits on the futures; a thread
// that finishes a chunk early takes the next one instead of waiting for an older chunk to finish.
// The reading thread is one of the jobs: it starts jobs - 1 threads, and rather than wait for the
// oldest chunk it judges the next one not yet taken (help), so that there are never more judging
// threads than jobs, and never more threads at work than jobs.
class BatchPipeline::Threads {
 public:
  explicit Threads(unsigned count) {
    for (unsigned i = 0; i < count; ++i) threads_.emplace_back([this] { work(); });
  }
  ~Threads() {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = true;  // chunks not started are dropped: nobody waits for them any more
    }
    ready_.notify_all();
    for (std::thread& thread : threads_) thread.join();
  }
  Threads(const Threads&) = delete;
  Threads& operator=(const Threads&) = delete;

  template <typename Work>
  std::future<std::unique_ptr<Chunk>> judge(Work work) {
    std::packaged_task<std::unique_ptr<Chunk>()> task(std::move(work));
    std::future<std::unique_ptr<Chunk>> done = task.get_future();
    {
      const std::lock_guard lock(mutex_);
      tasks_.push_back(std::move(task));
    }
    ready_.notify_one();
    return done;
  }

  // Judges the first chunk no thread has taken, on the calling thread: false when there is none.
  bool help() {
    std::packaged_task<std::unique_ptr<Chunk>()> task;
    {
      const std::lock_guard lock(mutex_);
      if (tasks_.empty()) return false;
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    task();  // an exception reaches the future
    return true;
  }

 private:
  void work() {
    for (;;) {
      std::packaged_task<std::unique_ptr<Chunk>()> task;
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
  std::deque<std::packaged_task<std::unique_ptr<Chunk>()>> tasks_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

BatchPipeline::BatchPipeline(std::ostream& out, unsigned jobs, Judge judge, Write write,
                             Progress progress, BatchLimits limits)
    : out_(out),
      jobs_(std::max(1U, jobs)),
      judge_(std::move(judge)),
      write_(std::move(write)),
      progress_(std::move(progress)),
      limits_(limits) {
  buffer_.reserve(1 << 17);
  if (jobs_ > 1) threads_ = std::make_unique<Threads>(jobs_ - 1);  // and the reading thread
}

BatchPipeline::~BatchPipeline() {
  waiting_.clear();
  threads_.reset();  // joined before what the threads use goes
  if (kept_in_ != nullptr) kept_in_->chunks_ = std::move(spare_);
}

void BatchPipeline::keep_buffers_in(BatchBuffers& buffers) {
  kept_in_ = &buffers;
  for (std::unique_ptr<Chunk>& chunk : buffers.chunks_) spare_.push_back(std::move(chunk));
  buffers.chunks_.clear();
}

BatchBuffers::BatchBuffers() = default;
BatchBuffers::~BatchBuffers() = default;

void BatchPipeline::header(std::string_view text) {
  buffer_ += text;
}

void BatchPipeline::judge(Chunk& chunk) const {
  for (const Chunk::Line& line : chunk.lines) {
    const BatchRecord record =
        line.overlong ? overlong_batch_line(chunk.source, line.number)
                      : judge_(std::string_view(chunk.text).substr(line.offset, line.size),
                               chunk.source, line.number);
    chunk.summary.count(record);
    write_(chunk.out, chunk.source, record);
  }
}

// What the reading thread has written, sent on.
void BatchPipeline::flush() {
  out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  if (!out_) throw OutputFailed{errno};
  buffer_.clear();
}

// A chunk judged, sent out; it is kept, its buffers emptied, for the lines read next: no buffer
// is allocated again.
void BatchPipeline::written(std::unique_ptr<Chunk> chunk) {
  summary_.add(chunk->summary);
  flush();
  out_.write(chunk->out.data(), static_cast<std::streamsize>(chunk->out.size()));
  if (!out_) throw OutputFailed{errno};
  if (progress_) progress_(summary_.hands);
  chunk->text.clear();
  chunk->lines.clear();
  chunk->out.clear();
  chunk->summary = BatchSummary{};
  spare_.push_back(std::move(chunk));
}

void BatchPipeline::write_oldest() {
  std::future<std::unique_ptr<Chunk>>& oldest = waiting_.front();
  // (While the oldest is judged, the reading thread judges chunks no thread has taken yet.)
  while (oldest.wait_for(std::chrono::seconds(0)) != std::future_status::ready &&
         threads_->help()) {
  }
  std::unique_ptr<Chunk> done = oldest.get();
  waiting_.pop_front();
  written(std::move(done));
}

// A chunk read goes to be judged (at once with one job; else when fewer than the limit wait),
// and the reader gets an empty one for the same source.
void BatchPipeline::submit(std::unique_ptr<Chunk>& chunk) {
  if (chunk->lines.empty()) return;
  std::string source = chunk->source;
  if (!threads_) {
    judge(*chunk);
    written(std::move(chunk));
  } else {
    if (waiting_.size() >= limits_.waiting_per_job * jobs_) write_oldest();
    waiting_.push_back(threads_->judge([this, work = std::move(chunk)]() mutable {
      judge(*work);
      return std::move(work);
    }));
    most_waiting_ = std::max(most_waiting_, waiting_.size());
  }
  if (spare_.empty()) {
    chunk = std::make_unique<Chunk>();
  } else {
    chunk = std::move(spare_.back());
    spare_.pop_back();
  }
  chunk->source = std::move(source);
}

void BatchPipeline::record(const BatchRecord& record, std::string_view source) {
  while (!waiting_.empty()) write_oldest();
  summary_.count(record);
  write_(buffer_, source, record);
}

void BatchPipeline::read(std::istream& in, std::string_view source, std::size_t first_line) {
  LineReader reader(in);
  std::string_view line;
  std::size_t number = first_line - 1;
  std::unique_ptr<Chunk> chunk;
  if (spare_.empty()) {
    chunk = std::make_unique<Chunk>();
  } else {
    chunk = std::move(spare_.back());
    spare_.pop_back();
  }
  chunk->source = std::string(source);
  while (reader.next(line)) {
    ++number;
    // A byte-order mark may open a file.
    if (number == 1 && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
    if (!reader.overlong() && holds_no_hand(line)) continue;
    chunk->lines.push_back({chunk->text.size(), line.size(), number, reader.overlong()});
    chunk->text += line;
    if (chunk->lines.size() >= limits_.chunk_lines || chunk->text.size() >= limits_.chunk_bytes) {
      submit(chunk);
    }
  }
  if (const auto failure = reader.failure()) {
    submit(chunk);
    record(batch_error(source, number + 1, fmt::format("cannot read {}: {}", source, *failure)),
           source);
  }
  submit(chunk);
  if (chunk) spare_.push_back(std::move(chunk));
}

const BatchSummary& BatchPipeline::finish() {
  while (!waiting_.empty()) write_oldest();
  flush();
  out_.flush();
  if (!out_) throw OutputFailed{errno};
  return summary_;
}

}  // namespace rummy::cli
