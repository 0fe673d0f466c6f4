#!/usr/bin/env bash
# Build an Arduino Leonardo (ATmega32u4 @ 16 MHz) image with Debian's avr-gcc
# and arduino-core-avr: Arduino core (incl. USB core) + HID library + sketch.
#
# Usage: build-leonardo.sh [-n NAME] [-o OUTDIR] [-I INCDIR]... [-D MACRO]... SRCDIR...
#   SRCDIR   scanned recursively for *.c *.cpp *.S *.ino; also added to -I.
#   -I DIR   extra include dir (no sources compiled from it).
#   -D X     extra preprocessor define.
#   -n NAME  image name (default: basename of the first SRCDIR).
#   -o DIR   output dir (default: <repo>/build/firmware/leonardo/NAME).
# Env (space-separated, appended to the args): LEONARDO_SRC_DIRS,
#   LEONARDO_INC_DIRS, LEONARDO_DEFINES; LEONARDO_SRC_FLAGS (extra flags for the
#   SRCDIR files only, e.g. "-Wall -Wextra -Werror": the Arduino core itself
#   is not warning-clean); ARDUINO_AVR (core root), LTO=0|1 (default 1).
# Output: NAME.elf NAME.hex NAME.map; exit 1 if the image overflows the chip.
set -euo pipefail

REPO="$(cd "$(dirname "$0")/../.." && pwd)"
AVR="${ARDUINO_AVR:-/usr/share/arduino/hardware/arduino/avr}"
FLASH_MAX=32256   # 32 KiB minus the 4 KiB Caterina bootloader
RAM_MAX=2560

name="" out="" srcs=() incs=() defs=()
while getopts "n:o:I:D:h" opt; do
  case "$opt" in
    n) name="$OPTARG" ;; o) out="$OPTARG" ;;
    I) incs+=("$OPTARG") ;; D) defs+=("$OPTARG") ;;
    *) sed -n '2,15p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
