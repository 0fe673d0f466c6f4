// benchhand firmware for the ATmega32u4 (Arduino Leonardo, SparkFun Pro Micro): the portable
// core with Serial1 to the Pi, USB HID keyboard + touch screen to the phone (or, built with
// BH_TAP_DRIVER_GANTRY, a stylus on an XY gantry), a hardware e-stop and a status LED.
// Pins and mechanics: board_config.h. The loop never blocks: every part is polled.
#include <Arduino.h>

#include "boot_info.h"
#include "board_config.h"
#include "core/core.h"
#include "core/flash.h"
#include "core/version.h"
#include "common/estop_input.h"
#include "hid_reports.h"
#include "serial_link.h"
#include "common/status_led.h"

#ifdef BH_TAP_DRIVER_GANTRY
#include "actuators/gantry_tap_driver.h"
#include "gantry_pins.h"
#else
#include "actuators/direct_tap_driver.h"
#endif

namespace {

using bh::leonardo::HidReports;

#ifdef BH_TAP_DRIVER_GANTRY
const uint16_t kWorkspaceX = BH_GANTRY_WORKSPACE_X;
const uint16_t kWorkspaceY = BH_GANTRY_WORKSPACE_Y;
const char kBoardName[] BH_FLASH = "leonardo-gantry";
#else
const uint16_t kWorkspaceX = BH_TOUCH_WORKSPACE_X;
const uint16_t kWorkspaceY = BH_TOUCH_WORKSPACE_Y;
const char kBoardName[] BH_FLASH = "leonardo";
#endif
const char kFirmwareVersion[] BH_FLASH = BH_FIRMWARE_VERSION;

class MillisClock final : public bh::Clock {
 public:
  uint32_t nowMs() override { return millis(); }
};

MillisClock millisClock;
bh::leonardo::SerialLink serialLink;
HidReports hid(kWorkspaceX, kWorkspaceY);  // the keyboard in both variants
#ifdef BH_TAP_DRIVER_GANTRY
bh::leonardo::GantryPins gantryPins;
bh::GantryTapDriver tapDriver(gantryPins, bh::leonardo::gantryConfig());
#else
bh::DirectTapDriver tapDriver(hid.reports());
#endif

// One translation unit, so these initialise in order: the boot counter is read before the
// core copies the BoardInfo.
const bh::CoreHal coreHal = {&millisClock, &serialLink, &tapDriver, &hid.reports(), nullptr};
const bh::BoardInfo boardInfo = {bh::FlashString(kFirmwareVersion), bh::FlashString(kBoardName),
                                 bh::leonardo::nextBootId(), bh::leonardo::resetReason()};
// The gantry ignores a swipe's ms and moves at its steppers' speed, so a swipe is accepted only
// if it is no faster than they are: then the tool stays down about ms, inside the on-time guard.
bh::Limits boardLimits() {
  bh::Limits limits = bh::defaultLimits(kWorkspaceX, kWorkspaceY);
#ifdef BH_TAP_DRIVER_GANTRY
  limits.maxSpeed = BH_GANTRY_MAX_SPEED / BH_GANTRY_STEPS_PER_UNIT;
#endif
  return limits;
}

bh::Core core(coreHal, boardInfo, boardLimits());

bh::glue::EstopInput estop(BH_PIN_ESTOP, BH_ESTOP_DEBOUNCE_MS);
bh::glue::StatusLed statusLed(BH_PIN_STATUS_LED);

}  // namespace

void setup() {
  statusLed.begin();
  estop.begin();
#ifdef BH_TAP_DRIVER_GANTRY
  gantryPins.begin();
#endif
  Serial1.begin(BH_PI_BAUD);
  core.begin();  // EVT name=boot: a host that is listening learns of the reboot at once
}

void loop() {
  while (Serial1.available() > 0) core.feedByte(static_cast<uint8_t>(Serial1.read()));
  uint32_t nowMs = millis();
  estop.poll(nowMs, core);
  core.poll();
  hid.service();
  statusLed.show(core.state(), nowMs);
}
