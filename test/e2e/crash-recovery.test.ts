// The recovery matrix on the virtual bench: `benchhand run` is killed with SIGKILL at every phase
// of a step, then `benchhand resume` reads the record, looks at the phone afresh, decides, and
// finishes the task — and the MCU's own log shows no physical action twice.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { loadTaskFile, unmetExpectations } from '../../src/sim/device/task-file.js';
import { FakeLlmServer } from '../support/fake-llm-server.js';
import { checkpointChecksum } from '../../src/core/state/checkpoint-checksum.js';
import { runCli, spawnCli } from '../support/run-cli.js';
import { until } from '../support/until.js';
import { wifiModel } from '../support/scripted-models.js';

const TASK = 'src/sim/devices/settings-wifi.task.yaml';
/** The Wi-Fi task taps Network & internet, More, HomeNet-5G, Password, Connect: once each. */
const EXPECTED_TAPS = 5;
let bench: VirtualBench | undefined;
let server: BenchServer | undefined;

async function freshBench() {
  bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('settings-wifi') });
  server = await BenchServer.start(bench);
  return { url: server.url, stateDir: mkdtempSync(join(tmpdir(), 'bh-crash-')) };
}
afterEach(async () => {
  await server?.close();
  await bench?.stop();
});

const taps = () => bench!.mcu.events().filter((e) => e.ev === 'tap_down').map((e) => `${e.x},${e.y}`);

/**
 * What recovery decides after a kill in each phase of step 3 (run-agent.ts, act-phase.ts and
 * call-tool.ts say where each phase hook sits): before the intent is journaled nothing is in
 * doubt (continue); killed after the intent but before the command is sent ('journal'), the screen
 * is as before, so the tap is done again under a new id (verify_then_retry); killed once the
 * command is on its way ('act': the serial write has left the process) or done ('verify'), its
 * effect shows on the fresh picture, so the run goes on after it (continue). A kill in 'act' races
 * the serial write itself: when the MCU's own log shows the step's tap, its effect shows and the
 * run continues; when the kill beat the write, the screen is as before and the tap is done again.
 */
const DECISION_AFTER_KILL_IN: Record<string, 'continue' | 'verify_then_retry'> = {
  observe: 'continue', interpret: 'continue', guard: 'continue',
  journal: 'verify_then_retry', act: 'continue',
  verify: 'continue', checkpoint: 'continue',
};

describe('kill -9 at every phase of a step, then resume', () => {
  it.each(Object.keys(DECISION_AFTER_KILL_IN))('killed in %s of step 3: resume finishes, no action twice', async (phase) => {
    const { url, stateDir } = await freshBench();
    const killed = await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet'], '', { BENCHHAND_CRASH_AT: `${phase}:3` });
    expect(killed.code).toBeNull(); // died of SIGKILL
    const tapsAtKill = taps().length;
    const resumed = await runCli(['resume', TASK, '--bench', url, '--state-dir', stateDir]);
    const expected = phase === 'act' ? (tapsAtKill >= 3 ? 'continue' : 'verify_then_retry') : DECISION_AFTER_KILL_IN[phase];
    expect(resumed.stdout.match(/^recovery: (\S+)/m)?.[1], `killed in ${phase} with ${tapsAtKill} taps on the MCU's log`).toBe(expected);
    expect(resumed.stdout).toMatch(/Submitted a result/);
    expect(resumed.code).toBe(0);
    expect(unmetExpectations(loadTaskFile(TASK), bench!.device)).toEqual([]);
    const seen = taps();
    expect(seen).toHaveLength(EXPECTED_TAPS);
    expect(new Set(seen).size).toBe(EXPECTED_TAPS);
  }, 90000);
});

