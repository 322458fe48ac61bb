// rummy completion bash|zsh|fish: a completion script for the shell, made from the command line
// itself (its subcommands, options and the values each option takes) and the table of house
// rules, so that a new option or value completes without anyone editing a script.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli_common.hpp"

namespace rummy::cli {

namespace {

struct OptionInfo {
  std::vector<std::string> names;   // "--variant", "-h"
  std::string description;          // the first clause, for zsh and fish
  std::vector<std::string> values;  // what it takes, when it names them
  bool takes_value = false;
};

struct CommandInfo {
  std::string name, description;
  std::vector<OptionInfo> options;  // with those of its own commands (cash points …)
  std::vector<std::string> words;   // what its first argument may be: a command, or a value
  bool takes_files = false;         // its positionals are files (batch, settle)
};

// A description's first clause, its asides in parentheses left out: "Say how many points a hand
// (or a drop) pays, and by which rule" is "Say how many points a hand pays, and by which rule".
std::string first_clause(std::string text) {
  for (auto open = text.find(" ("); open != std::string::npos; open = text.find(" (", open)) {
    const auto close = text.find(')', open);
    if (close == std::string::npos) break;
    text.erase(open, close + 1 - open);
  }
  const auto end = text.find_first_of(";(:");
  if (end != std::string::npos) text = text.substr(0, end);
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

std::vector<std::string> house_values() {
  std::vector<std::string> values;
  for (const HouseRule& rule : house_rules()) {
    if (rule.is_number()) values.push_back(fmt::format("{}=", rule.name));  // a number follows
    for (const HouseRuleValue& value : rule.values) {
      values.push_back(fmt::format("{}={}", rule.name, value.name));
    }
  }
  return values;
}

// A command's options, and the words its first argument may be.
void add_options_of(const CLI::App& app, CommandInfo& command) {
  for (const CLI::Option* opt : app.get_options()) {
    if (opt->get_positional() && opt->get_lnames().empty() && opt->get_snames().empty()) {
      if (command.words.empty()) command.words = option_values(*opt);  // completion bash|zsh|fish
      continue;
    }
    OptionInfo info;
    for (const std::string& name : opt->get_lnames()) info.names.push_back("--" + name);
    for (const std::string& name : opt->get_snames()) info.names.push_back("-" + name);
    const bool known =
        std::any_of(command.options.begin(), command.options.end(),
                    [&](const OptionInfo& other) { return other.names == info.names; });
    if (known) continue;
    info.description = first_clause(opt->get_description());
    info.takes_value = opt->get_items_expected_max() > 0;
    info.values = option_values(*opt);
    if (info.names.front() == "--house") info.values = house_values();
    command.options.push_back(info);
  }
}

std::vector<CommandInfo> commands_of(const CLI::App& root) {
  std::vector<CommandInfo> commands;
  for (const CLI::App* sub : root.get_subcommands({})) {
    CommandInfo command{sub->get_name(), first_clause(sub->get_description()), {}, {}, false};
    command.takes_files = command.name == "batch" || command.name == "settle";
    add_options_of(*sub, command);
    // Its own commands (cash points, pool, deals): their names, and their options.
    for (const CLI::App* inner : sub->get_subcommands({})) {
      command.words.push_back(inner->get_name());
      add_options_of(*inner, command);
    }
    commands.push_back(command);
  }
  return commands;
}

std::string joined(const std::vector<std::string>& words, std::string_view separator = " ") {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : std::string(separator)) + word;
  return text;
}

std::string single_quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string bash_script(const std::vector<CommandInfo>& commands) {
  std::vector<std::string> names;
  for (const CommandInfo& command : commands) names.push_back(command.name);
  std::string out = "# bash completion for rummy (made by 'rummy completion bash')\n";
  out += "_rummy() {\n";
  out += "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n";
  out += "  local command=\"\" i\n";
  // --house NAME=VALUE: bash splits the word at '=', so a value is completed after a word "="
  // (just typed, or followed by the value begun); so is any option's value after '='
  // (--variant=basic).
  out += fmt::format(R"(  for ((i = 1; i < COMP_CWORD; i++)); do
    case "${{COMP_WORDS[i]}}" in {}) command="${{COMP_WORDS[i]}}"; break ;; esac
  done
  local word="" partial=""
  if [[ $prev == "=" && ${{COMP_WORDS[COMP_CWORD-3]}} == --house ]]; then
    word="${{COMP_WORDS[COMP_CWORD-2]}}"; partial="$cur"
  elif [[ $cur == "=" && ${{COMP_WORDS[COMP_CWORD-2]}} == --house ]]; then
    word="$prev"
  fi
  if [[ -n $word ]]; then
    local value values=()
    for value in {}; do
      [[ $value == "$word="* ]] && values+=("${{value#*=}}")
    done
    COMPREPLY=($(compgen -W "${{values[*]}}" -- "$partial"))
    return
  fi
  if [[ $cur == "=" && $prev == --* ]]; then
    cur=""
  elif [[ $prev == "=" && ${{COMP_WORDS[COMP_CWORD-2]}} == --* ]]; then
    prev="${{COMP_WORDS[COMP_CWORD-2]}}"
  fi
)",
                     joined(names, "|"), joined(house_values()));
  out += "  case \"$command $prev\" in\n";
  for (const CommandInfo& command : commands) {
    for (const OptionInfo& option : command.options) {
      if (!option.takes_value) continue;
      std::vector<std::string> patterns;
      for (const std::string& name : option.names) patterns.push_back(command.name + "\\ " + name);
      if (option.values.empty()) {
        out += fmt::format("    {}) return ;;\n", joined(patterns, "|"));
        continue;
      }
      std::vector<std::string> values = option.values;
      if (option.names.front() == "--house") {
        values.clear();
        for (const HouseRule& rule : house_rules()) values.push_back(std::string(rule.name));
        out += fmt::format(
            "    {}) compopt -o nospace 2>/dev/null; COMPREPLY=($(compgen -S = -W \"{}\" -- "
            "\"$cur\")); return ;;\n",
            joined(patterns, "|"), joined(values));
        continue;
      }
      out += fmt::format("    {}) COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")); return ;;\n",
                         joined(patterns, "|"), joined(values));
    }
  }
  out += "  esac\n";
  out += "  case \"$command\" in\n";
  out += fmt::format("    \"\") COMPREPLY=($(compgen -W \"{} --help --version\" -- \"$cur\")) ;;\n",
                     joined(names));
  for (const CommandInfo& command : commands) {
    std::vector<std::string> options;
    for (const OptionInfo& option : command.options) {
      for (const std::string& name : option.names) options.push_back(name);
    }
    out += fmt::format("    {}) COMPREPLY=($(compgen -W \"{}\" -- \"$cur\"))", command.name,
                       joined(options));
    if (!command.words.empty()) {
      // Its first argument: a word of its own unless an option is begun.
      out += fmt::format("; [[ $cur == -* ]] || COMPREPLY=($(compgen -W \"{}\" -- \"$cur\"))",
                         joined(command.words));
    }
    if (command.takes_files) out += "; [[ $cur == -* ]] || COMPREPLY+=($(compgen -f -- \"$cur\"))";
    out += " ;;\n";
  }
  out += "  esac\n";
  out += "}\n";
  out += "complete -F _rummy rummy\n";
  return out;
}

