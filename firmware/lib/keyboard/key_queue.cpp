#include "keyboard/key_queue.h"

#include "core/clock_math.h"

namespace bh {

bool KeyQueue::push(const KeyAction& action) {
  if (count_ == kCapacity) return false;
  items_[(head_ + count_) % kCapacity] = action;
  count_++;
  return true;
}

void KeyQueue::runFront(uint32_t nowMs, KeyboardSink& sink) {
  const KeyAction& action = items_[head_];
  if (action.press) {
    sink.press(action.usage, action.modifiers);
    keyDown_ = true;
    pressCount_++;
  } else {
    sink.releaseAll();
    keyDown_ = false;
  }
  waiting_ = true;
  waitUntilMs_ = nowMs + action.waitMs;
  head_ = static_cast<uint8_t>((head_ + 1) % kCapacity);
  count_--;
}

void KeyQueue::poll(uint32_t nowMs, KeyboardSink& sink) {
  while (count_ > 0 && (!waiting_ || timeReached(nowMs, waitUntilMs_))) {
    runFront(nowMs, sink);
  }
}

bool KeyQueue::idle(uint32_t nowMs) const {
  return count_ == 0 && (!waiting_ || timeReached(nowMs, waitUntilMs_));
}

void KeyQueue::clear() {
  head_ = 0;
  count_ = 0;
  waiting_ = false;
  keyDown_ = false;
  pressCount_ = 0;
  waitUntilMs_ = 0;
}

}  // namespace bh
