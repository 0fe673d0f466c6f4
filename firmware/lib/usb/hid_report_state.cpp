#include "usb/hid_report_state.h"

namespace bh {

const uint8_t HidReportState::kKeyboardReportId;
const uint8_t HidReportState::kKeyboardReportLength;
const uint8_t HidReportState::kTouchReportId;
const uint8_t HidReportState::kTouchReportLength;
const uint16_t HidReportState::kTouchLogicalMax;

namespace {

uint16_t toLogical(uint16_t value, uint16_t size) {
  if (size <= 1) return 0;
  return static_cast<uint16_t>(static_cast<uint32_t>(value) * HidReportState::kTouchLogicalMax / (size - 1U));
}

}  // namespace

HidReportState::HidReportState(HidSender& sender, uint16_t workspaceX, uint16_t workspaceY, SendPolicy policy)
    : sender_(sender), workspaceX_(workspaceX), workspaceY_(workspaceY), policy_(policy), keyboard_(), touch_(),
      keyboardPending_(false), touchPending_(false) {}

void HidReportState::press(uint8_t usage, uint8_t modifiers) {
  for (uint8_t i = 0; i < sizeof keyboard_; i++) keyboard_[i] = 0;
  keyboard_[0] = modifiers;  // the table's modifier bits are the HID left-modifier bits
  keyboard_[2] = usage;
  keyboardPending_ = true;
  service();
}

void HidReportState::releaseAll() {
  for (uint8_t i = 0; i < sizeof keyboard_; i++) keyboard_[i] = 0;
  keyboardPending_ = true;
  if (touch_[0] != 0) setTouch(false, 0, 0);
  service();
}

void HidReportState::touchDown(uint16_t x, uint16_t y) {
  setTouch(true, toLogical(x, workspaceX_), toLogical(y, workspaceY_));
  service();
}

void HidReportState::touchUp() {
  setTouch(false, 0, 0);
  service();
}

// A lift keeps the last position: some hosts treat a jump to (0,0) with the tip up as a move.
void HidReportState::setTouch(bool down, uint16_t x, uint16_t y) {
  touch_[0] = down ? 0x03 : 0x00;
  if (down) {
    touch_[1] = static_cast<uint8_t>(x);
    touch_[2] = static_cast<uint8_t>(x >> 8);
    touch_[3] = static_cast<uint8_t>(y);
    touch_[4] = static_cast<uint8_t>(y >> 8);
  }
  touchPending_ = true;
}

void HidReportState::service() {
  if (keyboardPending_) {
    if (sender_.trySend(kKeyboardReportId, keyboard_, sizeof keyboard_)) keyboardPending_ = false;
    if (policy_ == kOneReportPerPass) return;  // the touch report goes on a later pass
  }
  if (touchPending_ && sender_.trySend(kTouchReportId, touch_, sizeof touch_)) touchPending_ = false;
}

}  // namespace bh