// zsh: text inside '…[description]' and values.
std::string zsh_escaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '[' || c == ']' || c == ':' || c == '\\') out += '\\';
    if (c == '\'') {
      out += "'\\''";
      continue;
    }
    out += c;
  }
  return out;
}

// rummy's own options (before a command) are those of `top`; a long option that takes a value
// takes it in the next word or after '=' (--variant=basic), as the command line reads it.
std::string zsh_script(const std::vector<CommandInfo>& commands, const CommandInfo& top) {
  std::string out = "#compdef rummy\n# zsh completion for rummy (made by 'rummy completion zsh')\n";
  out += "_rummy() {\n";
  out += "  local -a commands\n";
  out += "  commands=(\n";
  for (const CommandInfo& command : commands) {
    out += fmt::format("    '{}:{}'\n", command.name, zsh_escaped(command.description));
  }
  out += "  )\n";
  out += "  local -a options\n";
  out += "  options=(\n";
  for (const OptionInfo& option : top.options) {
    for (const std::string& name : option.names) {
      out += fmt::format("    '{}:{}'\n", name, zsh_escaped(option.description));
    }
  }
  out += "  )\n";
  out += "  if (( CURRENT == 2 )); then\n";
  out +=
      "    if [[ $PREFIX == -* ]]; then _describe 'option' options; else _describe 'command' "
      "commands; fi\n";
  out += "    return\n";
  out += "  fi\n";
  out += "  local command=$words[2]\n";
  out += "  shift words; (( CURRENT-- ))\n";
  out += "  case $command in\n";
  for (const CommandInfo& command : commands) {
    out += fmt::format("    {})\n      _arguments \\\n", command.name);
    for (const OptionInfo& option : command.options) {
      std::vector<std::string> spelled;
      for (const std::string& name : option.names) {
        const bool is_long = name.rfind("--", 0) == 0;
        spelled.push_back(option.takes_value && is_long ? name + "=" : name);
      }
      const std::string names =
          spelled.size() == 1 ? spelled.front() : "{" + joined(spelled, ",") + "}";
      std::string action;
      if (option.takes_value) {
        std::vector<std::string> values;
        for (const std::string& value : option.values) values.push_back(zsh_escaped(value));
        action = ":value:(" + joined(values) + ")";
        if (option.values.empty()) action = ":value: ";
      }
      const bool repeats = option.names.front() == "--house";
      out += fmt::format("        {}{}'[{}]{}' \\\n", repeats ? "'*'" : "", names,
                         zsh_escaped(option.description), action);
    }
    if (!command.words.empty()) {
      std::vector<std::string> words;
      for (const std::string& word : command.words) words.push_back(zsh_escaped(word));
      out += fmt::format("        '1:word:({})' \\\n", joined(words));
    }
    out += fmt::format("        '*:{}:{}'\n      ;;\n", command.takes_files ? "file" : "argument",
                       command.takes_files ? "_files" : " ");
  }
  out += "  esac\n";
  out += "}\n";
  out += "_rummy \"$@\"\n";
  return out;
}

