// The pins behind an XY gantry: two step/dir stepper drivers, a home endstop per axis at
// position 0, and the press tool (a servo or solenoid pushing a capacitive stylus).
#pragma once
#include <stdint.h>

namespace bh {

const uint8_t kAxisX = 0;
const uint8_t kAxisY = 1;

class GantryHal {
 public:
  virtual void setDirection(uint8_t axis, bool positive) = 0;
  virtual void step(uint8_t axis) = 0;  // one pulse; the board guarantees the pulse width
  virtual bool atHomeEndstop(uint8_t axis) = 0;
  virtual void setToolDown(bool down) = 0;

 protected:
  ~GantryHal() {}
};

}  // namespace bh
