// The explore tool: a sub-run with a fresh context, its own budget taken from the parent's, a
// read-mostly allowlist and a capped report as the only thing that crosses back. The parent and
// the sub-run are scripted models behind the fake provider server, on the in-process bench.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPLORE_REPORT_CAP_CHARS } from '../../../src/core/agent/explore/explore-report.js';
import { EXPLORE_TOOL_NAMES, exploreRegistry } from '../../../src/core/agent/explore/explore-allowlist.js';
import type { GuardrailConfig } from '../../../src/core/agent/guard/guardrail-config.js';
import { ToolRegistry } from '../../../src/core/agent/tools/registry.js';
import { startHarness, type Harness } from '../../support/agent-harness.js';
import { call, explorer, FIND, GOAL, isSubRun, runExploring } from '../../support/explore-models.js';
import { FakeLlmServer, type FakeLlmStep } from '../../support/fake-llm-server.js';

let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await FakeLlmServer.start();
});
afterAll(async () => {
  await fake.close();
});

const run = (h: Harness, guardrails: Partial<GuardrailConfig> = {}) => runExploring(fake, h, guardrails);

describe('explore', () => {
  it("finds a setting two screens deep; the parent's transcript grows by the capped report only", async () => {
    fake.reset();
    fake.respond((view) => {
      if (isSubRun(view)) return explorer(view);
      if (!view.toolResults.length) return call('explore', { goal: FIND, max_steps: 8 });
      return call('submit_result', {
        summary: 'HomeNet-5G is listed under Network & internet, More',
        evidence: [{ text: 'HomeNet-5G' }],
      });
    });
    const h = await startHarness('settings-wifi');
    const summary = await run(h);
    expect(summary.termination.kind).toBe('submitted');

    const parentRequests = fake.requests.filter((r) => !isSubRun(r.view));
    const subRequests = fake.requests.filter((r) => isSubRun(r.view));
    expect(subRequests.length).toBe(3);
    // A fresh context: the sub-run never sees the parent's goal or transcript, and has only its tools.
    expect(subRequests[0]!.view.messages).toHaveLength(1);
    expect(JSON.stringify(subRequests.map((r) => r.body))).not.toContain(GOAL);
    expect(subRequests[0]!.view.tools.map((t) => t.name).sort()).toEqual([
      'back',
      'find_text',
      'home',
      'press_key',
      'read_screen',
      'read_spill',
      'report_exploration',
      'scroll',
      'swipe',
      'tap_point',
      'tap_text',
      'wait_for',
    ]);
    // The parent: before and after the exploration, two messages more (its call, and the report with the fresh screen).
    const [before, after] = parentRequests as [(typeof parentRequests)[0], (typeof parentRequests)[0]];
    expect(after.view.messages.length - before.view.messages.length).toBe(2);
    const report = after.view.lastToolResult!.content;
    expect(report.length).toBeLessThanOrEqual(EXPLORE_REPORT_CAP_CHARS + 20);
    expect(report).toMatch(/FOUND: HomeNet-5G is in Settings/);
    expect(report).toMatch(/1\. tap on "Network & internet".*\n2\. tap on "More"/);
    expect(report).toMatch(/Ended on .*"HomeNet-5G"/);
    expect(report).toMatch(/look at the screen .* before acting/);
    // Nothing of the sub-run's screens in the parent's transcript but the report (and the screen now).
    const parentText = JSON.stringify(after.view.messages.slice(0, -1));
    expect(parentText).not.toContain('Cafe Guest');

    // Its calls are recorded under its own run id; its steps count in the parent's.
    const audit = h.audit() as unknown as { runId: string; tool: string; status: string }[];
    const parentId = audit.find((a) => a.tool === 'explore')!.runId;
    const subCalls = audit.filter((a) => a.runId !== parentId);
    expect(subCalls.map((a) => a.tool)).toEqual(['tap_text', 'tap_text', 'report_exploration']);
    const runs = h.journal().filter((r) => r.type === 'run') as unknown as { runId: string }[];
    expect(runs.map((r) => r.runId)).toEqual([parentId, subCalls[0]!.runId]);
    expect(
      (h.journal().filter((r) => r.type === 'intent') as unknown as { runId: string }[]).every(
        (r) => r.runId === subCalls[0]!.runId,
      ),
    ).toBe(true);
    expect(summary.stepsUsed).toBe(5);
    expect(h.mcu.actuations).toHaveLength(2);
  }, 30000);

  it('a sub-run cannot type, press another key, or tap an element under an approval rule: refused, nothing moves', async () => {
    fake.reset();
    const tries: FakeLlmStep[] = [
      call('type_text', { text: '{password}' }),
      call('press_key', { key: 'ENTER' }),
      call('tap_text', { text: 'Network & internet' }),
      call('report_exploration', { found: 'Every way in was refused.', found_it: false }),
    ];
    fake.respond((view) =>
      isSubRun(view)
        ? tries.shift()!
        : view.toolResults.length
          ? call('hand_over', { reason: 'the helper found nothing' })
          : call('explore', { goal: FIND }),
    );
    const h = await startHarness('settings-wifi');
    const summary = await run(h, { approvals: [{ name: 'network', tool: 'tap_text', targetMatches: 'network' }] });
    expect(summary.termination.kind).toBe('handed_over');
    const sub = (h.audit() as { tool: string; status: string; message: string }[]).filter(
      (a) => a.tool !== 'explore' && a.tool !== 'hand_over',
    );
    expect(sub.map((a) => `${a.tool}:${a.status}`)).toEqual([
      'type_text:unknown_tool',
      'press_key:invalid_arguments',
      'tap_text:denied_by_user',
      'report_exploration:ok',
    ]);
    expect(sub[2]!.message).toMatch(/the exploration policy did not approve/);
    expect(h.mcu.actuations).toEqual([]);
    expect(h.approvals.asked ?? []).toEqual([]);
  }, 20000);

  it('the allowlist is chosen by name: gesture tools join when registered, the rest never', () => {
    const registry = exploreRegistry(new ToolRegistry());
    expect(registry.names).not.toContain('type_text');
    expect(registry.names).not.toContain('explore');
    expect(registry.names).not.toContain('submit_result');
    expect(EXPLORE_TOOL_NAMES).toEqual(expect.arrayContaining(['scroll', 'swipe', 'back', 'home']));
  });

  it("its budget is taken from the parent's", async () => {
    fake.reset();
    fake.respond((view) =>
      isSubRun(view)
        ? call('wait_for', { timeout_ms: 100 })
        : view.toolResults.length
          ? call('hand_over', { reason: 'budget' })
          : call('explore', { goal: FIND, max_steps: 30 }),
    );
    const h = await startHarness('settings-wifi');
    const summary = await run(h, { maxSteps: 6 });
    const subCalls = (h.audit() as { tool: string }[]).filter((a) => a.tool === 'wait_for');
    // 6 steps: one for the explore call, two kept for the parent, three for the helper.
    expect(subCalls).toHaveLength(3);
    expect(summary.termination.kind).toBe('handed_over');
  }, 20000);
});
