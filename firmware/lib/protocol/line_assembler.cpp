#include "protocol/line_assembler.h"

namespace bh {

LineAssembler::Result LineAssembler::feed(uint8_t byte) {
  if (lineDelivered_) reset();
  if (byte == '\n') return endLine();
  if (byte == '\r') return kPending;  // "\r\n" endings from serial monitors
  if (overflowed_) return kPending;
  if (length_ >= proto::kMaxFrameBytes) {
    overflowed_ = true;
    return kPending;
  }
  buffer_[length_++] = static_cast<char>(byte);
  return kPending;
}

LineAssembler::Result LineAssembler::endLine() {
  if (overflowed_) {
    reset();
    return kTooLong;
  }
  if (length_ == 0) return kPending;
  lineDelivered_ = true;
  return kLine;
}

void LineAssembler::reset() {
  length_ = 0;
  overflowed_ = false;
  lineDelivered_ = false;
}

}  // namespace bh
