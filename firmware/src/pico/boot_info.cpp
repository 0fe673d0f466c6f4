#include "boot_info.h"

#include <Arduino.h>
#include <hardware/structs/vreg_and_chip_reset.h>
#include <hardware/watchdog.h>

namespace bh {
namespace pico {

uint32_t nextBootId() {
  uint32_t id = rp2040.hwrand32();
  return id != 0 ? id : 1;  // 0 reads as "no id" in logs; never use it
}

proto::ResetReason resetReason() {
  if (watchdog_caused_reboot()) return proto::ResetReason::Watchdog;
  uint32_t chipReset = vreg_and_chip_reset_hw->chip_reset;
  if (chipReset & VREG_AND_CHIP_RESET_CHIP_RESET_HAD_RUN_BITS) return proto::ResetReason::External;
  if (chipReset & VREG_AND_CHIP_RESET_CHIP_RESET_HAD_POR_BITS) return proto::ResetReason::Power;
  return proto::ResetReason::Unknown;
}

}  // namespace pico
}  // namespace bh
