#include "keyboard/us_layout.h"

namespace bh {

namespace {

const uint8_t kUsageA = 4;
const uint8_t kUsage1 = 30;
const uint8_t kUsage0 = 39;
const uint8_t kUsageSpace = 44;

KeyStroke stroke(uint8_t usage, bool shifted) {
  KeyStroke result = {usage, static_cast<uint8_t>(shifted ? kModifierShift : 0)};
  return result;
}

// Punctuation, unshifted and shifted pairs on the same key.
bool punctuationStroke(uint8_t c, KeyStroke& out) {
  switch (c) {
    case '-': out = stroke(45, false); return true;
    case '_': out = stroke(45, true); return true;
    case '=': out = stroke(46, false); return true;
    case '+': out = stroke(46, true); return true;
    case '[': out = stroke(47, false); return true;
    case '{': out = stroke(47, true); return true;
    case ']': out = stroke(48, false); return true;
    case '}': out = stroke(48, true); return true;
    case '\\': out = stroke(49, false); return true;
    case '|': out = stroke(49, true); return true;
    case ';': out = stroke(51, false); return true;
    case ':': out = stroke(51, true); return true;
    case '\'': out = stroke(52, false); return true;
    case '"': out = stroke(52, true); return true;
    case '`': out = stroke(53, false); return true;
    case '~': out = stroke(53, true); return true;
    case ',': out = stroke(54, false); return true;
    case '<': out = stroke(54, true); return true;
    case '.': out = stroke(55, false); return true;
    case '>': out = stroke(55, true); return true;
    case '/': out = stroke(56, false); return true;
    case '?': out = stroke(56, true); return true;
  }
  return false;
}

// Shifted digits: "!@#$%^&*()" are shift+1..shift+0.
bool shiftedDigitStroke(uint8_t c, KeyStroke& out) {
  switch (c) {
    case '!': out = stroke(kUsage1 + 0, true); return true;
    case '@': out = stroke(kUsage1 + 1, true); return true;
    case '#': out = stroke(kUsage1 + 2, true); return true;
    case '$': out = stroke(kUsage1 + 3, true); return true;
    case '%': out = stroke(kUsage1 + 4, true); return true;
    case '^': out = stroke(kUsage1 + 5, true); return true;
    case '&': out = stroke(kUsage1 + 6, true); return true;
    case '*': out = stroke(kUsage1 + 7, true); return true;
    case '(': out = stroke(kUsage1 + 8, true); return true;
    case ')': out = stroke(kUsage0, true); return true;
  }
  return false;
}

}  // namespace

bool usLayoutStroke(uint8_t c, KeyStroke& out) {
  if (c >= 'a' && c <= 'z') return out = stroke(static_cast<uint8_t>(kUsageA + (c - 'a')), false), true;
  if (c >= 'A' && c <= 'Z') return out = stroke(static_cast<uint8_t>(kUsageA + (c - 'A')), true), true;
  if (c >= '1' && c <= '9') return out = stroke(static_cast<uint8_t>(kUsage1 + (c - '1')), false), true;
  if (c == '0') return out = stroke(kUsage0, false), true;
  if (c == ' ') return out = stroke(kUsageSpace, false), true;
  if (c == '\n') return out = stroke(kUsageEnter, false), true;
  if (c == '\t') return out = stroke(kUsageTab, false), true;
  return shiftedDigitStroke(c, out) || punctuationStroke(c, out);
}

}  // namespace bh
