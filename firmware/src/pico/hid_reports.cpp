#include "hid_reports.h"

#include <Adafruit_TinyUSB.h>

namespace bh {
namespace pico {

namespace {

const uint8_t kKeyboardReportId = HidReportState::kKeyboardReportId;
const uint8_t kTouchReportId = HidReportState::kTouchReportId;

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

}  // namespace

HidReports::HidReports(uint16_t workspaceX, uint16_t workspaceY)
    : state_(*this, workspaceX, workspaceY, HidReportState::kOneReportPerPass) {}

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

// ready() is false while unmounted or while the previous report is still in flight.
bool HidReports::trySend(uint8_t reportId, const uint8_t* report, uint8_t length) {
  if (!TinyUSBDevice.mounted() || !usbHid.ready()) return false;
  return usbHid.sendReport(reportId, report, length);
}

}  // namespace pico
}  // namespace bh
