// Value escaping: every byte <= 0x20, '%' and >= 0x7F becomes %XX, so typed text can never
// contain a space, newline or " *" that would break a frame.

const mustEscape = (byte: number): boolean => byte <= 0x20 || byte === 0x25 || byte >= 0x7f;

export function escapeValue(raw: Uint8Array | string): string {
  const bytes = typeof raw === 'string' ? Buffer.from(raw, 'latin1') : raw;
  let out = '';
  for (const byte of bytes) {
    out += mustEscape(byte) ? `%${byte.toString(16).toUpperCase().padStart(2, '0')}` : String.fromCharCode(byte);
  }
  return out;
}

/** Returns the raw bytes, or undefined when a %XX sequence is malformed. */
export function unescapeValue(escaped: string): Uint8Array | undefined {
  const out: number[] = [];
  for (let i = 0; i < escaped.length; i++) {
    if (escaped[i] !== '%') {
      out.push(escaped.charCodeAt(i));
      continue;
    }
    const hex = escaped.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
    out.push(parseInt(hex, 16));
    i += 2;
  }
  return Uint8Array.from(out);
}

export function unescapeText(escaped: string): string | undefined {
  const bytes = unescapeValue(escaped);
  return bytes && Buffer.from(bytes).toString('latin1');
}
