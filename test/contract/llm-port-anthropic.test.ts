import { AnthropicLlm } from '../../src/adapters/llm/anthropic-llm.js';
import { describeLlmPortContract } from './llm-port.contract.js';

describeLlmPortContract('Anthropic Messages adapter', {
  protocol: 'anthropic',
  create: (baseUrl, overrides) =>
    new AnthropicLlm({
      baseUrl,
      model: 'test-model',
      apiKeyEnv: 'ANTHROPIC_API_KEY',
      timeoutMs: 5000,
      maxRetries: 3,
      sendImages: true,
      ...overrides,
    }),
  rawArgumentsFromModel: false,
  detectsSilentTruncation: false,
  expectedHeaders: { 'x-api-key': 'test-key', 'anthropic-version': '2023-06-01' },
});
