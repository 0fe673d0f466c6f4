// Tap driver for an XY gantry: home both axes against their endstops, move to the target
// with bounded speed and acceleration, lower the tool, hold, lift, settle. Workspace units
// map to steps by an integer factor. A swipe lowers the tool at its first point and then
// visits every point with the tool down, each move at the axes' bounded speed (a gantry
// cannot be faster than its steppers; the board narrows maxSpeed to what they manage).
#pragma once
#include <stdint.h>

#include "actuators/gantry_hal.h"
#include "actuators/stepper_axis.h"
#include "actuators/tap_driver.h"

namespace bh {

struct GantryConfig {
  AxisConfig x;
  AxisConfig y;
  uint16_t stepsPerUnit;   // steps per workspace unit
  uint16_t toolDownMs;     // time for the tool to reach the glass, added to the hold
  uint16_t toolUpMs;       // time to clear the glass before the next move
  uint16_t maxPollGapMs;   // a late poll advances the profile by at most this much
};

class GantryTapDriver final : public TapDriver {
 public:
  GantryTapDriver(GantryHal& hal, const GantryConfig& config);

  bool needsHoming() const { return true; }
  bool isHomed() const { return x_.homed() && y_.homed(); }
  void startHome(uint32_t nowMs);
  void startTap(const TapRequest& request, uint32_t nowMs);
  void startSwipe(const SwipeRequest& request, uint32_t nowMs);
  ActuatorStatus poll(uint32_t nowMs);
  bool isPressed() const { return toolDown_; }
  void releaseAll();
  FlashString faultName() const { return faultName_; }

  int32_t positionSteps(uint8_t axis) const { return axis == kAxisX ? x_.position() : y_.position(); }

 private:
  enum Phase : uint8_t { kIdle, kHoming, kMoving, kPressing, kTracing, kLifting };

  uint16_t elapsedSinceLastPoll(uint32_t nowMs);
  ActuatorStatus pollHoming(uint16_t elapsedMs);
  ActuatorStatus pollMoving(uint16_t elapsedMs, uint32_t nowMs);
  ActuatorStatus pollTimedPhase(uint32_t nowMs);
  ActuatorStatus pollTracing(uint16_t elapsedMs, uint32_t nowMs);
  void moveTo(uint16_t x, uint16_t y);
  void lift(uint32_t nowMs);
  void setTool(bool down);

  GantryHal& hal_;
  GantryConfig config_;
  StepperAxis x_;
  StepperAxis y_;
  Phase phase_;
  bool toolDown_;
  uint16_t holdMs_;
  const SwipeRequest* swipe_;  // the running swipe, or null for a tap
  uint8_t nextPoint_;          // the path point the tool is moving to while tracing
  uint32_t lastPollMs_;
  uint32_t phaseEndsMs_;
  FlashString faultName_;
};

}  // namespace bh
