#include "actuators/swipe_path.h"

namespace bh {

static uint16_t lerp(uint16_t from, uint16_t to, uint32_t part, uint32_t whole) {
  int32_t delta = static_cast<int32_t>(to) - static_cast<int32_t>(from);
  return static_cast<uint16_t>(static_cast<int32_t>(from) + delta * static_cast<int32_t>(part) / static_cast<int32_t>(whole));
}

PathPoint swipePointAt(const SwipeRequest& request, uint32_t elapsedMs) {
  uint8_t last = static_cast<uint8_t>(request.count - 1);
  PathPoint point = {request.x[last], request.y[last]};
  if (request.moveMs == 0 || elapsedMs >= request.moveMs) return point;
  // In units of moveMs / segments: which segment, and how far into it.
  uint32_t scaled = elapsedMs * last;
  uint8_t segment = static_cast<uint8_t>(scaled / request.moveMs);
  uint32_t into = scaled - static_cast<uint32_t>(segment) * request.moveMs;
  point.x = lerp(request.x[segment], request.x[segment + 1], into, request.moveMs);
  point.y = lerp(request.y[segment], request.y[segment + 1], into, request.moveMs);
  return point;
}

}  // namespace bh
