// Tap driver for actuators that can touch any point at once: a USB HID touch digitizer on a
// board, the event log in the simulator. Touch down at (x, y), up after hold ms; a swipe is
// down at its first point, a move report every gestureReportMs along the path, up at the end.
#pragma once
#include <stdint.h>

#include "actuators/tap_driver.h"

namespace bh {

class TouchOutput {
 public:
  virtual void touchDown(uint16_t x, uint16_t y) = 0;
  // The contact, already down, is now at (x, y). A digitizer report with the tip still set is
  // exactly a touchDown at the new point, hence the default.
  virtual void touchMove(uint16_t x, uint16_t y) { touchDown(x, y); }
  virtual void touchUp() = 0;

 protected:
  ~TouchOutput() {}
};

class DirectTapDriver final : public TapDriver {
 public:
  static const uint16_t kReportMs = proto::defaults::kGestureReportMs;

  explicit DirectTapDriver(TouchOutput& touch)
      : touch_(touch), pressed_(false), swipe_(0), releaseAtMs_(0), moveStartMs_(0), nextReportMs_(0) {}

  bool needsHoming() const { return false; }
  bool isHomed() const { return true; }
  void startHome(uint32_t) {}
  void startTap(const TapRequest& request, uint32_t nowMs);
  void startSwipe(const SwipeRequest& request, uint32_t nowMs);
  ActuatorStatus poll(uint32_t nowMs);
  bool isPressed() const { return pressed_; }
  void releaseAll();
  FlashString faultName() const { return BH_FSTR("none"); }

 private:
  ActuatorStatus pollSwipe(uint32_t nowMs);

  TouchOutput& touch_;
  bool pressed_;
  const SwipeRequest* swipe_;  // the running swipe, or null for a tap
  uint32_t releaseAtMs_;
  uint32_t moveStartMs_;
  uint32_t nextReportMs_;
};

}  // namespace bh
