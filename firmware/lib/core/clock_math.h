// Millisecond timestamps wrap every 49.7 days; compare them by signed difference so a
// deadline just after the wrap still counts as "later".
#pragma once
#include <stdint.h>

namespace bh {

inline bool timeReached(uint32_t nowMs, uint32_t deadlineMs) {
  return static_cast<int32_t>(nowMs - deadlineMs) >= 0;
}

}  // namespace bh
