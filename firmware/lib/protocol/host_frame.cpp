#include "protocol/host_frame.h"

#include "protocol/crc16.h"
#include "protocol/numbers.h"
#include "protocol/table_names.h"

namespace bh {

namespace {

const uint8_t kCrcSuffixBytes = 6;  // " *XXXX"

bool isUpperHex(char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'); }

// Every argument token needs a non-empty key before its '='.
bool argsAreWellFormed(Slice args) {
  Slice token;
  while (takeToken(args, token)) {
    uint8_t equals = 0;
    while (equals < token.length && token.data[equals] != '=') equals++;
    if (equals == 0 || equals == token.length) return false;
  }
  return true;
}

}  // namespace

bool checkFrameCrc(const char* line, uint8_t length, Slice& content) {
  if (length < kCrcSuffixBytes) return false;
  const char* suffix = line + length - kCrcSuffixBytes;
  if (suffix[0] != ' ' || suffix[1] != '*') return false;
  for (uint8_t i = 2; i < kCrcSuffixBytes; i++) {
    if (!isUpperHex(suffix[i])) return false;
  }
  uint32_t sent = 0;
  for (uint8_t i = 2; i < kCrcSuffixBytes; i++) sent = (sent << 4) | static_cast<uint32_t>(hexDigitValue(suffix[i]));
  uint8_t contentLength = static_cast<uint8_t>(length - kCrcSuffixBytes);
  if (crc16(reinterpret_cast<const uint8_t*>(line), contentLength) != sent) return false;
  content = makeSlice(line, contentLength);
  return true;
}

bool findVerb(Slice token, proto::Verb& verb) {
  for (uint8_t i = 0; i < static_cast<uint8_t>(proto::Verb::Count); i++) {
    if (sliceEquals(token, verbName(static_cast<proto::Verb>(i)))) {
      verb = static_cast<proto::Verb>(i);
      return true;
    }
  }
  return false;
}

FrameError parseHostFrame(const char* line, uint8_t length, HostFrame& frame, FlashString& field) {
  frame.seq = 0;
  frame.id = 0;
  field = FlashString();
  Slice content;
  if (!checkFrameCrc(line, length, content)) return FrameError::kBadCrc;
  if (!hasOnlySingleSpaces(content)) return FrameError::kBadFrame;
  Slice rest = content, seqToken, idToken, verbToken;
  uint32_t seq = 0, id = 0;
  if (!takeToken(rest, seqToken) || !parseDecimal(seqToken, proto::kMaxSeq, seq)) {
    field = BH_FSTR("seq");
    return FrameError::kBadFrame;
  }
  frame.seq = static_cast<uint16_t>(seq);
  if (!takeToken(rest, idToken) || !parseDecimal(idToken, 0xFFFFFFFFUL, id)) {
    field = BH_FSTR("id");
    return FrameError::kBadFrame;
  }
  frame.id = id;
  if (!takeToken(rest, verbToken)) {
    field = BH_FSTR("verb");
    return FrameError::kBadFrame;
  }
  if (!argsAreWellFormed(rest)) return FrameError::kBadFrame;
  if (!findVerb(verbToken, frame.verb)) return FrameError::kUnknownVerb;
  frame.body = makeSlice(verbToken.data, static_cast<uint8_t>(content.data + content.length - verbToken.data));
  frame.args = rest;
  return FrameError::kNone;
}

}  // namespace bh
