// The npm package's native part: src/cli/call.hpp's one function for JavaScript. The wrapper
// (npm/index.mjs) writes the input into the module's memory, calls rummy_call, and reads the
// answer's parts through the getters; the answer stays here until the next call.
#include <emscripten/emscripten.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "call.hpp"

namespace {

rummy::cli::CallResult answer;

}  // namespace

// `arguments`: the command's own arguments, each ended by a zero byte, `argument_count` of
// them. `input`: `input_size` bytes (any bytes: a batch reads them as a file). Returns the exit
// code.
extern "C" EMSCRIPTEN_KEEPALIVE int rummy_call(const char* command, const char* options,
                                               const char* arguments, int argument_count,
                                               const char* input, std::size_t input_size,
                                               const char* source, double first_line) {
  std::vector<std::string> words;
  for (int i = 0; i < argument_count; ++i) {
    words.emplace_back(arguments);
    arguments += words.back().size() + 1;
  }
  answer = rummy::cli::call(command, options, words, std::string_view(input, input_size),
                            {source, static_cast<std::size_t>(first_line)});
  return answer.code;
}

// The answer's JSON text and standard error, as pointers and sizes in bytes (UTF-8).
extern "C" EMSCRIPTEN_KEEPALIVE const char* rummy_json() {
  return answer.json.data();
}
extern "C" EMSCRIPTEN_KEEPALIVE std::size_t rummy_json_size() {
  return answer.json.size();
}
extern "C" EMSCRIPTEN_KEEPALIVE const char* rummy_err() {
  return answer.err.data();
}
extern "C" EMSCRIPTEN_KEEPALIVE std::size_t rummy_err_size() {
  return answer.err.size();
}

// batch's figures: 0 hands, 1 valid, 2 not valid, 3 drops, 4 bad, 5 points.
extern "C" EMSCRIPTEN_KEEPALIVE double rummy_batch_figure(int which) {
  const rummy::cli::BatchSummary& b = answer.batch;
  switch (which) {
    case 0:
      return static_cast<double>(b.hands);
    case 1:
      return static_cast<double>(b.valid);
    case 2:
      return static_cast<double>(b.invalid);
    case 3:
      return static_cast<double>(b.drops);
    case 4:
      return static_cast<double>(b.bad);
    default:
      return static_cast<double>(b.points);
  }
}
