// What the subcommands share: the options every hand-reading command takes, reading the hand,
// reporting errors in the one diagnostic format (and as JSON), colour. Private to src/.
#pragma once

#include <array>
#include <cerrno>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli.hpp"
#include "game_options.hpp"
#include "games.hpp"
#include "json_writer.hpp"
#include "maal.hpp"
#include "notation.hpp"
#include "rules.hpp"
#include "tiplu.hpp"

namespace rummy::cli {

enum class Format { text, json, csv };
inline constexpr std::array<Format, 3> all_formats = {Format::text, Format::json, Format::csv};
std::string_view format_name(Format format);  // "text", "json", "csv"
enum class Color { automatic, always, never };
inline constexpr std::array<Color, 3> all_colors = {Color::automatic, Color::always, Color::never};
std::string_view color_name(Color color);  // "auto", "always", "never"

struct CommonOptions {
  std::vector<std::string> hand_words;  // HAND, possibly split by the shell
  std::optional<std::string> wild;
  std::optional<std::string> tiplu;  // a game dealt with a tiplu (Marriage)
  std::optional<int> players;        // … the players dealt in (the dublee route needs enough)
  std::optional<int> decks;          // default: the game's
  Variant variant = default_variant();
  std::optional<int> round;  // Crazy Rummy's contract
  std::vector<std::string> house;
  Format format = Format::text;
  Color color = Color::automatic;

  // Errors are written as JSON with --format json, else as text (CSV too).
  Format output_format() const { return format == Format::json ? Format::json : Format::text; }
};

// Options by concern; each command adds the ones that apply to it.
void add_deal_options(CLI::App& command, CommonOptions& options);   // --wild, --decks
void add_hand_argument(CLI::App& command, CommonOptions& options);  // HAND
// --tiplu and --players: a game dealt with a tiplu (Marriage).
void add_tiplu_options(CLI::App& command, CommonOptions& options);
// --variant (with_variant) and --round (with_round too: where a round's contract changes the
// answer), --house.
// `variants`: the games the command plays and its help offers (default: all); the others are
// read, for the command to refuse with its reason.
void add_rules_options(CLI::App& command, CommonOptions& options, bool with_variant,
                       bool with_round = true,
                       std::span<const Variant> variants = std::span<const Variant>(all_variants));
// --format (text, json, and csv where it applies); with --color.
void add_format_option(CLI::App& command, CommonOptions& options, bool with_csv = false);
void add_output_options(CLI::App& command, CommonOptions& options, bool with_csv = false);

// A value not among `names`: "'jsn' is not one of text or json (did you mean json?)".
std::string not_one_of(const std::string& input, const std::vector<std::string>& names);

// The values of an enum option by name, in any case, from the one list of them: CLI11 then reads
// the enum from its index. (CLI11's CheckedTransformer would also take the bare index.) `offered`,
// when given, are the names its help and completions offer (the others are read, to be refused
// with a reason by the command).
template <typename Enum>
CLI::Validator enum_names(const std::vector<std::pair<std::string, Enum>>& map,
                          std::vector<std::string> offered = {}) {
  std::vector<std::string> names;
  for (const auto& [name, value] : map) names.push_back(name);
  if (offered.empty()) offered = names;
  std::string listed;
  for (const std::string& name : offered) listed += (listed.empty() ? "" : ",") + name;
  return CLI::Validator(
      [map, offered](std::string& input) -> std::string {
        for (const auto& [name, value] : map) {
          if (CLI::detail::to_lower(input) == name) {
            input = std::to_string(static_cast<int>(value));
            return {};
          }
        }
        return not_one_of(input, offered);
      },
      "{" + listed + "}");
}

// The games whose options (game_options.hpp) include `option`, in the order listed: what a
// command that plays only those offers to --variant.
std::vector<Variant> games_offering(bool GameOptions::*option);

// A whole number from `low` to `high`, said in rummy's words when it is not.
CLI::Validator whole_number(int low, int high);

// "text, json or csv": words, for people.
std::string spoken_list(std::span<const std::string> words, std::string_view last = " or ");

// "points, pool101, pool201 or deals": the names of a list, for people.
template <typename Enum>
std::string spoken_list(std::span<const Enum> all, std::string_view (*name_of)(Enum)) {
  std::vector<std::string> names;
  for (const Enum each : all) names.emplace_back(name_of(each));
  return spoken_list(names);
}
template <typename Enum, std::size_t N>
std::string spoken_list(const std::array<Enum, N>& all, std::string_view (*name_of)(Enum)) {
  return spoken_list(std::span<const Enum>(all), name_of);
}

// The values an option names ("TEXT:{indian,basic}" → indian, basic); empty for a free value.
std::vector<std::string> option_values(const CLI::Option& option);

// An option whose values are the names of an enum's values, from the one list of them; `offered`
// (default: all) are those its help and completions name.
template <typename Enum>
CLI::Option* add_enum_option(CLI::App& command, const std::string& name, Enum& value,
                             std::span<const Enum> all, std::string_view (*name_of)(Enum),
                             const std::string& help, std::span<const Enum> offered = {}) {
  std::vector<std::pair<std::string, Enum>> map;
  for (const Enum each : all) map.emplace_back(std::string(name_of(each)), each);
  std::vector<std::string> offered_names;
  for (const Enum each : offered) offered_names.emplace_back(name_of(each));
  return command.add_option(name, value, help)
      ->transform(enum_names(map, offered_names))
      ->type_name("TEXT")
      ->default_str(std::string(name_of(value)));
}
template <typename Enum, std::size_t N>
CLI::Option* add_enum_option(CLI::App& command, const std::string& name, Enum& value,
                             const std::array<Enum, N>& all, std::string_view (*name_of)(Enum),
                             const std::string& help) {
  return add_enum_option(command, name, value, std::span<const Enum>(all), name_of, help);
}

// Terminal colour, decided once from --color, the terminal and NO_COLOR.
class Style {
 public:
  Style(const CommonOptions& options, const Environment& env);
  std::string paint(std::string_view text, std::string_view sgr) const;
  bool enabled() const { return enabled_; }

