// A whole core on the bench: every HAL faked, a manual clock, and one log of everything that
// went in and came out, in time order. Core tests assert on it; scenario tests compare it to
// a committed snapshot.
#pragma once
#include <stdint.h>

#include <string>
#include <vector>

#include "actuators/direct_tap_driver.h"
#include "actuators/gantry_tap_driver.h"
#include "core/core.h"

namespace bh {
namespace test {

struct BenchOptions {
  bool gantry = false;
  bool gantryEndstopsWork = true;
  bool keyboard = true;
  bool tap = true;
  bool stuckTap = false;  // a tap driver that never lets go (tests the on-time guard)
  uint16_t workspaceX = 1080;
  uint16_t workspaceY = 2400;
};

// Adds " *XXXX" to a frame body.
std::string withCrc(const std::string& body);

class FakeGantry final : public GantryHal {
 public:
  explicit FakeGantry(std::vector<std::string>& log, const uint32_t& now, bool endstopsWork)
      : log_(log), now_(now), endstopsWork_(endstopsWork) {}
  void setDirection(uint8_t axis, bool positive) override { positive_[axis] = positive; }
  void step(uint8_t axis) override;
  bool atHomeEndstop(uint8_t axis) override { return endstopsWork_ && position_[axis] <= 0; }
  void setToolDown(bool down) override;

  int32_t position_[2] = {350, 700};  // where the carriage happens to be at power-up
  uint32_t stepsThisMs_[2] = {0, 0};
  uint32_t maxStepsPerMs_[2] = {0, 0};
  uint32_t lastStepMs_[2] = {0, 0};
  uint16_t stepsPerUnit = 4;

 private:
  std::vector<std::string>& log_;
  const uint32_t& now_;
  bool endstopsWork_;
  bool positive_[2] = {true, true};
  bool toolDown_ = false;
  int32_t loggedAt_[2] = {0, 0};  // where the last tap_move (or tap_down) was logged, in steps
};

class StuckTapDriver : public TapDriver {
 public:
  bool needsHoming() const override { return false; }
  bool isHomed() const override { return true; }
  void startHome(uint32_t) override {}
  void startTap(const TapRequest&, uint32_t) override { pressed = true; }
  void startSwipe(const SwipeRequest&, uint32_t) override { pressed = true; }
  ActuatorStatus poll(uint32_t) override { return ActuatorStatus::kBusy; }
  bool isPressed() const override { return pressed; }
  void releaseAll() override { pressed = false; releases++; }
  FlashString faultName() const override { return FlashString("none"); }
  bool pressed = false;
  int releases = 0;
};

class TestBench : public Clock, public SerialOut, public TouchOutput, public KeyboardSink, public EventObserver {
 public:
  explicit TestBench(const BenchOptions& options = BenchOptions());
  ~TestBench();

  // Sends a frame body with its CRC and a newline, logging "> body *CRC".
  void send(const std::string& body);
  // Sends bytes as they are (no CRC, no newline added), logging "> raw ...".
  void sendRaw(const std::string& bytes);
  // Advances the clock one millisecond at a time, polling the core after each.
  void advance(uint32_t ms);
  // Frames sent by the MCU since the last call, without their CRC.
  std::vector<std::string> takeFrames();
  // All frames the MCU ever sent (without CRC) and all actuation events.
  std::vector<std::string> frames() const { return frames_; }
  std::vector<std::string> events() const;
  int countEvents(const std::string& prefix) const;

  uint32_t nowMs() override { return now; }
  void write(const uint8_t* data, uint8_t length) override;
  void touchDown(uint16_t x, uint16_t y) override;
  void touchMove(uint16_t x, uint16_t y) override;
  void touchUp() override;
  void press(uint8_t usage, uint8_t modifiers) override;
  void releaseAll() override;
  void onEvent(proto::Event event) override;

  uint32_t now = 0;
  std::vector<std::string> log;  // "<t> > in", "<t> < out", "<t> ev name ..."
  Core* core = nullptr;
  FakeGantry* gantryHal = nullptr;
  GantryTapDriver* gantry = nullptr;
  StuckTapDriver stuck;
  bool keyIsDown = false;

 private:
  void logLine(const std::string& kind, const std::string& text);

  DirectTapDriver* direct_ = nullptr;
  std::string pendingOutput_;
  std::vector<std::string> frames_;
  std::vector<std::string> outbox_;
};

}  // namespace test
}  // namespace bh
