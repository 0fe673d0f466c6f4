// A finding's stable id, so the same problem found next week updates one record.
//
// Canonical serialisation (this is the definition; the unit test pins it with a known vector):
//   1. Take the identity fields in this order: device, screen (or flow), kind, subject.
//   2. Normalise each: Unicode NFC; every run of whitespace becomes one space; trim; lower-case
//      (String.prototype.toLowerCase, locale-independent). Models and people vary case and spacing
//      ("Pay  button" / "pay button") without meaning a different problem.
//   3. Serialise the four strings as a JSON array with no spaces (JSON.stringify's escaping),
//      e.g. ["settings-wifi.yaml","wi-fi","text","pay button label"].
//   4. id = the first 32 lowercase hex characters of SHA-256 over the UTF-8 bytes of that text.
// The hash uses Web Crypto (a global in Node 20 and browsers), so core stays free of node:* imports.

export interface FindingIdentity {
  device: string;
  screen: string;
  kind: string;
  subject: string;
}

export function normaliseIdentityField(value: string): string {
  return value.normalize('NFC').replace(/\s+/gu, ' ').trim().toLowerCase();
}

export function canonicalIdentityText(identity: FindingIdentity): string {
  return JSON.stringify(
    [identity.device, identity.screen, identity.kind, identity.subject].map(normaliseIdentityField),
  );
}

export async function findingId(identity: FindingIdentity): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalIdentityText(identity)));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 32);
}
