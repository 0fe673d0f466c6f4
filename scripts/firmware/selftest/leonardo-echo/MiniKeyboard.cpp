#include "MiniKeyboard.h"

// Same shape as Arduino's Keyboard library: report id 2, 8-byte boot report.
static const uint8_t kReportDesc[] PROGMEM = {
    0x05, 0x01, 0x09, 0x06, 0xA1, 0x01, 0x85, 0x02,              // Generic desktop / Keyboard / Application / id 2
    0x05, 0x07, 0x19, 0xE0, 0x29, 0xE7, 0x15, 0x00, 0x25, 0x01,  // modifiers E0..E7
    0x75, 0x01, 0x95, 0x08, 0x81, 0x02,                          //   8 x 1 bit, data var abs
    0x95, 0x01, 0x75, 0x08, 0x81, 0x03,                          // reserved byte
    0x95, 0x06, 0x75, 0x08, 0x15, 0x00, 0x25, 0x73,              // 6 key slots
    0x05, 0x07, 0x19, 0x00, 0x29, 0x73, 0x81, 0x00, 0xC0};

MiniKeyboard_::MiniKeyboard_() {
  // Registered from a constructor (like Keyboard) so the descriptor exists
  // before USBDevice.attach() in main() can let a host enumerate us.
  static HIDSubDescriptor node(kReportDesc, sizeof(kReportDesc));
  HID().AppendDescriptor(&node);
}

int MiniKeyboard_::tap(uint8_t usage) {
  uint8_t report[8] = {0, 0, usage, 0, 0, 0, 0, 0};
  int r = HID().SendReport(2, report, sizeof(report));
  report[2] = 0;
  HID().SendReport(2, report, sizeof(report));
  return r;
}

MiniKeyboard_ MiniKeyboard;
