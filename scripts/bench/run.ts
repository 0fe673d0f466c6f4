// `npm run bench`: every benchmark, printed as a table and saved to build/bench/results.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { benchMcuLink } from './mcu-link.bench.js';
import { benchVision, benchWideCorpus } from './vision.bench.js';
import { benchObserve } from './observe.bench.js';
import { benchAgentStep } from './agent-step.bench.js';
import { benchCheckpoint } from './checkpoint.bench.js';
import { benchEmergencyStop } from './estop.bench.js';
import { benchAdversarial } from './adversarial.js';
import { benchLlmContext } from './llm-context.bench.js';
import { benchFleet } from './fleet.bench.js';
import { benchCadence } from './cadence.bench.js';
import { benchRealScreens } from './real-screens.bench.js';
import { benchConsoleClick } from './console-click.bench.js';

const benches: Record<string, () => Promise<Record<string, unknown>>> = {
  'MCU link over pty (native simulated MCU)': () => benchMcuLink(),
  'Vision: OCR corpus, tesseract.js | native tesseract': () => benchVision(),
  'Vision: widened OCR corpus (Roboto, dark, 720/1440 px, dialogs, small grey text), screen reader | plain tesseract.js':
    () => benchWideCorpus(),
  'Vision: real screens (../shared/real-apps truth), screenshots and virtual camera': () => benchRealScreens(),
  'Vision: observe (frame -> screen model) on the virtual camera, warm': () => benchObserve(),
  'Agent step on the virtual bench (script mode, Wi-Fi task)': () => benchAgentStep(),
  'Frame cadence: a change on the device (a 2 s toast) to the agent seeing it': () => benchCadence(),
  'Durable state per step (checkpoint, journal, audit; fsync)': () => benchCheckpoint(),
  'E-stop over MQTT to the MCU (mosquitto on loopback, simulated MCU)': () => benchEmergencyStop(),
  'Manual control: a click on the console picture (headless Chromium) to the MCU touch': () => benchConsoleClick(),
  'Adversarial devices: pass rate, false successes, unasked destructive actions': () => benchAdversarial(),
  'LLM context budget (scripted model, fake provider): tokens per step, 32k window, session seed': () =>
    benchLlmContext(),
  'Fleet: jobs per minute with 1, 2, 3 benches on one mosquitto, and the claim latency': () => benchFleet(),
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
