# The sources of the two libraries and the warnings they are built with, in one place: the build
# (CMakeLists.txt) and the page's build (web/CMakeLists.txt) both take them from here. Paths are
# from the repository's top.

set(rummy_warning_options -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)

# The rules of the game and the notation: no I/O (src/core/).
set(rummy_core_sources
    src/core/card.cpp
    src/core/text.cpp
    src/core/character_names.cpp
    src/core/rules.cpp
    src/core/games.cpp
    src/core/classify.cpp
    src/core/declaration.cpp
    src/core/scoring.cpp
    src/core/notation.cpp
    src/core/plain_hand.cpp
    src/core/sheet_parse.cpp
    src/core/arrange.cpp
    src/core/arrange_one_pack.cpp
    src/core/arrange_subsets.cpp
    src/core/arrange_all.cpp
    src/core/cards_away.cpp
    src/core/end_away.cpp
    src/core/advise.cpp
    src/core/batch.cpp
    src/core/money.cpp
    src/core/sheet.cpp
    src/core/knock.cpp
    src/core/describe.cpp
    src/core/gin.cpp
    src/core/tiplu.cpp
    src/core/maal.cpp
    src/core/toss.cpp
    src/core/layoff.cpp
    src/core/game_options.cpp)

# The command line, as a library: the executable, the tests and the page all run it (src/cli/).
set(rummy_cli_sources
    src/cli/cli.cpp
    src/cli/call.cpp
    src/cli/report.cpp
    src/cli/cli_validate.cpp
    src/cli/cli_table_hand.cpp
    src/cli/cli_score.cpp
    src/cli/cli_rules.cpp
    src/cli/cli_arrange.cpp
    src/cli/cli_outs.cpp
    src/cli/cli_advise.cpp
    src/cli/cli_batch.cpp
    src/cli/batch_pipeline.cpp
    src/cli/cli_settle.cpp
    src/cli/cli_sheet.cpp
    src/cli/cli_deal.cpp
    src/cli/cli_cash.cpp
    src/cli/cli_layoff.cpp
    src/cli/json_writer.cpp
    src/cli/cli_toss.cpp
    src/cli/help_format.cpp
    src/cli/cli_completion.cpp)
