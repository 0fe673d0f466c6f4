// Links the core alone into an atmega32u4 image (null HALs) so native.sh can report what the
// core really costs in static RAM on the AVR (tables and strings are BH_FLASH, so what is
// left in .data is what a board really pays). Not a test; compiled by scripts/firmware/native.sh only (.cc: not globbed).
#include <avr/io.h>

#include "actuators/direct_tap_driver.h"
#include "core/core.h"
#include "core/version.h"

extern "C" void __cxa_pure_virtual() { for (;;) {} }

namespace {

class NullHal : public bh::Clock, public bh::SerialOut, public bh::TouchOutput, public bh::KeyboardSink {
 public:
  uint32_t nowMs() override { return ticks++; }
  void write(const uint8_t* data, uint8_t length) override { for (uint8_t i = 0; i < length; i++) UDR1 = data[i]; }
  void touchDown(uint16_t x, uint16_t y) override { OCR1A = x; OCR1B = y; }
  void touchUp() override { OCR1A = 0; }
  void press(uint8_t usage, uint8_t modifiers) override { PORTB = usage; PORTD = modifiers; }
  void releaseAll() override { PORTB = 0; }
  uint32_t ticks = 0;
};

NullHal hal;
bh::DirectTapDriver tap(hal);
bh::CoreHal coreHal = {&hal, &hal, &tap, &hal, nullptr};
const char kFirmwareVersion[] BH_FLASH = BH_FIRMWARE_VERSION;
const char kBoardName[] BH_FLASH = "leonardo";
bh::BoardInfo board = {bh::FlashString(kFirmwareVersion), bh::FlashString(kBoardName), 0,
                       bh::proto::ResetReason::Power};
bh::Core core(coreHal, board, bh::defaultLimits(1080, 2400));

}  // namespace

int main() {
  core.begin();
  for (;;) {
    if (UCSR1A & (1 << RXC1)) core.feedByte(UDR1);
    core.poll();
  }
}
