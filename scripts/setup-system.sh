#!/usr/bin/env bash
# Installs the Debian / Raspberry Pi OS packages benchhand's build, simulator and tests need.
# Idempotent; run as root (or through sudo). Node 20 and npm must already be installed.
set -euo pipefail

PACKAGES=(
  g++ make cmake pkg-config          # native firmware core, simulator harness
  googletest libgtest-dev            # firmware unit tests
  gcc-avr avr-libc arduino-core-avr  # Leonardo / Pro Micro image
  avrdude                            # benchhand flash: writes the Leonardo / Pro Micro image through the Caterina bootloader
  simavr libsimavr-dev libelf-dev    # the AVR image run in simulation
  gcc-arm-none-eabi                  # the portable core cross-compiled for the Pico's cortex-m0plus
  socat                              # serial debugging (pty pairs)
  shellcheck                         # lints host/install.sh (test/integration/host; one 2.6 MB package)
  mosquitto                          # MQTT broker for the operator tests
  fonts-dejavu-core                  # the virtual device's fonts
  fonts-roboto                       # Roboto, for the widened OCR corpus (scripts/vision/make-corpus.ts --wide)
  tesseract-ocr tesseract-ocr-eng    # native OCR, compared with tesseract.js in `npm run bench vision` (optional)
  chromium                           # headless browser for the run report test (benchhand report)
  libxml2-utils                      # xmllint: the JUnit XML of `benchhand test` validated against docs/junit/junit.xsd
  ffmpeg                             # the video of each Maestro flow run: camera pictures -> MP4 (src/adapters/video/)
  clang libclang-rt-14-dev           # libFuzzer targets of the firmware line assembler, frame parser and unescape (scripts/firmware/fuzz.sh)
)

if [ "$(id -u)" -ne 0 ]; then
  echo "setup-system: run as root, e.g. sudo bash scripts/setup-system.sh" >&2
  exit 1
fi
missing=()
for package in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-system: all ${#PACKAGES[@]} packages already installed"
  exit 0
fi
echo "setup-system: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
