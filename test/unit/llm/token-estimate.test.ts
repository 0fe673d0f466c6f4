import { describe, expect, it } from 'vitest';
import {
  estimateContentTokens,
  estimateRequestTokens,
  estimateTextTokens,
  IMAGE_TOKENS,
  MESSAGE_OVERHEAD_TOKENS,
} from '../../../src/adapters/llm/token-estimate.js';
import { looksSilentlyTruncated } from '../../../src/adapters/llm/silent-truncation.js';

describe('token estimate', () => {
  it('counts text at 3.5 characters a token, rounding up', () => {
    expect(estimateTextTokens('')).toBe(0);
    expect(estimateTextTokens('abcdefg')).toBe(2);
    expect(estimateTextTokens('x'.repeat(350))).toBe(100);
  });

  it('charges a fixed cost per image, or none when asked', () => {
    const image = { type: 'image' as const, mediaType: 'image/png' as const, dataBase64: 'A'.repeat(100_000) };
    expect(estimateContentTokens(image)).toBe(IMAGE_TOKENS);
    expect(estimateContentTokens(image, { imageTokens: 0 })).toBe(0);
  });

  it('adds system, tools and per-message overhead', () => {
    const request = {
      system: 'x'.repeat(35),
      tools: [{ name: 'tap', description: 'Tap.', inputSchema: {} }],
      messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'y'.repeat(70) }] }],
    };
    expect(estimateRequestTokens(request)).toBe(10 + estimateTextTokens('tapTap.{}') + MESSAGE_OVERHEAD_TOKENS + 20);
  });
});

describe('looksSilentlyTruncated', () => {
  const prompt = (chars: number) => ({
    system: '',
    tools: [],
    messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'w'.repeat(chars) }] }],
  });

  it('flags a count that reached the configured window', () => {
    expect(looksSilentlyTruncated({ reportedPromptTokens: 2048, request: prompt(100), contextWindow: 2048 })).toBe(
      true,
    );
    expect(looksSilentlyTruncated({ reportedPromptTokens: 2047, request: prompt(100), contextWindow: 2048 })).toBe(
      false,
    );
  });

  it('flags a count far below a large estimate', () => {
    // About 10 000 tokens sent, 2 000 seen.
    expect(looksSilentlyTruncated({ reportedPromptTokens: 2000, request: prompt(35_000) })).toBe(true);
    expect(looksSilentlyTruncated({ reportedPromptTokens: 7000, request: prompt(35_000) })).toBe(false);
  });

  it('does not judge small prompts, prompts well inside a known window, or zero counts', () => {
    expect(looksSilentlyTruncated({ reportedPromptTokens: 10, request: prompt(2000) })).toBe(false);
    // A cached prefix can make a count small; far from the window that is not truncation.
    expect(looksSilentlyTruncated({ reportedPromptTokens: 500, request: prompt(35_000), contextWindow: 128_000 })).toBe(
      false,
    );
    expect(looksSilentlyTruncated({ reportedPromptTokens: 0, request: prompt(35_000) })).toBe(false);
  });

  it('leaves images out of the comparison', () => {
    const withImages = {
      ...prompt(100),
      messages: [
        {
          role: 'user' as const,
          content: Array.from({ length: 10 }, () => ({
            type: 'image' as const,
            mediaType: 'image/png' as const,
            dataBase64: 'A',
          })),
        },
      ],
    };
    expect(looksSilentlyTruncated({ reportedPromptTokens: 700, request: withImages })).toBe(false);
  });
});
