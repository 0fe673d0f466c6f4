// The numbers the MCU enforces on its own, reported in HELLO. Defaults come from the table;
// a board may narrow them (and sets its workspace).
#pragma once
#include <stdint.h>

#include "protocol/protocol_table.h"
#include "protocol/refusal.h"
#include "protocol/slice.h"

namespace bh {

// Compile-time text buffer size: a board may lower maxTextBytes, never raise it.
const uint8_t kMaxTextBytes = proto::defaults::kMaxText;

struct Limits {
  uint16_t maxTextBytes;
  uint16_t defaultHoldMs;
  uint16_t maxHoldMs;
  uint16_t minTapGapMs;
  uint16_t watchdogMs;
  uint16_t onTimeMarginMs;  // max on-time = maxHoldMs + this (Klipper's max_duration)
  uint16_t workspaceX;      // valid x: 0 .. workspaceX - 1
  uint16_t workspaceY;
  uint16_t keyPressMs;      // how long each typed character is held
  uint16_t keyGapMs;        // pause after each release
  uint16_t maxPathPoints;   // a SWIPE path has 2..this many points (at most kMaxPathPoints)
  uint16_t maxGestureMs;    // a SWIPE's hold + ms, a LONGPRESS's ms
  uint16_t maxSpeed;        // workspace units per second along any SWIPE segment
};

Limits defaultLimits(uint16_t workspaceX, uint16_t workspaceY);

bool checkHold(const Limits& limits, uint32_t holdMs, Refusal& refusal);
bool checkPosition(const Limits& limits, uint32_t x, uint32_t y, Refusal& refusal);
// Decodes the escaped text into `text` (kMaxTextBytes) and checks all of it before any key:
// TEXT_TOO_LONG (limit=max) first, then BAD_CHAR (limit=the byte value).
bool checkText(const Limits& limits, Slice escaped, uint8_t* text, uint8_t& length, Refusal& refusal);

}  // namespace bh
