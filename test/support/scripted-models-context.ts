// Scripted models and helpers for the context-overflow tests: a Wi-Fi model that, like a real
// model, also remembers what it did from compaction summaries and session seeds (not only from
// its own tool calls still in the transcript); a wrapper that makes every reply long (as
// reasoning models write), so history, not the fixed prompt, fills the window; a wrapper
// that answers chosen requests with an overflow instead; and the durable-state summary a
// composition root would build from result.json; and the interpreter and checks the tests share.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createLlm } from '../../src/adapters/llm/index.js';
import { loadTask } from '../../src/app/agent/task-file.js';
import type { ContextSnapshot } from '../../src/core/agent/interpreters/llm/context-manager.js';
import { LlmInterpreter, type LlmInterpreterOptions } from '../../src/core/agent/interpreters/llm/llm-interpreter.js';
import { ToolRegistry } from '../../src/core/agent/tools/registry.js';
import type { LlmMessage } from '../../src/core/ports/llm.js';
import { loadTaskFile, unmetExpectations } from '../../src/sim/device/task-file.js';
import type { Harness } from './agent-harness.js';
import type { Protocol } from './fake-llm-replies.js';
import type { FakeLlmRequest, FakeLlmServer, FakeLlmStep, FakeResponder } from './fake-llm-server.js';
import type { OverflowDialect } from './fake-llm-steps.js';
import type { FakeLlmView } from './fake-llm-view.js';
import { callsMade, wifiModelAnswering } from './scripted-models.js';

export const WIFI_TASK_FILE = 'src/sim/devices/settings-wifi.task.yaml';
export const WIFI_TASK = loadTask(WIFI_TASK_FILE);

/** Every word the model was sent in user turns: screens, results, summaries, seeds. */
export const userText = (view: FakeLlmView): string =>
  view.messages
    .filter((m) => m.role === 'user')
    .flatMap((m) =>
      m.content.flatMap((c) => (c.type === 'text' ? [c.text] : c.type === 'tool_result' ? [c.content] : [])),
    )
    .join('\n');

/** The settings-wifi flow; "did I type the password?" is answered from the whole prompt. */
export const rememberingWifiModel = wifiModelAnswering(
  (view) => callsMade(view).includes('type_text') || /type_text/.test(userText(view)),
);

export const THOUGHT_MARK = 'thought-of-turn-';

/** Each reply of `model` comes with `chars` characters of reasoning, marked with its turn. */
export function thinking(model: FakeResponder, chars: number): FakeResponder {
  return async (view, request) => {
    const step = await model(view, request);
    if (!('toolCalls' in step) && !('text' in step)) return step;
    const turn = view.messages.filter((m) => m.role === 'assistant').length + 1;
    const sentence =
      'I compare the screen with the goal and choose the next small step that I can verify by looking again. ';
    return {
      ...step,
      text: `${THOUGHT_MARK}${turn}: ${sentence.repeat(Math.ceil(chars / sentence.length)).slice(0, chars)}`,
    };
  };
}

/** The prompt size a server would count for this request (the fake's own default usage rule). */
export const reportedTokens = (request: FakeLlmRequest): number => Math.ceil(JSON.stringify(request.body).length / 4);

/**
 * Overflow errors in `dialect`'s words from a model whose window is fixed by the first request
 * it refuses (`ratio` of that request's size). Later refusals by the same instance report that
 * same limit and a prompt just over it, as a provider that counts tokens its own way would.
 */
export function overflowFor(dialect: OverflowDialect, ratio = 0.9): (request: FakeLlmRequest) => FakeLlmStep {
  let limitTokens: number | undefined;
  return (request) => {
    const size = reportedTokens(request);
    limitTokens ??= Math.floor(size * ratio);
    return { overflow: dialect, promptTokens: Math.max(size, limitTokens + 1), limitTokens };
  };
}

/** Answers the requests numbered in `at` (0 = first request) with their step, the rest with `model`. */
export function interrupting(
  at: Record<number, (request: FakeLlmRequest) => FakeLlmStep>,
  model: FakeResponder,
): FakeResponder {
  return (view, request) => {
    const special = at[request.index];
    return special ? special(request) : model(view, request);
  };
}

