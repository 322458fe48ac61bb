#!/usr/bin/env bash
# The completion scripts that 'rummy completion SHELL' prints: bash's is sourced and asked what
# it completes (subcommands, options, their values, house-rule names and values, files); zsh is
# driven in a pseudo-terminal and its completion system asked the same; zsh's and fish's scripts
# are checked by their shells' own parsers, and fish is asked what it completes.
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
check "bash: variants" "indian basic knock crazy gin marriage" "$(complete_bash rummy score --variant '')"
check "bash: games" "pool101 pool201" "$(complete_bash rummy batch --game pool)"
check "bash: formats of batch" "text json csv" "$(complete_bash rummy batch --format '')"
check "bash: house-rule names" "pure-without-second= pool-out= points-cap= preset= printed-jokers=" \
  "$(complete_bash rummy score --house p)"
check "bash: house-rule values" "pure-exempt" \
  "$(complete_bash rummy score --house pure-without-second = pure-)"
check "bash: house-rule values after '='" "reach exceed" \
  "$(complete_bash rummy settle --house pool-out =)"
check "bash: drops" "first middle" "$(complete_bash rummy score --drop '')"
check "bash: a value after '='" "indian basic knock crazy gin marriage" "$(complete_bash rummy score --variant =)"
check "bash: a value begun after '='" "basic" "$(complete_bash rummy score --variant = b)"
check "bash: deal's games" "points pool101 pool201 deals" "$(complete_bash rummy deal --game '')"
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
check "bash: layoff's variants" "basic knock crazy gin" "$(complete_bash rummy layoff --variant '')"
check "bash: validate's formats" "text json" "$(complete_bash rummy validate --format '')"
check "bash: arrange's --all" "--all" "$(complete_bash rummy arrange --a)"
check "bash: arrange's --limit" "--limit" "$(complete_bash rummy arrange --li)"
check "bash: the advise command" "advise" "$(complete_bash rummy adv)"
check "bash: advise's --open" "--open" "$(complete_bash rummy advise --o)"
check "bash: advise's --seen and --seed" "--seen --seed" "$(complete_bash rummy advise --se)"
check "bash: advise's --draws" "--draws" "$(complete_bash rummy advise --dr)"
check "bash: advise's --samples" "--samples" "$(complete_bash rummy advise --sa)"
check "bash: advise's formats" "text json" "$(complete_bash rummy advise --format '')"

if command -v zsh > /dev/null && zsh -fc "zmodload zsh/zpty" 2> /dev/null; then
  "$rummy" completion zsh > "$dir/_rummy"
  if zsh -n "$dir/_rummy"; then echo "ok: zsh parses its script"; else
    echo "FAIL: zsh -n"; failures=$((failures + 1)); fi
  # zsh's own completion system, driven in a pseudo-terminal (zsh/zpty): an interactive 'zsh -f'
  # with no dotfiles (HOME and ZDOTDIR are the temporary directory) runs compinit, finds _rummy
  # on its fpath, and for each line typed gets TAB. compadd is wrapped to print each match it is
  # asked to add (after zsh's own filtering by what is typed) between markers; the driver prints
  # one line per typed line: its matches, sorted, unique, space-separated.
  cat > "$dir/drive.zsh" << 'DRIVE'
