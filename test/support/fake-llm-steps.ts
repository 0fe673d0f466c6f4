// What a scripted fake model can do on one call. Provider-neutral: the server renders each step
// in the protocol the request came in on (see fake-llm-replies.ts).

export interface FakeToolCall {
  name: string;
  /** An object is sent as JSON; a string is sent raw (OpenAI only: it may be invalid JSON). */
  arguments: Record<string, unknown> | string;
  /** Generated when absent. */
  id?: string;
}

export interface FakeAnswerStep {
  text?: string;
  toolCalls?: FakeToolCall[];
  /** Overrides the stop reason derived from the content (e.g. 'max_tokens'). */
  stop?: 'end_turn' | 'tool_use' | 'max_tokens';
  /** Reported usage; the input count defaults to a rough size of the request. */
  usage?: { inputTokens?: number; outputTokens?: number };
  /** Leave usage out of the answer entirely (some servers do). */
  omitUsage?: boolean;
  /**
   * OpenAI protocol only: answer as Ollama does when the prompt exceeded num_ctx: no error,
   * prompt_tokens equal to num_ctx (the server's `ollamaNumCtx` option unless given here).
   */
  ollamaTruncate?: true | { numCtx: number };
}

export interface FakeErrorStep {
  error: { status: number; body: unknown; headers?: Record<string, string> };
}

export type OverflowDialect = 'anthropic' | 'openai' | 'vllm' | 'llamacpp';

export interface FakeOverflowStep {
  /** The context-overflow error exactly as that server words it. */
  overflow: OverflowDialect;
  promptTokens?: number;
  limitTokens?: number;
}

/** Close the connection without answering: the client sees a network error. */
export interface FakeDropStep {
  dropConnection: true;
}

interface Delay {
  /** Wait this long before answering (for timeout tests). */
  delayMs?: number;
}

export type FakeLlmStep = (FakeAnswerStep | FakeErrorStep | FakeOverflowStep | FakeDropStep) & Delay;

export const DEFAULT_OVERFLOW = { promptTokens: 12_345, limitTokens: 8_192 };
export const DEFAULT_OLLAMA_NUM_CTX = 2048;
