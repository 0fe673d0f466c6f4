// Every vector in firmware/protocol/test-vectors.json (computed independently in Python).
#include <gtest/gtest.h>

#include <string>

#include "protocol/crc16.h"
#include "protocol/escape.h"
#include "protocol/frame_writer.h"
#include "protocol/host_frame.h"
#include "protocol/protocol_table.h"
#include "protocol/table_names.h"
#include "support/mini_json.h"
#include "support/test_bench.h"

namespace bh {
namespace {

const test::JsonValue& vectors() {
  static const test::JsonValue json = test::readJsonFile(BH_TEST_VECTORS_PATH);
  return json;
}

class StringSerial : public SerialOut {
 public:
  void write(const uint8_t* data, uint8_t length) override { text.append(reinterpret_cast<const char*>(data), length); }
  std::string text;
};

Slice sliceOf(const std::string& text) { return makeSlice(text.data(), static_cast<uint8_t>(text.size())); }

TEST(TestVectors, FileHasEveryGroup) {
  for (const char* group : {"crc", "escape", "hostFrames", "mcuFrames", "badLines"}) {
    EXPECT_GT(vectors()[group].size(), 0u) << group;
  }
}

TEST(TestVectors, Crc) {
  for (const test::JsonValue& vector : vectors()["crc"].items) {
    const std::string& input = vector["input"].text;
    EXPECT_EQ(crc16(reinterpret_cast<const uint8_t*>(input.data()), input.size()), vector["crc"].number) << input;
  }
}

TEST(TestVectors, CrcCheckValueMatchesTable) {
  EXPECT_EQ(crc16(reinterpret_cast<const uint8_t*>("123456789"), 9), proto::kCrcCheckValue);
}

TEST(TestVectors, EscapeBothWays) {
  for (const test::JsonValue& vector : vectors()["escape"].items) {
    std::string raw;
    for (const test::JsonValue& byte : vector["raw"].items) raw += static_cast<char>(byte.number);
    const std::string& escaped = vector["escaped"].text;
    char out[200];
    int16_t length = escapeBytes(reinterpret_cast<const uint8_t*>(raw.data()), static_cast<uint8_t>(raw.size()), out, sizeof out);
    EXPECT_EQ(std::string(out, length > 0 ? length : 0), escaped);
    uint8_t decoded[200];
    int16_t decodedLength = unescape(sliceOf(escaped), decoded, sizeof decoded);
    ASSERT_EQ(decodedLength, static_cast<int16_t>(raw.size())) << escaped;
    EXPECT_EQ(std::string(reinterpret_cast<char*>(decoded), decodedLength), raw);
  }
}

TEST(TestVectors, HostFramesParse) {
  for (const test::JsonValue& vector : vectors()["hostFrames"].items) {
    const std::string& line = vector["line"].text;
    HostFrame frame;
    FlashString field;
    ASSERT_EQ(parseHostFrame(line.data(), static_cast<uint8_t>(line.size()), frame, field), FrameError::kNone) << line;
    EXPECT_EQ(frame.seq, vector["seq"].number);
    EXPECT_EQ(frame.id, static_cast<uint32_t>(vector["id"].number));
    EXPECT_STREQ(verbName(frame.verb).address(), vector["verb"].text.c_str());
    std::string expectedArgs;
    for (const test::JsonValue& arg : vector["args"].items) {
      expectedArgs += (expectedArgs.empty() ? "" : " ") + arg[0].text + "=" + arg[1].text;
    }
    EXPECT_EQ(std::string(frame.args.data, frame.args.length), expectedArgs) << line;
  }
}

TEST(TestVectors, HostFramesMatchTheBenchCrc) {
  for (const test::JsonValue& vector : vectors()["hostFrames"].items) {
    const std::string& line = vector["line"].text;
    EXPECT_EQ(test::withCrc(line.substr(0, line.rfind(" *"))), line);
  }
}

proto::Reply replyNamed(const std::string& kind) {
  for (uint8_t i = 0; i < static_cast<uint8_t>(proto::Reply::Count); i++) {
    if (kind == replyName(static_cast<proto::Reply>(i)).address()) return static_cast<proto::Reply>(i);
  }
  ADD_FAILURE() << "no reply kind " << kind;
  return proto::Reply::Count;
}

TEST(TestVectors, McuFramesFormat) {
  for (const test::JsonValue& vector : vectors()["mcuFrames"].items) {
    StringSerial serial;
    FrameWriter writer(serial);
    writer.begin(replyNamed(vector["kind"].text), static_cast<uint16_t>(vector["seq"].number),
                 static_cast<uint32_t>(vector["id"].number));
    for (const test::JsonValue& arg : vector["args"].items) {
      writer.argText(FlashString(arg[0].text.c_str()), FlashString(arg[1].text.c_str()));
    }
    writer.end();
    EXPECT_EQ(serial.text, vector["line"].text + "\n");
  }
}

TEST(TestVectors, BadLinesAreRefusedWithTheirCode) {
  for (const test::JsonValue& vector : vectors()["badLines"].items) {
    test::TestBench bench;
    bench.sendRaw(vector["line"].text + "\n");
    std::vector<std::string> frames = bench.takeFrames();
    ASSERT_EQ(frames.size(), 1u) << vector["line"].text;
    EXPECT_NE(frames[0].find("code=" + vector["error"].text), std::string::npos) << frames[0];
    EXPECT_EQ(frames[0].compare(0, 4, "ERR "), 0);
  }
}

TEST(TestVectors, TableHashIsInTheHelloVector) {
  char hash[9];
  snprintf(hash, sizeof hash, "%08X", static_cast<unsigned>(proto::kTableHash));
  EXPECT_NE(vectors()["hostFrames"][0]["line"].text.find(hash), std::string::npos)
      << "test-vectors.json was generated from a different protocol table";
}

}  // namespace
}  // namespace bh
