// Command line of benchhand-sim-mcu.
#pragma once
#include <stdint.h>

#include <string>

#include "protocol/protocol_table.h"

namespace bh {
namespace sim {

struct SimOptions {
  std::string linkPath;    // --link PATH: symlink to the pty slave, replaced on each start
  std::string eventsPath;  // --events FILE: JSON lines of actuation and safety events
  std::string controlPath;  // --control FILE: read on SIGHUP (a bench fault, e.g. "estop-at-key 4")
  uint16_t workspaceX = 1080;
  uint16_t workspaceY = 2400;
  proto::ResetReason resetReason = proto::ResetReason::Power;
  std::string board = "sim";
};

// Returns false (after printing why on stderr) when the arguments are wrong.
bool parseSimOptions(int argc, char** argv, SimOptions& options);

}  // namespace sim
}  // namespace bh
