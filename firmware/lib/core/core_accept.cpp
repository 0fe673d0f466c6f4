// Ledgered verbs (TAP, TYPE, KEY, HOME): ledger, state gate, limits, then the queue.
// Every refusal here happens before acceptance, so none of them is ledgered.
#include "core/core.h"
#include "core/gesture_limits.h"
#include "keyboard/key_names.h"
#include "protocol/fnv1a.h"

namespace bh {

namespace {

// Argument positions, in the table's order (see kTapArgs / kKeyArgs / kTypeArgs).
const uint8_t kTapX = 0, kTapY = 1, kTapHold = 2;
const uint8_t kTypeText = 0;
const uint8_t kKeyName = 0, kKeyMods = 1, kKeyHold = 2;
const uint8_t kSwipePath = 0, kSwipeMs = 1, kSwipeHold = 2;
const uint8_t kLongPressX = 0, kLongPressY = 1, kLongPressMs = 2;

}  // namespace

void Core::handleLedgered(const HostFrame& frame, const ParsedArgs& args) {
  Refusal refusal;
  if (frame.id == 0) return sendRefusal(frame.seq, frame.id, makeRefusal(proto::ErrorCode::BadFrame, BH_FSTR("id")));
  // The ledger comes before the state gate: a retransmission of an id that finished before an
  // e-stop must get ALREADY with its recorded result, never ESTOPPED, or the host would take
  // a done action for a refused one (PROTOCOL.md, "Command ids and the ledger").
  uint32_t hash = fnv1a32(frame.body.data, frame.body.length);
  if (answerFromLedger(frame, hash)) return;
  if (state_ == proto::State::Shutdown) return sendRefusal(frame.seq, frame.id, makeRefusal(proto::ErrorCode::Shutdown));
  if (state_ == proto::State::Estopped) return sendRefusal(frame.seq, frame.id, makeRefusal(proto::ErrorCode::Estopped));
  // Boots disarmed, and every handshake and released e-stop leaves it so: only a host that
  // shook hands and decided to ARM can move anything (a reboot mid-run is always a stop).
  if (state_ == proto::State::Disarmed) return sendRefusal(frame.seq, frame.id, makeRefusal(proto::ErrorCode::Disarmed));
  QueuedCommand* slot = queue_.reserve();
  QueuedCommand scratch;
  // Validate into the free slot when there is one; otherwise into a scratch copy, so a
  // permanent refusal (bad limit) is reported ahead of the transient QUEUE_FULL.
  QueuedCommand& command = slot != 0 ? *slot : scratch;
  if (!prepareCommand(frame, args, command, refusal)) return sendRefusal(frame.seq, frame.id, refusal);
  if (slot == 0) return sendRefusal(frame.seq, frame.id, makeRefusal(proto::ErrorCode::QueueFull));
  queue_.commit();
  ledger_.recordAccepted(frame.id, hash);
  sendBare(proto::Reply::Rcvd, frame.seq, frame.id);
}

// The ledger table of PROTOCOL.md. True when the frame was answered from the ledger.
bool Core::answerFromLedger(const HostFrame& frame, uint32_t hash) {
  const LedgerRecord* record = 0;
  switch (ledger_.lookup(frame.id, hash, record)) {
    case LedgerLookup::kNew:
      return false;
    case LedgerLookup::kRunning:
      sendBare(proto::Reply::Rcvd, frame.seq, frame.id);
      return true;
    case LedgerLookup::kFinished:
      sendOutcome(proto::Reply::Already, frame.seq, frame.id, record->outcome, record->n, true);
      return true;
    case LedgerLookup::kMismatch:
      sendBare(proto::Reply::Mismatch, frame.seq, frame.id);
      return true;
    case LedgerLookup::kStale:
      writer_.begin(proto::Reply::Stale, frame.seq, frame.id);
      writer_.argUint(BH_FSTR("last"), ledger_.highestId());
      writer_.end();
      return true;
  }
  return true;
}

bool Core::prepareCommand(const HostFrame& frame, const ParsedArgs& args, QueuedCommand& command, Refusal& refusal) {
  command.id = frame.id;
  command.seq = frame.seq;
  command.verb = frame.verb;
  switch (frame.verb) {
    case proto::Verb::Tap: return prepareTap(args, command, refusal);
    case proto::Verb::Type: return prepareType(args, command, refusal);
    case proto::Verb::Key: return prepareKey(args, command, refusal);
    case proto::Verb::Home: return prepareHome(refusal);
    case proto::Verb::Swipe: return prepareSwipe(args, command, refusal);
    case proto::Verb::Longpress: return prepareLongPress(args, command, refusal);
    default: break;
  }
  refusal = makeRefusal(proto::ErrorCode::Unsupported);
  return false;
}

bool Core::prepareTap(const ParsedArgs& args, QueuedCommand& command, Refusal& refusal) {
  if (hal_.tap == 0) return refusal = makeRefusal(proto::ErrorCode::Unsupported), false;
  uint32_t hold = args.values[kTapHold].present ? args.values[kTapHold].number : limits_.defaultHoldMs;
  if (!checkHold(limits_, hold, refusal)) return false;
  if (!checkPosition(limits_, args.values[kTapX].number, args.values[kTapY].number, refusal)) return false;
  // A HOME already queued will have homed the gantry by the time this tap runs.
  if (!hal_.tap->isHomed() && !queue_.contains(proto::Verb::Home)) {
    return refusal = makeRefusal(proto::ErrorCode::NotHomed), false;
  }
  command.tap.x = static_cast<uint16_t>(args.values[kTapX].number);
  command.tap.y = static_cast<uint16_t>(args.values[kTapY].number);
  command.tap.holdMs = static_cast<uint16_t>(hold);
  return true;
}

// The whole path is parsed and checked here, before acceptance: nothing touches the screen
// unless every point, the speed and the duration are within the limits.
bool Core::prepareSwipe(const ParsedArgs& args, QueuedCommand& command, Refusal& refusal) {
  if (!checkTouchReady(refusal)) return false;
  uint32_t hold = args.values[kSwipeHold].present ? args.values[kSwipeHold].number : 0;
  if (!parsePath(limits_, args.values[kSwipePath].raw, command.swipe, refusal)) return false;
  return checkSwipe(limits_, hold, args.values[kSwipeMs].number, command.swipe, refusal);
}

// A long press is a tap whose hold may run to maxGestureMs instead of maxHoldMs.
bool Core::prepareLongPress(const ParsedArgs& args, QueuedCommand& command, Refusal& refusal) {
  if (!checkTouchReady(refusal)) return false;
  uint32_t ms = args.values[kLongPressMs].number;
  if (!checkGestureMs(limits_, ms, BH_FSTR("ms"), refusal)) return false;
  if (!checkPosition(limits_, args.values[kLongPressX].number, args.values[kLongPressY].number, refusal)) return false;
  command.tap.x = static_cast<uint16_t>(args.values[kLongPressX].number);
  command.tap.y = static_cast<uint16_t>(args.values[kLongPressY].number);
  command.tap.holdMs = static_cast<uint16_t>(ms);
  return true;
}

bool Core::checkTouchReady(Refusal& refusal) {
  if (hal_.tap == 0) return refusal = makeRefusal(proto::ErrorCode::Unsupported), false;
  if (!hal_.tap->isHomed() && !queue_.contains(proto::Verb::Home)) {
    return refusal = makeRefusal(proto::ErrorCode::NotHomed), false;
  }
  return true;
}

bool Core::prepareType(const ParsedArgs& args, QueuedCommand& command, Refusal& refusal) {
  if (hal_.keyboard == 0) return refusal = makeRefusal(proto::ErrorCode::Unsupported), false;
  return checkText(limits_, args.values[kTypeText].raw, command.type.text, command.type.length, refusal);
}

bool Core::prepareKey(const ParsedArgs& args, QueuedCommand& command, Refusal& refusal) {
  if (hal_.keyboard == 0) return refusal = makeRefusal(proto::ErrorCode::Unsupported), false;
  KeyStroke stroke;
  if (!resolveKeyName(args.values[kKeyName].raw, stroke)) {
    return refusal = makeRefusal(proto::ErrorCode::BadKey, BH_FSTR("key")), false;
  }
  uint8_t modifiers = 0;
  if (args.values[kKeyMods].present && !parseModifierNames(args.values[kKeyMods].raw, modifiers)) {
    return refusal = makeRefusal(proto::ErrorCode::BadKey, BH_FSTR("mods")), false;
  }
  uint32_t hold = args.values[kKeyHold].present ? args.values[kKeyHold].number : limits_.defaultHoldMs;
  if (!checkHold(limits_, hold, refusal)) return false;
  command.key.usage = stroke.usage;
  command.key.modifiers = static_cast<uint8_t>(stroke.modifiers | modifiers);
  command.key.holdMs = static_cast<uint16_t>(hold);
  return true;
}

bool Core::prepareHome(Refusal& refusal) {
  if (hal_.tap != 0 && hal_.tap->needsHoming()) return true;
  refusal = makeRefusal(proto::ErrorCode::Unsupported);
  return false;
}

}  // namespace bh
