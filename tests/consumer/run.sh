#!/usr/bin/env bash
# Installs the build (the library's component) into a fresh prefix, builds the consumer against
# it with find_package(rummy), and runs it on a valid and an invalid hand. Optional: the compiler
# and the flags the library was built with (a sanitized library needs a sanitized program).
set -euo pipefail
build="$1"
compiler="${2:-c++}"
flags="${3:-}"
source_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" --component dev > /dev/null
cmake -S "$source_dir" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" \
  > /dev/null
cmake --build "$work/build" > /dev/null
valid="$("$work/build/consumer" "A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ")"
echo "consumer: $valid"
[[ "$valid" == "valid, a loser pays 2" ]]
status=0
invalid="$("$work/build/consumer" "A♠-2♠-4♠ | 6♣-8♣-K♥ | 4♦-5♠-7♣-9♥ | J♦-Q♥-PJ")" || status=$?
echo "consumer: $invalid (exit $status)"
[[ $status -eq 1 && "$invalid" == "not valid, a loser pays 80" ]]
# PEGTL stays private: no installed header names it.
if grep -rl "pegtl" "$work/prefix/include"; then
  echo "an installed header includes PEGTL"
  exit 1
fi
echo "find_package(rummy) and rummy::core work from an installed prefix"
