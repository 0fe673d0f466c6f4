// A task for an example device: the goal in words, the inputs a script may type, and the
// expected end state (screen, visible texts, variables, records) that says the goal was reached.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import type { VirtualDevice } from './device.js';

// The agent's part of the file (steps, interrupts, retries, limits) is validated by the agent's
// task schema (src/core/agent/task/task-schema.ts); here it is only let through.
export const taskFileSchema = z.strictObject({
  device: z.string(),
  goal: z.string(),
  inputs: z.record(z.string(), z.string()).default({}),
  secrets: z.array(z.string()).optional(),
  steps: z.array(z.unknown()).optional(),
  interrupts: z.array(z.unknown()).optional(),
  retries: z.number().optional(),
  limits: z.unknown().optional(),
  expect: z.strictObject({
    screen: z.string(),
    texts: z.array(z.string()).default([]),
    vars: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
    records: z.record(z.string(), z.number().int()).default({}),
  }),
});

export type TaskFile = z.infer<typeof taskFileSchema>;

export function loadTaskFile(path: string): TaskFile {
  const parsed = taskFileSchema.safeParse(parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path}: not a valid task file: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** What is still missing for the device to be in the task's expected end state (empty = reached). */
export function unmetExpectations(task: TaskFile, device: VirtualDevice): string[] {
  const problems: string[] = [];
  if (device.screen !== task.expect.screen) problems.push(`screen is ${device.screen}, expected ${task.expect.screen}`);
  // Joined with spaces so a sentence wrapped over two lines still counts as shown.
  const shown = device.groundTruth().texts.map((t) => t.text).join(' ');
  for (const text of task.expect.texts) if (!shown.includes(text)) problems.push(`text "${text}" is not on screen`);
  for (const [name, value] of Object.entries(task.expect.vars)) if (device.vars[name] !== value) problems.push(`${name} is ${String(device.vars[name])}, expected ${String(value)}`);
  for (const [name, count] of Object.entries(task.expect.records)) if ((device.records[name] ?? 0) !== count) problems.push(`${name} recorded ${device.records[name] ?? 0} times, expected ${count}`);
  return problems;
}
