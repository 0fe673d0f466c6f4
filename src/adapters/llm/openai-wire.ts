// The slice of OpenAI chat completions we speak, as OpenAI, Ollama (/v1), llama.cpp's server
// and vLLM all accept it. Responses are checked loosely: the local servers differ in details
// (missing ids, arguments as an object, no usage), and we take what is there.
import { z } from 'zod';

export type OpenAiContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface OpenAiToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type OpenAiMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | OpenAiContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: OpenAiToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface OpenAiTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface OpenAiRequest {
  model: string;
  messages: OpenAiMessage[];
  tools?: OpenAiTool[];
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  stream: false;
}

const responseToolCall = z.object({
  id: z.string().nullish(),
  function: z.object({ name: z.string(), arguments: z.unknown() }),
});

const responseContent = z
  .union([z.string(), z.array(z.object({ type: z.string(), text: z.string().optional() }))])
  .nullish();

export const openAiResponseSchema = z.object({
  model: z.string().nullish(),
  choices: z
    .array(
      z.object({
        message: z.object({ content: responseContent, tool_calls: z.array(responseToolCall).nullish() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).nullish(),
});

export type OpenAiResponse = z.infer<typeof openAiResponseSchema>;
