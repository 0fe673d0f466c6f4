import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnthropicLlm } from '../../../src/adapters/llm/anthropic-llm.js';
import { OpenAiCompatibleLlm } from '../../../src/adapters/llm/openai-compatible-llm.js';
import { createLlm } from '../../../src/adapters/llm/create-llm.js';
import { isLocalAddress } from '../../../src/config/local-address.js';
import { LlmConfigError, resolveLlmConfig } from '../../../src/config/llm-section.js';
import { FakeLlmServer } from '../../support/fake-llm-server.js';

function problems(action: () => unknown): string[] {
  try {
    action();
  } catch (error) {
    if (error instanceof LlmConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected an LlmConfigError');
}

describe('resolveLlmConfig', () => {
  it('fills provider defaults for base URL, key variable, timeout, retries and images', () => {
    expect(resolveLlmConfig({ provider: 'anthropic', model: 'claude-x' }, { ANTHROPIC_API_KEY: 'k' })).toEqual({
      provider: 'anthropic',
      baseUrl: 'https://api.anthropic.com',
      model: 'claude-x',
      apiKeyEnv: 'ANTHROPIC_API_KEY',
      apiKey: 'k',
      timeoutMs: 120_000,
      maxRetries: 3,
      sendImages: true,
    });
    expect(
      resolveLlmConfig(
        { provider: 'openai-compatible', model: 'gpt', contextWindow: 128_000 },
        { OPENAI_API_KEY: 'k' },
      ),
    ).toMatchObject({
      baseUrl: 'https://api.openai.com/v1',
      apiKeyEnv: 'OPENAI_API_KEY',
      contextWindow: 128_000,
    });
  });

  it('names the field, the rule, the value and what to do', () => {
    const found = problems(() =>
      resolveLlmConfig({ provider: 'ollama', model: '', timeoutMs: 60, baseUrl: 'localhost:11434' }, {}),
    );
    expect(found).toHaveLength(4);
    expect(found.find((line) => line.startsWith('llm.provider'))).toMatch(/"ollama".*openai-compatible/);
    expect(found.find((line) => line.startsWith('llm.timeoutMs'))).toMatch(/>=\s*1000.*got 60.*milliseconds/);
    expect(found.find((line) => line.startsWith('llm.baseUrl'))).toMatch(
      /http:\/\/ or https:\/\/.*got "localhost:11434".*11434\/v1/,
    );
    expect(found.find((line) => line.startsWith('llm.model'))).toMatch(/must not be empty/);
  });

  it('reports missing required fields and unknown keys', () => {
    const found = problems(() => resolveLlmConfig({ provider: 'anthropic', modle: 'claude' }, {}));
    expect(found).toContainEqual(expect.stringMatching(/^llm\.model: is required \(got nothing\)/));
    expect(found).toContainEqual(expect.stringMatching(/unknown key "modle"/));
    expect(problems(() => resolveLlmConfig('anthropic', {}))[0]).toMatch(/must be an object/);
  });

  it('lets BENCHHAND_LLM_* replace provider, base URL and model, and says when a bad value came from there', () => {
    const env = {
      BENCHHAND_LLM_PROVIDER: 'openai-compatible',
      BENCHHAND_LLM_BASE_URL: 'http://localhost:11434/v1',
      BENCHHAND_LLM_MODEL: 'qwen2.5:7b',
    };
    expect(resolveLlmConfig({ provider: 'anthropic', model: 'claude-x' }, env)).toMatchObject({
      provider: 'openai-compatible',
      baseUrl: 'http://localhost:11434/v1',
      model: 'qwen2.5:7b',
    });
    expect(
      problems(() => resolveLlmConfig({ provider: 'anthropic', model: 'm' }, { BENCHHAND_LLM_PROVIDER: 'gemini' }))[0],
    ).toMatch(/^llm\.provider \(from BENCHHAND_LLM_PROVIDER\)/);
  });

  it('requires a key at creation for hosted servers and names the variable', () => {
    const [anthropic] = problems(() => resolveLlmConfig({ provider: 'anthropic', model: 'm' }, {}));
    expect(anthropic).toMatch(/ANTHROPIC_API_KEY is not set.*Export ANTHROPIC_API_KEY=/);
    const [custom] = problems(() =>
      resolveLlmConfig(
        {
          provider: 'openai-compatible',
          model: 'm',
          baseUrl: 'https://openrouter.ai/api/v1',
          apiKeyEnv: 'OPENROUTER_KEY',
        },
        {},
      ),
    );
    expect(custom).toMatch(/OPENROUTER_KEY is not set.*requireApiKey/);
  });

  it('needs no key for local servers, and sends one when it is set', () => {
    for (const baseUrl of [
      'http://localhost:11434/v1',
      'http://127.0.0.1:8080/v1',
      'http://192.168.1.20:8000/v1',
      'http://gpu-box:8000/v1',
    ]) {
      expect(resolveLlmConfig({ provider: 'openai-compatible', model: 'm', baseUrl }, {}).apiKey).toBeUndefined();
    }
    expect(
      resolveLlmConfig(
        { provider: 'openai-compatible', model: 'm', baseUrl: 'http://localhost:8000/v1' },
        { OPENAI_API_KEY: 'vllm-key' },
      ).apiKey,
    ).toBe('vllm-key');
    expect(() =>
      resolveLlmConfig(
        { provider: 'openai-compatible', model: 'm', baseUrl: 'http://localhost:8000/v1', requireApiKey: true },
        {},
      ),
    ).toThrow(LlmConfigError);
    expect(
      resolveLlmConfig(
        { provider: 'openai-compatible', model: 'm', baseUrl: 'https://vllm.example.com/v1', requireApiKey: false },
        {},
      ).apiKey,
    ).toBeUndefined();
  });
});

describe('isLocalAddress', () => {
  it('tells the bench network from the internet', () => {
    expect(
      [
        'http://localhost:1',
        'http://[::1]:8080',
        'http://10.0.0.5',
        'http://172.20.1.1',
        'http://pi.local',
        'http://gpu-box',
      ].map(isLocalAddress),
    ).toEqual([true, true, true, true, true, true]);
    expect(
      ['https://api.openai.com/v1', 'http://172.32.0.1', 'http://8.8.8.8', 'not a url'].map(isLocalAddress),
    ).toEqual([false, false, false, false]);
  });
});

describe('createLlm', () => {
  let fake: FakeLlmServer;
  beforeAll(async () => {
    fake = await FakeLlmServer.start();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('builds the adapter the provider names, ready to talk', async () => {
    const anthropic = createLlm(
      { provider: 'anthropic', model: 'claude-x', baseUrl: fake.baseUrl('anthropic'), contextWindow: 200_000 },
      { env: { ANTHROPIC_API_KEY: 'secret' } },
    );
    expect(anthropic).toBeInstanceOf(AnthropicLlm);
    expect(anthropic.contextWindow).toBe(200_000);
    expect(anthropic.describe()).toBe(`Anthropic claude-x at ${fake.url}`);
    fake.script([{ text: 'hello' }]);
    const response = await anthropic.complete({
      system: 's',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      tools: [],
      maxOutputTokens: 10,
    });
    expect(response.content).toEqual([{ type: 'text', text: 'hello' }]);
    expect(fake.requests.at(-1)!.headers['x-api-key']).toBe('secret');

    const local = createLlm(
      { provider: 'openai-compatible', model: 'qwen', baseUrl: fake.baseUrl('openai') },
      { env: {} },
    );
    expect(local).toBeInstanceOf(OpenAiCompatibleLlm);
    fake.script([{ text: 'hi' }]);
    await local.complete({
      system: '',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      tools: [],
      maxOutputTokens: 10,
    });
    expect(fake.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('fills in an estimate when the server reports no usage', async () => {
    const local = createLlm(
      { provider: 'openai-compatible', model: 'qwen', baseUrl: fake.baseUrl('openai') },
      { env: {} },
    );
    fake.script([{ text: 'x'.repeat(35), omitUsage: true }]);
    const request = { system: 'y'.repeat(350), messages: [], tools: [], maxOutputTokens: 10 };
    const response = await local.complete(request);
    expect(response.usage).toEqual({ inputTokens: local.estimateTokens(request), outputTokens: 10 });
    expect(response.truncatedPrompt).toBeUndefined();
  });
});
