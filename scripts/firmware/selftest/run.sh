#!/usr/bin/env bash
# End-to-end selftest: build the echo sketch + simavr-pty harness, run the
# firmware in simavr with USART1 on a pty, and drive it with node-serialport.
# SERIALPORT_MODULES: dir whose node_modules has serialport (default: a
# scratch install under build/, created with npm on first use).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../../.." && pwd)"

"$REPO/scripts/firmware/build-leonardo.sh" "$HERE/leonardo-echo"
"$REPO/scripts/firmware/build-core-cortex-m0plus.sh" "$HERE/cortex-m0plus"
make -s -C "$REPO/firmware/tools/simavr-pty"

mods="${SERIALPORT_MODULES:-$REPO/build/selftest-node}"
if [ ! -d "$mods/node_modules/serialport" ]; then
  mkdir -p "$mods"
  npm install --prefix "$mods" --no-save --no-audit --no-fund serialport @serialport/parser-readline >/dev/null
fi

log="$REPO/build/firmware/selftest-harness"
"$REPO/build/tools/simavr-pty/simavr-pty" "$REPO/build/firmware/leonardo/leonardo-echo/leonardo-echo.elf" \
  >"$log.out" 2>"$log.err" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; cat "$log.err" >&2' EXIT
for _ in $(seq 50); do grep -q '^PTY ' "$log.out" && break; sleep 0.1; done
pty="$(awk '/^PTY /{print $2; exit}' "$log.out")"
[ -n "$pty" ] || { echo "selftest: harness printed no PTY line" >&2; exit 1; }
SERIALPORT_MODULES="$mods" node "$HERE/echo-check.mjs" "$pty"
