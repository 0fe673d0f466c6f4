// libFuzzer target: the host frame parser and argument validation. The input is a frame
// without its CRC; the harness appends the right one (and, for every 4th input, a wrong one), so
// the fuzzer explores the grammar instead of guessing checksums. Checked: no crash or undefined
// behaviour (ASan/UBSan), slices stay inside the line, the body starts with the parsed verb, and a
// TYPE's text goes through the same checks the core makes.
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/limits.h"
#include "protocol/arg_validation.h"
#include "protocol/crc16.h"
#include "protocol/host_frame.h"
#include "protocol/numbers.h"
#include "protocol/table_names.h"

namespace {

bool inside(bh::Slice slice, const char* line, size_t length) {
  return slice.length == 0 || (slice.data >= line && slice.data + slice.length <= line + length);
}

void checkParsed(const bh::HostFrame& frame, const char* line, size_t length) {
  if (!inside(frame.body, line, length) || !inside(frame.args, line, length)) abort();
  // The body starts with the verb's own name, and the args are what follows it.
  bh::FlashString name = bh::verbName(frame.verb);
  uint8_t n = 0;
  while (name.at(n) != '\0') {
    if (n >= frame.body.length || frame.body.data[n] != name.at(n)) abort();
    n++;
  }
  if (frame.args.length > 0 && frame.args.data != frame.body.data + n + 1) abort();
  bh::ParsedArgs args;
  bh::Refusal refusal;
  if (!bh::validateArgs(bh::verbSpec(frame.verb), frame.args, args, refusal)) return;
  if (frame.verb != bh::proto::Verb::Type) return;
  bh::Limits limits = bh::defaultLimits(1080, 2400);
  uint8_t text[bh::kMaxTextBytes];
  uint8_t textLength = 0;
  if (bh::checkText(limits, args.values[0].raw, text, textLength, refusal) && (textLength == 0 || textLength > limits.maxTextBytes)) abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 250) return 0;  // the parser takes uint8_t lengths; the assembler caps lines at 160
  char* line = static_cast<char*>(malloc(size + 6));  // exact size: ASan sees any overread
  memcpy(line, data, size);
  uint16_t crc = bh::crc16(data, static_cast<uint16_t>(size));
  if (size % 4 == 3) crc ^= 0x0100;
  line[size] = ' ';
  line[size + 1] = '*';
  bh::formatHex(crc, 4, line + size + 2);
  bh::HostFrame frame;
  bh::FlashString field;
  uint8_t length = static_cast<uint8_t>(size + 6);
  bh::FrameError error = bh::parseHostFrame(line, length, frame, field);
  if (size % 4 == 3 && error != bh::FrameError::kBadCrc) abort();
  if (error == bh::FrameError::kNone) checkParsed(frame, line, length);
  free(line);
  return 0;
}
