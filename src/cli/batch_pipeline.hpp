// rummy batch's pipeline: a reader that cuts the input into chunks of lines, judging threads that
// turn each chunk into its records, and a writer that sends the records out in the order of the
// input. What a line's record is and how a record is written are given to it (cli_batch.cpp
// gives the core's process_batch_line and the JSON, CSV or text writer); the pipeline owns the
// order, the threads and the memory bound. It reads and writes only the streams given to it.
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <future>
#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "batch.hpp"

namespace rummy::cli {

// Whether this build can judge on several threads: not in WebAssembly built without them (the
// page and the npm package), where a batch runs in one.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool batch_threads = false;
#else
inline constexpr bool batch_threads = true;
#endif

// The figures of a run, for its summary line.
struct BatchSummary {
  std::size_t hands = 0, valid = 0, invalid = 0, drops = 0, bad = 0;
  long long points = 0;
  void count(const BatchRecord& record);
  void add(const BatchSummary& other);
};

// How much may wait: lines are judged in chunks of at most `chunk_lines` lines or `chunk_bytes`
// bytes of text, and at most `waiting_per_job` chunks per job are read and not yet written.
// Memory stays within these however long the input is.
struct BatchLimits {
  std::size_t chunk_lines = 2048;
  std::size_t chunk_bytes = std::size_t{1} << 20;
  std::size_t waiting_per_job = 2;
};

class BatchBuffers;

class BatchPipeline {
 public:
  // A line's record: called on the judging threads, for several lines at once.
  using Judge = std::function<BatchRecord(std::string_view line, std::string_view source,
                                          std::size_t number)>;
  // A record written at the end of `out`: called on the judging threads too.
  using Write =
      std::function<void(std::string& out, std::string_view source, const BatchRecord& record)>;
  // After records are written: how many hands so far (a progress line).
  using Progress = std::function<void(std::size_t hands)>;

  // `jobs` threads judge: the reading thread, and jobs - 1 started (none with 1).
  BatchPipeline(std::ostream& out, unsigned jobs, Judge judge, Write write, Progress progress = {},
                BatchLimits limits = {});
  ~BatchPipeline();
  BatchPipeline(const BatchPipeline&) = delete;
  BatchPipeline& operator=(const BatchPipeline&) = delete;

  // Takes the buffers an earlier pipeline left in `buffers`, and leaves its own there when it ends.
  void keep_buffers_in(BatchBuffers& buffers);

  // Text written before any record (the CSV header).
  void header(std::string_view text);
  // Every line of `in` that holds a hand, judged and written in order after everything before;
  // a stream that cannot be read ends with an error record naming `source`. Its lines are
  // numbered from `first_line` (a call of the library goes on from an earlier part of a file).
  void read(std::istream& in, std::string_view source, std::size_t first_line = 1);
  // One record of its own (a file that cannot be opened), written after everything before.
  void record(const BatchRecord& record, std::string_view source);
  // Waits for every record to be written, flushes the output and gives the summary. Throws
  // OutputFailed (cli_common.hpp) when the output cannot be written, here or before.
  const BatchSummary& finish();

  // The most chunks that were ever read and not yet written at once (the memory bound).
  std::size_t most_waiting() const { return most_waiting_; }

 private:
  friend class BatchBuffers;
  struct Chunk;
  class Threads;

  void submit(std::unique_ptr<Chunk>& chunk);
  void write_oldest();
  void written(std::unique_ptr<Chunk> chunk);
  void judge(Chunk& chunk) const;
  void flush();

  std::ostream& out_;
  unsigned jobs_;
  Judge judge_;
  Write write_;
  Progress progress_;
  BatchLimits limits_;
  BatchSummary summary_;
  std::string buffer_;                         // records written here by the reading thread
  std::vector<std::unique_ptr<Chunk>> spare_;  // chunks written, kept for their buffers
  std::unique_ptr<Threads> threads_;           // jobs above 1
  std::deque<std::future<std::unique_ptr<Chunk>>> waiting_;  // in input order
  std::size_t most_waiting_ = 0;
  BatchBuffers* kept_in_ = nullptr;
};

// The buffers one pipeline leaves to the next. A call of the library (call.hpp) runs batch on a
// file part by part; each part's pipeline then writes into memory already in use, where a new
// pipeline would ask the system for memory again and have it cleared, page by page (a fifth of
// the time of a part of a few thousand lines, in the Python module). They are kept as long as
// the call's command line is (call.cpp: a few dozen a thread): at most 2 × jobs + 2 chunks, each
// of at most BatchLimits' lines or bytes and their records.
class BatchBuffers {
 public:
  BatchBuffers();
  ~BatchBuffers();
  BatchBuffers(const BatchBuffers&) = delete;
  BatchBuffers& operator=(const BatchBuffers&) = delete;

 private:
  friend class BatchPipeline;
  std::vector<std::unique_ptr<BatchPipeline::Chunk>> chunks_;
};

}  // namespace rummy::cli
