// Unit tests: ledger, limits, command queue, host watchdog, on-time guard.
#include <gtest/gtest.h>

#include <string>

#include "core/command_queue.h"
#include "core/host_watchdog.h"
#include "core/ledger.h"
#include "core/limits.h"
#include "core/on_time_guard.h"

namespace bh {
namespace {

Slice sliceOf(const std::string& text) { return makeSlice(text.data(), static_cast<uint8_t>(text.size())); }

TEST(Ledger, FollowsTheProtocolTable) {
  Ledger ledger;
  const LedgerRecord* record = nullptr;
  EXPECT_EQ(ledger.lookup(5, 111, record), LedgerLookup::kNew);
  ledger.recordAccepted(5, 111);
  EXPECT_EQ(ledger.lookup(5, 111, record), LedgerLookup::kRunning);
  EXPECT_EQ(ledger.lookup(5, 222, record), LedgerLookup::kMismatch);
  ledger.recordOutcome(5, kOutcomeOk, 3);
  EXPECT_EQ(ledger.lookup(5, 111, record), LedgerLookup::kFinished);
  EXPECT_EQ(record->n, 3);
  EXPECT_EQ(ledger.lookup(4, 111, record), LedgerLookup::kStale);
  EXPECT_EQ(ledger.lookup(6, 111, record), LedgerLookup::kNew);
  EXPECT_EQ(ledger.highestId(), 5u);
}

TEST(Ledger, EvictsTheOldestAndThenCallsItStale) {
  Ledger ledger;
  for (uint32_t id = 1; id <= kLedgerSize + 1; id++) ledger.recordAccepted(id, id * 7);
  const LedgerRecord* record = nullptr;
  EXPECT_EQ(ledger.lookup(1, 7, record), LedgerLookup::kStale);
  EXPECT_EQ(ledger.lookup(2, 14, record), LedgerLookup::kRunning);
  EXPECT_EQ(ledger.lookup(kLedgerSize + 1, (kLedgerSize + 1) * 7, record), LedgerLookup::kRunning);
}

TEST(Limits, HoldAndPositionBounds) {
  Limits limits = defaultLimits(1080, 2400);
  Refusal refusal;
  EXPECT_TRUE(checkHold(limits, 2000, refusal));
  EXPECT_FALSE(checkHold(limits, 2001, refusal));
  EXPECT_EQ(refusal.code, proto::ErrorCode::HoldTooLong);
  EXPECT_EQ(refusal.limit, 2000u);
  EXPECT_TRUE(checkPosition(limits, 1079, 2399, refusal));
  EXPECT_FALSE(checkPosition(limits, 1080, 0, refusal));
  EXPECT_STREQ(refusal.field.address(), "x");
  EXPECT_EQ(refusal.limit, 1079u);
  EXPECT_FALSE(checkPosition(limits, 0, 2400, refusal));
  EXPECT_STREQ(refusal.field.address(), "y");
}

TEST(Limits, TextIsCheckedWhole) {
  Limits limits = defaultLimits(1, 1);
  uint8_t text[kMaxTextBytes];
  uint8_t length = 0;
  Refusal refusal;
  EXPECT_TRUE(checkText(limits, sliceOf("hello%20world%0A%09"), text, length, refusal));
  EXPECT_EQ(length, 13);
  EXPECT_FALSE(checkText(limits, sliceOf(std::string(41, 'a')), text, length, refusal));
  EXPECT_EQ(refusal.code, proto::ErrorCode::TextTooLong);
  EXPECT_EQ(refusal.limit, 40u);
  EXPECT_FALSE(checkText(limits, sliceOf("ok%0Dthen"), text, length, refusal));
  EXPECT_EQ(refusal.code, proto::ErrorCode::BadChar);
  EXPECT_EQ(refusal.limit, 13u);
  EXPECT_FALSE(checkText(limits, sliceOf("caf%C3%A9"), text, length, refusal));
  EXPECT_EQ(refusal.limit, 0xC3u);
}

TEST(CommandQueue, BoundedFifo) {
  CommandQueue queue;
  for (uint8_t i = 0; i < kQueueDepth; i++) {
    QueuedCommand* slot = queue.reserve();
    ASSERT_NE(slot, nullptr);
    slot->id = i + 1;
    slot->verb = proto::Verb::Tap;
    queue.commit();
  }
  EXPECT_EQ(queue.reserve(), nullptr);
  EXPECT_EQ(queue.front()->id, 1u);
  queue.pop();
  EXPECT_EQ(queue.front()->id, 2u);
  EXPECT_NE(queue.reserve(), nullptr);
  EXPECT_FALSE(queue.contains(proto::Verb::Home));
}

TEST(HostWatchdog, ArmedOnlyAfterEnableFiresOnce) {
  HostWatchdog watchdog;
  watchdog.frameReceived(0);
  EXPECT_FALSE(watchdog.expired(5000, 1000));
  watchdog.enable();
  watchdog.frameReceived(100);
  EXPECT_FALSE(watchdog.expired(1099, 1000));
  EXPECT_TRUE(watchdog.expired(1100, 1000));
  EXPECT_FALSE(watchdog.expired(5000, 1000));
  watchdog.frameReceived(6000);
  EXPECT_TRUE(watchdog.expired(7000, 1000));
}

TEST(HostWatchdog, SurvivesClockWrap) {
  HostWatchdog watchdog;
  watchdog.enable();
  watchdog.frameReceived(0xFFFFFF00UL);
  EXPECT_FALSE(watchdog.expired(0x00000010UL, 1000));
  EXPECT_TRUE(watchdog.expired(0x000002F0UL, 1000));
}

TEST(OnTimeGuard, TripsAfterMaxOnTime) {
  OnTimeGuard guard;
  EXPECT_FALSE(guard.exceeded(false, 0, 100));
  EXPECT_FALSE(guard.exceeded(true, 10, 100));
  EXPECT_FALSE(guard.exceeded(true, 110, 100));
  EXPECT_TRUE(guard.exceeded(true, 111, 100));
  EXPECT_FALSE(guard.exceeded(false, 112, 100));
  EXPECT_FALSE(guard.exceeded(true, 200, 100));
}

}  // namespace
}  // namespace bh
