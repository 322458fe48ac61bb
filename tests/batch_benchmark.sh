#!/usr/bin/env bash
# Times `rummy batch` end to end, from a file to /dev/null, on one core (--jobs 1), for each
# output format and for --arrange, then on two cores (--jobs 2) with the speed-up; each figure
# the best of three runs.
# Usage: tests/batch_benchmark.sh [hands] (default 1,000,000); run after a build.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
hands="${1:-1000000}"
file="$(mktemp)"
trap 'rm -f "$file"' EXIT
"$root/build/tests/rummy_benchmark" --batch-file "$file" "$hands"
echo "rummy batch: $hands grouped 13-card hands, $(du -h "$file" | cut -f1) of input, one core"
cores=0
# The best of three runs: this machine is shared, and a run slowed by a neighbour says nothing
# about the program.
run() {
  local label="$1"
  shift
  local start end seconds best=""
  for _ in 1 2 3; do
    start=$(date +%s.%N)
    taskset -c "$cores" "$root/build/rummy" batch "$@" "$file" > /dev/null 2> /dev/null || true
    end=$(date +%s.%N)
    seconds=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f", e - s }')
    if [ -z "$best" ] || awk -v a="$seconds" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best=$seconds
    fi
  done
  last=$(awk -v n="$hands" -v s="$best" 'BEGIN { printf "%.0f", n / s }')
  awk -v n="$hands" -v s="$best" -v l="$label" \
    'BEGIN { printf "%-34s %10.0f hands/s  (%.2f s)\n", l, n / s, s }'
}
run "--format json" --jobs 1 --format json
one_core=$last
run "--format csv" --jobs 1 --format csv
run "--format text" --jobs 1 --format text
cores=0,1
run "--format json --jobs 2 (2 cores)" --jobs 2 --format json
awk -v a="$one_core" -v b="$last" 'BEGIN { printf "speed-up on 2 cores: %.2fx\n", b / a }'
cores=0
# Memory stays flat: the largest resident size, for a tenth of the file and for all of it.
if [ -x /usr/bin/time ]; then
  head -n "$((hands / 10))" "$file" > "$file.tenth"
  for input in "$file.tenth" "$file"; do
    kb=$(/usr/bin/time -f %M "$root/build/rummy" batch --format json "$input" 2>&1 >/dev/null | tail -n 1)
    echo "largest resident size for $(du -h "$input" | cut -f1) of input: $((kb / 1024)) MiB"
  done
  rm -f "$file.tenth"
fi
# --arrange searches every hand: time it on a tenth of the file.
head -n "$((hands / 10))" "$file" > "$file.arrange"
trap 'rm -f "$file" "$file.arrange"' EXIT
file="$file.arrange" hands=$((hands / 10))
run "--arrange --format json" --jobs 1 --arrange --format json
one_core=$last
cores=0,1
run "--arrange --format json --jobs 2" --jobs 2 --arrange --format json
awk -v a="$one_core" -v b="$last" 'BEGIN { printf "speed-up on 2 cores: %.2fx\n", b / a }'
