#!/usr/bin/env bash
# The completion scripts that 'rummy completion SHELL' prints: bash's is sourced and asked what
# it completes (subcommands, options, their values, house-rule names and values, files); zsh's
# and fish's are checked by their shells' own parsers, and fish is asked what it completes.
set -euo pipefail
rummy="$1"
failures=0
check() {  # check WHAT EXPECTED ACTUAL
  if [[ "$2" != "$3" ]]; then
    echo "FAIL: $1: expected [$2], got [$3]"
    failures=$((failures + 1))
  else
    echo "ok: $1"
  fi
}

# bash: complete the words as typed, the last one being completed.
source <("$rummy" completion bash)
complete_bash() {
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _rummy
  echo "${COMPREPLY[*]}"
}
check "bash: subcommands" "score settle" "$(complete_bash rummy s)"
check "bash: an option" "--variant" "$(complete_bash rummy score --vari)"
check "bash: variants" "indian basic knock crazy" "$(complete_bash rummy score --variant '')"
check "bash: games" "pool101 pool201" "$(complete_bash rummy batch --game pool)"
check "bash: formats of batch" "text json csv" "$(complete_bash rummy batch --format '')"
check "bash: house-rule names" "pure-without-second= pool-out= points-cap=" \
  "$(complete_bash rummy score --house p)"
check "bash: house-rule values" "pure-exempt" \
  "$(complete_bash rummy score --house pure-without-second = pure-)"
check "bash: house-rule values after '='" "reach exceed" \
  "$(complete_bash rummy settle --house pool-out =)"
check "bash: drops" "first middle" "$(complete_bash rummy score --drop '')"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
touch "$dir/friday.sheet"
check "bash: files for settle" "$dir/friday.sheet" "$(complete_bash rummy settle "$dir/fri")"
check "bash: no option a command lacks" "" "$(complete_bash rummy toss --var)"
check "bash: cash's own commands" "points pool deals" "$(complete_bash rummy cash '')"
check "bash: cash points' options" "--value" "$(complete_bash rummy cash points --va)"
check "bash: cash's --format" "text json" "$(complete_bash rummy cash pool --format '')"
check "bash: completion's shells" "bash zsh fish" "$(complete_bash rummy completion '')"
check "bash: colours" "auto always never" "$(complete_bash rummy toss --color '')"
check "bash: layoff's variants" "basic knock crazy" "$(complete_bash rummy layoff --variant '')"
check "bash: validate's formats" "text json" "$(complete_bash rummy validate --format '')"

if command -v zsh > /dev/null; then
  "$rummy" completion zsh > "$dir/_rummy"
  if zsh -n "$dir/_rummy"; then echo "ok: zsh parses its script"; else
    echo "FAIL: zsh -n"; failures=$((failures + 1)); fi
  # zsh runs the script for the words typed; its _arguments is replaced by one that prints the
  # specs it is given, so the values each place offers are read from them.
  zsh_specs() {  # zsh_specs WORD… (the last being completed)
    zsh -f -c 'words=("$@"); CURRENT=$#; _arguments() { print -rl -- "$@"; }
      _describe() { print -rl -- ${(P)2}; }; source "$0"' "$dir/_rummy" "$@"
  }
  check "zsh: cash's own commands" "'1:word:(points pool deals)'" \
    "$(zsh_specs rummy cash '' | grep "^1:" | sed "s/.*/'&'/")"
  check "zsh: completion's shells" "'1:word:(bash zsh fish)'" \
    "$(zsh_specs rummy completion '' | grep "^1:" | sed "s/.*/'&'/")"
  check "zsh: layoff's variants" "--variant[The game]:value:(basic knock crazy)" \
    "$(zsh_specs rummy layoff '' | grep "^--variant")"
  check "zsh: the commands" "validate:Say what each group is and whether the hand is a valid declaration" \
    "$(zsh_specs rummy '' | head -n 1)"
else
  echo "skipped: zsh is not installed"
fi
if command -v fish > /dev/null; then
  "$rummy" completion fish > "$dir/rummy.fish"
  if fish --no-execute "$dir/rummy.fish"; then echo "ok: fish parses its script"; else
    echo "FAIL: fish --no-execute"; failures=$((failures + 1)); fi
  got="$(fish -c "source $dir/rummy.fish; complete -C 'rummy score --variant '" | cut -f1 |
    sort | xargs)"
  check "fish: variants" "basic crazy indian knock" "$got"
  complete_fish() { fish -c "source $dir/rummy.fish; complete -C '$1'" | cut -f1 | sort | xargs; }
  check "fish: cash's own commands" "deals points pool" "$(complete_fish 'rummy cash ')"
  check "fish: completion's shells" "bash fish zsh" "$(complete_fish 'rummy completion ')"
  check "fish: games" "deals points pool101 pool201" "$(complete_fish 'rummy score --game ')"
  check "fish: formats of batch" "csv json text" "$(complete_fish 'rummy batch --format ')"
  check "fish: drops" "first middle" "$(complete_fish 'rummy score --drop ')"
  check "fish: layoff's variants" "basic crazy knock" "$(complete_fish 'rummy layoff --variant ')"
  check "fish: cash points' options" "--value" "$(complete_fish 'rummy cash points --va')"
else
  echo "skipped: fish is not installed"
fi
if ((failures > 0)); then
  echo "$failures completion checks failed"
  exit 1
fi
echo "all completion checks passed"
