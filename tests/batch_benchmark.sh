#!/usr/bin/env bash
# Times `rummy batch` end to end, from a file to /dev/null, on one core, for each output format
# and for --arrange. Usage: tests/batch_benchmark.sh [hands] (default 1,000,000); run after a build.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
hands="${1:-1000000}"
file="$(mktemp)"
trap 'rm -f "$file"' EXIT
"$root/build/tests/rummy_benchmark" --batch-file "$file" "$hands"
echo "rummy batch: $hands grouped 13-card hands, $(du -h "$file" | cut -f1) of input, one core"
run() {
  local label="$1"
  shift
  local start end
  start=$(date +%s.%N)
  taskset -c 0 "$root/build/rummy" batch "$@" "$file" > /dev/null 2> /dev/null || true
  end=$(date +%s.%N)
  awk -v n="$hands" -v s="$start" -v e="$end" -v l="$label" \
    'BEGIN { printf "%-22s %10.0f hands/s  (%.2f s)\n", l, n / (e - s), e - s }'
}
run "--format json" --format json
run "--format csv" --format csv
run "--format text" --format text
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
run "--arrange --format json" --arrange --format json
