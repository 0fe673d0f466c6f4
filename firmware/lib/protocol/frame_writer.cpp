#include "protocol/frame_writer.h"

#include "protocol/crc16.h"
#include "protocol/escape.h"
#include "protocol/numbers.h"
#include "protocol/table_names.h"

namespace bh {

void FrameWriter::put(const char* data, uint8_t length) {
  for (uint8_t i = 0; i < length; i++) crc_ = crc16Update(crc_, static_cast<uint8_t>(data[i]));
  out_.write(reinterpret_cast<const uint8_t*>(data), length);
}

void FrameWriter::putFlash(FlashString text) {
  for (uint8_t i = 0;; i++) {
    char c = text.at(i);
    if (c == '\0') return;
    put(&c, 1);
  }
}

void FrameWriter::putEscapedByte(uint8_t byte) {
  if (!needsEscape(byte)) {
    char c = static_cast<char>(byte);
    put(&c, 1);
    return;
  }
  char escaped[3] = {kEscapeChar, 0, 0};
  formatHex(byte, 2, escaped + 1);
  put(escaped, 3);
}

void FrameWriter::begin(proto::Reply kind, uint16_t seq, uint32_t id) {
  crc_ = proto::kCrcInit;
  putFlash(replyName(kind));
  char digits[kDecimalDigitsMax + 1];
  digits[0] = ' ';
  put(digits, static_cast<uint8_t>(1 + formatDecimal(seq, digits + 1)));
  put(digits, static_cast<uint8_t>(1 + formatDecimal(id, digits + 1)));
}

void FrameWriter::startArg(FlashString key) {
  char c = ' ';
  put(&c, 1);
  putFlash(key);
  c = '=';
  put(&c, 1);
}

void FrameWriter::argText(FlashString key, FlashString value) {
  startArg(key);
  for (uint8_t i = 0; value.at(i) != '\0'; i++) putEscapedByte(static_cast<uint8_t>(value.at(i)));
}

void FrameWriter::argSlice(FlashString key, Slice value) {
  startArg(key);
  for (uint8_t i = 0; i < value.length; i++) putEscapedByte(static_cast<uint8_t>(value.data[i]));
}

void FrameWriter::argRaw(FlashString key, Slice alreadyEscaped) {
  startArg(key);
  put(alreadyEscaped.data, alreadyEscaped.length);
}

void FrameWriter::argUint(FlashString key, uint32_t value) {
  startArg(key);
  char digits[kDecimalDigitsMax];
  put(digits, formatDecimal(value, digits));
}

void FrameWriter::argHex32(FlashString key, uint32_t value) {
  startArg(key);
  char digits[8];
  formatHex(value, 8, digits);
  put(digits, 8);
}

void FrameWriter::end() {
  char suffix[7] = {' ', '*', 0, 0, 0, 0, '\n'};
  formatHex(crc_, 4, suffix + 2);
  out_.write(reinterpret_cast<const uint8_t*>(suffix), sizeof suffix);
}

}  // namespace bh
