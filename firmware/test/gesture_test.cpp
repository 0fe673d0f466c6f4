// Gesture pieces on their own: the path parser and checks, the position along a path, and
// the safety paths (e-stop, watchdog, on-time guard) on the gantry, where the tool is down
// while the carriage moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "actuators/swipe_path.h"
#include "core/gesture_limits.h"
#include "support/test_bench.h"

namespace bh {
namespace {

using test::BenchOptions;
using test::TestBench;
using Frames = std::vector<std::string>;

Slice text(const char* value) { return makeSlice(value, static_cast<uint8_t>(strlen(value))); }

void connect(TestBench& bench) {
  char hello[64];
  snprintf(hello, sizeof hello, "1 0 HELLO proto=%u table=%08X", proto::kVersion, static_cast<unsigned>(proto::kTableHash));
  bench.send(hello);
  bench.send("1 0 ARM");
  bench.takeFrames();
}

TEST(GestureLimits, IntegerSqrtIsTheFloor) {
  EXPECT_EQ(integerSqrt(0), 0u);
  EXPECT_EQ(integerSqrt(1), 1u);
  EXPECT_EQ(integerSqrt(1200u * 1200u), 1200u);
  EXPECT_EQ(integerSqrt(1200u * 1200u - 1), 1199u);
  EXPECT_EQ(integerSqrt(0xFFFFFFFFUL), 65535u);
}

TEST(GestureLimits, ParsesEveryPointOfAPath) {
  Limits limits = defaultLimits(1080, 2400);
  SwipeRequest request;
  Refusal refusal;
  ASSERT_TRUE(parsePath(limits, text("1,2;30,40;500,600"), request, refusal));
  EXPECT_EQ(request.count, 3);
  EXPECT_EQ(request.x[2], 500);
  EXPECT_EQ(request.y[1], 40);
}

TEST(GestureLimits, ABoardMayAllowFewerPoints) {
  Limits limits = defaultLimits(1080, 2400);
  limits.maxPathPoints = 3;
  SwipeRequest request;
  Refusal refusal;
  EXPECT_FALSE(parsePath(limits, text("1,1;2,2;3,3;4,4"), request, refusal));
  EXPECT_EQ(refusal.code, proto::ErrorCode::BadPath);
  EXPECT_EQ(refusal.limit, 3u);
}

TEST(GestureLimits, SpeedIsJudgedPerSegmentAtEqualTimeShares) {
  Limits limits = defaultLimits(1080, 2400);
  SwipeRequest request;
  Refusal refusal;
  // 3 segments in 300 ms: 100 ms each; the 900-unit one needs 9000 units/s > 8000.
  ASSERT_TRUE(parsePath(limits, text("0,0;0,10;0,910;0,920"), request, refusal));
  EXPECT_FALSE(checkSwipe(limits, 0, 300, request, refusal));
  EXPECT_EQ(refusal.code, proto::ErrorCode::TooFast);
  EXPECT_TRUE(checkSwipe(limits, 0, 400, request, refusal));
  EXPECT_EQ(request.moveMs, 400);
}

TEST(SwipePath, MovesEqualTimePerSegmentAndEndsAtTheLastPoint) {
  SwipeRequest request = {3, 0, 200, {0, 100, 100}, {0, 0, 1000}};
  EXPECT_EQ(swipePointAt(request, 0).x, 0);
  EXPECT_EQ(swipePointAt(request, 50).x, 50);
  EXPECT_EQ(swipePointAt(request, 100).x, 100);
  EXPECT_EQ(swipePointAt(request, 100).y, 0);
  EXPECT_EQ(swipePointAt(request, 150).y, 500);
  EXPECT_EQ(swipePointAt(request, 5000).y, 1000);
}

TEST(SwipePath, MovesBackwardsToo) {
  SwipeRequest request = {2, 0, 100, {500, 100}, {2000, 400}};
  EXPECT_EQ(swipePointAt(request, 25).x, 400);
  EXPECT_EQ(swipePointAt(request, 25).y, 1600);
}

TEST(GantrySwipe, EstopMidPathLiftsTheToolAndStopsTheCarriage) {
  BenchOptions options;
  options.gantry = true;
  TestBench bench(options);
  connect(bench);
  bench.send("2 1 HOME");
  bench.advance(600);
  bench.send("3 2 SWIPE path=100,1000;100,200 ms=1000");
  for (int i = 0; i < 4; i++) bench.advance(500), bench.send("4 0 PING");  // there, then tracing
  ASSERT_EQ(bench.countEvents("tap_down"), 1);
  ASSERT_GE(bench.countEvents("tap_move"), 1);
  ASSERT_EQ(bench.countEvents("tap_up"), 0);
  int32_t y = bench.gantry->positionSteps(kAxisY);
  bench.send("5 0 ESTOP");
  EXPECT_EQ(bench.countEvents("tap_up"), 1);
  bench.advance(200);
  EXPECT_EQ(bench.gantry->positionSteps(kAxisY), y);  // not a step after the stop
  Frames frames = bench.takeFrames();
  EXPECT_NE(std::find(frames.begin(), frames.end(), "ERR 3 2 code=ABORTED n=0"), frames.end());
}

TEST(GestureSafety, OnTimeGuardAllowsAWholeGestureAndNoMore) {
  BenchOptions options;
  options.stuckTap = true;
  TestBench bench(options);
  connect(bench);
  bench.send("2 1 SWIPE path=1,1;1,2 ms=100");
  for (int i = 0; i < 34; i++) bench.advance(100), bench.send("0 0 PING");
  EXPECT_TRUE(bench.stuck.pressed);  // 3.4 s: still inside maxGestureMs + margin
  for (int i = 0; i < 2; i++) bench.advance(100), bench.send("0 0 PING");
  EXPECT_FALSE(bench.stuck.pressed);
  Frames frames = bench.takeFrames();
  EXPECT_NE(std::find(frames.begin(), frames.end(), "EVT 0 0 name=limit actuator=tap"), frames.end());
}

}  // namespace
}  // namespace bh
