// --env KEY=VALUE (repeatable): parameters for ${KEY} in flows (benchhand run, resume, test).
import { UsageError } from './args.js';

export function envPairs(pairs: string[], usage: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const key = at > 0 ? pair.slice(0, at) : '';
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
      throw new UsageError(
        `--env takes KEY=VALUE with KEY made of letters, digits and _ (like --env USER_NAME=ada); got "${pair}"\nusage: ${usage}`,
      );
    out[key] = pair.slice(at + 1);
  }
  return out;
}
