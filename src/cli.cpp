// The command-line driver: the subcommand table, the shared options, error reporting.
#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "help_format.hpp"
#include "report.hpp"

namespace rummy::cli {

namespace {

const std::array<Subcommand, 12> subcommands = {{
    {"validate", "Say what each group is and whether the hand is a valid declaration",
     setup_validate, true,
     "  rummy validate \"A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ\"\n"
     "  rummy validate --format json < hand.txt\n"
     "  rummy validate --variant crazy --round 2 \"5♥-6♥-7♥-8♥ | 4♠-4♣-2♦\""},
    {"score", "Say how many points a hand (or a drop) pays, and by which rule", setup_score, true,
     "  rummy score --wild 10 \"10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥\"\n"
     "  rummy score --game pool201 --drop middle\n"
     "  rummy score --variant knock \"K♣ K♠ 7♥ A♠ 2♥ 3♥ 4♥ 9♦ 9♣ 9♠\""},
    {"arrange",
     "Find the best grouping (Indian: of 13 cards, or the discard of 14; other games: the least "
     "deadwood)",
     setup_arrange, true,
     "  rummy arrange \"as 2s 3s 4h 5h 6h 9c 9d 9s kh kd ks kc\"\n"
     "  rummy arrange --variant basic \"A♠ 2♠ 3♠ 7♦ 7♣ 7♥ K♥ Q♠ 9♣ 4♦\""},
    {"outs", "List the cards that, drawn next, would let a 13-card hand declare", setup_outs, true,
     "  rummy outs \"A♠-2♠-3♠ | 5♥-6♥-7♥ | 9♣-9♦-9♠ | K♥ K♦ 4♣ 8♠\""},
    {"batch", "Score every hand of one or more files, one record per hand", setup_batch, true,
     "  rummy batch hands.txt\n"
     "  rummy batch --format csv --game pool101 a.txt b.txt > scores.csv\n"
     "  rummy batch --arrange --format json < hands.txt"},
    {"settle",
     "Settle a table sheet: each deal, the standings and the money (Basic, Knock, Crazy: the "
     "scores)",
     setup_settle, false,
     "  rummy settle friday.sheet\n"
     "  rummy settle --format json < friday.sheet\n"
     "  rummy settle first.sheet second.sheet     (the evening: who pays whom over both)"},
    {"deal",
     "Settle one deal from the command line: each player's line an argument, as a table sheet "
     "writes it",
     setup_deal, false,
     "  rummy deal --wild 7 --point 2 \"Asha declared A♠-2♠-3♠ | 6♣-8♣-7♥ | 4♦-4♠-4♣-4♥ | "
     "J♦-J♥-PJ\" \"Ravi 45\" \"Meena dropped first\"\n"
     "  rummy deal --variant crazy --round 2 \"Asha out\" \"Ravi showed 9♦ 9♣ 2♥\" \"Meena showed "
     "JK\"\n"
     "  rummy deal --format json < deal.txt"},
    {"cash", "Compute the money of points, pool or deals rummy on its own", setup_cash, false,
     "  rummy cash points --value 2 --losers 20,40,50 --fee 10%\n"
     "  rummy cash pool --entry 100 --players 4 --fee 15%"},
    {"layoff",
     "Say whether cards can be laid off onto a meld on the table (Basic, Knock and Crazy "
     "Rummy; in Crazy Rummy a card may take back a wild from a run)",
     setup_layoff, true,
     "  rummy layoff 8♥-9♥-10♥ 7♥\n"
     "  rummy layoff --variant crazy 5♥-6♥-7♥-8♥ \"9♥ 2♣\"\n"
     "  rummy layoff --variant crazy 5♥-JK-7♥-8♥ 6♥     (6♥ takes JK back)"},
    {"rules", "List the house rules with their defaults, alternatives and sources", setup_rules,
     false,
     "  rummy rules\n"
     "  rummy rules --house pure-without-second=all --format json"},
    {"toss", "Order the seats from the toss: one open card each, the highest plays first",
     setup_toss, false, "  rummy toss Asha=7♥ Ravi=PJ Meena=7♠ Tom=K♦"},
    {"completion", "Print a completion script for bash, zsh or fish", setup_completion, false,
     "  source <(rummy completion bash)\n"
     "  rummy completion fish > ~/.config/fish/completions/rummy.fish"},
}};

constexpr std::string_view notation =
    R"(Hand notation (one argument, or standard input when absent or '-'):
  groups split by '|', cards by '-', spaces or nothing:
    10♥-J♥-PJ-K♥ | 5♠ 5♣ K♥(WJ) | 3♣4♣5♣
  ranks A 2-10 J Q K (T for 10); suits ♠ ♥ ♦ ♣ (♤ ♡ ♢ ♧ ❤) or S H D C; any case
  PJ is a printed joker (JK too in Crazy Rummy)
  (WJ) after a card marks it as of the deal's wild rank
  --variant {} chooses the game (default {})
  a hand without '|' or '-' is judged by its best grouping (Indian, Knock)
)";

constexpr std::string_view exit_codes =
    R"(Exit codes:
  0    done (validate: a valid declaration; layoff: the cards fit)
  1    validate: not a valid declaration (layoff: they do not fit)
  2    bad input or usage
  3    the output could not be written (a full disk)
  141  the reader closed the pipe (rummy batch f | head)
)";

