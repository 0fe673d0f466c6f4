// Manual control's latency: from a click on the bench's picture in the web console (headless
// Chromium) to the simulated MCU's touch coming down, through the page's MQTT publish, mosquitto
// on loopback, the run's safe point, a fresh look (camera + reader), the guard, the fsync'd journal
// and the ledgered MCU command over the pty. `benchhand run` of the Wi-Fi task on the virtual bench,
// taken by an operator; each click lands on an empty part of the screen, a few pixels from the
// last (so the repeated-call guard lets it through), after the previous action was verified.
// Skipped when chromium or mosquitto is missing.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startConsoleServer } from '../../src/app/console/console-server.js';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { Mosquitto, mosquittoMissing, shippedAcl } from '../../test/support/mosquitto.js';
import { spawnCli } from '../../test/support/run-cli.js';
import { percentile, round } from './stats.js';

const CHROMIUM = '/usr/bin/chromium';
const PASSWORD = 'console-click-bench';

export async function benchConsoleClick(rounds = 8): Promise<Record<string, unknown>> {
  const missing = mosquittoMissing();
  if (missing) return { skipped: missing };
  if (!existsSync(CHROMIUM)) return { skipped: `${CHROMIUM} is missing (apt-get install -y chromium)` };
  const users = ['bench1', 'alice'].map((username) => ({ username, password: PASSWORD }));
  const broker = await Mosquitto.start({ users, acl: shippedAcl(), webSockets: true });
  const consoleServer = await startConsoleServer({ brokerUrl: broker.webSocketsUrl, host: '127.0.0.1', port: 0 });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  const bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('settings-wifi') });
  const server = await BenchServer.start(bench);
  const touches: number[] = [];
  bench.onActuation(() => touches.push(performance.now()));
  const child = spawnCli(
    [
      'run',
      'src/sim/devices/settings-wifi.task.yaml',
      '--bench',
      server.url,
      '--state-dir',
      mkdtempSync(join(tmpdir(), 'bh-click-bench-')),
      '--mqtt',
      broker.url,
      '--bench-id',
      'bench1',
      '--mqtt-user',
      'bench1',
      '--mqtt-password-env',
      'BH_BENCH_PASSWORD',
      '--quiet',
    ],
    { BH_BENCH_PASSWORD: PASSWORD },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const toTouch: number[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(consoleServer.url);
    await page.fill('input[name=username]', 'alice');
    await page.fill('input[name=password]', PASSWORD);
    await page.click('button[type=submit]');
    const card = page.locator('article.bench[data-bench="bench1"]');
    await card.locator('canvas.view[data-device-width]').waitFor({ timeout: 60000 });
    await card.locator('button.take').click();
    await card.locator('.run-status[data-status="paused"]').waitFor({ timeout: 60000 });
    const box = (await card.locator('canvas.view').boundingBox())!;
    for (let i = 0; i < rounds; i++) {
      const before = touches.length;
      const sent = performance.now();
      // Low on the screen, where the Wi-Fi screens are empty: nothing changes, so the next click sees the same screen.
      await page.mouse.click(box.x + box.width * (0.3 + 0.04 * i), box.y + box.height * 0.78);
      while (touches.length === before) await new Promise((resolve) => setTimeout(resolve, 5));
      toTouch.push(touches[before]! - sent);
      // The action's verification ends before the next one is taken at the safe point: wait for its reply.
      await card
        .locator('.reply[data-state]')
        .filter({ hasText: /^tap (done|failed)/ })
        .waitFor({ timeout: 30000 });
      await new Promise((resolve) => setTimeout(resolve, 6000));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
    await server.close();
    await bench.stop();
    await browser.close();
    await consoleServer.close();
    await broker.stop();
  }
  return {
    'click on the picture -> MCU touch down, median ms': round(percentile(toTouch, 50), 0),
    'click on the picture -> MCU touch down, max ms': round(Math.max(...toTouch), 0),
    samples: toTouch.length,
  };
}
