#include "ring.h"

uint16_t crc16_ccitt(const uint8_t* data, size_t len) {
  uint16_t crc = 0xFFFF;
  for (size_t i = 0; i < len; i++) {
    crc ^= static_cast<uint16_t>(data[i]) << 8;
    for (int b = 0; b < 8; b++) crc = (crc & 0x8000) ? static_cast<uint16_t>((crc << 1) ^ 0x1021) : static_cast<uint16_t>(crc << 1);
  }
  return crc;
}

// Explicit use so the template is instantiated and sized too.
static Ring<64> g_ring;
bool ring_push(uint8_t b) { return g_ring.push(b); }
int ring_pop() { return g_ring.pop(); }