// Whether the command line asks for JSON (--format json or --format=json, anywhere).
bool wants_json(const std::vector<std::string>& args) {
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--format=json" ||
        (args[i] == "--format" && i + 1 < args.size() && args[i + 1] == "json")) {
      return true;
    }
  }
  return false;
}

// A usage error in rummy's words: an unknown option with the nearest one, an option written
// before its command, a word after a command that takes none; else CLI11's own message.
std::string usage_message(const CLI::App& app, const CLI::ParseError& error,
                          const std::vector<std::string>& args) {
  // The command named, and the one inside it (cash points), as the user wrote them.
  const CLI::App* command = nullptr;
  std::size_t command_at = 0;
  for (std::size_t i = 1; i < args.size() && command == nullptr; ++i) {
    for (const CLI::App* sub : app.get_subcommands({})) {
      if (sub->get_name() == args[i]) {
        command = sub;
        command_at = i;
      }
    }
  }
  const auto options_of = [](const CLI::App* of) {
    std::vector<std::string> names;
    for (const CLI::Option* option : of->get_options()) {
      for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    }
    return names;
  };
  if (command != nullptr) {
    // An option of the command written before it.
    const std::vector<std::string> command_options = options_of(command);
    for (std::size_t i = 1; i < command_at; ++i) {
      const std::string option = args[i].substr(0, args[i].find('='));
      if (std::find(command_options.begin(), command_options.end(), option) !=
          command_options.end()) {
        std::string written = args[i];
        if (written.find('=') == std::string::npos && i + 1 < command_at) {
          written += " " + args[i + 1];
        }
        return fmt::format("{} belongs after the command: rummy {} {} …", option,
                           command->get_name(), written);
      }
    }
    // A word inside a command that has commands of its own (cash points).
    if (!command->get_subcommands({}).empty() && command_at + 1 < args.size() &&
        args[command_at + 1].front() != '-') {
      std::vector<std::string> names;
      bool known = false;
      for (const CLI::App* inner : command->get_subcommands({})) {
        names.push_back(inner->get_name());
        known = known || inner->get_name() == args[command_at + 1];
      }
      if (!known) {
        std::string message = fmt::format("unknown word '{}' after 'rummy {}'",
                                          args[command_at + 1], command->get_name());
        if (const auto nearest = nearest_name(args[command_at + 1], names)) {
          message += fmt::format(" (did you mean '{}'?)", *nearest);
        }
        return message;
      }
    }
    // An option the command does not know.
    std::vector<std::string> known = command_options;
    for (const CLI::App* inner : command->get_subcommands({})) {
      for (const std::string& name : options_of(inner)) known.push_back(name);
    }
    for (std::size_t i = command_at + 1; i < args.size(); ++i) {
      if (!args[i].starts_with("--")) continue;
      const std::string option = args[i].substr(0, args[i].find('='));
      if (std::find(known.begin(), known.end(), option) != known.end()) continue;
      std::string message = fmt::format("'rummy {}' has no option {}", command->get_name(), option);
      if (const auto nearest = nearest_name(option, known)) {
        message += fmt::format(" (did you mean {}?)", *nearest);
      }
      return message;
    }
  }
  return error.what();
}

// A first word that is no subcommand: say so, with the nearest name.
std::optional<std::string> unknown_subcommand(const std::vector<std::string>& args) {
  if (args.size() < 2 || args[1].empty() || args[1].front() == '-') return std::nullopt;
  std::string_view nearest;
  std::size_t best = 3;  // farther than this is no suggestion
  for (const Subcommand& command : subcommands) {
    if (command.name == args[1]) return std::nullopt;
    const std::size_t d = distance(args[1], command.name);
    if (d < best) {
      best = d;
      nearest = command.name;
    }
  }
  std::string message = fmt::format("unknown command '{}'", args[1]);
  if (!nearest.empty()) message += fmt::format(" (did you mean '{}'?)", nearest);
  return message + "; 'rummy --help' lists the commands";
}

}  // namespace

std::string_view format_name(Format format) {
  constexpr std::array<std::string_view, all_formats.size()> names = {"text", "json", "csv"};
  return names[static_cast<int>(format)];
}

std::string_view color_name(Color color) {
  constexpr std::array<std::string_view, all_colors.size()> names = {"auto", "always", "never"};
  return names[static_cast<int>(color)];
}

