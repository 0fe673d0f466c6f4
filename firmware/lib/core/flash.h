// Constant data that lives in flash. On the AVR (Harvard) a plain `const` table or string
// literal is copied to RAM at boot, and the ATmega32u4 has 2.5 KiB of it; BH_FLASH places it
// in program memory instead, where it must be read with LPM (pgm_read_byte). Everywhere else
// flash is ordinary memory: BH_FLASH is empty and reads are plain.
//
// The one header in the core allowed to include something beyond <stdint.h>/<stddef.h>:
// <avr/pgmspace.h>, under __AVR__ only.
#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __AVR__
#include <avr/pgmspace.h>
#define BH_FLASH PROGMEM
// A string literal placed in flash, usable only inside a function (PSTR's rule).
#define BH_FSTR(literal) (::bh::FlashString(PSTR(literal)))
#else
#define BH_FLASH
#define BH_FSTR(literal) (::bh::FlashString(literal))
#endif

namespace bh {

inline uint8_t flashByte(const void* address) {
#ifdef __AVR__
  return pgm_read_byte(address);
#else
  return *static_cast<const uint8_t*>(address);
#endif
}

// A copy of one object (a table row, a pointer) that lives in flash.
template <typename T>
T flashRead(const T& inFlash) {
  T copy;
  uint8_t* to = reinterpret_cast<uint8_t*>(&copy);
  const uint8_t* from = reinterpret_cast<const uint8_t*>(&inFlash);
  for (size_t i = 0; i < sizeof(T); i++) to[i] = flashByte(from + i);
  return copy;
}

// A NUL-terminated string in flash. A type of its own, so a flash address can never be
// dereferenced as RAM by mistake (which on the AVR reads garbage, silently).
class FlashString {
 public:
  FlashString() : text_(0) {}
  explicit FlashString(const char* inFlash) : text_(inFlash) {}

  bool isNull() const { return text_ == 0; }
  char at(uint8_t index) const { return static_cast<char>(flashByte(text_ + index)); }
  uint8_t length() const {
    uint8_t n = 0;
    while (at(n) != '\0') n++;
    return n;
  }
  const char* address() const { return text_; }  // for code that knows it is not on the AVR

 private:
  const char* text_;
};

}  // namespace bh
