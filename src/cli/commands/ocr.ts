// `benchhand ocr IMAGE`: prints what the agent would read from a camera picture (or a device
// screenshot), with the screen corners given or found automatically, and the quality verdict.
import { readFileSync } from 'node:fs';
import { openBench } from '../../app/bench/open-bench.js';
import { findCornersInPicture } from '../../app/bench/screen-corners.js';
import { assessQuality } from '../../core/vision/quality.js';
import { parseOptions, UsageError } from '../args.js';
import { formatCorners, parseCorners, parseRotation, parseSize } from '../vision-args.js';

const USAGE =
  'benchhand ocr IMAGE [--json] [--corners x1,y1,x2,y2,x3,y3,x4,y4] [--device WxH] [--rotation DEG] [--screenshot]';

export async function ocrCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(
    argv,
    {
      json: { type: 'boolean' },
      corners: { type: 'string' },
      device: { type: 'string' },
      rotation: { type: 'string' },
      screenshot: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    USAGE,
  );
  if (values.help) {
    process.stdout.write(
      `usage: ${USAGE}\n  --corners   screen corners in camera pixels, clockwise from the screen's top-left (default: found automatically)\n  --device    device resolution (default 1080x2400)\n  --rotation  how the phone is turned in the picture, degrees clockwise, for automatic corners (default 90)\n  --screenshot  IMAGE is a device screenshot, not a camera picture\n`,
    );
    return 0;
  }
  if (positionals.length !== 1)
    throw new UsageError(
      `give exactly one IMAGE (a camera picture, JPEG or PNG); got ${positionals.length}\nusage: ${USAGE}`,
    );
  if (values.screenshot && values.corners)
    throw new UsageError(
      `--corners does not go with --screenshot: a screenshot is the screen already\nusage: ${USAGE}`,
    );
  const deviceSize = values.device ? parseSize('--device', values.device, USAGE) : { width: 1080, height: 2400 };
  const rotationDeg = parseRotation(values.rotation, USAGE);
  let corners = values.corners ? parseCorners(values.corners, USAGE) : undefined;
  let cornersFrom: 'given' | 'detected' | undefined = corners ? 'given' : undefined;
  const image = readPicture(positionals[0]!);
  if (!values.screenshot) {
    if (!corners) {
      const found = await findCornersInPicture(image, { deviceSize, rotationDeg });
      if (!found.ok)
        throw new Error(`cannot find the screen in ${positionals[0]}: ${found.problem} (--corners x1,y1,...,x4,y4)`);
      corners = found.corners;
      cornersFrom = 'detected';
    }
  }
  const bench = openBench({ ocr: { warmUp: false } });
  try {
    await bench.start('ocr');
    const reader = bench.screenReader(
      corners ? { kind: 'camera', calibration: { deviceSize, screenCorners: corners } } : { kind: 'screenshot' },
    );
    const reading = await reader.read(image);
    const quality = assessQuality(reading.stats, reading.model);
    if (values.json) {
      process.stdout.write(
        `${JSON.stringify({ corners, cornersFrom, model: reading.model, quality, stats: reading.stats, timings: reading.timings }, null, 1)}\n`,
      );
    } else {
      if (corners) process.stdout.write(`screen corners (${cornersFrom}): ${formatCorners(corners)}\n`);
      for (const line of reading.model.lines)
        process.stdout.write(
          `${line.text.padEnd(48)} @${Math.round(line.box.x)},${Math.round(line.box.y)} ${Math.round(line.confidence * 100)}%\n`,
        );
      process.stdout.write(
        quality.ok
          ? 'quality: ok\n'
          : `quality: ${quality.problems.map((p) => `${p.kind}: ${p.message}`).join('\n  ')}\n`,
      );
    }
    return 0;
  } finally {
    await bench.stop();
  }
}

function readPicture(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new Error(
      `cannot read IMAGE ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
}
