// Decimal and hex text <-> integers, without printf/strtoul (not available or too big on AVR).
#pragma once
#include <stdint.h>

#include "protocol/slice.h"

namespace bh {

// Digits only, 1..10 of them, value <= maxValue. No sign, no spaces.
bool parseDecimal(Slice text, uint32_t maxValue, uint32_t& value);
// Exactly eight hex digits (either case).
bool parseHex32(Slice text, uint32_t& value);
// Returns the hex digit value, or -1.
int8_t hexDigitValue(char c);

const uint8_t kDecimalDigitsMax = 10;
// Writes the decimal digits (no NUL) and returns how many.
uint8_t formatDecimal(uint32_t value, char* out);
// Writes `digits` upper-case hex digits (no NUL).
void formatHex(uint32_t value, uint8_t digits, char* out);

}  // namespace bh