srcs+=("$@")
# shellcheck disable=SC2206  # word splitting of the env lists is intended
srcs+=(${LEONARDO_SRC_DIRS:-}); incs+=(${LEONARDO_INC_DIRS:-}); defs+=(${LEONARDO_DEFINES:-})
[ ${#srcs[@]} -gt 0 ] || { echo "build-leonardo: no source dir given" >&2; exit 2; }
for d in "${srcs[@]}" "${incs[@]}"; do [ -d "$d" ] || { echo "build-leonardo: not a dir: $d" >&2; exit 2; }; done
[ -d "$AVR/cores/arduino" ] || { echo "build-leonardo: no Arduino core at $AVR (apt-get install arduino-core-avr)" >&2; exit 2; }
name="${name:-$(basename "$(cd "${srcs[0]}" && pwd)")}"
out="${out:-$REPO/build/firmware/leonardo/$name}"

# Mirrors platform.txt/boards.txt for "leonardo". DECIMAL_DIG: avr-gcc 5.4's
# <float.h> hides it under -std=gnu++11, but the core's WString.cpp needs it.
LTO_FLAGS=(); [ "${LTO:-1}" = 1 ] && LTO_FLAGS=(-flto)
COMMON=(-mmcu=atmega32u4 -DF_CPU=16000000L -DARDUINO=10807 -DARDUINO_AVR_LEONARDO -DARDUINO_ARCH_AVR
  -DUSB_VID=0x2341 -DUSB_PID=0x8036 '-DUSB_MANUFACTURER="Unknown"' '-DUSB_PRODUCT="Arduino Leonardo"'
  -DDECIMAL_DIG=__DECIMAL_DIG__ -Os -g -ffunction-sections -fdata-sections "${LTO_FLAGS[@]}")
CFLAGS=(-std=gnu11)
CXXFLAGS=(-std=gnu++11 -fpermissive -fno-exceptions -fno-threadsafe-statics -Wno-error=narrowing)
INC=(-I"$AVR/cores/arduino" -I"$AVR/variants/leonardo" -I"$AVR/libraries/HID/src")
for d in "${srcs[@]}" "${incs[@]}"; do INC+=(-I"$(cd "$d" && pwd)"); done
for d in "${defs[@]}"; do INC+=(-D"$d"); done

# Full rebuild every time (~1 s with LTO): no stale-object bookkeeping.
rm -rf "$out/obj"; mkdir -p "$out/obj"
# One "SRC<TAB>OBJ" job per file; objects mirror the tree under a per-root
# prefix so equal basenames in different dirs cannot collide.
jobs="$out/jobs.txt"; : > "$jobs"
add_tree() {  # $1 = root, $2 = object prefix, $3 = extra flags (one word list)
  local f
  while IFS= read -r f; do
    printf '%s\t%s\t%s\n' "$1/$f" "$out/obj/$2/$f.o" "${3:-}" >> "$jobs"
  done < <(cd "$1" && find . -type f \( -name '*.c' -o -name '*.cpp' -o -name '*.S' -o -name '*.ino' \) | sed 's|^\./||' | sort)
}
add_tree "$AVR/cores/arduino" core
add_tree "$AVR/libraries/HID/src" lib-HID
i=0; for d in "${srcs[@]}"; do add_tree "$(cd "$d" && pwd)" "src$i" "${LEONARDO_SRC_FLAGS:-}"; i=$((i + 1)); done

compile() {  # $1 = src, $2 = obj, $3 = extra flags; the rest come via FLAGDEFS
  mkdir -p "$(dirname "$2")"
  # shellcheck disable=SC2206
  local x=($3); COMMON+=("${x[@]}")
  case "$1" in
    *.c)   avr-gcc "${COMMON[@]}" "${CFLAGS[@]}" "${INC[@]}" -c "$1" -o "$2" ;;
    *.S)   avr-gcc "${COMMON[@]}" -x assembler-with-cpp "${INC[@]}" -c "$1" -o "$2" ;;
    *.cpp) avr-g++ "${COMMON[@]}" "${CXXFLAGS[@]}" "${INC[@]}" -c "$1" -o "$2" ;;
    # .ino: no prototype generation; the sketch must declare what it uses.
    *.ino) avr-g++ "${COMMON[@]}" "${CXXFLAGS[@]}" "${INC[@]}" -x c++ -include Arduino.h -c "$1" -o "$2" ;;
  esac
}
# Arrays can't be exported, so hand the worker its flags via declare -p.
export -f compile
export FLAGDEFS; FLAGDEFS="$(declare -p COMMON CFLAGS CXXFLAGS INC)"
tr '\t' '\n' < "$jobs" | xargs -d '\n' -n 3 -P "$(nproc)" \
  bash -c 'eval "$FLAGDEFS"; compile "$1" "$2" "$3"' _

mapfile -t objs < <(cut -f2 "$jobs")
elf="$out/$name.elf"
avr-gcc -mmcu=atmega32u4 -Os -g "${LTO_FLAGS[@]}" -fuse-linker-plugin -Wl,--gc-sections \
  -Wl,-Map="$out/$name.map" -o "$elf" "${objs[@]}" -lm
avr-objcopy -O ihex -R .eeprom "$elf" "$out/$name.hex"

# Flash = .text + .data (initialisers live in flash); static RAM = .data + .bss + .noinit.
read -r text data bss noinit < <(avr-size -A "$elf" |
  awk '$1==".text"{t=$2} $1==".data"{d=$2} $1==".bss"{b=$2} $1==".noinit"{n=$2} END{print t+0, d+0, b+0, n+0}')
flash=$((text + data)); ram=$((data + bss + noinit))
printf 'elf:   %s\nhex:   %s\n' "$elf" "$out/$name.hex"
printf 'flash: %6d / %d bytes (%d%%)\n' "$flash" "$FLASH_MAX" $((flash * 100 / FLASH_MAX))
printf 'ram:   %6d / %d bytes (%d%%) static, stack not included\n' "$ram" "$RAM_MAX" $((ram * 100 / RAM_MAX))
[ "$flash" -le "$FLASH_MAX" ] && [ "$ram" -le "$RAM_MAX" ] || { echo "build-leonardo: image does not fit atmega32u4" >&2; exit 1; }
