#include "keyboard/key_names.h"

#include "protocol/escape.h"
#include "protocol/table_names.h"

namespace bh {

namespace {

bool findNamedKey(Slice name, uint8_t& usage) {
  for (uint8_t i = 0; i < proto::kKeyCount; i++) {
    proto::KeySpec key = keySpec(i);
    if (sliceEquals(name, FlashString(key.name))) {
      usage = key.usage;
      return true;
    }
  }
  return false;
}

bool findModifier(Slice name, uint8_t& bit) {
  for (uint8_t i = 0; i < proto::kModifierCount; i++) {
    proto::ModifierSpec modifier = modifierSpec(i);
    if (sliceEquals(name, FlashString(modifier.name))) {
      bit = modifier.bit;
      return true;
    }
  }
  return false;
}

}  // namespace

bool resolveKeyName(Slice escapedKey, KeyStroke& stroke) {
  uint8_t character = 0;
  int16_t length = unescape(escapedKey, &character, 1);
  if (length == 1) {
    // One character: typed as on a US keyboard. Control bytes are not keys here; the table
    // names ENTER and TAB instead.
    return character >= 0x20 && character <= 0x7E && usLayoutStroke(character, stroke);
  }
  stroke.modifiers = 0;
  return length > 1 && findNamedKey(escapedKey, stroke.usage);
}

bool parseModifierNames(Slice names, uint8_t& modifiers) {
  modifiers = 0;
  uint8_t start = 0;
  for (uint8_t i = 0; i <= names.length; i++) {
    if (i < names.length && names.data[i] != '+') continue;
    uint8_t bit = 0;
    if (!findModifier(makeSlice(names.data + start, static_cast<uint8_t>(i - start)), bit)) return false;
    modifiers |= bit;
    start = static_cast<uint8_t>(i + 1);
  }
  return true;
}

}  // namespace bh
