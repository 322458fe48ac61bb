// rummy: the executable. Everything but the process boundary lives in the libraries.
#include <unistd.h>

#include <cstdlib>
#include <iostream>

#include "cli.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const char* no_color = std::getenv("NO_COLOR");
  rummy::cli::Environment env{std::cin, std::cout, std::cerr, isatty(STDOUT_FILENO) == 1,
                              no_color != nullptr && *no_color != '\0'};
  const int code = rummy::cli::run(std::vector<std::string>(argv, argv + argc), env);
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "rummy: error: could not write the output\n";
    return rummy::cli::exit_bad_input;
  }
  return code;
}
