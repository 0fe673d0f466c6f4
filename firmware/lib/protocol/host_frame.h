// Parses one host line: "<seq> <id> <VERB>[ <key>=<value>]* *<CRC>". Checks the CRC first,
// because nothing in a corrupted line (not even seq or id) can be trusted.
#pragma once
#include <stdint.h>

#include "protocol/protocol_table.h"
#include "protocol/slice.h"

namespace bh {

enum class FrameError : uint8_t { kNone, kBadCrc, kBadFrame, kUnknownVerb };

struct HostFrame {
  uint16_t seq;
  uint32_t id;
  proto::Verb verb;
  Slice body;  // "VERB k=v ..." without the CRC: what the ledger fingerprints
  Slice args;  // "k=v k=v" (empty when there are none)
};

// On error, `frame.seq`/`frame.id` hold what could be parsed (0 otherwise) and `field`
// names the token at fault ("seq", "id", "verb") or is null.
FrameError parseHostFrame(const char* line, uint8_t length, HostFrame& frame, FlashString& field);

// Checks the " *XXXX" suffix; on success `content` is everything before it.
bool checkFrameCrc(const char* line, uint8_t length, Slice& content);

// Looks a verb token up in the generated table.
bool findVerb(Slice token, proto::Verb& verb);

}  // namespace bh
