// Who we are this boot on the RP2040: a hardware-random boot id (the RP2040 has no EEPROM to
// count in, and a random 32-bit id is just as good for telling boots apart) and the reset
// reason from the watchdog and the chip-reset register.
#pragma once
#include <stdint.h>

#include "protocol/protocol_table.h"

namespace bh {
namespace pico {

uint32_t nextBootId();
proto::ResetReason resetReason();

}  // namespace pico
}  // namespace bh
