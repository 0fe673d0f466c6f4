// The MCU's own safety: host watchdog, maximum on-time, e-stop latch and shutdown. Each one
// releases everything first and reports afterwards, so a slow serial line never delays a
// release.
#include "core/core.h"

namespace bh {

void Core::checkWatchdog(uint32_t nowMs) {
  if (!watchdog_.expired(nowMs, limits_.watchdogMs)) return;
  abortAll(proto::ErrorCode::Aborted);
  beginEvent(proto::Event::Watchdog);
  writer_.end();
}

void Core::checkOnTime(uint32_t nowMs) {
  uint32_t maxOnMs = static_cast<uint32_t>(limits_.maxHoldMs) + limits_.onTimeMarginMs;
  // The contact may stay down for a whole gesture; a key only for a hold.
  uint16_t longestTouch = limits_.maxGestureMs > limits_.maxHoldMs ? limits_.maxGestureMs : limits_.maxHoldMs;
  uint32_t maxTouchMs = static_cast<uint32_t>(longestTouch) + limits_.onTimeMarginMs;
  bool tapStuck = hal_.tap != 0 && tapGuard_.exceeded(hal_.tap->isPressed(), nowMs, maxTouchMs);
  bool keyStuck = keyGuard_.exceeded(keys_.keyDown(), nowMs, maxOnMs);
  if (!tapStuck && !keyStuck) return;
  abortAll(proto::ErrorCode::Aborted);
  beginEvent(proto::Event::Limit);
  writer_.argText(BH_FSTR("actuator"), tapStuck ? BH_FSTR("tap") : BH_FSTR("key"));
  writer_.end();
}

void Core::releaseActuators() {
  if (hal_.tap != 0) hal_.tap->releaseAll();
  keys_.clear();
  if (hal_.keyboard != 0) hal_.keyboard->releaseAll();
}

// Every queued and running command ends with ERR code=<code> n=<progress>, recorded in the
// ledger so a retransmit gets ALREADY result=<code>.
void Core::abortAll(proto::ErrorCode code) {
  uint16_t headN = headProgress();
  releaseActuators();
  for (uint8_t i = 0; i < queue_.count(); i++) {
    QueuedCommand& command = queue_.at(i);
    uint16_t n = i == 0 ? headN : 0;
    ledger_.recordOutcome(command.id, static_cast<uint8_t>(code), n);
    sendOutcome(proto::Reply::Err, command.seq, command.id, static_cast<uint8_t>(code), n, true);
  }
  queue_.clear();
  headStarted_ = false;
}

void Core::enterEstop() {
  abortAll(proto::ErrorCode::Aborted);
  // A disarmed MCU latches too: the host re-latches a rebooted (disarmed) MCU this way.
  if (state_ == proto::State::Estopped || state_ == proto::State::Shutdown) return;
  state_ = proto::State::Estopped;
  beginEvent(proto::Event::Estop);
  writer_.end();
}

void Core::emergencyStop() { enterEstop(); }

void Core::shutdown(FlashString reason) {
  abortAll(proto::ErrorCode::Shutdown);
  state_ = proto::State::Shutdown;
  beginEvent(proto::Event::Shutdown);
  writer_.argText(BH_FSTR("reason"), reason);
  writer_.end();
}

}  // namespace bh