void add_deal_options(CLI::App& command, CommonOptions& options) {
  command.add_option("--wild", options.wild,
                     "The deal's wild rank: a rank (7), the cut card (7♦), PJ (aces are wild) "
                     "or none; default: the rank of the (WJ) marks, else none");
  command
      .add_option("--decks", options.decks,
                  "Packs in play (limits copies of each card); default: the game's")
      ->check(CLI::Range(1, 8));
}

void add_hand_argument(CLI::App& command, CommonOptions& options) {
  command.add_option("hand", options.hand_words,
                     "The hand, e.g. \"A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | …\"; absent or '-': read "
                     "standard input");
}

void add_rules_options(CLI::App& command, CommonOptions& options, bool with_variant,
                       bool with_round) {
  if (with_variant) {
    add_enum_option(command, "--variant", options.variant, all_variants, variant_name,
                    "The game: " + spoken_list(all_variants, variant_name));
  }
  if (with_variant && with_round) {
    std::size_t most_rounds = 0;  // the games with rounds and contracts (Crazy Rummy)
    for (const Variant variant : all_variants) {
      most_rounds = std::max(most_rounds, Rules::for_variant(variant).rounds.size());
    }
    const auto rounds = static_cast<int>(most_rounds);
    command
        .add_option(
            "--round", options.round,
            fmt::format("Crazy Rummy: the round (1-{}) whose contract the melds must meet", rounds))
        ->check(CLI::Range(1, rounds));
  }
  command
      .add_option("--house", options.house,
                  "Set a house rule, NAME=VALUE (repeatable); 'rummy rules' lists them")
      ->allow_extra_args(false);
}

void add_format_option(CLI::App& command, CommonOptions& options, bool with_csv) {
  const std::span<const Format> formats(all_formats.data(), with_csv ? 3 : 2);
  std::vector<std::pair<std::string, Format>> map;
  for (const Format format : formats) map.emplace_back(std::string(format_name(format)), format);
  command.add_option("--format", options.format, "Output format")
      ->transform(enum_names(map))
      ->type_name("TEXT")
      ->default_str(std::string(format_name(options.format)));
}

void add_output_options(CLI::App& command, CommonOptions& options, bool with_csv) {
  add_format_option(command, options, with_csv);
  add_enum_option(command, "--color", options.color, all_colors, color_name,
                  "Colour the text output");
}

std::function<int()> hand_command(CLI::App& command, const Environment& env,
                                  int (*run)(const CommonOptions&, const Environment&),
                                  bool with_variant) {
  auto options = std::make_shared<CommonOptions>();
  add_deal_options(command, *options);
  add_rules_options(command, *options, with_variant);
  add_output_options(command, *options);
  add_hand_argument(command, *options);
  return [options, &env, run] { return run(*options, env); };
}

Style::Style(const CommonOptions& options, const Environment& env) {
  enabled_ = options.color == Color::always ||
             (options.color == Color::automatic && env.out_is_terminal && !env.no_color);
}

std::string Style::paint(std::string_view text, std::string_view sgr) const {
  if (!enabled_) return std::string(text);
  return fmt::format("\x1b[{}m{}\x1b[0m", sgr, text);
}

int report_error(const CommandError& error, Format format, const Environment& env) {
  if (error.diagnostic) {
    env.err << format_diagnostic(*error.diagnostic);
  } else {
    env.err << "rummy: error: " << error.message << "\n";
  }
  if (format == Format::json) {
    Json body = {{"message", error.message}};
    if (error.diagnostic) {
      body["source"] = error.diagnostic->source;
      body["line"] = error.diagnostic->where.line;
      body["column"] = error.diagnostic->where.column;
      body["text"] = error.diagnostic->where.line_text;
    }
    write_json(env.out, Json{{"error", body}});
  }
  return exit_bad_input;
}

Rules rules_from(const CommonOptions& options, Game format) {
  const Variant variant = options.variant;
  Rules rules = Rules::for_variant(variant, format);
  if (options.decks) {
    if (const auto refusal = decks_refusal(rules, *options.decks)) {
      throw CommandError{"--decks: " + *refusal, std::nullopt};
    }
    rules.decks = *options.decks;
  }
  if (options.wild && !rules.deal_has_wild_rank) {
    throw CommandError{fmt::format("--wild: {} has no wild rank to choose ({})",
                                   variant_description(variant), wild_cards_text(rules)),
                       std::nullopt};
  }
  if (options.round) {
    rules.contract = rules.round(*options.round);
    if (!rules.contract) {
      throw CommandError{"--round is for Crazy Rummy's contracts (--variant crazy)", std::nullopt};
    }
  }
  for (const std::string& assignment : options.house) {
    if (const auto problem = apply_house_rule(rules, assignment)) {
      throw CommandError{"--house " + assignment + ": " + *problem, std::nullopt};
    }
  }
  if (const auto conflict = house_rules_conflict(rules)) {
    throw CommandError{"--house: " + *conflict, std::nullopt};
  }
  return rules;
}

