// Per-step latency of the agent on the virtual bench, by phase: the Wi-Fi task in script mode,
// with timing wrappers around the observer (observe = camera + OCR) and the MCU (act). The screen
// reader's own time (fingerprint, preprocess, OCR: the agent's share) is timed apart from the
// rest of observe (waiting for a frame newer than the action, the virtual camera's render and
// photograph, which the camera module does on the rig), and readings are counted by source.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBench } from '../../src/app/bench/open-bench.js';
import { loadTask } from '../../src/app/agent/task-file.js';
import { runBenchSettings, runTask } from '../../src/app/agent/run-task.js';
import type { McuPort } from '../../src/core/ports/mcu.js';
import type { ObserverPort } from '../../src/core/ports/observer.js';
import { ScreenReader } from '../../src/adapters/observer-camera/screen-reader.js';
import { VirtualCamera } from '../../src/sim/camera/virtual-camera.js';
import { percentile, round } from './stats.js';

export async function benchAgentStep(runs = 4): Promise<Record<string, unknown>> {
  const observe: number[] = [];
  const act: number[] = [];
  const steps: number[] = [];
  const reads: number[] = [];
  const sources: Record<string, number> = {};
  // The virtual camera's render + photograph, per step: on the rig the camera module does that
  // work, so the step less this is what the agent itself (and the phone) took.
  const rendersPerStep: number[] = [];
  const agentShares: number[] = [];
  let renderInStep = 0;
  const capture = VirtualCamera.prototype.captureWithTruth;
  VirtualCamera.prototype.captureWithTruth = async function (this: VirtualCamera, options) {
    const t = performance.now();
    const truth = await capture.call(this, options);
    renderInStep += performance.now() - t;
    return truth as never;
  };
  // The reader timed where the bench builds it: a wrapper on the class, for this bench only.
  const read = ScreenReader.prototype.read;
  ScreenReader.prototype.read = async function (this: ScreenReader, image: Uint8Array) {
    const t = performance.now();
    const reading = await read.call(this, image);
    reads.push(performance.now() - t);
    sources[reading.source] = (sources[reading.source] ?? 0) + 1;
    return reading;
  };
  const timeObserver = (port: ObserverPort): ObserverPort => ({
    describe: () => port.describe(),
    close: () => port.close(),
    observe: async (options) => {
      const t = performance.now();
      const o = await port.observe(options);
      observe.push(performance.now() - t);
      return o;
    },
  });
  const timeMcu = (port: McuPort): McuPort =>
    new Proxy(port, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (!['tap', 'type', 'key'].includes(String(key)))
          return typeof value === 'function' ? value.bind(target) : value;
        return async (...args: unknown[]) => {
          const t = performance.now();
          const r = await (value as (...a: unknown[]) => unknown).apply(target, args);
          act.push(performance.now() - t);
          return r;
        };
      },
    });
  const task = loadTask('src/sim/devices/settings-wifi.task.yaml');
  try {
    for (let i = 0; i < runs; i++) {
      const stateDir = mkdtempSync(join(tmpdir(), 'bh-bench-'));
      const bench = openBench(
        runBenchSettings({
          task,
          stateDir,
          interpreter: 'script',
          rig: { kind: 'sim', deviceFile: 'src/sim/devices/settings-wifi.yaml' },
        }),
      );
      let last = performance.now();
      try {
        await bench.start('rig');
        await runTask({
          task,
          taskFile: 'settings-wifi',
          bench,
          stateDir,
          interpreter: 'script',
          approvals: 'none',
          signal: new AbortController().signal,
          instrument: { observer: timeObserver, mcu: timeMcu },
          onProgress: (event) => {
            if (event.type === 'step') {
              const took = performance.now() - last;
              steps.push(took);
              rendersPerStep.push(renderInStep);
              agentShares.push(took - renderInStep);
              renderInStep = 0;
              last = performance.now();
            }
          },
        });
      } finally {
        await bench.stop();
      }
    }
  } finally {
    ScreenReader.prototype.read = read;
    VirtualCamera.prototype.captureWithTruth = capture;
  }
  return {
    'observe (camera + OCR) median ms': round(percentile(observe, 50), 1),
    'observe p90 ms': round(percentile(observe, 90), 1),
    'observe p99 ms': round(percentile(observe, 99), 1),
    "of which the screen reader (the agent's share), median | p90 ms": `${round(percentile(reads, 50), 1)} | ${round(percentile(reads, 90), 1)}`,
    'readings by source': Object.entries(sources)
      .map(([k, v]) => `${k} ${v}`)
      .join(', '),
    'act (MCU command to DONE) median ms': round(percentile(act, 50), 1),
    'act p99 ms': round(percentile(act, 99), 1),
    'whole step median ms (observe, interpret, act, verify, checkpoint)': round(percentile(steps.slice(1), 50), 1),
    'whole step p90 ms': round(percentile(steps.slice(1), 90), 1),
    'whole step p99 ms': round(percentile(steps.slice(1), 99), 1),
    "of each step, the virtual camera's render (not the agent's), median ms": round(
      percentile(rendersPerStep.slice(1), 50),
      1,
    ),
    'whole step less the virtual camera, median | p90 ms': `${round(percentile(agentShares.slice(1), 50), 1)} | ${round(percentile(agentShares.slice(1), 90), 1)}`,
    'observations per step': round(observe.length / Math.max(1, steps.length), 2),
    'load average (1 min) when measured': round((await import('node:os')).loadavg()[0]!, 1),
    samples: `${steps.length} steps, ${observe.length} observations, ${act.length} actions`,
  };
}
