// LlmPort over OpenAI-compatible chat completions: POST {baseUrl}/chat/completions, for
// OpenAI (https://api.openai.com/v1), Ollama (:11434/v1), llama.cpp's server (:8080/v1) and
// vLLM (:8000/v1). The same code talks to all four; the differences are smoothed in the
// response mapping and in silent-truncation detection (Ollama).
import type { LlmPort, LlmRequest, LlmResponse } from '../../core/ports/llm.js';
import { joinUrl, type LlmAdapterOptions } from './adapter-options.js';
import { sendRequest } from './send-request.js';
import { looksSilentlyTruncated } from './silent-truncation.js';
import { estimateRequestTokens, estimateTextTokens } from './token-estimate.js';
import { requestToSend } from './without-images.js';
import { fromOpenAiResponse } from './from-openai-response.js';
import { openAiResponseSchema } from './openai-wire.js';
import { toOpenAiRequest } from './to-openai-request.js';

export const OPENAI_COMPATIBLE_PROVIDER = 'openai-compatible';

export class OpenAiCompatibleLlm implements LlmPort {
  readonly contextWindow?: number;

  constructor(private readonly options: LlmAdapterOptions) {
    if (options.contextWindow !== undefined) this.contextWindow = options.contextWindow;
  }

  describe(): string {
    return `OpenAI-compatible ${this.options.model} at ${this.options.baseUrl}`;
  }

  /** Our guess at the prompt's size, before the provider reports usage. */
  estimateTokens(request: LlmRequest): number {
    return estimateRequestTokens(request);
  }

  async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
    const sent = requestToSend(request, this.options);
    const wire = await sendRequest({
      provider: OPENAI_COMPATIBLE_PROVIDER,
      url: joinUrl(this.options.baseUrl, 'chat/completions'),
      headers: this.headers(),
      body: toOpenAiRequest(sent, {
        model: this.options.model,
        maxTokensField: maxTokensFieldFor(this.options.baseUrl),
      }),
      schema: openAiResponseSchema,
      options: this.options,
      ...(signal ? { signal } : {}),
    });
    const parsed = fromOpenAiResponse(wire, this.options.model);
    const response: LlmResponse = {
      ...parsed.response,
      usage: parsed.usage ?? this.estimatedUsage(sent, parsed.response),
    };
    if (
      parsed.usage &&
      looksSilentlyTruncated({ reportedPromptTokens: parsed.usage.inputTokens, request: sent, ...this.window() })
    ) {
      response.truncatedPrompt = true;
    }
    return response;
  }

  private headers(): Record<string, string> {
    return this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {};
  }

  private window(): { contextWindow?: number } {
    return this.contextWindow !== undefined ? { contextWindow: this.contextWindow } : {};
  }

  /**
   * A server that reports no usage gets our own estimate: the loop then "corrects" its budget
   * with its own guess, which changes nothing, instead of with a zero.
   */
  private estimatedUsage(request: LlmRequest, response: Omit<LlmResponse, 'usage'>): LlmResponse['usage'] {
    const output = response.content.reduce(
      (sum, part) => sum + estimateTextTokens(part.type === 'text' ? part.text : part.argumentsJson),
      0,
    );
    return { inputTokens: estimateRequestTokens(request), outputTokens: output };
  }
}

/** Only OpenAI itself insists on max_completion_tokens; everything else knows max_tokens. */
export function maxTokensFieldFor(baseUrl: string): 'max_tokens' | 'max_completion_tokens' {
  try {
    return new URL(baseUrl).hostname === 'api.openai.com' ? 'max_completion_tokens' : 'max_tokens';
  } catch {
    return 'max_tokens';
  }
}
