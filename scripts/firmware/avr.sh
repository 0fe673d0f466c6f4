#!/usr/bin/env bash
# The board builds CI can do with Debian's toolchains (no PlatformIO):
#   1. the two ATmega32u4 images (Leonardo / Pro Micro) with build-leonardo.sh:
#        build/firmware/leonardo/benchhand-touch/   USB HID keyboard + touch digitizer
#        build/firmware/leonardo/benchhand-gantry/  USB HID keyboard + XY gantry (BH_TAP_DRIVER_GANTRY)
#      our sources (firmware/src/leonardo, firmware/src/common, firmware/lib) with -Wall -Wextra -Werror; each build
#      prints flash/RAM against the chip and fails if the image does not fit;
#   2. the portable core cross-compiled for cortex-m0plus (the Pico's RP2040; its board glue
#      needs arduino-pico, which Debian does not ship, so that is as far as CI gets);
#   3. the simavr harness (build/tools/simavr-pty/simavr-pty) the simavr link test runs.
# Needs (Debian): gcc-avr avr-libc arduino-core-avr gcc-arm-none-eabi simavr libsimavr-dev libelf-dev.
set -euo pipefail

REPO="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$REPO"
export LEONARDO_SRC_FLAGS="-Wall -Wextra -Werror"
# Serial1's TX ring holds a whole MCU frame (280 + newline), so replying never waits for the
# wire (see firmware/src/leonardo/serial_link.h). Applies to the Arduino core's HardwareSerial.
# firmware/src is on the include path for "common/..." (as include_dir in platformio.ini).
COMMON=(-D SERIAL_TX_BUFFER_SIZE=288 -I firmware/src)
SOURCES=(firmware/src/leonardo firmware/src/common firmware/lib)

echo "== leonardo: touch digitizer variant"
scripts/firmware/build-leonardo.sh -n benchhand-touch "${COMMON[@]}" "${SOURCES[@]}"
echo "== leonardo: gantry variant"
scripts/firmware/build-leonardo.sh -n benchhand-gantry "${COMMON[@]}" -D BH_TAP_DRIVER_GANTRY "${SOURCES[@]}"

echo "== cortex-m0plus: portable core"
M0P_EXTRA_FLAGS="-Werror" scripts/firmware/build-core-cortex-m0plus.sh firmware/lib | tail -1

echo "== simavr-pty harness"
make -s -C firmware/tools/simavr-pty
echo "avr: ok"
