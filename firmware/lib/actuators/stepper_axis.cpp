#include "actuators/stepper_axis.h"

namespace bh {

void StepperAxis::configure(uint8_t axis, const AxisConfig& config) {
  axis_ = axis;
  config_ = config;
}

void StepperAxis::startHoming(GantryHal& hal) {
  hal.setDirection(axis_, false);
  mode_ = kHoming;
  homed_ = false;
  speed_ = config_.homingSpeed;
  stepCredit_ = 0;
  homingSteps_ = 0;
}

void StepperAxis::startMove(int32_t target, GantryHal& hal) {
  target_ = target;
  hal.setDirection(axis_, target_ >= position_);
  mode_ = kMoving;
  speed_ = 0;
  stepCredit_ = 0;
}

void StepperAxis::stop() {
  if (mode_ == kMoving || mode_ == kHoming) homed_ = false;
  mode_ = kIdle;
  speed_ = 0;
}

uint16_t StepperAxis::takeSteps(uint16_t elapsedMs, uint32_t most) {
  stepCredit_ += static_cast<uint32_t>(speed_) * elapsedMs;
  uint32_t steps = stepCredit_ / 1000;
  if (steps > most) steps = most;
  stepCredit_ -= steps * 1000;
  return static_cast<uint16_t>(steps);
}

// Accelerate until the distance needed to stop reaches the distance left, then decelerate.
void StepperAxis::updateSpeed(uint16_t elapsedMs, uint32_t remaining) {
  uint32_t delta = static_cast<uint32_t>(config_.acceleration) * elapsedMs / 1000;
  if (delta == 0) delta = 1;
  uint32_t stopping = static_cast<uint32_t>(speed_) * speed_ / (2UL * config_.acceleration);
  uint32_t speed = speed_;
  if (stopping >= remaining) {
    speed = speed > delta + kMinSpeed ? speed - delta : kMinSpeed;
  } else {
    speed += delta;
    if (speed > config_.maxSpeed) speed = config_.maxSpeed;
  }
  speed_ = static_cast<uint16_t>(speed);
}

ActuatorStatus StepperAxis::pollMove(uint16_t elapsedMs, GantryHal& hal) {
  uint32_t remaining = static_cast<uint32_t>(target_ >= position_ ? target_ - position_ : position_ - target_);
  if (remaining == 0) {
    mode_ = kIdle;
    speed_ = 0;
    return ActuatorStatus::kDone;
  }
  updateSpeed(elapsedMs, remaining);
  uint16_t steps = takeSteps(elapsedMs, remaining);
  for (uint16_t i = 0; i < steps; i++) hal.step(axis_);
  position_ += target_ >= position_ ? steps : -static_cast<int32_t>(steps);
  return ActuatorStatus::kBusy;
}

ActuatorStatus StepperAxis::pollHoming(uint16_t elapsedMs, GantryHal& hal) {
  uint32_t limit = config_.travelSteps + config_.travelSteps / 8;
  uint16_t steps = takeSteps(elapsedMs, 0xFFFF);
  for (uint16_t i = 0; i <= steps; i++) {
    if (hal.atHomeEndstop(axis_)) {
      mode_ = kIdle;
      homed_ = true;
      position_ = 0;
      speed_ = 0;
      return ActuatorStatus::kDone;
    }
    if (i == steps) break;
    if (homingSteps_ >= limit) {
      stop();
      return ActuatorStatus::kFailed;
    }
    hal.step(axis_);
    homingSteps_++;
  }
  return ActuatorStatus::kBusy;
}

ActuatorStatus StepperAxis::poll(uint16_t elapsedMs, GantryHal& hal) {
  if (mode_ == kMoving) return pollMove(elapsedMs, hal);
  if (mode_ == kHoming) return pollHoming(elapsedMs, hal);
  return ActuatorStatus::kDone;
}

}  // namespace bh