std::string fish_script(const std::vector<CommandInfo>& commands) {
  std::vector<std::string> names;
  for (const CommandInfo& command : commands) names.push_back(command.name);
  std::string out = "# fish completion for rummy (made by 'rummy completion fish')\n";
  out += "complete -c rummy -f\n";
  out += "complete -c rummy -n __fish_use_subcommand -l help -d 'Print help'\n";
  out += "complete -c rummy -n __fish_use_subcommand -l version -d 'Print the version'\n";
  for (const CommandInfo& command : commands) {
    out += fmt::format("complete -c rummy -n __fish_use_subcommand -a {} -d {}\n", command.name,
                       single_quoted(command.description));
  }
  for (const CommandInfo& command : commands) {
    const std::string when = fmt::format("'__fish_seen_subcommand_from {}'", command.name);
    if (command.takes_files) out += fmt::format("complete -c rummy -n {} -F\n", when);
    if (!command.words.empty()) {
      out += fmt::format(
          "complete -c rummy -n '__fish_seen_subcommand_from {}; and not "
          "__fish_seen_subcommand_from {}' -a {}\n",
          command.name, joined(command.words), single_quoted(joined(command.words)));
    }
    for (const OptionInfo& option : command.options) {
      out += fmt::format("complete -c rummy -n {}", when);
      for (const std::string& name : option.names) {
        out += name.rfind("--", 0) == 0 ? " -l " + name.substr(2) : " -s " + name.substr(1);
      }
      if (option.takes_value) out += option.values.empty() ? " -r" : " -x";
      if (!option.values.empty()) out += " -a " + single_quoted(joined(option.values));
      out += " -d " + single_quoted(option.description) + "\n";
    }
  }
  return out;
}

}  // namespace

std::function<int()> setup_completion(CLI::App& command, const Environment& env) {
  auto shell = std::make_shared<std::string>();
  command.add_option("shell", *shell, "The shell: bash, zsh or fish")
      ->check(CLI::IsMember({"bash", "zsh", "fish"}))
      ->required();
  return [shell, &env, &command] {
    const std::vector<CommandInfo> commands = commands_of(*command.get_parent());
    if (*shell == "bash") {
      env.out << bash_script(commands);
    } else if (*shell == "zsh") {
      CommandInfo top;
      add_options_of(*command.get_parent(), top);
      env.out << zsh_script(commands, top);
    } else {
      env.out << fish_script(commands);
    }
    return exit_ok;
  };
}

}  // namespace rummy::cli
