// --help laid out for the terminal: see help_format.hpp.
#include "help_format.hpp"

#include <algorithm>
#include <vector>

#include "text.hpp"

namespace rummy::cli {

namespace {

std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ') ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

// `text` (one paragraph) in lines of at most `width` columns: the first starts at column
// `first` (already written), the others after `indent` spaces. A word longer than a line
// stands alone.
std::string fill(std::string_view text, std::size_t width, std::size_t first, std::size_t indent) {
  std::string out;
  std::size_t column = first;
  bool line_empty = true;
  for (const std::string_view word : words_of(text)) {
    const std::size_t w = display_width(word);
    if (!line_empty && column + 1 + w > width) {
      out += '\n';
      out.append(indent, ' ');
      column = indent;
      line_empty = true;
    }
    if (!line_empty) {
      out += ' ';
      ++column;
    }
    out += word;
    column += w;
    line_empty = false;
  }
  return out;
}

// Where the second column of a line starts: after its leading spaces, a first word, and a gap of
// two spaces or more; 0 when the line has no such gap.
std::size_t second_column(std::string_view line) {
  std::size_t i = line.find_first_not_of(' ');
  if (i == std::string_view::npos) return 0;
  const std::size_t gap = line.find("  ", i);
  if (gap == std::string_view::npos) return 0;
  const std::size_t next = line.find_first_not_of(' ', gap);
  if (next == std::string_view::npos) return 0;
  return display_width(line.substr(0, next));
}

}  // namespace

std::string wrap_text(std::string_view text, std::size_t width) {
  std::string out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, end - start);
    if (display_width(line) <= width) {
      out += line;
    } else {
      const std::size_t lead = std::min(line.find_first_not_of(' '), line.size());
      const std::size_t column = second_column(line);
      if (column > 0 && column <= width / 2) {
        // Two columns: the first as it is, the second filled in its place.
        const std::size_t at = line.find_first_not_of(' ', line.find("  ", lead));
        out += line.substr(0, at);
        out += fill(line.substr(at), width, column, column);
      } else {
        out.append(lead, ' ');
        out += fill(line.substr(lead), width, lead, lead + 2);
      }
    }
    if (end == text.size()) break;
    out += '\n';
    start = end + 1;
  }
  return out;
}

HelpFormatter::HelpFormatter(std::size_t width) : width_(std::max<std::size_t>(width, 40)) {
  column_width(std::min<std::size_t>(30, width_ * 3 / 8));
}

std::string HelpFormatter::two_columns(const std::string& name,
                                       const std::string& description) const {
  const std::size_t column = get_column_width();
  std::string out = "  " + name;
  std::size_t at = 2 + display_width(name);
  if (description.empty()) return out + "\n";
  if (at + 2 > column) {
    out += '\n';
    at = 0;
  }
  out.append(column - at, ' ');
  return out + fill(description, width_, column, column) + "\n";
}

std::string HelpFormatter::make_option(const CLI::Option* opt, bool is_positional) const {
  const std::string name = make_option_name(opt, is_positional);
  std::string full = name + option_opts(opt, /*with_values=*/true);
  // Too wide for the terminal: the type without its list of values (the description names them).
  if (display_width(full) + 2 > width_) full = name + option_opts(opt, /*with_values=*/false);
  return two_columns(full, make_option_desc(opt));
}

std::string HelpFormatter::make_option_opts(const CLI::Option* opt) const {
  return option_opts(opt, /*with_values=*/true);
}

std::string HelpFormatter::option_opts(const CLI::Option* opt, bool with_values) const {
  std::string out;
  if (opt->get_items_expected_max() == 0) return out;
  std::string type = opt->get_type_name();
  if (!with_values) type = type.substr(0, type.find(':'));
  if (!type.empty()) out += " " + get_label(type);
  if (!opt->get_default_str().empty()) out += "=" + opt->get_default_str();
  if (opt->get_expected_max() == CLI::detail::expected_max_vector_size) out += " ...";
  if (opt->get_required()) out += " " + get_label("REQUIRED");
  return out;
}

std::string HelpFormatter::make_option_desc(const CLI::Option* opt) const {
  std::string out = opt->get_description();
  const auto& excludes = opt->get_excludes();
  if (!excludes.empty()) {
    // The set is ordered by address: name them in alphabetical order instead.
    std::vector<std::string> others;
    for (const CLI::Option* other : excludes) others.push_back(other->get_name());
    std::sort(others.begin(), others.end());
    std::string names;
    for (const std::string& other : others) names += (names.empty() ? "" : " or ") + other;
    out += " (not with " + names + ")";
  }
  return out;
}

std::string HelpFormatter::make_usage(const CLI::App* app, std::string name) const {
  return wrap_text(CLI::Formatter::make_usage(app, std::move(name)), width_);
}

std::string HelpFormatter::make_subcommand(const CLI::App* sub) const {
  return two_columns(sub->get_display_name(true), sub->get_description());
}

std::string HelpFormatter::make_description(const CLI::App* app) const {
  const std::string description = app->get_description();
  return description.empty() ? std::string() : wrap_text(description, width_) + "\n";
}

std::string HelpFormatter::make_footer(const CLI::App* app) const {
  const std::string footer = app->get_footer();
  return footer.empty() ? std::string() : wrap_text(footer, width_) + "\n";
}

}  // namespace rummy::cli
