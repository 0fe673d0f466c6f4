// One flow, run to its end on a bench, as a result object: the unit `benchhand test` runs one
// after another and a bench service can run as a job (issue 16). Each flow has its own state
// directory (result, journal, audit, findings, screenshots, report.html). The bench is opened for
// the flow and stopped after it, so the next flow starts from a clean link and, on the virtual
// bench, a fresh phone.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GuardrailConfig } from '../../core/agent/guard/guardrail-config.js';
import type { ProgressEvent } from '../../core/agent/loop/agent-deps.js';
import type { TaskDefinition } from '../../core/agent/task/task-schema.js';
import type { ApprovalPort } from '../../core/ports/approval.js';
import { runBenchSettings, runTask, type RunRequest } from '../agent/run-task.js';
import { openBench } from '../bench/open-bench.js';
import type { RunVideoOptions } from '../video/run-video.js';
import type { RigSource } from '../bench/rig.js';
import { readRun } from '../report/read-run.js';
import { renderReportHtml } from '../report/render-html.js';
import { readScreenshots } from '../report/screenshots.js';
import { flowName } from './discover-flows.js';
import { loadFlow } from './flow-file.js';
import { failedStepOf, type FlowResult } from './flow-result.js';

export interface FlowRunOptions {
  file: string;
  /** The flow's own state directory (created; it should be new or empty). */
  stateDir: string;
  /** Where the bench is: one source for every flow (the rig, a running virtual bench), or chosen per flow (a virtual phone for the device it names). */
  rig: RigSource | ((flow: TaskDefinition, file: string) => RigSource);
  /** --env KEY=VALUE parameters. */
  env?: Record<string, string>;
  /** A flow has no person to ask: approvals are given (all) or refused (none, the default). */
  approvals?: 'all' | 'none' | ApprovalPort;
  /** The bench's config file's guardrails: the flow's own limits beat them (mergeGuardrails). */
  guardrails?: Partial<GuardrailConfig>;
  onProgress?(event: ProgressEvent): void;
  signal?: AbortSignal;
  /** Keep the pictures acted on for the report (default true). */
  keepFrames?: boolean;
  /** Write STATE_DIR/report.html (default true). */
  writeReport?: boolean;
  /** A flow already loaded (the suite loads each to read its tags). */
  flow?: TaskDefinition;
  /** Resume the run saved in stateDir (a fleet job after its bench crashed): recovery looks before anything moves. */
  recover?: RunRequest['recover'];
  /** Another interpreter for this flow (a Maestro flow, src/app/suite/maestro/), made once the bench is open. */
  interpreter?: RunRequest['interpreterOverride'];
  /** The flow's video (STATE_DIR/video.mp4): the raw camera inset, or false for none. */
  video?: RunVideoOptions | false;
}

export async function runFlow(options: FlowRunOptions): Promise<FlowResult> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const base = {
    file: options.file,
    name: flowName(options.file),
    stateDir: options.stateDir,
    startedAt,
    screenshots: [] as string[],
  };
  const finish = (
    rest: Omit<FlowResult, keyof typeof base | 'durationMs' | 'tags'> & { tags?: string[] },
  ): FlowResult => ({ ...base, tags: [], ...rest, durationMs: Math.round(performance.now() - started) });
  let flow: TaskDefinition;
  try {
    flow = options.flow ?? loadFlow(options.file, { env: options.env });
    if (!flow.steps && !options.interpreter)
      throw new Error(`${options.file} has no steps: benchhand test runs scripted flows (add steps)`);
  } catch (error) {
    return finish({ status: 'error', failure: { kind: 'load', message: (error as Error).message } });
  }
  await mkdir(options.stateDir, { recursive: true });
  const keepFrames = options.keepFrames ?? true;
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let result: FlowResult;
  try {
    const rig = typeof options.rig === 'function' ? options.rig(flow, options.file) : options.rig;
    const bench = openBench(
      runBenchSettings({
        task: flow,
        stateDir: options.stateDir,
        interpreter: 'script',
        keepFrames,
        rig,
        ...(options.video !== undefined ? { video: options.video } : {}),
      }),
    );
    try {
      await bench.start('rig');
      const outcome = await runTask({
        task: flow,
        taskFile: options.file,
        bench,
        stateDir: options.stateDir,
        interpreter: 'script',
        approvals: options.approvals ?? 'none',
        guardrails: options.guardrails ? { bench: options.guardrails } : {},
        onProgress: options.onProgress,
        signal: controller.signal,
        keepFrames,
        ...(options.recover ? { recover: options.recover } : {}),
        ...(options.interpreter ? { interpreterOverride: options.interpreter } : {}),
      });
      if (outcome.kind === 'recovery_stopped') {
        result = finish({
          tags: flow.tags,
          status: 'error',
          failure: {
            kind: 'state_dir',
            message: `the state directory ${options.stateDir} could not be used: ${outcome.decision.reasons.join(' ')}`,
          },
        });
      } else {
        const { termination, sentence } = outcome.summary;
        const passed = termination.kind === 'submitted' || termination.kind === 'answered';
        result = finish({
          tags: flow.tags,
          status: passed ? 'passed' : 'failed',
          termination,
          sentence,
          ...(passed ? {} : { failure: failureOf(termination) }),
          ...(outcome.video && 'path' in outcome.video ? { videoPath: outcome.video.path } : {}),
          ...(outcome.video && 'problem' in outcome.video ? { notes: [outcome.video.problem] } : {}),
        });
      }
    } finally {
      await bench.stop();
    }
  } catch (error) {
    result = finish({
      tags: flow.tags,
      status: 'error',
      failure: { kind: 'bench', message: (error as Error).message },
    });
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
  result.screenshots = (await readScreenshots(options.stateDir)).map((s) => s.name);
  if (options.writeReport ?? true) result.reportPath = await writeReport(options.stateDir).catch(() => undefined);
  return result;
}

function failureOf(termination: Exclude<FlowResult['termination'], undefined>): NonNullable<FlowResult['failure']> {
  const message =
    'reason' in termination ? termination.reason : 'message' in termination ? termination.message : termination.kind;
  const step = 'reason' in termination ? failedStepOf(termination.reason) : undefined;
  return { kind: termination.kind, message, ...(step ? { step } : {}) };
}

/** STATE_DIR/report.html from the run's record (again after the record grew, e.g. by a video). */
export async function writeReport(stateDir: string): Promise<string> {
  const out = join(stateDir, 'report.html');
  const html = renderReportHtml(await readRun(stateDir));
  await writeFile(`${out}.tmp`, html);
  await rename(`${out}.tmp`, out);
  return out;
}
