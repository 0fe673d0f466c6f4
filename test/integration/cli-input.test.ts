// Bad command-line input (issue 14, item 7): each gets the usage or a message naming the flag and
// its rule, with the exit code of a usage error (2), never a parser's or a stack's message.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const TASK = 'src/sim/devices/settings-wifi.task.yaml';

describe('command-line input', () => {
  it.each(['run', 'resume', 'mcp', 'console', 'service', 'sim', 'sim-mcu', 'config'])(
    '`benchhand %s --help` prints its usage and exits 0',
    async (command) => {
      const { code, stdout, stderr } = await runCli([command, '--help']);
      expect(stderr).not.toMatch(/Unknown option/);
      expect(stdout).toMatch(new RegExp(`^usage: benchhand ${command}\\b`));
      expect(code).toBe(0);
    },
    30_000,
  );

  it('a task file that is not valid exits 2 with the line and the field, like a bad config', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-cli-input-'));
    const task = join(dir, 'bad.task.yaml');
    writeFileSync(task, 'goal: 42\nsteps: nope\n');
    const { code, stderr } = await runCli(['run', task, '--sim']);
    expect(stderr).toMatch(/bad\.task\.yaml: \d+ problem\(s\) in the task file/);
    expect(stderr).toMatch(/line \d+, steps/);
    expect(code).toBe(2);
  });

  it('a task file that does not exist exits 2 and says which file', async () => {
    const { code, stderr } = await runCli(['run', '/nonexistent/x.task.yaml', '--sim']);
    expect(stderr).toMatch(/cannot read the task file \/nonexistent\/x\.task\.yaml/);
    expect(code).toBe(2);
  });

  it('refuses --max-steps beyond its bound, naming the flag and the bound', async () => {
    const { code, stderr } = await runCli(['run', TASK, '--sim', '--max-steps', '99999999999999999999']);
    expect(stderr).toMatch(/--max-steps must be a whole number of steps from 1 to 10000; got "99999999999999999999"/);
    expect(code).toBe(2);
  });

  it('refuses a negative --deadline with the flag and its rule, not a parser message', async () => {
    const { code, stderr } = await runCli(['run', TASK, '--sim', '--deadline', '-5']);
    expect(stderr).toMatch(/--deadline must be a whole number of seconds from 1 to 86400; got "-5"/);
    expect(stderr).not.toMatch(/ambiguous|Unknown option/);
    expect(code).toBe(2);
  });
});
