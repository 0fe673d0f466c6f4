// The one function table every tap actuator implements (ZMK-style behaviour driver): the
// direct driver (touch digitizer, simulator) and the XY gantry. The core only ever talks to
// this interface, so the same dispatch and safety code drives all of them.
#pragma once
#include <stdint.h>

#include "core/flash.h"
#include "protocol/protocol_table.h"

namespace bh {

enum class ActuatorStatus : uint8_t { kBusy, kDone, kFailed };

struct TapRequest {
  uint16_t x;  // actuator units, already checked against the workspace
  uint16_t y;
  uint16_t holdMs;
};

// Sized so a path always fits frame.maxBytes (see protocol.json maxPathPoints).
const uint8_t kMaxPathPoints = proto::defaults::kMaxPathPoints;

// A contact drawn along a path: down at point 0, stay holdMs, move through the points in
// moveMs (equal time per segment), up at the last point. Checked whole before it starts.
struct SwipeRequest {
  uint8_t count;  // 2..kMaxPathPoints
  uint16_t holdMs;
  uint16_t moveMs;
  uint16_t x[kMaxPathPoints];
  uint16_t y[kMaxPathPoints];
};

class TapDriver {
 public:
  virtual bool needsHoming() const = 0;
  virtual bool isHomed() const = 0;
  virtual void startHome(uint32_t nowMs) = 0;
  virtual void startTap(const TapRequest& request, uint32_t nowMs) = 0;
  // The request stays valid (it is the running queue head) until poll() reports kDone or
  // releaseAll() is called.
  virtual void startSwipe(const SwipeRequest& request, uint32_t nowMs) = 0;
  // Advances the running home or tap; kDone/kFailed once, then kDone while idle.
  virtual ActuatorStatus poll(uint32_t nowMs) = 0;
  // True while the stylus/contact touches the screen: the core's on-time guard watches this.
  virtual bool isPressed() const = 0;
  // Lift now and stop any motion. Called by e-stop, the watchdog and the on-time guard.
  virtual void releaseAll() = 0;
  // A short reason for the last kFailed ("home_x"), reported in EVT name=shutdown.
  virtual FlashString faultName() const = 0;

 protected:
  ~TapDriver() {}
};

}  // namespace bh