zmodload zsh/zpty
dir=$1; shift
zpty z env -i HOME=$dir ZDOTDIR=$dir TERM=dumb PATH=$PATH zsh -f -i
zpty -w z "PS1=''; PS2=''; RPS1=''; bindkey -e; unsetopt autolist listambiguous
fpath=($dir \$fpath); autoload -Uz compinit && compinit -u -D
compadd() {
  if (( \${@[(I)-[OAD]*]} )); then builtin compadd \"\$@\"; return; fi
  local -a hits; builtin compadd -O hits \"\$@\"; print -rl -- '' \${hits/#/'<m>'}
  builtin compadd \"\$@\"
}
capture() { print -r -- '<begin>'; zle complete-word; print -r -- '<end>'; }
zle -N capture; bindkey '^I' capture; print -r -- '<ready>'"
zpty -r z out '*<ready>*' || exit 2
for line; do
  zpty -w -n z "$line"$'\t'
  zpty -r z out '*<end>*' || exit 2
  out=${out//$'\r'/}; local -a hits=(${(f)out}); hits=(${(M)hits:#<m>*}); hits=(${(ou)hits#<m>})
  print -r -- "${(j: :)hits}"
  zpty -w -n z $'\C-u'
done
zpty -d z
DRIVE
  touch "$dir/friday.sheet"
  zsh_lines=(
    'rummy ' 'rummy s' 'rummy score --vari' 'rummy score --variant ' 'rummy batch --game pool'
    'rummy batch --format ' 'rummy score --house p' 'rummy score --house pool-out='
    'rummy score --drop ' "rummy settle $dir/fri" 'rummy toss --var' 'rummy cash '
    'rummy cash points --va' 'rummy cash pool --format ' 'rummy completion ' 'rummy toss --color '
    'rummy layoff --variant ' 'rummy validate --format ' 'rummy deal --game ' 'rummy deal --f'
    'rummy --' 'rummy score --variant=' 'rummy deal --house=drops-in-deals='
    'rummy advise --o' 'rummy advise --se' 'rummy advise --dr'
  )
  zsh_got=()
  while IFS= read -r got; do zsh_got+=("$got"); done < <(
    timeout 20 zsh -f "$dir/drive.zsh" "$dir" "${zsh_lines[@]}" || echo "(zsh timed out or failed)")
  zsh_check() {  # zsh_check WHAT INDEX EXPECTED
    check "zsh: $1" "$3" "${zsh_got[$2]-(nothing)}"
  }
  zsh_check "the commands" 0 "advise arrange batch cash completion deal layoff outs rules score settle toss validate"
  zsh_check "subcommands" 1 "score settle"
  zsh_check "an option" 2 "--variant"
  zsh_check "variants" 3 "basic crazy gin indian knock marriage"
  zsh_check "games" 4 "pool101 pool201"
  zsh_check "formats of batch" 5 "csv json text"
  zsh_check "house-rule names" 6 \
    "points-cap= pool-out=exceed pool-out=reach preset=classic preset=modern printed-jokers=off printed-jokers=on pure-without-second=all pure-without-second=pure-exempt pure-without-second=ungrouped"
  zsh_check "house-rule values" 7 "pool-out=exceed pool-out=reach"
  zsh_check "drops" 8 "first middle"
  zsh_check "files for settle" 9 "friday.sheet"
  zsh_check "no option a command lacks" 10 ""
  zsh_check "cash's own commands" 11 "deals points pool"
  zsh_check "cash points' options" 12 "--value"
  zsh_check "cash's --format" 13 "json text"
  zsh_check "completion's shells" 14 "bash fish zsh"
  zsh_check "colours" 15 "always auto never"
  zsh_check "layoff's variants" 16 "basic crazy gin knock"
  zsh_check "validate's formats" 17 "json text"
  zsh_check "deal's games" 18 "deals points pool101 pool201"
  zsh_check "deal's options" 19 "--fee --format"
  zsh_check "rummy's own options" 20 "--help --version"
  zsh_check "a value after '='" 21 "basic crazy gin indian knock marriage"
  zsh_check "a house rule after '='" 22 "drops-in-deals=off drops-in-deals=on"
  zsh_check "advise's --open" 23 "--open"
  zsh_check "advise's --seen and --seed" 24 "--seed --seen"
  zsh_check "advise's --draws" 25 "--draws"
else
  echo "skipped: zsh (with its zsh/zpty module) is not installed"
fi
if command -v fish > /dev/null; then
  "$rummy" completion fish > "$dir/rummy.fish"
  if fish --no-execute "$dir/rummy.fish"; then echo "ok: fish parses its script"; else
    echo "FAIL: fish --no-execute"; failures=$((failures + 1)); fi
  got="$(fish -c "source $dir/rummy.fish; complete -C 'rummy score --variant '" | cut -f1 |
    sort | xargs)"
  check "fish: variants" "basic crazy gin indian knock marriage" "$got"
  complete_fish() { fish -c "source $dir/rummy.fish; complete -C '$1'" | cut -f1 | sort | xargs; }
  check "fish: cash's own commands" "deals points pool" "$(complete_fish 'rummy cash ')"
  check "fish: completion's shells" "bash fish zsh" "$(complete_fish 'rummy completion ')"
  check "fish: games" "deals points pool101 pool201" "$(complete_fish 'rummy score --game ')"
  check "fish: formats of batch" "csv json text" "$(complete_fish 'rummy batch --format ')"
  check "fish: drops" "first middle" "$(complete_fish 'rummy score --drop ')"
  check "fish: layoff's variants" "basic crazy gin knock" "$(complete_fish 'rummy layoff --variant ')"
  check "fish: cash points' options" "--value" "$(complete_fish 'rummy cash points --va')"
  check "fish: deal's games" "deals points pool101 pool201" "$(complete_fish 'rummy deal --game ')"
  check "fish: advise's --open" "--open" "$(complete_fish 'rummy advise --o')"
  check "fish: advise's --seen and --seed" "--seed --seen" "$(complete_fish 'rummy advise --se')"
  check "fish: advise's --draws" "--draws" "$(complete_fish 'rummy advise --dr')"
  check "fish: a command's description, its aside left out" \
    $'score\tSay how many points a hand pays, and by which rule' \
    "$(fish -c "source $dir/rummy.fish; complete -C 'rummy sco'")"
else
  echo "skipped: fish is not installed"
fi
if ((failures > 0)); then
  echo "$failures completion checks failed"
  exit 1
fi
echo "all completion checks passed"
