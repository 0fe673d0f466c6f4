#include "actuators/direct_tap_driver.h"

#include "actuators/swipe_path.h"
#include "core/clock_math.h"

namespace bh {

void DirectTapDriver::startTap(const TapRequest& request, uint32_t nowMs) {
  swipe_ = 0;
  touch_.touchDown(request.x, request.y);
  pressed_ = true;
  releaseAtMs_ = nowMs + request.holdMs;
}

void DirectTapDriver::startSwipe(const SwipeRequest& request, uint32_t nowMs) {
  swipe_ = &request;
  touch_.touchDown(request.x[0], request.y[0]);
  pressed_ = true;
  moveStartMs_ = nowMs + request.holdMs;
  nextReportMs_ = moveStartMs_ + kReportMs;
  releaseAtMs_ = moveStartMs_ + request.moveMs;
}

// One report per kReportMs while moving (a steady rate, as a finger on a digitizer), the
// last one exactly at the final point, then the lift.
ActuatorStatus DirectTapDriver::pollSwipe(uint32_t nowMs) {
  if (timeReached(nowMs, releaseAtMs_)) {
    uint8_t last = static_cast<uint8_t>(swipe_->count - 1);
    touch_.touchMove(swipe_->x[last], swipe_->y[last]);
    releaseAll();
    return ActuatorStatus::kDone;
  }
  if (!timeReached(nowMs, nextReportMs_)) return ActuatorStatus::kBusy;
  PathPoint point = swipePointAt(*swipe_, nowMs - moveStartMs_);
  touch_.touchMove(point.x, point.y);
  nextReportMs_ += kReportMs;
  return ActuatorStatus::kBusy;
}

ActuatorStatus DirectTapDriver::poll(uint32_t nowMs) {
  if (pressed_ && swipe_ != 0) return pollSwipe(nowMs);
  if (pressed_ && timeReached(nowMs, releaseAtMs_)) releaseAll();
  return pressed_ ? ActuatorStatus::kBusy : ActuatorStatus::kDone;
}

void DirectTapDriver::releaseAll() {
  if (pressed_) touch_.touchUp();
  pressed_ = false;
  swipe_ = 0;
}

}  // namespace bh