describe('the device changed while the agent was down', () => {
  it('recovery notices, and the LLM re-plans from the screen it finds', async () => {
    const fake = await FakeLlmServer.start();
    try {
      fake.respond(wifiModel);
      const { url, stateDir } = await freshBench();
      const llm = ['--llm', 'openai-compatible', '--llm-url', fake.baseUrl('openai'), '--model', 'scripted'];
      const killed = await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet', ...llm], '', { BENCHHAND_CRASH_AT: 'checkpoint:3' });
      expect(killed.code).toBeNull();
      // Someone backs the phone out to the settings screen while the agent is down.
      await fetch(`${url}/faults`, { method: 'POST', body: JSON.stringify({ fault: 'screen-change', actions: [{ goto: 'settings' }] }) });
      await until(() => bench!.device.screen === 'settings', 10000, 'the phone backed out to settings');
      const resumed = await runCli(['resume', TASK, '--bench', url, '--state-dir', stateDir, ...llm]);
      expect(resumed.stdout).toMatch(/recovery: continue[\s\S]*the screen changed while the agent was down/);
      expect(resumed.stdout).toMatch(/Submitted a result/);
      expect(unmetExpectations(loadTaskFile(TASK), bench!.device)).toEqual([]);
      const handoff = JSON.stringify(fake.requests.at(-1)!.body);
      expect(handoff).toMatch(/resumed after an interruption/);
    } finally {
      await fake.close();
    }
  }, 120000);
});

describe('resume refuses what it cannot trust, before anything moves', () => {
  const cases: [string, (text: string) => string, number, RegExp][] = [
    ['an empty result file', () => '', 21, /is empty/],
    ['a truncated result file', (t) => t.slice(0, t.length / 2), 21, /not complete JSON/],
    ['a bad checksum', (t) => t.replace('"step": ', '"step": 1'), 21, /does not match its checksum/],
    ['a newer schema version', (t) => t.replace('"schemaVersion": 2', '"schemaVersion": 9'), 21, /schemaVersion 9.*newer benchhand/],
    ['garbage', () => '\u0000\u00ff not json at all', 21, /not complete JSON/],
    ['a missing field (checksum made to match)', (t) => {
      const { checksum: _old, ...body } = JSON.parse(t);
      delete body.outputTail;
      return JSON.stringify({ ...body, checksum: checkpointChecksum(body) });
    }, 21, /field outputTail/],
  ];
  it.each(cases)('%s', async (_name, damage, exitCode, message) => {
    const { url, stateDir } = await freshBench();
    await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet'], '', { BENCHHAND_CRASH_AT: 'observe:2' });
    const before = taps().length;
    const path = join(stateDir, 'result.json');
    writeFileSync(path, damage(readFileSync(path, 'utf8')));
    const resumed = await runCli(['resume', TASK, '--bench', url, '--state-dir', stateDir]);
    expect(resumed.code).toBe(exitCode);
    expect(resumed.stdout).toMatch(message);
    expect(resumed.stdout).toMatch(/Stopped before anything moved/);
    expect(taps().length).toBe(before);
  }, 60000);

  it('a missing record, and another task\'s record', async () => {
    const { url, stateDir } = await freshBench();
    expect((await runCli(['resume', TASK, '--bench', url, '--state-dir', stateDir])).code).toBe(20);
    await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet'], '', { BENCHHAND_CRASH_AT: 'observe:2' });
    const other = join(stateDir, 'other.task.yaml');
    writeFileSync(other, readFileSync(TASK, 'utf8').replace(/^goal: .*$/m, 'goal: Something else entirely.').replace('device: settings-wifi.yaml', `device: ${resolveDeviceFile('settings-wifi')}`));
    const foreign = await runCli(['resume', other, '--bench', url, '--state-dir', stateDir]);
    expect(foreign.stdout).toMatch(/another task/);
    expect(foreign.code).toBe(22);
  }, 60000);
});

