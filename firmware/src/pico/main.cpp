// benchhand firmware for the Raspberry Pi Pico (RP2040, arduino-pico core, Adafruit TinyUSB):
// the portable core with Serial1 (UART0) to the Pi and USB HID keyboard + touch screen to the
// phone. UNBUILT in CI (no arduino-pico in Debian): build with `pio run -e pico`.
#include <Arduino.h>

#include "actuators/direct_tap_driver.h"
#include "board_config.h"
#include "boot_info.h"
#include "common/estop_input.h"
#include "common/status_led.h"
#include "core/core.h"
#include "core/version.h"
#include "hid_reports.h"

namespace {

// On the RP2040 const data already stays in flash (XIP), and BH_FLASH is empty.
const char kBoardName[] = "pico";

class MillisClock final : public bh::Clock {
 public:
  uint32_t nowMs() override { return millis(); }
};

// Serial1 (UART0) has a 32-byte FIFO plus the core's buffer; write() waits only when both are full.
class SerialLink final : public bh::SerialOut {
 public:
  void write(const uint8_t* data, uint8_t length) override { Serial1.write(data, length); }
};

MillisClock millisClock;
SerialLink serialLink;
bh::pico::HidReports hid(BH_TOUCH_WORKSPACE_X, BH_TOUCH_WORKSPACE_Y);
bh::DirectTapDriver tapDriver(hid.reports());
bh::glue::EstopInput estop(BH_PIN_ESTOP, BH_ESTOP_DEBOUNCE_MS);
bh::glue::StatusLed statusLed(BH_PIN_STATUS_LED);

// Built in setup(): the boot id needs the hardware RNG, which is not up during static init.
bh::Core* core = nullptr;

bh::Core& makeCore() {
  static const bh::CoreHal hal = {&millisClock, &serialLink, &tapDriver, &hid.reports(), nullptr};
  static const bh::BoardInfo board = {bh::FlashString(BH_FIRMWARE_VERSION), bh::FlashString(kBoardName),
                                      bh::pico::nextBootId(), bh::pico::resetReason()};
  static bh::Core instance(hal, board, bh::defaultLimits(BH_TOUCH_WORKSPACE_X, BH_TOUCH_WORKSPACE_Y));
  return instance;
}

}  // namespace

void setup() {
  hid.begin();  // register the HID interface before the host enumerates us
  statusLed.begin();
  estop.begin();
  Serial1.setTX(BH_PIN_PI_TX);
  Serial1.setRX(BH_PIN_PI_RX);
  Serial1.setFIFOSize(256);  // a received burst waits here while a reply is being written
  Serial1.begin(BH_PI_BAUD);
  core = &makeCore();
  core->begin();
}

void loop() {
  while (Serial1.available() > 0) core->feedByte(static_cast<uint8_t>(Serial1.read()));
  uint32_t nowMs = millis();
  estop.poll(nowMs, *core);
  core->poll();
  hid.service();
  statusLed.show(core->state(), nowMs);
}