 private:
  bool enabled_ = false;
};

// An error that ends a command with exit code 2; the diagnostic, when present, locates it.
struct CommandError {
  std::string message;
  std::optional<Diagnostic> diagnostic;
};

// Reports the error on stderr (and as a JSON object on stdout with --format json).
int report_error(const CommandError& error, Format format, const Environment& env);

// The rules after --decks and every --house; a CommandError when one is unknown.
Rules rules_from(const CommonOptions& options, Game format = Game::points);

// --game (Indian rummy's formats) given to another game: a CommandError.
void refuse_game_option(bool given, const Rules& rules);

// The whole of a stream, or a CommandError naming `source` when it cannot be read (a directory,
// a closed standard input, a read error): never an abort.
std::string read_all(std::istream& in, std::string_view source);

// A file, or standard input for "-" (its source is then env.in_name, "<stdin>" in a shell).
struct Input {
  std::string text;
  std::string source;
};
Input read_input(const std::string& path, const Environment& env);

using HandSize = ReadOptions::Size;

// HAND as given: the words joined (source "<argument>"), or standard input when absent or '-'
// (source env.in_name; a prompt on a terminal saying what to type).
struct HandText {
  std::string text;
  std::string source;
};
HandText hand_text(const CommonOptions& options, const Environment& env, std::string_view what);
// After the notation refused `input`: an argument that names a file gets a CommandError saying
// how to read the file; otherwise nothing (the caller rethrows the notation's error).
void refuse_file_as_hand(const CommonOptions& options, const HandText& input);

// HAND (or standard input) read, checked and resolved, holding as many cards as `size` asks.
// Throws InputError or CommandError.
ReadHand read_hand_from(const CommonOptions& options, const Rules& rules, const Environment& env,
                        HandSize size = HandSize::any);

// The output stream failed (errno `error`): nothing more is worth computing.
struct OutputFailed {
  int error = 0;
};

// Runs `body`, turning InputError, CommandError and RulesError into a report and exit code 2.
template <typename Body>
int guarded(const CommonOptions& options, const Environment& env, Body&& body) {
  try {
    return body();
  } catch (const OutputFailed& failed) {
    if (failed.error == EPIPE) return exit_closed_pipe;
    // main reports a failed output, once, for every command: it finds the cause in errno.
    errno = failed.error;
    return exit_output_failed;
  } catch (const InputError& error) {
    return report_error({error.diagnostic().message, error.diagnostic()}, options.output_format(),
                        env);
  } catch (const CommandError& error) {
    return report_error(error, options.output_format(), env);
  } catch (const RulesError& error) {
    return report_error({error.what(), std::nullopt}, options.output_format(), env);
  }
}

// A command's result is a value with two renderings, its JSON and
// `void text(std::ostream&, const Style&) const`; emit writes the one asked for, through the one
// JSON writer. The JSON is written as it goes, `void json(JsonWriter&) const` (the hand commands,
// which the packages call hand after hand: a value built first cost twice the command's work),
// or built as a value, `Json json() const`. (batch streams records through its RecordWriter,
// settle streams its deals.)
template <typename Result>
void emit(const Result& result, const CommonOptions& options, const Environment& env) {
  if (options.format == Format::json) {
    if constexpr (requires { result.stream_json(env.out); }) {
      result.stream_json(env.out);
    } else if constexpr (requires(JsonWriter & writer) { result.json(writer); }) {
      write_json_document(env.out, [&](JsonWriter& writer) { result.json(writer); });
    } else {
      write_json(env.out, result.json());
    }
  } else {
    result.text(env.out, Style(options, env));
  }
}

// A subcommand that takes a hand and the common options only: adds them, and returns what runs
// it.
std::function<int()> hand_command(CLI::App& command, const Environment& env,
                                  int (*run)(const CommonOptions&, const Environment&),
                                  bool with_variant = true);

// Subcommands: one file each (cli_validate.cpp, cli_score.cpp, cli_rules.cpp).
struct Subcommand {
  std::string_view name;
  std::string_view description;
  // Adds the subcommand's options and returns the function that runs it after parsing.
  std::function<int()> (*setup)(CLI::App& app, const Environment& env);
  bool reads_hands = false;   // its --help explains the hand notation
  std::string_view examples;  // two or three, for its --help
  // Its exit codes in its own words, for its --help: every command returns 0, 2 (bad input or
  // usage), 3 (the output could not be written) and 141 (the reader closed the pipe); 1 only
  // where it says what 1 means.
  std::string_view exit_ok_means = "done";
  std::string_view exit_not_valid_means = {};  // empty: never returns 1
};

// A command line read (args[0] is the program name): run() runs the command it names, or gives
// the exit code reading it ended with (--help, --version, a usage error: already reported on
// `env`). run(args, env) is one of these run once; a call of the library (call.hpp) keeps one to
// run the same command with the same options on many inputs, which `env` then holds. `env` must
// outlive it.
class ParsedCommandLine {
 public:
  ParsedCommandLine(const std::vector<std::string>& args, const Environment& env);
  ~ParsedCommandLine();
  ParsedCommandLine(const ParsedCommandLine&) = delete;
  ParsedCommandLine& operator=(const ParsedCommandLine&) = delete;

