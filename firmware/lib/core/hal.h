// Everything the core needs from a board, as narrow interfaces. Board glue (Leonardo, Pico)
// and the native simulator implement these; tests use fakes with a manual clock.
#pragma once
#include <stdint.h>

#include "actuators/tap_driver.h"
#include "core/flash.h"
#include "keyboard/keyboard_sink.h"
#include "protocol/frame_writer.h"  // SerialOut
#include "protocol/protocol_table.h"

namespace bh {

class Clock {
 public:
  virtual uint32_t nowMs() = 0;  // monotonic, wraps after 49.7 days (handled)

 protected:
  ~Clock() {}
};

// Optional: told about every safety event the core reports (the simulator logs them).
class EventObserver {
 public:
  virtual void onEvent(proto::Event event) = 0;

 protected:
  ~EventObserver() {}
};

struct BoardInfo {
  FlashString firmwareVersion;  // "fw=" in HELLO; strings in flash (BH_FLASH) on the AVR
  FlashString boardName;        // "board="
  uint32_t bootId;              // random per boot: the host detects a reboot by it
  proto::ResetReason resetReason;
};

// tap and keyboard may be null when the board has no such actuator (caps says so, and the
// verbs answer UNSUPPORTED). observer may be null.
struct CoreHal {
  Clock* clock;
  SerialOut* serial;
  TapDriver* tap;
  KeyboardSink* keyboard;
  EventObserver* observer;
};

}  // namespace bh
