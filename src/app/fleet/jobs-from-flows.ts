// `ops submit`'s jobs: one per flow found in the paths given (as `benchhand test` finds them), each
// carrying its flow file and every sub-flow it runs (run_flow, at any depth), with their sha256,
// paths relative to the folder that holds them all. The flow is loaded here first, with only the
// job's parameters, so a flow that cannot load is refused at the submitter, not on a bench.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import type { ScriptStep } from '../../core/agent/task/task-schema.js';
import { JOB_VERSION, jobSchema, type Job } from '../../core/fleet/job-schema.js';
import type { Tags } from '../../core/fleet/tags.js';
import { discoverFlows, flowName } from '../suite/discover-flows.js';
import { loadFlow } from '../suite/flow-file.js';

export interface SubmitOptions {
  pool: string;
  tags: Tags;
  params: Record<string, string>;
  deadlineMs: number;
  now: Date;
  /** The submission's id (default: "s" and 10 random hex digits). */
  suite?: string;
}

export function jobsFromFlows(paths: string[], options: SubmitOptions): Job[] {
  const suite = options.suite ?? `s${randomBytes(5).toString('hex')}`;
  return discoverFlows(paths).map((file, i) => {
    const flow = loadFlow(file, { env: options.params, environment: {} });
    if (!flow.steps) throw new Error(`${file} has no steps: the fleet runs scripted flows (add steps)`);
    const files = [resolve(file), ...new Set(subFlowFiles(flow.steps).map((f) => resolve(f)))];
    const root = commonFolder(files);
    const job = {
      version: JOB_VERSION,
      jobId: `${suite}-${String(i + 1).padStart(3, '0')}`,
      pool: options.pool,
      suite,
      name: flowName(file),
      flow: {
        entry: relative(root, files[0]!).split(sep).join('/'),
        files: files.map((path) => {
          const content = readFileSync(path, 'utf8');
          return {
            path: relative(root, path).split(sep).join('/'),
            content,
            sha256: createHash('sha256').update(content, 'utf8').digest('hex'),
          };
        }),
      },
      tags: options.tags,
      params: options.params,
      submittedAt: options.now.toISOString(),
      deadline: new Date(options.now.getTime() + options.deadlineMs).toISOString(),
      hops: 0,
    };
    return jobSchema.parse(job);
  });
}

/** The files of every run_flow in these steps, nested ones too (loadFlow attached each one's steps). */
function subFlowFiles(steps: ScriptStep[]): string[] {
  return steps.flatMap((step): string[] => {
    if ('if' in step) return [...subFlowFiles(step.then), ...subFlowFiles(step.else ?? [])];
    if ('repeat' in step) return subFlowFiles(step.repeat.steps);
    if ('run_flow' in step && step.loaded) return [step.loaded.file, ...subFlowFiles(step.loaded.steps)];
    return [];
  });
}

function commonFolder(files: string[]): string {
  let root = dirname(files[0]!);
  while (!files.every((f) => f.startsWith(`${root}${sep}`))) root = dirname(root);
  return root;
}
