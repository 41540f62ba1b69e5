#!/usr/bin/env bash
# README command 1: install, build and serve the demo channel on http://localhost:3000 (PORT overrides).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v ffmpeg >/dev/null 2>&1; then
  echo "ffmpeg not found: the demo media will be made with the bundled @ffmpeg-installer/ffmpeg build."
fi
npm ci --no-audit --no-fund
npm run build
exec npm start
