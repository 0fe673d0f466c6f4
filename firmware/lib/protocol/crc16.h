// CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, xorout 0), the frame check.
// Bitwise rather than table-driven: a 512-byte table would live in RAM on the AVR.
#pragma once
#include <stddef.h>
#include <stdint.h>

namespace bh {

uint16_t crc16Update(uint16_t crc, uint8_t byte);
uint16_t crc16(const uint8_t* data, size_t length);

}  // namespace bh
