// Turns a raw tool call into validated arguments, or into an observation the model can act on:
// unknown tool -> the valid names; unparseable -> says so; invalid -> field, rule, value, next step.
import type { z } from 'zod';
import type { Tool } from '../tools/tool.js';
import type { ToolCall, ToolStatus } from '../types.js';

export type ParsedCall =
  { ok: true; tool: Tool; args: unknown } | { ok: false; status: ToolStatus; content: string; args?: unknown };

export function parseCall(
  call: ToolCall,
  lookup: (name: string) => Tool | undefined,
  validNames: string[],
): ParsedCall {
  const tool = lookup(call.name);
  if (!tool) {
    return {
      ok: false,
      status: 'unknown_tool',
      content: `There is no tool "${call.name}". Valid tools: ${validNames.join(', ')}.`,
    };
  }
  let raw: unknown;
  try {
    raw = call.argumentsJson.trim() === '' ? {} : JSON.parse(call.argumentsJson);
  } catch (error) {
    return {
      ok: false,
      status: 'unparseable_arguments',
      content: `The arguments for ${call.name} are not valid JSON (${(error as Error).message}): send one JSON object matching the tool's schema.`,
    };
  }
  const parsed = (tool.input as z.ZodType).safeParse(raw);
  if (parsed.success) return { ok: true, tool, args: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : '(the arguments object)';
  const given = issue.path.reduce<unknown>(
    (value, key) =>
      value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key as PropertyKey] : undefined,
    raw,
  );
  return {
    ok: false,
    status: 'invalid_arguments',
    args: raw,
    content: `Invalid arguments for ${call.name}: field ${field}: ${issue.message}; the value given was ${JSON.stringify(given) ?? 'nothing'}. Fix that field and call ${call.name} again.`,
  };
}
