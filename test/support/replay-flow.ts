// Runs one flow (docs/FLOWS.md) through the whole loop on a recorded app: a virtual bench holding
// the replay (src/sim/replay), joined over loopback exactly as `benchhand test --bench URL` joins
// one, so the flow goes through the camera, the reader, the screen model, the MCU and
// verification. Returns the flow's result with what the bench says the replay really shows after
// it (GET /device), so a test can hold a pass against the state reached.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFlow } from '../../src/app/suite/run-flow.js';
import type { FlowResult } from '../../src/app/suite/flow-result.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { getJson } from './http.js';

export interface ReplayFlowRun {
  result: FlowResult;
  /** GET /device after the flow: the state shown, its texts, each input's effect. */
  device: { stateTag: string; texts: string[]; log: { input: string; effect: string; event?: string }[] };
  /** Physical actions the journal records, each with its outcome. */
  actions: { intents: number; withOutcome: number };
}

export async function runFlowOnReplay(flowFile: string, replay: string): Promise<ReplayFlowRun> {
  const bench = await VirtualBench.startReplay({ deviceFile: replay });
  const server = await BenchServer.start(bench);
  try {
    const stateDir = mkdtempSync(join(tmpdir(), 'bh-replay-flow-'));
    const result = await runFlow({
      file: flowFile,
      stateDir,
      rig: { kind: 'bench', url: server.url },
      writeReport: false,
      keepFrames: false,
    });
    const device = await getJson(`${server.url}/device`);
    return { result, device, actions: journalActions(stateDir) };
  } finally {
    await server.close();
    await bench.stop();
  }
}

function journalActions(stateDir: string): ReplayFlowRun['actions'] {
  let records: { type: string; commandId?: number }[] = [];
  try {
    records = readFileSync(join(stateDir, 'journal.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    // No journal: nothing physical was done.
  }
  const intents = records.filter((r) => r.type === 'intent');
  const outcomes = new Set(records.filter((r) => r.type === 'outcome').map((r) => r.commandId));
  return { intents: intents.length, withOutcome: intents.filter((i) => outcomes.has(i.commandId)).length };
}