std::string read_all(std::istream& in, std::string_view source) {
  std::string text;
  std::array<char, 1 << 16> chunk;
  try {
    while (in.read(chunk.data(), chunk.size()) || in.gcount() > 0) {
      text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    }
  } catch (const std::ios_base::failure&) {
    in.setstate(std::ios::badbit);
  }
  if (in.bad()) {
    throw CommandError{fmt::format("cannot read {}: {}", source,
                                   errno != 0 ? std::strerror(errno) : "a read error"),
                       std::nullopt};
  }
  return text;
}

Input read_input(const std::string& path, const Environment& env) {
  if (path == "-") return {read_all(env.in, "<stdin>"), "<stdin>"};
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw CommandError{fmt::format("cannot read {}: {}", path, std::strerror(errno)), std::nullopt};
  }
  return {read_all(in, path), path};
}

void refuse_game_option(bool given, const Rules& rules) {
  if (given && !rules.has_formats) {
    throw CommandError{
        fmt::format("--game names a format of Indian rummy ({}); {} has none",
                    spoken_list(all_games, game_name), variant_description(rules.variant)),
        std::nullopt};
  }
}

ReadHand read_hand_from(const CommonOptions& options, const Rules& rules, const Environment& env,
                        HandSize size) {
  ReadOptions read_options;
  read_options.size = size;
  if (options.wild) read_options.wild = parse_wild(*options.wild);
  const bool from_stdin = options.hand_words.empty() ||
                          (options.hand_words.size() == 1 && options.hand_words[0] == "-");
  if (from_stdin) {
    if (env.in_is_terminal) env.err << "rummy: type the hand, then Ctrl-D\n";
    const std::string text = read_all(env.in, "<stdin>");
    return read_hand(text, "<stdin>", rules, read_options);
  }
  std::string text;
  for (const std::string& word : options.hand_words) {
    text += text.empty() ? "" : " ";
    text += word;
  }
  try {
    return read_hand(text, "<argument>", rules, read_options);
  } catch (const InputError&) {
    // A file named where the hand goes: say how to read it.
    std::error_code error;
    if (options.hand_words.size() == 1 && std::filesystem::is_regular_file(text, error)) {
      throw CommandError{fmt::format("'{}' names a file, but the argument is the hand itself: "
                                     "to read the file, give it as standard input (< {})",
                                     text, text),
                         std::nullopt};
    }
    throw;
  }
}

int run(const std::vector<std::string>& args, Environment env) {
  if (const auto problem = unknown_subcommand(args)) {
    return report_error({*problem, std::nullopt}, wants_json(args) ? Format::json : Format::text,
                        env);
  }
  CLI::App app{
      "rummy: validate and score rummy hands (Indian 13-card, Basic, Knock and Crazy rummy)",
      "rummy"};
  app.set_version_flag("--version", std::string("rummy ") + RUMMY_VERSION);
  app.formatter(std::make_shared<HelpFormatter>(env.width));
  std::string variants;
  for (const Variant variant : all_variants) {
    variants += (variants.empty() ? "" : "|") + std::string(variant_name(variant));
  }
  const std::string hand_notation =
      fmt::format(fmt::runtime(notation), variants, variant_name(all_variants.front()));
  app.footer(hand_notation + "\n" + std::string(exit_codes));
  app.require_subcommand(1);
  app.fallthrough(false);

  std::vector<std::function<int()>> runners;
  for (const Subcommand& command : subcommands) {
    CLI::App* sub = app.add_subcommand(std::string(command.name), std::string(command.description));
    runners.push_back(command.setup(*sub, env));
    // Each command's help: what applies to it, examples, the exit codes.
    sub->footer((command.reads_hands ? hand_notation + "\n" : std::string()) + "Examples:\n" +
                std::string(command.examples) + "\n\n" + std::string(exit_codes));
  }

  std::vector<std::string> reversed(args.rbegin(), args.rend() - 1);  // CLI11 wants them reversed
  try {
    app.parse(reversed);
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == 0) {  // --help, --version
      app.exit(error, env.out, env.err);
      return exit_ok;
    }
    const std::string message = usage_message(app, error, args);
    report_error({message, std::nullopt}, wants_json(args) ? Format::json : Format::text, env);
    env.err << "rummy: '--help' after a command lists its options\n";
    return exit_bad_input;
  }
  for (std::size_t i = 0; i < subcommands.size(); ++i) {
    if (app.got_subcommand(std::string(subcommands[i].name))) return runners[i]();
  }
  return exit_bad_input;
}

}  // namespace rummy::cli
