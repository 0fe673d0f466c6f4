// Recognises "the prompt does not fit" in every provider's own words, and pulls out the
// numbers when the message has them. Kept apart from HTTP handling because the wording is
// the part that changes between server versions; the unit tests quote each one verbatim.

export interface OverflowSizes {
  promptTokens?: number;
  limitTokens?: number;
}

interface OverflowPattern {
  /** Which server says it this way, for the tests and for whoever adds the next one. */
  source: string;
  test: RegExp;
  sizes?: (match: RegExpMatchArray) => OverflowSizes;
}

const number = (text: string | undefined): number | undefined =>
  text === undefined ? undefined : Number(text.replace(/,/g, ''));

const PATTERNS: OverflowPattern[] = [
  {
    // "prompt is too long: 208310 tokens > 200000 maximum"
    source: 'anthropic prompt too long',
    test: /prompt is too long:\s*([\d,]+)\s*tokens?\s*>\s*([\d,]+)/i,
    sizes: (m) => ({ promptTokens: number(m[1]), limitTokens: number(m[2]) }),
  },
  {
    // "input length and `max_tokens` exceed context limit: 188240 + 21333 > 200000, ..."
    source: 'anthropic input plus max_tokens',
    test: /exceed context limit:\s*([\d,]+)\s*\+\s*[\d,]+\s*>\s*([\d,]+)/i,
    sizes: (m) => ({ promptTokens: number(m[1]), limitTokens: number(m[2]) }),
  },
  {
    // vLLM: "... maximum context length is 4096 tokens. However, you requested 5000 tokens
    // (4000 in the messages, 1000 in the completion)." The messages part is the prompt.
    source: 'vllm requested',
    test: /maximum context length is ([\d,]+) tokens?\.?\s*However, you requested ([\d,]+) tokens?(?: \(([\d,]+) in the messages)?/i,
    sizes: (m) => ({ limitTokens: number(m[1]), promptTokens: number(m[3] ?? m[2]) }),
  },
  {
    // OpenAI: "This model's maximum context length is 128000 tokens. However, your messages
    // resulted in 130021 tokens (...)."
    source: 'openai resulted in',
    test: /maximum context length is ([\d,]+) tokens?[\s\S]*?resulted in ([\d,]+) tokens?/i,
    sizes: (m) => ({ limitTokens: number(m[1]), promptTokens: number(m[2]) }),
  },
  {
    // OpenAI, newer models: "Input tokens exceed the configured limit of 272000 tokens. Your
    // messages resulted in 300000 tokens."
    source: 'openai configured limit',
    test: /exceed the configured limit of ([\d,]+) tokens?(?:[\s\S]*?resulted in ([\d,]+) tokens?)?/i,
    sizes: (m) => ({ limitTokens: number(m[1]), promptTokens: number(m[2]) }),
  },
  {
    // vLLM: "The prompt (total length 5000) is longer than the maximum model length of 4096."
    // and "The decoder prompt (length 5000) is longer than the maximum model length of 4096."
    source: 'vllm longer than model length',
    test: /\(\s*(?:total )?length ([\d,]+)\)\s*is longer than the (?:maximum model length|model's context length) (?:of )?([\d,]+)/i,
    sizes: (m) => ({ promptTokens: number(m[1]), limitTokens: number(m[2]) }),
  },
  {
    // vLLM (older): "Input prompt (5000 tokens) is too long and exceeds limit of 4096"
    source: 'vllm input prompt too long',
    test: /prompt \(([\d,]+) tokens?\) is too long and exceeds limit of ([\d,]+)/i,
    sizes: (m) => ({ promptTokens: number(m[1]), limitTokens: number(m[2]) }),
  },
  {
    // llama.cpp: "request (4476 tokens) exceeds the available context size (4096 tokens)"
    source: 'llama.cpp request exceeds',
    test: /request \(([\d,]+) tokens?\) exceeds the available context size \(([\d,]+) tokens?\)/i,
    sizes: (m) => ({ promptTokens: number(m[1]), limitTokens: number(m[2]) }),
  },
  // Wordings with no numbers in them (the numbers, when present, come from body fields).
  { source: 'llama.cpp available context size', test: /exceeds the available context size/i },
  { source: 'llama.cpp context size exceeded', test: /context size (?:has been )?exceeded/i },
  {
    source: 'llama.cpp larger than n_ctx',
    test: /(?:larger|longer|greater) than (?:the )?(?:max(?:imum)? )?(?:context size|n_ctx)/i,
  },
  {
    source: 'generic maximum context length',
    test: /maximum context length|context_length_exceeded|is longer than the model's context length|context window (?:is )?(?:full|exceeded)/i,
  },
];

/**
 * The sizes when `message` (or the error `code` / `type`) says the prompt overflowed the
 * context, null otherwise. `fields` are structured numbers from the error body, which win
 * over what the message says (llama.cpp sends n_prompt_tokens and n_ctx).
 */
export function detectContextOverflow(
  message: string,
  codes: string[] = [],
  fields: OverflowSizes = {},
): OverflowSizes | null {
  const byCode = codes.some((code) => code === 'context_length_exceeded' || code === 'exceed_context_size_error');
  const pattern = PATTERNS.find((candidate) => candidate.test.test(message));
  if (!byCode && !pattern) return null;
  const match = pattern ? message.match(pattern.test) : null;
  const fromMessage = match && pattern?.sizes ? pattern.sizes(match) : {};
  return dropUndefined({
    promptTokens: fields.promptTokens ?? fromMessage.promptTokens,
    limitTokens: fields.limitTokens ?? fromMessage.limitTokens,
  });
}

function dropUndefined(sizes: OverflowSizes): OverflowSizes {
  const result: OverflowSizes = {};
  if (sizes.promptTokens !== undefined && Number.isFinite(sizes.promptTokens)) result.promptTokens = sizes.promptTokens;
  if (sizes.limitTokens !== undefined && Number.isFinite(sizes.limitTokens)) result.limitTokens = sizes.limitTokens;
  return result;
}
