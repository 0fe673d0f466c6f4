// Maestro's ${...}: a JavaScript expression inside any text, evaluated as the command runs (env
// values and `output`, `maestro.copiedText` are the script's globals). The text is cut into
// literal parts and expressions here; the expressions go to the sandbox. Pure.

export type TemplatePart = { literal: string } | { expression: string };

/** Splits "Hello ${name}!" into parts; braces inside an expression's strings and objects are kept. */
export function splitTemplate(text: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let literal = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '$' && text[i + 1] === '{') {
      const end = closingBrace(text, i + 2);
      if (end < 0) {
        literal += text.slice(i);
        break;
      }
      if (literal) parts.push({ literal });
      literal = '';
      parts.push({ expression: text.slice(i + 2, end) });
      i = end + 1;
      continue;
    }
    literal += text[i];
    i++;
  }
  if (literal) parts.push({ literal });
  return parts;
}

function closingBrace(text: string, from: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

export const hasExpression = (text: string): boolean => splitTemplate(text).some((p) => 'expression' in p);

/** Fills every ${...} with what `evaluate` makes of it (a value as JavaScript's String() writes it). */
export async function interpolate(text: string, evaluate: (expression: string) => Promise<unknown>): Promise<string> {
  let out = '';
  for (const part of splitTemplate(text))
    out += 'literal' in part ? part.literal : show(await evaluate(part.expression));
  return out;
}

/** Every string inside a value filled (maps and lists walked; `commands` lists left to run later). */
export async function interpolateDeep(
  value: unknown,
  evaluate: (expression: string) => Promise<unknown>,
): Promise<unknown> {
  if (typeof value === 'string') return interpolate(value, evaluate);
  if (Array.isArray(value)) return Promise.all(value.map((v) => interpolateDeep(v, evaluate)));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = k === 'commands' ? v : await interpolateDeep(v, evaluate);
    return out;
  }
  return value;
}

const show = (value: unknown): string =>
  value === undefined
    ? 'undefined'
    : value === null
      ? 'null'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/** Maestro's truthiness of a filled condition text. */
export const isTruthy = (text: string): boolean => !['', 'false', '0', 'null', 'undefined'].includes(text.trim());
