// Every benchmark `npm run bench` knows, each with its full size and its smoke size. The size is the
// benchmark's own unit (iterations, frames, rounds, runs, steps, benches in a fleet). `npm run bench
// -- --smoke` runs each once at its smoke size — tiny, to prove it still runs to the end, never to
// measure — and CI does so (test/support/bench-smoke.ts), so no benchmark can rot unseen.
// A new benchmark joins by adding one entry here with both sizes.
import { benchMcuLink } from './mcu-link.bench.js';
import { benchVision, benchWideCorpus } from './vision.bench.js';
import { benchObserve } from './observe.bench.js';
import { benchAgentStep } from './agent-step.bench.js';
import { benchCheckpoint } from './checkpoint.bench.js';
import { benchEmergencyStop } from './estop.bench.js';
import { benchAdversarial } from './adversarial.js';
import { benchLlmContext, LONG_STEPS } from './llm-context.bench.js';
import { benchFleet } from './fleet.bench.js';
import { benchCadence } from './cadence.bench.js';
import { benchRealScreens } from './real-screens.bench.js';
import { benchMcp } from './mcp.bench.js';
import { benchCameraGate } from './camera-gate.bench.js';
import { benchCameraSettings } from './camera-settings.bench.js';
import { benchConsoleClick } from './console-click.bench.js';
import { benchWholeRead } from './whole-read.bench.js';
import { benchRunVideo } from './run-video.bench.js';

export type Figures = Record<string, unknown>;

export interface Benchmark {
  name: string;
  /** The size a measurement runs at; Infinity where it is "all of them" (every frame, every run). */
  full: number;
  /** The size of the smoke run: enough to go through every code path once, as cheap as that allows. */
  smoke: number;
  run(size: number): Promise<Figures>;
}

export const BENCHMARKS: Benchmark[] = [
  { name: 'MCU link over pty (native simulated MCU)', full: 400, smoke: 5, run: benchMcuLink },
  { name: 'Vision: OCR corpus, tesseract.js | native tesseract', full: Infinity, smoke: 1, run: benchVision },
  {
    name: 'Vision: widened OCR corpus (Roboto, dark, 720/1440 px, dialogs, small grey text), screen reader | plain tesseract.js',
    full: Infinity,
    smoke: 1,
    run: benchWideCorpus,
  },
  {
    name: 'Vision: real screens (../shared/real-apps truth), screenshots and virtual camera',
    full: Infinity,
    smoke: 1,
    run: benchRealScreens,
  },
  {
    name: 'Vision: observe (frame -> screen model) on the virtual camera, warm',
    full: 10,
    smoke: 1,
    run: benchObserve,
  },
  { name: 'Agent step on the virtual bench (script mode, Wi-Fi task)', full: 4, smoke: 1, run: benchAgentStep },
  {
    name: 'Frame cadence: a change on the device (a 2 s toast) to the agent seeing it',
    full: 8,
    smoke: 1,
    run: benchCadence,
  },
  { name: 'Durable state per step (checkpoint, journal, audit; fsync)', full: 200, smoke: 5, run: benchCheckpoint },
  {
    name: 'E-stop over MQTT to the MCU (mosquitto on loopback, simulated MCU)',
    full: 100,
    smoke: 2,
    run: benchEmergencyStop,
  },
  {
    name: 'Adversarial devices: pass rate, false successes, unasked destructive actions',
    full: Infinity,
    smoke: 1,
    run: (size) => benchAdversarial(undefined, size),
  },
  {
    name: 'LLM context budget (scripted model, fake provider): tokens per step, 32k window, session seed',
    full: LONG_STEPS,
    smoke: 20,
    run: benchLlmContext,
  },
  {
    name: 'Fleet: jobs per minute with 1, 2, 3 benches on one mosquitto, and the claim latency',
    full: 3,
    smoke: 1,
    run: benchFleet,
  },
  {
    name: 'MCP: a tool call over stdio (benchhand mcp) beside the same step in benchhand run, Wi-Fi taps',
    full: 3,
    smoke: 1,
    run: benchMcp,
  },
  {
    name: 'Camera gate: retakes and burst fusion on spoiled virtual-camera frames, word recall and CPU',
    full: 3,
    smoke: 1,
    run: benchCameraGate,
  },
  {
    name: 'Camera settings: the calibrate sweep on the virtual camera, pictures, seconds, score and word recall before and after',
    full: 3,
    smoke: 1,
    run: benchCameraSettings,
  },
  {
    name: 'Manual control: a click on the console picture (headless Chromium) to the MCU touch',
    full: 8,
    smoke: 1,
    run: benchConsoleClick,
  },
  {
    name: 'Vision: whole-read CPU of a new 1080x2400 screen through the camera, warm',
    full: 3,
    smoke: 1,
    run: benchWholeRead,
  },
  {
    name: "Run video: drawing and encoding a run's pictures at its end (virtual camera, Wi-Fi device)",
    full: 30,
    smoke: 3,
    run: benchRunVideo,
  },
];
