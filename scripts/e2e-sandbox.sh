#!/usr/bin/env bash
# Runs Playwright on a snapshot of this working tree, on its own ports, so several people (or
# helpers) can run e2e at once without sharing a build or a server:
#   bash scripts/e2e-sandbox.sh NAME PORT_OFFSET [playwright args...]
# e.g. bash scripts/e2e-sandbox.sh alice 10 tests/e2e/specs/login.spec.ts --project=no-js
# With --update-snapshots, the screenshot baselines it makes replace the tree's.
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1 offset=$2
shift 2
dst=/tmp/fh-e2e-$name
mkdir -p "$dst"
# A fresh copy of the tree (tar: rsync is not always installed); .cache (media, e2e data) stays.
find "$dst" -mindepth 1 -maxdepth 1 ! -name .cache ! -name node_modules -exec rm -rf {} +
tar -c --exclude=./node_modules --exclude=./.cache --exclude=./build --exclude=./public/build --exclude=./data --exclude=./.git . | tar -x -C "$dst"
ln -sfn "$PWD/node_modules" "$dst/node_modules"
src=$PWD
cd "$dst"
# The same build as `npm run build` (remix build, then the compile hints: ADR 025).
npm run build >/dev/null
CI=1 E2E_PORT_OFFSET=$offset npx playwright test "$@"
# Screenshot baselines made in the copy (--update-snapshots) come back to the tree (ADR 030).
if [[ " $* " == *" --update-snapshots"* || " $* " == *" -u "* ]]; then
  mkdir -p "$src/tests/e2e/screenshots"
  rm -f "$src"/tests/e2e/screenshots/*.png
  cp tests/e2e/screenshots/*.png "$src/tests/e2e/screenshots/"
fi
