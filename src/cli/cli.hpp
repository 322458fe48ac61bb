// The command line as a function: arguments and streams in, an exit code out. main.cpp and
// the tests both call it.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace rummy::cli {

struct BatchSummary;  // batch_pipeline.hpp
class BatchBuffers;   // batch_pipeline.hpp

// Exit codes scripts can rely on.
enum ExitCode : int {
  exit_ok = 0,             // done; for validate: a valid declaration
  exit_not_valid = 1,      // validate: the hand was read but is not a valid declaration
  exit_bad_input = 2,      // bad input or usage
  exit_output_failed = 3,  // the output could not be written (a full disk, an I/O error)
  exit_closed_pipe = 141,  // the reader closed the pipe (`| head`): silent, as 128 + SIGPIPE
};

struct Environment {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  bool out_is_terminal = false;  // colour is used only on a terminal …
  bool no_color = false;         // … and never when NO_COLOR is set
  bool in_is_terminal = false;   // a hand typed at a terminal gets a hint on standard error
  std::size_t width = 80;        // --help fits this many columns (the terminal's width)
  bool err_is_terminal = false;  // long batches show their progress on standard error
  // What standard input is called in diagnostics and records, and the number of its first line:
  // a call of the library (call.hpp) names its input, and may give a batch that goes on from an
  // earlier one.
  std::string_view in_name = "<stdin>";
  std::size_t in_first_line = 1;
  BatchSummary* batch_summary = nullptr;  // a call of the library takes batch's figures here
  BatchBuffers* batch_buffers = nullptr;  // and keeps batch's buffers for its next call
};

// args[0] is the program name.
int run(const std::vector<std::string>& args, Environment env);

}  // namespace rummy::cli