/**
 * What the composition root will hand the interpreter as durableState: a summary of the result
 * file (goal, completed, pending, errors, output tail, last verified screen). Built here from
 * the harness's real result.json; `padTo` makes it long, to test the cap.
 */
export function durableStateFrom(stateDir: string, padTo = 0): () => string {
  return () => {
    const saved = JSON.parse(readFileSync(join(stateDir, 'result.json'), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const text = [
      `goal: ${saved.state?.goal}`,
      `completed: ${JSON.stringify(saved.state?.completed ?? [])}`,
      `pending: ${JSON.stringify(saved.state?.pending ?? [])}`,
      `errors: ${JSON.stringify(saved.errors ?? [])}`,
      `output tail:\n${(saved.outputTail ?? []).join('\n')}`,
      `last verified screen: ${JSON.stringify(saved.lastVerifiedScreen ?? null)}`,
    ].join('\n');
    return text.length >= padTo
      ? text
      : `${text}\nnotes:\n${'- an operator note kept for the record. '.repeat(Math.ceil((padTo - text.length) / 40))}`;
  };
}

/**
 * Broken tool pairs in a transcript as a server received it (must be none): a tool result whose
 * call is not in the assistant message right before, or a call the next message does not answer.
 */
export function brokenPairsIn(messages: LlmMessage[]): string[] {
  const callsOf = (message: LlmMessage | undefined) =>
    message?.role === 'assistant' ? message.content.flatMap((c) => (c.type === 'tool_call' ? [c.id] : [])) : [];
  const resultsOf = (message: LlmMessage | undefined) =>
    message?.role === 'user' ? message.content.flatMap((c) => (c.type === 'tool_result' ? [c.callId] : [])) : [];
  return messages.flatMap((message, index) => {
    const orphans = resultsOf(message)
      .filter((id) => !callsOf(messages[index - 1]).includes(id))
      .map((id) => `orphaned result ${id}`);
    const unanswered =
      index + 1 < messages.length
        ? callsOf(message)
            .filter((id) => !resultsOf(messages[index + 1]).includes(id))
            .map((id) => `unanswered call ${id}`)
        : [];
    return [...orphans, ...unanswered];
  });
}

/** The LLM interpreter for the settings-wifi task, talking to `fake` over `protocol`. */
export function wifiInterpreter(
  fake: FakeLlmServer,
  protocol: Protocol,
  h: Harness,
  extra: Partial<LlmInterpreterOptions> & { contextWindow?: number } = {},
): LlmInterpreter {
  const { contextWindow, ...options } = extra;
  const llm = createLlm({
    provider: protocol === 'anthropic' ? 'anthropic' : 'openai-compatible',
    baseUrl: fake.baseUrl(protocol),
    model: 'scripted',
    requireApiKey: false,
    maxRetries: 0,
    ...(contextWindow ? { contextWindow } : {}),
  });
  return new LlmInterpreter(
    {
      llm,
      tools: new ToolRegistry().specs(),
      approvals: h.approvals,
      newId: randomUUID,
      handoff: 'Task inputs: {password}: secret, type it as {password}',
      ...options,
    },
    WIFI_TASK.goal,
  );
}

/** The goal reached on the device, the password typed once, and no tool pair broken in any request. */
export function expectWifiReachedCleanly(fake: FakeLlmServer, h: Harness): void {
  expect(unmetExpectations(loadTaskFile(WIFI_TASK_FILE), h.device)).toEqual([]);
  expect(h.audit().filter((a) => a.tool === 'type_text')).toHaveLength(1);
  for (const request of fake.requests)
    expect(brokenPairsIn(request.view.messages), `request #${request.index}`).toEqual([]);
}

/** The interpreter's checkpoint cursor, typed. */
export const contextCursor = (interpreter: LlmInterpreter) =>
  interpreter.cursor() as { sessionSwitches: number; spillReads: number; context: ContextSnapshot };
