// Core behaviour through the wire: handshake, validation, ledger, safety paths.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/test_bench.h"

namespace bh {
namespace {

using test::BenchOptions;
using test::TestBench;
using Frames = std::vector<std::string>;

std::string hello() {
  char text[64];
  snprintf(text, sizeof text, "1 0 HELLO proto=%u table=%08X", proto::kVersion, static_cast<unsigned>(proto::kTableHash));
  return text;
}

void connect(TestBench& bench) {
  bench.send(hello());
  bench.send("1 0 ARM");
  bench.takeFrames();
}

TEST(Core, BootEventFirst) {
  TestBench bench;
  bench.core->begin();
  EXPECT_EQ(bench.takeFrames(), Frames{"EVT 0 0 name=boot boot=0B0070D5 reset=power fw=0.1.0"});
}

TEST(Core, HelloReplyCarriesEverything) {
  TestBench bench;
  bench.send(hello());
  char expected[300];
  snprintf(expected, sizeof expected,
           "HELLO 1 0 proto=%u table=%08X fw=0.1.0 board=bench boot=0B0070D5 reset=power caps=tap,type,key "
           "state=disarmed last=0 maxtext=40 maxhold=2000 tapgap=120 wdog=1000 queue=4 wsx=1080 wsy=2400 "
           "maxpath=8 maxgest=3000 maxspeed=8000",
           proto::kVersion, static_cast<unsigned>(proto::kTableHash));
  EXPECT_EQ(bench.takeFrames(), Frames{expected});
}

TEST(Core, OnlyHandshakeVerbsBeforeHello) {
  TestBench bench;
  bench.send("1 0 PING");
  bench.send("2 0 STATUS");
  bench.send("3 5 TAP x=1 y=1");
  bench.send("4 0 CLEAR");
  EXPECT_EQ(bench.takeFrames(), (Frames{"DONE 1 0 state=disarmed boot=0B0070D5", "DONE 2 0 state=disarmed queue=0 last=0",
                                        "ERR 3 5 code=NO_HELLO", "ERR 4 0 code=NO_HELLO"}));
  bench.send("5 0 ESTOP");
  EXPECT_EQ(bench.takeFrames(), (Frames{"EVT 0 0 name=estop", "DONE 5 0 state=estopped"}));
}

TEST(Core, MismatchedHelloIsAnsweredThenCommandsRefused) {
  TestBench bench;
  bench.send("1 0 HELLO proto=1 table=00000000");
  Frames frames = bench.takeFrames();
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0].compare(0, 18, "HELLO 1 0 proto=2 "), 0);
  bench.send("2 7 TAP x=1 y=1");
  bench.send("3 0 PING");
  EXPECT_EQ(bench.takeFrames(), (Frames{"ERR 2 7 code=PROTO_MISMATCH", "DONE 3 0 state=disarmed boot=0B0070D5"}));
  connect(bench);
  bench.send("4 7 TAP x=1 y=1");
  EXPECT_EQ(bench.takeFrames(), Frames{"RCVD 4 7"});
}

TEST(Core, ArgumentRefusalsAreNotLedgered) {
  TestBench bench;
  connect(bench);
  bench.send("2 9 TAP x=1 y=1 hold=5000");
  bench.send("3 9 TAP x=2000 y=1");
  bench.send("4 9 TAP x=1 y=1 speed=3");
  bench.send("5 9 KEY key=NOPE");
  bench.send("6 9 KEY key=a mods=hyper");
  bench.send("7 9 TYPE text=%7F");
  bench.send("8 9 HOME");
  bench.send("9 0 TAP x=1 y=1");
  bench.send("10 9 TAP x=1 y=1");
  EXPECT_EQ(bench.takeFrames(),
            (Frames{"ERR 2 9 code=HOLD_TOO_LONG field=hold limit=2000", "ERR 3 9 code=OUT_OF_BOUNDS field=x limit=1079",
                    "ERR 4 9 code=BAD_ARG field=speed", "ERR 5 9 code=BAD_KEY field=key",
                    "ERR 6 9 code=BAD_KEY field=mods", "ERR 7 9 code=BAD_CHAR field=text limit=127",
                    "ERR 8 9 code=UNSUPPORTED", "ERR 9 0 code=BAD_FRAME field=id", "RCVD 10 9"}));
}

