// `npm run bench llm`: the LLM interpreter's context budget, measured with scripted models behind
// the fake provider server (real HTTP), counted with the interpreter's own estimator (3.5
// characters a token, 1600 a camera frame).
// - Tokens per step, with and without images: the Wi-Fi task through `benchhand run`'s own path
//   (runTask) on the virtual bench — real firmware core on a pty, camera model, OCR.
// - A 300-step task in a 32k window: the in-process bench (the virtual device seen through its
//   ground truth: 300 OCR'd steps would take many minutes), with compaction, one forced session
//   switch (two provider overflows in a row), the durable record as the seed.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLlm } from '../../src/adapters/llm/index.js';
import { runBenchSettings, runTask } from '../../src/app/agent/run-task.js';
import { loadTask } from '../../src/app/agent/task-file.js';
import { openBench } from '../../src/app/bench/open-bench.js';
import { LlmInterpreter } from '../../src/core/agent/interpreters/llm/llm-interpreter.js';
import { SESSION_MARKER } from '../../src/core/agent/interpreters/llm/session-seed.js';
import { estimateRequestTokens, estimateTextTokens } from '../../src/core/agent/interpreters/llm/token-estimate.js';
import { runAgent } from '../../src/core/agent/loop/run-agent.js';
import { ToolRegistry } from '../../src/core/agent/tools/registry.js';
import { durableSummary } from '../../src/core/recovery/durable-summary.js';
import { loadTaskFile, unmetExpectations } from '../../src/sim/device/task-file.js';
import { startHarness } from '../../test/support/agent-harness.js';
import { closeHarnessStores } from '../../test/support/harness-stores.js';
import { FakeLlmServer, type FakeLlmRequest, type FakeLlmStep } from '../../test/support/fake-llm-server.js';
import type { FakeLlmView } from '../../test/support/fake-llm-view.js';
import {
  brokenPairsIn,
  rememberingWifiModel,
  userText,
  WIFI_TASK,
  WIFI_TASK_FILE,
} from '../../test/support/scripted-models-context.js';
import { wifiModel } from '../../test/support/scripted-models.js';
import { percentile } from './stats.js';

const WINDOW = 32_000;
export const LONG_STEPS = 300;

const tokensOf = (view: FakeLlmView): number =>
  estimateRequestTokens({ system: view.system, messages: view.messages, tools: view.tools as never });

/** What each step adds to the prompt: the growth from one request to the next within a session. */
function perStep(requests: FakeLlmRequest[]): number[] {
  const sizes = requests.map((r) => ({ tokens: tokensOf(r.view), messages: r.view.messages.length }));
  return sizes.slice(1).flatMap((s, i) => (s.messages > sizes[i]!.messages ? [s.tokens - sizes[i]!.tokens] : []));
}

export async function wifiOnBench(
  fake: FakeLlmServer,
  sendImages: boolean,
): Promise<{ perStep: number[]; whole: number[]; fixed: number }> {
  fake.reset();
  fake.respond(wifiModel);
  const task = loadTask(WIFI_TASK_FILE);
  const stateDir = mkdtempSync(join(tmpdir(), 'bh-bench-llm-'));
  const llm = {
    provider: 'openai-compatible',
    baseUrl: fake.baseUrl('openai'),
    model: 'scripted',
    requireApiKey: false,
    sendImages,
  };
  const bench = openBench(
    runBenchSettings({
      task,
      stateDir,
      interpreter: 'llm',
      llm,
      rig: { kind: 'sim', deviceFile: 'src/sim/devices/settings-wifi.yaml' },
    }),
  );
  try {
    await bench.start('rig');
    const outcome = await runTask({
      task,
      taskFile: 'settings-wifi',
      bench,
      stateDir,
      interpreter: 'llm',
      llm,
      approvals: 'all',
      signal: new AbortController().signal,
    });
    if (outcome.kind !== 'ran' || outcome.summary.termination.kind !== 'submitted')
      throw new Error(`the Wi-Fi run did not submit: ${JSON.stringify(outcome).slice(0, 300)}`);
  } finally {
    await bench.stop();
  }
  const first = fake.requests[0]!.view;
  return {
    perStep: perStep(fake.requests),
    whole: fake.requests.map((r) => tokensOf(r.view)),
    fixed: estimateRequestTokens({ system: first.system, messages: [], tools: first.tools as never }),
  };
}

