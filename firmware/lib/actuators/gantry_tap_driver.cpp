#include "actuators/gantry_tap_driver.h"

#include "core/clock_math.h"

namespace bh {

GantryTapDriver::GantryTapDriver(GantryHal& hal, const GantryConfig& config)
    : hal_(hal), config_(config), phase_(kIdle), toolDown_(false), holdMs_(0), swipe_(0), nextPoint_(0), lastPollMs_(0),
      phaseEndsMs_(0), faultName_(BH_FSTR("none")) {
  x_.configure(kAxisX, config.x);
  y_.configure(kAxisY, config.y);
}

void GantryTapDriver::setTool(bool down) {
  hal_.setToolDown(down);
  toolDown_ = down;
}

void GantryTapDriver::startHome(uint32_t nowMs) {
  setTool(false);
  x_.startHoming(hal_);
  y_.startHoming(hal_);
  phase_ = kHoming;
  lastPollMs_ = nowMs;
}

void GantryTapDriver::moveTo(uint16_t x, uint16_t y) {
  x_.startMove(static_cast<int32_t>(x) * config_.stepsPerUnit, hal_);
  y_.startMove(static_cast<int32_t>(y) * config_.stepsPerUnit, hal_);
}

void GantryTapDriver::startTap(const TapRequest& request, uint32_t nowMs) {
  swipe_ = 0;
  moveTo(request.x, request.y);
  holdMs_ = request.holdMs;
  phase_ = kMoving;
  lastPollMs_ = nowMs;
}

// Travels to the first point with the tool up, like a tap; the hold then ends in tracing
// instead of lifting.
void GantryTapDriver::startSwipe(const SwipeRequest& request, uint32_t nowMs) {
  swipe_ = &request;
  nextPoint_ = 1;
  moveTo(request.x[0], request.y[0]);
  holdMs_ = request.holdMs;
  phase_ = kMoving;
  lastPollMs_ = nowMs;
}

void GantryTapDriver::lift(uint32_t nowMs) {
  setTool(false);
  phase_ = kLifting;
  phaseEndsMs_ = nowMs + config_.toolUpMs;
}

ActuatorStatus GantryTapDriver::pollTracing(uint16_t elapsedMs, uint32_t nowMs) {
  ActuatorStatus xStatus = x_.poll(elapsedMs, hal_);
  ActuatorStatus yStatus = y_.poll(elapsedMs, hal_);
  if (xStatus != ActuatorStatus::kDone || yStatus != ActuatorStatus::kDone) return ActuatorStatus::kBusy;
  if (nextPoint_ >= swipe_->count) {
    lift(nowMs);
    return ActuatorStatus::kBusy;
  }
  moveTo(swipe_->x[nextPoint_], swipe_->y[nextPoint_]);
  nextPoint_++;
  return ActuatorStatus::kBusy;
}

uint16_t GantryTapDriver::elapsedSinceLastPoll(uint32_t nowMs) {
  uint32_t elapsed = nowMs - lastPollMs_;
  lastPollMs_ = nowMs;
  return static_cast<uint16_t>(elapsed > config_.maxPollGapMs ? config_.maxPollGapMs : elapsed);
}

ActuatorStatus GantryTapDriver::pollHoming(uint16_t elapsedMs) {
  ActuatorStatus xStatus = x_.poll(elapsedMs, hal_);
  ActuatorStatus yStatus = y_.poll(elapsedMs, hal_);
  if (xStatus == ActuatorStatus::kFailed || yStatus == ActuatorStatus::kFailed) {
    faultName_ = xStatus == ActuatorStatus::kFailed ? BH_FSTR("home_x") : BH_FSTR("home_y");
    releaseAll();
    return ActuatorStatus::kFailed;
  }
  if (xStatus != ActuatorStatus::kDone || yStatus != ActuatorStatus::kDone) return ActuatorStatus::kBusy;
  phase_ = kIdle;
  return ActuatorStatus::kDone;
}

ActuatorStatus GantryTapDriver::pollMoving(uint16_t elapsedMs, uint32_t nowMs) {
  ActuatorStatus xStatus = x_.poll(elapsedMs, hal_);
  ActuatorStatus yStatus = y_.poll(elapsedMs, hal_);
  if (xStatus != ActuatorStatus::kDone || yStatus != ActuatorStatus::kDone) return ActuatorStatus::kBusy;
  setTool(true);
  phase_ = kPressing;
  phaseEndsMs_ = nowMs + config_.toolDownMs + holdMs_;
  return ActuatorStatus::kBusy;
}

ActuatorStatus GantryTapDriver::pollTimedPhase(uint32_t nowMs) {
  if (!timeReached(nowMs, phaseEndsMs_)) return ActuatorStatus::kBusy;
  if (phase_ == kPressing && swipe_ != 0) {
    phase_ = kTracing;  // the first poll while tracing starts the move to point 1
    return ActuatorStatus::kBusy;
  }
  if (phase_ == kPressing) {
    lift(nowMs);
    return ActuatorStatus::kBusy;
  }
  phase_ = kIdle;
  return ActuatorStatus::kDone;
}

ActuatorStatus GantryTapDriver::poll(uint32_t nowMs) {
  uint16_t elapsedMs = elapsedSinceLastPoll(nowMs);
  switch (phase_) {
    case kHoming: return pollHoming(elapsedMs);
    case kMoving: return pollMoving(elapsedMs, nowMs);
    case kPressing:
    case kLifting: return pollTimedPhase(nowMs);
    case kTracing: return pollTracing(elapsedMs, nowMs);
    case kIdle: break;
  }
  return ActuatorStatus::kDone;
}

void GantryTapDriver::releaseAll() {
  setTool(false);
  x_.stop();
  y_.stop();
  phase_ = kIdle;
  swipe_ = 0;
}

}  // namespace bh
