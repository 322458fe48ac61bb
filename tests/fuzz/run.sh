#!/usr/bin/env bash
# Runs one fuzz target for a while: run.sh FUZZER SECONDS [SEED_DIR...]
# New inputs are kept in build-fuzz/corpus/TARGET (reused by the next run); a finding is written
# to build-fuzz/findings/ and makes the run fail. Copy a finding into
# tests/fuzz/regressions/TARGET/ once it is fixed: every build replays that directory.
set -euo pipefail
fuzzer="$1"
seconds="$2"
shift 2
name="$(basename "$fuzzer")"
dir="$(cd "$(dirname "$fuzzer")" && pwd)"
corpus="$dir/corpus/$name"
findings="$dir/findings"
mkdir -p "$corpus" "$findings"
exec "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
  -print_final_stats=1 -artifact_prefix="$findings/$name-" "$corpus" "$@"
