# Runs one sample through the real rummy executable and compares what it prints with the
# sample's .expected file. The sample's first line is the command: "# rummy ARGS"; the whole
# file is its standard input.
#
#   cmake -D RUMMY=build/rummy -D SAMPLE=samples/indian/x.hand [-D MODE=check|show|update] -P golden.cmake
#
# check (default): fail with a diff on any difference; show: print the command and its output
# (the main job); update: rewrite the .expected file (read the diff before committing it).
if(NOT MODE)
  set(MODE check)
endif()
file(STRINGS "${SAMPLE}" first_line LIMIT_COUNT 1 ENCODING UTF-8)
if(NOT first_line MATCHES "^# rummy (.*)$")
  message(FATAL_ERROR "${SAMPLE}: the first line must be '# rummy ARGS'")
endif()
set(command_line "${CMAKE_MATCH_1}")
separate_arguments(arguments UNIX_COMMAND "${command_line}")
execute_process(COMMAND "${RUMMY}" ${arguments}
                INPUT_FILE "${SAMPLE}"
                OUTPUT_VARIABLE out
                ERROR_VARIABLE err
                RESULT_VARIABLE code)
set(actual "${out}")
if(NOT err STREQUAL "")
  string(APPEND actual "--- stderr\n${err}")
endif()
string(APPEND actual "--- exit ${code}\n")

string(REGEX REPLACE "\\.[a-z]+$" ".expected" expected_file "${SAMPLE}")
if(MODE STREQUAL "show")
  get_filename_component(name "${SAMPLE}" NAME)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E echo "\$ rummy ${command_line} < ${name}")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E echo_append "${actual}")
elseif(MODE STREQUAL "update")
  file(WRITE "${expected_file}" "${actual}")
else()
  if(NOT EXISTS "${expected_file}")
    message(FATAL_ERROR "${SAMPLE}: no ${expected_file}")
  endif()
  file(READ "${expected_file}" expected)
  if(NOT actual STREQUAL expected)
    get_filename_component(name "${SAMPLE}" NAME)
    set(actual_file "${CMAKE_CURRENT_BINARY_DIR}/${name}.actual")
    file(WRITE "${actual_file}" "${actual}")
    execute_process(COMMAND diff -u "${expected_file}" "${actual_file}")
    message(FATAL_ERROR "${SAMPLE}: the output differs from ${expected_file}")
  endif()
endif()
