// The Python module's native part, rummy._rummy: one function, call(), which runs a command of
// rummy as src/cli/call.hpp says, without the interpreter's lock (other Python threads go on
// while it works). rummy/__init__.py gives each command its function.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <string_view>
#include <vector>

#include "call.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_rummy, module) {
  module.doc() = "rummy's commands, answered as `rummy COMMAND --format json` prints";
  module.attr("version") = RUMMY_VERSION;
  module.def(
      "call",
      [](std::string_view command, std::string_view options, std::vector<std::string> arguments,
         std::string_view input, std::string_view source, std::size_t first_line) {
        rummy::cli::CallResult result;
        {
          // The strings stay alive: the caller's frame holds them.
          const py::gil_scoped_release unlocked;
          result = rummy::cli::call(command, options, arguments, input, {source, first_line});
        }
        const rummy::cli::BatchSummary& b = result.batch;
        return py::make_tuple(
            result.code, result.json, result.err,
            py::make_tuple(b.hands, b.valid, b.invalid, b.drops, b.bad, b.points));
      },
      py::arg("command"), py::arg("options"), py::arg("arguments"), py::arg("input"),
      py::arg("source"), py::arg("first_line"),
      "Runs a command: (exit code, the JSON it prints, what it writes on standard error, batch's "
      "figures: hands, valid, not valid, drops, bad, points).");
}
