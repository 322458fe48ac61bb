// What the subcommands share: the options every hand-reading command takes, reading the hand,
// reporting errors in the one diagnostic format (and as JSON), colour. Private to src/.
#pragma once

#include <cerrno>
#include <cstring>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli.hpp"
#include "notation.hpp"
#include "rules.hpp"

namespace rummy::cli {

enum class Format { text, json };

struct CommonOptions {
  std::vector<std::string> hand_words;  // HAND, possibly split by the shell
  std::optional<std::string> wild;
  std::optional<int> decks;  // default: the game's
  std::string variant = "indian";
  std::optional<int> round;  // Crazy Rummy's contract
  std::vector<std::string> house;
  std::string format = "text";
  std::string color = "auto";

  Format output_format() const { return format == "json" ? Format::json : Format::text; }
};

// --wild, --decks, --house, --format, --color and HAND.
void add_common_options(CLI::App& command, CommonOptions& options, bool takes_hand = true,
                        bool with_csv = false, bool with_variant = false);

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
Rules rules_from(const CommonOptions& options);

using HandSize = ReadOptions::Size;

// HAND (or standard input) read, checked and resolved, holding as many cards as `size` asks.
// Throws InputError or CommandError.
ReadHand read_hand_from(const CommonOptions& options, const Rules& rules, const Environment& env,
                        HandSize size = HandSize::any);

// The output stream failed (errno `error`): nothing more is worth computing.
struct OutputFailed {
  int error = 0;
};

// Runs `body`, turning InputError and CommandError into a report and exit code 2.
template <typename Body>
int guarded(const CommonOptions& options, const Environment& env, Body&& body) {
  try {
    return body();
  } catch (const OutputFailed& failed) {
    if (failed.error == EPIPE) return exit_closed_pipe;
    env.err << "rummy: error: could not write the output: " << std::strerror(failed.error) << "\n";
    return exit_output_failed;
  } catch (const InputError& error) {
    return report_error({error.diagnostic().message, error.diagnostic()}, options.output_format(),
                        env);
  } catch (const CommandError& error) {
    return report_error(error, options.output_format(), env);
  }
}

// A subcommand that takes the common options only: adds them, and returns what runs it.
std::function<int()> common_command(CLI::App& command, const Environment& env,
                                    int (*run)(const CommonOptions&, const Environment&),
                                    bool takes_hand = true, bool with_variant = false);

// Subcommands: one file each (cli_validate.cpp, cli_score.cpp, cli_rules.cpp).
struct Subcommand {
  std::string_view name;
  std::string_view description;
  // Adds the subcommand's options and returns the function that runs it after parsing.
  std::function<int()> (*setup)(CLI::App& app, const Environment& env);
};

std::function<int()> setup_validate(CLI::App& app, const Environment& env);
std::function<int()> setup_score(CLI::App& app, const Environment& env);
std::function<int()> setup_rules(CLI::App& app, const Environment& env);
std::function<int()> setup_arrange(CLI::App& app, const Environment& env);
std::function<int()> setup_outs(CLI::App& app, const Environment& env);
std::function<int()> setup_batch(CLI::App& app, const Environment& env);
std::function<int()> setup_settle(CLI::App& app, const Environment& env);
std::function<int()> setup_cash(CLI::App& app, const Environment& env);
std::function<int()> setup_layoff(CLI::App& app, const Environment& env);

}  // namespace rummy::cli
