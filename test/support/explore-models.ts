// An exploring run for the explore tests: the parent and its helper are scripted models behind the
// fake provider server (test/support/fake-llm-server.ts), on the in-process bench.
import { randomUUID } from 'node:crypto';
import { createLlm } from '../../src/adapters/llm/index.js';
import { LlmInterpreter } from '../../src/core/agent/interpreters/llm/llm-interpreter.js';
import type { GuardrailConfig } from '../../src/core/agent/guard/guardrail-config.js';
import type { AgentDeps } from '../../src/core/agent/loop/agent-deps.js';
import { runAgent } from '../../src/core/agent/loop/run-agent.js';
import { ToolRegistry } from '../../src/core/agent/tools/registry.js';
import type { Harness } from './agent-harness.js';
import type { FakeLlmServer, FakeLlmStep } from './fake-llm-server.js';
import type { FakeLlmView } from './fake-llm-view.js';

export const GOAL = 'Find out where the HomeNet-5G network is listed, then report it.';
export const FIND = 'Find the HomeNet-5G network in the Wi-Fi settings';

export const call = (name: string, args: Record<string, unknown>): FakeLlmStep => ({
  toolCalls: [{ name, arguments: args }],
});
export const isSubRun = (view: FakeLlmView) => view.system.includes('FIND:');
export const screen = (view: FakeLlmView) => view.lastUserText.slice(view.lastUserText.lastIndexOf('<screen>'));

/** The helper: taps two screens deep, going by what it reads. */
export function explorer(view: FakeLlmView): FakeLlmStep {
  const seen = screen(view);
  if (/HomeNet-5G/.test(seen))
    return call('report_exploration', {
      found: 'HomeNet-5G is in Settings > Network & internet, under More.',
      found_it: true,
    });
  if (/Choose a network/.test(seen)) return call('tap_text', { text: 'More' });
  if (/Network & internet/.test(seen))
    return call('tap_text', { text: 'Network & internet', expect: 'Choose a network' });
  return call('wait_for', { timeout_ms: 1000 });
}

/** The parent's run with explore available; `more` adds to its deps (an operator, say). */
export function runExploring(
  fake: FakeLlmServer,
  h: Harness,
  guardrails: Partial<GuardrailConfig> = {},
  more: Partial<AgentDeps> = {},
) {
  const llm = () =>
    createLlm({
      provider: 'openai-compatible',
      baseUrl: fake.baseUrl('openai'),
      model: 'scripted',
      requireApiKey: false,
      maxRetries: 0,
    });
  const parent = new LlmInterpreter(
    { llm: llm(), tools: new ToolRegistry().specs(), approvals: h.approvals, newId: randomUUID },
    GOAL,
  );
  const deps = {
    ...h.deps(parent, guardrails),
    ...more,
    explorer: (goal: string, tools: ToolRegistry) =>
      new LlmInterpreter(
        { llm: llm(), tools: tools.specs(), approvals: h.approvals, newId: randomUUID, exploring: true },
        goal,
      ),
  };
  return runAgent(deps, { goal: GOAL, task: 'test' });
}
