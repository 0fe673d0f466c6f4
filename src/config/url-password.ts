// A URL as it may be shown: a password inside it (user:password@host) is masked.
export function withoutUrlPassword(text: string): string {
  try {
    const url = new URL(text);
    if (!url.password) return text;
    url.password = '***';
    return url.toString();
  } catch {
    return text;
  }
}
