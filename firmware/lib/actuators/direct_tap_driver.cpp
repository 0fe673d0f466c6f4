#include "actuators/direct_tap_driver.h"

#include "core/clock_math.h"

namespace bh {

void DirectTapDriver::startTap(const TapRequest& request, uint32_t nowMs) {
  touch_.touchDown(request.x, request.y);
  pressed_ = true;
  releaseAtMs_ = nowMs + request.holdMs;
}

ActuatorStatus DirectTapDriver::poll(uint32_t nowMs) {
  if (pressed_ && timeReached(nowMs, releaseAtMs_)) releaseAll();
  return pressed_ ? ActuatorStatus::kBusy : ActuatorStatus::kDone;
}

void DirectTapDriver::releaseAll() {
  if (pressed_) touch_.touchUp();
  pressed_ = false;
}

}  // namespace bh
