#include "common/status_led.h"

#include <Arduino.h>

namespace bh {
namespace glue {

void StatusLed::begin() { pinMode(pin_, OUTPUT); }

void StatusLed::show(proto::State state, uint32_t nowMs) {
  bool on = true;
  if (state == proto::State::Estopped) on = (nowMs / 125) % 2 == 0;  // 4 Hz
  if (state == proto::State::Shutdown) on = (nowMs / 1000) % 2 == 0; // 0.5 Hz
  digitalWrite(pin_, on ? HIGH : LOW);
}

}  // namespace glue
}  // namespace bh
