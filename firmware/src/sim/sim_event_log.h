// The simulator's actuators: instead of a stylus and a USB keyboard, one JSON object per line
// per actuation or safety event, flushed per line so a test can tail the file live.
#pragma once
#include <stdint.h>
#include <stdio.h>

#include "actuators/direct_tap_driver.h"
#include "core/hal.h"

namespace bh {
namespace sim {

class SimClock : public Clock {
 public:
  SimClock();
  uint32_t nowMs() override;

 private:
  uint64_t startMs_;
};

class SimEventLog : public TouchOutput, public KeyboardSink, public EventObserver {
 public:
  SimEventLog(FILE* file, Clock& clock) : file_(file), clock_(clock) {}

  void touchDown(uint16_t x, uint16_t y) override;
  void touchMove(uint16_t x, uint16_t y) override;
  void touchUp() override;
  void press(uint8_t usage, uint8_t modifiers) override;
  void releaseAll() override;
  void onEvent(proto::Event event) override;
  void boot(uint32_t bootId, proto::ResetReason reason);
  // Key presses since start: the bench's "e-stop at key N" fault counts them.
  uint32_t keyPresses() const { return keyPresses_; }

 private:
  void emit(const char* name, const char* extraJson);

  FILE* file_;  // null: no --events
  Clock& clock_;
  bool touching_ = false;
  uint16_t touchX_ = 0;
  uint16_t touchY_ = 0;
  bool keyDown_ = false;
  uint32_t keyPresses_ = 0;
};

}  // namespace sim
}  // namespace bh
