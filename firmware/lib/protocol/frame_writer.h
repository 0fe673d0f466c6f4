// Writes MCU frames ("<KIND> <seq> <id>[ k=v]* *<CRC>\n") straight to the serial HAL while
// computing the CRC on the fly, so no output buffer is needed.
#pragma once
#include <stdint.h>

#include "core/flash.h"
#include "protocol/protocol_table.h"
#include "protocol/slice.h"

namespace bh {

// The byte sink frames are written to (the UART on a board, the pty in the simulator).
class SerialOut {
 public:
  virtual void write(const uint8_t* data, uint8_t length) = 0;

 protected:
  ~SerialOut() {}
};

class FrameWriter {
 public:
  explicit FrameWriter(SerialOut& out) : out_(out), crc_(0) {}

  // Keys and text values are flash strings (BH_FSTR, table names): the core's vocabulary
  // costs no RAM on the AVR. Values that live in RAM come in as a Slice.
  void begin(proto::Reply kind, uint16_t seq, uint32_t id);
  void argText(FlashString key, FlashString value);  // value escaped
  void argSlice(FlashString key, Slice value);       // value escaped
  void argRaw(FlashString key, Slice alreadyEscaped);
  void argUint(FlashString key, uint32_t value);
  void argHex32(FlashString key, uint32_t value);
  void end();  // " *XXXX\n"

 private:
  void put(const char* data, uint8_t length);
  void putFlash(FlashString text);
  void putEscapedByte(uint8_t byte);
  void startArg(FlashString key);

  SerialOut& out_;
  uint16_t crc_;
};

}  // namespace bh
