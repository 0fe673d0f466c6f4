// When compacting is not enough: a second overflow in a row starts a fresh session seeded from
// the durable record (the harness's real result.json, summarised as the composition root
// will), bounded, with none of the old transcript; the run still reaches the goal. A fresh
// session that overflows twice more halts with the reason; with no durable state to seed from,
// an overflow compaction cannot fix halts at once. In-process bench, fake LLM over real HTTP.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MARKER } from '../../../src/core/agent/interpreters/llm/session-seed.js';
import { startHarness } from '../../support/agent-harness.js';
import { FakeLlmServer } from '../../support/fake-llm-server.js';
import {
  contextCursor,
  durableStateFrom,
  expectWifiReachedCleanly,
  interrupting,
  overflowFor,
  rememberingWifiModel,
  thinking,
  THOUGHT_MARK,
  userText,
  WIFI_TASK as task,
  wifiInterpreter,
} from '../../support/scripted-models-context.js';

/** Long replies, so the history (not the fixed prompt and tools, nor the answer's reserve) fills the window. */
const THOUGHT_CHARS = 6000;
const SEED_CAP = 4000;
let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await FakeLlmServer.start();
});
afterAll(async () => {
  await fake.close();
});

const model = thinking(rememberingWifiModel, THOUGHT_CHARS);

describe.each(['anthropic', 'openai'] as const)('session switch over the %s protocol', (protocol) => {
  it('a second overflow in a row starts a fresh session seeded from the durable state, bounded, and the run reaches the goal', async () => {
    fake.reset();
    const tooLong = overflowFor(protocol);
    fake.respond(interrupting({ 4: tooLong, 5: tooLong }, model));
    const h = await startHarness('settings-wifi');
    const llm = wifiInterpreter(fake, protocol, h, {
      durableState: durableStateFrom(h.stateDir, 12_000),
      context: { durableStateCapChars: SEED_CAP },
    });
    const summary = await h.run(llm, task);
    expect(summary.termination).toMatchObject({ kind: 'submitted' });
    expectWifiReachedCleanly(fake, h);

    const seeded = fake.requests[6]!.view;
    expect(seeded.messages).toHaveLength(1);
    const seed = userText(seeded);
    expect(seed).toContain(`${SESSION_MARKER} (session switch 1)`);
    expect(seed).toContain(`goal: ${task.goal}`);
    expect(seed).toMatch(/call type_text/); // from the output tail of result.json
    expect(seed).toMatch(
      /DURABLE STATE CAPPED: \d+ characters in all, the first 4000 shown; \d+ more characters are kept as "spill-\d+"/,
    );
    expect(seed).toContain('Enter the password'); // the current screen travels with it
    expect(seed).not.toContain(THOUGHT_MARK); // nothing of the old transcript
    expect(seed.length).toBeLessThan(SEED_CAP + 3000);
    const cursor = contextCursor(llm);
    expect(cursor.sessionSwitches).toBe(1);
    expect(cursor.context.session).toBe(2);
    expect(cursor.context.lastSeed).toEqual({ durableChars: expect.any(Number), capped: true });
    expect(cursor.context.overflows.cumulative.providerErrors).toBe(2);
    // The checkpoint carries the count.
    const saved = JSON.parse(readFileSync(join(h.stateDir, 'result.json'), 'utf8'));
    expect(saved.state.cursor.sessionSwitches).toBe(1);
  }, 20000);
});

describe('repeated overflow', () => {
  it('two overflows right after a switch halt the run with the reason, and nothing more is sent', async () => {
    fake.reset();
    const tooLong = overflowFor('openai');
    fake.respond(interrupting({ 3: tooLong, 4: tooLong, 5: tooLong, 6: tooLong }, model));
    const h = await startHarness('settings-wifi');
    const llm = wifiInterpreter(fake, 'openai', h, {
      durableState: durableStateFrom(h.stateDir, 12_000),
      context: { durableStateCapChars: SEED_CAP },
    });
    const summary = await h.run(llm, task);
    expect(summary.termination).toMatchObject({
      kind: 'halted',
      reason: expect.stringMatching(/^repeated context overflow: .* overflowed 2 times right after session switch 1/),
    });
    expect(fake.requests).toHaveLength(7);
    // After the first overflow in the fresh session it was rebuilt with a smaller seed.
    expect(userText(fake.requests[6]!.view).length).toBeLessThan(userText(fake.requests[5]!.view).length);
    expect(userText(fake.requests[6]!.view)).toContain(SESSION_MARKER);
    expect(contextCursor(llm).sessionSwitches).toBe(1);
    const saved = JSON.parse(readFileSync(join(h.stateDir, 'result.json'), 'utf8'));
    expect(saved.errors.map((e: { message: string }) => e.message).join('\n')).toMatch(/repeated context overflow/);
    // The code recovery reads is written, so a resume stops (exit 27) instead of overflowing again.
    expect(saved.errors.map((e: { code: string }) => e.code)).toContain('context_overflow_repeated');
  }, 20000);

  it('with no durable state to seed from, an overflow compaction cannot fix halts and says why', async () => {
    fake.reset();
    const tooLong = overflowFor('anthropic');
    fake.respond(interrupting({ 3: tooLong, 4: tooLong }, model));
    const h = await startHarness('settings-wifi');
    const llm = wifiInterpreter(fake, 'anthropic', h);
    const summary = await h.run(llm, task);
    expect(summary.termination).toMatchObject({
      kind: 'halted',
      reason: expect.stringContaining('no durable state to start a fresh session from'),
    });
    expect(fake.requests).toHaveLength(5);
    expect(contextCursor(llm).sessionSwitches).toBe(0);
    expect(contextCursor(llm).context.compactions).toBe(1);
  }, 20000);
});
