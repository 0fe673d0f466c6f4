// USB HID for the phone on Adafruit TinyUSB (arduino-pico, -DUSE_TINYUSB): one HID interface
// with a boot-layout keyboard (report id 2) and a single-finger touch screen (report id 3),
// the same descriptor as the Leonardo glue. The report state (newest state wins, nothing
// blocks, a release is never lost) is the core's HidReportState (lib/usb/hid_report_state.h),
// sending one report per service() pass since TinyUSB holds one in flight.
#pragma once
#include <stdint.h>

#include "usb/hid_report_state.h"

namespace bh {
namespace pico {

class HidReports final : public HidSender {
 public:
  HidReports(uint16_t workspaceX, uint16_t workspaceY);

  void begin();  // before USB enumerates: call first thing in setup()
  // The keyboard sink and touch output.
  HidReportState& reports() { return state_; }
  void service() { state_.service(); }

 private:
  bool trySend(uint8_t reportId, const uint8_t* report, uint8_t length) override;

  HidReportState state_;
};

}  // namespace pico
}  // namespace bh
