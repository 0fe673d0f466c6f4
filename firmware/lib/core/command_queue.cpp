#include "core/command_queue.h"

namespace bh {

QueuedCommand* CommandQueue::reserve() {
  if (count_ == kQueueDepth) return 0;
  return &items_[(head_ + count_) % kQueueDepth];
}

void CommandQueue::pop() {
  if (count_ == 0) return;
  head_ = static_cast<uint8_t>((head_ + 1) % kQueueDepth);
  count_--;
}

bool CommandQueue::contains(proto::Verb verb) {
  for (uint8_t i = 0; i < count_; i++) {
    if (at(i).verb == verb) return true;
  }
  return false;
}

}  // namespace bh
