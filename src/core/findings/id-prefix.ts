// Finding ids are long; people type the start of one. A prefix must be long enough that a typo
// is unlikely to hit another finding by chance, and must match exactly one.

export const MIN_ID_PREFIX = 6;

export type IdMatch =
  | { kind: 'found'; id: string }
  | { kind: 'not_hex' }
  | { kind: 'too_short' }
  | { kind: 'unknown' }
  | { kind: 'ambiguous'; matches: string[] };

export function matchIdPrefix(ids: readonly string[], typed: string): IdMatch {
  const prefix = typed.trim().toLowerCase();
  if (!/^[0-9a-f]*$/.test(prefix)) return { kind: 'not_hex' };
  if (prefix.length < MIN_ID_PREFIX) return { kind: 'too_short' };
  const matches = ids.filter((id) => id.startsWith(prefix));
  if (matches.length === 0) return { kind: 'unknown' };
  if (matches.length > 1) return { kind: 'ambiguous', matches };
  return { kind: 'found', id: matches[0]! };
}
