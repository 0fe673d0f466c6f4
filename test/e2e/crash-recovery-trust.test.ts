// Resume refuses what it cannot trust, before anything moves: a damaged, foreign or missing
// result file, a journal that lost records, bad files in the state directory, a run over a
// crashed run's state, a run halted by repeated context overflow. The refusals of a damaged
// record share one crashed run (copied per case): they stop before looking at the phone.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { checkpointChecksum } from '../../src/core/state/checkpoint-checksum.js';
import { FakeLlmServer } from '../support/fake-llm-server.js';
import { runCli } from '../support/run-cli.js';
import {
  journalLines,
  PASSWORD_KEYS,
  crashBenchPerTest,
  startCrashBench,
  TASK,
  type CrashBench,
} from '../support/crash-bench.js';

const benches = crashBenchPerTest();
const freshBench = () => benches.fresh();
const taps = () => benches.bench.taps();
const keys = () => benches.bench.keys();

describe('resume refuses what it cannot trust, before anything moves', () => {
  const cases: [string, (text: string) => string, number, RegExp][] = [
    ['an empty result file', () => '', 21, /is empty/],
    ['a truncated result file', (t) => t.slice(0, t.length / 2), 21, /not complete JSON/],
    ['a bad checksum', (t) => t.replace('"step": ', '"step": 1'), 21, /does not match its checksum/],
    [
      'a newer schema version',
      (t) => t.replace('"schemaVersion": 2', '"schemaVersion": 9'),
      21,
      /schemaVersion 9.*newer benchhand/,
    ],
    ['garbage', () => '\u0000\u00ff not json at all', 21, /not complete JSON/],
    [
      'a missing field (checksum made to match)',
      (t) => {
        const { checksum: _old, ...body } = JSON.parse(t);
        delete body.outputTail;
        return JSON.stringify({ ...body, checksum: checkpointChecksum(body) });
      },
      21,
      /field outputTail/,
    ],
  ];
  // One run crashed at step 2's observe (one tap done), on one bench; each case damages its own copy.
  let shared: CrashBench;
  let crashed: string;
  beforeAll(async () => {
    shared = await startCrashBench();
    crashed = shared.stateDir;
    const killed = await runCli(['run', TASK, '--bench', shared.url, '--state-dir', crashed, '--quiet'], '', {
      BENCHHAND_CRASH_AT: 'observe:2',
    });
    expect(killed.code).toBeNull();
    expect(shared.taps()).toHaveLength(1);
  }, 120000);
  afterAll(async () => {
    await shared?.close();
  });
  const copyOfCrashed = () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'bh-crash-copy-'));
    cpSync(crashed, stateDir, { recursive: true });
    return stateDir;
  };
  const resume = (stateDir: string, task = TASK) =>
    runCli(['resume', task, '--bench', shared.url, '--state-dir', stateDir]);

  it.each(cases)(
    '%s',
    async (_name, damage, exitCode, message) => {
      const stateDir = copyOfCrashed();
      const before = shared.taps().length;
      const path = join(stateDir, 'result.json');
      writeFileSync(path, damage(readFileSync(path, 'utf8')));
      const resumed = await resume(stateDir);
      expect(resumed.code).toBe(exitCode);
      expect(resumed.stdout).toMatch(message);
      expect(resumed.stdout).toMatch(/Stopped before anything moved/);
      expect(shared.taps().length).toBe(before);
    },
    60000,
  );

  it("a missing record, and another task's record", async () => {
    expect((await resume(mkdtempSync(join(tmpdir(), 'bh-crash-empty-')))).code).toBe(20);
    const stateDir = copyOfCrashed();
    const other = join(stateDir, 'other.task.yaml');
    writeFileSync(
      other,
      readFileSync(TASK, 'utf8')
        .replace(/^goal: .*$/m, 'goal: Something else entirely.')
        .replace('device: settings-wifi.yaml', `device: ${resolveDeviceFile('settings-wifi')}`),
    );
    const foreign = await resume(stateDir, other);
    expect(foreign.stdout).toMatch(/another task/);
    expect(foreign.code).toBe(22);
  });

  it('bad files stop with their code and one sentence (issue 14.6): the journal a symlink to /dev/zero, result.json a directory', async () => {
    const stateDir = copyOfCrashed();
    const before = shared.taps().length;
    unlinkSync(join(stateDir, 'journal.jsonl'));
    symlinkSync('/dev/zero', join(stateDir, 'journal.jsonl'));
    const zero = await resume(stateDir);
    expect(zero.stdout).toMatch(
      /journal.jsonl is a symbolic link, not the regular file benchhand writes there: it is not followed or read/,
    );
    expect(zero.code).toBe(21);
    rmSync(join(stateDir, 'result.json'));
    mkdirSync(join(stateDir, 'result.json'));
    const directory = await resume(stateDir);
    expect(directory.stdout).toMatch(/result.json is a directory, not a result file: move it aside/);
    expect(directory.code).toBe(21);
    expect(shared.taps().length).toBe(before);
  });
});

