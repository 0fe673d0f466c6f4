// One claimed job run on this bench, in this process: the flow from the ledger's copy, in its own
// state directory under STATE_DIR/runs/ (so the bench's findings.json gathers every job's
// findings), resumed through recovery when the bench crashed during it. Its outcome is what the
// results topic carries: status, summary, JUnit testcase, report, findings.
import { runIdFromResultFile } from '../../adapters/store/findings-run-id.js';
import { FindingsStore } from '../../adapters/store/findings-store.js';
import type { JobFinding, JobResult } from '../../core/fleet/job-outcome.js';
import { recoverer } from '../agent/recover.js';
import type { RigSource } from '../bench/rig.js';
import { loadFlow } from '../suite/flow-file.js';
import type { FlowResult } from '../suite/flow-result.js';
import { testcase } from '../suite/junit.js';
import { runFlow } from '../suite/run-flow.js';
import type { ClaimedJob } from './fleet-bench.js';
import type { JobLedger } from './job-ledger.js';
import { jobRunDir, jobRunStarted } from './job-run-dir.js';
import type { RunVideoOptions } from '../video/run-video.js';

export type JobOutcome = Omit<JobResult, 'version' | 'jobId' | 'suite' | 'pool' | 'name' | 'benchId' | 'finishedAt'>;

export interface JobRunOptions {
  ledger: JobLedger;
  stateDir: string;
  rig: RigSource;
  say(line: string): void;
  signal: AbortSignal;
  /** The job's video (the config's video section); false: none. */
  video?: RunVideoOptions | false;
}

export async function runJob(claimed: ClaimedJob, options: JobRunOptions): Promise<JobOutcome> {
  const { job } = claimed;
  const file = options.ledger.flowFile(job);
  const stateDir = jobRunDir(options.stateDir, job.jobId);
  // A claim made just before the crash may never have started its run: then it starts now.
  const resume = claimed.resumed && jobRunStarted(options.stateDir, job.jobId);
  let result: FlowResult;
  try {
    // Only the job's parameters: the bench's environment is not the submitter's.
    const flow = loadFlow(file, { env: job.params, environment: {} });
    options.say(`fleet: ${resume ? 'resuming' : 'running'} ${job.jobId} (${job.name}) in ${stateDir}`);
    result = await runFlow({
      file,
      flow,
      stateDir,
      rig: options.rig,
      env: job.params,
      approvals: 'none',
      signal: options.signal,
      ...(options.video !== undefined ? { video: options.video } : {}),
      ...(resume ? { recover: recoverer(stateDir, flow.goal, options.say) } : {}),
    });
  } catch (error) {
    result = {
      file,
      name: job.name,
      tags: [],
      status: 'error',
      failure: { kind: 'load', message: (error as Error).message },
      startedAt: new Date().toISOString(),
      durationMs: 0,
      stateDir,
      screenshots: [],
    };
  }
  // Named as submitted, and placed by the flow's path in the job (not this bench's folders).
  result = { ...result, name: job.name, file: job.flow.entry };
  const status = result.status === 'skipped' ? 'error' : result.status;
  return {
    status,
    summary: result.sentence ?? result.failure?.message ?? status,
    durationMs: result.durationMs,
    ...(result.reportPath ? { reportPath: result.reportPath } : {}),
    stateDir,
    junit: testcase(result),
    flow: result as unknown as Record<string, unknown>,
    findings: await findingsOfRun(options.stateDir, stateDir),
  };
}

/** The bench's findings this run saw (findings.json sits in STATE_DIR, beside runs/). */
async function findingsOfRun(benchStateDir: string, runDir: string): Promise<JobFinding[]> {
  try {
    const runId = await runIdFromResultFile(runDir);
    if (!runId) return [];
    const records = await (await FindingsStore.open(benchStateDir)).list();
    return records
      .filter((r) => r.runIds.includes(runId))
      .map(({ id, kind, subject, severity, status, detail, screen, device }) => ({
        id,
        kind,
        subject,
        severity,
        status,
        detail,
        screen,
        device,
      }));
  } catch {
    return [];
  }
}
