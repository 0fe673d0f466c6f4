// Unit tests: direct tap driver, stepper axis profile, gantry driver (fake HAL, manual clock).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "actuators/direct_tap_driver.h"
#include "actuators/gantry_tap_driver.h"
#include "actuators/stepper_axis.h"

namespace bh {
namespace {

class RecordingTouch : public TouchOutput {
 public:
  void touchDown(uint16_t x, uint16_t y) override { log.push_back("down " + std::to_string(x) + "," + std::to_string(y)); }
  void touchUp() override { log.push_back("up"); }
  std::vector<std::string> log;
};

TEST(DirectTapDriver, HoldsForTheRequestedTime) {
  RecordingTouch touch;
  DirectTapDriver driver(touch);
  driver.startTap({10, 20, 60}, 1000);
  EXPECT_TRUE(driver.isPressed());
  EXPECT_EQ(driver.poll(1059), ActuatorStatus::kBusy);
  EXPECT_EQ(driver.poll(1060), ActuatorStatus::kDone);
  EXPECT_FALSE(driver.isPressed());
  driver.releaseAll();  // idempotent: no second "up"
  EXPECT_EQ(touch.log, (std::vector<std::string>{"down 10,20", "up"}));
}

class FakeSteppers : public GantryHal {
 public:
  void setDirection(uint8_t axis, bool positive) override { positive_[axis] = positive; }
  void step(uint8_t axis) override {
    position[axis] += positive_[axis] ? 1 : -1;
    stepsThisPoll[axis]++;
  }
  bool atHomeEndstop(uint8_t axis) override { return endstops && position[axis] <= 0; }
  void setToolDown(bool down) override { tool.push_back(down); }
  int32_t position[2] = {500, 800};
  uint32_t stepsThisPoll[2] = {0, 0};
  bool endstops = true;
  std::vector<bool> tool;

 private:
  bool positive_[2] = {true, true};
};

AxisConfig axisConfig() { return {4000, 20000, 1000, 8000}; }

TEST(StepperAxis, ReachesTargetWithinSpeedAndAccelerationBounds) {
  FakeSteppers hal;
  StepperAxis axis;
  axis.configure(kAxisX, axisConfig());
  axis.startHoming(hal);
  uint32_t ms = 0;
  while (axis.poll(1, hal) == ActuatorStatus::kBusy && ms < 10000) ms++;
  ASSERT_TRUE(axis.homed());
  axis.startMove(3000, hal);
  uint32_t previousSteps = 0;
  uint32_t peakSteps = 0;
  for (ms = 0; ms < 5000; ms++) {
    hal.stepsThisPoll[kAxisX] = 0;
    if (axis.poll(1, hal) == ActuatorStatus::kDone) break;
    uint32_t steps = hal.stepsThisPoll[kAxisX];
    EXPECT_LE(steps, 4u) << "faster than maxSpeed (4 steps/ms) at " << ms;
    EXPECT_LE(steps > previousSteps ? steps - previousSteps : 0u, 2u) << "jerk at " << ms;
    EXPECT_LE(axis.speed(), 4000);
    previousSteps = steps;
    if (steps > peakSteps) peakSteps = steps;
  }
  EXPECT_EQ(axis.position(), 3000);
  EXPECT_EQ(hal.position[kAxisX], 3000);
  EXPECT_EQ(peakSteps, 4u) << "should reach cruise speed on a long move";
  // 3000 steps at <= 4 steps/ms plus ramps: at least 750 ms, and not absurdly longer.
  EXPECT_GE(ms, 750u);
  EXPECT_LE(ms, 1100u);
}

TEST(StepperAxis, HomingFailsWithoutEndstop) {
  FakeSteppers hal;
  hal.endstops = false;
  StepperAxis axis;
  axis.configure(kAxisY, axisConfig());
  axis.startHoming(hal);
  ActuatorStatus status = ActuatorStatus::kBusy;
  uint32_t ms = 0;
  for (; ms < 20000 && status == ActuatorStatus::kBusy; ms++) status = axis.poll(1, hal);
  EXPECT_EQ(status, ActuatorStatus::kFailed);
  EXPECT_FALSE(axis.homed());
  EXPECT_EQ(hal.position[kAxisY], 800 - 9000);  // travel + 1/8, then gave up
}

GantryConfig gantryConfig() { return {axisConfig(), axisConfig(), 2, 25, 25, 20}; }

ActuatorStatus runUntilSettled(GantryTapDriver& driver, uint32_t& now, uint32_t limitMs) {
  ActuatorStatus status = ActuatorStatus::kBusy;
  for (uint32_t end = now + limitMs; now < end && status == ActuatorStatus::kBusy;) status = driver.poll(++now);
  return status;
}

TEST(GantryTapDriver, HomesMovesPressesAndLifts) {
  FakeSteppers hal;
  GantryTapDriver driver(hal, gantryConfig());
  uint32_t now = 0;
  EXPECT_FALSE(driver.isHomed());
  driver.startHome(now);
  ASSERT_EQ(runUntilSettled(driver, now, 10000), ActuatorStatus::kDone);
  EXPECT_TRUE(driver.isHomed());
  driver.startTap({100, 200, 60}, now);
  bool sawPressAtTarget = false;
  ActuatorStatus status = ActuatorStatus::kBusy;
  while (status == ActuatorStatus::kBusy && now < 20000) {
    status = driver.poll(++now);
    if (driver.isPressed()) sawPressAtTarget = hal.position[0] == 200 && hal.position[1] == 400;
  }
  EXPECT_EQ(status, ActuatorStatus::kDone);
  EXPECT_TRUE(sawPressAtTarget);
  EXPECT_EQ(hal.tool.back(), false);
}

TEST(GantryTapDriver, HomingFailureNamesTheAxis) {
  FakeSteppers hal;
  hal.endstops = false;
  GantryTapDriver driver(hal, gantryConfig());
  uint32_t now = 0;
  driver.startHome(now);
  EXPECT_EQ(runUntilSettled(driver, now, 20000), ActuatorStatus::kFailed);
  EXPECT_STREQ(driver.faultName().address(), "home_x");
}

TEST(GantryTapDriver, ReleaseMidMoveLosesHoming) {
  FakeSteppers hal;
  GantryTapDriver driver(hal, gantryConfig());
  uint32_t now = 0;
  driver.startHome(now);
  runUntilSettled(driver, now, 10000);
  driver.startTap({1000, 1000, 60}, now);
  for (int i = 0; i < 50; i++) driver.poll(++now);
  driver.releaseAll();
  EXPECT_FALSE(driver.isHomed());
  EXPECT_FALSE(driver.isPressed());
}

}  // namespace
}  // namespace bh
