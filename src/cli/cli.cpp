// The command-line driver: the subcommand table, the shared options, error reporting.
#include <algorithm>
#include <array>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "games.hpp"
#include "help_format.hpp"
#include "report.hpp"
#include "text.hpp"

namespace rummy::cli {

namespace {

const std::array<Subcommand, 13> subcommands = {{
    {"validate", "Say what each group is and whether the hand is a valid declaration",
     setup_validate, true,
     "  rummy validate \"A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ\"\n"
     "  rummy validate --format json < hand.txt\n"
     "  rummy validate --variant crazy --round 2 \"5♥-6♥-7♥-8♥ | 4♠-4♣-2♦\"",
     "a valid declaration", "the hand was read but is not a valid declaration"},
    {"score", "Say how many points a hand (or a drop) pays, and by which rule", setup_score, true,
     "  rummy score --wild 10 \"10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥\"\n"
     "  rummy score --game pool201 --drop middle\n"
     "  rummy score --variant knock \"K♣ K♠ 7♥ A♠ 2♥ 3♥ 4♥ 9♦ 9♣ 9♠\""},
    {"arrange",
     "Find the best grouping (a game that declares: of its hand, or the discard of one card more; "
     "the others: the least deadwood)",
     setup_arrange, true,
     "  rummy arrange \"as 2s 3s 4h 5h 6h 9c 9d 9s kh kd ks kc\"\n"
     "  rummy arrange --variant basic \"A♠ 2♠ 3♠ 7♦ 7♣ 7♥ K♥ Q♠ 9♣ 4♦\"\n"
     "  rummy arrange --all --limit 5 \"A♠ 2♠ 3♠ 4♦ 5♦ 6♦ 7♦ 9♣ 9♦ 9♥ 9♠ J♠ J♣ J♦\""},
    {"outs", "List the cards that, drawn next, would let a 13-card hand declare", setup_outs, true,
     "  rummy outs \"A♠-2♠-3♠ | 5♥-6♥-7♥ | 9♣-9♦-9♠ | K♥ K♦ 4♣ 8♠\""},
    {"advise",
     "Rank the discards of a hand after its draw (or taking the open card against drawing "
     "blind) by the odds of going out on the next draws",
     setup_advise, true,
     "  rummy advise --wild 7 \"A♠ 2♠ 3♠ 5♥ 6♥ 9♣ 9♦ 9♠ K♥ K♦ 4♣ 8♠ Q♦ 2♦\"\n"
     "  rummy advise --open 7♥ --seen \"4♥ 8♥\" \"A♠ 2♠ 3♠ 5♥ 6♥ 9♣ 9♦ 9♠ K♥ K♦ 4♣ 8♠ Q♦\"\n"
     "  rummy advise --variant gin --draws 4 \"A♠ 2♠ 3♠ 7♥ 7♦ 9♣ 10♣ J♦ Q♦ 5♣ K♠\""},
    {"batch", "Score every hand of one or more files, one record per hand", setup_batch, true,
     "  rummy batch hands.txt\n"
     "  rummy batch --format csv --game pool101 a.txt b.txt > scores.csv\n"
     "  rummy batch --arrange --format json < hands.txt"},
    {"settle",
     "Settle a table sheet: each deal, the standings and the money (or the scores, in a game "
     "without money)",
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
     "Say whether cards can be laid off onto a meld on the table (in the games that lay off; "
     "where the game allows, a card takes back a wild from a run)",
     setup_layoff, true,
     "  rummy layoff 8♥-9♥-10♥ 7♥\n"
     "  rummy layoff --variant crazy 5♥-6♥-7♥-8♥ \"9♥ 2♣\"\n"
     "  rummy layoff --variant crazy 5♥-JK-7♥-8♥ 6♥     (6♥ takes JK back)",
     "the cards fit", "they do not fit"},
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
  groups split by '|' or one a line (a blank line ends the hand);
  cards split by '-', spaces or nothing:
    10♥-J♥-PJ-K♥ | 5♠ 5♣ K♥(WJ) | 3♣4♣5♣
  pasted no-break spaces, dashes (– −), bars (｜), invisible marks: as meant
  ranks A 2-10 J Q K (T for 10); suits ♠ ♥ ♦ ♣ (♤ ♡ ♢ ♧ ❤) or S H D C; any case
  PJ is a printed joker (JK too in Crazy Rummy)
  (WJ) after a card marks it as of the deal's wild rank
{}  a hand without '|' or '-' is judged by its best grouping (Indian, Knock)
{})";

// The hand notation for a command's --help: the games its --variant plays and its default,
// from the option itself (none when it has no --variant).
std::string hand_notation(const CLI::App& command) {
  std::string variant_line;
  if (const CLI::Option* variant = command.get_option_no_throw("--variant")) {
    std::string names;
    for (const std::string& name : option_values(*variant)) {
      names += (names.empty() ? "" : ", ") + name;
    }
    variant_line = fmt::format("  --variant chooses the game: {} (default {})\n", names,
                               variant->get_default_str());
  }
  // A game dealt with a tiplu writes a player's cards as shown and kept, when the command takes it.
  std::string tiplu_lines;
  if (command.get_option_no_throw("--tiplu") != nullptr) {
    tiplu_lines = fmt::format(
        "  {} (--tiplu CARD): a player's cards on one line, each part optional:\n"
        "    shown K♦-K♦-K♦ (deal) | 2♣-3♣-4♣ hand 6♥-7♥-8♥ | 5♦ 6♦ 7♣ discard 10♣\n"
        "    (deal) marks a tunnela shown at the deal; a hand with spaces only is arranged\n",
        games_where([](const Rules& rules) { return rules.has_tiplu(); }));
  }
  return fmt::format(fmt::runtime(notation), variant_line, tiplu_lines);
}

// The exit codes a command returns, in its words; for rummy itself (`command` null), every
// command's.
std::string exit_codes(const Subcommand* command) {
  std::string ok = "done", not_valid;
  if (command != nullptr) {
    ok = command->exit_ok_means;
    not_valid = command->exit_not_valid_means;
  } else {
    std::string oks;
    for (const Subcommand& each : subcommands) {
      if (each.exit_not_valid_means.empty()) continue;
      oks += fmt::format("; {}: {}", each.name, each.exit_ok_means);
      not_valid += fmt::format("{}{}: {}", not_valid.empty() ? "" : "; ", each.name,
                               each.exit_not_valid_means);
    }
    ok = "done" + (oks.empty() ? "" : " (" + oks.substr(2) + ")");
  }
  std::string text = "Exit codes:\n" + fmt::format("  0    {}\n", ok);
  if (!not_valid.empty()) text += fmt::format("  1    {}\n", not_valid);
  const std::string_view name = command != nullptr ? command->name : std::string_view("batch");
  return text + fmt::format(
                    "  2    bad input or usage\n"
                    "  3    the output could not be written (a full disk)\n"
                    "  141  the reader closed the pipe (rummy {} … | head)\n",
                    name);
}

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

// "rummy cash points": a command as typed, from rummy on.
std::string command_path(const CLI::App& command) {
  const CLI::App* parent = command.get_parent();
  return parent == nullptr ? command.get_name() : command_path(*parent) + " " + command.get_name();
}

// The commands named on the command line, the innermost first, then every other one.
void commands_by_use(const CLI::App& app, std::vector<const CLI::App*>& out) {
  for (const CLI::App* sub : app.get_subcommands()) commands_by_use(*sub, out);
  out.push_back(&app);
}
void all_commands(const CLI::App& app, std::vector<const CLI::App*>& out) {
  if (std::find(out.begin(), out.end(), &app) == out.end()) out.push_back(&app);
  for (const CLI::App* sub : app.get_subcommands({})) all_commands(*sub, out);
}

// "the deal's wild rank: …" from "The deal's wild rank: …".
std::string lowered(std::string text) {
  if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z' && !(text.size() > 1 && text[1] == ' ')) {
    text[0] = static_cast<char>(text[0] - 'A' + 'a');
  }
  return text;
}

// What an option takes, for a message: its values, or its description.
std::string what_it_takes(const CLI::Option& option) {
  const std::vector<std::string> values = option_values(option);
  return values.empty() ? lowered(option.get_description()) : spoken_list(values);
}

// CLI11's own messages (they begin with the option's name) said in rummy's words.
std::string library_message(const CLI::App& app, const CLI::ParseError& error) {
  const std::string what = error.what();
  std::vector<const CLI::App*> commands;
  commands_by_use(app, commands);
  all_commands(app, commands);
  // The option the message is about, and the command that has it.
  const CLI::Option* option = nullptr;
  const CLI::App* owner = nullptr;
  std::string after;  // the message after the option's name
  for (const CLI::App* command : commands) {
    for (const CLI::Option* each : command->get_options()) {
      const std::string name = each->get_name();
      for (const std::string& prefix : {name, "Could not convert: " + name + " = "}) {
        if (option == nullptr && what.starts_with(prefix) &&
            (what.size() == prefix.size() || prefix.back() == ' ' || what[prefix.size()] == ':' ||
             what[prefix.size()] == ' ')) {
          option = each;
          owner = command;
          after = what.substr(prefix.size());
        }
      }
    }
  }
  if (option != nullptr) {
    const std::string name = option->get_name();
    const bool positional = !name.starts_with("-");
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&error) != nullptr) {
      if (after.ends_with(" missing")) {
        return fmt::format("{} needs a value: {}", name, what_it_takes(*option));
      }
      return positional ? fmt::format("'{}' takes one {}", command_path(*owner), name)
                        : fmt::format("{} is given once", name);
    }
    if (dynamic_cast<const CLI::RequiredError*>(&error) != nullptr) {
      return fmt::format("'{}' needs {}{}: {}", command_path(*owner), positional ? "its " : "",
                         name, what_it_takes(*option));
    }
    if (dynamic_cast<const CLI::ConversionError*>(&error) != nullptr) {
      if (option->get_items_expected_max() == 0) return fmt::format("{} takes no value", name);
      return fmt::format("{} {}: expected {}", name, after, what_it_takes(*option));
    }
    if (dynamic_cast<const CLI::ExcludesError*>(&error) != nullptr) {
      return fmt::format("{} cannot be given with {}", name, after.substr(after.rfind(' ') + 1));
    }
    if (dynamic_cast<const CLI::RequiresError*>(&error) != nullptr) {
      return fmt::format("{} needs {} too", name, after.substr(after.rfind(' ') + 1));
    }
  }
  if (dynamic_cast<const CLI::ExtrasError*>(&error) != nullptr) {
    const std::string listed = what.substr(what.find(':') + 2);
    return fmt::format("unexpected {} after '{}'", listed, command_path(*commands.front()));
  }
  if (dynamic_cast<const CLI::RequiredError*>(&error) != nullptr) {
    // A command that needs one of its own commands.
    std::vector<std::string> names;
    for (const CLI::App* inner : commands.front()->get_subcommands({})) {
      names.push_back(inner->get_name());
    }
    if (!names.empty()) {
      return fmt::format("'{}' needs one of its commands: {}", command_path(*commands.front()),
                         spoken_list(names));
    }
  }
  return what;
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
  return library_message(app, error);
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

std::vector<Variant> games_offering(bool GameOptions::*option) {
  std::vector<Variant> games;
  for (const Variant variant : all_variants) {
    if (options_of(Rules::for_variant(variant)).*option) games.push_back(variant);
  }
  return games;
}

std::string spoken_list(std::span<const std::string> words, std::string_view last) {
  std::string text;
  for (std::size_t i = 0; i < words.size(); ++i) {
    text += i == 0 ? "" : i + 1 == words.size() ? std::string(last) : ", ";
    text += words[i];
  }
  return text;
}

std::vector<std::string> option_values(const CLI::Option& option) {
  const std::string type = option.get_type_name();
  std::vector<std::string> values;
  const auto open = type.find('{');
  const auto close = type.find('}', open);
  if (open == std::string::npos || close == std::string::npos) return values;
  const std::string list = type.substr(open + 1, close - open - 1);
  std::size_t start = 0;
  while (start <= list.size()) {
    const auto comma = std::min(list.find(',', start), list.size());
    values.push_back(list.substr(start, comma - start));
    start = comma + 1;
  }
  return values;
}

std::string not_one_of(const std::string& input, const std::vector<std::string>& names) {
  std::string message = fmt::format("'{}' is not one of {}", input, spoken_list(names));
  if (const auto nearest = nearest_name(input, names)) {
    message += fmt::format(" (did you mean {}?)", *nearest);
  }
  return message;
}

CLI::Validator whole_number(int low, int high) {
  return CLI::Validator(
      [low, high](std::string& input) -> std::string {
        int value = 0;
        const char* end = input.data() + input.size();
        const auto [stop, error] = std::from_chars(input.data(), end, value);
        if (input.empty() || error != std::errc() || stop != end || value < low || value > high) {
          return fmt::format("'{}' is not a whole number from {} to {}", input, low, high);
        }
        return {};
      },
      fmt::format("{}-{}", low, high));
}

void add_deal_options(CLI::App& command, CommonOptions& options) {
  command.add_option("--wild", options.wild,
                     "The deal's wild rank: a rank (7), the cut card (7♦), PJ (aces are wild) "
                     "or none; default: the rank of the (WJ) marks, else none");
  command
      .add_option("--decks", options.decks,
                  "Packs in play (limits copies of each card); default: the game's")
      ->check(whole_number(1, most_packs));
}

void add_tiplu_options(CLI::App& command, CommonOptions& options) {
  command.add_option("--tiplu", options.tiplu,
                     "The card turned up as the tiplu (" + games_where([](const Rules& rules) {
                       return rules.has_tiplu();
                     }) + "): its rank, its neighbours and the printed jokers are wild");
  command
      .add_option("--players", options.players,
                  "Players dealt in (" +
                      games_where([](const Rules& rules) { return rules.has_tiplu(); }) +
                      "; seven dublees see the tiplu only with enough); default: the fewest "
                      "the dublee route needs")
      ->check(whole_number(2, 6));
}

void refuse_tiplu_game(const Rules& rules, std::string_view command) {
  if (!rules.has_tiplu()) return;
  throw CommandError{fmt::format("rummy {} does not play {} (dealt with a tiplu): validate, score, "
                                 "arrange, outs and batch do",
                                 command, rules.words.game),
                     std::nullopt};
}

void add_hand_argument(CLI::App& command, CommonOptions& options) {
  command.add_option("hand", options.hand_words,
                     "The hand, e.g. \"A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | …\"; absent or '-': read "
                     "standard input");
}

void add_rules_options(CLI::App& command, CommonOptions& options, bool with_variant,
                       bool with_round, std::span<const Variant> variants) {
  if (with_variant) {
    add_enum_option(command, "--variant", options.variant, std::span<const Variant>(all_variants),
                    variant_name, "The game: " + spoken_list(variants, variant_name), variants);
  }
  if (with_variant && with_round) {
    std::size_t most_rounds = 0;  // the games with rounds and contracts (Crazy Rummy)
    for (const Variant variant : all_variants) {
      most_rounds = std::max(most_rounds, Rules::for_variant(variant).deal.rounds.size());
    }
    const auto rounds = static_cast<int>(most_rounds);
    command
        .add_option(
            "--round", options.round,
            fmt::format("{}: the round (1-{}) whose contract the melds must meet",
                        games_where([](const Rules& rules) { return !rules.deal.rounds.empty(); }),
                        rounds))
        ->check(whole_number(1, rounds));
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
  if (with_variant) add_tiplu_options(command, *options);
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
  const GameOptions offered = options_of(rules);  // as `rummy rules --list` and the page say
  if (options.decks) {
    // A game played with its own packs only names them (decks_refusal); the others take up to
    // the most any game is played with.
    if (const auto refusal = decks_refusal(rules, *options.decks)) {
      throw CommandError{"--decks: " + *refusal, std::nullopt};
    }
    rules.deck.decks = *options.decks;
  }
  // The wild cards come from a wild rank or from a tiplu, as the game deals them.
  const std::string tiplu_games = games_where([](const Rules& r) { return r.has_tiplu(); });
  if (rules.has_tiplu() && options.wild) {
    throw CommandError{fmt::format("--wild: {} takes its wild cards from the tiplu (--tiplu CARD)",
                                   rules.words.game),
                       std::nullopt};
  }
  if (rules.has_tiplu() && options.players &&
      (*options.players < rules.match.min_players || *options.players > rules.match.max_players)) {
    throw CommandError{fmt::format("--players: {} seats {} to {} players", rules.words.game,
                                   rules.match.min_players, rules.match.max_players),
                       std::nullopt};
  }
  if (!rules.has_tiplu() && (options.tiplu || options.players)) {
    throw CommandError{
        fmt::format("{}: only {} is dealt with a tiplu; {} is not",
                    options.tiplu ? "--tiplu" : "--players", tiplu_games, rules.words.game),
        std::nullopt};
  }
  if (options.wild && !offered.wild_rank) {
    throw CommandError{fmt::format("--wild: {} has no wild rank to choose ({})",
                                   variant_description(variant), wild_cards_text(rules)),
                       std::nullopt};
  }
  if (options.round) {
    if (*options.round <= offered.rounds) rules.deal.contract = rules.round(*options.round);
    if (!rules.deal.contract) {
      const std::vector<Variant> games =
          variants_where([](const Rules& r) { return options_of(r).rounds > 0; });
      throw CommandError{fmt::format("--round is for {}'s contracts (--variant {})",
                                     spoken_games(games), spoken_variant_ids(games)),
                         std::nullopt};
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
  if (path == "-") return {read_all(env.in, env.in_name), std::string(env.in_name)};
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw CommandError{fmt::format("cannot read {}: {}", path, std::strerror(errno)), std::nullopt};
  }
  return {read_all(in, path), path};
}

void refuse_game_option(bool given, const Rules& rules) {
  if (given && !options_of(rules).formats) {
    throw CommandError{
        fmt::format("--game names a format of {} ({}); {} has none",
                    games_where([](const Rules& r) { return options_of(r).formats; }),
                    spoken_list(all_games, game_name), rules.words.game),
        std::nullopt};
  }
}

ReadHand read_hand_from(const CommonOptions& options, const Rules& rules, const Environment& env,
                        HandSize size) {
  ReadOptions read_options;
  read_options.size = size;
  if (options.wild) read_options.wild = parse_wild(*options.wild);
  const HandText input = hand_text(options, env, "the hand");
  try {
    return read_hand(input.text, input.source, rules, read_options);
  } catch (const InputError&) {
    refuse_file_as_hand(options, input);
    throw;
  }
}

HandText hand_text(const CommonOptions& options, const Environment& env, std::string_view what) {
  const bool from_stdin = options.hand_words.empty() ||
                          (options.hand_words.size() == 1 && options.hand_words[0] == "-");
  if (from_stdin) {
    if (env.in_is_terminal) env.err << "rummy: type " << what << ", then Ctrl-D\n";
    return {read_all(env.in, env.in_name), std::string(env.in_name)};
  }
  std::string text;
  for (const std::string& word : options.hand_words) {
    text += text.empty() ? "" : " ";
    text += word;
  }
  return {text, "<argument>"};
}

void refuse_file_as_hand(const CommonOptions& options, const HandText& input) {
  // A file named where the hand goes: say how to read it.
  std::error_code error;
  if (input.source == "<argument>" && options.hand_words.size() == 1 &&
      std::filesystem::is_regular_file(input.text, error)) {
    throw CommandError{fmt::format("'{}' names a file, but the argument is the hand itself: "
                                   "to read the file, give it as standard input (< {})",
                                   input.text, input.text),
                       std::nullopt};
  }
}

ParsedCommandLine::ParsedCommandLine(const std::vector<std::string>& args, const Environment& env)
    : app_(std::make_unique<CLI::App>(
          "rummy: validate and score rummy hands (" + spoken_games(all_variants) + ")", "rummy")) {
  if (const auto problem = unknown_subcommand(args)) {
    finished_ =
        report_error({*problem, std::nullopt}, wants_json(args) ? Format::json : Format::text, env);
    return;
  }
  CLI::App& app = *app_;
  app.set_version_flag("--version", std::string("rummy ") + RUMMY_VERSION);
  app.formatter(std::make_shared<HelpFormatter>(env.width));
  app.get_formatter()->label("SUBCOMMAND", "COMMAND");
  app.require_subcommand(1);
  app.fallthrough(false);

  std::vector<std::function<int()>> runners;
  for (const Subcommand& command : subcommands) {
    CLI::App* sub = app.add_subcommand(std::string(command.name), std::string(command.description));
    runners.push_back(command.setup(*sub, env));
    // Each command's help: what applies to it, examples, the exit codes it returns.
    sub->footer((command.reads_hands ? hand_notation(*sub) + "\n" : std::string()) + "Examples:\n" +
                std::string(command.examples) + "\n\n" + exit_codes(&command));
    sub->group("Commands");
    for (CLI::App* inner : sub->get_subcommands({})) {  // cash points: the command's exit codes
      inner->group("Commands");
      inner->footer(exit_codes(&command));
    }
  }
  app.footer(hand_notation(*app.get_subcommand(std::string(subcommands.front().name))) + "\n" +
             exit_codes(nullptr));
  // A command named without the command it needs (rummy, rummy cash): its usage, with the list.
  const auto usage_of = [&](const CLI::App& command) {
    const auto formatter = std::dynamic_pointer_cast<CLI::Formatter>(command.get_formatter());
    return formatter->make_usage(&command, command_path(command)) +
           formatter->make_subcommands(&command, CLI::AppFormatMode::Normal) +
           fmt::format("'{} --help' says more.\n", command_path(command));
  };
  if (args.size() == 1) {
    env.err << usage_of(app);
    finished_ = exit_bad_input;
    return;
  }

  std::vector<std::string> reversed(args.rbegin(), args.rend() - 1);  // CLI11 wants them reversed
  try {
    app.parse(reversed);
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == 0) {  // --help, --version
      app.exit(error, env.out, env.err);
      finished_ = exit_ok;
      return;
    }
    std::vector<const CLI::App*> named;
    commands_by_use(app, named);
    if (dynamic_cast<const CLI::RequiredError*>(&error) != nullptr &&
        !named.front()->get_subcommands({}).empty() && named.front()->get_subcommands().empty() &&
        args.back() == named.front()->get_name()) {
      env.err << usage_of(*named.front());
      finished_ = exit_bad_input;
      return;
    }
    const std::string message = usage_message(app, error, args);
    report_error({message, std::nullopt}, wants_json(args) ? Format::json : Format::text, env);
    env.err << "rummy: '--help' after a command lists its options\n";
    finished_ = exit_bad_input;
    return;
  }
  for (std::size_t i = 0; i < subcommands.size(); ++i) {
    if (app.got_subcommand(std::string(subcommands[i].name))) {
      command_ = std::move(runners[i]);
      return;
    }
  }
  finished_ = exit_bad_input;
}

ParsedCommandLine::~ParsedCommandLine() = default;

int ParsedCommandLine::run() const {
  return finished_ ? *finished_ : command_();
}

int run(const std::vector<std::string>& args, Environment env) {
  return ParsedCommandLine(args, env).run();
}

}  // namespace rummy::cli
