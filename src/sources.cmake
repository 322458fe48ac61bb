# The sources of the two libraries and the warnings they are built with, in one place: the build
# (CMakeLists.txt) and the page's build (web/CMakeLists.txt) both take them from here. Paths are
# from the repository's top.

set(rummy_warning_options -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)

# The rules of the game and the notation: no I/O.
set(rummy_core_sources
    src/card.cpp
    src/text.cpp
    src/character_names.cpp
    src/rules.cpp
    src/classify.cpp
    src/declaration.cpp
    src/scoring.cpp
    src/notation.cpp
    src/sheet_parse.cpp
    src/arrange.cpp
    src/arrange_one_pack.cpp
    src/arrange_subsets.cpp
    src/batch.cpp
    src/money.cpp
    src/sheet.cpp
    src/knock.cpp
    src/toss.cpp
    src/layoff.cpp)

# The command line, as a library: the executable, the tests and the page all run it.
set(rummy_cli_sources
    src/cli.cpp
    src/report.cpp
    src/cli_validate.cpp
    src/cli_score.cpp
    src/cli_rules.cpp
    src/cli_arrange.cpp
    src/cli_outs.cpp
    src/cli_batch.cpp
    src/cli_settle.cpp
    src/cli_sheet.cpp
    src/cli_deal.cpp
    src/cli_cash.cpp
    src/cli_layoff.cpp
    src/json_writer.cpp
    src/cli_toss.cpp
    src/help_format.cpp
    src/cli_completion.cpp)
