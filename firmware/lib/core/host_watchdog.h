// The host heartbeat: once a HELLO has been seen, a gap of more than wdog ms between valid
// frames means the host is gone (crashed, unplugged), and the MCU must not keep pressing.
// It fires once; the next valid frame re-arms it.
#pragma once
#include <stdint.h>

#include "core/clock_math.h"

namespace bh {

class HostWatchdog {
 public:
  HostWatchdog() : enabled_(false), armed_(false), lastFrameMs_(0) {}

  void enable() { enabled_ = true; }
  void frameReceived(uint32_t nowMs) {
    if (!enabled_) return;
    armed_ = true;
    lastFrameMs_ = nowMs;
  }
  // True exactly once per silence longer than timeoutMs.
  bool expired(uint32_t nowMs, uint16_t timeoutMs) {
    if (!armed_ || !timeReached(nowMs, lastFrameMs_ + timeoutMs)) return false;
    armed_ = false;
    return true;
  }
  bool armed() const { return armed_; }

 private:
  bool enabled_;
  bool armed_;
  uint32_t lastFrameMs_;
};

}  // namespace bh
