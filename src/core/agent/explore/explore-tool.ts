// The parent's explore tool: a sub-run with a fresh context and its own step budget (counted
// against the parent's), read-mostly tools, and a capped report as the only thing that comes back.
import { z } from 'zod';
import { defineInfoTool } from '../tools/tool.js';

export const EXPLORE_DEFAULT_STEPS = 10;

export const explore = defineInfoTool({
  name: 'explore',
  description:
    'Send a helper to look around the app ("find where the Bluetooth setting lives"): it taps through and goes back, never types or changes anything, and reports what it found, its path of taps and the screen it ended on. Its steps come from your budget; look again before acting.',
  input: z
    .object({
      goal: z.string().min(5).max(500),
      max_steps: z.number().int().min(1).max(30).default(EXPLORE_DEFAULT_STEPS),
    })
    .strict(),
  // A sub-run is bounded by its own budget and the run's deadline, not by a tool timeout.
  timeoutMs: 30 * 60 * 1000,
  async run(args, context) {
    if (!context.explore)
      return {
        status: 'error',
        content:
          'explore is not available in this run (no model for a sub-run). Look around yourself with read_screen and taps.',
      };
    return context.explore(args.goal, args.max_steps);
  },
});
