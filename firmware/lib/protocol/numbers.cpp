#include "protocol/numbers.h"

namespace bh {

bool parseDecimal(Slice text, uint32_t maxValue, uint32_t& value) {
  if (text.length == 0 || text.length > kDecimalDigitsMax) return false;
  uint32_t result = 0;
  for (uint8_t i = 0; i < text.length; i++) {
    char c = text.data[i];
    if (c < '0' || c > '9') return false;
    uint32_t digit = static_cast<uint32_t>(c - '0');
    // Overflow check before multiplying: result * 10 + digit must stay <= maxValue.
    if (result > (maxValue - digit) / 10) return false;
    result = result * 10 + digit;
  }
  value = result;
  return true;
}

int8_t hexDigitValue(char c) {
  if (c >= '0' && c <= '9') return static_cast<int8_t>(c - '0');
  if (c >= 'A' && c <= 'F') return static_cast<int8_t>(c - 'A' + 10);
  if (c >= 'a' && c <= 'f') return static_cast<int8_t>(c - 'a' + 10);
  return -1;
}

bool parseHex32(Slice text, uint32_t& value) {
  if (text.length != 8) return false;
  uint32_t result = 0;
  for (uint8_t i = 0; i < 8; i++) {
    int8_t digit = hexDigitValue(text.data[i]);
    if (digit < 0) return false;
    result = (result << 4) | static_cast<uint32_t>(digit);
  }
  value = result;
  return true;
}

uint8_t formatDecimal(uint32_t value, char* out) {
  char reversed[kDecimalDigitsMax];
  uint8_t count = 0;
  do {
    reversed[count++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  for (uint8_t i = 0; i < count; i++) out[i] = reversed[count - 1 - i];
  return count;
}

void formatHex(uint32_t value, uint8_t digits, char* out) {

  for (uint8_t i = 0; i < digits; i++) {
    uint8_t nibble = static_cast<uint8_t>(value & 0xF);  // arithmetic, not a table: no RAM on the AVR
    out[digits - 1 - i] = static_cast<char>(nibble < 10 ? '0' + nibble : 'A' + nibble - 10);
    value >>= 4;
  }
}

}  // namespace bh
