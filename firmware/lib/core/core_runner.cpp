// Runs the head of the action queue to completion: start it (after the tap gap), poll it,
// report DONE/ERR/PROGRESS and record the outcome in the ledger.
#include "core/core.h"
#include "keyboard/us_layout.h"

namespace bh {

static bool isTouchVerb(proto::Verb verb) {
  return verb == proto::Verb::Tap || verb == proto::Verb::Longpress || verb == proto::Verb::Swipe;
}

void Core::runQueue(uint32_t nowMs) {
  QueuedCommand* command = queue_.front();
  if (command == 0) return;
  if (!headStarted_ && !startHead(*command, nowMs)) return;
  ActuatorStatus status = pollHead(*command, nowMs);
  if (status == ActuatorStatus::kBusy) return;
  if (status == ActuatorStatus::kFailed) return shutdown(hal_.tap->faultName());
  finishHead(kOutcomeOk);
}

// False while the command must wait (tap gap) or when it was refused at start.
bool Core::startHead(QueuedCommand& command, uint32_t nowMs) {
  if (isTouchVerb(command.verb)) {
    // Taps, long presses and swipes keep the same gap, so the phone reads each one apart.
    if (!hal_.tap->isHomed()) return finishHead(static_cast<uint8_t>(proto::ErrorCode::NotHomed)), false;
    if (tapDoneOnce_ && !timeReached(nowMs, lastTapEndMs_ + limits_.minTapGapMs)) return false;
    if (command.verb == proto::Verb::Swipe) hal_.tap->startSwipe(command.swipe, nowMs);
    else hal_.tap->startTap(command.tap, nowMs);
  } else if (command.verb == proto::Verb::Home) {
    hal_.tap->startHome(nowMs);
  } else if (command.verb == proto::Verb::Key) {
    KeyAction press = {command.key.usage, command.key.modifiers, true, command.key.holdMs};
    KeyAction release = {0, 0, false, limits_.keyGapMs};
    keys_.clear();
    keys_.push(press);
    keys_.push(release);
  } else {
    keys_.clear();
    typeCursor_ = 0;
    progressReported_ = 0;
  }
  headStarted_ = true;
  return true;
}

ActuatorStatus Core::pollHead(QueuedCommand& command, uint32_t nowMs) {
  if (command.verb == proto::Verb::Type) return pollTyping(command, nowMs);
  if (command.verb == proto::Verb::Key) {
    keys_.poll(nowMs, *hal_.keyboard);
    return keys_.idle(nowMs) ? ActuatorStatus::kDone : ActuatorStatus::kBusy;
  }
  ActuatorStatus status = hal_.tap->poll(nowMs);
  if (isTouchVerb(command.verb) && status == ActuatorStatus::kDone) {
    tapDoneOnce_ = true;
    lastTapEndMs_ = nowMs;
  }
  return status;
}

ActuatorStatus Core::pollTyping(QueuedCommand& command, uint32_t nowMs) {
  feedTypingKeys(command);
  keys_.poll(nowMs, *hal_.keyboard);
  reportProgress(command);
  bool allQueued = typeCursor_ == command.type.length;
  return allQueued && keys_.idle(nowMs) ? ActuatorStatus::kDone : ActuatorStatus::kBusy;
}

// Tops the key queue up with press/release pairs; the validated text is all typeable.
void Core::feedTypingKeys(const QueuedCommand& command) {
  while (typeCursor_ < command.type.length && keys_.freeSlots() >= 2) {
    KeyStroke stroke = {0, 0};
    usLayoutStroke(command.type.text[typeCursor_++], stroke);
    KeyAction press = {stroke.usage, stroke.modifiers, true, limits_.keyPressMs};
    KeyAction release = {0, 0, false, limits_.keyGapMs};
    keys_.push(press);
    keys_.push(release);
  }
}

void Core::reportProgress(const QueuedCommand& command) {
  uint16_t typed = keys_.pressCount();
  uint16_t every = proto::defaults::kProgressEvery;
  if (typed >= command.type.length || typed < progressReported_ + every) return;
  progressReported_ = static_cast<uint16_t>(typed - typed % every);
  writer_.begin(proto::Reply::Progress, command.seq, command.id);
  writer_.argUint(BH_FSTR("n"), progressReported_);
  writer_.argUint(BH_FSTR("total"), command.type.length);
  writer_.end();
}

uint16_t Core::headProgress() {
  QueuedCommand* head = queue_.front();
  if (head == 0 || !headStarted_ || head->verb != proto::Verb::Type) return 0;
  return keys_.pressCount();
}

void Core::finishHead(uint8_t outcome) {
  QueuedCommand* head = queue_.front();
  if (head == 0) return;
  bool typed = head->verb == proto::Verb::Type;
  uint16_t n = headProgress();
  ledger_.recordOutcome(head->id, outcome, n);
  proto::Reply kind = outcome == kOutcomeOk ? proto::Reply::Done : proto::Reply::Err;
  sendOutcome(kind, head->seq, head->id, outcome, n, typed || kind == proto::Reply::Err);
  queue_.pop();
  headStarted_ = false;
}

}  // namespace bh
