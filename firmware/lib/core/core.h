// The portable firmware core: bytes in, frames and actuation out, all driven by poll().
// Nothing here blocks; a board calls feedByte() for each received byte and poll() from its
// main loop as often as it can (every millisecond or better).
#pragma once
#include <stdint.h>

#include "core/command_queue.h"
#include "core/hal.h"
#include "core/host_watchdog.h"
#include "core/ledger.h"
#include "core/limits.h"
#include "core/on_time_guard.h"
#include "keyboard/key_queue.h"
#include "protocol/arg_validation.h"
#include "protocol/frame_writer.h"
#include "protocol/host_frame.h"
#include "protocol/line_assembler.h"

namespace bh {

class Core {
 public:
  Core(const CoreHal& hal, const BoardInfo& board, const Limits& limits);

  void begin();                 // sends EVT name=boot
  void feedByte(uint8_t byte);  // handles a complete line at once, before returning
  void poll();                  // safety checks, then advances the running command
  void emergencyStop();         // a physical e-stop button: same path as the ESTOP verb
  void shutdown(FlashString reason);  // an internal fault: safe state until reset

  proto::State state() const { return state_; }
  uint8_t queuedCount() const { return queue_.count(); }
  uint32_t highestId() const { return ledger_.highestId(); }

 private:
  // core_dispatch.cpp: one received line -> a reply
  void handleLine(const char* line, uint8_t length);
  bool passesHandshake(proto::Verb verb, Refusal& refusal) const;
  void handleControl(const HostFrame& frame, const ParsedArgs& args);
  void handleHello(const HostFrame& frame, const ParsedArgs& args);
  void sendHelloReply(const HostFrame& frame);
  void sendCaps();
  // core_accept.cpp: ledgered verbs
  void handleLedgered(const HostFrame& frame, const ParsedArgs& args);
  bool answerFromLedger(const HostFrame& frame, uint32_t hash);
  bool prepareCommand(const HostFrame& frame, const ParsedArgs& args, QueuedCommand& command, Refusal& refusal);
  bool prepareTap(const ParsedArgs& args, QueuedCommand& command, Refusal& refusal);
  bool prepareType(const ParsedArgs& args, QueuedCommand& command, Refusal& refusal);
  bool prepareKey(const ParsedArgs& args, QueuedCommand& command, Refusal& refusal);
  bool prepareHome(Refusal& refusal);
  bool prepareSwipe(const ParsedArgs& args, QueuedCommand& command, Refusal& refusal);
  bool prepareLongPress(const ParsedArgs& args, QueuedCommand& command, Refusal& refusal);
  bool checkTouchReady(Refusal& refusal);
  // core_runner.cpp: the head of the queue
  void runQueue(uint32_t nowMs);
  bool startHead(QueuedCommand& command, uint32_t nowMs);
  ActuatorStatus pollHead(QueuedCommand& command, uint32_t nowMs);
  ActuatorStatus pollTyping(QueuedCommand& command, uint32_t nowMs);
  void feedTypingKeys(const QueuedCommand& command);
  void reportProgress(const QueuedCommand& command);
  void finishHead(uint8_t outcome);
  uint16_t headProgress();
  // core_safety.cpp
  void checkWatchdog(uint32_t nowMs);
  void checkOnTime(uint32_t nowMs);
  void releaseActuators();
  void abortAll(proto::ErrorCode code);
  void enterEstop();
  // core.cpp: replies
  void sendRefusal(uint16_t seq, uint32_t id, const Refusal& refusal);
  void sendBare(proto::Reply kind, uint16_t seq, uint32_t id);
  void sendStateDone(uint16_t seq, uint32_t id);
  void sendOutcome(proto::Reply kind, uint16_t seq, uint32_t id, uint8_t outcome, uint16_t n, bool withN);
  void beginEvent(proto::Event event);

  CoreHal hal_;
  BoardInfo board_;
  Limits limits_;
  FrameWriter writer_;
  LineAssembler assembler_;
  Ledger ledger_;
  CommandQueue queue_;
  KeyQueue keys_;
  HostWatchdog watchdog_;
  OnTimeGuard tapGuard_;
  OnTimeGuard keyGuard_;
  proto::State state_;
  bool helloSeen_;
  bool protocolMatches_;
  bool headStarted_;
  bool tapDoneOnce_;
  uint8_t typeCursor_;
  uint16_t progressReported_;
  uint32_t lastTapEndMs_;
};

}  // namespace bh