/**
 * 300 steps of looking around the settings app (open the networks list, read it, go back),
 * then the Wi-Fi flow to the end. Arguments vary from cycle to cycle as a model's would (the
 * repeated-call guard refuses a third identical call on the same screen).
 */
function longModel(longSteps: number): (view: FakeLlmView) => FakeLlmStep {
  let turn = 0;
  return (view) => {
    turn++;
    if (turn > longSteps - 6) return rememberingWifiModel(view);
    const screen = view.lastUserText.slice(view.lastUserText.lastIndexOf('<screen>'));
    const call = (name: string, args: Record<string, unknown>): FakeLlmStep => ({
      toolCalls: [{ name, arguments: args }],
    });
    if (/Choose a network/.test(screen)) {
      return turn % 2
        ? call('read_screen', { max_lines: 1 + (turn % 59) })
        : call('press_key', { key: 'ESC', expect: 'Settings', verify_timeout_ms: 1000 + turn });
    }
    if (/Network & internet/.test(screen))
      return call('tap_point', {
        x: 300 + (turn % 400),
        y: 540,
        expect: 'Choose a network',
        verify_timeout_ms: 1000 + turn,
      });
    return call('wait_for', { timeout_ms: 500 + turn });
  };
}

async function longRun(fake: FakeLlmServer, longSteps: number) {
  fake.reset();
  const model = longModel(longSteps);
  // Once, half way: the provider refuses twice in a row (compacting is not enough), so the session
  // switches. It names the real window, so the budget learns nothing wrong from it.
  const tooLong: FakeLlmStep = { overflow: 'openai', promptTokens: WINDOW + 1, limitTokens: WINDOW };
  let switchAt: number | undefined;
  fake.respond((view, request) => {
    if (switchAt === undefined && request.index >= longSteps / 2) {
      switchAt = request.index;
      return tooLong;
    }
    if (switchAt !== undefined && request.index === switchAt + 1) return tooLong;
    return model(view);
  });
  const h = await startHarness('settings-wifi');
  const llm = createLlm({
    provider: 'openai-compatible',
    baseUrl: fake.baseUrl('openai'),
    model: 'scripted',
    requireApiKey: false,
    maxRetries: 0,
    contextWindow: WINDOW,
  });
  const interpreter = new LlmInterpreter(
    {
      llm,
      tools: new ToolRegistry().specs(),
      approvals: h.approvals,
      newId: randomUUID,
      handoff: 'Task inputs: {password}: secret, type it as {password}',
      durableState: () =>
        durableSummary(JSON.parse(readFileSync(join(h.stateDir, 'result.json'), 'utf8')), [
          "The conversation was reset to fit the model's context. What is known for certain:",
        ]),
    },
    WIFI_TASK.goal,
  );
  let firstCompactionStep: number | undefined;
  const cursor = () =>
    interpreter.cursor() as {
      sessionSwitches: number;
      context: { compactions: number; lastSeed?: { durableChars: number } };
    };
  const summary = await runAgent(
    {
      ...h.deps(interpreter, { maxSteps: longSteps + 50, verifyTimeoutMs: 3000 }, WIFI_TASK),
      onProgress: (event) => {
        if (event.type === 'step' && firstCompactionStep === undefined && cursor().context.compactions > 0)
          firstCompactionStep = event.step - 1;
      },
    },
    { goal: WIFI_TASK.goal, task: 'bench-long' },
  );
  const orphans = fake.requests.flatMap((r) => brokenPairsIn(r.view.messages));
  const seedRequest = fake.requests.find(
    (r) => r.view.messages.length === 1 && userText(r.view).includes(SESSION_MARKER),
  );
  const seedText = seedRequest ? userText(seedRequest.view) : '';
  const checkpoint = JSON.parse(readFileSync(join(h.stateDir, 'result.json'), 'utf8'));
  const resumeSeed = durableSummary(checkpoint, [
    'The run was resumed after an interruption. What is known for certain:',
  ]);
  const carries = {
    goal: seedText.includes(WIFI_TASK.goal),
    'continuation id': seedText.includes(checkpoint.continuationId),
    'completed steps (decisions, command ids)': /Completed so far/.test(seedText),
    'what failed': /What went wrong so far/.test(seedText),
    'output tail': /Last lines of the run's output/.test(seedText),
    'the current screen': /<screen>/.test(seedText),
  };
  return {
    summary,
    orphans,
    firstCompactionStep,
    cursor: cursor(),
    requests: fake.requests.length,
    goalReached:
      summary.termination.kind === 'submitted' &&
      unmetExpectations(loadTaskFile(WIFI_TASK_FILE), h.device).length === 0,
    seedTokens: estimateTextTokens(seedText),
    resumeSeedTokens: estimateTextTokens(resumeSeed),
    carries,
    leavesOut: seedText
      ? [
          "the old transcript (earlier screens, tool results, the model's reasoning)",
          'completed steps past the last 20',
          'errors past the last 8',
        ]
      : [],
    perStep: perStep(fake.requests),
  };
}

