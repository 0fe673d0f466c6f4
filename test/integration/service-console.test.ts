// The bench service serves the operator web console when the config has a `console` section: the
// page and its broker URL from the service's own port, even while the MCU is not reachable (the
// console is how a person finds out); a port already taken is said and the service keeps running;
// SIGTERM closes the page's server with the service.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../support/run-cli.js';
import { until } from '../support/until.js';

const FRAME = 'test/fixtures/ocr-corpus/settings-wifi-default/00001';

function writeConfig(dir: string, consoleLines: string[]): string {
  const truth = JSON.parse(readFileSync(`${FRAME}.truth.json`, 'utf8'));
  const file = join(dir, 'config.yaml');
  writeFileSync(
    file,
    [
      'bench:',
      `  stateDir: ${join(dir, 'state')}`,
      // No MCU there: the console must not wait for the bench to be healthy.
      'mcu:',
      `  port: ${join(dir, 'no-such-mcu')}`,
      'camera:',
      `  source: replay:${join(process.cwd(), `${FRAME}.camera.jpg`)}`,
      `calibration: ${JSON.stringify({ version: 1, deviceSize: truth.deviceSize, cameraSize: truth.cameraSize, screenCorners: truth.screenCorners, actuator: { affine: [1, 0, 0, 0, 1, 0], source: 'identity' } })}`,
      ...consoleLines,
    ].join('\n'),
  );
  return file;
}

function startService(config: string) {
  const child = spawnCli(['service', '--config', config, '--ping-ms', '500'], { NOTIFY_SOCKET: '' });
  const output = { stderr: '' };
  child.stderr!.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output, exited };
}

describe('benchhand service with a console section', () => {
  let blocker: Server;
  let takenPort: number;
  beforeAll(async () => {
    blocker = createServer((_request, response) => response.end('someone else'));
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    takenPort = (blocker.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => blocker.close(resolve));
  });

  it('serves the page and its broker URL while the MCU is away, and closes it on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-service-console-'));
    const service = startService(writeConfig(dir, ['console:', '  broker: ws://pi.lab:9001', '  port: 0']));
    await until(
      () => /the operator console is at http:\/\/127\.0\.0\.1:\d+\//.test(service.output.stderr),
      30000,
      'the console URL',
    );
    const url = /the operator console is at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(service.output.stderr)![1]!;
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self' ws://pi.lab:9001");
    expect(await page.text()).toMatch(/<html/i);
    expect(await (await fetch(`${url}config.json`)).json()).toEqual({ broker: 'ws://pi.lab:9001' });
    expect((await fetch(`${url}vendor/mqtt.esm.js`)).status).toBe(200);
    await until(() => /the MCU link is not up/.test(service.output.stderr), 30000, 'the MCU reported down');
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    await expect(fetch(url)).rejects.toThrow();
  });

  it('says a taken port by its setting and goes on as a bench service', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-service-console-'));
    const service = startService(writeConfig(dir, ['console:', '  broker: ws://pi.lab:9001', `  port: ${takenPort}`]));
    await until(() => /the operator console is not served/.test(service.output.stderr), 30000, 'the console refusal');
    expect(service.output.stderr).toContain(
      `console.port ${takenPort}: something else listens on 127.0.0.1:${takenPort}`,
    );
    await until(
      () => /the MCU link is not up/.test(service.output.stderr),
      30000,
      'the service going on to its health check',
    );
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  });
});
