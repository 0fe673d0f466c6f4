// The whole-gesture checks, all done before the contact comes down: a path of 2..maxPathPoints
// points inside the workspace, no segment faster than maxSpeed, the contact down no longer
// than maxGestureMs. A gesture refused here moved nothing and is not ledgered.
#pragma once
#include <stdint.h>

#include "actuators/tap_driver.h"
#include "core/limits.h"
#include "protocol/refusal.h"
#include "protocol/slice.h"

namespace bh {

// Parses "x,y;x,y;..." into the request's points. BAD_ARG field=path for a malformed list,
// BAD_PATH limit=maxPathPoints for too few or too many points.
bool parsePath(const Limits& limits, Slice text, SwipeRequest& request, Refusal& refusal);
// hold + ms <= maxGestureMs (GESTURE_TOO_LONG), points inside the workspace (OUT_OF_BOUNDS
// field=x|y), every segment's speed <= maxSpeed (TOO_FAST field=path).
bool checkSwipe(const Limits& limits, uint32_t holdMs, uint32_t moveMs, SwipeRequest& request, Refusal& refusal);
bool checkGestureMs(const Limits& limits, uint32_t totalMs, FlashString field, Refusal& refusal);
// floor(sqrt(value)), integer only.
uint32_t integerSqrt(uint32_t value);

}  // namespace bh
