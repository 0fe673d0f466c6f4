#include "hid_reports.h"

#include <Arduino.h>
#include <HID.h>

namespace bh {
namespace leonardo {

namespace {

const uint8_t kKeyboardReportId = HidReportState::kKeyboardReportId;
const uint8_t kTouchReportId = HidReportState::kTouchReportId;
// HID is the only PluggableUSB module, so it gets the first endpoint after CDC's. (The
// library keeps its endpoint number protected; we need it to ask for free space first,
// because HID().SendReport() itself waits up to 250 ms for a busy endpoint.)
const uint8_t kHidEndpoint = CDC_FIRST_ENDPOINT + CDC_ENPOINT_COUNT;

const uint8_t kReportDescriptor[] PROGMEM = {
    // Keyboard, report id 2: the layout of Arduino's Keyboard library (boot report shape).
    0x05, 0x01, 0x09, 0x06, 0xA1, 0x01, 0x85, kKeyboardReportId,  // Generic Desktop / Keyboard / Application
    0x05, 0x07, 0x19, 0xE0, 0x29, 0xE7, 0x15, 0x00, 0x25, 0x01,  //   modifiers E0..E7
    0x75, 0x01, 0x95, 0x08, 0x81, 0x02,                          //   8 x 1 bit, data var abs
    0x95, 0x01, 0x75, 0x08, 0x81, 0x03,                          //   reserved byte
    0x95, 0x06, 0x75, 0x08, 0x15, 0x00, 0x25, 0x73,              //   6 key slots, usages 0..0x73
    0x05, 0x07, 0x19, 0x00, 0x29, 0x73, 0x81, 0x00, 0xC0,        //   data array abs; end
    // Touch screen, report id 3: one finger, tip switch + in range, absolute X/Y 0..32767.
    0x05, 0x0D, 0x09, 0x04, 0xA1, 0x01, 0x85, kTouchReportId,    // Digitizers / Touch Screen / Application
    0x09, 0x22, 0xA1, 0x02,                                      //   Finger, logical collection
    0x09, 0x42, 0x09, 0x32, 0x15, 0x00, 0x25, 0x01,              //     Tip Switch, In Range: 0..1
    0x75, 0x01, 0x95, 0x02, 0x81, 0x02,                          //     2 x 1 bit, data var abs
    0x95, 0x06, 0x81, 0x03,                                      //     6 bits padding
    0x05, 0x01, 0x09, 0x30, 0x09, 0x31,                          //     Generic Desktop X, Y
    0x16, 0x00, 0x00, 0x26, 0xFF, 0x7F,                          //     logical 0..32767
    0x75, 0x10, 0x95, 0x02, 0x81, 0x02,                          //     2 x 16 bits, data var abs
    0xC0, 0xC0,                                                  //   end finger; end application
};

// Registered from a global constructor, like Arduino's Keyboard, so the descriptor exists
// before main() calls USBDevice.attach() and a host can enumerate us.
struct DescriptorRegistration {
  DescriptorRegistration() {
    static HIDSubDescriptor node(kReportDescriptor, sizeof kReportDescriptor);
    HID().AppendDescriptor(&node);
  }
} registration;

}  // namespace

HidReports::HidReports(uint16_t workspaceX, uint16_t workspaceY)
    : state_(*this, workspaceX, workspaceY, HidReportState::kSendAllPending) {}

// False (and nothing waits) when no host has configured us or the endpoint is still busy.
bool HidReports::trySend(uint8_t reportId, const uint8_t* report, uint8_t length) {
  if (!USBDevice.configured()) return false;
  if (USB_SendSpace(kHidEndpoint) < length + 1U) return false;
  return HID().SendReport(reportId, report, length) >= 0;
}

}  // namespace leonardo
}  // namespace bh
