// The core's SerialOut on Serial1 (USART1, pins 0/1), the UART wired to the Pi.
// HardwareSerial::write waits while its TX ring is full, so the build sets
// SERIAL_TX_BUFFER_SIZE=288 (avr.sh, platformio.ini): the largest MCU frame (280 bytes plus
// the newline) then fits whole, and writing a reply never waits for the wire.
#pragma once
#include <Arduino.h>

#include "protocol/frame_writer.h"

namespace bh {
namespace leonardo {

class SerialLink final : public SerialOut {
 public:
  void write(const uint8_t* data, uint8_t length) override { Serial1.write(data, length); }
};

}  // namespace leonardo
}  // namespace bh
