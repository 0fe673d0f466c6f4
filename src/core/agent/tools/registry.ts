// The tools the agent has: small, non-overlapping, and listed once. The model sees each one's
// name, description and JSON Schema (generated from the same zod schema that validates calls).
import { z } from 'zod';
import type { LlmToolSpec } from '../../ports/llm.js';
import { pressKey, tapPoint, tapText, typeText } from './action-tools.js';
import { GESTURE_TOOLS } from './gesture-tools.js';
import { findTextTool, readScreen } from './screen-tools.js';
import { handOver, readNote, recordFinding, submitResult, waitFor, writeNote } from './session-tools.js';
import type { Tool } from './tool.js';
import { explore } from '../explore/explore-tool.js';

export const ALL_TOOLS: readonly Tool[] = [
  readScreen,
  findTextTool,
  tapText,
  tapPoint,
  typeText,
  pressKey,
  ...GESTURE_TOOLS,
  waitFor,
  writeNote,
  readNote,
  recordFinding,
  handOver,
  submitResult,
  explore,
];

export class ToolRegistry {
  private readonly byName: Map<string, Tool>;

  constructor(readonly tools: readonly Tool[] = ALL_TOOLS) {
    this.byName = new Map(tools.map((tool) => [tool.name, tool]));
  }

  get(name: string): Tool | undefined {
    return this.byName.get(name);
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }

  specs(): LlmToolSpec[] {
    return this.tools.map((tool) => {
      // The $schema URL says nothing to a model and costs about 15 tokens per tool on every request.
      const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(tool.input, { io: 'input' }) as Record<
        string,
        unknown
      >;
      return { name: tool.name, description: tool.description, inputSchema };
    });
  }
}
