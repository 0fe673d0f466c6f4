// Issue 14.4: a secret that shows on screen in plain text (typed into a visible field, here the
// Email box) is masked as the observation enters the loop, so no file of the state directory
// (result.json, result.prev.json, journal, audit, notes) and no request to the model holds it.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlm } from '../../../src/adapters/llm/index.js';
import { loadTask } from '../../../src/app/agent/task-file.js';
import { LlmInterpreter } from '../../../src/core/agent/interpreters/llm/llm-interpreter.js';
import { maskSecret, redactObservation, secretMasker } from '../../../src/core/agent/redact-secrets.js';
import { ToolRegistry } from '../../../src/core/agent/tools/registry.js';
import { usageForChar } from '../../../src/sim/device/hid-keys.js';
import { startHarness } from '../../support/agent-harness.js';
import { FakeLlmServer } from '../../support/fake-llm-server.js';
import { seeing } from '../../support/recovery-fixtures.js';

const task = loadTask('src/sim/devices/sign-in-otp.task.yaml');
const SECRET = task.inputs.password!;
let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await FakeLlmServer.start();
});
afterAll(async () => {
  await fake.close();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('secrets are masked out of what the loop sees', () => {
  it('masks every occurrence in lines, words, elements and region titles, whatever the case and spacing', () => {
    const seen = seeing('Email', 'correct Horse', 'your password is correct horse.');
    const masked = redactObservation(
      {
        ...seen,
        screen: {
          ...seen.screen,
          regions: [
            {
              id: 'r1',
              kind: 'dialog',
              box: { x: 0, y: 0, width: 9, height: 9 },
              unasked: true,
              title: 'Hi correct horse',
              evidence: 'layout',
            },
          ],
        },
      },
      ['correct horse'],
    );
    const text = JSON.stringify(masked.screen);
    expect(text).not.toMatch(/correct|horse/i);
    expect(masked.screen.lines[2]!.text).toBe('your password is •••••••••••••.');
    expect(masked.screen.lines[1]!.words.map((w) => w.text)).toEqual(['•••••••', '•••••']);
    expect(masked.screen.lines[0]!.text).toBe('Email');
    expect(secretMasker(['correct horse'])('a CORRECT   horse b')).toBe(`a ${'•'.repeat(15)} b`);
    expect(secretMasker([])('anything')).toBe('anything');
  });

  it('the model cannot type the password into the Email field; and where the secret shows in plain text anyway, no state file and no model request holds it', async () => {
    fake.reset();
    fake.script([
      { toolCalls: [{ name: 'tap_text', arguments: { text: 'Email', expect_change: false } }] },
      { toolCalls: [{ name: 'type_text', arguments: { text: '{password}' } }] },
      { toolCalls: [{ name: 'read_screen', arguments: {} }] },
      { toolCalls: [{ name: 'tap_text', arguments: { text: 'Password', expect_change: false } }] },
      { toolCalls: [{ name: 'write_note', arguments: { name: 'seen', text: 'what I saw' } }] },
      { text: 'Stopping here.\nEvidence: "Password"' },
    ]);
    const h = await startHarness('sign-in-otp');
    // The secret gets onto the screen in plain text by another way (a person typed it into the
    // Email box before the run): the loop must mask it wherever it shows.
    const email = h.device.groundTruth().targets.find((t) => t.role === 'field' && t.label === 'Email')!.box;
    h.device.tapDown(email.x + email.width / 2, email.y + email.height / 2, 0);
    h.device.tapUp(email.x + email.width / 2, email.y + email.height / 2, 50);
    for (const char of SECRET) {
      const { usage, mods } = usageForChar(char);
      h.device.keyDown(usage, mods, 60);
      h.device.keyUp(usage, mods, 60);
    }
    const llm = createLlm({
      provider: 'openai-compatible',
      baseUrl: fake.baseUrl('openai'),
      model: 'scripted',
      requireApiKey: false,
      maxRetries: 0,
    });
    const interpreter = new LlmInterpreter(
      { llm, tools: new ToolRegistry().specs(), approvals: h.approvals, newId: randomUUID },
      task.goal,
    );
    const summary = await h.run(interpreter, task);
    expect(summary.termination).toMatchObject({ kind: 'answered' });
    // The type tool refused: a secret goes only into a password field.
    expect(h.audit().find((a) => a.tool === 'type_text')).toMatchObject({
      status: 'invalid_arguments',
      message: expect.stringContaining('secrets go only into a password field'),
    });
    // It really was on the screen in plain text: the device's Email field holds it.
    expect(JSON.stringify(h.device.groundTruth().texts)).toContain(SECRET);
    const read = fake.requests[3]!.view.lastToolResult?.content ?? '';
    expect(read).toMatch(/•{8}/);
    expect(JSON.stringify(fake.requests.map((r) => r.body))).not.toContain(SECRET);
    const files = filesUnder(h.stateDir);
    expect(files.map((f) => f.slice(h.stateDir.length + 1))).toEqual(
      expect.arrayContaining(['result.json', 'result.prev.json', 'journal.jsonl', 'audit.jsonl']),
    );
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toContain(SECRET);
  }, 30000);
});

describe('maskSecret (the one masking of text a record holds)', () => {
  it('masks the text of secret arguments and actions, as many • as it had, or three to hide the length', () => {
    expect(maskSecret({ text: 'hunter2', secret: true })).toEqual({ text: '•••••••', secret: true });
    expect(maskSecret({ kind: 'type', text: 'correct horse', secret: true })).toEqual({
      kind: 'type',
      text: '•••••••••••••',
      secret: true,
    });
    expect(maskSecret({ text: '{password}', secret: true }, { hideLength: true }).text).toBe('•••');
  });

  it('leaves anything not secret as it is', () => {
    const tap = { kind: 'tap', device: { x: 1, y: 2 } };
    expect(maskSecret(tap)).toBe(tap);
    expect(maskSecret({ text: 'hello', secret: false })).toEqual({ text: 'hello', secret: false });
    expect(maskSecret(null)).toBeNull();
  });
});
