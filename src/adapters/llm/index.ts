// The public face of the LLM adapters: the factory, its config, the estimator the loop uses
// for its context budget, and the adapters themselves for tests that build one directly.
export { createLlm, type Llm, type LlmDependencies } from './create-llm.js';
export {
  llmConfigSchema,
  resolveLlmConfig,
  LlmConfigError,
  ENV_OVERRIDES,
  type LlmConfigInput,
  type ResolvedLlmConfig,
} from '../../config/llm-section.js';
export {
  estimateRequestTokens,
  estimateMessageTokens,
  estimateContentTokens,
  estimateTextTokens,
  CHARS_PER_TOKEN,
  IMAGE_TOKENS,
} from './token-estimate.js';
export type { LlmAdapterOptions } from './adapter-options.js';
export type { RetryEvent } from './retry.js';
export type { Sleep } from './sleep.js';
export { AnthropicLlm } from './anthropic-llm.js';
export { OpenAiCompatibleLlm } from './openai-compatible-llm.js';
