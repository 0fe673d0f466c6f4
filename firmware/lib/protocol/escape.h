// Value escaping: every byte <= 0x20, '%' and >= 0x7F travels as %XX, so typed text can never
// contain the token separator (space), a newline, or the " *" CRC separator.
#pragma once
#include <stdint.h>

#include "protocol/slice.h"

namespace bh {

const char kEscapeChar = '%';

inline bool needsEscape(uint8_t byte) {
  return byte <= 0x20 || byte == static_cast<uint8_t>(kEscapeChar) || byte >= 0x7F;
}

// Escapes `length` raw bytes into `out`. Returns the escaped length, or -1 when it would not
// fit in `capacity` (nothing beyond capacity is written).
int16_t escapeBytes(const uint8_t* raw, uint8_t length, char* out, uint8_t capacity);

// Decodes an escaped value. Returns the decoded length, or -1 when the value is malformed
// (a bad %XX, or a raw byte that should have been escaped). Only the first `capacity` bytes
// are stored, but the full length is still returned, so a caller can report "too long"
// without a buffer the size of the frame. `out` may be null to only measure and check.
int16_t unescape(Slice escaped, uint8_t* out, uint8_t capacity);

}  // namespace bh
