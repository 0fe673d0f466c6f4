// A view into the line buffer: frames are parsed in place, never copied, because the AVR
// has no RAM to spare for a second copy of a 160-byte line.
#pragma once
#include <stdint.h>

#include "core/flash.h"

namespace bh {

struct Slice {
  const char* data;
  uint8_t length;
};

inline Slice makeSlice(const char* data, uint8_t length) {
  Slice slice = {data, length};
  return slice;
}

// True when the slice holds exactly the NUL-terminated text (a table name, in flash).
bool sliceEquals(Slice slice, FlashString text);

// Splits the next token off `rest` at the next space. Returns false when `rest` is empty.
// Callers check hasOnlySingleSpaces() first, so tokens are never empty.
bool takeToken(Slice& rest, Slice& token);

// The grammar allows exactly one space between tokens and none at either end.
bool hasOnlySingleSpaces(Slice slice);

}  // namespace bh
