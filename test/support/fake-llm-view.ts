// What the model was sent, read back from either protocol into one neutral shape, so a test
// (or a scripted "model" in respond()) can ask "which tools, which system prompt, what did the
// last tool return, was there an image" without caring which provider was on the wire.
import type { LlmContent, LlmMessage } from '../../src/core/ports/llm.js';
import type { Protocol } from './fake-llm-replies.js';

export interface FakeLlmView {
  protocol: Protocol;
  model: string;
  system: string;
  tools: { name: string; description: string; inputSchema: unknown }[];
  maxOutputTokens?: number;
  /** The transcript in port terms (tool messages folded back into user turns). */
  messages: LlmMessage[];
  toolResults: Extract<LlmContent, { type: 'tool_result' }>[];
  /** The last tool result sent: usually the screen the model is meant to react to. */
  lastToolResult?: Extract<LlmContent, { type: 'tool_result' }>;
  /** All text of the last user turn, joined. */
  lastUserText: string;
  images: Extract<LlmContent, { type: 'image' }>[];
}

// Wire bodies are whatever the client sent; read them loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export function viewRequest(protocol: Protocol, body: Loose): FakeLlmView {
  const parsed = protocol === 'anthropic' ? fromAnthropic(body) : fromOpenAi(body);
  const all = parsed.messages.flatMap((message) => message.content);
  const toolResults = all.filter(
    (part): part is Extract<LlmContent, { type: 'tool_result' }> => part.type === 'tool_result',
  );
  const lastUser = [...parsed.messages].reverse().find((message) => message.role === 'user');
  const view: FakeLlmView = {
    protocol,
    model: String(body?.model ?? ''),
    ...parsed,
    toolResults,
    lastUserText: (lastUser?.content ?? []).flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n'),
    images: all.filter((part): part is Extract<LlmContent, { type: 'image' }> => part.type === 'image'),
  };
  if (toolResults.length > 0) view.lastToolResult = toolResults[toolResults.length - 1]!;
  return view;
}

function fromAnthropic(body: Loose) {
  const messages: LlmMessage[] = (body?.messages ?? []).map((message: Loose) => ({
    role: message.role,
    content: (typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content).map(
      anthropicBlock,
    ),
  }));
  return {
    system:
      typeof body?.system === 'string'
        ? body.system
        : (body?.system ?? []).map((block: Loose) => block.text).join('\n'),
    tools: (body?.tools ?? []).map((tool: Loose) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.input_schema,
    })),
    messages,
    ...(typeof body?.max_tokens === 'number' ? { maxOutputTokens: body.max_tokens } : {}),
  };
}

function anthropicBlock(block: Loose): LlmContent {
  switch (block.type) {
    case 'image':
      return { type: 'image', mediaType: block.source.media_type, dataBase64: block.source.data };
    case 'tool_use':
      return { type: 'tool_call', id: block.id, name: block.name, argumentsJson: JSON.stringify(block.input) };
    case 'tool_result': {
      const content =
        typeof block.content === 'string'
          ? block.content
          : (block.content ?? []).map((part: Loose) => part.text ?? '').join('');
      return { type: 'tool_result', callId: block.tool_use_id, content, ...(block.is_error ? { isError: true } : {}) };
    }
    default:
      return { type: 'text', text: String(block.text ?? '') };
  }
}

function fromOpenAi(body: Loose) {
  const messages: LlmMessage[] = [];
  let system = '';
  for (const message of body?.messages ?? []) {
    if (message.role === 'system' || message.role === 'developer') {
      system += (system ? '\n' : '') + textOf(message.content);
    } else if (message.role === 'assistant') {
      messages.push({ role: 'assistant', content: openAiAssistant(message) });
    } else {
      // A tool message, or a user message that may follow tool messages: one user turn.
      const parts: LlmContent[] =
        message.role === 'tool'
          ? [{ type: 'tool_result', callId: message.tool_call_id, content: textOf(message.content) }]
          : openAiUserParts(message.content);
      const previous = messages[messages.length - 1];
      const joinsPrevious = previous?.role === 'user' && previous.content.every((part) => part.type === 'tool_result');
      if (joinsPrevious) previous.content.push(...parts);
      else messages.push({ role: 'user', content: parts });
    }
  }
  const maxOutputTokens = body?.max_completion_tokens ?? body?.max_tokens;
  return {
    system,
    tools: (body?.tools ?? []).map((tool: Loose) => ({
      name: tool.function?.name,
      description: tool.function?.description,
      inputSchema: tool.function?.parameters,
    })),
    messages,
    ...(typeof maxOutputTokens === 'number' ? { maxOutputTokens } : {}),
  };
}

function openAiAssistant(message: Loose): LlmContent[] {
  const parts: LlmContent[] = [];
  const text = textOf(message.content);
  if (text !== '') parts.push({ type: 'text', text });
  for (const call of message.tool_calls ?? []) {
    parts.push({
      type: 'tool_call',
      id: call.id,
      name: call.function.name,
      argumentsJson: String(call.function.arguments),
    });
  }
  return parts;
}

function openAiUserParts(content: Loose): LlmContent[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return (content ?? []).map((part: Loose): LlmContent => {
    if (part.type !== 'image_url') return { type: 'text', text: String(part.text ?? '') };
    const match = /^data:(image\/(?:png|jpeg));base64,(.*)$/s.exec(String(part.image_url?.url ?? ''));
    return match
      ? { type: 'image', mediaType: match[1] as 'image/png' | 'image/jpeg', dataBase64: match[2]! }
      : { type: 'text', text: `[image url ${part.image_url?.url}]` };
  });
}

function textOf(content: Loose): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part: Loose) => part.text ?? '').join('');
  return '';
}
