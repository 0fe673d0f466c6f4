// Renders a scripted step as each provider would answer: status, headers and JSON body.
// The overflow bodies quote the servers' real wording; keep them verbatim when updating.
import { DEFAULT_OVERFLOW, type FakeAnswerStep, type FakeOverflowStep, type FakeToolCall } from './fake-llm-steps.js';

export type Protocol = 'anthropic' | 'openai';

export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface AnswerContext {
  model: string;
  /** A rough prompt size for default usage. */
  defaultInputTokens: number;
  nextId: (prefix: string) => string;
  ollamaNumCtx: number;
}

export function overflowReply(step: FakeOverflowStep): FakeReply {
  const prompt = step.promptTokens ?? DEFAULT_OVERFLOW.promptTokens;
  const limit = step.limitTokens ?? DEFAULT_OVERFLOW.limitTokens;
  switch (step.overflow) {
    case 'anthropic':
      return {
        status: 400,
        body: {
          type: 'error',
          error: { type: 'invalid_request_error', message: `prompt is too long: ${prompt} tokens > ${limit} maximum` },
        },
      };
    case 'openai':
      return {
        status: 400,
        body: {
          error: {
            message: `This model's maximum context length is ${limit} tokens. However, your messages resulted in ${prompt} tokens. Please reduce the length of the messages.`,
            type: 'invalid_request_error',
            param: 'messages',
            code: 'context_length_exceeded',
          },
        },
      };
    case 'vllm': {
      const completion = 1000;
      return {
        status: 400,
        body: {
          object: 'error',
          message: `This model's maximum context length is ${limit} tokens. However, you requested ${prompt + completion} tokens (${prompt} in the messages, ${completion} in the completion). Please reduce the length of the messages or completion.`,
          type: 'BadRequestError',
          param: null,
          code: 400,
        },
      };
    }
    case 'llamacpp':
      return {
        status: 400,
        body: {
          error: {
            code: 400,
            message: 'the request exceeds the available context size, try increasing it',
            type: 'exceed_context_size_error',
            n_prompt_tokens: prompt,
            n_ctx: limit,
          },
        },
      };
  }
}

export function anthropicAnswer(step: FakeAnswerStep, context: AnswerContext): FakeReply {
  const content: unknown[] = [];
  if (step.text !== undefined) content.push({ type: 'text', text: step.text });
  for (const call of step.toolCalls ?? []) {
    const input = typeof call.arguments === 'string' ? parseObject(call.arguments) : call.arguments;
    if (input === undefined) {
      return {
        status: 400,
        body: {
          type: 'error',
          error: {
            type: 'invalid_request_error',
            message:
              'fake-llm-server: the Anthropic protocol cannot carry unparseable tool input; script raw strings for OpenAI only',
          },
        },
      };
    }
    content.push({ type: 'tool_use', id: call.id ?? context.nextId('toolu_fake_'), name: call.name, input });
  }
  const stop = step.stop ?? (step.toolCalls?.length ? 'tool_use' : 'end_turn');
  const body: Record<string, unknown> = {
    id: context.nextId('msg_fake_'),
    type: 'message',
    role: 'assistant',
    model: context.model,
    content,
    stop_reason: stop,
    stop_sequence: null,
  };
  if (!step.omitUsage)
    body.usage = {
      input_tokens: step.usage?.inputTokens ?? context.defaultInputTokens,
      output_tokens: step.usage?.outputTokens ?? outputTokens(step),
    };
  return { status: 200, body };
}

export function openAiAnswer(step: FakeAnswerStep, context: AnswerContext): FakeReply {
  const toolCalls = (step.toolCalls ?? []).map((call: FakeToolCall) => ({
    id: call.id ?? context.nextId('call_fake_'),
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    },
  }));
  const message: Record<string, unknown> = { role: 'assistant', content: step.text ?? null };
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  const stop = step.stop ?? (toolCalls.length > 0 ? 'tool_use' : 'end_turn');
  const finishReason = { end_turn: 'stop', tool_use: 'tool_calls', max_tokens: 'length' }[stop];
  const truncatedTo =
    step.ollamaTruncate === undefined
      ? undefined
      : step.ollamaTruncate === true
        ? context.ollamaNumCtx
        : step.ollamaTruncate.numCtx;
  const promptTokens = truncatedTo ?? step.usage?.inputTokens ?? context.defaultInputTokens;
  const completionTokens = step.usage?.outputTokens ?? outputTokens(step);
  const body: Record<string, unknown> = {
    id: context.nextId('chatcmpl-fake-'),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: context.model,
    choices: [{ index: 0, message, finish_reason: finishReason }],
  };
  if (!step.omitUsage)
    body.usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    };
  return { status: 200, body };
}

function outputTokens(step: FakeAnswerStep): number {
  const size = (step.text ?? '').length + JSON.stringify(step.toolCalls ?? []).length;
  return Math.max(1, Math.ceil(size / 4));
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
