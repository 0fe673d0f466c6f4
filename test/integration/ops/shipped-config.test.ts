// host/mosquitto/mosquitto.conf as shipped loads in a real mosquitto (only its port, files, pid
// and log moved to a temp directory) and wires up the password file and the ACL.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findMosquitto } from '../../support/mosquitto.js';
import { describeWithMosquitto } from './broker-requirement.js';

const HOST_DIR = fileURLToPath(new URL('../../../host/mosquitto/', import.meta.url));

/** The shipped config with its port, files and log moved into `dir`; fails when a line it moves is gone. */
function shippedConfig(port: number, webSocketsPort: number, dir: string): string {
  const replacements: Array<[RegExp, string]> = [
    [/^listener 1883 127\.0\.0\.1$/m, `listener ${port} 127.0.0.1`],
    [/^listener 9001 127\.0\.0\.1$/m, `listener ${webSocketsPort} 127.0.0.1`],
    [/^password_file .*$/m, `password_file ${join(dir, 'passwd')}`],
    [/^acl_file .*$/m, `acl_file ${join(HOST_DIR, 'acl')}`],
    [/^persistence_location .*$/m, `persistence_location ${dir}/`],
    [/^pid_file .*$/m, `pid_file ${join(dir, 'mosquitto.pid')}`],
    [/^log_dest .*$/m, 'log_dest stderr'],
  ];
  const config = replacements.reduce(
    (text, [line, replacement]) => {
      if (!line.test(text))
        throw new Error(`host/mosquitto/mosquitto.conf has no line matching ${line}: update this test with the config`);
      return text.replace(line, replacement);
    },
    readFileSync(join(HOST_DIR, 'mosquitto.conf'), 'utf8'),
  );
  // As root (a container, CI) mosquitto would switch to the "mosquitto" user, which cannot read dir.
  return process.getuid?.() === 0 ? `${config}\nuser root\n` : config;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function connectAsBench(url: string, deadline: number): Promise<MqttClient> {
  for (;;) {
    try {
      return await mqtt.connectAsync(url, {
        protocolVersion: 5,
        username: 'bench1',
        password: 'bench1-secret',
        reconnectPeriod: 0,
        connectTimeout: 1000,
      });
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describeWithMosquitto('host/mosquitto/mosquitto.conf in a real mosquitto', () => {
  let dir: string;
  let child: ChildProcess;
  let log = '';
  let url: string;
  let webSocketsUrl: string;
  let bench: MqttClient;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'benchhand-shipped-conf-'));
    const port = await freePort();
    url = `mqtt://127.0.0.1:${port}`;
    const webSocketsPort = await freePort();
    webSocketsUrl = `ws://127.0.0.1:${webSocketsPort}`;
    await writeFile(join(dir, 'passwd'), '');
    execFileSync('mosquitto_passwd', ['-b', join(dir, 'passwd'), 'bench1', 'bench1-secret']);
    await writeFile(join(dir, 'mosquitto.conf'), shippedConfig(port, webSocketsPort, dir));
    child = spawn(findMosquitto()!, ['-c', join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    bench = await connectAsBench(url, Date.now() + 5000).catch((error: Error) => {
      throw new Error(`mosquitto did not accept bench1 with the shipped config: ${error.message}\n${log}`);
    });
  });
  afterAll(async () => {
    await bench?.endAsync();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('loads without errors and logs who connected', () => {
    expect(log).not.toMatch(/Error/);
    expect(log).toMatch(/New client connected .*u'bench1'/);
  });

  it('refuses anonymous clients', async () => {
    await expect(mqtt.connectAsync(url, { protocolVersion: 5, reconnectPeriod: 0 })).rejects.toThrow(/Not authorized/);
  });

  it("applies the ACL: bench1 writes its own state, not another bench's", async () => {
    await expect(bench.publishAsync('benchhand/bench1/state', '{}', { qos: 1 })).resolves.toBeDefined();
    await expect(bench.publishAsync('benchhand/bench2/state', '{}', { qos: 1 })).rejects.toMatchObject({ code: 0x87 });
  });

  it('serves MQTT over WebSockets (the web console) under the same password file and ACL', async () => {
    const viaWebSockets = await mqtt.connectAsync(webSocketsUrl, {
      protocolVersion: 5,
      username: 'bench1',
      password: 'bench1-secret',
      reconnectPeriod: 0,
      connectTimeout: 2000,
    });
    try {
      await expect(viaWebSockets.publishAsync('benchhand/bench1/state', '{}', { qos: 1 })).resolves.toBeDefined();
      await expect(viaWebSockets.publishAsync('benchhand/bench2/state', '{}', { qos: 1 })).rejects.toMatchObject({
        code: 0x87,
      });
    } finally {
      await viaWebSockets.endAsync();
    }
    await expect(mqtt.connectAsync(webSocketsUrl, { protocolVersion: 5, reconnectPeriod: 0 })).rejects.toThrow(
      /Not authorized/,
    );
  });
});
