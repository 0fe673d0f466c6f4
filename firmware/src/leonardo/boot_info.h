// Who we are this boot: a boot id from an EEPROM boot counter (so a host can tell a reboot
// from a reconnect even when nothing else changed) and the reset reason from MCUSR.
#pragma once
#include <stdint.h>

#include "protocol/protocol_table.h"

namespace bh {
namespace leonardo {

// Increments the EEPROM counter and returns a boot id derived from it.
uint32_t nextBootId();
// What MCUSR said at reset (captured before main(), when it is still intact).
proto::ResetReason resetReason();

}  // namespace leonardo
}  // namespace bh
