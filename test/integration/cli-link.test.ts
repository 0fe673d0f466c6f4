// The link's user-facing commands, run as a user runs them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli } from '../support/run-cli.js';
import { startSimMcu, type SimFixture } from '../support/sim-mcu-fixture.js';

describe('benchhand console', () => {
  let sim: SimFixture;
  beforeAll(async () => {
    sim = await startSimMcu();
  });
  afterAll(async () => {
    await sim.cleanup();
  });

  it('sends typed commands and prints the frames and decoded outcomes', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'bh-console-'));
    const input = [
      'TAP 100 200 30',
      'TYPE hi',
      'KEY ENTER',
      'TAP 5000 1',
      'FLY',
      'ESTOP',
      'TAP 1 1',
      'CLEAR',
      'STATUS',
      'quit',
      '',
    ].join('\n');
    const { code, stdout } = await runCli(['console', '--port', sim.mcu.path, '--state-dir', stateDir], input);
    expect(code).toBe(0);
    expect(stdout).toMatch(/connected: sim firmware .*protocol 2/);
    expect(stdout).toMatch(/-> \d+ 1 TAP x=100 y=200 hold=30 \*[0-9A-F]{4}/);
    expect(stdout).toMatch(/<- RCVD \d+ 1 \*[0-9A-F]{4}/);
    expect(stdout).toContain('id 1: done');
    expect(stdout).toContain('id 2: done (n=2)');
    expect(stdout).toMatch(/refused: TAP OUT_OF_BOUNDS \(field x, limit 1079\)/);
    expect(stdout).toContain('unknown command "FLY"');
    expect(stdout).toMatch(/refused: TAP ESTOPPED/);
    // CLEAR releases the latch but does not arm: the link arms before the next command.
    expect(stdout).toMatch(/state disarmed, 0 queued, last id \d+/);
    expect(stdout).not.toMatch(/ PING /); // the heartbeat stays out of the way
    expect(sim.events().filter((e) => e.ev === 'tap_down')).toEqual([expect.objectContaining({ x: 100, y: 200 })]);
    // Ids come from the state directory, so a second console session never reuses one.
    const again = await runCli(['console', '--port', sim.mcu.path, '--state-dir', stateDir], 'TAP 10 10 20\nquit\n');
    expect(again.stdout).toMatch(/id 1001: done/);
  });

  it('says what to do when the port is missing or wrong', async () => {
    const missing = await runCli(['console']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--port is required/);
    const wrong = await runCli(['console', '--port', '/dev/does-not-exist']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/does not exist: is the MCU plugged in/);
  });
});

describe('benchhand sim-mcu', () => {
  it('prints a serial path a link can use, and stops on SIGINT', async () => {
    const child = spawnCli(['sim-mcu']);
    const firstLine = await new Promise<string>((resolve) =>
      createInterface({ input: child.stdout! }).once('line', resolve),
    );
    expect(firstLine).toMatch(/^\/dev\/pts\/\d+$/);
    const { code } = await runCli(
      ['console', '--port', firstLine, '--quiet', '--state-dir', mkdtempSync(join(tmpdir(), 'bh-'))],
      'STATUS\nquit\n',
    );
    expect(code).toBe(0);
    child.kill('SIGINT');
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
  });
});
