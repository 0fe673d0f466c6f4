// Checks a frame's arguments against the generated ArgSpec table: unknown, repeated or
// missing arguments and values not of their type are BAD_ARG with field=<name>. Only the
// wire-level types are checked here; what a key name or a text means is the core's business.
#pragma once
#include <stdint.h>

#include "protocol/protocol_table.h"
#include "protocol/refusal.h"
#include "protocol/slice.h"

namespace bh {

const uint8_t kMaxArgsPerVerb = 3;

struct ArgValue {
  bool present;
  Slice raw;        // the escaped value as sent
  uint32_t number;  // for uint and hex32 arguments
};

// values[i] belongs to spec.args[i].
struct ParsedArgs {
  ArgValue values[kMaxArgsPerVerb];
};

bool validateArgs(const proto::VerbSpec& spec, Slice args, ParsedArgs& parsed, Refusal& refusal);

}  // namespace bh
