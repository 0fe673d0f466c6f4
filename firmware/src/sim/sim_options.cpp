#include "sim_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

namespace bh {
namespace sim {

namespace {

const char kUsage[] =
    "usage: benchhand-sim-mcu [--link PATH] [--events FILE] [--workspace WxH]\n"
    "                         [--reset-reason power|external|watchdog|brownout|software|unknown]\n"
    "                         [--board NAME] [--control FILE]\n"
    "Runs the firmware core on a pseudo-terminal; prints \"PTY <slave path>\" on stdout.\n";

bool parseWorkspace(const char* text, SimOptions& options) {
  unsigned width = 0, height = 0;
  char trailing = 0;
  if (sscanf(text, "%ux%u%c", &width, &height, &trailing) != 2) return false;
  if (width == 0 || height == 0 || width > 65535 || height > 65535) return false;
  options.workspaceX = static_cast<uint16_t>(width);
  options.workspaceY = static_cast<uint16_t>(height);
  return true;
}

bool parseResetReason(const char* text, SimOptions& options) {
  for (uint8_t i = 0; i < static_cast<uint8_t>(proto::ResetReason::Count); i++) {
    if (strcmp(text, proto::kResetReasonNames[i]) == 0) {
      options.resetReason = static_cast<proto::ResetReason>(i);
      return true;
    }
  }
  return false;
}

bool fail(const char* what, const char* value) {
  fprintf(stderr, "benchhand-sim-mcu: %s%s\n%s", what, value, kUsage);
  return false;
}

}  // namespace

bool parseSimOptions(int argc, char** argv, SimOptions& options) {
  for (int i = 1; i < argc; i++) {
    const char* flag = argv[i];
    if (strcmp(flag, "--help") == 0 || strcmp(flag, "-h") == 0) return fprintf(stdout, "%s", kUsage), exit(0), false;
    bool known = strcmp(flag, "--link") == 0 || strcmp(flag, "--events") == 0 || strcmp(flag, "--board") == 0 ||
                 strcmp(flag, "--control") == 0 || strcmp(flag, "--workspace") == 0 || strcmp(flag, "--reset-reason") == 0;
    if (!known) return fail("unknown option: ", flag);
    if (i + 1 >= argc) return fail("missing value for ", flag);
    const char* value = argv[++i];
    if (strcmp(flag, "--link") == 0) options.linkPath = value;
    else if (strcmp(flag, "--events") == 0) options.eventsPath = value;
    else if (strcmp(flag, "--board") == 0) options.board = value;
    else if (strcmp(flag, "--control") == 0) options.controlPath = value;
    else if (strcmp(flag, "--workspace") == 0) { if (!parseWorkspace(value, options)) return fail("bad --workspace (want WxH): ", value); }
    else if (strcmp(flag, "--reset-reason") == 0) { if (!parseResetReason(value, options)) return fail("unknown --reset-reason: ", value); }
    else return fail("unknown option: ", flag);
  }
  return true;
}

}  // namespace sim
}  // namespace bh
