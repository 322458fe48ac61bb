// A call of the library: see call.hpp.
#include "call.hpp"

#include <istream>
#include <memory>
#include <ostream>
#include <streambuf>
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

// The input of a call, read where the caller holds it (no copy).
class InputView : public std::streambuf {
 public:
  void view(std::string_view text) {
    // The stream only reads: get areas take char*, the text is never written through it.
    char* begin = const_cast<char*>(text.data());
    setg(begin, begin, begin + text.size());
  }
};

// What a call writes, into a string kept from call to call: its capacity stays, so the command
// writes into memory already in use rather than into a string stream growing by copies (the
// answer is then copied once, for the caller).
class OutputText : public std::streambuf {
 public:
  const std::string& text() const { return text_; }
  void clear() { text_.clear(); }
  // The text, handed over rather than copied (a batch's part is a megabyte or more). The room
  // the next call writes into is as large as this call's was, so that the next part fits
  // without growing by copies (room only half as large again as the text made Python's batch
  // 10% slower); but a text that used less than a quarter of it (a small call after a large
  // one) makes room for twice itself.
  std::string take() {
    std::string taken = std::move(text_);
    text_ = std::string();
    const bool little = taken.size() < taken.capacity() / 4;
    text_.reserve(little ? 2 * taken.size() : taken.capacity());
    return taken;
  }

 protected:
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof()))
      text_.push_back(traits_type::to_char_type(c));
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* s, std::streamsize count) override {
    text_.append(s, static_cast<std::size_t>(count));
    return count;
  }

 private:
  std::string text_;
};

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
      refused_ = CallResult{*line_->finished(), out_text_.text(), err_text_.text(), {}};
    }
  }

  CallResult run(std::string_view input, const CallInput& from) {
    if (refused_) return *refused_;
    in_view_.view(input);
    in_.clear();
    out_text_.clear();
    err_text_.clear();
    out_.clear();
    err_.clear();
    env_.in_name = from.name;
    env_.in_first_line = from.first_line;
    BatchSummary summary;
    env_.batch_summary = &summary;
    env_.batch_buffers = &batch_buffers_;
    const int code = line_->run();
    out_.flush();
    err_.flush();
    return CallResult{code, out_text_.take(), err_text_.text(), summary};
  }

 private:
  CallResult refusal(const std::string& message) {
    report_error({message, std::nullopt}, Format::json, env_);
    return CallResult{exit_bad_input, out_text_.text(), err_text_.text(), {}};
  }

  InputView in_view_;
  OutputText out_text_;
  OutputText err_text_;
  BatchBuffers batch_buffers_;
  std::istream in_{&in_view_};
  std::ostream out_{&out_text_};
  std::ostream err_{&err_text_};
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
