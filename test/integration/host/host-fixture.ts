// A throw-away target system for host/install.sh: a root tree (os-release, passwd, group), a
// built stand-in checkout (host/ as in the repository, package files, a tiny dist/), and the
// recording fakes of fake-tools.sh on PATH in place of useradd, apt-get, systemctl, npm...
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const FAKE_TOOLS = fileURLToPath(new URL('fake-tools.sh', import.meta.url));
const TOOLS = ['chroot', 'groupadd', 'useradd', 'usermod', 'userdel', 'dpkg-query', 'apt-cache', 'apt-get', 'systemctl', 'npm', 'udevadm'];

export interface HostWorld {
  dir: string;
  root: string;
  checkout: string;
  log: string;
  /** Runs the checkout's host/install.sh with --root and the fakes; returns exit status and output. */
  install(...args: string[]): { status: number; stdout: string; stderr: string };
  /** The fake tools' calls since the last `takeCalls()`. */
  takeCalls(): string[];
  close(): void;
}

export function makeHostWorld(options: { available?: string[]; debian?: boolean } = {}): HostWorld {
  const dir = mkdtempSync(join(tmpdir(), 'benchhand-host-'));
  const bin = join(dir, 'bin'), root = join(dir, 'root'), checkout = join(dir, 'checkout'), state = join(dir, 'fake-state');
  const log = join(dir, 'calls.log');
  for (const d of [bin, join(root, 'etc'), state, join(checkout, 'dist', 'cli'), join(checkout, 'build', 'firmware', 'leonardo', 'benchhand-touch')]) mkdirSync(d, { recursive: true });
  copyFileSync(FAKE_TOOLS, join(bin, 'fake-tools'));
  chmodSync(join(bin, 'fake-tools'), 0o755);
  for (const tool of TOOLS) symlinkSync(join(bin, 'fake-tools'), join(bin, tool));
  writeFileSync(log, '');

  writeFileSync(join(root, 'etc', 'os-release'), options.debian === false ? 'ID=fedora\nVERSION_ID=40\n' : 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\n');
  writeFileSync(join(root, 'etc', 'passwd'), 'root:x:0:0:root:/root:/bin/bash\n');
  // Plain Debian: dialout and video exist, gpio (a Raspberry Pi OS group) does not.
  writeFileSync(join(root, 'etc', 'group'), 'root:x:0:\ndialout:x:20:\nvideo:x:44:\n');

  cpSync(join(REPO, 'host'), join(checkout, 'host'), { recursive: true });
  // The example config belongs to the config schema's owners; a stand-in while it does not exist.
  if (!existsSync(join(checkout, 'host', 'benchhand.example.yaml'))) writeFileSync(join(checkout, 'host', 'benchhand.example.yaml'), '# stand-in example config\n');
  for (const file of ['package.json', 'package-lock.json', 'README.md']) copyFileSync(join(REPO, file), join(checkout, file));
  writeFileSync(join(checkout, 'dist', 'cli', 'run.js'), '#!/usr/bin/env node\nconsole.log("benchhand");\n');
  writeFileSync(join(checkout, 'dist', 'cli', 'main.js'), 'export {};\n');
  writeFileSync(join(checkout, 'build', 'firmware', 'leonardo', 'benchhand-touch', 'benchhand-touch.hex'), ':00000001FF\n');

  let seen = 0;
  return {
    dir, root, checkout, log,
    install(...args: string[]) {
      const result = spawnSync('bash', [join(checkout, 'host', 'install.sh'), '--root', root, ...args], {
        encoding: 'utf8',
        env: {
          ...process.env,
          PATH: `${bin}:${process.env.PATH}`,
          BH_FAKE_LOG: log,
          BH_FAKE_STATE: state,
          BH_FAKE_AVAILABLE: (options.available ?? ['mosquitto', 'avrdude', 'rpicam-apps', 'rpicam-apps-lite', 'ffmpeg']).join(' '),
        },
      });
      return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
    },
    takeCalls() {
      const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
      const fresh = lines.slice(seen);
      seen = lines.length;
      return fresh;
    },
    close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every path under `dir` with its type, mode, owner and content (hash) or link target. */
export function snapshotTree(dir: string): Map<string, string> {
  const entries = new Map<string, string>();
  const walk = (path: string, rel: string) => {
    const stat = lstatSync(path);
    const meta = `${(stat.mode & 0o7777).toString(8)} ${stat.uid}:${stat.gid}`;
    if (stat.isSymbolicLink()) entries.set(rel, `link -> ${readlinkSync(path)}`);
    else if (stat.isDirectory()) {
      entries.set(rel, `dir ${meta}`);
      for (const name of readdirSync(path).sort()) walk(join(path, name), `${rel}/${name}`);
    } else entries.set(rel, `file ${meta} ${createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16)}`);
  };
  walk(dir, '');
  return entries;
}

/** The calls that change a system (as opposed to the look-ups: dpkg-query, apt-cache, is-enabled...). */
export function changingCalls(calls: string[]): string[] {
  return calls.filter((call) => /^(groupadd|useradd|usermod|userdel|apt-get|udevadm) /.test(call)
    || /^npm (ci|rebuild)\b/.test(call) || /^systemctl .*\b(enable|disable|daemon-reload|restart|try-restart|stop|start)\b/.test(call));
}

/** `name:x:id:members` of the root's etc/group, by name. */
export function groupsOf(root: string): Map<string, { gid: number; members: string[] }> {
  const groups = new Map<string, { gid: number; members: string[] }>();
  for (const line of readFileSync(join(root, 'etc', 'group'), 'utf8').split('\n').filter(Boolean)) {
    const [name, , gid, members] = line.split(':');
    groups.set(name!, { gid: Number(gid), members: members ? members.split(',') : [] });
  }
  return groups;
}
