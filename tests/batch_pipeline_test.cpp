// rummy batch's pipeline (src/cli/batch_pipeline.hpp) with a judge of its own: each line's record
// says its number and text, so the output shows the order; a line "bad" is an error record, and a
// line "slow N" keeps its judging thread N milliseconds, so that later chunks finish first.
#include <doctest/doctest.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>

#include "batch_pipeline.hpp"
#include "cli_common.hpp"

using namespace rummy;
using namespace rummy::cli;

namespace {

BatchRecord judged(std::string_view line, std::string_view source, std::size_t number) {
  if (line == "bad") return batch_error(source, number, "a bad line");
  if (line.starts_with("slow ")) {
    std::this_thread::sleep_for(std::chrono::milliseconds(std::stoi(std::string(line.substr(5)))));
  }
  BatchRecord record;
  record.line = number;
  record.verdict = line.starts_with("drop") ? Verdict::drop : Verdict::valid;
  record.score.points = static_cast<int>(line.size());
  return record;
}

void written(std::string& out, std::string_view source, const BatchRecord& record) {
  out += std::string(source) + ":" + std::to_string(record.line) + ": " +
         (record.error ? "error: " + record.error->message
                       : std::string(verdict_id(record.verdict)) + " " +
                             std::to_string(record.score.points)) +
         "\n";
}

struct Run {
  std::string out;
  BatchSummary summary;
  std::size_t most_waiting = 0;
};

Run run(const std::string& input, unsigned jobs, BatchLimits limits = {}) {
  std::ostringstream out;
  std::istringstream in(input);
  BatchPipeline pipeline(out, jobs, judged, written, {}, limits);
  pipeline.header("header\n");
  pipeline.read(in, "in");
  Run result;
  result.summary = pipeline.finish();
  result.out = out.str();
  result.most_waiting = pipeline.most_waiting();
  return result;
}

// A stream that cannot be read, as a directory given for a file.
class FailingBuffer : public std::streambuf {
 protected:
  std::streamsize xsgetn(char*, std::streamsize) override {
    errno = EISDIR;
    throw std::ios_base::failure("a directory");
  }
};

}  // namespace

TEST_CASE("batch pipeline: records keep the order of the input whatever the threads finish first") {
  // Chunks of two lines; the first chunk's lines are slow, so the chunks after it are judged
  // before it is.
  std::string input = "slow 40\nslow 30\n";
  std::string expected = "header\nin:1: valid 7\nin:2: valid 7\n";
  for (int i = 3; i <= 40; ++i) {
    input += std::string(static_cast<std::size_t>(i), 'x') + "\n";
    expected += "in:" + std::to_string(i) + ": valid " + std::to_string(i) + "\n";
  }
  for (const unsigned jobs : {1U, 2U, 4U}) {
    CAPTURE(jobs);
    const Run result = run(input, jobs, {2, 1 << 20, 2});
    CHECK(result.out == expected);
    CHECK(result.summary.hands == 40);
    CHECK(result.summary.valid == 40);
  }
}

TEST_CASE("batch pipeline: a bad line among good ones is a record in its place, and counted") {
  const Run result = run("abc\n\n# a comment\nbad\ndrop\nabcdef\n", 2, {1, 1 << 20, 2});
  CHECK(result.out ==
        "header\n"
        "in:1: valid 3\n"
        "in:4: error: a bad line\n"
        "in:5: drop 4\n"
        "in:6: valid 6\n");
  CHECK(result.summary.hands == 4);
  CHECK(result.summary.valid == 2);
  CHECK(result.summary.drops == 1);
  CHECK(result.summary.bad == 1);
  CHECK(result.summary.points == 13);
}

TEST_CASE("batch pipeline: an empty input writes the header alone") {
  for (const unsigned jobs : {1U, 3U}) {
    const Run result = run("", jobs);
    CHECK(result.out == "header\n");
    CHECK(result.summary.hands == 0);
    CHECK(result.most_waiting == 0);
  }
}

TEST_CASE("batch pipeline: a stream that cannot be read is an error record after what was read") {
  for (const unsigned jobs : {1U, 2U}) {
    CAPTURE(jobs);
    std::ostringstream out;
    BatchPipeline pipeline(out, jobs, judged, written, {}, {1, 1 << 20, 2});
    std::istringstream good("slow 10\nabcd\n");
    pipeline.read(good, "good");
    FailingBuffer buffer;
    std::istream bad(&buffer);
    pipeline.read(bad, "bad");
    const BatchSummary summary = pipeline.finish();
    CHECK(out.str() ==
          "good:1: valid 7\n"
          "good:2: valid 4\n"
          "bad:1: error: cannot read bad: " +
              std::string(std::strerror(EISDIR)) + "\n");
    CHECK(summary.hands == 3);
    CHECK(summary.bad == 1);
  }
}

TEST_CASE("batch pipeline: a record of its own comes after every line read before it") {
  std::ostringstream out;
  BatchPipeline pipeline(out, 2, judged, written, {}, {1, 1 << 20, 2});
  std::istringstream first("slow 20\nab\n");
  pipeline.read(first, "one");
  pipeline.record(batch_error("two", 1, "cannot read two"), "two");
  std::istringstream third("abcd\n");
  pipeline.read(third, "three");
  pipeline.finish();
  CHECK(out.str() ==
        "one:1: valid 7\n"
        "one:2: valid 2\n"
        "two:1: error: cannot read two\n"
        "three:1: valid 4\n");
}

TEST_CASE("batch pipeline: at most the limit of chunks per job wait, however long the input") {
  std::string input;
  for (int i = 0; i < 400; ++i) input += "slow 1\n";
  for (const unsigned jobs : {2U, 3U}) {
    CAPTURE(jobs);
    const Run result = run(input, jobs, {4, 1 << 20, 2});
    CHECK(result.summary.hands == 400);
    // 100 chunks went through; never more than two per job were read and not yet written.
    CHECK(result.most_waiting == 2 * jobs);
  }
  // A chunk is also cut by its bytes: lines of 10 bytes, a chunk cut when it holds 30.
  std::atomic<int> calls = 0;
  std::ostringstream out;
  BatchPipeline pipeline(out, 1, judged, written, [&calls](std::size_t) { calls.fetch_add(1); },
                         {1000, 30, 2});
  const std::string ten(10, 'x');
  std::istringstream in(ten + "\n" + ten + "\n" + ten + "\n" + ten + "\n");
  pipeline.read(in, "in");
  pipeline.finish();
  CHECK(calls == 2);  // written after each chunk: three lines, then one
}

TEST_CASE("batch pipeline: an output that cannot be written stops it with OutputFailed") {
  for (const unsigned jobs : {1U, 2U}) {
    CAPTURE(jobs);
    std::ostringstream out;
    out.setstate(std::ios::badbit);
    BatchPipeline pipeline(out, jobs, judged, written, {}, {1, 1 << 20, 2});
    std::string input;
    for (int i = 0; i < 50; ++i) input += "abc\n";
    std::istringstream in(input);
    CHECK_THROWS_AS(
        {
          pipeline.read(in, "in");
          pipeline.finish();
        },
        OutputFailed);
  }
}
