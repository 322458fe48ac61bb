// The page's one way into rummy: a request as JSON in, the answer as JSON out. The request names
// a command line and what standard input holds, {"args": ["validate", "--format", "json"],
// "input": "A♠-2♠-3♠ | …"}; the answer is what that command line does in a shell,
// {"code": 0, "out": "…", "err": "…"}, where "out" is the very JSON the CLI prints. The page
// therefore knows no rule: it asks the same code the CLI runs, and reads the same answers.
#include <emscripten/emscripten.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "json_writer.hpp"

namespace {

// The answer to the last request: the page reads it before it asks again.
std::string answer;

std::string run_request(const char* request) {
  std::vector<std::string> args{"rummy"};
  std::istringstream in;
  std::ostringstream out;
  std::ostringstream err;
  int code = rummy::cli::exit_bad_input;
  const auto json = rummy::cli::Json::parse(request, nullptr, false);
  if (json.is_object() && json.contains("args") && json["args"].is_array()) {
    bool strings = true;
    for (const auto& arg : json["args"]) {
      if (!arg.is_string()) {
        strings = false;
        break;
      }
      args.push_back(arg.get<std::string>());
    }
    if (json.contains("input") && json["input"].is_string()) {
      in.str(json["input"].get<std::string>());
    }
    if (strings) {
      code = rummy::cli::run(args, {in, out, err});
    } else {
      err << "rummy: error: the page's request has an argument that is not a string\n";
    }
  } else {
    err << "rummy: error: the page's request is not {\"args\": [...], \"input\": \"...\"}\n";
  }
  using rummy::cli::operator""_key;
  std::string text;
  {  // the writer leaves `text` holding exactly the answer when it ends
    rummy::cli::JsonWriter writer(text, rummy::cli::JsonWriter::Layout::compact);
    writer.begin_object();
    writer.member("code"_key, code);
    writer.member("out"_key, out.str());
    writer.member("err"_key, err.str());
    writer.end_object();
  }
  return text;
}

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE const char* rummy_run(const char* request) {
  answer = run_request(request);
  return answer.c_str();
}
