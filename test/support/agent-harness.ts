// The agent loop on a fast in-process bench: a virtual device felt through the fake MCU (taps
// and keys turned into device input) and seen through the ground-truth observer. No pty, no OCR:
// for unit tests of the loop, its guardrails and its interpreters.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { FixedApprovals } from '../../src/adapters/approval-terminal/terminal-approvals.js';
import { ManualClock } from '../../src/adapters/clock/manual-clock.js';
import type { Clock } from '../../src/core/ports/clock.js';
import { FakeMcu, type FakeActuation } from '../../src/adapters/mcu-fake/fake-mcu.js';
import { TruthObserver } from '../../src/adapters/observer-truth/truth-observer.js';
import { fakeSource, observerPipeline } from '../../src/app/bench/observer-pipeline.js';
import { secretValues } from '../../src/core/agent/redact-secrets.js';
import { FileRunStore } from '../../src/adapters/store/file-run-store.js';
import { defaultGuardrails, type GuardrailConfig } from '../../src/core/agent/guard/guardrail-config.js';
import type { Interpreter } from '../../src/core/agent/interpreters/interpreter.js';
import type { AgentDeps } from '../../src/core/agent/loop/agent-deps.js';
import { runAgent } from '../../src/core/agent/loop/run-agent.js';
import { ToolRegistry } from '../../src/core/agent/tools/registry.js';
import type { ApprovalPort } from '../../src/core/ports/approval.js';
import type { TaskDefinition } from '../../src/core/agent/task/task-schema.js';
import { VirtualDevice } from '../../src/sim/device/device.js';
import { advanceWhenIdle, type IdleTime } from './idle-time.js';
import { rememberHarnessStore } from './harness-stores.js';
import { usageForChar, usageForKey, type NamedKey } from '../../src/sim/device/hid-keys.js';

const KEY_NAMES: Record<string, NamedKey> = {
  ENTER: 'Enter',
  ESC: 'Escape',
  BACKSPACE: 'Backspace',
  TAB: 'Tab',
  DELETE: 'Delete',
  UP: 'Up',
  DOWN: 'Down',
  LEFT: 'Left',
  RIGHT: 'Right',
  PAGEUP: 'PageUp',
  PAGEDOWN: 'PageDown',
  HOME: 'Home',
  END: 'End',
};

export interface Harness {
  device: VirtualDevice;
  mcu: FakeMcu;
  observer: TruthObserver;
  store: FileRunStore;
  stateDir: string;
  approvals: ApprovalPort & { asked?: unknown[] };
  controller: AbortController;
  /** The loop's clock: virtual time unless the test gave its own clock. */
  clock: Clock;
  /** Set when the harness moves its own clock whenever the run waits (the default). */
  idleTime?: IdleTime;
  deps(interpreter: Interpreter, guardrails?: Partial<GuardrailConfig>, task?: TaskDefinition): AgentDeps;
  run(
    interpreter: Interpreter,
    task: TaskDefinition | string,
    guardrails?: Partial<GuardrailConfig>,
  ): ReturnType<typeof runAgent>;
  /** Replaces the tool set (e.g. a tool with a tiny timeout). */
  tools?: ToolRegistry;
  audit(): { tool: string; status: string; args: unknown; message: string }[];
  journal(): { type: string; commandId: number; action?: unknown; outcome?: unknown }[];
}

/**
 * `clock`: the loop's clock, for tests that decide themselves when time passes (a ManualClock they
 * advance). By default the run is on virtual time that moves whenever the run waits and nothing is
 * at work (test/support/idle-time.ts): the store's writes and the interpreter's answers (an LLM
 * over HTTP) count as work, so no time limit fires while they are on their way.
 */
