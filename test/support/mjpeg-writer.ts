// A child process that is an MJPEG camera: it writes concatenated JPEGs to stdout, each split over
// two writes (so the reader must join pictures across chunks), every intervalMs, and its pid to a
// file. With `silent` it writes nothing at all (a camera that hangs). No ffmpeg needed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

export interface MjpegWriter {
  command: string;
  args: string[];
  /** The child's pid once it has started (it writes it first thing). */
  pid(): number | undefined;
  alive(): boolean;
  remove(): void;
}

const WRITER = `
const fs = require('node:fs');
const [pidFile, interval, silent, ...pictures] = process.argv.slice(2);
fs.writeFileSync(pidFile, String(process.pid));
if (silent === 'silent') setInterval(() => {}, 1000);
else start();
function start() {
const jpegs = pictures.map((p) => fs.readFileSync(p));
let n = 0;
setInterval(() => {
  const jpeg = jpegs[n++ % jpegs.length];
  const half = jpeg.length >> 1;
  process.stdout.write(jpeg.subarray(0, half));
  setImmediate(() => process.stdout.write(jpeg.subarray(half)));
}, Number(interval));
}
`;

export async function mjpegWriter(options: { intervalMs?: number; silent?: boolean } = {}): Promise<MjpegWriter> {
  const dir = mkdtempSync(join(tmpdir(), 'benchhand-mjpeg-'));
  const pictures: string[] = [];
  for (const [index, colour] of ['#204080', '#c04020'].entries()) {
    const file = join(dir, `${index}.jpg`);
    writeFileSync(
      file,
      await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
        .jpeg({ quality: 80 })
        .toBuffer(),
    );
    pictures.push(file);
  }
  const pidFile = join(dir, 'pid');
  const script = join(dir, 'mjpeg-writer.cjs');
  writeFileSync(script, WRITER);
  const pid = () => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : undefined);
  return {
    command: process.execPath,
    args: [script, pidFile, String(options.intervalMs ?? 40), options.silent ? 'silent' : 'frames', ...pictures],
    pid,
    alive() {
      const id = pid();
      if (id === undefined) return false;
      try {
        process.kill(id, 0);
        return true;
      } catch {
        return false;
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** True when a command can be run (ffmpeg for a V4L2 camera, rpicam-vid for the Pi camera). */
export function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}
