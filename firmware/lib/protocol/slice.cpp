#include "protocol/slice.h"

namespace bh {

bool sliceEquals(Slice slice, FlashString text) {
  uint8_t i = 0;
  for (; i < slice.length; i++) {
    char c = text.at(i);
    if (c == '\0' || c != slice.data[i]) return false;
  }
  return text.at(i) == '\0';
}

bool takeToken(Slice& rest, Slice& token) {
  if (rest.length == 0) return false;
  uint8_t end = 0;
  while (end < rest.length && rest.data[end] != ' ') end++;
  token = makeSlice(rest.data, end);
  uint8_t skip = end < rest.length ? end + 1 : end;
  rest = makeSlice(rest.data + skip, static_cast<uint8_t>(rest.length - skip));
  return true;
}

bool hasOnlySingleSpaces(Slice slice) {
  if (slice.length == 0) return false;
  if (slice.data[0] == ' ' || slice.data[slice.length - 1] == ' ') return false;
  for (uint8_t i = 1; i < slice.length; i++) {
    if (slice.data[i] == ' ' && slice.data[i - 1] == ' ') return false;
  }
  return true;
}

}  // namespace bh
