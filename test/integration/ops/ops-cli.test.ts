// `benchhand ops` against a real mosquitto and a stand-in bench: list, follow, send (ok, error
// reply, no reply), and the usage errors that name the flag and the rule.
import { userInfo } from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseCommand } from '../../../src/core/operator/commands.js';
import { runCli, spawnCli } from '../../support/run-cli.js';
import { until } from '../../support/until.js';
import { Mosquitto } from '../../support/mosquitto.js';
import { describeWithMosquitto } from './broker-requirement.js';
import { sampleState, startStandInBench, type StandInBench } from './stand-in-bench.js';

/** Stands for the test broker's URL in a case list built before the broker starts. */
const BROKER = '<broker>';

describeWithMosquitto('benchhand ops against mosquitto', () => {
  let broker: Mosquitto;
  let bench: StandInBench;

  beforeAll(async () => {
    broker = await Mosquitto.start();
    bench = await startStandInBench({
      url: broker.url,
      benchId: 'bench1',
      state: sampleState('bench1'),
      answer: (command) =>
        command.command === 'approve' && command.approvalId !== 'appr-7f3c'
          ? {
              ok: false,
              error: {
                code: 'not_pending',
                field: 'approvalId',
                message: `no approval ${String(command.approvalId)} is pending; the pending one is appr-7f3c`,
              },
            }
          : { ok: true, result: `${String(command.command)} will be taken at the next safe point` },
    });
  });
  afterAll(async () => {
    await bench?.stop();
    await broker?.stop();
  });

  it('list shows the bench: online, run status, step/steps, last action and the pending approval id', async () => {
    const result = await runCli(['ops', 'list', '--broker', broker.url, '--wait', '0.5']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('bench1  online  running, step 3/40, phase act');
    expect(result.stdout).toContain('last action: tap_text: tap on "Connect" at 540,1210 (ok)');
    expect(result.stdout).toContain('pending approval: appr-7f3c (tap_text: tap "Forget network"; rule irreversible)');
  });

  it('list --json gives the raw status and state', async () => {
    const result = await runCli(['ops', 'list', '--broker', broker.url, '--wait', '0.5', '--json']);
    const benches = JSON.parse(result.stdout) as Array<{
      benchId: string;
      status: string;
      state: { run: { maxSteps: number } };
    }>;
    expect(benches).toHaveLength(1);
    expect(benches[0]).toMatchObject({ benchId: 'bench1', status: 'online', state: { run: { maxSteps: 40 } } });
  });

  it('follow prints the state and each event on its own line until Ctrl-C', async () => {
    const child = spawnCli(['ops', 'follow', 'bench1', '--broker', broker.url]);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // A spawned CLI can take many seconds to start beside CPU hogs (8 s once ran out): the wait is on
    // the output, with a deadline that only a hung CLI reaches.
    await until(
      () => stderr.includes('following bench1') && stdout.includes('state running'),
      30000,
      'follow printing "following bench1" and the running state',
    );
    await bench.publishEvent({
      at: new Date().toISOString(),
      runId: 'run-1',
      type: 'call',
      step: 4,
      tool: 'tap_text',
      summary: 'tap on "Save"',
    });
    await bench.publishEvent({
      at: new Date().toISOString(),
      runId: 'run-1',
      type: 'outcome',
      step: 4,
      tool: 'tap_text',
      status: 'ok',
      content: 'tapped',
      durationMs: 812,
    });
    await bench.publishState(
      sampleState('bench1', {
        run: { status: 'paused', step: 4, phase: 'observe', maxSteps: 40 },
        pendingApproval: null,
      }),
    );
    await until(() => stdout.includes('state paused'), 15000, 'follow printing the paused state');
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d bench1 is online$/);
    expect(lines).toContainEqual(
      expect.stringMatching(/bench1 state running, step 3\/40, phase act · last: .* · APPROVAL PENDING appr-7f3c/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/bench1 step 4 calls tap_text: tap on "Save"$/));
    expect(lines).toContainEqual(expect.stringMatching(/bench1 step 4 tap_text → ok in 812 ms: tapped$/));
    expect(lines).toContainEqual(expect.stringMatching(/bench1 state paused, step 4\/40, phase observe/));
    await bench.publishState(sampleState('bench1'));
  });

  it("send pause publishes an MQTT 5 command and prints the bench's reply (exit 0)", async () => {
    const before = bench.received.length;
    const result = await runCli(['ops', 'send', 'bench1', 'pause', '--broker', broker.url, '--expires', '20']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('bench1: pause done — pause will be taken at the next safe point\n');
    expect(result.code).toBe(0);
    const received = bench.received[before]!;
    expect(received.command).toMatchObject({ command: 'pause', requestId: expect.stringMatching(/^.{8,64}$/) });
    // Who sent it is the command topic's last level (the broker user; here, anonymous, the OS user), never a payload field.
    expect(received.command).not.toHaveProperty('by');
    expect(received.topic).toBe(`benchhand/bench1/cmd/${userInfo().username}`);
    expect(Date.parse(String(received.command.notAfter)) - Date.now()).toBeGreaterThan(15000);
    expect(received.responseTopic).toMatch(/^benchhand\/bench1\/reply\/benchhand-ops-[0-9a-f]{12}$/);
    expect(received.expiry).toBe(20);
  });

  it("send carries each command's fields as TOPICS.md names them", async () => {
    const before = bench.received.length;
    expect(
      (await runCli(['ops', 'send', 'bench1', 'redirect', 'open Settings, then Bluetooth', '--broker', broker.url]))
        .code,
    ).toBe(0);
    expect(
      (
        await runCli([
          'ops',
          'send',
          'bench1',
          'deny',
          'appr-7f3c',
          '--reason',
          'not on this phone',
          '--broker',
          broker.url,
        ])
      ).code,
    ).toBe(0);
    expect(
      (
        await runCli([
          'ops',
          'send',
          'bench1',
          'finding',
          '3fa2b1',
          'dismissed',
          '--note',
          'known issue',
          '--broker',
          broker.url,
        ])
      ).code,
    ).toBe(0);
    expect(bench.received.slice(before).map((entry) => entry.command)).toEqual([
      expect.objectContaining({ command: 'redirect', instructions: 'open Settings, then Bluetooth' }),
      expect.objectContaining({ command: 'deny', approvalId: 'appr-7f3c', reason: 'not on this phone' }),
      expect.objectContaining({ command: 'finding', findingId: '3fa2b1', status: 'dismissed', note: 'known issue' }),
    ]);
    // and the bench side's own schema accepts every one of them, pause included
    for (const { command } of bench.received)
      expect({ command, parsed: parseCommand(command, () => 'unused-id').ok }).toEqual({ command, parsed: true });
  });

  it('an error reply is printed with its code, field and message, and exits 1', async () => {
    const result = await runCli(['ops', 'send', 'bench1', 'approve', 'appr-0000', '--broker', broker.url]);
    expect(result.stdout).toBe(
      'bench1 refused approve (not_pending, field approvalId): no approval appr-0000 is pending; the pending one is appr-7f3c\n',
    );
    expect(result.code).toBe(1);
  });

  it('no bench listening: exits 3 and says the bench may be offline', async () => {
    const result = await runCli(['ops', 'send', 'bench9', 'stop', '--broker', broker.url, '--timeout', '1']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/no reply from bench9 within 1 s to stop .*the bench may be offline/);
  });

  const usageCases: Array<[string[], RegExp]> = [
    [['ops', 'list'], /--broker is required/],
    [['ops', 'list', '--broker', 'localhost:1883'], /--broker "localhost:1883": the scheme must be one of mqtt:\/\//],
    [
      ['ops', 'send', 'bench1', 'pause', '--broker', BROKER, '--password', 'hunter2'],
      /--password is not accepted.*--password-env VAR/,
    ],
    [
      [
        'ops',
        'send',
        'bench1',
        'pause',
        '--broker',
        BROKER,
        '--username',
        'alice',
        '--password-env',
        'NO_SUCH_VARIABLE_SET',
      ],
      /--password-env NO_SUCH_VARIABLE_SET: the environment variable NO_SUCH_VARIABLE_SET is not set/,
    ],
    [['ops', 'send', 'Bench 1', 'pause', '--broker', BROKER], /BENCH "Bench 1": a bench id is 1-32 characters/],
    [
      ['ops', 'send', 'bench1', 'reboot', '--broker', BROKER],
      /unknown command "reboot": use one of pause, resume, stop, estop, redirect, approve, deny, finding/,
    ],
    [['ops', 'send', 'bench1', 'approve', '--broker', BROKER], /approve needs the APPROVAL_ID/],
    [
      ['ops', 'send', 'bench1', 'finding', 'abcdef', 'fixed', '--broker', BROKER],
      /finding STATUS "fixed" is not one of new, acknowledged/,
    ],
    [
      ['ops', 'send', 'bench1', 'finding', 'abc', 'resolved', '--broker', BROKER],
      /finding FINDING_ID "abc": give the id or at least its first 6 characters/,
    ],
    [['ops', 'send', 'bench1', 'finding', '3fa2b1', 'dismissed', '--broker', BROKER], /dismissed needs --note/],
    [
      ['ops', 'send', 'bench1', 'pause', '--broker', BROKER, '--expires', '1.5'],
      /--expires must be a whole number of seconds/,
    ],
    [
      ['ops', 'send', 'bench1', 'mqtts', '--broker', BROKER, '--tls-ca', '/nonexistent.crt'],
      /--tls-ca needs a TLS broker URL/,
    ],
  ];
  // One test per case: each spawns the CLI (seconds on a busy machine), so one hang guard each.
  it.each(usageCases)(
    'usage error %j names the flag and the rule (exit 2)',
    async (args, message) => {
      const result = await runCli(args.map((arg) => (arg === BROKER ? broker.url : arg)));
      expect({ args, stderr: result.stderr }).toEqual({ args, stderr: expect.stringMatching(message) });
      expect(result.code).toBe(2);
    },
    60000,
  );
});
