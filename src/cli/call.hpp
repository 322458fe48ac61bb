// rummy's commands as functions, for the packages (the Python module, the npm package): a
// command, its options as an object, and its input as text in; what `rummy COMMAND --format json`
// prints out, with its exit code. The packages know no option and no rule: they hand the object
// over, and the command line's own options read it, with their own messages.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "batch_pipeline.hpp"

namespace rummy::cli {

// What a call answers.
struct CallResult {
  int code = 0;        // the command line's exit code (cli.hpp: 0, 1 for "not valid", 2 bad input)
  std::string json;    // what --format json prints: one object (batch: one record a line); with
                       // code 2, {"error": {"message", "source", "line", "column", "text"}}
  std::string err;     // what the command wrote on standard error (batch: its summary line)
  BatchSummary batch;  // batch: the figures of its summary line (hands, valid, …, points)
};

// Where a call's input comes from, for its diagnostics and batch's records.
struct CallInput {
  std::string_view name = "<input>";  // "source" in errors and records (a file's name, say)
  std::size_t first_line = 1;         // the number of its first line (a batch that goes on)
};

// Runs `command` (validate, score, arrange, outs, advise, layoff, settle, rules, batch, …) with
// `options`, a JSON object whose members are the command's long options without their dashes
// ('_' may stand for '-'), in the order the object gives them:
//   "wild": "7"            → --wild 7       (a string or a number: the option's value)
//   "cards_away": true     → --cards-away   (false or null: not given)
//   "house": {"points-cap": 100, "wrong-show": "full"}
//                          → --house points-cap=100 --house wrong-show=full
//   "files": …, an array   → the option once for each element
// then `arguments` (the command's own arguments, as layoff's meld and cards), and the input as
// standard input. "format" and "color" are refused (a call answers JSON); so is anything the
// command itself refuses, as the command line says it. The command line is read once for each
// command, options and arguments, and kept (a few dozen, for each thread), so that a call costs
// what the command's work costs.
CallResult call(std::string_view command, std::string_view options,
                std::span<const std::string> arguments, std::string_view input,
                const CallInput& from = {});

}  // namespace rummy::cli
