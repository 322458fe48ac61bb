#!/usr/bin/env bash
# rummy's least deadwood against jdh8/gin-rummy's deadwood() (the fastest public gin-rummy
# solver, in Rust), side by side: the same generated 10-card hands of one pack, each program
# pinned to the same core, run by turns; prints each one's hands/s (best of the rounds), the
# ratio (target: rummy ≥ 1.5×), and on how many hands the two agree.
#
#   bash tests/peer/gin_rummy.sh GIN_RUMMY [BUILD] [HANDS] [ROUNDS]
#
# GIN_RUMMY: a checkout of https://github.com/jdh8/gin-rummy (a work tree, or a bare git
# directory: its HEAD is taken). BUILD: rummy's build folder (default: build), with
# tests/rummy_peer_gin built (`cmake --build build --target rummy_peer_gin`). HANDS: default
# 200000; ROUNDS: default 5, each timing three passes of each program. CORE: the core to pin
# both to (default 0).
#
# Their crate is built offline: Rust 1.85 or later (edition 2024: `cargo` on the PATH), and
# thiserror from Debian (librust-thiserror-dev, installed here when missing and run as root).
# Their thiserror = "2" is built against Debian's 1.0 (the derive they use is the same); the
# crate is copied into a scratch folder with a Cargo.toml of its library alone, so their
# checkout is left as it is.
set -euo pipefail

if [[ $# -lt 1 || $1 == -h || $1 == --help ]]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
  exit $(( $# < 1 ? 2 : 0 ))
fi
peer=$1
build=${2:-build}
hands=${3:-200000}
rounds=${4:-5}
core=${CORE:-0}
here=$(cd "$(dirname "$0")" && pwd)
ours=$build/tests/rummy_peer_gin
registry=/usr/share/cargo/registry

fail() { echo "gin_rummy.sh: $*" >&2; exit 2; }
[[ -x $ours ]] || fail "$ours is not built: cmake --build $build --target rummy_peer_gin"
command -v cargo > /dev/null || fail "no cargo on the PATH (Rust 1.85 or later)"
if ! compgen -G "$registry/thiserror-1.*" > /dev/null; then
  [[ $(id -u) == 0 ]] || fail "Debian's librust-thiserror-dev is missing: apt-get install librust-thiserror-dev"
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends librust-thiserror-dev > /dev/null
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/gin-rummy" "$work/peer/src" "$work/peer/.cargo"
if [[ -f $peer/Cargo.toml ]]; then
  cp -r "$peer/src" "$peer/README.md" "$work/gin-rummy/"
elif git --git-dir="$peer" rev-parse --verify -q HEAD > /dev/null 2>&1; then
  git --git-dir="$peer" archive HEAD src README.md | tar -x -C "$work/gin-rummy"
else
  fail "$peer is neither a checkout of jdh8/gin-rummy nor its git directory"
fi
cat > "$work/gin-rummy/Cargo.toml" << 'TOML'
[package]
name = "gin-rummy"
version = "0.0.0"
edition = "2024"

[features]
rand = []
serde = []

[dependencies]
thiserror = "1"
TOML
cat > "$work/peer/Cargo.toml" << 'TOML'
[package]
name = "gin-rummy-peer"
version = "0.0.0"
edition = "2024"

[dependencies]
gin-rummy = { path = "../gin-rummy" }

[profile.release]
codegen-units = 1
TOML
cat > "$work/peer/.cargo/config.toml" << TOML
[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "$registry"
TOML
cp "$here/gin_rummy_peer.rs" "$work/peer/src/main.rs"
echo "building jdh8/gin-rummy ($(cargo --version)) …"
(cd "$work/peer" && cargo build --release --offline --quiet)
theirs=$work/peer/target/release/gin-rummy-peer

"$ours" deal "$hands" 2026 > "$work/hands"
best_ours=inf best_theirs=inf
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", n / s }'; }
least() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "inf" || b < a) ? b : a }'; }
for ((round = 1; round <= rounds; round++)); do
  read -r n seconds _ < <(taskset -c "$core" "$ours" time "$work/hands" 3 "$work/ours")
  best_ours=$(least "$best_ours" "$seconds")
  read -r n seconds _ < <(taskset -c "$core" "$theirs" "$work/hands" 3 "$work/theirs")
  best_theirs=$(least "$best_theirs" "$seconds")
done
agree=$(paste -d ' ' "$work/ours" "$work/theirs" | awk '$1 == $2' | wc -l)
ratio=$(awk -v a="$best_theirs" -v b="$best_ours" 'BEGIN { printf "%.2f", a / b }')
met=$(awk -v r="$ratio" 'BEGIN { print (r >= 1.5) ? "met" : "not met" }')
echo "$hands 10-card hands of one pack, core $core, best of $rounds rounds by turns (3 passes each)"
printf '%-36s %12s hands/s\n' "jdh8/gin-rummy deadwood()" "$(rate "$n" "$best_theirs")"
printf '%-36s %12s hands/s   %sx   target 1.5x: %s\n' "rummy least_deadwood (Gin Rummy)" \
  "$(rate "$n" "$best_ours")" "$ratio" "$met"
echo "the two agree on $agree of $n hands"
[[ $agree == "$n" ]] || exit 1
