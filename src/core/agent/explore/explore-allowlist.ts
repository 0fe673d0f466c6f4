// What a sub-run may do: look, move around and go back, never change anything. Chosen by name
// from the parent's tools, so tools that exist on one branch and not another (the gesture tools:
// scroll, swipe, back, home) join as soon as they are registered. Never type_text (so never a
// secret), never notes, findings, hand_over, submit_result or another explore. Taps go through
// the same guard as the parent's, with an approval port that refuses (see sub-run.ts): a tap on
// an element under an approval rule or near one is denied, and forbidden zones refuse as always.
import { z } from 'zod';
import { ToolRegistry } from '../tools/registry.js';
import { defineActionTool, defineInfoTool, type ActionTool, type Tool } from '../tools/tool.js';

export const EXPLORE_TOOL_NAMES = [
  'read_screen',
  'find_text',
  'wait_for',
  'tap_text',
  'tap_point',
  'scroll',
  'swipe',
  'back',
  'home',
  'press_key',
] as const;

/** The only key a sub-run may press: Escape, the phone's back. */
const BACK_KEY = 'ESC';

export const REPORT_EXPLORATION = 'report_exploration';

export const reportExploration = defineInfoTool({
  name: REPORT_EXPLORATION,
  description:
    "End the exploration and report what you found (the setting, the list's items, where it lives). The path of taps and the screen you end on are added for you.",
  input: z
    .object({
      found: z.string().min(1).max(600).describe('what you found, in a few sentences'),
      found_it: z.boolean().describe('true when what you were sent to find is on the screen you end on'),
    })
    .strict(),
  timeoutMs: 5000,
  async run(args) {
    return { status: 'ok', content: 'Reported.', termination: { kind: 'answered', text: JSON.stringify(args) } };
  },
});

/** The sub-run's tools: the allowed ones the parent has, the back-only press_key, and the report. */
export function exploreRegistry(parent: ToolRegistry): ToolRegistry {
  const allowed: Tool[] = EXPLORE_TOOL_NAMES.flatMap((name) => {
    const tool = parent.get(name);
    if (!tool) return [];
    return [name === 'press_key' && tool.kind === 'action' ? backOnly(tool) : tool];
  });
  return new ToolRegistry([...allowed, reportExploration]);
}

function backOnly(pressKey: ActionTool): Tool {
  return defineActionTool({
    name: pressKey.name,
    description: `Press ${BACK_KEY} (the phone's back) — the only key an exploration may press.`,
    input: z.object({ key: z.literal(BACK_KEY) }).strict(),
    timeoutMs: pressKey.timeoutMs,
    plan: (args, context) => pressKey.plan({ key: args.key, mods: [] }, context),
  });
}
