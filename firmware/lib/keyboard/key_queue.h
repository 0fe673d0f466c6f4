// A bounded, non-blocking queue of timed key actions (the shape of ZMK's behavior_queue):
// each item presses or releases, then the queue waits the item's delay before the next one.
// Producers top it up as it drains, so typing 40 characters needs 4 slots, not 80.
#pragma once
#include <stdint.h>

#include "keyboard/keyboard_sink.h"

namespace bh {

struct KeyAction {
  uint8_t usage;      // ignored for a release
  uint8_t modifiers;  // ignored for a release
  bool press;         // false: release everything
  uint16_t waitMs;    // time to wait after this action
};

class KeyQueue {
 public:
  static const uint8_t kCapacity = 4;

  KeyQueue() { clear(); }

  bool push(const KeyAction& action);
  uint8_t freeSlots() const { return static_cast<uint8_t>(kCapacity - count_); }
  // Runs every action that is due. Never blocks.
  void poll(uint32_t nowMs, KeyboardSink& sink);
  // Empty and the last action's wait is over.
  bool idle(uint32_t nowMs) const;
  // Drops queued actions; a key already down stays down until the caller releases it.
  void clear();
  bool keyDown() const { return keyDown_; }
  // Presses performed since the last clear(): a TYPE counts its characters with this.
  uint16_t pressCount() const { return pressCount_; }

 private:
  void runFront(uint32_t nowMs, KeyboardSink& sink);

  KeyAction items_[kCapacity];
  uint8_t head_;
  uint8_t count_;
  bool waiting_;
  bool keyDown_;
  uint16_t pressCount_;
  uint32_t waitUntilMs_;
};

}  // namespace bh
