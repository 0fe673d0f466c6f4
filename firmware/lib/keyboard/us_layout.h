// US keyboard layout: which HID usage (and whether shift) types a given ASCII byte.
// A switch rather than a 95-byte table, because const tables sit in RAM on the AVR.
#pragma once
#include <stdint.h>

namespace bh {

const uint8_t kModifierShift = 0x02;
const uint8_t kUsageEnter = 40;
const uint8_t kUsageTab = 43;

struct KeyStroke {
  uint8_t usage;
  uint8_t modifiers;
};

// Typeable: 0x20..0x7E, '\n' (Enter) and '\t' (Tab). Returns false for anything else.
bool usLayoutStroke(uint8_t character, KeyStroke& stroke);

}  // namespace bh