describe('a person controls the run in the middle of a recovery', () => {
  it('pause holds the resumed run still, and resume lets it finish', async () => {
    const { url, stateDir } = await freshBench();
    await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet'], '', { BENCHHAND_CRASH_AT: 'checkpoint:2' });
    const child = spawnCli(['resume', TASK, '--bench', url, '--state-dir', stateDir]);
    let stdout = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await until(() => /^recovery: /m.test(stdout));
    expect((await runCli(['control', '--state-dir', stateDir, 'pause'])).code).toBe(0);
    await until(() => /operator_pause -> ok/.test(stdout));
    const held = taps().length;
    await new Promise((r) => setTimeout(r, 1500)); // deliberate: proves nothing moves for 1.5 s while paused
    expect(taps().length).toBe(held);
    await runCli(['control', '--state-dir', stateDir, 'resume']);
    expect(await exited).toBe(0);
    expect(stdout).toMatch(/Submitted a result/);
    expect(new Set(taps()).size).toBe(EXPECTED_TAPS);
    const audit = readFileSync(join(stateDir, 'audit.jsonl'), 'utf8');
    expect(audit).toMatch(/"tool":"operator_pause"[\s\S]*"tool":"operator_resume"/);
  }, 120000);

  it('a redirect during a resumed LLM run reaches the model as the operator\'s word', async () => {
    const fake = await FakeLlmServer.start();
    try {
      // The answer cites the screen it stops on (every final answer must): the title shown now.
      const title = (text: string) => ['Wi-Fi networks', 'HomeNet-5G', 'Settings', 'Wi-Fi'].find((t) => text.includes(`"${t}" at`)) ?? 'Settings';
      fake.respond((view) => (/OPERATOR'S NEW INSTRUCTIONS/.test(view.system) ? { text: `Stopping here as the operator asked.\nEvidence: "${title(view.lastUserText)}" in title` } : wifiModel(view)));
      const { url, stateDir } = await freshBench();
      const llm = ['--llm', 'openai-compatible', '--llm-url', fake.baseUrl('openai'), '--model', 'scripted'];
      await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet', ...llm], '', { BENCHHAND_CRASH_AT: 'checkpoint:2' });
      const child = spawnCli(['resume', TASK, '--bench', url, '--state-dir', stateDir, ...llm]);
      let stdout = '';
      child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      await until(() => /^recovery: /m.test(stdout));
      await runCli(['control', '--state-dir', stateDir, 'redirect', 'leave the Wi-Fi settings alone and stop']);
      expect(await exited).toBe(0);
      expect(stdout).toMatch(/Answered: .*|answer: Stopping here as the operator asked/);
    } finally {
      await fake.close();
    }
  }, 120000);
});

const keys = () => bench!.mcu.events().filter((e) => e.ev === 'key_down').length;
/** "correct horse": typed once. */
const PASSWORD_KEYS = 13;
const journalLines = (stateDir: string) => readFileSync(join(stateDir, 'journal.jsonl'), 'utf8').split('\n').filter(Boolean);

describe('resume does not trust a journal that lost records (issue 14.5)', () => {
  it.each([
    ['deleted', (path: string) => unlinkSync(path), /journal.jsonl is missing, but result.json shows actions up to command/],
    ['cut by its last two records', (path: string) => writeFileSync(path, `${journalLines(dirname(path)).slice(0, -2).join('\n')}\n`), /journal ends before the result's last action/],
  ])('a crash just after typing the password, the journal %s: stop (21), the password is not typed again', async (_name, damage, message) => {
    const { url, stateDir } = await freshBench();
    await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet'], '', { BENCHHAND_CRASH_AT: 'verify:5' });
    const last = JSON.parse(journalLines(stateDir).at(-2)!);
    expect(last).toMatchObject({ type: 'intent', tool: 'type_text', step: 5 }); // the crash really was just after typing
    expect(keys()).toBe(PASSWORD_KEYS);
    const before = taps().length;
    damage(join(stateDir, 'journal.jsonl'));
    const resumed = await runCli(['resume', TASK, '--bench', url, '--state-dir', stateDir]);
    expect(resumed.stdout).toMatch(message);
    expect(resumed.code).toBe(21);
    expect(keys()).toBe(PASSWORD_KEYS);
    expect(taps().length).toBe(before);
  }, 90000);
});

describe('run over a crashed run\'s state directory (issue 14.5)', () => {
  it('refuses and says to resume; --fresh archives the old record, then runs', async () => {
    const { url, stateDir } = await freshBench();
    await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet'], '', { BENCHHAND_CRASH_AT: 'checkpoint:2' });
    const saved = readFileSync(join(stateDir, 'result.json'), 'utf8');
    const before = taps().length;
    const refused = await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet']);
    expect(refused.stderr).toMatch(/holds an unfinished run .*benchhand resume TASK --state-dir .*--fresh/);
    expect(refused.code).toBe(1);
    expect(readFileSync(join(stateDir, 'result.json'), 'utf8')).toBe(saved);
    expect(taps().length).toBe(before);
    // A new phone (the old one is mid-task) and the same state directory, started over.
    await server!.close();
    await bench!.stop();
    const { url: newUrl } = await freshBench();
    const fresh = await runCli(['run', TASK, '--bench', newUrl, '--state-dir', stateDir, '--quiet', '--fresh']);
    const archives = readdirSync(join(stateDir, 'archive'));
    expect(archives).toHaveLength(1);
    expect(readFileSync(join(stateDir, 'archive', archives[0]!, 'result.json'), 'utf8')).toBe(saved);
    expect(JSON.parse(readFileSync(join(stateDir, 'result.json'), 'utf8')).continuationId).not.toBe(JSON.parse(saved).continuationId);
    expect(fresh.stdout).toMatch(/Submitted a result/);
    expect(fresh.code).toBe(0);
  }, 120000);
});

describe('a focus tap is safe to repeat (issue 14.7)', () => {
  it.each(['act', 'verify'])('killed in %s of the Password focus tap: resume finishes, the password typed once', async (phase) => {
    const { url, stateDir } = await freshBench();
    await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet'], '', { BENCHHAND_CRASH_AT: `${phase}:4` });
    expect(JSON.parse(journalLines(stateDir).find((l) => /"type":"intent"/.test(l) && /"step":4/.test(l))!)).toMatchObject({ tool: 'tap_text', repeatable: true });
    const resumed = await runCli(['resume', TASK, '--bench', url, '--state-dir', stateDir]);
    expect(resumed.stdout).toMatch(phase === 'act' ? /^recovery: verify_then_retry[\s\S]*safe to repeat/m : /^recovery: continue[\s\S]*safe to repeat/m);
    expect(resumed.code).toBe(0);
    expect(keys()).toBe(PASSWORD_KEYS);
    expect(unmetExpectations(loadTaskFile(TASK), bench!.device)).toEqual([]);
  }, 90000);
});

describe('bad files stop with their code and one sentence (issue 14.6)', () => {
  it('result.json a directory, the journal a symlink to /dev/zero: 21, naming the file and the fix', async () => {
    const { url, stateDir } = await freshBench();
    await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet'], '', { BENCHHAND_CRASH_AT: 'observe:2' });
    unlinkSync(join(stateDir, 'journal.jsonl'));
    symlinkSync('/dev/zero', join(stateDir, 'journal.jsonl'));
    const zero = await runCli(['resume', TASK, '--bench', url, '--state-dir', stateDir]);
    expect(zero.stdout).toMatch(/journal.jsonl is a symbolic link, not the regular file benchhand writes there: it is not followed or read/);
    expect(zero.code).toBe(21);
    rmSync(join(stateDir, 'result.json'));
    mkdirSync(join(stateDir, 'result.json'));
    const directory = await runCli(['resume', TASK, '--bench', url, '--state-dir', stateDir]);
    expect(directory.stdout).toMatch(/result.json is a directory, not a result file: move it aside/);
    expect(directory.code).toBe(21);
  }, 90000);

  it('a damaged mcu-command-ids.json stops the run at its start (21), before anything moves', async () => {
    const { url, stateDir } = await freshBench();
    writeFileSync(join(stateDir, 'mcu-command-ids.json'), '{"version":1,"reservedThrough":"lots"}');
    const run = await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir]);
    expect(run.stderr).toMatch(/mcu-command-ids.json: field reservedThrough must be a whole number .* delete it/);
    expect(run.code).toBe(21);
    expect(taps()).toHaveLength(0);
  }, 60000);
});

describe('a run halted by repeated context overflow is not resumed into the model again (issue 14.7)', () => {
  it('the halt saves context_overflow_repeated; resume stops with 27 and sends the model nothing', async () => {
    const fake = await FakeLlmServer.start();
    try {
      fake.respond(() => ({ overflow: 'anthropic' }));
      const { url, stateDir } = await freshBench();
      const llm = ['--llm', 'anthropic', '--llm-url', fake.baseUrl('anthropic'), '--model', 'scripted'];
      const halted = await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet', ...llm], '', { ANTHROPIC_API_KEY: 'test-key' });
      expect(halted.code).toBe(5);
      expect(JSON.parse(readFileSync(join(stateDir, 'result.json'), 'utf8')).errors.map((e: { code: string }) => e.code)).toContain('context_overflow_repeated');
      const sent = fake.requests.length;
      const resumed = await runCli(['resume', TASK, '--bench', url, '--state-dir', stateDir, ...llm], '', { ANTHROPIC_API_KEY: 'test-key' });
      expect(resumed.stdout).toMatch(/recovery: stop \(repeated_overflow\)/);
      expect(resumed.code).toBe(27);
      expect(fake.requests.length).toBe(sent);
    } finally {
      await fake.close();
    }
  }, 90000);
});
