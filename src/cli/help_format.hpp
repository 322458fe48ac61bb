// The layout of --help: CLI11's sections, wrapped to the terminal's width, with what an option
// excludes said in words after its description (not in the column of names).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace rummy::cli {

// Every line of `text` no wider than `width` columns where its words allow: a long line breaks
// between words, its continuation indented two more than the line (or, for a line laid out in
// two columns, to its second column).
std::string wrap_text(std::string_view text, std::size_t width);

class HelpFormatter : public CLI::Formatter {
 public:
  explicit HelpFormatter(std::size_t width);

  std::string make_option(const CLI::Option* opt, bool is_positional) const override;
  std::string make_option_opts(const CLI::Option* opt) const override;
  std::string make_option_desc(const CLI::Option* opt) const override;
  std::string make_subcommand(const CLI::App* sub) const override;
  std::string make_usage(const CLI::App* app, std::string name) const override;
  std::string make_description(const CLI::App* app) const override;
  std::string make_footer(const CLI::App* app) const override;

 private:
  // "  name   description", the description wrapped in its column.
  std::string two_columns(const std::string& name, const std::string& description) const;
  // " TYPE=DEFAULT", the type with its list of values ("TEXT:{a,b}") or without it ("TEXT").
  std::string option_opts(const CLI::Option* opt, bool with_values) const;
  std::size_t width_;
};

}  // namespace rummy::cli
