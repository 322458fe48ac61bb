// The Python module's native part, rummy._rummy: call(), which runs a command of rummy as
// src/cli/call.hpp says, without the interpreter's lock (other Python threads go on while it
// works), and call_lines(), the same with batch's records given one at a time.
// rummy/__init__.py gives each command its function.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "call.hpp"

namespace py = pybind11;

namespace {

// An iterator over the lines of a text held in C++: each line becomes a str only when it is
// asked for, and is usually gone before the next one is made, so a batch's records reuse the
// same memory rather than making thousands at once.
struct Lines {
  PyObject_HEAD std::string text;
  std::size_t next;
};

PyObject* next_line(PyObject* self) {
  Lines& lines = *reinterpret_cast<Lines*>(self);
  if (lines.next >= lines.text.size()) return nullptr;  // (no exception set: the end)
  const char* begin = lines.text.data() + lines.next;
  const std::size_t left = lines.text.size() - lines.next;
  const void* newline = std::memchr(begin, '\n', left);
  const std::size_t length =
      newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - begin) : left;
  lines.next += length + 1;
  return PyUnicode_DecodeUTF8(begin, static_cast<Py_ssize_t>(length), "strict");
}

void free_lines(PyObject* self) {
  reinterpret_cast<Lines*>(self)->text.~basic_string();
  PyTypeObject* type = Py_TYPE(self);
  type->tp_free(self);
  Py_DECREF(type);
}

PyType_Slot lines_slots[] = {{Py_tp_iter, reinterpret_cast<void*>(PyObject_SelfIter)},
                             {Py_tp_iternext, reinterpret_cast<void*>(next_line)},
                             {Py_tp_dealloc, reinterpret_cast<void*>(free_lines)},
                             {0, nullptr}};
// Made only here (no Python code can make one, whose string would not be built), and not
// changed once made.
PyType_Spec lines_spec = {
    "rummy._rummy.Lines", sizeof(Lines), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION | Py_TPFLAGS_IMMUTABLETYPE, lines_slots};

// The type, made once when the module is imported (with the interpreter's lock held: no first
// call of two threads races to make it); the module holds it.
PyObject* lines_type = nullptr;

py::object make_lines(std::string text) {
  PyObject* object = PyType_GenericAlloc(reinterpret_cast<PyTypeObject*>(lines_type), 0);
  if (object == nullptr) throw py::error_already_set();
  Lines& lines = *reinterpret_cast<Lines*>(object);
  new (&lines.text) std::string(std::move(text));
  lines.next = 0;
  return py::reinterpret_steal<py::object>(object);
}

// A call's input: a str's UTF-8, or the bytes of any bytes-like object (bytes, a bytearray, a
// memoryview: no copy), held while the command reads them without the interpreter's lock. A
// buffer is held as an export, so that a bytearray cannot be resized meanwhile by another thread.
class Input {
 public:
  explicit Input(const py::handle& input) {
    if (PyUnicode_Check(input.ptr())) {
      Py_ssize_t size = 0;
      const char* data = PyUnicode_AsUTF8AndSize(input.ptr(), &size);
      if (data == nullptr) throw py::error_already_set();
      text_ = std::string_view(data, static_cast<std::size_t>(size));
      return;
    }
    buffer_ = py::reinterpret_borrow<py::buffer>(input).request();
    if (buffer_.ndim != 1 || buffer_.strides[0] != buffer_.itemsize) {
      throw py::value_error("the input is text or contiguous bytes");
    }
    text_ = std::string_view(static_cast<const char*>(buffer_.ptr),
                             static_cast<std::size_t>(buffer_.size * buffer_.itemsize));
  }
  std::string_view text() const { return text_; }

 private:
  py::buffer_info buffer_;
  std::string_view text_;
};

// A command run without the interpreter's lock (the strings stay alive: the caller's frame holds
// them).
rummy::cli::CallResult run(std::string_view command, std::string_view options,
                           const std::vector<std::string>& arguments, std::string_view input,
                           std::string_view source, std::size_t first_line) {
  const py::gil_scoped_release unlocked;
  return rummy::cli::call(command, options, arguments, input, {source, first_line});
}

// (exit code, what it prints, what it writes on standard error, batch's figures).
py::tuple answer(const rummy::cli::CallResult& result, py::object printed) {
  const rummy::cli::BatchSummary& b = result.batch;
  return py::make_tuple(result.code, std::move(printed), result.err,
                        py::make_tuple(b.hands, b.valid, b.invalid, b.drops, b.bad, b.points));
}

}  // namespace

PYBIND11_MODULE(_rummy, module) {
  module.doc() = "rummy's commands, answered as `rummy COMMAND --format json` prints";
  module.attr("version") = RUMMY_VERSION;
  lines_type = PyType_FromSpec(&lines_spec);
  if (lines_type == nullptr) throw py::error_already_set();
  module.attr("Lines") = py::reinterpret_borrow<py::object>(lines_type);
  module.def(
      "call",
      [](std::string_view command, std::string_view options, std::vector<std::string> arguments,
         const py::object& input, std::string_view source, std::size_t first_line) {
        const Input held(input);
        const rummy::cli::CallResult result =
            run(command, options, arguments, held.text(), source, first_line);
        return answer(result, py::str(result.json));
      },
      py::arg("command"), py::arg("options"), py::arg("arguments"), py::arg("input"),
      py::arg("source"), py::arg("first_line"),
      "Runs a command: (exit code, the JSON it prints, what it writes on standard error, batch's "
      "figures: hands, valid, not valid, drops, bad, points).");
  module.def(
      "call_lines",
      [](std::string_view command, std::string_view options, std::vector<std::string> arguments,
         const py::object& input, std::string_view source, std::size_t first_line) {
        const Input held(input);
        const std::string_view text = held.text();
        // Its line ends, counted here rather than by bytes.count, which was a twelfth of a Python
        // batch's time: the caller numbers the next part's lines from them.
        std::size_t line_ends = 0;
        for (const char *at = text.data(), *end = at + text.size();
             (at = static_cast<const char*>(
                  std::memchr(at, '\n', static_cast<std::size_t>(end - at))));
             ++at) {
          ++line_ends;
        }
        rummy::cli::CallResult result = run(command, options, arguments, text, source, first_line);
        py::object lines = make_lines(std::move(result.json));
        return answer(result, std::move(lines)) + py::make_tuple(line_ends);
      },
      py::arg("command"), py::arg("options"), py::arg("arguments"), py::arg("input"),
      py::arg("source"), py::arg("first_line"),
      "As call(), with what the command prints as an iterator over its lines (batch's records), "
      "each a str when it is asked for, and then the number of line ends in the input.");
}
