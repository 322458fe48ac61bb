#!/usr/bin/env bash
# Huge and hostile inputs through the real executable: each gives a clear error or a correct
# result, in bounded time and output, never a crash or a hang. Usage: hostile_inputs.sh RUMMY
set -uo pipefail
rummy="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0

# expect NAME CODE PATTERN -- COMMAND...: the exit code, and PATTERN (grep -E) in stdout+stderr.
# (grep reads a here-string, not a pipe: grep -q stops at the first match, and a writer still
# writing into the pipe would die of SIGPIPE, which pipefail reports as a failed match.)
expect() {
  local name="$1" code="$2" pattern="$3"
  shift 4
  local out status
  out="$(timeout 60 "$@" 2>&1)"
  status=$?
  if [ "$status" -ne "$code" ]; then
    echo "FAIL $name: exit $status, expected $code"
    echo "$out" | head -c 600
    failures=$((failures + 1))
  elif ! grep -qE -- "$pattern" <<< "$out"; then
    echo "FAIL $name: output does not match /$pattern/"
    echo "$out" | head -c 600
    failures=$((failures + 1))
  elif [ "${#out}" -gt 200000 ]; then
    echo "FAIL $name: ${#out} bytes of output"
    failures=$((failures + 1))
  else
    echo "ok   $name"
  fi
}

# A line of 10 MB: the error is found at the third copy and shown in a window of the line.
python3 -c "import sys; sys.stdout.write('A♠-' * (10 * 1024 * 1024 // 6) + 'A♠\n')" > "$work/long"
expect "10 MB line" 2 "^<stdin>:1:7: error: a third A♠" -- sh -c "'$rummy' validate < '$work/long'"
# Deeply repeated separators.
python3 -c "import sys; sys.stdout.write('A♠' + '-' * 1000000 + '2♠\n')" > "$work/dashes"
expect "a million dashes" 2 "<stdin>:1:4: error: expected a card" -- sh -c "'$rummy' validate < '$work/dashes'"
python3 -c "import sys; sys.stdout.write('A♠-2♠-3♠' + ' |' * 500000 + '\n')" > "$work/bars"
expect "half a million bars" 2 "cannot be empty" -- sh -c "'$rummy' validate < '$work/bars'"
# NUL bytes, invalid UTF-8, overlong encodings.
printf 'A\xe2\x99\xa0-2\xe2\x99\xa0\x00-3\xe2\x99\xa0\n' > "$work/nul"
expect "NUL byte" 2 "found U\\+0000 NULL" -- sh -c "'$rummy' validate < '$work/nul'"
printf 'A\xc0\xa0-2S-3S\n' > "$work/overlong2"
expect "overlong 2-byte" 2 "byte 0xC0 is not valid UTF-8" -- sh -c "'$rummy' validate < '$work/overlong2'"
printf 'A\xe0\x80\xa0-2S-3S\n' > "$work/overlong3"
expect "overlong 3-byte" 2 "byte 0xE0 is not valid UTF-8" -- sh -c "'$rummy' validate < '$work/overlong3'"
printf 'A\xff-2S-3S\n' > "$work/invalid"
expect "invalid byte" 2 "byte 0xFF is not valid UTF-8" -- sh -c "'$rummy' validate < '$work/invalid'"
printf 'A\xed\xa0\x80-2S-3S\n' > "$work/surrogate"
expect "UTF-16 surrogate" 2 "byte 0xED is not valid UTF-8" -- sh -c "'$rummy' validate < '$work/surrogate'"
# CRLF line ends and a byte-order mark are accepted.
printf '\xef\xbb\xbf# a comment\r\nA\xe2\x99\xa0-2\xe2\x99\xa0-3\xe2\x99\xa0\r\n' > "$work/crlf"
expect "BOM and CRLF" 1 "1  A♠-2♠-3♠  pure sequence" -- sh -c "'$rummy' validate < '$work/crlf'"
printf '\xef\xbb\xbfA\xe2\x99\xa0 2\xe2\x99\xa0\r\n\r\nK\xe2\x99\xa5\r\n' > "$work/crlf.batch"
expect "batch with BOM and CRLF" 0 "crlf.batch:3: not valid .* pays 10" -- \
  "$rummy" batch --variant basic "$work/crlf.batch"
# A batch line of 3 MB is skipped as one error record; memory stays bounded.
python3 -c "import sys; sys.stdout.write('A♠ 2♠\n' + 'K♥ ' * 1000000 + '\n5♦ 6♦\n')" > "$work/overlong.batch"
expect "3 MB batch line" 2 "overlong.batch:2:1: error: the line is longer than 1048576 bytes" -- \
  "$rummy" batch --variant basic "$work/overlong.batch"
printf 'game points\r\npoint 2\r\nplayers A B\r\ndeal wild 7\r\n A declared A\xe2\x99\xa0-2\xe2\x99\xa0-3\xe2\x99\xa0 | 4\xe2\x99\xa6-5\xe2\x99\xa6-6\xe2\x99\xa6 | 7\xe2\x99\xa3-8\xe2\x99\xa3-9\xe2\x99\xa3 | J\xe2\x99\xa5-Q\xe2\x99\xa5-K\xe2\x99\xa5-A\xe2\x99\xa5\r\n B dropped first\r\n' > "$work/crlf.sheet"
expect "sheet with CRLF" 0 "result: 1 deal settled" -- "$rummy" settle "$work/crlf.sheet"
# Numbers that overflow.
expect "point of 10^30" 2 "expected an amount such as 2 or 2.50" -- \
  "$rummy" cash points --value 1000000000000000000000000000000 --losers 20,30
