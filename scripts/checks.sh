#!/usr/bin/env bash
# The checks `npm test` runs before the test suites, in three lanes at once: each lane is one
# single-threaded tool after another (tsc, eslint's typed rules, the firmware builds), so run in a
# row they leave a core idle for four minutes of a CI run (measured on 2 cores: 241 s in a row).
# Each lane's output is kept and printed whole once it ends, so lines never interleave; the
# script fails when any check fails and names which.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

lanes=(
  "check:protocol typecheck lint:layers format:check"
  "lint:types"
  "firmware:native firmware:avr"
)

logs="$(mktemp -d "${TMPDIR:-/tmp}/benchhand-checks.XXXXXX")"
trap 'rm -rf "$logs"' EXIT

run_lane() {  # $1 = lane number, then the npm scripts in order; stops at the first that fails
  local lane="$1"
  shift
  for script in "$@"; do
    echo "== npm run $script" >> "$logs/$lane.log"
    if ! npm run -s "$script" >> "$logs/$lane.log" 2>&1; then
      echo "$script" > "$logs/$lane.failed"
      return 1
    fi
  done
}

pids=()
for i in "${!lanes[@]}"; do
  # shellcheck disable=SC2086 # the lane's scripts are words by design
  run_lane "$i" ${lanes[$i]} &
  pids+=("$!")
done

failed=()
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || true
  cat "$logs/$i.log"
  if [ -f "$logs/$i.failed" ]; then failed+=("$(cat "$logs/$i.failed")"); fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "checks: failed: ${failed[*]} (its output is above; run \`npm run <name>\` alone to repeat it)" >&2
  exit 1
fi
echo "checks: all passed (${lanes[*]})"
