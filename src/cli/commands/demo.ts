// `benchhand demo`: what `npm start` runs. Runs the Wi-Fi task on a virtual bench started for it,
// with the script interpreter and live progress. `benchhand demo --link` instead walks through
// the MCU link's promises on the simulated MCU, showing what moved.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBench } from '../../app/bench/open-bench.js';
import { NativeSimMcu } from '../../sim/mcu/native-sim-mcu.js';
import { packageRoot } from '../../app/package-root.js';
import { describe } from './console.js';
import { runCommand } from './run.js';

export async function demoCommand(argv: string[]): Promise<number> {
  if (!argv.includes('--link')) {
    const task = join(packageRoot(), 'src', 'sim', 'devices', 'settings-wifi.task.yaml');
    process.stdout.write(
      `Running ${task} on a virtual bench (simulated MCU on a pty, virtual phone, virtual camera, OCR).\n`,
    );
    return runCommand([
      task,
      '--sim',
      '--state-dir',
      mkdtempSync(join(tmpdir(), 'benchhand-demo-run-')),
      '--approve',
      'none',
    ]);
  }
  return linkDemo();
}

async function linkDemo(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'benchhand-demo-'));
  const mcu = await NativeSimMcu.start({ linkPath: join(dir, 'mcu'), eventsFile: join(dir, 'events.jsonl') });
  const say = (text: string) => process.stdout.write(`${text}\n`);
  let shown = 0;
  const showMoves = () => {
    for (const event of mcu.events().slice(shown)) say(`    MCU  ${JSON.stringify(event)}`);
    shown = mcu.events().length;
  };
  try {
    say(`simulated MCU on ${mcu.ptyPath}; connecting through ${mcu.path}`);
    const bench = openBench({ mcu: { path: mcu.path, commandIds: 'memory' } });
    await bench.start('mcu');
    const link = bench.get('mcu');
    const { info } = link;
    say(
      `handshake: ${info.board} firmware ${info.firmwareVersion}, protocol ${info.protocolVersion}, boot ${info.bootId}, workspace ${info.limits.workspace.width}x${info.limits.workspace.height}\n`,
    );
    const step = async (title: string, action: () => Promise<string>) => {
      say(`> ${title}`);
      say(`    ${await action()}`);
      await new Promise((r) => setTimeout(r, 50));
      showMoves();
    };
    const id = await link.allocateCommandId();
    await step('tap (540, 1200) for 80 ms', async () =>
      describe(await link.tap({ x: 540, y: 1200, holdMs: 80 }, { id })),
    );
    await step(`the same command id ${id} again (a retry)`, async () =>
      describe(await link.tap({ x: 540, y: 1200, holdMs: 80 }, { id })),
    );
    await step('type "hi!" and Enter', async () => describe(await link.type('hi!\n')));
    await step('a tap outside the workspace', async () => describe(await link.tap({ x: 99999, y: 10 })));
    await step(
      'emergency stop, then a tap',
      async () => (await link.emergencyStop(), describe(await link.tap({ x: 10, y: 10 }))),
    );
    await step(
      'clear the stop, then ctrl+a',
      async () => (await link.clearEmergencyStop(), describe(await link.key({ key: 'a', mods: ['ctrl'] }))),
    );
    await bench.stop();
    say("\nevery line marked MCU above came from the simulated firmware's actuation log.");
    return 0;
  } finally {
    await mcu.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
