// Reads an error body in any of the shapes the servers use, without trusting it to be JSON:
//   Anthropic  {type:'error', error:{type, message}}
//   OpenAI     {error:{message, type, param, code}}
//   llama.cpp  {error:{code, message, type, n_prompt_tokens, n_ctx}}
//   vLLM       {object:'error', message, type, code}
//   Ollama     {error:'...'}          proxies and others: plain text or HTML

export interface ErrorBody {
  message: string;
  /** The provider's machine-readable codes and types, e.g. context_length_exceeded. */
  codes: string[];
  /** Structured sizes some servers add (llama.cpp). */
  promptTokens?: number;
  limitTokens?: number;
}

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
const asNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

export function readErrorBody(text: string): ErrorBody {
  const parsed = tryParse(text);
  if (!isObject(parsed)) return { message: summarise(text), codes: [] };
  const inner = isObject(parsed.error) ? parsed.error : {};
  const message =
    asString(inner.message) ??
    asString(parsed.error) ??
    asString(parsed.message) ??
    asString(parsed.detail) ??
    summarise(text);
  const codes = [inner.code, inner.type, parsed.code, parsed.type].flatMap((code) =>
    typeof code === 'string' ? [code] : [],
  );
  const body: ErrorBody = { message, codes };
  const promptTokens = asNumber(inner.n_prompt_tokens);
  const limitTokens = asNumber(inner.n_ctx);
  if (promptTokens !== undefined) body.promptTokens = promptTokens;
  if (limitTokens !== undefined) body.limitTokens = limitTokens;
  return body;
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A non-JSON body (an HTML error page from a proxy) is cut to one readable line. */
function summarise(text: string): string {
  const oneLine = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (oneLine === '') return '(empty body)';
  return oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
}
