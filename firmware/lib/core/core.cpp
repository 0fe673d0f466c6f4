#include "core/core.h"
#include "protocol/table_names.h"

namespace bh {

Core::Core(const CoreHal& hal, const BoardInfo& board, const Limits& limits)
    : hal_(hal), board_(board), limits_(limits), writer_(*hal.serial), state_(proto::State::Disarmed),
      helloSeen_(false), protocolMatches_(false), headStarted_(false), tapDoneOnce_(false),
      typeCursor_(0), progressReported_(0), lastTapEndMs_(0) {}

void Core::begin() {
  beginEvent(proto::Event::Boot);
  writer_.argHex32(BH_FSTR("boot"), board_.bootId);
  writer_.argText(BH_FSTR("reset"), resetReasonName(board_.resetReason));
  writer_.argText(BH_FSTR("fw"), board_.firmwareVersion);
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
  writer_.argText(BH_FSTR("code"), errorCodeName(refusal.code));
  if (!refusal.field.isNull()) writer_.argText(BH_FSTR("field"), refusal.field);
  if (refusal.field.isNull() && refusal.sentField.length > 0) writer_.argRaw(BH_FSTR("field"), refusal.sentField);
  if (refusal.hasLimit) writer_.argUint(BH_FSTR("limit"), refusal.limit);
  writer_.end();
}

void Core::sendBare(proto::Reply kind, uint16_t seq, uint32_t id) {
  writer_.begin(kind, seq, id);
  writer_.end();
}

void Core::sendStateDone(uint16_t seq, uint32_t id) {
  writer_.begin(proto::Reply::Done, seq, id);
  writer_.argText(BH_FSTR("state"), stateName(state_));
  writer_.end();
}

// DONE / ERR / ALREADY for a finished ledgered command. ALREADY always carries result and n;
// DONE carries n only where it means something (characters typed).
void Core::sendOutcome(proto::Reply kind, uint16_t seq, uint32_t id, uint8_t outcome, uint16_t n, bool withN) {
  writer_.begin(kind, seq, id);
  FlashString codeName = outcome == kOutcomeOk ? BH_FSTR("ok") : errorCodeName(static_cast<proto::ErrorCode>(outcome));
  if (kind == proto::Reply::Already) writer_.argText(BH_FSTR("result"), codeName);
  if (kind == proto::Reply::Err) writer_.argText(BH_FSTR("code"), codeName);
  if (withN) writer_.argUint(BH_FSTR("n"), n);
  writer_.end();
}

void Core::beginEvent(proto::Event event) {
  if (hal_.observer != 0) hal_.observer->onEvent(event);
  writer_.begin(proto::Reply::Evt, 0, 0);
  writer_.argText(BH_FSTR("name"), eventName(event));
}

}  // namespace bh
