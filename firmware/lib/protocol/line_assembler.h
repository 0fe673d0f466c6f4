// Collects serial bytes into lines. A line longer than the frame limit is dropped up to the
// next newline and reported once, so garbage (a baud mismatch, a monitor typing noise) costs
// at most one error and the next clean line is parsed normally.
#pragma once
#include <stdint.h>

#include "protocol/protocol_table.h"

namespace bh {

class LineAssembler {
 public:
  enum Result : uint8_t { kPending, kLine, kTooLong };

  LineAssembler() : length_(0), overflowed_(false), lineDelivered_(false) {}

  // kLine: line()/length() hold a complete line (without "\r\n") until the next feed().
  // kTooLong: an overlong line just ended. Empty lines are ignored (a bare "\n" resyncs).
  Result feed(uint8_t byte);
  const char* line() const { return buffer_; }
  uint8_t length() const { return length_; }
  void reset();

 private:
  Result endLine();

  char buffer_[proto::kMaxFrameBytes];
  uint8_t length_;
  bool overflowed_;
  bool lineDelivered_;  // the buffer holds a delivered line; the next byte starts afresh
};

}  // namespace bh
