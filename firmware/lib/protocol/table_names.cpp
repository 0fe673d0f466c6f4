#include "protocol/table_names.h"

namespace bh {

const proto::VerbSpec& verbSpec(proto::Verb verb) { return proto::kVerbs[static_cast<uint8_t>(verb)]; }
const char* replyName(proto::Reply reply) { return proto::kReplyNames[static_cast<uint8_t>(reply)]; }
const char* errorCodeName(proto::ErrorCode code) { return proto::kErrorCodeNames[static_cast<uint8_t>(code)]; }
const char* stateName(proto::State state) { return proto::kStateNames[static_cast<uint8_t>(state)]; }
const char* resetReasonName(proto::ResetReason reason) {
  return proto::kResetReasonNames[static_cast<uint8_t>(reason)];
}
const char* eventName(proto::Event event) { return proto::kEventNames[static_cast<uint8_t>(event)]; }

}  // namespace bh
