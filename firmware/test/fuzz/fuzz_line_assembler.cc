// libFuzzer target: the MCU's line assembler, against a model written from its contract
// (line_assembler.h): split the bytes at '\n', ignore every '\r', drop empty lines, and report a
// line longer than kMaxFrameBytes once as too long. Any difference aborts with the input.
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <string>
#include <vector>

#include "protocol/line_assembler.h"

namespace {

std::vector<std::string> fromModel(const uint8_t* data, size_t size) {
  std::vector<std::string> out;
  std::string line;
  for (size_t i = 0; i < size; i++) {
    if (data[i] == '\r') continue;
    if (data[i] != '\n') {
      line += static_cast<char>(data[i]);
      continue;
    }
    if (line.size() > bh::proto::kMaxFrameBytes) out.push_back("<too long>");
    else if (!line.empty()) out.push_back(line);
    line.clear();
  }
  return out;
}

std::vector<std::string> fromAssembler(const uint8_t* data, size_t size) {
  bh::LineAssembler assembler;
  std::vector<std::string> out;
  for (size_t i = 0; i < size; i++) {
    bh::LineAssembler::Result result = assembler.feed(data[i]);
    if (result == bh::LineAssembler::kTooLong) out.push_back("<too long>");
    if (result != bh::LineAssembler::kLine) continue;
    if (assembler.length() == 0 || assembler.length() > bh::proto::kMaxFrameBytes) abort();
    std::string line(assembler.line(), assembler.length());
    if (line.find('\n') != std::string::npos || line.find('\r') != std::string::npos) abort();
    out.push_back(line);
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (fromModel(data, size) != fromAssembler(data, size)) abort();
  return 0;
}
