#!/usr/bin/env bash
# The npm package's tests, as a user meets it: the packed tarball installed into a fresh folder
# (not the source tree), then `node --test` on the tests here against it, and the TypeScript
# declarations compiled with `tsc --noEmit` against an example. Run by CTest (web/CMakeLists.txt).
# Then the package in Debian's chromium, imported by a page served from that folder.
# Usage: run.sh TARBALL RUMMY_CLI SAMPLES TSC PUPPETEER_FOLDER
set -euo pipefail
tarball="$1" cli="$2" samples="$3" tsc="$4" puppeteer="$5"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
away="$(mktemp -d)"
trap 'rm -rf "$away"' EXIT
cd "$away"
printf '{ "name": "a-user", "private": true, "type": "module" }\n' > package.json
npm install --no-audit --no-fund --loglevel=error "$tarball"
[ -f node_modules/rummy/package.json ] && [ ! -e node_modules/rummy/binding.cpp ]
echo "installed $(basename "$tarball") into a fresh folder: $(du -sk node_modules/rummy | cut -f1) KiB"
cp "$here"/*.test.mjs "$here/example.ts" "$here/browser.mjs" .
"$tsc" --noEmit --strict --target es2022 --module nodenext --moduleResolution nodenext \
  --lib es2022,dom example.ts 2>&1 || {
  echo "the TypeScript declarations do not compile against example.ts"
  exit 1
}
echo "tsc --noEmit --strict: example.ts compiles against the declarations"
RUMMY_CLI="$cli" RUMMY_SAMPLES="$samples" node --test ./*.test.mjs
node browser.mjs "$puppeteer"