TEST(Core, BoardWithoutKeyboardSaysUnsupported) {
  BenchOptions options;
  options.keyboard = false;
  TestBench bench(options);
  bench.send(hello());
  EXPECT_NE(bench.takeFrames()[0].find(" caps=tap state="), std::string::npos);
  bench.send("1 0 ARM");
  bench.takeFrames();
  bench.send("2 3 TYPE text=hi");
  EXPECT_EQ(bench.takeFrames(), Frames{"ERR 2 3 code=UNSUPPORTED"});
}

TEST(Core, AbortedCommandIsRememberedAsAborted) {
  TestBench bench;
  connect(bench);
  bench.send("2 5 TYPE text=abcdefghijklmnopqrstuvwxyz");
  bench.advance(105);  // 20 ms per character: f pressed at t=100
  bench.send("3 0 ESTOP");
  EXPECT_EQ(bench.takeFrames(), (Frames{"RCVD 2 5", "ERR 2 5 code=ABORTED n=6", "EVT 0 0 name=estop",
                                        "DONE 3 0 state=estopped"}));
  // The ledger answers before the e-stop gate: ALREADY even while e-stopped.
  bench.send("4 5 TYPE text=abcdefghijklmnopqrstuvwxyz");
  bench.send("5 0 CLEAR");
  bench.send("6 5 TYPE text=abcdefghijklmnopqrstuvwxyz");
  EXPECT_EQ(bench.takeFrames(),
            (Frames{"ALREADY 4 5 result=ABORTED n=6", "DONE 5 0 state=disarmed", "ALREADY 6 5 result=ABORTED n=6"}));
  EXPECT_EQ(bench.countEvents("key_down"), 6);
  EXPECT_EQ(bench.countEvents("key_up"), 6);
}

TEST(Core, BootsDisarmedAndMovesOnlyAfterArm) {
  TestBench bench;
  bench.send(hello());
  bench.takeFrames();
  bench.send("2 5 TAP x=1 y=1");
  bench.send("3 6 TYPE text=hi");
  bench.send("4 7 KEY key=a");
  bench.send("5 0 STATUS");
  EXPECT_EQ(bench.takeFrames(), (Frames{"ERR 2 5 code=DISARMED", "ERR 3 6 code=DISARMED", "ERR 4 7 code=DISARMED",
                                        "DONE 5 0 state=disarmed queue=0 last=0"}));
  bench.send("6 0 ARM");
  bench.send("7 5 TAP x=1 y=1");  // a refused id was not ledgered: it may be sent again
  EXPECT_EQ(bench.takeFrames(), (Frames{"DONE 6 0 state=ready", "RCVD 7 5"}));
  bench.advance(100);
  EXPECT_EQ(bench.countEvents("tap_down"), 1);
  EXPECT_EQ(bench.countEvents("key_down"), 0);
}

TEST(Core, ArmNeedsAMatchingHandshake) {
  TestBench bench;
  bench.send("1 0 ARM");
  bench.send("2 0 HELLO proto=1 table=00000000");
  bench.send("3 0 ARM");
  Frames frames = bench.takeFrames();
  ASSERT_EQ(frames.size(), 3u);
  EXPECT_EQ(frames[0], "ERR 1 0 code=NO_HELLO");
  EXPECT_EQ(frames[2], "ERR 3 0 code=PROTO_MISMATCH");
  EXPECT_EQ(bench.core->state(), proto::State::Disarmed);
}

TEST(Core, AnotherHandshakeDisarms) {
  TestBench bench;
  connect(bench);
  EXPECT_EQ(bench.core->state(), proto::State::Ready);
  bench.send(hello());
  bench.send("2 5 TAP x=1 y=1");
  Frames frames = bench.takeFrames();
  EXPECT_NE(frames[0].find(" state=disarmed "), std::string::npos);
  EXPECT_EQ(frames[1], "ERR 2 5 code=DISARMED");
}

