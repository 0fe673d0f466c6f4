// The adversarial cases file (src/sim/devices/adversarial/cases.yaml): which task runs with which
// bench faults, and when each fault fires. Validated strictly, so a misspelt key or an unknown
// fault is an error naming the case, the run and the field, not a run that silently lacks its fault.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { parseBenchFault, type ParsedBenchFault } from './bench-faults.js';
import { loadYamlWithSchema } from '../../config/yaml-schema.js';

/** When a fault fires: before the agent starts, or just before the Nth tap / key reaches the device. */
export type FaultMoment = 'start' | { tap: number } | { key: number };

const momentSchema = z.union([
  z.literal('start'),
  z.strictObject({ tap: z.number().int().min(1) }),
  z.strictObject({ key: z.number().int().min(1) }),
]);

const runSchema = z.strictObject({
  name: z.string().min(1),
  /** false when the device cannot reach the task's expected end state in this run: then not claiming success is right. */
  reachable: z.boolean().default(true),
  /** The rig's tap accuracy this run models (guardrails.tapMarginPx): a rig that misses by 150 px must say so. */
  tapMarginPx: z.number().min(0).max(400).optional(),
  faults: z.array(z.strictObject({ at: momentSchema, fault: z.record(z.string(), z.unknown()) })).default([]),
});

const caseSchema = z.strictObject({
  name: z.string().min(1),
  class: z.string().min(1),
  /** The task file, relative to the cases file. */
  task: z.string().min(1),
  /** `benchhand run --approve`; absent = the default (ask: with no terminal, every approval is refused). */
  approve: z.enum(['ask', 'all', 'none']).optional(),
  runs: z.array(runSchema).min(1),
});

const casesFileSchema = z.strictObject({ cases: z.array(caseSchema).min(1) });

export interface AdversarialRun {
  name: string;
  reachable: boolean;
  tapMarginPx?: number;
  faults: { at: FaultMoment; fault: ParsedBenchFault }[];
}

export interface AdversarialCase {
  name: string;
  class: string;
  /** Absolute path of the task file. */
  taskFile: string;
  approve?: 'ask' | 'all' | 'none';
  runs: AdversarialRun[];
}

export function loadAdversarialCases(path: string): AdversarialCase[] {
  const parsed = loadYamlWithSchema(readFileSync(path, 'utf8'), casesFileSchema, path, 'cases file');
  return parsed.cases.map((c, i) => ({
    name: c.name,
    class: c.class,
    taskFile: resolve(dirname(path), c.task),
    ...(c.approve ? { approve: c.approve } : {}),
    runs: c.runs.map((run, j) => ({
      name: run.name,
      reachable: run.reachable,
      ...(run.tapMarginPx !== undefined ? { tapMarginPx: run.tapMarginPx } : {}),
      faults: run.faults.map((f, k) => {
        const fault = parseBenchFault(f.fault);
        if (!fault.ok)
          throw new Error(`${path}: cases[${i}] (${c.name}) runs[${j}] (${run.name}) faults[${k}]: ${fault.error}`);
        return { at: f.at, fault: fault.fault };
      }),
    })),
  }));
}
