// `npm run bench`: every benchmark, printed as a table and saved to build/bench/results.json.
// Each is imported when it runs: one that needs the test support (llm-context's harness registers
// vitest hooks, which throw outside vitest) does not stop `npm run bench real` from starting.
import { mkdirSync, writeFileSync } from 'node:fs';

const benches: Record<string, () => Promise<Record<string, unknown>>> = {
  'MCU link over pty (native simulated MCU)': async () => (await import('./mcu-link.bench.js')).benchMcuLink(),
  'Vision: OCR corpus, tesseract.js | native tesseract': async () => (await import('./vision.bench.js')).benchVision(),
  'Vision: widened OCR corpus (Roboto, dark, 720/1440 px, dialogs, small grey text), screen reader | plain tesseract.js':
    async () => (await import('./vision.bench.js')).benchWideCorpus(),
  'Vision: real screens (../shared/real-apps truth), screenshots and virtual camera': async () =>
    (await import('./real-screens.bench.js')).benchRealScreens(),
  'Vision: whole-read CPU of a new 1080x2400 screen through the camera, warm': async () =>
    (await import('./whole-read.bench.js')).benchWholeRead(),
  'Vision: observe (frame -> screen model) on the virtual camera, warm': async () =>
    (await import('./observe.bench.js')).benchObserve(),
  'Agent step on the virtual bench (script mode, Wi-Fi task)': async () =>
    (await import('./agent-step.bench.js')).benchAgentStep(),
  'Frame cadence: a change on the device (a 2 s toast) to the agent seeing it': async () =>
    (await import('./cadence.bench.js')).benchCadence(),
  'Durable state per step (checkpoint, journal, audit; fsync)': async () =>
    (await import('./checkpoint.bench.js')).benchCheckpoint(),
  'E-stop over MQTT to the MCU (mosquitto on loopback, simulated MCU)': async () =>
    (await import('./estop.bench.js')).benchEmergencyStop(),
  'Adversarial devices: pass rate, false successes, unasked destructive actions': async () =>
    (await import('./adversarial.js')).benchAdversarial(),
  'LLM context budget (scripted model, fake provider): tokens per step, 32k window, session seed': async () =>
    (await import('./llm-context.bench.js')).benchLlmContext(),
  'Fleet: jobs per minute with 1, 2, 3 benches on one mosquitto, and the claim latency': async () =>
    (await import('./fleet.bench.js')).benchFleet(),
};

const only = process.argv[2];
const results: Record<string, unknown> = {
  machine: `${process.platform} ${process.arch}, node ${process.version}`,
  at: new Date().toISOString(),
};
for (const [name, run] of Object.entries(benches)) {
  if (only && !name.toLowerCase().includes(only.toLowerCase())) continue;
  process.stdout.write(`\n## ${name}\n`);
  const figures = await run();
  for (const [label, value] of Object.entries(figures)) process.stdout.write(`  ${label.padEnd(66)} ${value}\n`);
  results[name] = figures;
}
mkdirSync('build/bench', { recursive: true });
writeFileSync('build/bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
process.stdout.write('\nsaved build/bench/results.json\n');
