// Unit tests: slice, numbers, crc16, escape, line assembler, host frame, arg validation,
// frame writer.
#include <gtest/gtest.h>

#include <string.h>

#include <string>

#include "protocol/arg_validation.h"
#include "protocol/crc16.h"
#include "protocol/escape.h"
#include "protocol/frame_writer.h"
#include "protocol/host_frame.h"
#include "protocol/line_assembler.h"
#include "protocol/numbers.h"
#include "protocol/table_names.h"
#include "support/test_bench.h"

namespace bh {
namespace {

Slice sliceOf(const std::string& text) { return makeSlice(text.data(), static_cast<uint8_t>(text.size())); }

TEST(Numbers, ParseDecimalBounds) {
  uint32_t value = 0;
  EXPECT_TRUE(parseDecimal(sliceOf("65535"), 65535, value));
  EXPECT_EQ(value, 65535u);
  EXPECT_FALSE(parseDecimal(sliceOf("65536"), 65535, value));
  EXPECT_TRUE(parseDecimal(sliceOf("4294967295"), 0xFFFFFFFFUL, value));
  EXPECT_FALSE(parseDecimal(sliceOf("4294967296"), 0xFFFFFFFFUL, value));
  EXPECT_FALSE(parseDecimal(sliceOf(""), 100, value));
  EXPECT_FALSE(parseDecimal(sliceOf("-1"), 100, value));
  EXPECT_FALSE(parseDecimal(sliceOf("1a"), 100, value));
}

TEST(Numbers, Hex32AndFormatting) {
  uint32_t value = 0;
  EXPECT_TRUE(parseHex32(sliceOf("EE4FC17E"), value));
  EXPECT_EQ(value, 0xEE4FC17EUL);
  EXPECT_FALSE(parseHex32(sliceOf("EE4FC17"), value));
  EXPECT_FALSE(parseHex32(sliceOf("EE4FC17G"), value));
  char out[10];
  EXPECT_EQ(std::string(out, formatDecimal(0, out)), "0");
  EXPECT_EQ(std::string(out, formatDecimal(4294967295UL, out)), "4294967295");
  formatHex(0xBEEF, 4, out);
  EXPECT_EQ(std::string(out, 4), "BEEF");
}

TEST(Crc16, IncrementalEqualsWhole) {
  const char* text = "7 42 TAP x=500 y=900 hold=60";
  uint16_t crc = 0xFFFF;
  for (const char* c = text; *c; c++) crc = crc16Update(crc, static_cast<uint8_t>(*c));
  EXPECT_EQ(crc, crc16(reinterpret_cast<const uint8_t*>(text), strlen(text)));
}

TEST(Escape, RejectsMalformedValues) {
  EXPECT_EQ(unescape(sliceOf("%2"), nullptr, 0), -1);
  EXPECT_EQ(unescape(sliceOf("%"), nullptr, 0), -1);
  EXPECT_EQ(unescape(sliceOf("%ZZ"), nullptr, 0), -1);
  EXPECT_EQ(unescape(sliceOf("a\tb"), nullptr, 0), -1);  // raw byte that must be escaped
  EXPECT_EQ(unescape(sliceOf("%41%42"), nullptr, 0), 2);
}

TEST(Escape, MeasuresBeyondCapacity) {
  uint8_t out[2];
  EXPECT_EQ(unescape(sliceOf("abcdef"), out, sizeof out), 6);
  EXPECT_EQ(out[0], 'a');
  EXPECT_EQ(out[1], 'b');
  char small[4];
  uint8_t raw[] = {' ', ' '};
  EXPECT_EQ(escapeBytes(raw, 2, small, sizeof small), -1);
}

LineAssembler::Result feedAll(LineAssembler& assembler, const std::string& bytes) {
  LineAssembler::Result last = LineAssembler::kPending;
  for (char c : bytes) {
    LineAssembler::Result result = assembler.feed(static_cast<uint8_t>(c));
    if (result != LineAssembler::kPending) last = result;
  }
  return last;
}

TEST(LineAssembler, StripsCarriageReturnAndDeliversLine) {
  LineAssembler assembler;
  EXPECT_EQ(feedAll(assembler, "2 0 PING *516D\r\n"), LineAssembler::kLine);
  EXPECT_EQ(std::string(assembler.line(), assembler.length()), "2 0 PING *516D");
}

TEST(LineAssembler, IgnoresEmptyLines) {
  LineAssembler assembler;
  EXPECT_EQ(feedAll(assembler, "\n\r\n\n"), LineAssembler::kPending);
}

TEST(LineAssembler, ExactlyMaxBytesIsAccepted) {
  LineAssembler assembler;
  EXPECT_EQ(feedAll(assembler, std::string(proto::kMaxFrameBytes, 'a') + "\n"), LineAssembler::kLine);
  EXPECT_EQ(assembler.length(), proto::kMaxFrameBytes);
}

TEST(LineAssembler, OverlongReportedOnceThenResyncs) {
  LineAssembler assembler;
  int tooLong = 0, lines = 0;
  std::string bytes = std::string(500, 'x') + "\n" + "2 0 PING *516D\n";
  for (char c : bytes) {
    LineAssembler::Result result = assembler.feed(static_cast<uint8_t>(c));
    tooLong += result == LineAssembler::kTooLong;
    lines += result == LineAssembler::kLine;
  }
  EXPECT_EQ(tooLong, 1);
  EXPECT_EQ(lines, 1);
  EXPECT_EQ(std::string(assembler.line(), assembler.length()), "2 0 PING *516D");
}

// The frame points into the line, so the line must outlive it.
std::string parsedLine;
FrameError parse(const std::string& body, HostFrame& frame, FlashString& field) {
  parsedLine = test::withCrc(body);
  return parseHostFrame(parsedLine.data(), static_cast<uint8_t>(parsedLine.size()), frame, field);
}

TEST(HostFrame, CrcMustBeUpperCaseHexAtTheEnd) {
  HostFrame frame;
  FlashString field;
  std::string good = test::withCrc("2 0 PING");
  std::string lower = good;
  for (char& c : lower) c = static_cast<char>(tolower(c));
  EXPECT_EQ(parseHostFrame(good.data(), static_cast<uint8_t>(good.size()), frame, field), FrameError::kNone);
  EXPECT_EQ(parseHostFrame(lower.data(), static_cast<uint8_t>(lower.size()), frame, field), FrameError::kBadCrc);
}

TEST(HostFrame, NamesTheBadField) {
  HostFrame frame;
  FlashString field;
  EXPECT_EQ(parse("1 x PING", frame, field), FrameError::kBadFrame);
  EXPECT_STREQ(field.address(), "id");
  EXPECT_EQ(frame.seq, 1);
  EXPECT_EQ(parse("1 2", frame, field), FrameError::kBadFrame);
  EXPECT_STREQ(field.address(), "verb");
  EXPECT_EQ(parse(" 1 2 PING", frame, field), FrameError::kBadFrame);
  EXPECT_EQ(parse("1 2 PING ", frame, field), FrameError::kBadFrame);
  EXPECT_EQ(parse("1 2 TAP x", frame, field), FrameError::kBadFrame);
  EXPECT_EQ(parse("1 2 TAP =5", frame, field), FrameError::kBadFrame);
  EXPECT_EQ(parse("1 2 tap x=5", frame, field), FrameError::kUnknownVerb);
}

TEST(HostFrame, BodyIsVerbAndArgs) {
  HostFrame frame;
  FlashString field;
  ASSERT_EQ(parse("7 42 TAP x=500 y=900", frame, field), FrameError::kNone);
  EXPECT_EQ(std::string(frame.body.data, frame.body.length), "TAP x=500 y=900");
  EXPECT_EQ(std::string(frame.args.data, frame.args.length), "x=500 y=900");
}

bool validate(proto::Verb verb, const std::string& args, ParsedArgs& parsed, Refusal& refusal) {
  return validateArgs(verbSpec(verb), sliceOf(args), parsed, refusal);
}

TEST(ArgValidation, EveryVerbFitsTheParsedArgs) {
  for (uint8_t i = 0; i < static_cast<uint8_t>(proto::Verb::Count); i++) {
    proto::VerbSpec spec = verbSpec(static_cast<proto::Verb>(i));
    EXPECT_LE(spec.argCount, kMaxArgsPerVerb) << spec.name;
  }
}

TEST(ArgValidation, AcceptsAnyOrderAndOptionalArgs) {
  ParsedArgs parsed;
  Refusal refusal;
  ASSERT_TRUE(validate(proto::Verb::Tap, "y=2 x=1", parsed, refusal));
  EXPECT_EQ(parsed.values[0].number, 1u);
  EXPECT_EQ(parsed.values[1].number, 2u);
  EXPECT_FALSE(parsed.values[2].present);
}

TEST(ArgValidation, RefusesWithField) {
  ParsedArgs parsed;
  Refusal refusal;
  EXPECT_FALSE(validate(proto::Verb::Tap, "x=1", parsed, refusal));
  EXPECT_EQ(refusal.code, proto::ErrorCode::BadArg);
  EXPECT_STREQ(refusal.field.address(), "y");
  EXPECT_FALSE(validate(proto::Verb::Tap, "x=1 y=a", parsed, refusal));
  EXPECT_STREQ(refusal.field.address(), "y");
  EXPECT_FALSE(validate(proto::Verb::Tap, "x=1 x=2 y=3", parsed, refusal));
  EXPECT_STREQ(refusal.field.address(), "x");
  EXPECT_FALSE(validate(proto::Verb::Tap, "x=1 y=2 z=3", parsed, refusal));
  EXPECT_TRUE(refusal.field.isNull());
  EXPECT_EQ(std::string(refusal.sentField.data, refusal.sentField.length), "z");
  EXPECT_FALSE(validate(proto::Verb::Hello, "proto=1 table=XYZ", parsed, refusal));
  EXPECT_STREQ(refusal.field.address(), "table");
  EXPECT_FALSE(validate(proto::Verb::Type, "text=a%2", parsed, refusal));
  EXPECT_STREQ(refusal.field.address(), "text");
  EXPECT_FALSE(validate(proto::Verb::Key, "key=", parsed, refusal));
  EXPECT_STREQ(refusal.field.address(), "key");
  EXPECT_FALSE(validate(proto::Verb::Ping, "x=1", parsed, refusal));
}

class StringSerial : public SerialOut {
 public:
  void write(const uint8_t* data, uint8_t length) override { text.append(reinterpret_cast<const char*>(data), length); }
  std::string text;
};

TEST(FrameWriter, EscapesValuesAndAppendsCrc) {
  StringSerial serial;
  FrameWriter writer(serial);
  writer.begin(proto::Reply::Evt, 0, 0);
  writer.argText(FlashString("name"), FlashString("a b%"));
  writer.argUint(FlashString("n"), 12);
  writer.argHex32(FlashString("boot"), 0xAB);
  writer.end();
  EXPECT_EQ(serial.text, test::withCrc("EVT 0 0 name=a%20b%25 n=12 boot=000000AB") + "\n");
}

}  // namespace
}  // namespace bh
