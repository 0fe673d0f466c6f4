#include "protocol/crc16.h"

#include "protocol/protocol_table.h"

namespace bh {

uint16_t crc16Update(uint16_t crc, uint8_t byte) {
  crc ^= static_cast<uint16_t>(byte) << 8;
  for (uint8_t bit = 0; bit < 8; bit++) {
    bool top = (crc & 0x8000) != 0;
    crc = static_cast<uint16_t>(crc << 1);
    if (top) crc ^= proto::kCrcPoly;
  }
  return crc;
}

uint16_t crc16(const uint8_t* data, size_t length) {
  uint16_t crc = proto::kCrcInit;
  for (size_t i = 0; i < length; i++) crc = crc16Update(crc, data[i]);
  return crc;
}

}  // namespace bh
