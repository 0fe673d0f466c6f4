// launchApp that cannot start the app says which app (the command's appId, else the flow's), what
// the bench looked for and where, what the screen showed instead, and what to pass — never an empty
// name ("appId  is not on the screen").
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openQuickJsSandbox } from '../../../src/adapters/js-sandbox/quickjs-sandbox.js';
import { readMaestroFlow } from '../../../src/app/suite/maestro/read-maestro-file.js';
import type { InterpretInput } from '../../../src/core/agent/interpreters/interpreter.js';
import type { Decision, ToolOutcome } from '../../../src/core/agent/types.js';
import { MaestroInterpreter } from '../../../src/core/maestro/maestro-interpreter.js';
import type { ScriptSandbox } from '../../../src/core/ports/script-sandbox.js';
import { line, screen } from '../../support/screen-builder.js';
import { maestroFolder } from './maestro-files.js';

let sandbox: ScriptSandbox;
afterEach(() => sandbox?.dispose());

/** A kiosk app: no home screen, Home and a swipe up change nothing. */
const kiosk = screen([line('Scan your ticket', 80, 300), line('Help', 400, 1200)]);

/** Runs the flow on a screen that never changes, every call answered ok, to its end. */
async function runToEnd(header: string, commands: string, env: Record<string, string> = {}): Promise<Decision> {
  const root = maestroFolder({ 'flow.yaml': `${header}---\n${commands}` });
  sandbox = await openQuickJsSandbox();
  const maestro = new MaestroInterpreter(readMaestroFlow(join(root, 'flow.yaml')), sandbox, {
    env,
    skipUnsupported: false,
  });
  let at = 0;
  let decision: Decision | undefined;
  for (let turn = 0; turn < 50; turn++) {
    const results: ToolOutcome[] = [];
    if (decision?.kind === 'calls') {
      const call = decision.calls[0]!;
      results.push({ callId: call.id, tool: call.name, status: 'ok', content: `${call.name} ok` });
    }
    const input: InterpretInput = {
      step: turn + 1,
      goal: 'g',
      results,
      observation: { at, screen: kiosk, quality: { ok: true } },
    };
    decision = await maestro.next(input);
    if (decision.kind !== 'calls') return decision;
    at += 1000;
  }
  throw new Error('the flow did not end in 50 turns');
}

describe('launchApp that cannot start the app', () => {
  it("without a label names the flow's appId and says what to pass", async () => {
    const end = await runToEnd('appId: com.example.tickets\n', '- launchApp\n');
    expect(end.kind).toBe('halt');
    const reason = (end as { reason: string }).reason;
    expect(reason).toContain('launchApp (appId com.example.tickets)');
    expect(reason).toContain('--env APP_LABEL="the label under the icon"');
    expect(reason).not.toMatch(/appId\s{2}/);
  });

  it('says so when neither the command nor the header names an app', async () => {
    const end = await runToEnd('name: no app\n', '- launchApp\n');
    expect((end as { reason: string }).reason).toContain(
      "(no appId: neither the command nor the flow's header names one)",
    );
  });

  it('where there is no home screen names the app, the label looked for, where, and what the screen showed', async () => {
    const end = await runToEnd(
      'appId: com.example.tickets\n',
      '- launchApp:\n    appId: com.example.other\n    stopApp: false\n',
      {
        APP_LABEL: 'Tickets',
      },
    );
    expect(end.kind).toBe('halt');
    const reason = (end as { reason: string }).reason;
    expect(reason).toContain(
      'launchApp (appId com.example.other): looked for its label "Tickets" on the home screen (after Home) and in the app drawer (a swipe up), and it is not there',
    );
    expect(reason).toContain('the screen shows "Scan your ticket", "Help"');
    expect(reason).toContain('--env APP_LABEL=');
  });
});
