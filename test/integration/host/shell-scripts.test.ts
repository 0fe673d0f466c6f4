// The shell scripts of host/ (and this directory's fake tools) parse (`bash -n`) and pass
// shellcheck. shellcheck is installed by scripts/setup-system.sh; without it the lint is
// skipped and says so, except on CI, where it fails.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './host-fixture.js';

const SCRIPTS = ['host/install.sh', 'test/integration/host/fake-tools.sh'];
const shellcheck = spawnSync('shellcheck', ['--version'], { encoding: 'utf8' });
const haveShellcheck = shellcheck.status === 0;

describe('host shell scripts', () => {
  for (const script of SCRIPTS) {
    it(`${script} parses (bash -n)`, () => {
      const result = spawnSync('bash', ['-n', join(REPO, script)], { encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    });
  }

  it('host/install.sh --help exits 0 and shows the options', () => {
    const result = spawnSync('bash', [join(REPO, 'host/install.sh'), '--help'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    for (const option of ['--dry-run', '--uninstall', '--purge', '--root DIR', '--with-ffmpeg']) expect(result.stdout).toContain(option);
  });

  if (haveShellcheck) {
    it(`passes shellcheck (${shellcheck.stdout.match(/version: (\S+)/)?.[1] ?? '?'})`, () => {
      const result = spawnSync('shellcheck', ['--shell=bash', '--severity=style', ...SCRIPTS.map((s) => join(REPO, s))], { encoding: 'utf8' });
      expect(result.stdout + result.stderr).toBe('');
      expect(result.status).toBe(0);
    });
  } else if (process.env.CI) {
    it('has shellcheck (CI must install the package `shellcheck`: scripts/setup-system.sh)', () => {
      throw new Error('shellcheck is not on PATH');
    });
  } else {
    it.skip('passes shellcheck: skipped, shellcheck is not installed (sudo apt-get install shellcheck)', () => {});
  }
});
