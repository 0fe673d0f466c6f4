#include "protocol/arg_validation.h"

#include "protocol/escape.h"
#include "protocol/numbers.h"
#include "protocol/table_names.h"

namespace bh {

namespace {

void splitArg(Slice token, Slice& key, Slice& value) {
  uint8_t equals = 0;
  while (equals < token.length && token.data[equals] != '=') equals++;
  key = makeSlice(token.data, equals);
  uint8_t valueStart = equals < token.length ? equals + 1 : equals;
  value = makeSlice(token.data + valueStart, static_cast<uint8_t>(token.length - valueStart));
}

int8_t findArg(const proto::VerbSpec& spec, Slice key) {
  for (uint8_t i = 0; i < spec.argCount; i++) {
    if (sliceEquals(key, FlashString(argSpec(spec, i).name))) return static_cast<int8_t>(i);
  }
  return -1;
}

// Wire level only: digits, ',' and ';' (what a point list is made of). The numbers, their
// count and what they mean are checked by the core (core/gesture_limits.h).
bool looksLikePath(Slice raw) {
  if (raw.length == 0) return false;
  for (uint8_t i = 0; i < raw.length; i++) {
    char c = raw.data[i];
    if (!((c >= '0' && c <= '9') || c == ',' || c == ';')) return false;
  }
  return true;
}

bool valueHasType(proto::ArgType type, Slice raw, uint32_t& number) {
  switch (type) {
    case proto::ArgType::Uint:
      return parseDecimal(raw, 0xFFFFFFFFUL, number);
    case proto::ArgType::Hex32:
      return parseHex32(raw, number);
    case proto::ArgType::Text:
      return unescape(raw, 0, 0) >= 0;
    case proto::ArgType::Key:
    case proto::ArgType::Mods:
      return unescape(raw, 0, 0) > 0;
    case proto::ArgType::Path:
      return looksLikePath(raw);
  }
  return false;
}

void clearArgs(ParsedArgs& parsed) {
  for (uint8_t i = 0; i < kMaxArgsPerVerb; i++) {
    parsed.values[i].present = false;
    parsed.values[i].raw = makeSlice(0, 0);
    parsed.values[i].number = 0;
  }
}

}  // namespace

bool validateArgs(const proto::VerbSpec& spec, Slice args, ParsedArgs& parsed, Refusal& refusal) {
  clearArgs(parsed);
  if (spec.argCount > kMaxArgsPerVerb) {
    refusal = makeRefusal(proto::ErrorCode::BadArg);
    return false;
  }
  Slice token, key, value;
  while (takeToken(args, token)) {
    splitArg(token, key, value);
    int8_t index = findArg(spec, key);
    if (index < 0) {
      // Echo the name as sent: the reply is written before the line buffer is reused.
      refusal = makeRefusal(proto::ErrorCode::BadArg);
      refusal.sentField = key;
      return false;
    }
    ArgValue& slot = parsed.values[index];
    proto::ArgSpec arg = argSpec(spec, static_cast<uint8_t>(index));
    if (slot.present || !valueHasType(arg.type, value, slot.number)) {
      refusal = makeRefusal(proto::ErrorCode::BadArg, FlashString(arg.name));
      return false;
    }
    slot.present = true;
    slot.raw = value;
  }
  for (uint8_t i = 0; i < spec.argCount; i++) {
    proto::ArgSpec arg = argSpec(spec, i);
    if (arg.required && !parsed.values[i].present) {
      refusal = makeRefusal(proto::ErrorCode::BadArg, FlashString(arg.name));
      return false;
    }
  }
  return true;
}

}  // namespace bh
