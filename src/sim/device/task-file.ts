// A task for an example device: the goal in words, the inputs a script may type, and the
// expected end state (screen, visible texts, variables, records) that says the goal was reached.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { loadYamlWithSchema } from '../../config/yaml-schema.js';
import type { VirtualDevice } from './device.js';
import type { DestructiveRecord, Value } from './state.js';

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
  dismissNotifications: z.unknown().optional(),
  limits: z.unknown().optional(),
  expect: z.strictObject({
    screen: z.string(),
    /** The dialog that must be open at the end, or "none" for no dialog; not checked when absent. */
    dialog: z.string().optional(),
    texts: z.array(z.string()).default([]),
    vars: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
    records: z.record(z.string(), z.number().int()).default({}),
    /** The destructive firings the task asks for (by label or action name, once per entry); any other is unasked. */
    destructive: z.array(z.string()).default([]),
  }),
});

export type TaskFile = z.infer<typeof taskFileSchema>;

export function loadTaskFile(path: string): TaskFile {
  // Each problem names its line, the field and the rule (YamlFileError), never a raw schema dump.
  return loadYamlWithSchema(readFileSync(path, 'utf8'), taskFileSchema, path, 'task file');
}

/** What the device is at one moment, as the bench checks it: enough to judge a task's end state. */
export interface DeviceTruth {
  screen: string;
  dialog?: string;
  vars: Readonly<Record<string, Value>>;
  records: Readonly<Record<string, number>>;
  texts: string[];
  destructive: readonly DestructiveRecord[];
}

export function truthOf(device: VirtualDevice): DeviceTruth {
  return {
    screen: device.screen,
    ...(device.dialog ? { dialog: device.dialog } : {}),
    vars: device.vars,
    records: device.records,
    texts: device.groundTruth().texts.map((t) => t.text),
    destructive: device.destructiveLog,
  };
}

/** What is still missing for the device to be in the task's expected end state (empty = reached). */
export function unmetExpectations(task: TaskFile, device: VirtualDevice | DeviceTruth): string[] {
  const truth = 'groundTruth' in device ? truthOf(device) : device;
  const problems: string[] = [];
  if (truth.screen !== task.expect.screen) problems.push(`screen is ${truth.screen}, expected ${task.expect.screen}`);
  const wantedDialog = task.expect.dialog === 'none' ? undefined : task.expect.dialog;
  if (task.expect.dialog !== undefined && truth.dialog !== wantedDialog)
    problems.push(`dialog is ${truth.dialog ?? 'none'}, expected ${task.expect.dialog}`);
  // Joined with spaces so a sentence wrapped over two lines still counts as shown.
  const shown = truth.texts.join(' ');
  for (const text of task.expect.texts) if (!shown.includes(text)) problems.push(`text "${text}" is not on screen`);
  for (const [name, value] of Object.entries(task.expect.vars))
    if (truth.vars[name] !== value) problems.push(`${name} is ${String(truth.vars[name])}, expected ${String(value)}`);
  for (const [name, count] of Object.entries(task.expect.records))
    if ((truth.records[name] ?? 0) !== count)
      problems.push(`${name} recorded ${truth.records[name] ?? 0} times, expected ${count}`);
  return problems;
}

/** The destructive firings the task did not ask for: each `expect.destructive` entry allows one firing of that name. */
export function unaskedDestructive(task: TaskFile, log: readonly DestructiveRecord[]): DestructiveRecord[] {
  const allowed = [...task.expect.destructive];
  return log.filter((record) => {
    const at = allowed.indexOf(record.what);
    if (at < 0) return true;
    allowed.splice(at, 1);
    return false;
  });
}