TEST(Core, EstopDisarmsAndClearDoesNotArm) {
  TestBench bench;
  bench.send(hello());
  bench.send("2 0 ESTOP");  // latches from disarmed too: how the host re-latches a rebooted MCU
  bench.send("3 0 ARM");
  bench.send("4 0 CLEAR");
  bench.send("5 5 TAP x=1 y=1");
  bench.send("6 0 ARM");
  bench.send("7 5 TAP x=1 y=1");
  Frames frames = bench.takeFrames();
  frames.erase(frames.begin());
  EXPECT_EQ(frames, (Frames{"EVT 0 0 name=estop", "DONE 2 0 state=estopped", "ERR 3 0 code=ESTOPPED",
                            "DONE 4 0 state=disarmed", "ERR 5 5 code=DISARMED", "DONE 6 0 state=ready", "RCVD 7 5"}));
}

TEST(Core, EmptyTypeIsRefused) {
  TestBench bench;
  connect(bench);
  bench.send("2 5 TYPE text=");
  bench.send("3 5 TYPE text=a");
  EXPECT_EQ(bench.takeFrames(), (Frames{"ERR 2 5 code=BAD_ARG field=text", "RCVD 3 5"}));
}

TEST(Core, OnTimeGuardReleasesAStuckActuator) {
  BenchOptions options;
  options.stuckTap = true;
  TestBench bench(options);
  connect(bench);
  bench.send("2 1 TAP x=1 y=1 hold=100");
  // The touch guard allows a whole gesture (maxGestureMs) plus the margin: 3.5 s.
  for (int i = 0; i < 40; i++) {
    bench.advance(100);
    bench.send("0 0 PING");  // keep the watchdog quiet
  }
  Frames frames = bench.takeFrames();
  Frames safety;
  for (const std::string& frame : frames) {
    if (frame.compare(0, 4, "DONE") != 0) safety.push_back(frame);
  }
  EXPECT_EQ(safety, (Frames{"RCVD 2 1", "ERR 2 1 code=ABORTED n=0", "EVT 0 0 name=limit actuator=tap"}));
  EXPECT_FALSE(bench.stuck.pressed);
  EXPECT_EQ(bench.stuck.releases, 1);
}

TEST(Core, HomingFailureShutsDownUntilReset) {
  BenchOptions options;
  options.gantry = true;
  options.gantryEndstopsWork = false;
  TestBench bench(options);
  connect(bench);
  bench.send("2 1 HOME");
  for (int i = 0; i < 100; i++) {
    bench.advance(100);
    bench.send("0 0 PING");
  }
  bench.takeFrames();
  EXPECT_EQ(bench.core->state(), proto::State::Shutdown);
  Frames all = bench.frames();
  EXPECT_NE(std::find(all.begin(), all.end(), "ERR 2 1 code=SHUTDOWN n=0"), all.end());
  EXPECT_NE(std::find(all.begin(), all.end(), "EVT 0 0 name=shutdown reason=home_x"), all.end());
  bench.send("3 0 CLEAR");
  bench.send("4 2 HOME");
  bench.send("5 1 HOME");
  EXPECT_EQ(bench.takeFrames(), (Frames{"ERR 3 0 code=SHUTDOWN", "ERR 4 2 code=SHUTDOWN", "ALREADY 5 1 result=SHUTDOWN n=0"}));
}

TEST(Core, WatchdogReArmsOnTheNextFrame) {
  TestBench bench;
  connect(bench);
  bench.advance(1000);
  EXPECT_EQ(bench.takeFrames(), Frames{"EVT 0 0 name=watchdog"});
  bench.advance(3000);
  EXPECT_TRUE(bench.takeFrames().empty());
  bench.send("2 0 PING");
  bench.advance(1000);
  EXPECT_EQ(bench.takeFrames(), (Frames{"DONE 2 0 state=ready boot=0B0070D5", "EVT 0 0 name=watchdog"}));
}

TEST(Core, TapGapMakesTheQueueWait) {
  TestBench bench;
  connect(bench);
  bench.send("2 1 TAP x=1 y=1 hold=10");
  bench.send("3 2 TAP x=2 y=2 hold=10");
  bench.advance(200);
  std::vector<std::string> taps;
  for (const std::string& line : bench.log) {
    if (line.find(" ev tap_") != std::string::npos) taps.push_back(line);
  }
  ASSERT_EQ(taps.size(), 4u);
  EXPECT_EQ(taps[1], "    11 ev tap_up");
  EXPECT_EQ(taps[2], "   131 ev tap_down x=2 y=2");  // 120 ms after the first tap_up
}

}  // namespace
}  // namespace bh
