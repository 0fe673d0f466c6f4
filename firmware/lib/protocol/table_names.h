// The one place that reads the generated tables (protocol_table.cpp). They live in flash on
// the AVR (BH_FLASH), where a plain dereference reads RAM at the same address, i.e. garbage:
// these accessors copy rows out with flashRead() and hand strings out as FlashString.
#pragma once
#include <stdint.h>

#include "core/flash.h"
#include "protocol/protocol_table.h"

namespace bh {

proto::VerbSpec verbSpec(proto::Verb verb);
proto::ArgSpec argSpec(const proto::VerbSpec& verb, uint8_t index);
proto::KeySpec keySpec(uint8_t index);            // index < proto::kKeyCount
proto::ModifierSpec modifierSpec(uint8_t index);  // index < proto::kModifierCount

FlashString verbName(proto::Verb verb);
FlashString replyName(proto::Reply reply);
FlashString errorCodeName(proto::ErrorCode code);
FlashString stateName(proto::State state);
FlashString resetReasonName(proto::ResetReason reason);
FlashString eventName(proto::Event event);

}  // namespace bh
