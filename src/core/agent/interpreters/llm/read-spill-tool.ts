// read_spill: the model's way to page through a tool result that was cut to save context.
// It is answered by the LLM interpreter itself, from its spill store: it touches neither the
// device nor the run store, so it needs no guardrail, journal or verification, and a page
// costs no loop step and no fresh look at the device.
import { z } from 'zod';
import type { LlmToolSpec } from '../../../ports/llm.js';
import type { SpillStore } from './spill-store.js';

export const READ_SPILL = 'read_spill';
const MAX_PAGE_CHARS = 8000;

const readSpillInput = z
  .object({
    id: z.string().min(1).max(40).describe('the spill id quoted in the cut result, like "spill-3"'),
    offset: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe('the character to start from, as the cut note or the previous page says'),
    max_chars: z.number().int().min(200).max(MAX_PAGE_CHARS).default(4000).describe('how many characters at most'),
  })
  .strict();

export function readSpillSpec(): LlmToolSpec {
  return {
    name: READ_SPILL,
    description: [
      'Read more of a tool result that was cut to save context.',
      'A cut result says its id and the offset to read from; each page says where the next one starts.',
      'Read only what you need for the goal: every page takes room in your context.',
    ].join(' '),
    inputSchema: z.toJSONSchema(readSpillInput, { io: 'input' }) as Record<string, unknown>,
  };
}

export interface SpillAnswer {
  content: string;
  isError: boolean;
}

/** The tool result for one read_spill call; `pageLimit` keeps a page under the result cap. */
export function answerReadSpill(argumentsJson: string, spills: SpillStore, pageLimit: number): SpillAnswer {
  let raw: unknown;
  try {
    raw = JSON.parse(argumentsJson || '{}');
  } catch {
    return {
      content: 'status: unparseable_arguments\nThe arguments are not valid JSON. Send {"id": "spill-1", "offset": 0}.',
      isError: true,
    };
  }
  const parsed = readSpillInput.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`)
      .join('; ');
    return { content: `status: invalid_arguments\n${problems}. Send {"id": "spill-1", "offset": 0}.`, isError: true };
  }
  const { id, offset, max_chars: maxChars } = parsed.data;
  const page = spills.read(id, offset, Math.min(maxChars, pageLimit));
  if (typeof page === 'string') return { content: `status: not_found\n${page}`, isError: true };
  const more =
    page.end < page.total
      ? `\n[${page.total - page.end} more characters: call read_spill with id="${id}" offset=${page.end}]`
      : '\n[end of this result]';
  return {
    content: `status: ok\n[${id}, characters ${page.offset} to ${page.end} of ${page.total}:]\n${page.text}${more}`,
    isError: false,
  };
}
