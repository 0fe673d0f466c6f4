// The command-id ledger: the last kLedgerSize ledgered commands with a fingerprint of their
// verb and arguments and their outcome. It is what lets a host retransmit safely: a known id
// is answered from here and never actuates twice.
#pragma once
#include <stdint.h>

#include "protocol/protocol_table.h"

namespace bh {

const uint8_t kLedgerSize = proto::defaults::kLedgerSize;
const uint8_t kOutcomeRunning = 0xFF;  // accepted, no DONE/ERR yet
const uint8_t kOutcomeOk = 0xFE;       // DONE; anything else is a proto::ErrorCode

struct LedgerRecord {
  uint32_t id;
  uint32_t hash;  // FNV-1a 32 over "VERB k=v ..."
  uint16_t n;     // progress when finished (characters typed)
  uint8_t outcome;
};

enum class LedgerLookup : uint8_t { kNew, kRunning, kFinished, kMismatch, kStale };

class Ledger {
 public:
  Ledger() { reset(); }

  // `record` points at the matching record for kRunning/kFinished/kMismatch.
  LedgerLookup lookup(uint32_t id, uint32_t hash, const LedgerRecord*& record) const;
  // Records a newly accepted id, evicting the oldest record when full. Accepted ids only
  // grow, so the oldest is never still running while the queue is shorter than the ledger.
  void recordAccepted(uint32_t id, uint32_t hash);
  void recordOutcome(uint32_t id, uint8_t outcome, uint16_t n);
  // Highest id accepted since boot: "last" in HELLO and STALE.
  uint32_t highestId() const { return highestId_; }
  void reset();

 private:
  const LedgerRecord* find(uint32_t id) const;

  LedgerRecord records_[kLedgerSize];
  uint8_t next_;
  uint8_t count_;
  uint32_t highestId_;
};

}  // namespace bh
