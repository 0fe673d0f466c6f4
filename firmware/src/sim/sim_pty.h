// The simulator's UART: the master side of a pseudo-terminal. The master stays open for the
// whole run, so a host can close and reopen the slave (or a --link symlink to it) at will.
#pragma once
#include <stdint.h>
#include <sys/types.h>

#include <string>

#include "protocol/frame_writer.h"

namespace bh {
namespace sim {

class PtySerial : public SerialOut {
 public:
  ~PtySerial();
  // Opens the pty in raw mode; `slavePath` gets the slave's path.
  bool open(std::string& slavePath, std::string& error);
  // Closes the master: the host's port sees a hang-up, as when a cable is pulled.
  void close();
  bool isOpen() const { return master_ >= 0; }
  // True while a host has the slave open.
  bool hostConnected();
  // Non-blocking read; 0 when nothing is there or no host is connected.
  ssize_t readAvailable(uint8_t* buffer, size_t size);
  // Like a UART nobody listens to, output is dropped while the host has the slave closed,
  // except before the first connection: the kernel keeps that (EVT name=boot) for the
  // first host to open the port.
  void write(const uint8_t* data, uint8_t length) override;
  int fd() const { return master_; }

 private:
  int master_ = -1;
  bool everConnected_ = false;
};

// Creates or replaces a symlink at linkPath pointing to target (atomically, via rename).
bool replaceSymlink(const std::string& linkPath, const std::string& target, std::string& error);

}  // namespace sim
}  // namespace bh
