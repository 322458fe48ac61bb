// A call of the library: see call.hpp.
#include "call.hpp"

#include <memory>
#include <sstream>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "cli_common.hpp"

namespace rummy::cli {

namespace {

// The options object as the command line's arguments, after `rummy COMMAND`; a CommandError for
// what no command line could say.
std::vector<std::string> options_to_args(const Json& options) {
  if (!options.is_object()) {
    throw CommandError{"the options are not an object of the command's options", std::nullopt};
  }
  std::vector<std::string> args;
  for (const auto& item : options.items()) {
    const std::string& key = item.key();  // (not a structured binding: the lambda takes it)
    const Json& value = item.value();
    std::string name = key;
    for (char& c : name) c = c == '_' ? '-' : c;
    if (name == "format" || name == "color") {
      throw CommandError{fmt::format("{}: a call always answers as --format json prints", key),
                         std::nullopt};
    }
    const std::string option = "--" + name;
    // A value as the command line writes it: strings as they are, numbers and booleans as JSON.
    const auto word = [&](const Json& v) -> std::string {
      if (v.is_string()) return v.get<std::string>();
      if (v.is_number() || v.is_boolean()) return v.dump();
      throw CommandError{fmt::format("{}: takes a string, a number or true, not {}", key, v.dump()),
                         std::nullopt};
    };
    if (value.is_null() || (value.is_boolean() && !value.get<bool>())) continue;
    if (value.is_boolean()) {
      args.push_back(option);
    } else if (value.is_object()) {  // --house: one assignment per member
      for (const auto& [rule, setting] : value.items()) {
        args.push_back(option);
        args.push_back(rule + "=" + word(setting));
      }
    } else if (value.is_array()) {
      for (const Json& each : value) {
        args.push_back(option);
        args.push_back(word(each));
      }
    } else {
      args.push_back(option);
      args.push_back(word(value));
    }
  }
  return args;
}

// A command line read once, run on many inputs: its streams are its own, and each run gives it
// the input and takes what it wrote.
class PreparedCall {
 public:
  PreparedCall(std::string_view command, std::string_view options,
               std::span<const std::string> arguments) {
    std::vector<std::string> args{"rummy", std::string(command)};
    try {
      const Json object = Json::parse(options.empty() ? std::string_view("{}") : options);
      for (std::string& arg : options_to_args(object)) args.push_back(std::move(arg));
    } catch (const Json::parse_error& error) {
      refused_ = refusal(fmt::format("the options are not JSON: {}", error.what()));
      return;
    } catch (const CommandError& error) {
      refused_ = refusal(error.message);
      return;
    }
    args.insert(args.end(), {"--format", "json"});
    // The arguments after every option: `--` keeps one that begins with a dash an argument.
    if (!arguments.empty()) args.emplace_back("--");
    args.insert(args.end(), arguments.begin(), arguments.end());
    line_ = std::make_unique<ParsedCommandLine>(args, env_);
    if (line_->finished()) {  // a usage error: answered the same way at every call
      refused_ = CallResult{*line_->finished(), out_.str(), err_.str(), {}};
    }
  }

  CallResult run(std::string_view input, const CallInput& from) {
    if (refused_) return *refused_;
    in_.clear();
    in_.str(std::string(input));
    out_.str({});
    err_.str({});
    env_.in_name = from.name;
    env_.in_first_line = from.first_line;
    BatchSummary summary;
    env_.batch_summary = &summary;
    const int code = line_->run();
    return CallResult{code, out_.str(), err_.str(), summary};
  }

 private:
  CallResult refusal(const std::string& message) {
    report_error({message, std::nullopt}, Format::json, env_);
    return CallResult{exit_bad_input, out_.str(), err_.str(), {}};
  }

  std::istringstream in_;
  std::ostringstream out_;
  std::ostringstream err_;
  Environment env_{in_, out_, err_};
  std::unique_ptr<ParsedCommandLine> line_;
  std::optional<CallResult> refused_;
};

// The command lines read so far on this thread; forgotten all at once past a few dozen (a
// program calls with a handful of option sets, not thousands).
constexpr std::size_t prepared_most = 64;

}  // namespace

CallResult call(std::string_view command, std::string_view options,
                std::span<const std::string> arguments, std::string_view input,
                const CallInput& from) {
  thread_local std::unordered_map<std::string, std::unique_ptr<PreparedCall>> prepared;
  std::string key(command);
  key += '\0';
  key += options;
  for (const std::string& argument : arguments) {
    key += '\0';
    key += argument;
  }
  auto found = prepared.find(key);
  if (found == prepared.end()) {
    if (prepared.size() >= prepared_most) prepared.clear();
    found =
        prepared
            .emplace(std::move(key), std::make_unique<PreparedCall>(command, options, arguments))
            .first;
  }
  return found->second->run(input, from);
}

}  // namespace rummy::cli
