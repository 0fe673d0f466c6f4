// Unit tests: US layout, key names and modifiers, the timed key queue.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "keyboard/key_names.h"
#include "keyboard/key_queue.h"
#include "keyboard/us_layout.h"

namespace bh {
namespace {

Slice sliceOf(const std::string& text) { return makeSlice(text.data(), static_cast<uint8_t>(text.size())); }

TEST(UsLayout, EveryPrintableCharacterHasAStroke) {
  for (int c = 0x20; c <= 0x7E; c++) {
    KeyStroke stroke = {0, 0};
    EXPECT_TRUE(usLayoutStroke(static_cast<uint8_t>(c), stroke)) << static_cast<char>(c);
    EXPECT_GE(stroke.usage, 4) << static_cast<char>(c);
  }
  KeyStroke stroke;
  EXPECT_TRUE(usLayoutStroke('\n', stroke));
  EXPECT_EQ(stroke.usage, kUsageEnter);
  EXPECT_TRUE(usLayoutStroke('\t', stroke));
  EXPECT_EQ(stroke.usage, kUsageTab);
  EXPECT_FALSE(usLayoutStroke(0x7F, stroke));
  EXPECT_FALSE(usLayoutStroke('\r', stroke));
  EXPECT_FALSE(usLayoutStroke(0xE9, stroke));
}

TEST(UsLayout, KnownUsages) {
  struct Case { char c; uint8_t usage; uint8_t mods; };
  const Case cases[] = {{'a', 4, 0}, {'Z', 29, 2}, {'1', 30, 0}, {'0', 39, 0}, {'!', 30, 2}, {')', 39, 2},
                        {' ', 44, 0}, {'-', 45, 0}, {'_', 45, 2}, {'~', 53, 2}, {'?', 56, 2}, {'"', 52, 2}};
  for (const Case& item : cases) {
    KeyStroke stroke;
    ASSERT_TRUE(usLayoutStroke(static_cast<uint8_t>(item.c), stroke));
    EXPECT_EQ(stroke.usage, item.usage) << item.c;
    EXPECT_EQ(stroke.modifiers, item.mods) << item.c;
  }
}

TEST(KeyNames, NamesCharactersAndEscapes) {
  KeyStroke stroke;
  ASSERT_TRUE(resolveKeyName(sliceOf("ENTER"), stroke));
  EXPECT_EQ(stroke.usage, 40);
  ASSERT_TRUE(resolveKeyName(sliceOf("F12"), stroke));
  EXPECT_EQ(stroke.usage, 69);
  ASSERT_TRUE(resolveKeyName(sliceOf("A"), stroke));
  EXPECT_EQ(stroke.modifiers, kModifierShift);
  ASSERT_TRUE(resolveKeyName(sliceOf("%20"), stroke));
  EXPECT_EQ(stroke.usage, 44);
  ASSERT_TRUE(resolveKeyName(sliceOf("%25"), stroke));
  EXPECT_EQ(stroke.usage, 34);
  EXPECT_FALSE(resolveKeyName(sliceOf("enter"), stroke));
  EXPECT_FALSE(resolveKeyName(sliceOf("%0A"), stroke));
  EXPECT_FALSE(resolveKeyName(sliceOf("F13"), stroke));
}

TEST(KeyNames, Modifiers) {
  uint8_t mods = 0;
  ASSERT_TRUE(parseModifierNames(sliceOf("ctrl+shift+alt+gui"), mods));
  EXPECT_EQ(mods, 0x0F);
  ASSERT_TRUE(parseModifierNames(sliceOf("alt"), mods));
  EXPECT_EQ(mods, 0x04);
  EXPECT_FALSE(parseModifierNames(sliceOf("ctrl+"), mods));
  EXPECT_FALSE(parseModifierNames(sliceOf("meta"), mods));
  EXPECT_FALSE(parseModifierNames(sliceOf(""), mods));
}

class RecordingKeyboard : public KeyboardSink {
 public:
  void press(uint8_t usage, uint8_t modifiers) override {
    log.push_back(std::to_string(now) + " down " + std::to_string(usage) + "/" + std::to_string(modifiers));
  }
  void releaseAll() override { log.push_back(std::to_string(now) + " up"); }
  uint32_t now = 0;
  std::vector<std::string> log;
};

TEST(KeyQueue, RunsActionsWithTheirWaits) {
  KeyQueue queue;
  RecordingKeyboard keyboard;
  ASSERT_TRUE(queue.push({4, 0, true, 10}));
  ASSERT_TRUE(queue.push({0, 0, false, 5}));
  ASSERT_TRUE(queue.push({5, 2, true, 10}));
  ASSERT_TRUE(queue.push({0, 0, false, 5}));
  EXPECT_FALSE(queue.push({0, 0, false, 5}));  // bounded
  for (keyboard.now = 0; keyboard.now <= 40; keyboard.now++) queue.poll(keyboard.now, keyboard);
  std::vector<std::string> expected = {"0 down 4/0", "10 up", "15 down 5/2", "25 up"};
  EXPECT_EQ(keyboard.log, expected);
  EXPECT_EQ(queue.pressCount(), 2);
  EXPECT_FALSE(queue.idle(29));
  EXPECT_TRUE(queue.idle(30));
}

TEST(KeyQueue, ClearDropsPendingActions) {
  KeyQueue queue;
  RecordingKeyboard keyboard;
  queue.push({4, 0, true, 10});
  queue.push({0, 0, false, 5});
  queue.poll(0, keyboard);
  EXPECT_TRUE(queue.keyDown());
  queue.clear();
  queue.poll(20, keyboard);
  EXPECT_EQ(keyboard.log.size(), 1u);
  EXPECT_TRUE(queue.idle(20));
}

}  // namespace
}  // namespace bh
