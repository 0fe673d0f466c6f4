#include "boot_info.h"

#include <avr/eeprom.h>
#include <avr/io.h>
#include <avr/wdt.h>

namespace bh {
namespace leonardo {

namespace {

uint32_t* const kBootCounterAddress = reinterpret_cast<uint32_t*>(0);  // EEPROM bytes 0..3
uint8_t savedMcusr __attribute__((section(".noinit")));

// Runs from .init3, before the C runtime and any constructor: MCUSR still holds the reset
// cause, and a watchdog reset left the watchdog running, which must be stopped at once.
// (Caterina, the Leonardo bootloader, clears MCUSR itself, so behind it this often reads 0:
// reported as "unknown".)
__attribute__((naked, used, section(".init3"))) void captureResetCause() {
  savedMcusr = MCUSR;
  MCUSR = 0;
  wdt_disable();
}

}  // namespace

uint32_t nextBootId() {
  uint32_t count = eeprom_read_dword(kBootCounterAddress) + 1;  // erased EEPROM: 0xFFFFFFFF -> 0
  eeprom_update_dword(kBootCounterAddress, count);
  // An odd multiplier is a bijection on 32 bits: every count gives a different, scattered id.
  return (count + 1) * 0x9E3779B1UL;
}

proto::ResetReason resetReason() {
  if (savedMcusr & _BV(WDRF)) return proto::ResetReason::Watchdog;
  if (savedMcusr & _BV(BORF)) return proto::ResetReason::Brownout;
  if (savedMcusr & _BV(EXTRF)) return proto::ResetReason::External;
  if (savedMcusr & _BV(PORF)) return proto::ResetReason::Power;
  return proto::ResetReason::Unknown;
}

}  // namespace leonardo
}  // namespace bh
