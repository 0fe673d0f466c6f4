// The one way the app gets an LLM: validated config in, a ready LlmPort out. A missing key is
// reported here, at start-up, not at the first call halfway through a run.
import type { LlmPort, LlmRequest } from '../../core/ports/llm.js';
import { AnthropicLlm } from './anthropic-llm.js';
import { OpenAiCompatibleLlm } from './openai-compatible-llm.js';
import type { LlmAdapterOptions } from './adapter-options.js';
import { resolveLlmConfig, type ResolvedLlmConfig } from '../../config/llm-section.js';

/** What tests and the composition root may inject; everything has a real default. */
export type LlmDependencies = Pick<LlmAdapterOptions, 'sleep' | 'random' | 'fetch' | 'backoff' | 'onRetry'> & {
  env?: Record<string, string | undefined>;
};

export type Llm = LlmPort & { estimateTokens(request: LlmRequest): number };

export function createLlm(config: unknown, dependencies: LlmDependencies = {}): Llm {
  const { env, ...injected } = dependencies;
  const resolved = resolveLlmConfig(config, env ?? process.env);
  const options = adapterOptions(resolved, injected);
  return resolved.provider === 'anthropic' ? new AnthropicLlm(options) : new OpenAiCompatibleLlm(options);
}

export function adapterOptions(
  resolved: ResolvedLlmConfig,
  injected: Omit<LlmDependencies, 'env'> = {},
): LlmAdapterOptions {
  const { provider: _provider, ...settings } = resolved;
  return { ...settings, ...injected };
}
