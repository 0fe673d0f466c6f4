// The slice of the Anthropic Messages API we speak (https://docs.anthropic.com/en/api/messages).
// Requests are typed; responses are checked with zod so a proxy's surprise becomes a clear error.
import { z } from 'zod';

export const ANTHROPIC_VERSION = '2023-06-01';

export type AnthropicBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean };

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicBlock[];
}

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

export interface AnthropicRequest {
  model: string;
  max_tokens: number;
  system?: string;
  messages: AnthropicMessage[];
  tools?: AnthropicTool[];
  temperature?: number;
}

const responseBlock = z.union([
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() }),
  // thinking, redacted_thinking, server tool blocks...: kept out of our transcript.
  z.object({ type: z.string() }),
]);

export const anthropicResponseSchema = z.object({
  model: z.string(),
  content: z.array(responseBlock),
  stop_reason: z.string().nullable(),
  usage: z.object({
    input_tokens: z.number(),
    output_tokens: z.number(),
    cache_creation_input_tokens: z.number().nullable().optional(),
    cache_read_input_tokens: z.number().nullable().optional(),
  }),
});

export type AnthropicResponse = z.infer<typeof anthropicResponseSchema>;
