// Issue 27 item 6: bad input is refused before any bench, broker or simulator starts, naming the
// file, line, field and fix, with one exit code in every command (2, EXIT_BAD_INPUT). Before: a
// placeholder judged only once the bench answered, `test` exiting 1, `ops submit` reaching for the
// broker first, `sim` exiting 1 on a bad device file and failing on --dir with a symlink error.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const NOWHERE = 'http://127.0.0.1:9';
let dir: string;
let badTask: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bh-bad-input-'));
  badTask = join(dir, 'bad.yaml');
  writeFileSync(
    badTask,
    'device: settings-wifi.yaml\ngoal: Connect the phone to Wi-Fi.\nsteps:\n  - type: "{nosuch}"\n',
  );
  writeFileSync(join(dir, 'bad-device.yaml'), 'name: x\n');
});

const FILE_PROBLEM =
  /bad\.yaml: 1 problem\(s\) in the task file:\n {2}line 4, steps\[0\]\.type: \{nosuch\} is not a task input \(inputs: none\): add nosuch under inputs/;

describe('bad input: one exit code, before anything starts', () => {
  it('run: a {placeholder} no input defines, before the bench is asked', async () => {
    const result = await runCli(['run', badTask, '--bench', NOWHERE, '--state-dir', join(dir, 'state')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(FILE_PROBLEM);
    expect(result.stderr).not.toMatch(/no virtual bench answers/);
  });

  it('test: a flow that does not load stops the suite before it runs', async () => {
    const result = await runCli(['test', badTask, '--bench', NOWHERE, '--output', join(dir, 'out')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/1 of 1 flow file\(s\) do not load; nothing was run:/);
    expect(result.stderr).toMatch(FILE_PROBLEM);
  });

  it('ops submit: the flow is judged before the broker is reached', async () => {
    const result = await runCli(['ops', 'submit', badTask, '--pool', 'lab', '--broker', 'mqtt://127.0.0.1:9']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(FILE_PROBLEM);
    expect(result.stderr).not.toMatch(/cannot reach the broker/);
  });

  it('sim: a device file that does not load', async () => {
    const result = await runCli(['sim', join(dir, 'bad-device.yaml')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /bad-device\.yaml: \d+ problem\(s\) in the device file:\n {2}line 1, resolution: missing/,
    );
  });

  it('sim --dir with a folder that does not exist: said, not a symlink error', async () => {
    const missing = join(dir, 'no', 'such');
    const result = await runCli(['sim', '--dir', missing]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--dir ${missing} does not exist: create it (mkdir -p ${missing})`);
    expect(result.stderr).not.toMatch(/symlink/);
  });
});
