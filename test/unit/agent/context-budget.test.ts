// The context budget and the overflow ladder as pure data: the estimate corrected by reported
// usage, the window learned from the provider, the result cap scaling with a small window, the
// order compact -> switch -> reseed -> halt, and a session seed that is bounded and carries no
// old transcript.
import { describe, expect, it } from 'vitest';
import { ContextBudget, DEFAULT_CONTEXT_WINDOW } from '../../../src/core/agent/interpreters/llm/context-budget.js';
import { ContextManager } from '../../../src/core/agent/interpreters/llm/context-manager.js';
import { resolveContextOptions } from '../../../src/core/agent/interpreters/llm/context-options.js';
import { OverflowPolicy } from '../../../src/core/agent/interpreters/llm/overflow-policy.js';
import { capFromTokens } from '../../../src/core/agent/interpreters/llm/cap-tool-result.js';
import { seedSession } from '../../../src/core/agent/interpreters/llm/session-seed.js';
import { SpillStore } from '../../../src/core/agent/interpreters/llm/spill-store.js';
import type { LlmMessage } from '../../../src/core/ports/llm.js';

const request = (chars: number) => ({ system: 's'.repeat(chars), tools: [], messages: [] });

describe('ContextBudget', () => {
  it('plans against 200k tokens when nobody says, and the configured window otherwise', () => {
    expect(new ContextBudget(undefined).snapshot()).toMatchObject({
      windowTokens: DEFAULT_CONTEXT_WINDOW,
      windowSource: 'default',
    });
    expect(new ContextBudget(8192).snapshot()).toMatchObject({ windowTokens: 8192, windowSource: 'configured' });
  });

  it('corrects its estimate by the ratio the provider reported, within bounds', () => {
    const budget = new ContextBudget(10_000);
    expect(budget.measure(request(3500))).toBe(1000);
    budget.calibrate(1000, 1300);
    expect(budget.measure(request(3500))).toBe(1300);
    expect(budget.snapshot()).toMatchObject({
      estimatedTokens: 1000,
      correctedTokens: 1300,
      correction: 1.3,
      fill: 0.13,
    });
    budget.calibrate(1000, 50_000);
    expect(budget.snapshot().correction).toBe(4);
  });

  it('learns a smaller window from the provider, never a larger one', () => {
    const budget = new ContextBudget(200_000);
    budget.learnLimit(300_000);
    expect(budget.window).toBe(200_000);
    budget.learnLimit(8192);
    expect(budget.snapshot()).toMatchObject({ windowTokens: 8192, windowSource: 'learned' });
  });
});

describe('ContextManager', () => {
  const manager = (window: number | undefined, portWindow?: number) =>
    new ContextManager({
      goal: 'g',
      options: resolveContextOptions(window === undefined ? {} : { contextWindow: window }),
      ...(portWindow ? { portWindow } : {}),
    });

  it("the option wins over the port's window, and the result cap shrinks with a small window", () => {
    expect(manager(50_000, 8192).budget.window).toBe(50_000);
    expect(manager(undefined, 8192).budget.window).toBe(8192);
    expect(manager(undefined).resultCap()).toEqual(capFromTokens(4000, 3.5));
    expect(manager(undefined, 8192).resultCap()).toEqual(capFromTokens(819, 3.5));
  });

  it('an overflow error with no numbers still teaches that what was sent did not fit', async () => {
    const context = manager(100_000);
    const messages: LlmMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'screen' }] }];
    await context.afterOverflow(messages, { kind: 'error', estimate: 20_000, message: 'context size exceeded' });
    expect(context.snapshot().budget.windowTokens).toBe(19_000);
    expect(context.snapshot().overflows.cumulative.providerErrors).toBe(1);
  });

  it('refuses options that make no sense', () => {
    expect(() => resolveContextOptions({ compactAt: 0.95, switchAt: 0.9 })).toThrow(/compactAt/);
  });
});

describe('OverflowPolicy', () => {
  it('compacts, then switches, then reseeds the fresh session, then halts; an answer starts the count over', () => {
    const policy = new OverflowPolicy();
    expect(policy.onProviderOverflow()).toEqual({ kind: 'compact' });
    policy.onAnswer();
    expect(policy.onProviderOverflow()).toEqual({ kind: 'compact' });
    expect(policy.onProviderOverflow()).toEqual({ kind: 'switch_session' });
    policy.onSessionSwitch();
    expect(policy.onProviderOverflow()).toEqual({ kind: 'reseed' });
    expect(policy.onProviderOverflow()).toEqual({ kind: 'halt', overflowsAfterSwitch: 2 });
    policy.onSessionSwitch();
    policy.onAnswer();
    expect(policy.onProviderOverflow()).toEqual({ kind: 'compact' });
  });
});

describe('seedSession', () => {
  const lastAssistant: LlmMessage = {
    role: 'assistant',
    content: [
      { type: 'text', text: 'old thought' },
      { type: 'tool_call', id: 'c1', name: 'read_note', argumentsJson: '{"name":"log"}' },
    ],
  };
  const lastUser: LlmMessage = {
    role: 'user',
    content: [
      { type: 'tool_result', callId: 'c1', content: `status: ok\n${'log line\n'.repeat(2000)}` },
      { type: 'text', text: 'Current screen: <screen>Wi-Fi</screen>' },
    ],
  };
  const seed = (durableState: string, spills = new SpillStore()) =>
    seedSession({
      durableState,
      durableCapChars: 1000,
      switchNumber: 2,
      reason: 'too long',
      lastUser,
      lastAssistant,
      resultCap: capFromTokens(500, 3.5),
      spills,
    });

  it('is bounded: an over-long record is capped with a note, and so is a carried result', () => {
    const spills = new SpillStore();
    const { message, capped, durableChars } = seed(`goal: connect\n${'completed step\n'.repeat(500)}`, spills);
    const text = message.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    expect(capped).toBe(true);
    expect(durableChars).toBeGreaterThan(7000);
    expect(text.length).toBeLessThan(1000 + 1750 + 1500);
    expect(text).toMatch(
      /DURABLE STATE CAPPED: \d+ characters in all, the first 1000 shown; \d+ more characters are kept as "spill-1"/,
    );
    expect(text).toContain('- read_note {"name":"log"}:\nstatus: ok\nlog line');
    expect(text).toMatch(/CUT TO SAVE CONTEXT/);
    expect(spills.count).toBe(2);
  });

  it('is one user message with the record, the results as text and the current screen; nothing else of the old session', () => {
    const { message, capped } = seed('goal: connect\ncompleted: tap Wi-Fi');
    expect(capped).toBe(false);
    expect(message.role).toBe('user');
    expect(message.content.map((c) => c.type)).toEqual(['text', 'text']);
    expect(message.content[0]).toMatchObject({ text: expect.stringContaining('NEW SESSION (session switch 2)') });
    expect(message.content[1]).toEqual({ type: 'text', text: 'Current screen: <screen>Wi-Fi</screen>' });
    expect(JSON.stringify(message)).not.toContain('old thought');
  });
});
