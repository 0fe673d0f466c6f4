// Where key reports go: the USB HID keyboard on a board, an event log in tests and the sim.
// One key plus modifiers at a time is all typing needs (no rollover to manage).
#pragma once
#include <stdint.h>

namespace bh {

class KeyboardSink {
 public:
  // Report `usage` (HID usage page 0x07) held with the modifier bits (ctrl 1, shift 2,
  // alt 4, gui 8 — the table's bits, which are the HID left-modifier bits).
  virtual void press(uint8_t usage, uint8_t modifiers) = 0;
  // Report no keys and no modifiers.
  virtual void releaseAll() = 0;

 protected:
  ~KeyboardSink() {}
};

}  // namespace bh
