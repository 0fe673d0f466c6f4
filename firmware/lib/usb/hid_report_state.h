// The board-independent half of the phone-facing USB HID: the keyboard and touch-screen
// reports as state, and when to send them. Each board supplies the USB set-up (the report
// descriptor, the stack) and a HidSender; see firmware/src/{leonardo,pico}/hid_reports.*.
//
// Never blocks on USB. HID reports are state, so each kind keeps only its newest state and
// service() sends it when the sender accepts it. With no host, or a host that stops polling,
// nothing waits: a state that a newer one replaces before it could be sent is dropped (a key
// press shorter than the host's polling can be lost that way; a release never is, since the
// last state always goes out once USB is back).
#pragma once
#include <stdint.h>

#include "actuators/direct_tap_driver.h"
#include "keyboard/keyboard_sink.h"

namespace bh {

class HidSender {
 public:
  // Sends one report now, or returns false without waiting (no host, endpoint busy); the
  // caller keeps the report pending and offers it again later.
  virtual bool trySend(uint8_t reportId, const uint8_t* report, uint8_t length) = 0;

 protected:
  ~HidSender() {}
};

class HidReportState final : public KeyboardSink, public TouchOutput {
 public:
  // The report ids and shapes the boards' report descriptor declares.
  static const uint8_t kKeyboardReportId = 2;   // modifiers, reserved, 6 key slots (boot layout)
  static const uint8_t kKeyboardReportLength = 8;
  static const uint8_t kTouchReportId = 3;      // tip|in-range bits, x (LE16), y (LE16)
  static const uint8_t kTouchReportLength = 5;
  static const uint16_t kTouchLogicalMax = 32767;  // the digitizer's X/Y logical maximum

  enum SendPolicy {
    kSendAllPending,   // service() offers every pending report
    kOneReportPerPass  // at most one attempt per service(), keyboard first (TinyUSB holds one in flight)
  };

  // Workspace size in actuator units: 0..size-1 maps onto the digitizer's 0..32767.
  HidReportState(HidSender& sender, uint16_t workspaceX, uint16_t workspaceY, SendPolicy policy);

  void press(uint8_t usage, uint8_t modifiers) override;
  void releaseAll() override;  // also lifts a touch that is down
  void touchDown(uint16_t x, uint16_t y) override;
  void touchUp() override;
  // Sends whatever state is still pending; call from every loop pass.
  void service();

  bool keyboardPending() const { return keyboardPending_; }
  bool touchPending() const { return touchPending_; }

 private:
  void setTouch(bool down, uint16_t x, uint16_t y);

  HidSender& sender_;
  uint16_t workspaceX_;
  uint16_t workspaceY_;
  SendPolicy policy_;
  uint8_t keyboard_[kKeyboardReportLength];
  uint8_t touch_[kTouchReportLength];
  bool keyboardPending_;
  bool touchPending_;
};

}  // namespace bh
