// The hardware e-stop button: active low with the internal pull-up, debounced here so a
// bouncing contact or a spike on a long wire neither misses a press nor invents one.
// While the button is held, the core is kept e-stopped: a host CLEAR cannot override it.
// Shared by every Arduino board glue (Leonardo, Pico): plain pinMode/digitalRead/digitalWrite.
#pragma once
#include <stdint.h>

#include "core/core.h"

namespace bh {
namespace glue {

class EstopInput {
 public:
  EstopInput(uint8_t pin, uint16_t debounceMs) : pin_(pin), debounceMs_(debounceMs), pressed_(false),
                                                  lastReading_(false), changedAtMs_(0) {}
  void begin();
  void poll(uint32_t nowMs, Core& core);

 private:
  uint8_t pin_;
  uint16_t debounceMs_;
  bool pressed_;      // debounced state
  bool lastReading_;  // raw state at the last poll
  uint32_t changedAtMs_;
};

}  // namespace glue
}  // namespace bh
