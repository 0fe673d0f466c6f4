#include "core/gesture_limits.h"

#include "protocol/numbers.h"

namespace bh {

namespace {

// Splits `rest` at the next `separator`; false when nothing is left.
bool takeUntil(Slice& rest, char separator, Slice& part) {
  if (rest.length == 0) return false;
  uint8_t at = 0;
  while (at < rest.length && rest.data[at] != separator) at++;
  part = makeSlice(rest.data, at);
  uint8_t skip = at < rest.length ? at + 1 : at;
  rest = makeSlice(rest.data + skip, static_cast<uint8_t>(rest.length - skip));
  return true;
}

bool parsePoint(Slice text, uint16_t& x, uint16_t& y) {
  Slice xs, ys;
  uint32_t xv = 0, yv = 0;
  if (!takeUntil(text, ',', xs) || !takeUntil(text, ',', ys) || text.length != 0) return false;
  if (!parseDecimal(xs, 0xFFFF, xv) || !parseDecimal(ys, 0xFFFF, yv)) return false;
  x = static_cast<uint16_t>(xv);
  y = static_cast<uint16_t>(yv);
  return true;
}

// The trailing ';' of "1,2;" would otherwise be accepted as a list of one point.
bool endsWithSeparator(Slice text) { return text.length > 0 && text.data[text.length - 1] == ';'; }

uint32_t segmentLength(const SwipeRequest& request, uint8_t i) {
  int32_t dx = static_cast<int32_t>(request.x[i + 1]) - request.x[i];
  int32_t dy = static_cast<int32_t>(request.y[i + 1]) - request.y[i];
  uint32_t ax = static_cast<uint32_t>(dx < 0 ? -dx : dx), ay = static_cast<uint32_t>(dy < 0 ? -dy : dy);
  // Halve both above 2^15 so dx^2 + dy^2 stays inside 32 bits.
  if (ax >= 32768 || ay >= 32768) return integerSqrt((ax / 2) * (ax / 2) + (ay / 2) * (ay / 2)) * 2;
  return integerSqrt(ax * ax + ay * ay);
}

}  // namespace

uint32_t integerSqrt(uint32_t value) {
  uint32_t root = 0, bit = 1UL << 30;
  while (bit > value) bit >>= 2;
  while (bit != 0) {
    if (value >= root + bit) {
      value -= root + bit;
      root = (root >> 1) + bit;
    } else {
      root >>= 1;
    }
    bit >>= 2;
  }
  return root;
}

bool parsePath(const Limits& limits, Slice text, SwipeRequest& request, Refusal& refusal) {
  uint16_t most = limits.maxPathPoints < kMaxPathPoints ? limits.maxPathPoints : kMaxPathPoints;
  request.count = 0;
  Slice part;
  if (endsWithSeparator(text)) return refusal = makeRefusal(proto::ErrorCode::BadArg, BH_FSTR("path")), false;
  while (takeUntil(text, ';', part)) {
    if (request.count >= most) return refusal = makeLimitRefusal(proto::ErrorCode::BadPath, BH_FSTR("path"), most), false;
    if (!parsePoint(part, request.x[request.count], request.y[request.count])) {
      return refusal = makeRefusal(proto::ErrorCode::BadArg, BH_FSTR("path")), false;
    }
    request.count++;
  }
  if (request.count < 2) return refusal = makeLimitRefusal(proto::ErrorCode::BadPath, BH_FSTR("path"), most), false;
  return true;
}

bool checkGestureMs(const Limits& limits, uint32_t totalMs, FlashString field, Refusal& refusal) {
  if (totalMs <= limits.maxGestureMs) return true;
  refusal = makeLimitRefusal(proto::ErrorCode::GestureTooLong, field, limits.maxGestureMs);
  return false;
}

bool checkSwipe(const Limits& limits, uint32_t holdMs, uint32_t moveMs, SwipeRequest& request, Refusal& refusal) {
  // Each alone first, so the sum cannot wrap.
  if (!checkGestureMs(limits, holdMs, BH_FSTR("hold"), refusal)) return false;
  if (!checkGestureMs(limits, moveMs, BH_FSTR("ms"), refusal)) return false;
  if (!checkGestureMs(limits, holdMs + moveMs, BH_FSTR("ms"), refusal)) return false;
  for (uint8_t i = 0; i < request.count; i++) {
    if (!checkPosition(limits, request.x[i], request.y[i], refusal)) return false;
  }
  // Each segment takes moveMs / segments: length * 1000 * segments <= maxSpeed * moveMs.
  uint8_t segments = static_cast<uint8_t>(request.count - 1);
  for (uint8_t i = 0; i < segments; i++) {
    uint32_t needed = segmentLength(request, i) * 1000UL * segments;
    if (needed > static_cast<uint32_t>(limits.maxSpeed) * moveMs) {
      refusal = makeLimitRefusal(proto::ErrorCode::TooFast, BH_FSTR("path"), limits.maxSpeed);
      return false;
    }
  }
  request.holdMs = static_cast<uint16_t>(holdMs);
  request.moveMs = static_cast<uint16_t>(moveMs);
  return true;
}

}  // namespace bh
