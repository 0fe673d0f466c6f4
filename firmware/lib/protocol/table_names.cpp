#include "protocol/table_names.h"

namespace bh {

namespace {

FlashString nameAt(const char* const* names, uint8_t index) { return FlashString(flashRead(names[index])); }

}  // namespace

proto::VerbSpec verbSpec(proto::Verb verb) { return flashRead(proto::kVerbs[static_cast<uint8_t>(verb)]); }
proto::ArgSpec argSpec(const proto::VerbSpec& verb, uint8_t index) { return flashRead(verb.args[index]); }
proto::KeySpec keySpec(uint8_t index) { return flashRead(proto::kKeys[index]); }
proto::ModifierSpec modifierSpec(uint8_t index) { return flashRead(proto::kModifiers[index]); }

FlashString verbName(proto::Verb verb) { return nameAt(proto::kVerbNames, static_cast<uint8_t>(verb)); }
FlashString replyName(proto::Reply reply) { return nameAt(proto::kReplyNames, static_cast<uint8_t>(reply)); }
FlashString errorCodeName(proto::ErrorCode code) { return nameAt(proto::kErrorCodeNames, static_cast<uint8_t>(code)); }
FlashString stateName(proto::State state) { return nameAt(proto::kStateNames, static_cast<uint8_t>(state)); }
FlashString resetReasonName(proto::ResetReason reason) {
  return nameAt(proto::kResetReasonNames, static_cast<uint8_t>(reason));
}
FlashString eventName(proto::Event event) { return nameAt(proto::kEventNames, static_cast<uint8_t>(event)); }

}  // namespace bh
