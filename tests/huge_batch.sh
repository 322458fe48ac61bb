#!/usr/bin/env bash
# A 1 GB batch, generated while it is read (never stored): every hand gets exactly one record,
# and the resident memory stays flat. Usage: huge_batch.sh RUMMY BENCHMARK [MEGABYTES]
set -uo pipefail
rummy="$1"
benchmark="$2"
megabytes="${3:-1024}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# About 1 MB of grouped 13-card hands, as people type them, repeated.
"$benchmark" --batch-file "$work/chunk" 13000 || exit 1
chunk_bytes=$(wc -c < "$work/chunk")
chunk_lines=$(wc -l < "$work/chunk")
copies=$(((megabytes * 1024 * 1024 + chunk_bytes - 1) / chunk_bytes))
mkfifo "$work/input" "$work/output"
(for ((i = 0; i < copies; i++)); do cat "$work/chunk"; done > "$work/input") &
wc -l < "$work/output" > "$work/records" &
"$rummy" batch --format json "$work/input" > "$work/output" 2> "$work/summary" &
pid=$!
# Watch its resident size while it runs.
peak=0
while kill -0 "$pid" 2> /dev/null; do
  rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2> /dev/null || echo 0)
  [ -n "$rss" ] && [ "$rss" -gt "$peak" ] && peak=$rss
  sleep 0.2
done
wait "$pid"
status=$?
wait
records=$(cat "$work/records")
expected=$((copies * chunk_lines))
echo "$((copies * chunk_bytes / 1024 / 1024)) MB, $expected hands: $records records, peak resident ${peak} KB"
cat "$work/summary"
if [ "$status" -ne 0 ]; then
  echo "FAIL: rummy batch exited with $status"
  exit 1
fi
if [ "$records" -ne "$expected" ]; then
  echo "FAIL: $records records for $expected hands"
  exit 1
fi
if [ "$peak" -eq 0 ] || [ "$peak" -gt 65536 ]; then
  echo "FAIL: peak resident size ${peak} KB (expected a flat few MB, at most 64 MB)"
  exit 1
fi
echo "one record per hand, memory flat"
