// One stepper axis with a trapezoidal speed profile, advanced from the millisecond clock:
// each poll emits the steps that the profile owes since the last one (at most a few per ms
// at gantry speeds). Speed and acceleration never exceed the configured bounds, and homing
// fails instead of grinding on when the endstop does not trigger within the travel.
#pragma once
#include <stdint.h>

#include "actuators/gantry_hal.h"
#include "actuators/tap_driver.h"

namespace bh {

struct AxisConfig {
  uint16_t maxSpeed;      // steps/s
  uint16_t acceleration;  // steps/s^2
  uint16_t homingSpeed;   // steps/s, constant (no ramp needed that slow)
  uint32_t travelSteps;   // length of the axis; homing gives up after travel + 1/8
};

class StepperAxis {
 public:
  static const uint16_t kMinSpeed = 100;  // steps/s floor while decelerating: never stall

  StepperAxis() : axis_(0), config_(), mode_(kIdle), homed_(false), position_(0), target_(0),
                  speed_(0), stepCredit_(0), homingSteps_(0) {}

  void configure(uint8_t axis, const AxisConfig& config);
  void startHoming(GantryHal& hal);
  void startMove(int32_t target, GantryHal& hal);
  // Advances by elapsedMs (the caller bounds it). kDone once at rest at the target.
  ActuatorStatus poll(uint16_t elapsedMs, GantryHal& hal);
  // Stops dead. A stop mid-move may lose steps, so the axis must be homed again.
  void stop();
  bool homed() const { return homed_; }
  int32_t position() const { return position_; }
  uint16_t speed() const { return speed_; }

 private:
  enum Mode : uint8_t { kIdle, kMoving, kHoming };

  uint16_t takeSteps(uint16_t elapsedMs, uint32_t most);
  void updateSpeed(uint16_t elapsedMs, uint32_t remaining);
  ActuatorStatus pollMove(uint16_t elapsedMs, GantryHal& hal);
  ActuatorStatus pollHoming(uint16_t elapsedMs, GantryHal& hal);

  uint8_t axis_;
  AxisConfig config_;
  Mode mode_;
  bool homed_;
  int32_t position_;
  int32_t target_;
  uint16_t speed_;
  uint32_t stepCredit_;  // milli-steps owed by the profile
  uint32_t homingSteps_;
};

}  // namespace bh