expect "fee of 1000%" 2 "expected a percentage up to 100%" -- \
  "$rummy" cash points --value 2 --fee 1000% --losers 20,30
expect "amounts too large" 2 "too large to add up" -- \
  "$rummy" cash points --value 99999999999999 --losers 80,80,80,80,80
printf 'game points\npoint 1000000000000000000000000000000\nplayers A B\n' > "$work/big.sheet"
expect "sheet point of 10^30" 2 ":2:7: error: expected an amount" -- "$rummy" settle "$work/big.sheet"
printf 'game pool101\nentry 5\nfee 1000%%\nplayers A B\n' > "$work/fee.sheet"
expect "sheet fee of 1000%" 2 ":3:5: error: expected a fee" -- "$rummy" settle "$work/fee.sheet"
printf 'game deals 99999999999999999999\nentry 5\nplayers A B\n' > "$work/deals.sheet"
expect "deals count overflow" 2 "expected the number of deals from 1 to 100" -- "$rummy" settle "$work/deals.sheet"
printf 'game knock rounds 99999999999999999999\nplayers A B\n' > "$work/rounds.sheet"
expect "rounds overflow" 2 "expected the number of rounds agreed from 1 to 9999" -- "$rummy" settle "$work/rounds.sheet"
# A sheet of 100,000 deals settles, and every deal is counted.
python3 - "$work/many.sheet" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("game points\npoint 1\nplayers A B\n")
    for i in range(100000):
        f.write("deal wild 7\n A declared A♠-2♠-3♠ | 4♦-5♦-6♦ | 7♣-8♣-9♣ | J♥-Q♥-K♥-A♥\n B dropped first\n")
PY
expect "100,000 deals" 0 "result: 100000 deals settled" -- sh -c "'$rummy' settle '$work/many.sheet' | tail -n 12"
expect "100,000 deals, JSON" 0 '"result": "100000 deals settled"' -- sh -c "'$rummy' settle --format json '$work/many.sheet' | tail -c 2000"
# One record per hand, whatever the lines hold.
python3 - "$work/mixed.batch" <<'PY'
import random, sys
random.seed(3)
lines = ["A♠-2♠-3♠ | 4♦ 5♦", "[drop=middle]", "A♠ A♠ A♠", "\x00", "# comment", "", "Zq", "[wild=7] 7♣ 8♣ 9♣",
         "A♠" + "-" * 5000, "\xff"]
with open(sys.argv[1], "w", encoding="utf-8", errors="surrogateescape") as f:
    hands = 0
    for i in range(20000):
        line = random.choice(lines)
        hands += line not in ("", "# comment")
        f.write(line + "\n")
with open(sys.argv[1] + ".hands", "w") as f:
    f.write(str(hands))
PY
hands=$(cat "$work/mixed.batch.hands")
records=$(timeout 60 "$rummy" batch --format json "$work/mixed.batch" 2>/dev/null | wc -l)
if [ "$records" -eq "$hands" ]; then echo "ok   one record per hand ($records)"; else
  echo "FAIL one record per hand: $records records for $hands hands"; failures=$((failures + 1)); fi
# The output is a closed pipe: quiet, 141, and whole records before it.
python3 -c "import sys; sys.stdout.write('A♠-2♠-3♠ | 4♦ 5♦\n' * 300000)" > "$work/many.batch"
timeout 60 "$rummy" batch --format json "$work/many.batch" 2> "$work/pipe.err" | head -n 2 > "$work/head.out"
status=${PIPESTATUS[0]}
if [ "$status" -eq 141 ] && [ "$(wc -l < "$work/head.out")" -eq 2 ] && [ ! -s "$work/pipe.err" ] &&
  grep -q '"line":2,' "$work/head.out"; then
  echo "ok   closed pipe"
else
  echo "FAIL closed pipe: exit $status, $(wc -l < "$work/head.out") lines, stderr: $(head -c 200 "$work/pipe.err")"
  failures=$((failures + 1))
fi
# A full disk: reported, exit 3.
if [ -w /dev/full ]; then
  expect "full disk, batch" 3 "could not write the output: No space left on device" -- \
    sh -c "'$rummy' batch '$work/many.batch' > /dev/full"
  expect "full disk, validate" 3 "could not write the output: No space left on device" -- \
    sh -c "'$rummy' validate 'A♠-2♠-3♠' > /dev/full"
  # Said once, not once by the command and again when the output is flushed.
  for command in batch settle; do
    input="$work/many.batch"
    [ "$command" = settle ] && input="$(dirname "$0")/../samples/sheets/basic.sheet"
    said="$("$rummy" "$command" "$input" 2>&1 > /dev/full | grep -c 'could not write the output')"
    if [ "$said" -ne 1 ]; then
      echo "FAIL full disk, $command: the error said $said times"
      failures=$((failures + 1))
    else
      echo "ok   full disk, $command: said once"
    fi
  done
fi

if [ "$failures" -gt 0 ]; then
  echo "$failures hostile input(s) failed"
  exit 1
fi
echo "every hostile input gave a clear error or a correct result"
