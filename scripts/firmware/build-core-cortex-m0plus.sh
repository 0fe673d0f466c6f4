#!/usr/bin/env bash
# Cross-compile portable C++ sources for Cortex-M0+ (objects only, no link) to
# prove they build freestanding (C++11, no exceptions/RTTI, no stdlib headers
# beyond the freestanding set) and to report their code/data size.
#
# Usage: build-core-cortex-m0plus.sh [-o OUTDIR] [-I INCDIR]... [-D MACRO]... SRC.cpp|SRCDIR...
#   A dir argument contributes its *.cpp recursively and is added to -I.
#   -o DIR  object dir (default: <repo>/build/firmware/cortex-m0plus).
# Env: M0P_EXTRA_FLAGS (appended, e.g. "-Werror").
set -euo pipefail

REPO="$(cd "$(dirname "$0")/../.." && pwd)"
out="$REPO/build/firmware/cortex-m0plus" incs=() defs=() files=()
while getopts "o:I:D:h" opt; do
  case "$opt" in
    o) out="$OPTARG" ;; I) incs+=(-I"$OPTARG") ;; D) defs+=(-D"$OPTARG") ;;
    *) sed -n '2,10p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
for a in "$@"; do
  if [ -d "$a" ]; then
    incs+=(-I"$(cd "$a" && pwd)")
    while IFS= read -r f; do files+=("$f"); done < <(find "$(cd "$a" && pwd)" -type f -name '*.cpp' | sort)
  elif [ -f "$a" ]; then files+=("$(cd "$(dirname "$a")" && pwd)/$(basename "$a")")
  else echo "build-core-cortex-m0plus: no such file or dir: $a" >&2; exit 2; fi
done
[ ${#files[@]} -gt 0 ] || { echo "build-core-cortex-m0plus: no sources" >&2; exit 2; }

# -nostdinc++ keeps libstdc++ headers out (avr-gcc has no libstdc++ at all, so
# this keeps the two targets honest alike); the compiler's freestanding C
# headers (<stdint.h>, <stddef.h>, <limits.h>, ...) stay reachable. Sections per function so
# the size report is per-symbol meaningful and a later link can gc them.
# shellcheck disable=SC2206
FLAGS=(-mcpu=cortex-m0plus -mthumb -Os -std=c++11 -ffreestanding -fno-exceptions -fno-rtti
  -fno-threadsafe-statics -fno-use-cxa-atexit -nostdinc++ -ffunction-sections -fdata-sections
  -Wall -Wextra ${M0P_EXTRA_FLAGS:-})

mkdir -p "$out"; rm -f "$out"/*.o
objs=()
for f in "${files[@]}"; do
  # Flatten the (repo-relative) path into a unique object name.
  rel="${f#"$REPO"/}"; o="$out/$(echo "${rel#/}" | tr '/' '_').o"
  arm-none-eabi-g++ "${FLAGS[@]}" "${incs[@]}" "${defs[@]}" -c "$f" -o "$o"
  objs+=("$o")
done
arm-none-eabi-size -t "${objs[@]}" | sed "s|$out/||"
