// Tools only a flow's script calls (the LLM's tool list leaves them out): the screenshot step.
import { z } from 'zod';
import { defineInfoTool } from './tool.js';

export const takeScreenshot = defineInfoTool({
  name: 'take_screenshot',
  description: "Keep the current camera picture in the run's record under a name; the run report shows it.",
  input: z.object({ name: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,47}$/) }).strict(),
  timeoutMs: 15000,
  async run(args, context) {
    if (!context.keepScreenshot)
      return { status: 'error', content: 'This bench keeps no screenshots (no record to keep them in).' };
    const observation = await context.observe();
    const where = await context.keepScreenshot(args.name, observation);
    return { status: 'ok', content: `Kept screenshot "${args.name}" (${where}).`, data: { name: args.name, where } };
  },
});

/** Tools for the script interpreter: every tool plus these. */
export const FLOW_TOOLS = [takeScreenshot] as const;
