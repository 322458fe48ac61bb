// Runs the command line in-process for the CLI tests: arguments and standard input in,
// exit code and both output streams back.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli.hpp"

namespace rummy::test {

struct Run {
  int code = -1;
  std::string out, err;
  nlohmann::json json() const { return nlohmann::json::parse(out); }
};

inline Run rummy_cli(std::vector<std::string> args, const std::string& input = "",
                     bool terminal = false, bool no_color = false, std::size_t width = 80) {
  args.insert(args.begin(), "rummy");
  std::istringstream in(input);
  std::ostringstream out, err;
  Run run;
  run.code = rummy::cli::run(args, {in, out, err, terminal, no_color, false, width});
  run.out = out.str();
  run.err = err.str();
  return run;
}

}  // namespace rummy::test
