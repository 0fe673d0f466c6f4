// Unit tests: the HID report state the boards' USB glue sends (lib/usb/hid_report_state.h).
#include <gtest/gtest.h>

#include <vector>

#include "usb/hid_report_state.h"

namespace bh {
namespace {

typedef std::vector<uint8_t> Bytes;

struct Sent {
  uint8_t id;
  Bytes bytes;
};

// Records what goes out; refuses while `accept` is false, and counts every attempt.
class FakeSender final : public HidSender {
 public:
  bool trySend(uint8_t reportId, const uint8_t* report, uint8_t length) override {
    attempts++;
    if (!accept) return false;
    Sent item = {reportId, Bytes(report, report + length)};
    sent.push_back(item);
    return true;
  }

  bool accept = true;
  int attempts = 0;
  std::vector<Sent> sent;
};

const uint8_t kKbd = HidReportState::kKeyboardReportId;
const uint8_t kTouch = HidReportState::kTouchReportId;
const Bytes kNoKeys = {0, 0, 0, 0, 0, 0, 0, 0};

TEST(HidReportState, ReportIdsAndLengthsMatchTheDescriptor) {
  EXPECT_EQ(kKbd, 2);
  EXPECT_EQ(kTouch, 3);
  EXPECT_EQ(HidReportState::kKeyboardReportLength, 8);
  EXPECT_EQ(HidReportState::kTouchReportLength, 5);
  EXPECT_EQ(HidReportState::kTouchLogicalMax, 32767);
}

TEST(HidReportState, PressWithModifiersThenReleaseAll) {
  FakeSender sender;
  HidReportState hid(sender, 1080, 2400, HidReportState::kSendAllPending);
  hid.press(0x04, 0x01 | 0x02);  // ctrl+shift+a
  hid.releaseAll();
  ASSERT_EQ(sender.sent.size(), 2u);
  EXPECT_EQ(sender.sent[0].id, kKbd);
  EXPECT_EQ(sender.sent[0].bytes, Bytes({0x03, 0, 0x04, 0, 0, 0, 0, 0}));
  EXPECT_EQ(sender.sent[1].id, kKbd);
  EXPECT_EQ(sender.sent[1].bytes, kNoKeys);
  EXPECT_FALSE(hid.keyboardPending());
}

TEST(HidReportState, AnotherPressReplacesTheKeyAndModifiers) {
  FakeSender sender;
  HidReportState hid(sender, 1080, 2400, HidReportState::kSendAllPending);
  hid.press(0x04, 0x08);
  hid.press(0x05, 0);
  ASSERT_EQ(sender.sent.size(), 2u);
  EXPECT_EQ(sender.sent[1].bytes, Bytes({0, 0, 0x05, 0, 0, 0, 0, 0}));
}

TEST(HidReportState, TouchDownMapsTheWorkspaceCornersOntoTheLogicalRange) {
  FakeSender sender;
  HidReportState hid(sender, 1080, 2400, HidReportState::kSendAllPending);
  hid.touchDown(0, 0);
  hid.touchDown(1079, 2399);
  hid.touchDown(540, 1200);  // 540 * 32767 / 1079 = 16398, 1200 * 32767 / 2399 = 16390
  ASSERT_EQ(sender.sent.size(), 3u);
  EXPECT_EQ(sender.sent[0].id, kTouch);
  EXPECT_EQ(sender.sent[0].bytes, Bytes({0x03, 0x00, 0x00, 0x00, 0x00}));
  EXPECT_EQ(sender.sent[1].bytes, Bytes({0x03, 0xFF, 0x7F, 0xFF, 0x7F}));
  EXPECT_EQ(sender.sent[2].bytes, Bytes({0x03, 0x0E, 0x40, 0x06, 0x40}));
}

TEST(HidReportState, ADegenerateWorkspaceMapsToZero) {
  FakeSender sender;
  HidReportState hid(sender, 1, 0, HidReportState::kSendAllPending);
  hid.touchDown(0, 0);
  ASSERT_EQ(sender.sent.size(), 1u);
  EXPECT_EQ(sender.sent[0].bytes, Bytes({0x03, 0, 0, 0, 0}));
}

TEST(HidReportState, TouchUpKeepsTheLastPosition) {
  FakeSender sender;
  HidReportState hid(sender, 1080, 2400, HidReportState::kSendAllPending);
  hid.touchDown(1079, 0);
  hid.touchUp();
  ASSERT_EQ(sender.sent.size(), 2u);
  EXPECT_EQ(sender.sent[1].id, kTouch);
  EXPECT_EQ(sender.sent[1].bytes, Bytes({0x00, 0xFF, 0x7F, 0x00, 0x00}));
}

TEST(HidReportState, ReleaseAllLiftsATouchThatIsDownButLeavesALiftedOneAlone) {
  FakeSender sender;
  HidReportState hid(sender, 1080, 2400, HidReportState::kSendAllPending);
  hid.releaseAll();  // nothing touching: a keyboard report only
  ASSERT_EQ(sender.sent.size(), 1u);
  EXPECT_EQ(sender.sent[0].id, kKbd);

  hid.touchDown(0, 2399);
  sender.sent.clear();
  hid.releaseAll();
  ASSERT_EQ(sender.sent.size(), 2u);
  EXPECT_EQ(sender.sent[0].id, kKbd);
  EXPECT_EQ(sender.sent[0].bytes, kNoKeys);
  EXPECT_EQ(sender.sent[1].id, kTouch);
  EXPECT_EQ(sender.sent[1].bytes, Bytes({0x00, 0x00, 0x00, 0xFF, 0x7F}));
}

TEST(HidReportState, RefusedStateStaysPendingAndTheNewestWins) {
  FakeSender sender;
  HidReportState hid(sender, 1080, 2400, HidReportState::kSendAllPending);
  sender.accept = false;
  hid.press(0x04, 0x02);
  hid.touchDown(100, 100);
  hid.releaseAll();  // replaces the press and lifts the touch before either went out
  hid.service();
  EXPECT_TRUE(sender.sent.empty());
  EXPECT_TRUE(hid.keyboardPending());
  EXPECT_TRUE(hid.touchPending());

  sender.accept = true;
  hid.service();
  ASSERT_EQ(sender.sent.size(), 2u);
  EXPECT_EQ(sender.sent[0].id, kKbd);
  EXPECT_EQ(sender.sent[0].bytes, kNoKeys);  // the release is not lost
  EXPECT_EQ(sender.sent[1].id, kTouch);
  EXPECT_EQ(sender.sent[1].bytes[0], 0x00);
  EXPECT_FALSE(hid.keyboardPending());
  EXPECT_FALSE(hid.touchPending());

  hid.service();  // nothing pending: nothing offered
  EXPECT_EQ(sender.sent.size(), 2u);
}

TEST(HidReportState, SendAllPendingOffersTheTouchEvenWhenTheKeyboardIsRefused) {
  // The Leonardo's endpoint check is per report size, so the touch can still go.
  FakeSender sender;
  HidReportState hid(sender, 1080, 2400, HidReportState::kSendAllPending);
  sender.accept = false;
  hid.press(0x04, 0);
  hid.touchDown(0, 0);
  sender.attempts = 0;
  hid.service();
  EXPECT_EQ(sender.attempts, 2);
}

TEST(HidReportState, OneReportPerPassSendsKeyboardFirstThenTouch) {
  FakeSender sender;
  HidReportState hid(sender, 1080, 2400, HidReportState::kOneReportPerPass);
  sender.accept = false;
  hid.press(0x04, 0x01);
  hid.touchDown(1079, 2399);
  sender.accept = true;
  sender.attempts = 0;

  hid.service();
  EXPECT_EQ(sender.attempts, 1);
  ASSERT_EQ(sender.sent.size(), 1u);
  EXPECT_EQ(sender.sent[0].id, kKbd);
  EXPECT_EQ(sender.sent[0].bytes, Bytes({0x01, 0, 0x04, 0, 0, 0, 0, 0}));
  EXPECT_TRUE(hid.touchPending());

  hid.service();
  EXPECT_EQ(sender.attempts, 2);
  ASSERT_EQ(sender.sent.size(), 2u);
  EXPECT_EQ(sender.sent[1].id, kTouch);
  EXPECT_EQ(sender.sent[1].bytes, Bytes({0x03, 0xFF, 0x7F, 0xFF, 0x7F}));
  EXPECT_FALSE(hid.touchPending());
}

TEST(HidReportState, OneReportPerPassHoldsTheTouchWhileTheKeyboardIsRefused) {
  FakeSender sender;
  HidReportState hid(sender, 1080, 2400, HidReportState::kOneReportPerPass);
  sender.accept = false;
  hid.press(0x04, 0);
  hid.touchDown(0, 0);
  sender.attempts = 0;
  hid.service();
  hid.service();
  EXPECT_EQ(sender.attempts, 2);  // the keyboard report each pass, never the touch
  EXPECT_TRUE(hid.keyboardPending());
  EXPECT_TRUE(hid.touchPending());
}

TEST(HidReportState, OneReportPerPassSendsAPressAtOnceWhenNothingElseIsPending) {
  FakeSender sender;
  HidReportState hid(sender, 1080, 2400, HidReportState::kOneReportPerPass);
  hid.touchDown(0, 0);
  hid.touchUp();
  hid.press(0x28, 0);
  ASSERT_EQ(sender.sent.size(), 3u);
  EXPECT_EQ(sender.sent[0].id, kTouch);
  EXPECT_EQ(sender.sent[1].id, kTouch);
  EXPECT_EQ(sender.sent[2].id, kKbd);
}

}  // namespace
}  // namespace bh