/** `longSteps`: the long run's length (300 measures; the smoke run's few go through the same switch and seed). */
export async function benchLlmContext(longSteps = LONG_STEPS): Promise<Record<string, unknown>> {
  const fake = await FakeLlmServer.start();
  try {
    const quick = process.env.BENCH_LLM_LONG_ONLY === '1';
    const text = quick ? { perStep: [], whole: [], fixed: 0 } : await wifiOnBench(fake, false);
    const images = quick ? text : await wifiOnBench(fake, true);
    const long = await longRun(fake, longSteps);
    if (quick) process.stdout.write(`${JSON.stringify(long.summary.termination).slice(0, 500)}\n`);
    return {
      'tokens per step without images, median (Wi-Fi task, OCR bench)': percentile(text.perStep, 50),
      'tokens per step without images, p95': percentile(text.perStep, 95),
      'tokens per step with images, median': percentile(images.perStep, 50),
      'tokens per step with images, p95': percentile(images.perStep, 95),
      'fixed prompt (system + tool schemas), tokens': text.fixed,
      'whole request without images, median tokens': percentile(text.whole, 50),
      'whole request with images (only the newest frame kept), median tokens': percentile(images.whole, 50),
      'tokens per step in the 300-step run, median / p95': `${percentile(long.perStep, 50)} / ${percentile(long.perStep, 95)}`,
      'steps a 32k window holds before the first compaction':
        long.firstCompactionStep ?? `none in ${long.summary.stepsUsed} steps`,
      [`${longSteps}-step task in a 32k window`]: `${long.summary.termination.kind}, goal ${long.goalReached ? 'reached' : 'NOT reached'}, ${long.summary.stepsUsed} steps, ${long.requests} requests`,
      'compactions / session switches': `${long.cursor.context.compactions} / ${long.cursor.sessionSwitches}`,
      'orphaned or unanswered tool results in any request': long.orphans.length,
      'session seed after a switch, tokens (durable chars)': `${long.seedTokens} (${long.cursor.context.lastSeed?.durableChars ?? 0})`,
      'seed after a crash (resume handoff from result.json), tokens': long.resumeSeedTokens,
      'the seed carries': Object.entries(long.carries)
        .map(([k, v]) => `${k}: ${v ? 'yes' : 'NO'}`)
        .join(', '),
      'the seed leaves out': long.leavesOut.join('; '),
    };
  } finally {
    await closeHarnessStores();
    await fake.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const [label, value] of Object.entries(await benchLlmContext()))
    process.stdout.write(`  ${label.padEnd(66)} ${value}\n`);
}
