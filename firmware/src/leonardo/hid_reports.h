// Our USB HID glue on the Arduino HID library (Debian ships no Keyboard library): one HID
// interface carrying two reports, a keyboard with the boot layout (report id 2, 8 bytes, as
// Arduino's Keyboard) and a single-finger absolute touch screen (report id 3), so the phone
// sees a keyboard and a touchscreen.
//
// Never blocks on USB. HID reports are state, so each kind keeps only its newest state and
// service() sends it when the endpoint has room. With no host, or a host that stops polling,
// nothing waits: a state that a newer one replaces before it could be sent is dropped (a
// key press shorter than the host's polling can be lost that way; a release never is, since
// the last state always goes out once USB is back).
#pragma once
#include <stdint.h>

#include "actuators/direct_tap_driver.h"
#include "keyboard/keyboard_sink.h"

namespace bh {
namespace leonardo {

class HidReports final : public KeyboardSink, public TouchOutput {
 public:
  // Workspace size in actuator units: 0..size-1 maps onto the digitizer's 0..32767.
  HidReports(uint16_t workspaceX, uint16_t workspaceY);

  void press(uint8_t usage, uint8_t modifiers) override;
  void releaseAll() override;
  void touchDown(uint16_t x, uint16_t y) override;
  void touchUp() override;
  // Sends whatever state is still pending; call from every loop pass.
  void service();

 private:
  bool trySend(uint8_t reportId, const uint8_t* report, uint8_t length);
  void setTouch(bool down, uint16_t x, uint16_t y);

  uint16_t workspaceX_;
  uint16_t workspaceY_;
  uint8_t keyboard_[8];  // modifiers, reserved, 6 key slots
  uint8_t touch_[5];     // tip|in-range bits, x (LE16), y (LE16)
  bool keyboardPending_;
  bool touchPending_;
};

}  // namespace leonardo
}  // namespace bh
