// LlmPort over the Anthropic Messages API: POST {baseUrl}/v1/messages.
import type { LlmPort, LlmRequest, LlmResponse } from '../../core/ports/llm.js';
import { joinUrl, type LlmAdapterOptions } from './adapter-options.js';
import { sendRequest } from './send-request.js';
import { estimateRequestTokens } from './token-estimate.js';
import { requestToSend } from './without-images.js';
import { ANTHROPIC_VERSION, anthropicResponseSchema } from './anthropic-wire.js';
import { fromAnthropicResponse } from './from-anthropic-response.js';
import { toAnthropicRequest } from './to-anthropic-request.js';

export const ANTHROPIC_PROVIDER = 'anthropic';

export class AnthropicLlm implements LlmPort {
  readonly contextWindow?: number;

  constructor(private readonly options: LlmAdapterOptions) {
    if (options.contextWindow !== undefined) this.contextWindow = options.contextWindow;
  }

  describe(): string {
    return `Anthropic ${this.options.model} at ${this.options.baseUrl}`;
  }

  /** Our guess at the prompt's size, before the provider reports usage. */
  estimateTokens(request: LlmRequest): number {
    return estimateRequestTokens(request);
  }

  async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
    const sent = requestToSend(request, this.options);
    const wire = await sendRequest({
      provider: ANTHROPIC_PROVIDER,
      url: joinUrl(this.options.baseUrl, 'v1/messages'),
      headers: this.headers(),
      body: toAnthropicRequest(sent, this.options.model),
      schema: anthropicResponseSchema,
      options: this.options,
      ...(signal ? { signal } : {}),
    });
    return fromAnthropicResponse(wire);
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { 'anthropic-version': ANTHROPIC_VERSION };
    if (this.options.apiKey) headers['x-api-key'] = this.options.apiKey;
    return headers;
  }
}