export async function startHarness(
  deviceName: string,
  options: {
    approve?: boolean;
    approvals?: ApprovalPort;
    clock?: Clock;
    /** An actuation the MCU carried out that the phone never felt (a lost gesture): true to lose it. */
    lost?: (actuation: FakeActuation) => boolean;
  } = {},
): Promise<Harness> {
  const ownClock = options.clock === undefined ? new ManualClock(1_000_000) : undefined;
  const idleTime = ownClock ? advanceWhenIdle(ownClock) : undefined;
  const clock: Clock = options.clock ?? ownClock!;
  const asWork = <T extends object>(target: T): T => (idleTime ? idleTime.trackAll(target) : target);
  const device = VirtualDevice.fromFile(`src/sim/devices/${deviceName}.yaml`);
  // The device lives on the loop's clock: on a ManualClock its transitions wait for advance() too.
  const started = clock.now();
  const deviceNow = () => clock.now() - started;
  const feel = (a: FakeActuation) => {
    if (options.lost?.(a)) return;
    // Never behind the device: a gesture is felt over its whole duration at once, ahead of the wall clock.
    const t = Math.max(deviceNow(), device.now);
    if (a.ev === 'tap') {
      device.tapDown(a.x, a.y, t);
      device.tapUp(a.x, a.y, t + a.holdMs);
      return;
    }
    if (a.ev === 'longpress') {
      device.tapDown(a.x, a.y, t);
      device.tapUp(a.x, a.y, t + a.durationMs);
      return;
    }
    if (a.ev === 'swipe') {
      feelSwipe(device, a, t);
      return;
    }
    if (a.ev === 'type') {
      for (const char of a.text) {
        const { usage, mods } = usageForChar(char);
        device.keyDown(usage, mods, t);
        device.keyUp(usage, mods, t);
      }
      return;
    }
    if (a.ev === 'key') {
      const named = KEY_NAMES[a.key];
      const { usage, mods } = named ? { usage: usageForKey(named), mods: 0 } : usageForChar(a.key);
      const bits =
        (a.mods.includes('ctrl') ? 1 : 0) |
        (a.mods.includes('shift') ? 2 : 0) |
        (a.mods.includes('alt') ? 4 : 0) |
        (a.mods.includes('gui') ? 8 : 0);
      device.keyDown(usage, mods | bits, t);
      device.keyUp(usage, mods | bits, t);
    }
  };
  const mcu = new FakeMcu({ width: device.width, height: device.height }, feel);
  const observer = new TruthObserver(device, clock, () => device.advance(deviceNow()));
  const stateDir = mkdtempSync(join(tmpdir(), 'bh-agent-'));
  const store = asWork(await FileRunStore.open(stateDir));
  rememberHarnessStore(store);
  const approvals = options.approvals ?? new FixedApprovals(options.approve ?? true);
  const controller = new AbortController();
  const harness: Harness = {
    device,
    mcu,
    observer,
    store,
    stateDir,
    approvals,
    controller,
    clock,
    idleTime,
    deps: (interpreter, guardrails = {}, task) => ({
      mcu,
      // The fake observer through the same pipeline a bench builds: its secrets stage hides the task's secrets.
      observer: observerPipeline(fakeSource(observer), {
        secrets: secretValues({ values: task?.inputs ?? {}, secrets: new Set(task?.secrets ?? []) }),
      }),
      store,
      clock,
      approvals,
      interpreter: asWork(interpreter),
      tools: harness.tools ?? new ToolRegistry(),
      guardrails: { ...defaultGuardrails(), verifyTimeoutMs: 3000, ...guardrails },
      preApprovals: task?.approve ?? [],
      ...(task?.dismissNotifications ? { dismissNotifications: true } : {}),
      toActuator: (p) => p,
      recordFinding: async () => 'new',
      inputs: { values: task?.inputs ?? {}, secrets: new Set(task?.secrets ?? []) },
      wallClock: () => new Date().toISOString(),
      newId: () => randomUUID(),
      signal: controller.signal,
    }),
    run: (interpreter, task, guardrails) =>
      typeof task === 'string'
        ? runAgent(harness.deps(interpreter, guardrails), { goal: task, task: 'test' })
        : runAgent(harness.deps(interpreter, guardrails, task), { goal: task.goal, task: 'test' }),
    audit: () => readLines(join(stateDir, 'audit.jsonl')),
    journal: () => readLines(join(stateDir, 'journal.jsonl')),
  };
  return harness;
}

function readLines(path: string) {
  try {
    return readFileSync(path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

/** A swipe as the firmware draws it: down, a move every 10 ms at equal time per segment, up at the end. */
function feelSwipe(device: VirtualDevice, a: Extract<FakeActuation, { ev: 'swipe' }>, t: number): void {
  const segments = a.path.length - 1;
  const at = (ms: number) => {
    if (ms >= a.durationMs) return a.path.at(-1)!;
    const scaled = (ms * segments) / a.durationMs,
      i = Math.floor(scaled),
      f = scaled - i;
    const p = a.path[i]!,
      q = a.path[i + 1]!;
    return { x: Math.round(p.x + (q.x - p.x) * f), y: Math.round(p.y + (q.y - p.y) * f) };
  };
  device.tapDown(a.path[0]!.x, a.path[0]!.y, t);
  const moveStart = t + a.holdMs;
  for (let ms = 10; ms < a.durationMs; ms += 10) {
    const p = at(ms);
    device.tapMove(p.x, p.y, moveStart + ms);
  }
  const end = a.path.at(-1)!;
  device.tapMove(end.x, end.y, moveStart + a.durationMs);
  device.tapUp(end.x, end.y, moveStart + a.durationMs);
}
