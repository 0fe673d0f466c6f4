// Our USB HID glue on the Arduino HID library (Debian ships no Keyboard library): one HID
// interface carrying two reports, a keyboard with the boot layout (report id 2, 8 bytes, as
// Arduino's Keyboard) and a single-finger absolute touch screen (report id 3), so the phone
// sees a keyboard and a touchscreen. The report state (newest state wins, nothing blocks, a
// release is never lost) is the core's HidReportState (lib/usb/hid_report_state.h); this is
// the descriptor and the send.
#pragma once
#include <stdint.h>

#include "usb/hid_report_state.h"

namespace bh {
namespace leonardo {

class HidReports final : public HidSender {
 public:
  // Workspace size in actuator units: 0..size-1 maps onto the digitizer's 0..32767.
  HidReports(uint16_t workspaceX, uint16_t workspaceY);

  // The keyboard sink and touch output.
  HidReportState& reports() { return state_; }
  // Sends whatever state is still pending; call from every loop pass.
  void service() { state_.service(); }

 private:
  bool trySend(uint8_t reportId, const uint8_t* report, uint8_t length) override;

  HidReportState state_;
};

}  // namespace leonardo
}  // namespace bh
