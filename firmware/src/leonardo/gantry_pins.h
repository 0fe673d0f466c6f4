// The GantryHal on the board's pins (board_config.h): step/dir drivers (A4988/DRV8825/TMC in
// step-dir mode), active-low home switches, and the press tool: a hobby servo on OC1A driven
// by Timer1's hardware PWM (BH_TOOL_SERVO), or a solenoid through a MOSFET.
#pragma once
#include <stdint.h>

#include "actuators/gantry_hal.h"
#include "actuators/gantry_tap_driver.h"

namespace bh {
namespace leonardo {

class GantryPins final : public GantryHal {
 public:
  void begin();
  void setDirection(uint8_t axis, bool positive) override;
  void step(uint8_t axis) override;
  bool atHomeEndstop(uint8_t axis) override;
  void setToolDown(bool down) override;
};

// The mechanics of board_config.h as the core's GantryConfig.
GantryConfig gantryConfig();

}  // namespace leonardo
}  // namespace bh
