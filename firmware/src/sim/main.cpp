// benchhand-sim-mcu: the firmware core on a pseudo-terminal, in real time, with the direct
// tap driver and an event log instead of hardware. The host talks to it exactly as to a board.
//
// stdout: exactly one line, "PTY <slave path>", then nothing. Errors go to stderr.
// Exit: 0 on SIGTERM/SIGINT, 2 on bad arguments, 1 when the pty cannot be set up.
// SIGUSR1 pulls the cable (the pty goes away, and the --link symlink with it); SIGUSR2 plugs it
// back in on a new pty behind the same link. The MCU keeps running throughout: same boot, same
// ledger, which is what a flaky USB-serial cable looks like to the host.
// SIGHUP reads the --control file: "estop-at-key N" presses the board's e-stop button right after
// the Nth key press from then on (the bench's deterministic e-stop in the middle of typing).
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "actuators/direct_tap_driver.h"
#include "core/core.h"
#include "core/version.h"
#include "sim_event_log.h"
#include "sim_options.h"
#include "sim_pty.h"

namespace {

volatile sig_atomic_t stopRequested = 0;
volatile sig_atomic_t cableRequest = 0;  // 1: unplug, 2: plug back in
volatile sig_atomic_t controlRequest = 0;  // 1: read the --control file

void requestStop(int) { stopRequested = 1; }
void requestUnplug(int) { cableRequest = 1; }
void requestPlug(int) { cableRequest = 2; }
void requestControl(int) { controlRequest = 1; }

void installSignalHandlers() {
  struct sigaction action = {};
  action.sa_handler = requestStop;
  sigemptyset(&action.sa_mask);
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGINT, &action, nullptr);
  action.sa_handler = requestUnplug;
  sigaction(SIGUSR1, &action, nullptr);
  action.sa_handler = requestPlug;
  sigaction(SIGUSR2, &action, nullptr);
  action.sa_handler = requestControl;
  sigaction(SIGHUP, &action, nullptr);
  signal(SIGPIPE, SIG_IGN);
}

// A fresh id per boot, so the host can tell a restarted simulator from a reconnect.
uint32_t randomBootId() {
  uint32_t id = 0;
  int fd = open("/dev/urandom", O_RDONLY);
  if (fd >= 0) {
    if (read(fd, &id, sizeof id) != static_cast<ssize_t>(sizeof id)) id = 0;
    close(fd);
  }
  if (id == 0) id = static_cast<uint32_t>(time(nullptr)) ^ (static_cast<uint32_t>(getpid()) << 16);
  return id;
}

void sleepOneMs() {
  timespec pause = {0, 1000000};
  nanosleep(&pause, nullptr);
}

// Waits up to 1 ms for input, feeds it to the core, polls the core. While no host has the
// port open the master reports HUP at once, so sleep instead of spinning.
void serviceOnce(bh::sim::PtySerial& serial, bh::Core& core) {
  if (!serial.isOpen() || !serial.hostConnected()) {
    sleepOneMs();
  } else {
    pollfd entry = {serial.fd(), POLLIN, 0};
    poll(&entry, 1, 1);
    uint8_t buffer[256];
    ssize_t count = serial.readAvailable(buffer, sizeof buffer);
    for (ssize_t i = 0; i < count; i++) core.feedByte(buffer[i]);
  }
  core.poll();
}

// Unplug: close the pty and remove the link. Plug: a new pty behind the same link.
bool changeCable(int request, bh::sim::PtySerial& serial, const std::string& linkPath) {
  if (request == 1) {
    serial.close();
    if (!linkPath.empty()) unlink(linkPath.c_str());
    return true;
  }
  if (serial.isOpen()) return true;
  std::string slavePath, error;
  if (!serial.open(slavePath, error) || (!linkPath.empty() && !bh::sim::replaceSymlink(linkPath, slavePath, error))) {
    fprintf(stderr, "benchhand-sim-mcu: cannot plug the cable back in: %s\n", error.c_str());
    return false;
  }
  return true;
}

// "estop-at-key N" in the control file: the key press count at which the e-stop button is
// pressed (0: none planned). Anything else in the file plans nothing and says so on stderr.
uint32_t readEstopPlan(const std::string& path, uint32_t pressesSoFar) {
  FILE* file = path.empty() ? nullptr : fopen(path.c_str(), "r");
  unsigned keys = 0;
  bool planned = file != nullptr && fscanf(file, "estop-at-key %u", &keys) == 1 && keys > 0;
  if (file != nullptr) fclose(file);
  if (!planned) return fprintf(stderr, "benchhand-sim-mcu: no \"estop-at-key N\" in --control %s\n", path.c_str()), 0;
  return pressesSoFar + keys;
}

}  // namespace

int main(int argc, char** argv) {
  bh::sim::SimOptions options;
  if (!bh::sim::parseSimOptions(argc, argv, options)) return 2;
  installSignalHandlers();

  bh::sim::PtySerial serial;
  std::string slavePath, error;
  if (!serial.open(slavePath, error)) return fprintf(stderr, "benchhand-sim-mcu: %s\n", error.c_str()), 1;
  if (!options.linkPath.empty() && !bh::sim::replaceSymlink(options.linkPath, slavePath, error)) {
    return fprintf(stderr, "benchhand-sim-mcu: %s\n", error.c_str()), 1;
  }
  FILE* events = nullptr;
  if (!options.eventsPath.empty() && (events = fopen(options.eventsPath.c_str(), "a")) == nullptr) {
    return fprintf(stderr, "benchhand-sim-mcu: cannot open --events %s\n", options.eventsPath.c_str()), 1;
  }

  bh::sim::SimClock clock;
  bh::sim::SimEventLog eventLog(events, clock);
  bh::DirectTapDriver tap(eventLog);
  bh::CoreHal hal = {&clock, &serial, &tap, &eventLog, &eventLog};
  // Native: "flash" is ordinary memory, so a FlashString may point at any string.
  bh::BoardInfo board = {bh::FlashString(BH_FIRMWARE_VERSION), bh::FlashString(options.board.c_str()), randomBootId(),
                         options.resetReason};
  bh::Core core(hal, board, bh::defaultLimits(options.workspaceX, options.workspaceY));

  printf("PTY %s\n", slavePath.c_str());
  fflush(stdout);
  eventLog.boot(board.bootId, board.resetReason);
  core.begin();
  uint32_t estopAtPress = 0;
  while (!stopRequested) {
    if (cableRequest != 0) {
      int request = cableRequest;
      cableRequest = 0;
      if (!changeCable(request, serial, options.linkPath)) return 1;
    }
    if (controlRequest != 0) {
      controlRequest = 0;
      estopAtPress = readEstopPlan(options.controlPath, eventLog.keyPresses());
    }
    serviceOnce(serial, core);
    // One key press per poll at most: the button goes down before the next key can.
    if (estopAtPress != 0 && eventLog.keyPresses() >= estopAtPress) {
      estopAtPress = 0;
      core.emergencyStop();
    }
  }

  tap.releaseAll();
  eventLog.releaseAll();
  if (events != nullptr) fclose(events);
  return 0;
}
