// Writes MCU frames ("<KIND> <seq> <id>[ k=v]* *<CRC>\n") straight to the serial HAL while
// computing the CRC on the fly, so no output buffer is needed.
#pragma once
#include <stdint.h>

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

  void begin(proto::Reply kind, uint16_t seq, uint32_t id);
  void begin(const char* kind, uint16_t seq, uint32_t id);
  void argText(const char* key, const char* value);  // value escaped
  void argSlice(const char* key, Slice value);       // value escaped
  void argRaw(const char* key, Slice alreadyEscaped);
  void argUint(const char* key, uint32_t value);
  void argHex32(const char* key, uint32_t value);
  void end();  // " *XXXX\n"

 private:
  void put(const char* data, uint8_t length);
  void putText(const char* text);
  void putEscapedByte(uint8_t byte);
  void startArg(const char* key);

  SerialOut& out_;
  uint16_t crc_;
};

}  // namespace bh
