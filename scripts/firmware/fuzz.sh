#!/usr/bin/env bash
# libFuzzer targets of the firmware's input path (firmware/test/fuzz/*.cc): the line assembler,
# the host frame parser with argument validation, and value unescaping. Built with Debian's clang
# (packages clang libclang-rt-14-dev) with ASan + UBSan into build/fuzz.
#   fuzz.sh              CI mode: each target runs a fixed number of inputs from a fixed seed over
#                        the committed corpus (deterministic, a few seconds each); any finding fails.
#   fuzz.sh --seconds N  each target for N seconds (the longer run); prints execs/s and coverage.
# New inputs go to build/fuzz/work/<target> (never into the committed corpus). A crash leaves
# build/fuzz/crash-<target>-*: add it to the corpus with the fix and a regression scenario.
set -euo pipefail

REPO="$(cd "$(dirname "$0")/../.." && pwd)"
LIB="$REPO/firmware/lib"
SRC="$REPO/firmware/test/fuzz"
OUT="$REPO/build/fuzz"
mode=ci seconds=0 runs="${FUZZ_RUNS:-30000}"
case "${1:-}" in
  --seconds) mode=time; seconds="${2:?--seconds needs a number}" ;;
  "") ;;
  *) echo "usage: $0 [--seconds N]" >&2; exit 2 ;;
esac

if ! command -v clang++ > /dev/null; then
  echo "fuzz: clang++ is missing (sudo bash scripts/setup-system.sh installs clang libclang-rt-14-dev)" >&2
  if [ -z "${CI:-}" ] && [ "$mode" = ci ]; then echo "fuzz: SKIPPED here (not CI)"; exit 0; fi
  exit 1
fi
FLAGS=(-std=c++11 -g -O1 -fno-exceptions -fno-rtti -fsanitize=address,undefined -fno-sanitize-recover=all -I"$LIB")
mkdir -p "$OUT/obj"
# The core, instrumented for coverage; rebuilt only when a source or any header is newer.
newest_header="$(find "$LIB" -name '*.h' -printf '%T@ %p\n' | sort -n | tail -1 | cut -d' ' -f2)"
objects=()
for src in $(find "$LIB" -name '*.cpp' | sort); do
  obj="$OUT/obj/$(echo "${src#"$LIB"/}" | tr / _).o"
  objects+=("$obj")
  if [ -f "$obj" ] && [ "$obj" -nt "$src" ] && [ "$obj" -nt "$newest_header" ]; then continue; fi
  clang++ "${FLAGS[@]}" -fsanitize=fuzzer-no-link -c "$src" -o "$obj"
done

status=0
for target_src in "$SRC"/fuzz_*.cc; do
  name="$(basename "$target_src" .cc)"
  target="${name#fuzz_}"
  bin="$OUT/$name"
  if [ ! -f "$bin" ] || [ "$target_src" -nt "$bin" ] || [ -n "$(find "$OUT/obj" -newer "$bin" -name '*.o' | head -1)" ]; then
    clang++ "${FLAGS[@]}" -fsanitize=fuzzer "$target_src" "${objects[@]}" -o "$bin"
  fi
  work="$OUT/work/$target"
  if [ "$mode" = ci ]; then rm -rf "$work"; fi  # CI runs start from the committed corpus alone: same inputs every time
  mkdir -p "$work"
  if [ "$mode" = ci ]; then limit=(-runs="$runs" -seed=1); else limit=(-max_total_time="$seconds"); fi
  log="$OUT/$target.log"
  if (cd "$OUT" && "$bin" "${limit[@]}" -max_len=256 -print_final_stats=1 -artifact_prefix="$OUT/crash-$target-" "$work" "$SRC/corpus/$target") > "$log" 2>&1; then
    execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")"
    rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")"
    cov="$(grep -o 'cov: [0-9]*' "$log" | tail -1)"
    ft="$(grep -o 'ft: [0-9]*' "$log" | tail -1)"
    if [ "$rate" = 0 ]; then rate="(under a second:"; rate="$rate n/a)"; fi
    echo "fuzz $target: ok, $execs inputs, $rate execs/s, $cov, $ft, corpus $(ls "$work" "$SRC/corpus/$target" | wc -l) files"
  else
    echo "fuzz $target: FAILED (see $log):" >&2
    grep -m5 -E 'ERROR|SUMMARY|==[0-9]+==|Test unit written' "$log" >&2 || tail -20 "$log" >&2
    status=1
  fi
done
exit "$status"
