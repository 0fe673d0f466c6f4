// The status LED: steady on when ready, fast blink when e-stopped, slow blink when shut down
// (an internal fault: reset needed). Readable from across the bench.
// Shared by every Arduino board glue (Leonardo, Pico): plain pinMode/digitalRead/digitalWrite.
#pragma once
#include <stdint.h>

#include "protocol/protocol_table.h"

namespace bh {
namespace glue {

class StatusLed {
 public:
  explicit StatusLed(uint8_t pin) : pin_(pin) {}
  void begin();
  void show(proto::State state, uint32_t nowMs);

 private:
  uint8_t pin_;
};

}  // namespace glue
}  // namespace bh
