#include "core/core.h"
#include "protocol/table_names.h"

namespace bh {

Core::Core(const CoreHal& hal, const BoardInfo& board, const Limits& limits)
    : hal_(hal), board_(board), limits_(limits), writer_(*hal.serial), state_(proto::State::Ready),
      helloSeen_(false), protocolMatches_(false), headStarted_(false), tapDoneOnce_(false),
      typeCursor_(0), progressReported_(0), lastTapEndMs_(0) {}

void Core::begin() {
  beginEvent(proto::Event::Boot);
  writer_.argHex32("boot", board_.bootId);
  writer_.argText("reset", resetReasonName(board_.resetReason));
  writer_.argText("fw", board_.firmwareVersion);
  writer_.end();
}

void Core::feedByte(uint8_t byte) {
  LineAssembler::Result result = assembler_.feed(byte);
  if (result == LineAssembler::kLine) handleLine(assembler_.line(), assembler_.length());
  if (result == LineAssembler::kTooLong) sendRefusal(0, 0, makeRefusal(proto::ErrorCode::TooLong));
}

void Core::poll() {
  uint32_t nowMs = hal_.clock->nowMs();
  checkWatchdog(nowMs);
  checkOnTime(nowMs);
  runQueue(nowMs);
}

void Core::sendRefusal(uint16_t seq, uint32_t id, const Refusal& refusal) {
  writer_.begin(proto::Reply::Err, seq, id);
  writer_.argText("code", errorCodeName(refusal.code));
  if (refusal.field != 0) writer_.argText("field", refusal.field);
  if (refusal.field == 0 && refusal.sentField.length > 0) writer_.argRaw("field", refusal.sentField);
  if (refusal.hasLimit) writer_.argUint("limit", refusal.limit);
  writer_.end();
}

void Core::sendBare(proto::Reply kind, uint16_t seq, uint32_t id) {
  writer_.begin(kind, seq, id);
  writer_.end();
}

void Core::sendStateDone(uint16_t seq, uint32_t id) {
  writer_.begin(proto::Reply::Done, seq, id);
  writer_.argText("state", stateName(state_));
  writer_.end();
}

// DONE / ERR / ALREADY for a finished ledgered command. ALREADY always carries result and n;
// DONE carries n only where it means something (characters typed).
void Core::sendOutcome(proto::Reply kind, uint16_t seq, uint32_t id, uint8_t outcome, uint16_t n, bool withN) {
  writer_.begin(kind, seq, id);
  const char* codeName = outcome == kOutcomeOk ? "ok" : errorCodeName(static_cast<proto::ErrorCode>(outcome));
  if (kind == proto::Reply::Already) writer_.argText("result", codeName);
  if (kind == proto::Reply::Err) writer_.argText("code", codeName);
  if (withN) writer_.argUint("n", n);
  writer_.end();
}

void Core::beginEvent(proto::Event event) {
  if (hal_.observer != 0) hal_.observer->onEvent(event);
  writer_.begin(proto::Reply::Evt, 0, 0);
  writer_.argText("name", eventName(event));
}

}  // namespace bh
