// The bounded action queue: accepted ledgered commands wait here, oldest first; the head is
// the one running. Full -> QUEUE_FULL, never a wait inside the serial handler.
#pragma once
#include <stdint.h>

#include "actuators/tap_driver.h"
#include "core/limits.h"
#include "protocol/protocol_table.h"

namespace bh {

const uint8_t kQueueDepth = proto::defaults::kQueueDepth;

struct KeyCommand {
  uint8_t usage;
  uint8_t modifiers;
  uint16_t holdMs;
};

struct TypeCommand {
  uint8_t length;
  uint8_t text[kMaxTextBytes];
};

struct QueuedCommand {
  uint32_t id;
  uint16_t seq;  // of the frame that was accepted: DONE/ERR echo it
  proto::Verb verb;
  union {
    TapRequest tap;
    KeyCommand key;
    TypeCommand type;
    SwipeRequest swipe;  // no bigger than TypeCommand: a gesture costs the queue no RAM
  };
};

class CommandQueue {
 public:
  CommandQueue() : head_(0), count_(0) {}

  // A slot to fill, or null when full. Call commit() once it is filled.
  QueuedCommand* reserve();
  void commit() { count_++; }
  QueuedCommand* front() { return count_ ? &items_[head_] : 0; }
  QueuedCommand& at(uint8_t index) { return items_[(head_ + index) % kQueueDepth]; }
  void pop();
  void clear() { head_ = 0, count_ = 0; }
  uint8_t count() const { return count_; }
  bool contains(proto::Verb verb);

 private:
  QueuedCommand items_[kQueueDepth];
  uint8_t head_;
  uint8_t count_;
};

}  // namespace bh
