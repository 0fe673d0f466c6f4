// host/systemd/benchhand.service: the settings the bench relies on, read from the file (always),
// `systemd-analyze verify` (where systemd-analyze exists) and its offline security score.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from './host-fixture.js';

const UNIT_PATH = join(REPO, 'host', 'systemd', 'benchhand.service');
const UNIT = readFileSync(UNIT_PATH, 'utf8');
const INSTALL = readFileSync(join(REPO, 'host', 'install.sh'), 'utf8');

/** section -> key -> every value given (systemd unit syntax: comments, repeated keys, no continuation lines here). */
function parseUnit(text: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    expect(line.endsWith('\\'), `no continuation lines: ${line}`).toBe(false);
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) {
      current = new Map();
      sections.set(header[1]!, current);
      continue;
    }
    const eq = line.indexOf('=');
    expect(eq > 0 && current, `a key=value inside a section: ${line}`).toBeTruthy();
    const key = line.slice(0, eq).trim(), value = line.slice(eq + 1).trim();
    current!.set(key, [...(current!.get(key) ?? []), value]);
  }
  return sections;
}

const unit = parseUnit(UNIT);
const service = unit.get('Service')!;
const one = (key: string, section = service) => {
  const values = section.get(key);
  expect(values, key).toBeDefined();
  return values![values!.length - 1]!;
};
const all = (key: string) => (service.get(key) ?? []).flatMap((v) => v.split(/\s+/)).filter(Boolean);

describe('host/systemd/benchhand.service (parsed)', () => {
  it('is a notify service with a watchdog, restarted on failure within a start limit', () => {
    expect(one('Type')).toBe('notify');
    expect(['main', 'all']).toContain(one('NotifyAccess'));
    expect(one('WatchdogSec')).toMatch(/^\d+s?$/);
    expect(one('Restart')).toBe('on-failure');
    expect(one('RestartPreventExitStatus')).toBe('2');
    const unitSection = unit.get('Unit')!;
    expect(Number(one('StartLimitBurst', unitSection))).toBeGreaterThan(1);
    expect(one('StartLimitIntervalSec', unitSection)).toMatch(/^\d+(min|s)?$/);
    expect(one('WantedBy', unit.get('Install')!)).toBe('multi-user.target');
  });

  it('runs `benchhand service` from the path install.sh links, with the config install.sh writes', () => {
    expect(one('ExecStart')).toBe('/usr/local/bin/benchhand service --config /etc/benchhand/config.yaml');
    expect(INSTALL).toMatch(/^BIN_LINK=\/usr\/local\/bin\/benchhand$/m);
    expect(INSTALL).toMatch(/^ETC=\/etc\/benchhand$/m);
    expect(INSTALL).toContain('"$ETC/config.yaml"');
    expect(one('EnvironmentFile')).toBe('-/etc/benchhand/benchhand.env');
  });

  it('runs as the dedicated user in the groups install.sh creates', () => {
    expect(one('User')).toBe('benchhand');
    const groups = all('SupplementaryGroups');
    expect(groups).toEqual(expect.arrayContaining(['dialout', 'gpio', 'video']));
    const created = /^GROUPS_NEEDED=\(([^)]*)\)$/m.exec(INSTALL)![1]!.split(/\s+/);
    for (const group of groups) expect(created, `install.sh creates group ${group}`).toContain(group);
    expect(INSTALL).toMatch(/^USER_NAME=benchhand$/m);
  });

  it('has the hardened sandbox', () => {
    expect(one('ProtectSystem')).toBe('strict');
    expect(one('ProtectHome')).toBe('yes');
    expect(one('PrivateTmp')).toBe('yes');
    expect(one('NoNewPrivileges')).toBe('yes');
    expect(one('StateDirectory')).toBe('benchhand');
    expect(one('CapabilityBoundingSet')).toBe('');
    expect(one('DevicePolicy')).toBe('closed');
    expect(all('RestrictAddressFamilies')).toEqual(expect.arrayContaining(['AF_UNIX', 'AF_INET', 'AF_INET6']));
    expect(service.get('SystemCallFilter')).toContain('@system-service');
    expect(service.has('PrivateDevices')).toBe(false);
    expect(service.has('MemoryDenyWriteExecute')).toBe(false); // Node's JIT
    expect(service.has('PrivateUsers')).toBe(false); // would map the device groups away
  });

  it('still reaches serial, GPIO and the camera', () => {
    expect(all('ReadWritePaths')).toEqual(expect.arrayContaining(['/var/lib/benchhand', '/sys/class/gpio']));
    const devices = (service.get('DeviceAllow') ?? []).map((v) => v.split(/\s+/)[0]);
    for (const device of ['char-ttyACM', 'char-ttyAMA', 'char-ttyS', '/dev/serial0', 'char-gpiochip', 'char-video4linux', 'char-media', 'char-dma_heap', 'char-vchiq']) {
      expect(devices, device).toContain(device);
    }
    for (const value of service.get('DeviceAllow')!) expect(value).toMatch(/ rw$/);
  });

  it('explains every setting with a comment nearby', () => {
    // Each [Service] key line is preceded (within the block of lines above it) by a comment.
    const lines = UNIT.split('\n');
    const serviceStart = lines.indexOf('[Service]'), serviceEnd = lines.indexOf('[Install]');
    let sawComment = false;
    const unexplained: string[] = [];
    for (const line of lines.slice(serviceStart + 1, serviceEnd)) {
      if (line.startsWith('#')) sawComment = true;
      else if (line.trim() === '') sawComment = false;
      else if (!sawComment && !/^(Type|WatchdogSec|NotifyAccess|Restart|User|Group|ProtectKernel\w+|ProtectControlGroups|ProtectClock|ProtectHostname|RestrictNamespaces|RestrictRealtime|LockPersonality|RemoveIPC|SystemCallArchitectures|TimeoutStopSec|StateDirectoryMode)=/.test(line)) unexplained.push(line);
    }
    expect(unexplained).toEqual([]);
  });
});

const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
const haveAnalyze = analyze.status === 0;

describe.skipIf(!haveAnalyze)('host/systemd/benchhand.service (systemd-analyze)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'benchhand-unit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes `systemd-analyze verify` without a warning', () => {
    // verify checks that ExecStart's program exists: point it at a stand-in, nothing else changes.
    const standIn = join(dir, 'benchhand');
    writeFileSync(standIn, '#!/bin/sh\n');
    chmodSync(standIn, 0o755);
    const copy = join(dir, 'benchhand.service');
    writeFileSync(copy, UNIT.replace(/^ExecStart=\/usr\/local\/bin\/benchhand /m, `ExecStart=${standIn} `));
    expect(readFileSync(copy, 'utf8')).not.toBe(UNIT);
    const result = spawnSync('systemd-analyze', ['verify', '--man=no', '--generators=no', copy], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('scores as well exposed as this kind of service can be (`systemd-analyze security --offline`)', () => {
    const result = spawnSync('systemd-analyze', ['security', '--offline=true', '--no-pager', UNIT_PATH], { encoding: 'utf8' });
    const score = /Overall exposure level for benchhand\.service: ([\d.]+)/.exec(result.stdout);
    expect(score, result.stdout + result.stderr).not.toBeNull();
    // 2.0 as written: the rest is what it must keep (network, NotifyAccess=all, devices).
    expect(Number(score![1])).toBeLessThanOrEqual(2.5);
  });
});
