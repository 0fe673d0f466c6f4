#include "core/limits.h"

#include "protocol/escape.h"

namespace bh {

Limits defaultLimits(uint16_t workspaceX, uint16_t workspaceY) {
  Limits limits;
  limits.maxTextBytes = kMaxTextBytes;
  limits.defaultHoldMs = proto::defaults::kDefaultHoldMs;
  limits.maxHoldMs = proto::defaults::kMaxHoldMs;
  limits.minTapGapMs = proto::defaults::kMinTapGapMs;
  limits.watchdogMs = proto::defaults::kWatchdogMs;
  limits.onTimeMarginMs = 500;
  limits.workspaceX = workspaceX;
  limits.workspaceY = workspaceY;
  limits.keyPressMs = 10;
  limits.keyGapMs = 10;
  limits.maxPathPoints = proto::defaults::kMaxPathPoints;
  limits.maxGestureMs = proto::defaults::kMaxGestureMs;
  limits.maxSpeed = proto::defaults::kMaxSpeed;
  return limits;
}

bool checkHold(const Limits& limits, uint32_t holdMs, Refusal& refusal) {
  if (holdMs <= limits.maxHoldMs) return true;
  refusal = makeLimitRefusal(proto::ErrorCode::HoldTooLong, BH_FSTR("hold"), limits.maxHoldMs);
  return false;
}

bool checkPosition(const Limits& limits, uint32_t x, uint32_t y, Refusal& refusal) {
  if (x >= limits.workspaceX) {
    refusal = makeLimitRefusal(proto::ErrorCode::OutOfBounds, BH_FSTR("x"), limits.workspaceX - 1U);
    return false;
  }
  if (y >= limits.workspaceY) {
    refusal = makeLimitRefusal(proto::ErrorCode::OutOfBounds, BH_FSTR("y"), limits.workspaceY - 1U);
    return false;
  }
  return true;
}

static bool isTypeable(uint8_t byte) { return (byte >= 0x20 && byte <= 0x7E) || byte == '\n' || byte == '\t'; }

bool checkText(const Limits& limits, Slice escaped, uint8_t* text, uint8_t& length, Refusal& refusal) {
  int16_t decoded = unescape(escaped, text, kMaxTextBytes);
  uint16_t maxText = limits.maxTextBytes < kMaxTextBytes ? limits.maxTextBytes : kMaxTextBytes;
  // A malformed %XX is the host's encoding bug, not a long text: say which.
  if (decoded < 0) {
    refusal = makeRefusal(proto::ErrorCode::BadArg, BH_FSTR("text"));
    return false;
  }
  if (static_cast<uint16_t>(decoded) > maxText) {
    refusal = makeLimitRefusal(proto::ErrorCode::TextTooLong, BH_FSTR("text"), maxText);
    return false;
  }
  length = static_cast<uint8_t>(decoded);
  // An empty TYPE would be ledgered as done having typed nothing: the host's mistake, say so.
  if (length == 0) {
    refusal = makeRefusal(proto::ErrorCode::BadArg, BH_FSTR("text"));
    return false;
  }
  for (uint8_t i = 0; i < length; i++) {
    if (isTypeable(text[i])) continue;
    refusal = makeLimitRefusal(proto::ErrorCode::BadChar, BH_FSTR("text"), text[i]);
    return false;
  }
  return true;
}

}  // namespace bh
