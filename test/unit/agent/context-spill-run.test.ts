// The single-event overflow on the in-process bench: one tool result far bigger than the cap
// (a device log kept as a note, 800 lines) reaches the model as a head, a tail and a note
// saying what was cut; the model pages through the rest with read_spill, which the interpreter
// answers itself (no loop step, no audit line, no fresh look at the device), and finds the one
// line that mattered, which was in the cut part.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../../support/agent-harness.js';
import { FakeLlmServer, type FakeLlmStep, type FakeLlmView } from '../../support/fake-llm-server.js';
import { brokenPairsIn, contextCursor, userText, wifiInterpreter } from '../../support/scripted-models-context.js';

let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await FakeLlmServer.start();
});
afterAll(async () => {
  await fake.close();
});

const CRITICAL = 'ERROR E42 radio firmware crashed while joining HomeNet-5G';
const deviceLog = Array.from({ length: 800 }, (_, i) => {
  const stamp = `${String(i).padStart(4, '0')} 12:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`;
  return i === 500 ? `${stamp} ${CRITICAL}` : `${stamp} wifi scan ok, channel 36, rssi -61 dBm, 4 networks seen`;
}).join('\n');

/** Reads the log; pages on with read_spill while the cut note points further; reports the error line. */
function logReader(view: FakeLlmView): FakeLlmStep {
  const found = userText(view)
    .split('\n')
    .find((line) => line.includes('ERROR E42'));
  // The answer comes from a note, but a claim still cites the screen it ends on.
  if (found) return { text: `The log shows: ${found.trim()}\nEvidence: "Network & internet"` };
  if (!view.lastToolResult) return { toolCalls: [{ name: 'read_note', arguments: { name: 'device-log' } }] };
  const next = /read_spill with id="(spill-\d+)" offset=(\d+)/i.exec(view.lastToolResult.content);
  if (!next) return { text: 'No error in the log.' };
  return { toolCalls: [{ name: 'read_spill', arguments: { id: next[1]!, offset: Number(next[2]), max_chars: 8000 } }] };
}

describe.each(['anthropic', 'openai'] as const)('an oversized tool result over the %s protocol', (protocol) => {
  it('is capped to a preview with a cursor, nothing is lost, and the model pages the rest locally', async () => {
    fake.reset();
    fake.respond(logReader);
    const h = await startHarness('settings-wifi');
    await h.store.writeNote('device-log', deviceLog);
    const llm = wifiInterpreter(fake, protocol, h);
    const summary = await h.run(llm, 'Find out from the device log why joining HomeNet-5G failed.');

    expect(summary.termination).toMatchObject({ kind: 'answered', text: expect.stringContaining(CRITICAL) });
    expect(fake.requests[0]!.view.tools.map((t) => t.name)).toContain('read_spill');
    const preview = fake.requests[1]!.view.lastToolResult!.content;
    expect(deviceLog.length).toBeGreaterThan(40_000);
    expect(preview.length).toBeLessThan(6000);
    expect(preview).toMatch(/^status: ok\n0000 /);
    expect(preview).toMatch(
      /CUT TO SAVE CONTEXT: this result has \d+ characters; characters \d+ to \d+ \(\d+ characters, about \d+ lines\) are not shown here/,
    );
    expect(preview).toMatch(/call read_spill with id="spill-1" offset=\d+/i);
    expect(preview).toContain('0799 '); // the tail stays visible
    expect(preview).not.toContain('E42');
    // The pages are contiguous slices of the whole result, each with where to go on.
    const pages = fake.requests.slice(2).map((r) => r.view.lastToolResult!.content);
    expect(pages.every((page) => /^status: ok\n\[spill-1, characters \d+ to \d+ of \d+:\]/.test(page))).toBe(true);
    expect(pages.at(-1)).toContain(CRITICAL);
    // Answered inside the interpreter: the loop ran one tool, moved nothing, and took two steps.
    expect(h.audit().map((a) => a.tool)).toEqual(['read_note']);
    expect(h.mcu.actuations).toEqual([]);
    expect(summary.stepsUsed).toBe(2);
    const cursor = contextCursor(llm);
    expect(cursor.spillReads).toBe(pages.length);
    expect(cursor.context.overflows.singleEvent).toBe(1);
    expect(cursor.context.spills.held).toBe(1);
  }, 20000);
});

describe('paging past the per-step limit', () => {
  it('hands the loop an empty step, and the pages travel with its next results, still never through a tool', async () => {
    fake.reset();
    fake.respond(logReader);
    const h = await startHarness('settings-wifi');
    await h.store.writeNote('device-log', deviceLog);
    const llm = wifiInterpreter(fake, 'openai', h, { context: { spillReadsPerStep: 1 } });
    const summary = await h.run(llm, 'Find out from the device log why joining HomeNet-5G failed.');
    expect(summary.termination).toMatchObject({ kind: 'answered', text: expect.stringContaining(CRITICAL) });
    const { spillReads } = contextCursor(llm);
    expect(spillReads).toBeGreaterThan(1);
    expect(summary.stepsUsed).toBe(2 + spillReads);
    expect(h.audit().map((a) => a.tool)).toEqual(['read_note']);
    for (const request of fake.requests) expect(brokenPairsIn(request.view.messages)).toEqual([]);
  }, 20000);
});
