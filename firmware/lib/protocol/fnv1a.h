// FNV-1a 32: the ledger's fingerprint of a command's verb and arguments, and the same hash
// the generator uses for the table. Cheap, no table, good enough to tell "same command" apart.
#pragma once
#include <stdint.h>

namespace bh {

const uint32_t kFnvOffsetBasis = 2166136261UL;
const uint32_t kFnvPrime = 16777619UL;

inline uint32_t fnv1a32(const char* data, uint8_t length) {
  uint32_t hash = kFnvOffsetBasis;
  for (uint8_t i = 0; i < length; i++) {
    hash ^= static_cast<uint8_t>(data[i]);
    hash *= kFnvPrime;
  }
  return hash;
}

}  // namespace bh
