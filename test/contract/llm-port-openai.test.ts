import { OpenAiCompatibleLlm } from '../../src/adapters/llm/openai-compatible-llm.js';
import { describeLlmPortContract } from './llm-port.contract.js';

describeLlmPortContract('OpenAI-compatible chat completions adapter', {
  protocol: 'openai',
  create: (baseUrl, overrides) =>
    new OpenAiCompatibleLlm({
      baseUrl,
      model: 'test-model',
      apiKeyEnv: 'OPENAI_API_KEY',
      timeoutMs: 5000,
      maxRetries: 3,
      sendImages: true,
      ...overrides,
    }),
  rawArgumentsFromModel: true,
  detectsSilentTruncation: true,
  expectedHeaders: { authorization: 'Bearer test-key' },
});
