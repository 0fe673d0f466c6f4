// Observe (camera frame -> screen model) on the virtual camera, warm: an unchanged screen (the
// fingerprint says so and the last reading is reused), a changed one read by bands (a toggle
// flipped; the camera observer's default) and a changed one read whole (the reader with full
// reads, as `benchhand run` read every changed screen before bands read button labels whole).
// The virtual camera's own render + photograph time is reported apart: on the rig the camera
// module does that work, not the agent.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TesseractPool } from '../../src/adapters/observer-camera/tesseract-pool.js';
import { ScreenReader } from '../../src/adapters/observer-camera/screen-reader.js';
import { VirtualCamera } from '../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../src/sim/device/device.js';
import { parseDeviceFile } from '../../src/sim/device/load.js';
import { percentile, round } from './stats.js';

const probe = join(import.meta.dirname, '../../test/fixtures/vision/layout-probe.yaml');

export async function benchObserve(rounds = 10): Promise<Record<string, unknown>> {
  const one = await measure(1, rounds);
  const two = await measure(2, rounds);
  return {
    ...one,
    'with 2 OCR workers: changed screen, bands | full, median ms': `${two['observe, changed screen (toggle), band reads, median ms']} | ${two['observe, changed screen (toggle), full reads, median ms']}`,
    'with 2 OCR workers: CPU ms per observe, median: unchanged | bands | full':
      two['CPU ms per observe, median: unchanged | bands | full'],
  };
}

async function measure(workers: number, rounds: number): Promise<Record<string, unknown>> {
  const pool = await TesseractPool.start(workers);
  const camera: number[] = [],
    unchanged: number[] = [],
    bands: number[] = [],
    full: number[] = [],
    fingerprint: number[] = [];
  const sources: Record<string, number> = {};
  // CPU time of this process (tesseract's worker threads included): what the wall time would be on a quiet core.
  const cpu: Record<'unchanged' | 'bands' | 'full', number[]> = { unchanged: [], bands: [], full: [] };
  try {
    for (const mode of ['bands', 'full'] as const) {
      const device = new VirtualDevice(parseDeviceFile(readFileSync(probe, 'utf8')));
      const cam = new VirtualCamera({ source: () => device.render(), seed: 9 });
      let t = 100;
      const tap = (label: string) => {
        const box = device.groundTruth().targets.find((x) => x.label === label)!.box;
        const x = Math.round(box.x + box.width / 2),
          y = Math.round(box.y + box.height / 2);
        device.tapDown(x, y, (t += 40));
        device.tapUp(x, y, (t += 80));
      };
      const first = await cam.captureWithTruth();
      const reader = new ScreenReader(
        pool,
        {
          kind: 'camera',
          calibration: {
            deviceSize: { width: device.width, height: device.height },
            screenCorners: first.screenCorners,
          },
        },
        mode === 'full' ? { fullReadAbove: -1 } : {},
      );
      await reader.read(first.frame.image);
      const look = async (into: number[]) => {
        const started = performance.now();
        const capture = await cam.captureWithTruth();
        camera.push(performance.now() - started);
        const readStarted = performance.now(),
          cpuStarted = process.cpuUsage();
        const reading = await reader.read(capture.frame.image);
        into.push(performance.now() - readStarted);
        const used = process.cpuUsage(cpuStarted);
        cpu[into === unchanged ? 'unchanged' : mode].push((used.user + used.system) / 1000);
        fingerprint.push(reading.timings.fingerprintMs);
        sources[`${mode}:${reading.source}`] = (sources[`${mode}:${reading.source}`] ?? 0) + 1;
      };
      for (let i = 0; i < rounds; i++) {
        await look(unchanged);
        tap(i % 2 ? 'Bluetooth' : 'Airplane mode');
        await look(mode === 'bands' ? bands : full);
      }
    }
  } finally {
    await pool.close();
  }
  return {
    "virtual camera render + photograph, median ms (not the agent's)": round(percentile(camera, 50), 1),
    "virtual camera render + photograph, p90 ms (not the agent's)": round(percentile(camera, 90), 1),
    'OCR workers': workers,
    'observe, unchanged screen, median ms': round(percentile(unchanged, 50), 1),
    'observe, unchanged screen, p90 ms': round(percentile(unchanged, 90), 1),
    'of which content fingerprint, median ms': round(percentile(fingerprint, 50), 1),
    'observe, changed screen (toggle), band reads, median ms': round(percentile(bands, 50), 1),
    'observe, changed screen (toggle), band reads, p90 ms': round(percentile(bands, 90), 1),
    'observe, changed screen (toggle), full reads, median ms': round(percentile(full, 50), 1),
    'observe, changed screen (toggle), full reads, p90 ms': round(percentile(full, 90), 1),
    'CPU ms per observe, median: unchanged | bands | full': (['unchanged', 'bands', 'full'] as const)
      .map((k) => round(percentile(cpu[k], 50), 1))
      .join(' | '),
    'load average (1 min) when measured': round((await import('node:os')).loadavg()[0]!, 1),
    'readings by source': Object.entries(sources)
      .map(([k, v]) => `${k} ${v}`)
      .join(', '),
  };
}
