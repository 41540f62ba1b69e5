#!/usr/bin/env bash
# The whole test suite (`npm test`, and what .ci/run calls):
# system packages → npm ci → lint → typecheck → vitest (PGlite) → channel API integration on
# PostgreSQL 15 → one build → Playwright (no-js + js + fuzz + markup + whoops, on PostgreSQL) → the cluster's flows and faults
# (Playwright, playwright.cluster.config.ts). Every section runs even when an
# earlier one failed (except what cannot: e2e without a build), and the exit code says whether
# anything failed.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
failed=()
section() { printf '\n\033[1m==== %s ====\033[0m\n' "$*"; }
run() { # run NAME CMD... : records a failure instead of stopping
  local name=$1; shift
  local t=$SECONDS
  if "$@"; then echo "---- $name: ok ($((SECONDS - t)) s)"; else echo "---- $name: FAILED ($((SECONDS - t)) s)"; failed+=("$name"); fi
}
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

mkdir -p .cache
export FIELDHOUSE_RESULTS_DIR=.cache/test-results
rm -rf "$FIELDHOUSE_RESULTS_DIR" && mkdir -p "$FIELDHOUSE_RESULTS_DIR"

# ---------------------------------------------------------------- system packages
section "System packages (chromium, chromium-headless-shell, ffmpeg, PostgreSQL, nginx, Java, wrk)"
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)
# The reference npm run bench measures against (tests/bench/nginx.ts): nginx with brotli_static.
[ -x /usr/sbin/nginx ] || need+=(nginx)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || need+=(libnginx-mod-http-brotli-static)
# The load generator of npm run bench -- cluster for the proxy's cached pages (tests/bench/wrk.ts).
command -v wrk >/dev/null 2>&1 || need+=(wrk)
# The cluster's caching proxy sets the region header from the IP database (npm run start:cluster, ADR 059).
[ -f /usr/lib/nginx/modules/ngx_http_geoip2_module.so ] || need+=(libnginx-mod-http-geoip2)
# The W3C Nu validator of the markup test (npm's vnu-jar) is a Java program.
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing with apt: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update
  # postgresql-15 where the distribution has it (Debian 12), else the distribution's default.
  pkgs=()
  for p in "${need[@]}"; do
    if [ "$p" = postgresql ] && apt-cache show postgresql-15 >/dev/null 2>&1; then pkgs+=(postgresql-15); else pkgs+=("$p"); fi
  done
  as_root apt-get install -y --no-install-recommends "${pkgs[@]}" fonts-liberation
else
  echo "All present."
fi

# ---------------------------------------------------------------- node modules
section "npm ci"
if [ "${CI:-}" = true ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
else
  echo "node_modules is up to date with package-lock.json (CI=true forces npm ci)."
fi

# The demo media every integration test and the e2e channel API share (ffmpeg, about a minute on
# a fresh machine) is made beside lint and typecheck; tests wait for it.
node --import tsx tests/support/media-cache.ts > "$FIELDHOUSE_RESULTS_DIR/media-cache.log" 2>&1 &

# ---------------------------------------------------------------- static checks
# ESLint and tsc each use one core: typecheck runs beside lint, its output shown after lint's.
typecheck_log="$FIELDHOUSE_RESULTS_DIR/typecheck.log"
typecheck_started=$SECONDS
npm run typecheck > "$typecheck_log" 2>&1 &
typecheck_pid=$!
section "Lint"
run lint npm run lint
section "Typecheck (ran beside lint)"
typecheck_ok=true
wait "$typecheck_pid" || typecheck_ok=false
cat "$typecheck_log"
if $typecheck_ok; then echo "---- typecheck: ok ($((SECONDS - typecheck_started)) s, beside lint)"; else echo "---- typecheck: FAILED ($((SECONDS - typecheck_started)) s, beside lint)"; failed+=(typecheck); fi

# compose.yaml, where a compose client exists (Docker's plugin or Debian's docker-compose).
section "Compose file (docker compose config)"
compose=()
if docker compose version >/dev/null 2>&1; then compose=(docker compose); elif command -v docker-compose >/dev/null 2>&1; then compose=(docker-compose); fi
if [ ${#compose[@]} -gt 0 ]; then
  run compose env SESSION_SECRET=compose-config-check "${compose[@]}" config -q
else
  echo "No compose client here (docker compose, docker-compose): compose.yaml not checked."
fi

# ---------------------------------------------------------------- unit + integration (PGlite)
section "Unit and integration tests (vitest, PGlite)"
run vitest npx vitest run --reporter=default --reporter=json --outputFile.json="$FIELDHOUSE_RESULTS_DIR/vitest.json"

# ---------------------------------------------------------------- integration on PostgreSQL
section "Integration tests on PostgreSQL (the channel API; the web servers' shared rate limits)"
run postgres bash scripts/with-postgres.sh npx vitest run tests/integration/channel-api tests/integration/web \
  --reporter=default --reporter=json --outputFile.json="$FIELDHOUSE_RESULTS_DIR/vitest-postgres.json"

# ---------------------------------------------------------------- build + e2e
section "Build"
run build npm run build
# run_on_build NAME CMD...: runs CMD on the build, or records NAME as failed when there is none.
run_on_build() {
  if [[ " ${failed[*]} " == *" build "* ]]; then
    echo "Skipped: the build failed."
    failed+=("$1")
  else
    run "$@"
  fi
}
# The channel API and the web server on a throw-away PostgreSQL, as in production (ADR 067): the
# same suite took 3–10 % less time than on the embedded PGlite, whose WebAssembly shares the API
# process's core.
section "End-to-end tests (Playwright: no-js, js, fuzz, markup, whoops; on PostgreSQL: ADR 067; no traces: ADR 061)"
run_on_build e2e bash scripts/with-postgres.sh bash -c 'DATABASE_URL=$TEST_DATABASE_URL exec npx playwright test --trace=off'

# ---------------------------------------------------------------- the cluster
# npm run start:cluster (nginx, two web servers, the channel API and two workers on PostgreSQL) on
# the same build: the core flows through the proxy, then the faults (playwright.cluster.config.ts).
section "Cluster (nginx in front of two web servers, the channel API and two workers on PostgreSQL; faults)"
run_on_build cluster npx playwright test -c playwright.cluster.config.ts --trace=off

# ---------------------------------------------------------------- summary
section "Summary ($((SECONDS - started)) s)"
node scripts/test-summary.mjs "$FIELDHOUSE_RESULTS_DIR" || true
if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed sections: ${failed[*]}"
  exit 1
fi
echo "All sections passed."
