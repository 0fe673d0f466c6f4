// The Pi camera and V4L2 adapters against fake `rpicam-vid` and `ffmpeg` scripts on PATH that
// write MJPEG to stdout (in odd-sized chunks) or fail the ways real ones do.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JpegSplitter, jpegSize } from '../../../src/adapters/camera/jpeg-splitter.js';
import { rpicamArgs, rpicamCamera } from '../../../src/adapters/camera/rpicam-camera.js';
import { v4l2Args, v4l2Camera } from '../../../src/adapters/camera/v4l2-camera.js';

let bin: string;
let savedPath: string | undefined;

/** A fake producer: MODE=stream writes a JPEG every 40 ms in 700-byte chunks; fail exits at once; silent writes nothing. */
function fakeProducer(name: string, jpegFile: string): void {
  const script = `#!/usr/bin/env node
const fs = require('node:fs');
fs.writeFileSync(${JSON.stringify(join(bin, `${name}.args`))}, JSON.stringify(process.argv.slice(2)));
const mode = process.env.FAKE_CAMERA_MODE || 'stream';
if (mode === 'fail') { process.stderr.write('ERROR: *** no cameras available ***\\n'); process.exit(255); }
if (mode === 'silent') { setInterval(() => {}, 1000); return; }
const jpeg = fs.readFileSync(${JSON.stringify(jpegFile)});
const send = () => { for (let i = 0; i < jpeg.length; i += 700) process.stdout.write(jpeg.subarray(i, i + 700)); };
process.stdout.write(Buffer.from([0x00, 0x42]));
send();
setInterval(send, 40);
`;
  writeFileSync(join(bin, name), script);
  chmodSync(join(bin, name), 0o755);
}

beforeAll(async () => {
  bin = mkdtempSync(join(tmpdir(), 'fake-cameras-'));
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  writeFileSync(join(bin, 'frame.jpg'), jpeg);
  fakeProducer('rpicam-vid', join(bin, 'frame.jpg'));
  fakeProducer('ffmpeg', join(bin, 'frame.jpg'));
  savedPath = process.env.PATH;
  process.env.PATH = `${bin}:${savedPath}`;
});

afterAll(() => {
  process.env.PATH = savedPath;
  delete process.env.FAKE_CAMERA_MODE;
  rmSync(bin, { recursive: true, force: true });
});

describe('MJPEG splitting', () => {
  it('cuts a stream into whole JPEGs across chunk borders and reads their size', async () => {
    const jpeg = readFileSync(join(bin, 'frame.jpg'));
    const stream = Buffer.concat([Buffer.from([1, 2, 3]), jpeg, jpeg]);
    const splitter = new JpegSplitter();
    const pictures = [
      stream.subarray(0, 100),
      stream.subarray(100, jpeg.length + 50),
      stream.subarray(jpeg.length + 50),
    ].flatMap((c) => splitter.push(c));
    expect(pictures).toHaveLength(2);
    expect(pictures[0]!.equals(jpeg)).toBe(true);
    expect(jpegSize(pictures[1]!)).toEqual({ width: 64, height: 48 });
  });
});

describe.each([
  ['rpicam-vid', () => rpicamCamera({ shutterUs: 8000, gain: 1.5, awbGains: [1.8, 1.6], lensPosition: 4 })],
  ['ffmpeg', () => v4l2Camera({ device: '/dev/video2' })],
])('%s producer camera', (name, make) => {
  it('returns frames, and the first one newer than a given moment', async () => {
    process.env.FAKE_CAMERA_MODE = 'stream';
    const camera = make();
    try {
      const first = await camera.capture({ timeoutMs: 5000 });
      expect(first).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
      const moment = performance.now();
      const next = await camera.capture({ newerThan: moment, timeoutMs: 2000 });
      expect(next.capturedAt).toBeGreaterThan(moment);
      expect(next.sequence).toBeGreaterThan(first.sequence);
    } finally {
      await camera.close();
    }
  });

  it("fails with the camera's own words when the producer exits", async () => {
    process.env.FAKE_CAMERA_MODE = 'fail';
    const camera = make();
    await expect(camera.capture({ timeoutMs: 5000 })).rejects.toThrow(
      /stopped \(exit code 255\).*no cameras available/,
    );
    await camera.close();
  });

  it('times out with a clear message when no frame comes', async () => {
    process.env.FAKE_CAMERA_MODE = 'silent';
    const camera = make();
    // Only the 300 ms timer writes this message: a hang would fail on the test's own timeout instead.
    await expect(camera.capture({ timeoutMs: 300 })).rejects.toThrow(
      new RegExp(`${name}\\): no frame within 300 ms.*connected`),
    );
    await camera.close();
  });
});

describe('producer commands', () => {
  it('maps exposure, white balance and focus locks to rpicam-vid flags', async () => {
    process.env.FAKE_CAMERA_MODE = 'stream';
    const camera = rpicamCamera({ shutterUs: 8000, gain: 1.5, awbGains: [1.8, 1.6], lensPosition: 4 });
    await camera.capture({ timeoutMs: 5000 });
    await camera.close();
    const args = JSON.parse(readFileSync(join(bin, 'rpicam-vid.args'), 'utf8')) as string[];
    expect(args).toEqual(rpicamArgs({ shutterUs: 8000, gain: 1.5, awbGains: [1.8, 1.6], lensPosition: 4 }));
    expect(args.join(' ')).toContain('--codec mjpeg -o -');
    expect(args.join(' ')).toContain(
      '--shutter 8000 --gain 1.5 --awbgains 1.8,1.6 --autofocus-mode manual --lens-position 4',
    );
    expect(v4l2Args({ device: '/dev/video2' }).join(' ')).toMatch(/-f v4l2 .*-i \/dev\/video2 .*-f mjpeg pipe:1/);
  });

  it('says what to install when the binary is missing', async () => {
    const camera = rpicamCamera({ command: 'rpicam-vid-not-installed' });
    await expect(camera.capture({ timeoutMs: 5000 })).rejects.toThrow(
      /"rpicam-vid-not-installed" is not installed or not on PATH\. Install rpicam-apps/,
    );
    await camera.close();
  });
});
