#include "common/estop_input.h"

#include <Arduino.h>

namespace bh {
namespace glue {

void EstopInput::begin() { pinMode(pin_, INPUT_PULLUP); }

void EstopInput::poll(uint32_t nowMs, Core& core) {
  bool reading = digitalRead(pin_) == LOW;
  if (reading != lastReading_) {
    lastReading_ = reading;
    changedAtMs_ = nowMs;
  }
  if (nowMs - changedAtMs_ >= debounceMs_) pressed_ = lastReading_;
  if (pressed_ && core.state() != proto::State::Estopped && core.state() != proto::State::Shutdown) core.emergencyStop();
}

}  // namespace glue
}  // namespace bh
