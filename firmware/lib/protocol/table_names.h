// The one place that touches the generated tables' arrays. protocol_table.h defines them
// `static const` in the header, so every translation unit that uses one gets its own copy,
// and on the AVR every copy (strings included) costs RAM. Going through these accessors
// keeps exactly one copy of each table in the image.
#pragma once
#include <stdint.h>

#include "protocol/protocol_table.h"

namespace bh {

const proto::VerbSpec& verbSpec(proto::Verb verb);
const char* replyName(proto::Reply reply);
const char* errorCodeName(proto::ErrorCode code);
const char* stateName(proto::State state);
const char* resetReasonName(proto::ResetReason reason);
const char* eventName(proto::Event event);

}  // namespace bh
