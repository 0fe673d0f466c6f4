// Gestures end to end on the virtual bench: `benchhand run` as its own process, the real
// firmware core behind a pty drawing each swipe as move reports, the virtual phone feeling them,
// and every step verified through the virtual camera and OCR. One run of the messages task does
// all five: a swipe-up unlock, a notification opened from the shade, a target several screens
// down found by scroll_until_visible, a long-press menu, and a drag that reorders.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { loadTaskFile, unmetExpectations } from '../../src/sim/device/task-file.js';
import { runCli } from '../support/run-cli.js';
import { simContacts } from '../support/sim-contacts.js';

const TASK = 'src/sim/devices/messages.task.yaml';
const GESTURE_TOOLS = new Set(['swipe', 'scroll', 'long_press', 'drag']);
let bench: VirtualBench;
let server: BenchServer;
let run: {
  code: number | null;
  stdout: string;
  audit: { tool: string; status: string; commandId?: number; message: string }[];
};

const readLines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const tools = () => run.audit.map((a) => a.tool);

describe('gestures on the virtual bench, through camera and OCR', () => {
  beforeAll(async () => {
    bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('messages') });
    server = await BenchServer.start(bench);
    expect(bench.device.locked).toBe(true);
    const stateDir = mkdtempSync(join(tmpdir(), 'bh-e2e-gestures-'));
    const { code, stdout } = await runCli(['run', TASK, '--bench', server.url, '--state-dir', stateDir]);
    run = { code, stdout, audit: readLines(join(stateDir, 'audit.jsonl')) };
  }, 240000);
  afterAll(async () => {
    await server?.close();
    await bench?.stop();
  });

  it('reaches the goal, every step verified by looking again', () => {
    expect(run.stdout).toMatch(/Submitted a result/);
    expect(run.code).toBe(0);
    expect(unmetExpectations(loadTaskFile(TASK), bench.device)).toEqual([]);
    expect(run.audit.filter((a) => a.status !== 'ok')).toEqual([]);
  });

  it('a swipe up unlocked the phone (a tap would not have)', () => {
    expect(bench.device.locked).toBe(false);
    expect(run.audit[0]).toMatchObject({ tool: 'swipe', status: 'ok' });
    expect(run.audit[0]!.message).toMatch(/"Inbox" is on the screen/);
  });

  it('a swipe down from the top edge opened the shade, and its notification opened the calendar', () => {
    expect(run.audit[1]).toMatchObject({ tool: 'swipe', status: 'ok' });
    expect(run.audit[1]!.message).toMatch(/from the top edge/);
    expect(run.audit[2]).toMatchObject({ tool: 'tap_text', status: 'ok' });
    expect(bench.device.vars.accepted).toBe(true);
  });

  it('scroll_until_visible found Zoe Archer several screens down, each swipe moving the list', () => {
    const scrolls = run.audit.filter((a) => a.tool === 'scroll');
    expect(scrolls.length).toBeGreaterThanOrEqual(3);
    expect(scrolls.every((a) => a.status === 'ok' && /the screen changed/.test(a.message))).toBe(true);
  });

  it('a long press opened the conversation menu (not the conversation) and Mute was pressed in it', () => {
    const press = run.audit.findIndex((a) => a.tool === 'long_press');
    expect(run.audit[press]!.message).toMatch(/"Mute" is on the screen \(.*dialog/);
    expect(bench.device.vars.muted).toBe('Zoe Archer');
  });

  it('a drag moved Family below Climbing club', () => {
    const order = bench.device
      .groundTruth()
      .texts.map((t) => t.text)
      .filter((t) => ['Family', 'Work', 'Climbing club', 'Neighbours', 'Book circle'].includes(t));
    expect(order).toEqual(['Work', 'Climbing club', 'Family', 'Neighbours', 'Book circle']);
  });

  it('each gesture was one command on the MCU: as many contacts that moved as gesture calls that swiped', () => {
    const contacts = simContacts(bench.mcu.events());
    const moved = contacts.filter((c) => c.path.length > 1);
    const swiping = run.audit.filter(
      (a) => GESTURE_TOOLS.has(a.tool) && a.tool !== 'long_press' && a.commandId !== undefined,
    );
    expect(moved).toHaveLength(swiping.length);
    expect(moved.every((c) => c.lifted)).toBe(true);
    const still = contacts.filter((c) => c.path.length === 1);
    expect(still).toHaveLength(
      run.audit.filter((a) => (a.tool.startsWith('tap_') || a.tool === 'long_press') && a.commandId !== undefined)
        .length,
    );
    expect(tools()).toContain('drag');
  });
});