  // Reading ended the command (its exit code), or nothing when run() runs it.
  std::optional<int> finished() const { return finished_; }
  int run() const;

 private:
  std::unique_ptr<CLI::App> app_;  // the options the command reads when it runs
  std::function<int()> command_;
  std::optional<int> finished_;
};

// validate, score and arrange of a game dealt with a tiplu (cli_table_hand.cpp): a player's
// cards as shown on the table and kept in hand. score takes the player's state (--state), or
// reads it from the cards.
int run_table_validate(const CommonOptions& options, const Rules& rules, const Environment& env);
int run_table_score(const CommonOptions& options, const Rules& rules, const Environment& env,
                    std::optional<MaalState> state);
int run_table_arrange(const CommonOptions& options, const Rules& rules, const Environment& env);
int run_table_outs(const CommonOptions& options, const Rules& rules, const Environment& env);
// A player's cards in a game dealt with a tiplu, as read (HAND or standard input, with the tiplu
// of --tiplu; no --tiplu: a CommandError), the players dealt in (--players, or the fewest the
// dublee route needs) and the tiplu's cards as JSON.
struct ReadCards {
  ReadTableHand read;
  Tiplu tiplu;
};
ReadCards read_cards(const CommonOptions& options, const Rules& rules, const Environment& env);
int players_of(const CommonOptions& options, const Rules& rules);
Json tiplu_json(const Tiplu& tiplu, const Rules& rules);
// A command that does not play a game dealt with a tiplu refuses it (a CommandError).
void refuse_tiplu_game(const Rules& rules, std::string_view command);

std::function<int()> setup_validate(CLI::App& app, const Environment& env);
std::function<int()> setup_completion(CLI::App& app, const Environment& env);
std::function<int()> setup_score(CLI::App& app, const Environment& env);
std::function<int()> setup_rules(CLI::App& app, const Environment& env);
std::function<int()> setup_arrange(CLI::App& app, const Environment& env);
std::function<int()> setup_outs(CLI::App& app, const Environment& env);
std::function<int()> setup_advise(CLI::App& app, const Environment& env);
std::function<int()> setup_batch(CLI::App& app, const Environment& env);
std::function<int()> setup_settle(CLI::App& app, const Environment& env);
std::function<int()> setup_deal(CLI::App& app, const Environment& env);
std::function<int()> setup_cash(CLI::App& app, const Environment& env);
std::function<int()> setup_layoff(CLI::App& app, const Environment& env);
std::function<int()> setup_toss(CLI::App& app, const Environment& env);

}  // namespace rummy::cli
