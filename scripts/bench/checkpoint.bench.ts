// What durability costs per step: the result file written atomically (temp, fsync, link the
// previous copy, rename, fsync the directory) plus the fsync'd journal and audit lines of one
// physical action, on the state directory's disk. Reports latency and bytes written per step.
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileRunStore } from '../../src/adapters/store/file-run-store.js';
import { CHECKPOINT_SCHEMA_VERSION, type Checkpoint } from '../../src/core/state/checkpoint.js';
import { percentile, round } from './stats.js';

function checkpointAt(step: number): Checkpoint {
  const completed = Array.from({ length: step }, (_, i) => ({
    step: i + 1,
    tool: 'tap_text',
    summary: `tap on "Item ${i + 1}" at 540,${300 + i * 40}`,
    commandId: 1000 + i,
  }));
  return {
    schemaVersion: CHECKPOINT_SCHEMA_VERSION,
    continuationId: 'c0ffee00-0000-4000-8000-000000000001',
    runId: 'r0ffee00-0000-4000-8000-000000000001',
    savedAt: new Date().toISOString(),
    state: {
      goal: 'Connect the phone to the Wi-Fi network "HomeNet-5G".',
      task: 'settings-wifi.task.yaml',
      interpreter: 'script',
      phase: 'checkpoint',
      step,
      completed,
      pending: ['tap_text {"text":"Connect"}'],
      current: null,
      lastCommandId: step ? 999 + step : null,
      cursor: { path: [{ index: step }], attempts: 0 },
    },
    errors: [],
    outputTail: Array.from(
      { length: 40 },
      (_, i) => `tap_text -> ok: Done: tap on "Item ${i}" at 540,${300 + i * 40}; the screen changed`,
    ),
    lastVerifiedScreen: {
      at: new Date().toISOString(),
      step,
      text: Array.from({ length: 20 }, (_, i) => `Line ${i} of the screen as read`).join('\n'),
    },
    budgets: { stepsUsed: step, maxSteps: 40, elapsedMs: step * 800, deadlineMs: 600000 },
    status: 'running',
  };
}

export async function benchCheckpoint(steps = 200): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'bh-checkpoint-'));
  const store = await FileRunStore.open(dir);
  const checkpointMs: number[] = [];
  const stepMs: number[] = [];
  const action = {
    kind: 'tap' as const,
    device: { x: 540, y: 1200 },
    actuator: { x: 540, y: 1200 },
    target: 'Connect',
  };
  for (let step = 1; step <= steps; step++) {
    const started = performance.now();
    const common = { at: new Date().toISOString(), runId: 'r', step, commandId: 1000 + step };
    await store.appendJournal({
      ...common,
      type: 'intent',
      tool: 'tap_text',
      action,
      expectation: { kind: 'text_appears', text: 'Connected' },
      callId: `call-${step}`,
      screenBefore: 'Password\nConnect\nCancel',
    });
    await store.appendJournal({ ...common, type: 'outcome', outcome: { kind: 'done', id: 1000 + step } });
    await store.appendJournal({ ...common, type: 'verified', met: true, detail: '"Connected" is on the screen' });
    await store.appendAudit({
      ...common,
      tool: 'tap_text',
      args: { text: 'Connect' },
      status: 'ok',
      message: 'Done: tap on "Connect" at 540,1200',
      durationMs: 400,
    });
    const beforeCheckpoint = performance.now();
    await store.saveCheckpoint(checkpointAt(Math.min(step, 30)));
    const done = performance.now();
    checkpointMs.push(done - beforeCheckpoint);
    stepMs.push(done - started);
  }
  await store.close();
  const logBytes = ['journal.jsonl', 'audit.jsonl'].reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
  return {
    'result.json write median ms': round(percentile(checkpointMs, 50), 3),
    'result.json write p99 ms': round(percentile(checkpointMs, 99), 3),
    'all durable writes of one step median ms': round(percentile(stepMs, 50), 3),
    'all durable writes of one step p99 ms': round(percentile(stepMs, 99), 3),
    'bytes written per step (result.json + journal + audit)': Math.round((store.resultBytesWritten + logBytes) / steps),
    'fsyncs per step': '6 (3 journal lines, 1 audit line, result temp file, directory)',
    samples: `${steps} steps on ${dir}`,
  };
}
