#include "sim_pty.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

namespace bh {
namespace sim {

PtySerial::~PtySerial() { close(); }

void PtySerial::close() {
  if (master_ >= 0) ::close(master_);
  master_ = -1;
}

bool PtySerial::open(std::string& slavePath, std::string& error) {
  master_ = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK);
  if (master_ < 0 || grantpt(master_) != 0 || unlockpt(master_) != 0) {
    error = std::string("posix_openpt: ") + strerror(errno);
    return false;
  }
  const char* name = ptsname(master_);
  if (name == nullptr) return error = "ptsname failed", false;
  slavePath = name;
  // On Linux the master and slave share one termios: raw here means no echo, no CR/LF
  // translation and no line buffering for the host, before it sets its own options.
  termios settings;
  if (tcgetattr(master_, &settings) == 0) {
    cfmakeraw(&settings);
    cfsetispeed(&settings, B115200);
    cfsetospeed(&settings, B115200);
    tcsetattr(master_, TCSANOW, &settings);
  }
  return true;
}

bool PtySerial::hostConnected() {
  pollfd entry = {master_, POLLIN, 0};
  if (poll(&entry, 1, 0) < 0) return false;
  bool connected = (entry.revents & POLLHUP) == 0;
  if (connected) everConnected_ = true;
  return connected;
}

ssize_t PtySerial::readAvailable(uint8_t* buffer, size_t size) {
  ssize_t count = read(master_, buffer, size);
  // EIO: no slave open (host closed the port); EAGAIN: nothing to read. Both mean "later".
  return count > 0 ? count : 0;
}

void PtySerial::write(const uint8_t* data, uint8_t length) {
  if (master_ < 0 || (!hostConnected() && everConnected_)) return;
  size_t done = 0;
  while (done < length) {
    ssize_t written = ::write(master_, data + done, length - done);
    if (written <= 0) return;  // EAGAIN: the host is not reading; drop like a UART would
    done += static_cast<size_t>(written);
  }
}

bool replaceSymlink(const std::string& linkPath, const std::string& target, std::string& error) {
  std::string temporary = linkPath + ".tmp." + std::to_string(getpid());
  unlink(temporary.c_str());
  if (symlink(target.c_str(), temporary.c_str()) != 0 || rename(temporary.c_str(), linkPath.c_str()) != 0) {
    error = "cannot create symlink " + linkPath + ": " + strerror(errno);
    unlink(temporary.c_str());
    return false;
  }
  return true;
}

}  // namespace sim
}  // namespace bh
