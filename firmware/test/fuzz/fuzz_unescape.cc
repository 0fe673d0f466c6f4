// libFuzzer target: value escaping. Checked, on any input: unescape never writes beyond its
// capacity (exact-size buffers under ASan) and returns the same length with or without an output
// buffer; read as raw bytes, escape then unescape gives the bytes back, and the escaped text holds
// nothing that needs escaping (no space, newline or '*' separator can break a frame).
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/escape.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 255 || size == 0) return 0;
  bh::Slice escaped = bh::makeSlice(reinterpret_cast<const char*>(data), static_cast<uint8_t>(size));
  uint8_t capacity = data[0] % 48;
  uint8_t* out = static_cast<uint8_t*>(malloc(capacity == 0 ? 1 : capacity));
  int16_t measured = bh::unescape(escaped, 0, 0);
  if (bh::unescape(escaped, out, capacity) != measured) abort();
  if (measured > static_cast<int16_t>(size)) abort();
  free(out);

  uint8_t rawLength = static_cast<uint8_t>(size > 80 ? 80 : size);
  char* text = static_cast<char*>(malloc(240));
  int16_t written = bh::escapeBytes(data, rawLength, text, 240);
  if (written < 0) abort();  // 80 bytes escape to at most 240
  for (int16_t i = 0; i < written; i++) {
    uint8_t c = static_cast<uint8_t>(text[i]);
    if (c <= 0x20 || c >= 0x7F) abort();
  }
  uint8_t back[80];
  if (bh::unescape(bh::makeSlice(text, static_cast<uint8_t>(written)), back, sizeof back) != rawLength) abort();
  if (memcmp(back, data, rawLength) != 0) abort();
  free(text);
  return 0;
}
