// Resolves the KEY verb's arguments: a key name from the table (ENTER, F5, ...) or exactly
// one typeable character, plus "ctrl+shift+alt+gui" modifier names.
#pragma once
#include <stdint.h>

#include "keyboard/us_layout.h"
#include "protocol/slice.h"

namespace bh {

// `escapedKey` is the value as sent (a space arrives as %20). False: no such key.
bool resolveKeyName(Slice escapedKey, KeyStroke& stroke);

// "ctrl+shift" -> 0x03. False when a name is unknown or empty.
bool parseModifierNames(Slice names, uint8_t& modifiers);

}  // namespace bh
