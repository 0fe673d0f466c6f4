// Tap driver for actuators that can touch any point at once: a USB HID touch digitizer on a
// board, the event log in the simulator. Touch down at (x, y), up after hold ms.
#pragma once
#include <stdint.h>

#include "actuators/tap_driver.h"

namespace bh {

class TouchOutput {
 public:
  virtual void touchDown(uint16_t x, uint16_t y) = 0;
  virtual void touchUp() = 0;

 protected:
  ~TouchOutput() {}
};

class DirectTapDriver final : public TapDriver {
 public:
  explicit DirectTapDriver(TouchOutput& touch) : touch_(touch), pressed_(false), releaseAtMs_(0) {}

  bool needsHoming() const { return false; }
  bool isHomed() const { return true; }
  void startHome(uint32_t) {}
  void startTap(const TapRequest& request, uint32_t nowMs);
  ActuatorStatus poll(uint32_t nowMs);
  bool isPressed() const { return pressed_; }
  void releaseAll();
  FlashString faultName() const { return BH_FSTR("none"); }

 private:
  TouchOutput& touch_;
  bool pressed_;
  uint32_t releaseAtMs_;
};

}  // namespace bh
