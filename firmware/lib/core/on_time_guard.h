// Klipper's max_duration for one actuator: watches whether it is pressed, independently of
// the command that pressed it, and says when it has been pressed longer than allowed.
#pragma once
#include <stdint.h>

#include "core/clock_math.h"

namespace bh {

class OnTimeGuard {
 public:
  OnTimeGuard() : pressed_(false), pressedSinceMs_(0) {}

  // Call every poll. True once the actuator has been pressed for more than maxOnMs.
  bool exceeded(bool pressed, uint32_t nowMs, uint32_t maxOnMs) {
    if (!pressed) {
      pressed_ = false;
      return false;
    }
    if (!pressed_) {
      pressed_ = true;
      pressedSinceMs_ = nowMs;
    }
    return timeReached(nowMs, pressedSinceMs_ + maxOnMs + 1);
  }

 private:
  bool pressed_;
  uint32_t pressedSinceMs_;
};

}  // namespace bh
