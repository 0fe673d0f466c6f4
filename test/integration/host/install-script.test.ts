// host/install.sh into a temp root (--root) with recording fakes for useradd, apt-get, systemctl,
// npm...: a dry run changes nothing, the first run does everything, the second run changes nothing
// and says so, files a person edited survive, --uninstall undoes the install and --purge the rest.
// The script must run as root (it chowns files to the users it makes): skipped otherwise.
import { existsSync, lstatSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changingCalls, groupsOf, makeHostWorld, REPO, snapshotTree, type HostWorld } from './host-fixture.js';

const asRoot = process.getuid?.() === 0;
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
const owner = (path: string) => `${statSync(path).uid}:${statSync(path).gid}`;

describe.skipIf(!asRoot)('host/install.sh (as root, into a temp --root with fake system tools)', () => {
  let world: HostWorld;
  const at = (path: string) => join(world.root, path);
  const ids = () => {
    const passwd = readFileSync(at('etc/passwd'), 'utf8');
    const line = passwd.split('\n').find((l) => l.startsWith('benchhand:'))!;
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid), mosquitto: groupsOf(world.root).get('mosquitto')!.gid };
  };

  beforeAll(() => {
    world = makeHostWorld();
  });
  afterAll(() => world?.close());

  it('refuses bad options and a system that is not Debian', () => {
    expect(world.install('--purge').status).toBe(2);
    expect(world.install('--frobnicate').status).toBe(2);
    const other = makeHostWorld({ debian: false });
    try {
      const result = other.install();
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/Debian or Raspberry Pi OS/);
    } finally {
      other.close();
    }
    world.takeCalls();
  });

  it('--dry-run lists every action and changes nothing', () => {
    const before = snapshotTree(world.root);
    const result = world.install('--dry-run');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(snapshotTree(world.root)).toEqual(before);
    expect(changingCalls(world.takeCalls())).toEqual([]);
    const would = result.stdout.split('\n').filter((line) => line.startsWith('  would: '));
    for (const action of [
      'create system group gpio', 'create system user benchhand', 'apt-get install mosquitto avrdude g++ make python3 rpicam-apps-lite',
      'copy the built agent (dist/) to /opt/benchhand/dist/', 'npm ci --omit=dev in /opt/benchhand', 'link /usr/local/bin/benchhand -> /opt/benchhand/dist/cli/run.js',
      'install /opt/benchhand/build/firmware/leonardo/benchhand-touch/benchhand-touch.hex', 'create /var/lib/benchhand/', 'install /etc/benchhand/config.yaml',
      'install /etc/benchhand/benchhand.env', 'install /etc/udev/rules.d/99-benchhand-mcu.rules', 'install /etc/mosquitto/mosquitto.conf',
      'install /etc/mosquitto/benchhand/acl', 'create an empty /etc/mosquitto/benchhand/passwd', 'install /etc/systemd/system/benchhand.service',
      'enable benchhand.service',
    ]) expect(would.some((line) => line.includes(action)), `dry run lists "${action}"`).toBe(true);
    expect(result.stdout).toMatch(/actions would be taken \(dry run: nothing was changed\)/);
  });

  it('the first run does everything', () => {
    const result = world.install();
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/done: \d+ changes/);
    const calls = world.takeCalls();
    expect(calls).toContain(`groupadd --prefix ${world.root} --system gpio`);
    expect(calls.some((c) => c.startsWith(`useradd --prefix ${world.root} --system --user-group --home-dir /var/lib/benchhand`) && c.includes('--groups dialout,gpio,video') && c.endsWith(' benchhand'))).toBe(true);
    expect(calls).toContain(`chroot ${world.root} apt-get update -qq`);
    expect(calls.some((c) => /^apt-get install -y -qq --no-install-recommends mosquitto avrdude g\+\+ make python3 rpicam-apps-lite$/.test(c))).toBe(true);
    expect(calls).toContain('npm ci --omit=dev --ignore-scripts --no-audit --no-fund');
    expect(calls).toContain('npm rebuild');
    expect(calls).toContain(`systemctl --root=${world.root} enable benchhand.service`);
    // Nothing that needs a running system under --root.
    expect(calls.filter((c) => /^(udevadm|systemctl (daemon-reload|restart))/.test(c))).toEqual([]);

    const { uid, gid, mosquitto } = ids();
    expect(readFileSync(at('etc/passwd'), 'utf8')).toMatch(/^benchhand:x:\d+:\d+::\/var\/lib\/benchhand:\/usr\/sbin\/nologin$/m);
    const groups = groupsOf(world.root);
    for (const group of ['dialout', 'gpio', 'video']) expect(groups.get(group)!.members).toContain('benchhand');

    const files: Array<[string, string, string, string?]> = [
      ['etc/systemd/system/benchhand.service', '644', '0:0', 'host/systemd/benchhand.service'],
      ['etc/udev/rules.d/99-benchhand-mcu.rules', '644', '0:0', 'host/udev/99-benchhand-mcu.rules'],
      ['etc/mosquitto/mosquitto.conf', '644', '0:0', 'host/mosquitto/mosquitto.conf'],
      ['etc/mosquitto/benchhand/acl', '640', `0:${mosquitto}`, 'host/mosquitto/acl'],
      ['etc/mosquitto/benchhand/passwd', '640', `0:${mosquitto}`],
      ['etc/benchhand/config.yaml', '640', `0:${gid}`, 'host/benchhand.example.yaml'],
      ['etc/benchhand/benchhand.env', '600', '0:0'],
      ['opt/benchhand/package-lock.json', '644', '0:0', 'package-lock.json'],
      ['opt/benchhand/dist/cli/run.js', '755', '0:0', 'dist/cli/run.js'],
      ['opt/benchhand/build/firmware/leonardo/benchhand-touch/benchhand-touch.hex', '644', '0:0', 'build/firmware/leonardo/benchhand-touch/benchhand-touch.hex'],
    ];
    for (const [path, wantMode, wantOwner, source] of files) {
      expect(mode(at(path)), path).toBe(wantMode);
      expect(owner(at(path)), path).toBe(wantOwner);
      if (source) expect(readFileSync(at(path), 'utf8'), path).toBe(readFileSync(join(world.checkout, source), 'utf8'));
    }
    expect(readFileSync(at('etc/mosquitto/benchhand/passwd'), 'utf8')).toBe('');
    // Debian's own broker config is kept beside ours.
    expect(readFileSync(at('etc/mosquitto/mosquitto.conf.debian'), 'utf8')).toMatch(/include_dir/);
    for (const [path, wantMode, wantOwner] of [['var/lib/benchhand', '750', `${uid}:${gid}`], ['etc/benchhand', '750', `0:${gid}`], ['etc/mosquitto/benchhand', '750', `0:${mosquitto}`], ['opt/benchhand', '755', '0:0']] as const) {
      expect(lstatSync(at(path)).isDirectory(), path).toBe(true);
      expect(mode(at(path)), path).toBe(wantMode);
      expect(owner(at(path)), path).toBe(wantOwner);
    }
    expect(readlinkSync(at('usr/local/bin/benchhand'))).toBe('/opt/benchhand/dist/cli/run.js');
    expect(existsSync(at('opt/benchhand/node_modules/.package-lock.json'))).toBe(true);
    expect(readlinkSync(at('etc/systemd/system/multi-user.target.wants/benchhand.service'))).toBe('/etc/systemd/system/benchhand.service');
  });

  it('the second run changes nothing and says so (and a dry run agrees)', () => {
    const before = snapshotTree(world.root);
    const result = world.install();
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/nothing to do: everything is already installed/);
    expect(result.stdout).not.toMatch(/^ {2}(doing|would): /m);
    expect(snapshotTree(world.root)).toEqual(before);
    expect(changingCalls(world.takeCalls())).toEqual([]);
    const dry = world.install('--dry-run');
    expect(dry.stdout).toMatch(/nothing to do/);
    world.takeCalls();
  });

  it('keeps what a person edited and puts the shipped version beside it', () => {
    writeFileSync(at('etc/mosquitto/benchhand/acl'), `${readFileSync(at('etc/mosquitto/benchhand/acl'), 'utf8')}\nuser bob\ntopic read benchhand/#\n`);
    writeFileSync(at('etc/mosquitto/benchhand/passwd'), 'bench1:$7$secret\n');
    writeFileSync(at('etc/benchhand/config.yaml'), 'bench: edited\n');
    const edited = snapshotTree(world.root);
    const result = world.install();
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/acl differs from the shipped one: kept/);
    expect(result.stdout.split('\n').filter((line) => line.startsWith('  doing: '))).toEqual(['  doing: write the shipped version to /etc/mosquitto/benchhand/acl.benchhand-dist']);
    expect(readFileSync(at('etc/mosquitto/benchhand/acl'), 'utf8')).toMatch(/user bob/);
    expect(readFileSync(at('etc/mosquitto/benchhand/acl.benchhand-dist'), 'utf8')).toBe(readFileSync(join(REPO, 'host/mosquitto/acl'), 'utf8'));
    expect(readFileSync(at('etc/mosquitto/benchhand/passwd'), 'utf8')).toBe('bench1:$7$secret\n');
    expect(readFileSync(at('etc/benchhand/config.yaml'), 'utf8')).toBe('bench: edited\n');
    for (const [path, entry] of edited) expect(snapshotTree(world.root).get(path), path).toBe(entry);
    expect(world.install().stdout).toMatch(/nothing to do/);
    world.takeCalls();
  });

  it('a rebuilt agent is copied again; npm ci runs only when the lockfile changes', () => {
    writeFileSync(join(world.checkout, 'dist', 'cli', 'main.js'), 'export const rebuilt = true;\n');
    const result = world.install();
    expect(result.stdout.split('\n').filter((line) => line.startsWith('  doing: '))).toEqual(['  doing: copy the built agent (dist/) to /opt/benchhand/dist/']);
    expect(readFileSync(at('opt/benchhand/dist/cli/main.js'), 'utf8')).toMatch(/rebuilt/);
    expect(mode(at('opt/benchhand/dist/cli/run.js'))).toBe('755');
    expect(changingCalls(world.takeCalls())).toEqual([]);
  });

  it('--uninstall removes what it installed, keeps the data, the user and edited files; a second one does nothing', () => {
    const result = world.install('--uninstall');
    expect(result.status, result.stderr).toBe(0);
    expect(world.takeCalls()).toContain(`systemctl --root=${world.root} disable benchhand.service`);
    for (const gone of ['etc/systemd/system/benchhand.service', 'etc/systemd/system/multi-user.target.wants/benchhand.service', 'usr/local/bin/benchhand', 'opt/benchhand',
      'etc/udev/rules.d/99-benchhand-mcu.rules', 'etc/benchhand/benchhand.env', 'etc/mosquitto/benchhand/acl.benchhand-dist', 'etc/mosquitto/mosquitto.conf.debian']) {
      expect(existsSync(at(gone)), gone).toBe(false);
    }
    // The distribution's broker config is back; the edited ACL and config, the broker's users,
    // the runs and the user that owns them stay.
    expect(readFileSync(at('etc/mosquitto/mosquitto.conf'), 'utf8')).toMatch(/include_dir/);
    expect(readFileSync(at('etc/mosquitto/benchhand/acl'), 'utf8')).toMatch(/user bob/);
    expect(existsSync(at('etc/mosquitto/benchhand/passwd'))).toBe(true);
    expect(readFileSync(at('etc/benchhand/config.yaml'), 'utf8')).toBe('bench: edited\n');
    expect(existsSync(at('var/lib/benchhand'))).toBe(true);
    expect(readFileSync(at('etc/passwd'), 'utf8')).toMatch(/^benchhand:/m);
    expect(result.stdout).toMatch(/\/var\/lib\/benchhand\/ kept/);

    const before = snapshotTree(world.root);
    const again = world.install('--uninstall');
    expect(again.stdout).toMatch(/nothing to do: nothing of benchhand's is left to remove/);
    expect(snapshotTree(world.root)).toEqual(before);
    expect(changingCalls(world.takeCalls())).toEqual([]);
  });

  it('--uninstall --purge removes the data, the user, the broker users and edited files too', () => {
    const result = world.install('--uninstall', '--purge');
    expect(result.status, result.stderr).toBe(0);
    for (const gone of ['var/lib/benchhand', 'etc/benchhand', 'etc/mosquitto/benchhand']) expect(existsSync(at(gone)), gone).toBe(false);
    expect(readFileSync(at('etc/passwd'), 'utf8')).not.toMatch(/^benchhand:/m);
    expect(world.takeCalls()).toContain(`userdel --prefix ${world.root} benchhand`);
    // The shared groups stay; the package database is not touched by an uninstall.
    expect([...groupsOf(world.root).keys()]).toEqual(expect.arrayContaining(['dialout', 'gpio', 'video', 'mosquitto']));
    expect(world.install('--uninstall', '--purge').stdout).toMatch(/nothing to do/);
  });

  it('installs again after a purge, and without rpicam-apps in the archive says so', () => {
    const plain = makeHostWorld({ available: ['mosquitto', 'avrdude'] });
    try {
      const result = plain.install('--with-ffmpeg');
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/rpicam-apps is not in this system's package archive/);
      expect(plain.takeCalls().some((c) => /^apt-get install .* ffmpeg$/.test(c))).toBe(true);
    } finally {
      plain.close();
    }
    const result = world.install();
    expect(result.status, result.stderr).toBe(0);
    expect(world.install().stdout).toMatch(/nothing to do/);
  });
});
