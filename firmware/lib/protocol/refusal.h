// Why a frame was refused: the error code plus the optional `field=` and `limit=` that tell
// the host (or a model reading the log) what to change.
#pragma once
#include <stdint.h>

#include "core/flash.h"
#include "protocol/protocol_table.h"
#include "protocol/slice.h"

namespace bh {

struct Refusal {
  proto::ErrorCode code;
  FlashString field;  // null: no field=
  Slice sentField;    // used when field is null: a name echoed from the frame (unknown arg)
  uint32_t limit;
  bool hasLimit;
};

inline Refusal makeRefusal(proto::ErrorCode code, FlashString field = FlashString()) {
  Refusal refusal = {code, field, makeSlice(0, 0), 0, false};
  return refusal;
}

inline Refusal makeLimitRefusal(proto::ErrorCode code, FlashString field, uint32_t limit) {
  Refusal refusal = {code, field, makeSlice(0, 0), limit, true};
  return refusal;
}

}  // namespace bh
