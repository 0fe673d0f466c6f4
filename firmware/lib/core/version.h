// The firmware version reported as fw= in HELLO and EVT name=boot. Board glue passes it in
// BoardInfo; bump it with any behaviour change the host could notice.
#pragma once

namespace bh {

#define BH_FIRMWARE_VERSION "0.1.0"

}  // namespace bh
