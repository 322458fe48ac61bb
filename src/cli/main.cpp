// rummy: the executable. Everything but the process boundary lives in the libraries.
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

#include "cli.hpp"

namespace {

// The terminal's width for --help: the window's, else $COLUMNS, else 80.
std::size_t terminal_width() {
  winsize size{};
  if (isatty(STDOUT_FILENO) == 1 && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 &&
      size.ws_col > 0) {
    return size.ws_col;
  }
  if (const char* columns = std::getenv("COLUMNS")) {
    char* end = nullptr;
    const long value = std::strtol(columns, &end, 10);
    if (end != columns && *end == '\0' && value > 0 && value < 1000) {
      return static_cast<std::size_t>(value);
    }
  }
  return 80;
}

}  // namespace

int main(int argc, char** argv) {
  // A closed pipe is seen as EPIPE and ends the run quietly with 141, whatever the parent did
  // with the signal.
  std::signal(SIGPIPE, SIG_IGN);
  std::ios::sync_with_stdio(false);
  const char* no_color = std::getenv("NO_COLOR");
  rummy::cli::Environment env{std::cin,
                              std::cout,
                              std::cerr,
                              isatty(STDOUT_FILENO) == 1,
                              no_color != nullptr && *no_color != '\0',
                              isatty(STDIN_FILENO) == 1,
                              terminal_width(),
                              isatty(STDERR_FILENO) == 1};
  const int code = rummy::cli::run(std::vector<std::string>(argv, argv + argc), env);
  // A write that failed earlier left its errno; else the last flush tells.
  int error = errno;
  if (std::cout) {
    errno = 0;
    std::cout.flush();
    error = errno;
  }
  if (!std::cout && error == EPIPE) return rummy::cli::exit_closed_pipe;
  if (!std::cout) {
    std::cerr << "rummy: error: could not write the output"
              << (error != 0 ? std::string(": ") + std::strerror(error) : std::string()) << "\n";
    return rummy::cli::exit_output_failed;
  }
  return code;
}
