// Where the contact is along a swipe at a given time: equal time per segment, straight lines
// between the points. Integer only (the AVR has no FPU); every product fits 32 bits because
// coordinates are 16-bit and times are at most maxGestureMs.
#pragma once
#include <stdint.h>

#include "actuators/tap_driver.h"

namespace bh {

struct PathPoint {
  uint16_t x;
  uint16_t y;
};

// elapsedMs counts from the start of the move (after the hold); past moveMs: the last point.
PathPoint swipePointAt(const SwipeRequest& request, uint32_t elapsedMs);

}  // namespace bh
