#include "protocol/escape.h"

#include "protocol/numbers.h"

namespace bh {

int16_t escapeBytes(const uint8_t* raw, uint8_t length, char* out, uint8_t capacity) {
  uint8_t written = 0;
  for (uint8_t i = 0; i < length; i++) {
    uint8_t byte = raw[i];
    uint8_t needed = needsEscape(byte) ? 3 : 1;
    if (written + needed > capacity) return -1;
    if (needed == 1) {
      out[written++] = static_cast<char>(byte);
    } else {
      out[written++] = kEscapeChar;
      formatHex(byte, 2, out + written);
      written += 2;
    }
  }
  return written;
}

int16_t unescape(Slice escaped, uint8_t* out, uint8_t capacity) {
  int16_t decoded = 0;
  uint8_t i = 0;
  while (i < escaped.length) {
    uint8_t byte = static_cast<uint8_t>(escaped.data[i]);
    if (byte == static_cast<uint8_t>(kEscapeChar)) {
      if (i + 2 >= escaped.length) return -1;  // "%" or "%X" at the end
      int8_t high = hexDigitValue(escaped.data[i + 1]);
      int8_t low = hexDigitValue(escaped.data[i + 2]);
      if (high < 0 || low < 0) return -1;
      byte = static_cast<uint8_t>((high << 4) | low);
      i += 3;
    } else {
      if (needsEscape(byte)) return -1;
      i += 1;
    }
    if (out != 0 && decoded < capacity) out[decoded] = byte;
    decoded++;
  }
  return decoded;
}

}  // namespace bh
