// `benchhand calibrate` against a camera served over HTTP the way the virtual bench serves it
// (GET frame, GET truth), using a corpus frame: found corners, confirmation, residuals, JSON out.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCalibration } from '../../../src/core/vision/calibration-schema.js';
import { formatCorners } from '../../../src/cli/vision-args.js';
import { corpusFrames } from '../../support/ocr-corpus.js';
import { runCli } from '../../support/run-cli.js';

const frame = corpusFrames().find((f) => f.dir === 'shop-checkout-default' && f.state === 'checkout')!;
const dir = mkdtempSync(join(tmpdir(), 'calibrate-'));
let server: Server;
let url: string;

beforeAll(async () => {
  const jpeg = readFileSync(frame.cameraPath);
  server = createServer((request, response) => {
    if (request.url?.startsWith('/camera/frame')) {
      response.writeHead(200, {
        'content-type': 'image/jpeg',
        'x-frame-age-ms': '0',
        'x-frame-width': '1640',
        'x-frame-height': '1232',
        'x-frame-sequence': '1',
      });
      response.end(jpeg);
    } else if (request.url === '/camera/truth') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ screenCorners: frame.truth.screenCorners }));
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/camera/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('benchhand calibrate', () => {
  it('finds the corners, accepts them with --yes, reports the residual against the bench truth and writes valid JSON', async () => {
    const out = join(dir, 'calibration.json');
    const result = await runCli(['calibrate', '--bench', url, '--out', out, '--yes']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/screen corners \(camera px, clockwise from the screen's top-left\)/);
    const residual = Number(/within ([\d.]+) device px of the truth/.exec(result.stdout)![1]);
    expect(residual).toBeLessThan(4);
    // This HTTP camera serves no settings route: the sweep says so and is skipped, nothing else is.
    expect(result.stdout).toMatch(
      /3\. camera settings: not swept: the HTTP camera at \S+ takes no settings \(GET settings: HTTP 404\)/,
    );
    const parsed = parseCalibration(JSON.parse(readFileSync(out, 'utf8')));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.calibration).toMatchObject({ actuator: { source: 'identity' }, cameraResidualPx: residual });
      expect(parsed.calibration.camera).toBeUndefined();
    }
  });

  it('takes corrected corners typed at the prompt, and an actuator map fitted from a file of tapped pairs', async () => {
    const out = join(dir, 'corrected.json');
    const pairs = join(dir, 'taps.json');
    writeFileSync(
      pairs,
      JSON.stringify(
        [
          [100, 200],
          [980, 220],
          [540, 2200],
          [120, 2100],
        ].map(([x, y]) => ({ device: { x, y }, actuator: { x: x! * 0.5 + 3, y: y! * 0.5 - 2 } })),
      ),
    );
    const result = await runCli(
      ['calibrate', '--bench', url, '--out', out, '--actuator-map', pairs],
      `${formatCorners(frame.truth.screenCorners)}\n`,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/using corrected corners/);
    expect(result.stdout).toMatch(/within 0\.\d+ device px of the truth/);
    expect(result.stdout).toMatch(/actuator map: file, residual 0\.00 device px RMS/);
    const written = JSON.parse(readFileSync(out, 'utf8'));
    expect(written.actuator.affine).toEqual([0.5, 0, 3, 0, 0.5, -2]);
  });

  it('names the missing flag', async () => {
    const result = await runCli(['calibrate', '--bench', url]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--out is required/);
  });
});
