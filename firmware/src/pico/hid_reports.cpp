#include "hid_reports.h"

#include <Adafruit_TinyUSB.h>

namespace bh {
namespace pico {

namespace {

const uint8_t kKeyboardReportId = 2;
const uint8_t kTouchReportId = 3;
const uint16_t kTouchLogicalMax = 32767;

// Byte for byte the Leonardo's descriptor (firmware/src/leonardo/hid_reports.cpp).
const uint8_t kReportDescriptor[] = {
    0x05, 0x01, 0x09, 0x06, 0xA1, 0x01, 0x85, kKeyboardReportId,
    0x05, 0x07, 0x19, 0xE0, 0x29, 0xE7, 0x15, 0x00, 0x25, 0x01,
    0x75, 0x01, 0x95, 0x08, 0x81, 0x02,
    0x95, 0x01, 0x75, 0x08, 0x81, 0x03,
    0x95, 0x06, 0x75, 0x08, 0x15, 0x00, 0x25, 0x73,
    0x05, 0x07, 0x19, 0x00, 0x29, 0x73, 0x81, 0x00, 0xC0,
    0x05, 0x0D, 0x09, 0x04, 0xA1, 0x01, 0x85, kTouchReportId,
    0x09, 0x22, 0xA1, 0x02,
    0x09, 0x42, 0x09, 0x32, 0x15, 0x00, 0x25, 0x01,
    0x75, 0x01, 0x95, 0x02, 0x81, 0x02,
    0x95, 0x06, 0x81, 0x03,
    0x05, 0x01, 0x09, 0x30, 0x09, 0x31,
    0x16, 0x00, 0x00, 0x26, 0xFF, 0x7F,
    0x75, 0x10, 0x95, 0x02, 0x81, 0x02,
    0xC0, 0xC0,
};

// Interrupt IN polled every 2 ms; no OUT endpoint (LED reports are not needed).
Adafruit_USBD_HID usbHid(kReportDescriptor, sizeof kReportDescriptor, HID_ITF_PROTOCOL_NONE, 2, false);

uint16_t toLogical(uint16_t value, uint16_t size) {
  if (size <= 1) return 0;
  return static_cast<uint16_t>(static_cast<uint32_t>(value) * kTouchLogicalMax / (size - 1U));
}

// ready() is false while unmounted or while the previous report is still in flight.
bool trySend(uint8_t reportId, const uint8_t* report, uint8_t length) {
  if (!TinyUSBDevice.mounted() || !usbHid.ready()) return false;
  return usbHid.sendReport(reportId, report, length);
}

}  // namespace

HidReports::HidReports(uint16_t workspaceX, uint16_t workspaceY)
    : workspaceX_(workspaceX), workspaceY_(workspaceY), keyboard_(), touch_(), keyboardPending_(false),
      touchPending_(false) {}

// arduino-pico starts USB before setup(); an interface added afterwards is only seen after
// the host enumerates again, hence the detach/attach when already mounted (as Adafruit's
// TinyUSB examples do).
void HidReports::begin() {
  if (!TinyUSBDevice.isInitialized()) TinyUSBDevice.begin(0);
  usbHid.begin();
  if (TinyUSBDevice.mounted()) {
    TinyUSBDevice.detach();
    delay(10);
    TinyUSBDevice.attach();
  }
}

void HidReports::press(uint8_t usage, uint8_t modifiers) {
  for (uint8_t i = 0; i < sizeof keyboard_; i++) keyboard_[i] = 0;
  keyboard_[0] = modifiers;
  keyboard_[2] = usage;
  keyboardPending_ = true;
  service();
}

void HidReports::releaseAll() {
  for (uint8_t i = 0; i < sizeof keyboard_; i++) keyboard_[i] = 0;
  keyboardPending_ = true;
  if (touch_[0] != 0) setTouch(false, 0, 0);
  service();
}

void HidReports::touchDown(uint16_t x, uint16_t y) {
  setTouch(true, toLogical(x, workspaceX_), toLogical(y, workspaceY_));
  service();
}

void HidReports::touchUp() {
  setTouch(false, 0, 0);
  service();
}

void HidReports::setTouch(bool down, uint16_t x, uint16_t y) {
  touch_[0] = down ? 0x03 : 0x00;
  if (down) {
    touch_[1] = static_cast<uint8_t>(x);
    touch_[2] = static_cast<uint8_t>(x >> 8);
    touch_[3] = static_cast<uint8_t>(y);
    touch_[4] = static_cast<uint8_t>(y >> 8);
  }
  touchPending_ = true;
}

// One report per call: TinyUSB holds one in flight, the other goes on the next pass.
void HidReports::service() {
  if (keyboardPending_) {
    if (trySend(kKeyboardReportId, keyboard_, sizeof keyboard_)) keyboardPending_ = false;
    return;
  }
  if (touchPending_ && trySend(kTouchReportId, touch_, sizeof touch_)) touchPending_ = false;
}

}  // namespace pico
}  // namespace bh
