#!/usr/bin/env bash
# check-duplicates.sh: the project's duplicates check, run by `npm run lint`. Asks `duplicates` (a
# command on the developers' and CI machines' PATH, not part of the repository) for the pairs of
# places that share six or more lines, keeps those it does not mark boilerplate whose two sides
# are both outside tests/ and the migrations (channel-api/drizzle/), prints them, and fails above
# MAX_PAIRS. Where `duplicates` is not installed it says so and passes: nothing here can check.
set -euo pipefail

MAX_PAIRS=3
cd "$(dirname "$0")/.."

if ! command -v duplicates >/dev/null 2>&1; then
  echo "check-duplicates: the 'duplicates' command is not on this machine's PATH; the duplicates check did not run."
  exit 0
fi

out=$(duplicates --most 200 --seconds 120)

if grep -q '^incomplete:' <<<"$out"; then
  grep '^incomplete:' <<<"$out" >&2
  echo "check-duplicates: duplicates did not read the whole tree, so the count would be short; failing." >&2
  exit 1
fi
# Rows come most shared first and boilerplate last: a cut list could hide pairs only if its last row is not boilerplate.
if grep -q '^(+[0-9]* more pairs)' <<<"$out" && ! grep '^D[0-9]' <<<"$out" | tail -n 1 | grep -q ' boilerplate'; then
  echo "check-duplicates: more pairs than duplicates listed (raise --most in this script); failing." >&2
  exit 1
fi

outside() { [[ "$1" != tests/* && "$1" != channel-api/drizzle/* ]]; }
pairs=()
while read -r id left _ right rest; do
  [[ " $rest " == *" boilerplate "* ]] && continue
  if outside "${left%:*}" && outside "${right%:*}"; then pairs+=("$id $left ~ $right${rest:+ $rest}"); fi
done < <(grep '^D[0-9]' <<<"$out")

count=${#pairs[@]}
if [ "$count" -gt 0 ]; then printf '  %s\n' "${pairs[@]}"; fi
if [ "$count" -gt "$MAX_PAIRS" ]; then
  echo "check-duplicates: $count pairs of repeated code outside tests and migrations; at most $MAX_PAIRS. Make one piece of code serve where the logic is the same (see each pair with: duplicates --most 60)." >&2
  exit 1
fi
echo "check-duplicates: $count pairs of repeated code outside tests and migrations (at most $MAX_PAIRS)."
