// The gesture tools and steps driving the loop on the in-process bench (the fake MCU's actuations
// felt by the virtual phone as finger down / moves / up): the messages task reaches its goal, a
// list that stops moving fails the step, and the guards judge where a gesture touches.
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../../src/app/agent/task-file.js';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { taskSchema } from '../../../src/core/agent/task/task-schema.js';
import { loadTaskFile, unmetExpectations } from '../../../src/sim/device/task-file.js';
import { startHarness } from '../../support/agent-harness.js';

const TASK = 'src/sim/devices/messages.task.yaml';
const script = (steps: unknown[]) => new ScriptInterpreter(taskSchema.parse({ goal: 'gestures', steps }) as never);
const pinned = (texts: string[]) =>
  texts.filter((t) => ['Family', 'Work', 'Climbing club', 'Neighbours', 'Book circle'].includes(t));

describe('gestures through the agent loop', () => {
  it('messages: unlock, shade, scroll until visible, long-press menu and a drag, each one ledgered command', async () => {
    const h = await startHarness('messages');
    const task = loadTask(TASK);
    const summary = await h.run(new ScriptInterpreter(task as never), task);
    expect(summary.termination.kind, summary.sentence).toBe('submitted');
    expect(unmetExpectations(loadTaskFile(TASK), h.device)).toEqual([]);
    expect(pinned(h.device.groundTruth().texts.map((t) => t.text))).toEqual([
      'Work',
      'Climbing club',
      'Family',
      'Neighbours',
      'Book circle',
    ]);
    const swipes = h.mcu.actuations.filter((a) => a.ev === 'swipe');
    const scrolls = h.audit().filter((a) => a.tool === 'scroll');
    expect(scrolls.length).toBeGreaterThanOrEqual(3); // Zoe Archer is several screens down
    expect(scrolls.every((a) => a.status === 'ok')).toBe(true); // each one moved the list
    // Every gesture was journaled as one intent with one command id, and felt once.
    const intents = h.journal().filter((r) => r.type === 'intent' && (r.action as { kind: string }).kind === 'swipe');
    expect(intents).toHaveLength(swipes.length);
    expect(new Set(intents.map((r) => r.commandId)).size).toBe(intents.length);
    expect(h.mcu.actuations.filter((a) => a.ev === 'longpress')).toHaveLength(1);
  }, 60000);

  it("settings-wifi: the shipped task's list is scrolled by a swipe instead of More (settings-wifi-swipe.task.yaml)", async () => {
    const h = await startHarness('settings-wifi');
    const file = 'src/sim/devices/settings-wifi-swipe.task.yaml';
    const task = loadTask(file);
    const summary = await h.run(new ScriptInterpreter(task as never), task);
    expect(summary.termination.kind, summary.sentence).toBe('submitted');
    expect(unmetExpectations(loadTaskFile(file), h.device)).toEqual([]);
    expect(
      h
        .audit()
        .filter((a) => a.tool === 'tap_text')
        .map((a) => (a.args as { text: string }).text),
    ).not.toContain('More');
    expect(h.mcu.actuations.filter((a) => a.ev === 'swipe')).toHaveLength(1);
  }, 60000);

  it('scroll_until_visible fails when the list stops moving, naming what it looked for', async () => {
    const h = await startHarness('messages');
    h.device.apply({ t: 0, ev: 'tap_down', x: 540, y: 1800 });
    for (let i = 1; i <= 30; i++) h.device.apply({ t: 10 * i, ev: 'tap_move', x: 540, y: 1800 - 40 * i });
    h.device.apply({ t: 310, ev: 'tap_up', x: 540, y: 600 });
    expect(h.device.locked).toBe(false);
    const summary = await h.run(script([{ scroll_until_visible: 'Nobody Here', max_swipes: 12 }]), 'find nobody');
    expect(summary.termination).toMatchObject({ kind: 'halted' });
    expect((summary.termination as { reason: string }).reason).toMatch(
      /"Nobody Here" did not show after \d+ swipes down: the last two swipes moved nothing \(the end of the list\)/,
    );
    const scrolls = h.audit().filter((a) => a.tool === 'scroll');
    expect(scrolls.length).toBeLessThan(12); // stopped at the end of the list, not at the bound
    // One swipe that moved nothing could have been lost; the second in a row is the list's end.
    expect(scrolls.slice(-2).map((a) => a.status)).toEqual(['verify_failed', 'verify_failed']);
    expect(scrolls.at(-3)!.status).toBe('ok');
    expect(scrolls.at(-1)!.message).toMatch(/did not change/);
  }, 60000);

  it('scroll_until_visible sends a lost swipe once more, as a retry, and finds what is further down', async () => {
    // The phone never feels the second swipe the MCU carries out (a finger that missed the glass).
    let swipes = 0;
    const h = await startHarness('messages', { lost: (actuation) => actuation.ev === 'swipe' && ++swipes === 2 });
    h.device.apply({ t: 0, ev: 'tap_down', x: 540, y: 1800 });
    for (let i = 1; i <= 30; i++) h.device.apply({ t: 10 * i, ev: 'tap_move', x: 540, y: 1800 - 40 * i });
    h.device.apply({ t: 310, ev: 'tap_up', x: 540, y: 600 });
    const summary = await h.run(script([{ scroll_until_visible: 'Zoe Archer', max_swipes: 12 }]), 'find Zoe');
    expect(summary.termination.kind, summary.sentence).toBe('answered');
    expect(summary.sentence).toMatch(/completed 1 of 1 steps/);
    const scrolls = h.audit().filter((a) => a.tool === 'scroll');
    expect(scrolls[1]).toMatchObject({ status: 'verify_failed' });
    expect(scrolls[2]).toMatchObject({ status: 'ok' });
    // Each swipe one intent and one command id, the lost one's repeat among them: nothing sent twice unasked.
    const intents = h.journal().filter((r) => r.type === 'intent' && (r.action as { kind: string }).kind === 'swipe');
    expect(intents).toHaveLength(h.mcu.actuations.filter((a) => a.ev === 'swipe').length);
    expect(new Set(intents.map((r) => r.commandId)).size).toBe(intents.length);
  }, 60000);

  it('a drag that reorders nothing is not done, however much the screen moved: the item must show past its target', async () => {
    const h = await startHarness('messages');
    // The inbox list scrolls under the finger but does not reorder: the drag moves the screen, not Carol Shaw.
    const summary = await h.run(
      script([
        { swipe: 'up', expect: 'Inbox' },
        { drag: 'Carol Shaw', to: 'Frances Allen', retries: 0 },
      ]),
      'drag',
      {},
    );
    expect(h.audit().at(-1)).toMatchObject({ tool: 'drag', status: 'verify_failed' });
    expect(h.audit().at(-1)!.message).toMatch(/"Carol Shaw"/);
    expect(summary.termination.kind).toBe('halted');
  }, 60000);

  it('a drag whose drop lands on something under an approval rule needs that approval', async () => {
    const h = await startHarness('messages', { approve: false });
    await h.run(
      script([
        { swipe: 'up', expect: 'Inbox' },
        { tap: 'Pinned', expect: 'Pinned' },
        { drag: 'Family', to: 'Neighbours' },
      ]),
      'drag',
      {
        approvals: [{ name: 'neighbours', tool: '*', targetMatches: 'Neighbours' }],
      },
    );
    expect(h.audit().at(-1)).toMatchObject({ tool: 'drag', status: 'denied_by_user' });
    expect(h.mcu.actuations.filter((a) => a.ev === 'swipe')).toHaveLength(1); // only the unlock
  }, 60000);

  it('a long press inside a forbidden zone is refused before anything moves', async () => {
    const h = await startHarness('messages');
    await h.run(script([{ swipe: 'up', expect: 'Inbox' }, { long_press: 'Ada Lovelace' }]), 'press', {
      forbiddenZones: [{ name: 'first thread', x: 0, y: 400, width: 1080, height: 400 }],
    });
    expect(h.audit().at(-1)).toMatchObject({ tool: 'long_press', status: 'forbidden_zone' });
    expect(h.mcu.actuations.filter((a) => a.ev === 'longpress')).toHaveLength(0);
  }, 60000);
});
