// One received line -> parse, validate against the table, handshake gate, then the verb.
#include "core/core.h"
#include "protocol/table_names.h"

namespace bh {

namespace {

// Allowed before a (matching) HELLO: what a host needs to connect, look, and stop.
bool allowedBeforeHandshake(proto::Verb verb) {
  return verb == proto::Verb::Hello || verb == proto::Verb::Ping || verb == proto::Verb::Status ||
         verb == proto::Verb::Estop;
}

Refusal frameRefusal(FrameError error, FlashString field) {
  if (error == FrameError::kBadCrc) return makeRefusal(proto::ErrorCode::BadCrc);
  if (error == FrameError::kUnknownVerb) return makeRefusal(proto::ErrorCode::UnknownVerb);
  return makeRefusal(proto::ErrorCode::BadFrame, field);
}

}  // namespace

void Core::handleLine(const char* line, uint8_t length) {
  HostFrame frame;
  FlashString field;
  FrameError error = parseHostFrame(line, length, frame, field);
  // A good CRC proves a live host even when the frame is refused: feed the watchdog.
  if (error != FrameError::kBadCrc) watchdog_.frameReceived(hal_.clock->nowMs());
  if (error != FrameError::kNone) return sendRefusal(frame.seq, frame.id, frameRefusal(error, field));
  proto::VerbSpec spec = verbSpec(frame.verb);
  ParsedArgs args;
  Refusal refusal;
  if (!validateArgs(spec, frame.args, args, refusal)) return sendRefusal(frame.seq, frame.id, refusal);
  if (!passesHandshake(frame.verb, refusal)) return sendRefusal(frame.seq, frame.id, refusal);
  if (spec.ledgered) return handleLedgered(frame, args);
  handleControl(frame, args);
}

bool Core::passesHandshake(proto::Verb verb, Refusal& refusal) const {
  if (allowedBeforeHandshake(verb)) return true;
  if (!helloSeen_) refusal = makeRefusal(proto::ErrorCode::NoHello);
  else if (!protocolMatches_) refusal = makeRefusal(proto::ErrorCode::ProtoMismatch);
  return helloSeen_ && protocolMatches_;
}

void Core::handleControl(const HostFrame& frame, const ParsedArgs& args) {
  switch (frame.verb) {
    case proto::Verb::Hello:
      return handleHello(frame, args);
    case proto::Verb::Ping:
      // boot= lets the host's heartbeat notice a reboot whose EVT name=boot it missed.
      writer_.begin(proto::Reply::Done, frame.seq, frame.id);
      writer_.argText(BH_FSTR("state"), stateName(state_));
      writer_.argHex32(BH_FSTR("boot"), board_.bootId);
      return writer_.end();
    case proto::Verb::Status:
      writer_.begin(proto::Reply::Done, frame.seq, frame.id);
      writer_.argText(BH_FSTR("state"), stateName(state_));
      writer_.argUint(BH_FSTR("queue"), queue_.count());
      writer_.argUint(BH_FSTR("last"), ledger_.highestId());
      return writer_.end();
    case proto::Verb::Estop:
      enterEstop();
      return sendStateDone(frame.seq, frame.id);
    case proto::Verb::Clear:
      // Releasing the latch does not arm: the host decides that, after a person released it.
      if (state_ == proto::State::Shutdown) return sendRefusal(frame.seq, frame.id, makeRefusal(proto::ErrorCode::Shutdown));
      if (state_ == proto::State::Estopped) state_ = proto::State::Disarmed;
      return sendStateDone(frame.seq, frame.id);
    case proto::Verb::Arm:
      if (state_ == proto::State::Shutdown) return sendRefusal(frame.seq, frame.id, makeRefusal(proto::ErrorCode::Shutdown));
      if (state_ == proto::State::Estopped) return sendRefusal(frame.seq, frame.id, makeRefusal(proto::ErrorCode::Estopped));
      state_ = proto::State::Ready;
      return sendStateDone(frame.seq, frame.id);
    default:
      return;
  }
}

// A mismatched HELLO is still answered in full, so the host can say which side to update.
void Core::handleHello(const HostFrame& frame, const ParsedArgs& args) {
  helloSeen_ = true;
  // Whoever shakes hands starts disarmed and must decide to ARM (an e-stop stays latched).
  if (state_ == proto::State::Ready) state_ = proto::State::Disarmed;
  protocolMatches_ = args.values[0].number == proto::kVersion && args.values[1].number == proto::kTableHash;
  watchdog_.enable();
  watchdog_.frameReceived(hal_.clock->nowMs());
  sendHelloReply(frame);
}

void Core::sendHelloReply(const HostFrame& frame) {
  writer_.begin(proto::Reply::Hello, frame.seq, frame.id);
  writer_.argUint(BH_FSTR("proto"), proto::kVersion);
  writer_.argHex32(BH_FSTR("table"), proto::kTableHash);
  writer_.argText(BH_FSTR("fw"), board_.firmwareVersion);
  writer_.argText(BH_FSTR("board"), board_.boardName);
  writer_.argHex32(BH_FSTR("boot"), board_.bootId);
  writer_.argText(BH_FSTR("reset"), resetReasonName(board_.resetReason));
  sendCaps();
  writer_.argText(BH_FSTR("state"), stateName(state_));
  writer_.argUint(BH_FSTR("last"), ledger_.highestId());
  writer_.argUint(BH_FSTR("maxtext"), limits_.maxTextBytes);
  writer_.argUint(BH_FSTR("maxhold"), limits_.maxHoldMs);
  writer_.argUint(BH_FSTR("tapgap"), limits_.minTapGapMs);
  writer_.argUint(BH_FSTR("wdog"), limits_.watchdogMs);
  writer_.argUint(BH_FSTR("queue"), kQueueDepth);
  writer_.argUint(BH_FSTR("wsx"), limits_.workspaceX);
  writer_.argUint(BH_FSTR("wsy"), limits_.workspaceY);
  writer_.argUint(BH_FSTR("maxpath"), limits_.maxPathPoints);
  writer_.argUint(BH_FSTR("maxgest"), limits_.maxGestureMs);
  writer_.argUint(BH_FSTR("maxspeed"), limits_.maxSpeed);
  writer_.end();
}

void Core::sendCaps() {
  char caps[24];
  uint8_t length = 0;
  FlashString names[4];
  uint8_t count = 0;
  if (hal_.tap != 0) names[count++] = BH_FSTR("tap");
  if (hal_.keyboard != 0) names[count++] = BH_FSTR("type"), names[count++] = BH_FSTR("key");
  if (hal_.tap != 0 && hal_.tap->needsHoming()) names[count++] = BH_FSTR("home");
  for (uint8_t i = 0; i < count; i++) {
    if (i > 0) caps[length++] = ',';
    for (uint8_t c = 0; names[i].at(c) != '\0'; c++) caps[length++] = names[i].at(c);
  }
  writer_.argSlice(BH_FSTR("caps"), makeSlice(caps, length));
}

}  // namespace bh
