// USB HID for the phone on Adafruit TinyUSB (arduino-pico, -DUSE_TINYUSB): one HID interface
// with a boot-layout keyboard (report id 2) and a single-finger touch screen (report id 3),
// the same descriptor as the Leonardo glue. Never blocks: when the endpoint is busy or no
// host is attached, only the newest state per report is kept and sent by service() later.
#pragma once
#include <stdint.h>

#include "actuators/direct_tap_driver.h"
#include "keyboard/keyboard_sink.h"

namespace bh {
namespace pico {

class HidReports final : public KeyboardSink, public TouchOutput {
 public:
  HidReports(uint16_t workspaceX, uint16_t workspaceY);

  void begin();  // before USB enumerates: call first thing in setup()
  void press(uint8_t usage, uint8_t modifiers) override;
  void releaseAll() override;
  void touchDown(uint16_t x, uint16_t y) override;
  void touchUp() override;
  void service();

 private:
  void setTouch(bool down, uint16_t x, uint16_t y);

  uint16_t workspaceX_;
  uint16_t workspaceY_;
  uint8_t keyboard_[8];
  uint8_t touch_[5];
  bool keyboardPending_;
  bool touchPending_;
};

}  // namespace pico
}  // namespace bh
