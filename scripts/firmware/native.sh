#!/usr/bin/env bash
# Native build + test of the firmware's portable core (firmware/lib):
#   1. cmake configure/build (incremental, -j2) of the googletest suite and the simulator
#      harness into build/native, with -Wall -Wextra -Werror;
#   2. a compile check of every core .cpp with avr-g++ (atmega32u4) and arm-none-eabi-g++
#      (cortex-m0plus), so a portability break fails here and not on a board build;
#   3. the tests (gtest's normal output); exit non-zero on any failure;
#   4. a short, deterministic libFuzzer run of the input path (scripts/firmware/fuzz.sh; clang).
# Needs (Debian): cmake g++ googletest libgtest-dev gcc-avr avr-libc gcc-arm-none-eabi; ninja optional.
# Env: BH_UPDATE_SCENARIOS=1 rewrites firmware/test/scenarios/*/expected.txt (review the diff!).
# --build-only: step 1 only (the simulator harness and the test binary), run nothing; what
# `npm start` needs before it launches the simulated MCU.
set -euo pipefail

build_only=0
case "${1:-}" in
  --build-only) build_only=1 ;;
  "") ;;
  *) echo "usage: $0 [--build-only]" >&2; exit 2 ;;
esac

REPO="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$REPO/build/native"
LIB="$REPO/firmware/lib"
JOBS="${JOBS:-2}"

generator=()
if [ ! -f "$OUT/CMakeCache.txt" ] && command -v ninja > /dev/null; then generator=(-G Ninja); fi
cmake -S "$REPO/firmware" -B "$OUT" "${generator[@]}" -DCMAKE_BUILD_TYPE=Debug > /dev/null
cmake --build "$OUT" -j "$JOBS"
if [ "$build_only" = 1 ]; then exit 0; fi

AVR_FLAGS=(-std=gnu++11 -mmcu=atmega32u4 -Os -fno-exceptions -fno-rtti -fno-threadsafe-statics)
ARM_FLAGS=(-std=gnu++11 -mcpu=cortex-m0plus -mthumb -ffreestanding -Os -fno-exceptions -fno-rtti -fno-threadsafe-statics)
WARN=(-Wall -Wextra -Werror -ffunction-sections -fdata-sections)

# Recompile an object only when its source or any core header is newer.
newest_header="$(find "$LIB" -name '*.h' -printf '%T@ %p\n' | sort -n | tail -1 | cut -d' ' -f2)"
cross_compile() {  # $1 = avr|arm, $2 = source
  local target="$1" src="$2" obj
  obj="$OUT/portability/$target/${src#"$LIB"/}.o"
  if [ -f "$obj" ] && [ "$obj" -nt "$src" ] && [ "$obj" -nt "$newest_header" ]; then return 0; fi
  mkdir -p "$(dirname "$obj")"
  if [ "$target" = avr ]; then
    avr-g++ "${AVR_FLAGS[@]}" "${WARN[@]}" -I"$LIB" -c "$src" -o "$obj"
  else
    arm-none-eabi-g++ "${ARM_FLAGS[@]}" "${WARN[@]}" -I"$LIB" -c "$src" -o "$obj"
  fi
}
export -f cross_compile
export OUT LIB newest_header
export AVR_FLAGS_S="${AVR_FLAGS[*]}" ARM_FLAGS_S="${ARM_FLAGS[*]}" WARN_S="${WARN[*]}"
# Arrays do not cross the xargs boundary: rebuild them in the worker.
find "$LIB" -name '*.cpp' | sort | sed 's/^/avr /; p; s/^avr /arm /' |
  xargs -P "$JOBS" -L 1 bash -c 'AVR_FLAGS=($AVR_FLAGS_S); ARM_FLAGS=($ARM_FLAGS_S); WARN=($WARN_S); cross_compile "$0" "$1"'
echo "portability: $(find "$LIB" -name '*.cpp' | wc -l) core sources compile for atmega32u4 and cortex-m0plus"

# What the core costs in static RAM on the AVR: link it alone (null HALs) with gc-sections.
# Tables and strings are BH_FLASH (program memory), so .data is little more than vtables.
probe="$OUT/portability/ram_probe.elf"
avr-g++ "${AVR_FLAGS[@]}" "${WARN[@]}" -I"$LIB" -x c++ "$REPO/firmware/test/avr/ram_probe.cc" -x none \
  "$OUT"/portability/avr/*/*.o -Wl,--gc-sections -o "$probe"
avr-size -A "$probe" | awk '$1==".data"{d=$2} $1==".bss"{b=$2} $1==".text"{t=$2}
  END { printf "avr core-only image: flash %d, static RAM %d (.data %d + .bss %d)\n", t+d, d+b, d, b }'

"$OUT/bh_tests"
bash "$REPO/scripts/firmware/fuzz.sh"
