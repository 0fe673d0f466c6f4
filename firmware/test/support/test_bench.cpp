#include "support/test_bench.h"

#include <stdio.h>

#include "core/version.h"
#include "protocol/crc16.h"

namespace bh {
namespace test {

std::string withCrc(const std::string& body) {
  char suffix[8];
  uint16_t crc = crc16(reinterpret_cast<const uint8_t*>(body.data()), body.size());
  snprintf(suffix, sizeof suffix, " *%04X", crc);
  return body + suffix;
}

static std::string stamp(uint32_t now) {
  char buffer[16];
  snprintf(buffer, sizeof buffer, "%6u", static_cast<unsigned>(now));
  return buffer;
}

void FakeGantry::step(uint8_t axis) {
  position_[axis] += positive_[axis] ? 1 : -1;
  if (lastStepMs_[axis] != now_) stepsThisMs_[axis] = 0;
  lastStepMs_[axis] = now_;
  stepsThisMs_[axis]++;
  if (stepsThisMs_[axis] > maxStepsPerMs_[axis]) maxStepsPerMs_[axis] = stepsThisMs_[axis];
  // With the tool down (a swipe), log the stylus every 100 units of travel on either axis.
  int32_t travelled = position_[axis] - loggedAt_[axis];
  if (!toolDown_ || (travelled < 100 * stepsPerUnit && -travelled < 100 * stepsPerUnit)) return;
  loggedAt_[0] = position_[0], loggedAt_[1] = position_[1];
  char text[80];
  snprintf(text, sizeof text, "tap_move x=%d y=%d", static_cast<int>(position_[0] / stepsPerUnit),
           static_cast<int>(position_[1] / stepsPerUnit));
  log_.push_back(stamp(now_) + " ev " + text);
}

void FakeGantry::setToolDown(bool down) {
  if (down == toolDown_) return;
  toolDown_ = down;
  loggedAt_[0] = position_[0], loggedAt_[1] = position_[1];
  char text[80];
  snprintf(text, sizeof text, "%s x=%d y=%d", down ? "tap_down" : "tap_up",
           static_cast<int>(position_[0] / stepsPerUnit), static_cast<int>(position_[1] / stepsPerUnit));
  log_.push_back(stamp(now_) + " ev " + text);
}

static GantryConfig benchGantryConfig() {
  GantryConfig config;
  config.x = {4000, 20000, 1500, 1080 * 4};
  config.y = {4000, 20000, 1500, 2400 * 4};
  config.stepsPerUnit = 4;
  config.toolDownMs = 30;
  config.toolUpMs = 30;
  config.maxPollGapMs = 20;
  return config;
}

TestBench::TestBench(const BenchOptions& options) {
  TapDriver* tap = nullptr;
  if (options.gantry) {
    gantryHal = new FakeGantry(log, now, options.gantryEndstopsWork);
    gantry = new GantryTapDriver(*gantryHal, benchGantryConfig());
    tap = gantry;
  } else if (options.stuckTap) {
    tap = &stuck;
  } else if (options.tap) {
    direct_ = new DirectTapDriver(*this);
    tap = direct_;
  }
  CoreHal hal = {this, this, tap, options.keyboard ? this : nullptr, this};
  BoardInfo board = {FlashString(BH_FIRMWARE_VERSION), FlashString("bench"), 0x0B0070D5UL, proto::ResetReason::Power};
  core = new Core(hal, board, defaultLimits(options.workspaceX, options.workspaceY));
}

TestBench::~TestBench() {
  delete core;
  delete direct_;
  delete gantry;
  delete gantryHal;
}

void TestBench::logLine(const std::string& kind, const std::string& text) {
  log.push_back(stamp(now) + " " + kind + " " + text);
}

void TestBench::send(const std::string& body) {
  std::string line = withCrc(body);
  logLine(">", line);
  for (char c : line) core->feedByte(static_cast<uint8_t>(c));
  core->feedByte('\n');
}

void TestBench::sendRaw(const std::string& bytes) {
  std::string printable;
  for (unsigned char c : bytes) {
    char escaped[8];
    if (c >= 0x20 && c < 0x7F && c != '\\') printable += static_cast<char>(c);
    else snprintf(escaped, sizeof escaped, "\\x%02X", c), printable += escaped;
  }
  logLine("> raw", printable);
  for (char c : bytes) core->feedByte(static_cast<uint8_t>(c));
}

void TestBench::advance(uint32_t ms) {
  for (uint32_t i = 0; i < ms; i++) {
    now++;
    core->poll();
  }
}

std::vector<std::string> TestBench::takeFrames() {
  std::vector<std::string> taken;
  taken.swap(outbox_);
  return taken;
}

std::vector<std::string> TestBench::events() const {
  std::vector<std::string> events;
  for (const std::string& line : log) {
    size_t at = line.find(" ev ");
    if (at != std::string::npos) events.push_back(line.substr(at + 4));
  }
  return events;
}

int TestBench::countEvents(const std::string& prefix) const {
  int count = 0;
  for (const std::string& event : events()) count += event.compare(0, prefix.size(), prefix) == 0;
  return count;
}

void TestBench::write(const uint8_t* data, uint8_t length) {
  for (uint8_t i = 0; i < length; i++) {
    if (data[i] != '\n') {
      pendingOutput_ += static_cast<char>(data[i]);
      continue;
    }
    logLine("<", pendingOutput_);
    std::string body = pendingOutput_.substr(0, pendingOutput_.rfind(" *"));
    frames_.push_back(body);
    outbox_.push_back(body);
    pendingOutput_.clear();
  }
}

void TestBench::touchDown(uint16_t x, uint16_t y) {
  logLine("ev", "tap_down x=" + std::to_string(x) + " y=" + std::to_string(y));
}

void TestBench::touchMove(uint16_t x, uint16_t y) {
  logLine("ev", "tap_move x=" + std::to_string(x) + " y=" + std::to_string(y));
}

void TestBench::touchUp() { logLine("ev", "tap_up"); }

void TestBench::press(uint8_t usage, uint8_t modifiers) {
  keyIsDown = true;
  logLine("ev", "key_down usage=" + std::to_string(usage) + " mods=" + std::to_string(modifiers));
}

void TestBench::releaseAll() {
  if (!keyIsDown) return;  // the core releases defensively; log only real releases
  keyIsDown = false;
  logLine("ev", "key_up");
}

void TestBench::onEvent(proto::Event event) {
  logLine("ev", proto::kEventNames[static_cast<uint8_t>(event)]);
}

}  // namespace test
}  // namespace bh
