// The LLM port: one provider-neutral shape for tool-calling chat, implemented by the Anthropic
// Messages adapter and the OpenAI-compatible chat-completions adapter (OpenAI, Ollama,
// llama.cpp, vLLM). Pure types.

/** JSON Schema as the model sees it (generated from each tool's zod schema). */
export type JsonSchema = Record<string, unknown>;

export interface LlmToolSpec {
  name: string;
  /** Written as a prompt: when to use the tool, what it returns, what to do next. */
  description: string;
  inputSchema: JsonSchema;
}

export type LlmContent =
  | { type: 'text'; text: string }
  | { type: 'image'; mediaType: 'image/jpeg' | 'image/png'; dataBase64: string }
  /** A tool call as the model made it. `argumentsJson` is kept raw: it may not even parse. */
  | { type: 'tool_call'; id: string; name: string; argumentsJson: string }
  | { type: 'tool_result'; callId: string; content: string; isError?: boolean };

export interface LlmMessage {
  role: 'user' | 'assistant';
  content: LlmContent[];
}

export interface LlmRequest {
  system: string;
  messages: LlmMessage[];
  tools: LlmToolSpec[];
  maxOutputTokens: number;
  temperature?: number;
}

export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface LlmResponse {
  /** Text and tool calls, in the order the model produced them. */
  content: Extract<LlmContent, { type: 'text' } | { type: 'tool_call' }>[];
  stopReason: 'end_turn' | 'tool_use' | 'max_tokens' | 'other';
  usage: LlmUsage;
  model: string;
  /**
   * Set when the server answered but evidently read less of the prompt than was sent (Ollama
   * truncates an over-long prompt to num_ctx without an error). The answer is then based on a
   * partial transcript: treat it like a context overflow (compress, or switch session).
   */
  truncatedPrompt?: boolean;
}

/**
 * What went wrong, as data the loop can act on. `context_overflow` distinguishes the prompt
 * as a whole being too long from nothing else being wrong (the caller compresses and retries).
 */
export type LlmErrorKind =
  'auth' | 'rate_limit' | 'server' | 'context_overflow' | 'bad_request' | 'network' | 'timeout';

/** Numbers a provider put in its error, when it did (context overflows carry the sizes). */
export interface LlmErrorDetails {
  /** How long the prompt was, in the provider's tokens. */
  promptTokens?: number;
  /** The most the model accepts, in the provider's tokens. */
  limitTokens?: number;
}

export class LlmError extends Error {
  readonly promptTokens?: number;
  readonly limitTokens?: number;

  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
    readonly provider?: string,
    details: LlmErrorDetails = {},
  ) {
    super(message);
    this.name = 'LlmError';
    if (details.promptTokens !== undefined) this.promptTokens = details.promptTokens;
    if (details.limitTokens !== undefined) this.limitTokens = details.limitTokens;
  }

  /** Worth trying again after a pause, with the same request. */
  get retryable(): boolean {
    return this.kind === 'rate_limit' || this.kind === 'server' || this.kind === 'network' || this.kind === 'timeout';
  }
}

export interface LlmPort {
  complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse>;
  /** The model's context window in tokens, when known (from config or the provider). */
  readonly contextWindow?: number;
  describe(): string;
}
