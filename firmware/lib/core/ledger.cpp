#include "core/ledger.h"

namespace bh {

void Ledger::reset() {
  next_ = 0;
  count_ = 0;
  highestId_ = 0;
}

const LedgerRecord* Ledger::find(uint32_t id) const {
  for (uint8_t i = 0; i < count_; i++) {
    if (records_[i].id == id) return &records_[i];
  }
  return 0;
}

LedgerLookup Ledger::lookup(uint32_t id, uint32_t hash, const LedgerRecord*& record) const {
  record = find(id);
  if (record == 0) return id > highestId_ ? LedgerLookup::kNew : LedgerLookup::kStale;
  if (record->hash != hash) return LedgerLookup::kMismatch;
  return record->outcome == kOutcomeRunning ? LedgerLookup::kRunning : LedgerLookup::kFinished;
}

void Ledger::recordAccepted(uint32_t id, uint32_t hash) {
  LedgerRecord& record = records_[next_];
  record.id = id;
  record.hash = hash;
  record.n = 0;
  record.outcome = kOutcomeRunning;
  next_ = static_cast<uint8_t>((next_ + 1) % kLedgerSize);
  if (count_ < kLedgerSize) count_++;
  if (id > highestId_) highestId_ = id;
}

void Ledger::recordOutcome(uint32_t id, uint8_t outcome, uint16_t n) {
  LedgerRecord* record = const_cast<LedgerRecord*>(find(id));
  if (record == 0) return;
  record->outcome = outcome;
  record->n = n;
}

}  // namespace bh
