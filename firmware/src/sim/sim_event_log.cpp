#include "sim_event_log.h"

#include <time.h>

namespace bh {
namespace sim {

static uint64_t monotonicMs() {
  timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<uint64_t>(now.tv_sec) * 1000 + static_cast<uint64_t>(now.tv_nsec) / 1000000;
}

SimClock::SimClock() : startMs_(monotonicMs()) {}

uint32_t SimClock::nowMs() { return static_cast<uint32_t>(monotonicMs() - startMs_); }

void SimEventLog::emit(const char* name, const char* extraJson) {
  if (file_ == nullptr) return;
  fprintf(file_, "{\"t\":%u,\"ev\":\"%s\"%s}\n", static_cast<unsigned>(clock_.nowMs()), name, extraJson);
  fflush(file_);
}

void SimEventLog::touchDown(uint16_t x, uint16_t y) {
  char extra[48];
  snprintf(extra, sizeof extra, ",\"x\":%u,\"y\":%u", x, y);
  touching_ = true;
  touchX_ = x;
  touchY_ = y;
  emit("tap_down", extra);
}

// One line per move report: the virtual phone reads the finger's path (and its speed, for a
// fling) from these.
void SimEventLog::touchMove(uint16_t x, uint16_t y) {
  char extra[48];
  snprintf(extra, sizeof extra, ",\"x\":%u,\"y\":%u", x, y);
  touchX_ = x;
  touchY_ = y;
  emit("tap_move", extra);
}

void SimEventLog::touchUp() {
  if (!touching_) return;
  char extra[48];
  snprintf(extra, sizeof extra, ",\"x\":%u,\"y\":%u", touchX_, touchY_);
  touching_ = false;
  emit("tap_up", extra);
}

void SimEventLog::press(uint8_t usage, uint8_t modifiers) {
  char extra[48];
  snprintf(extra, sizeof extra, ",\"usage\":%u,\"mods\":%u", usage, modifiers);
  keyDown_ = true;
  keyPresses_++;
  emit("key_down", extra);
}

// The core releases defensively on every safety path; log only releases of a held key.
void SimEventLog::releaseAll() {
  if (!keyDown_) return;
  keyDown_ = false;
  emit("key_up", "");
}

void SimEventLog::onEvent(proto::Event event) {
  if (event == proto::Event::Boot) return;  // logged by boot() with its details
  emit(proto::kEventNames[static_cast<uint8_t>(event)], "");
}

void SimEventLog::boot(uint32_t bootId, proto::ResetReason reason) {
  char extra[64];
  snprintf(extra, sizeof extra, ",\"boot\":\"%08X\",\"reset\":\"%s\"", static_cast<unsigned>(bootId),
           proto::kResetReasonNames[static_cast<uint8_t>(reason)]);
  emit("boot", extra);
}

}  // namespace sim
}  // namespace bh
