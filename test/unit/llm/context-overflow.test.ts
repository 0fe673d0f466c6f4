// Each provider's overflow wording, quoted as the servers send it.
import { describe, expect, it } from 'vitest';
import { detectContextOverflow } from '../../../src/adapters/llm/context-overflow.js';

describe('detectContextOverflow', () => {
  const cases: [string, string, { promptTokens?: number; limitTokens?: number }][] = [
    ['Anthropic', 'prompt is too long: 208310 tokens > 200000 maximum', { promptTokens: 208310, limitTokens: 200000 }],
    [
      'Anthropic, input plus max_tokens',
      'input length and `max_tokens` exceed context limit: 188240 + 21333 > 200000, decrease input length or `max_tokens` and try again',
      { promptTokens: 188240, limitTokens: 200000 },
    ],
    [
      'OpenAI',
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130021 tokens. Please reduce the length of the messages.",
      { promptTokens: 130021, limitTokens: 128000 },
    ],
    [
      'OpenAI, with functions',
      "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens (8500 in the messages, 500 in the functions). Please reduce the length of the messages or functions.",
      { promptTokens: 9000, limitTokens: 8192 },
    ],
    [
      'OpenAI, newer models',
      'Input tokens exceed the configured limit of 272000 tokens. Your messages resulted in 300512 tokens. Please reduce the length of the messages.',
      { promptTokens: 300512, limitTokens: 272000 },
    ],
    [
      'vLLM',
      "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.",
      { promptTokens: 4000, limitTokens: 4096 },
    ],
    [
      'vLLM, no breakdown',
      "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens in the messages, Please reduce the length of the messages.",
      { promptTokens: 5000, limitTokens: 4096 },
    ],
    [
      'vLLM, prompt longer than model length',
      'The prompt (total length 5000) is longer than the maximum model length of 4096. Make sure that `max_model_len` is no smaller than the number of text tokens.',
      { promptTokens: 5000, limitTokens: 4096 },
    ],
    [
      'vLLM, decoder prompt',
      'The decoder prompt (length 5000) is longer than the maximum model length of 4096.',
      { promptTokens: 5000, limitTokens: 4096 },
    ],
    [
      'vLLM, older',
      'Input prompt (5000 tokens) is too long and exceeds limit of 4096',
      { promptTokens: 5000, limitTokens: 4096 },
    ],
    [
      'llama.cpp, with sizes',
      'request (4476 tokens) exceeds the available context size (4096 tokens), try increasing it',
      { promptTokens: 4476, limitTokens: 4096 },
    ],
    ['llama.cpp', 'the request exceeds the available context size, try increasing it', {}],
    [
      'llama.cpp, older',
      'the request exceeds the available context size. try increasing the context size or enable context shift',
      {},
    ],
    ['llama.cpp, oldest', 'context size exceeded', {}],
    ['llama.cpp, n_ctx', 'input is larger than the max context size (n_ctx)', {}],
    ['generic', "is longer than the model's context length", {}],
  ];
  for (const [source, message, sizes] of cases) {
    it(`recognises ${source}`, () => {
      expect(detectContextOverflow(message)).toEqual(sizes);
    });
  }

  it('recognises the code alone, and prefers structured numbers from the body', () => {
    expect(detectContextOverflow('something went wrong', ['context_length_exceeded'])).toEqual({});
    expect(
      detectContextOverflow('the request exceeds the available context size', ['exceed_context_size_error'], {
        promptTokens: 5000,
        limitTokens: 4096,
      }),
    ).toEqual({ promptTokens: 5000, limitTokens: 4096 });
  });

  it('reads numbers written with thousands separators', () => {
    expect(detectContextOverflow('prompt is too long: 208,310 tokens > 200,000 maximum')).toEqual({
      promptTokens: 208310,
      limitTokens: 200000,
    });
  });

  it('leaves other errors alone', () => {
    for (const message of [
      'invalid x-api-key',
      'max_tokens: must be at most 8192',
      'Rate limit reached for requests',
      'messages: text content blocks must be non-empty',
    ]) {
      expect(detectContextOverflow(message)).toBeNull();
    }
  });
});