describe('resume does not trust a journal that lost records (issue 14.5)', () => {
  // One run crashed just after typing the password, on one bench; each case damages the journal
  // of its own copy, and a refusal moves nothing, so the next case finds the phone as it was.
  let typed: CrashBench;
  beforeAll(async () => {
    typed = await startCrashBench();
    await runCli(['run', TASK, '--bench', typed.url, '--state-dir', typed.stateDir, '--quiet'], '', {
      BENCHHAND_CRASH_AT: 'verify:5',
    });
    const last = JSON.parse(journalLines(typed.stateDir).at(-2)!);
    expect(last).toMatchObject({ type: 'intent', tool: 'type_text', step: 5 }); // the crash really was just after typing
    expect(typed.keys()).toBe(PASSWORD_KEYS);
  }, 240000);
  afterAll(async () => {
    await typed?.close();
  });

  it.each([
    [
      'deleted',
      (path: string) => unlinkSync(path),
      /journal.jsonl is missing, but result.json shows actions up to command/,
    ],
    [
      'cut by its last two records',
      (path: string) => writeFileSync(path, `${journalLines(dirname(path)).slice(0, -2).join('\n')}\n`),
      /journal ends before the result's last action/,
    ],
  ])(
    'a crash just after typing the password, the journal %s: stop (21), the password is not typed again',
    async (_name, damage, message) => {
      const stateDir = mkdtempSync(join(tmpdir(), 'bh-crash-typed-'));
      cpSync(typed.stateDir, stateDir, { recursive: true });
      const before = typed.taps().length;
      damage(join(stateDir, 'journal.jsonl'));
      const resumed = await runCli(['resume', TASK, '--bench', typed.url, '--state-dir', stateDir]);
      expect(resumed.stdout).toMatch(message);
      expect(resumed.code).toBe(21);
      expect(typed.keys()).toBe(PASSWORD_KEYS);
      expect(typed.taps().length).toBe(before);
    },
    90000,
  );
});

describe("run over a crashed run's state directory (issue 14.5)", () => {
  it('refuses and says to resume; --fresh archives the old record, then runs', async () => {
    const { url, stateDir } = await freshBench();
    await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet'], '', {
      BENCHHAND_CRASH_AT: 'checkpoint:2',
    });
    const saved = readFileSync(join(stateDir, 'result.json'), 'utf8');
    const before = taps().length;
    const refused = await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet']);
    expect(refused.stderr).toMatch(/holds an unfinished run .*benchhand resume TASK --state-dir .*--fresh/);
    expect(refused.code).toBe(1);
    expect(readFileSync(join(stateDir, 'result.json'), 'utf8')).toBe(saved);
    expect(taps().length).toBe(before);
    // A new phone (the old one is mid-task) and the same state directory, started over.
    await benches.bench.close();
    const { url: newUrl } = await freshBench();
    const fresh = await runCli(['run', TASK, '--bench', newUrl, '--state-dir', stateDir, '--quiet', '--fresh']);
    const archives = readdirSync(join(stateDir, 'archive'));
    expect(archives).toHaveLength(1);
    expect(readFileSync(join(stateDir, 'archive', archives[0]!, 'result.json'), 'utf8')).toBe(saved);
    expect(JSON.parse(readFileSync(join(stateDir, 'result.json'), 'utf8')).continuationId).not.toBe(
      JSON.parse(saved).continuationId,
    );
    expect(fresh.stdout).toMatch(/Submitted a result/);
    expect(fresh.code).toBe(0);
  }, 240000);
});

describe('bad files stop with their code and one sentence (issue 14.6)', () => {
  it('a damaged mcu-command-ids.json stops the run at its start (21), before anything moves', async () => {
    const { url, stateDir } = await freshBench();
    writeFileSync(join(stateDir, 'mcu-command-ids.json'), '{"version":1,"reservedThrough":"lots"}');
    const run = await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir]);
    expect(run.stderr).toMatch(/mcu-command-ids.json: field reservedThrough must be a whole number .* delete it/);
    expect(run.code).toBe(21);
    expect(taps()).toHaveLength(0);
  });
});

describe('a run halted by repeated context overflow is not resumed into the model again (issue 14.7)', () => {
  it('the halt saves context_overflow_repeated; resume stops with 27 and sends the model nothing', async () => {
    const fake = await FakeLlmServer.start();
    try {
      fake.respond(() => ({ overflow: 'anthropic' }));
      const { url, stateDir } = await freshBench();
      const llm = ['--llm', 'anthropic', '--llm-url', fake.baseUrl('anthropic'), '--model', 'scripted'];
      const halted = await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet', ...llm], '', {
        ANTHROPIC_API_KEY: 'test-key',
      });
      expect(halted.code).toBe(5);
      expect(
        JSON.parse(readFileSync(join(stateDir, 'result.json'), 'utf8')).errors.map((e: { code: string }) => e.code),
      ).toContain('context_overflow_repeated');
      const sent = fake.requests.length;
      const resumed = await runCli(['resume', TASK, '--bench', url, '--state-dir', stateDir, ...llm], '', {
        ANTHROPIC_API_KEY: 'test-key',
      });
      expect(resumed.stdout).toMatch(/recovery: stop \(repeated_overflow\)/);
      expect(resumed.code).toBe(27);
      expect(fake.requests.length).toBe(sent);
    } finally {
      await fake.close();
    }
  });
});
