// Manual control from the web console (issue 39), end to end: a real mosquitto with the shipped ACL,
// `benchhand run` of the Wi-Fi task on the virtual bench joined to it, the console served by the real
// server, Debian's headless Chromium logged in as the operator alice and the viewer vic. alice takes
// the bench (the run pauses), taps on the picture and the virtual phone changes; the journal holds the
// tap as hers; vic's click does nothing and the broker refuses vic's command; the e-stop from the
// page while alice holds the bench latches the MCU; the run is stopped from the page.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleServer, type ConsoleServer } from '../../src/app/console/console-server.js';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import type { BenchView } from '../../src/adapters/mqtt/bench-view.js';
import { describeWithMosquitto } from '../integration/mqtt/with-mosquitto.js';
import { Mosquitto, shippedAcl } from '../support/mosquitto.js';
import { spawnCli } from '../support/run-cli.js';
import { until } from '../support/until.js';
import { setTimeout as delay } from 'node:timers/promises';

const CHROMIUM = '/usr/bin/chromium';
const TASK = 'src/sim/devices/settings-wifi.task.yaml';
const PASSWORD = 'console-remote-secret';
const BENCH = 'bench1';
/** Texts that move the Wi-Fi device to another screen when tapped, whichever screen the take found. */
const TAPPABLE = ['Network & internet', 'More', 'Cancel', 'Done'];

if (!existsSync(CHROMIUM))
  process.stderr.write(`console remote-control test SKIPPED: ${CHROMIUM} is missing (apt-get install -y chromium)\n`);

(existsSync(CHROMIUM) ? describeWithMosquitto : describe.skip)(
  'manual control from the web console in headless Chromium (needs chromium and mosquitto)',
  () => {
    let broker: Mosquitto;
    let consoleServer: ConsoleServer;
    let browser: Browser;
    let watcher: MqttClient;
    let bench: VirtualBench;
    let server: BenchServer;
    let child: ChildProcess;
    let exited: Promise<number | null>;
    let output = '';
    let latestView: BenchView | undefined;
    const stateDir = mkdtempSync(join(tmpdir(), 'bh-console-remote-'));

    beforeAll(async () => {
      const users = [BENCH, 'alice', 'vic'].map((username) => ({ username, password: PASSWORD }));
      broker = await Mosquitto.start({ users, acl: shippedAcl(), webSockets: true });
      watcher = await mqtt.connectAsync(broker.url, {
        protocolVersion: 5,
        username: 'alice',
        password: PASSWORD,
        reconnectPeriod: 0,
      });
      watcher.on('message', (_topic, payload) => (latestView = JSON.parse(payload.toString()) as BenchView));
      await watcher.subscribeAsync(`benchhand/${BENCH}/view`, { qos: 0 });
      consoleServer = await startConsoleServer({ brokerUrl: broker.webSocketsUrl, host: '127.0.0.1', port: 0 });
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      });
      bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('settings-wifi') });
      server = await BenchServer.start(bench);
      child = spawnCli(
        [
          'run',
          TASK,
          '--bench',
          server.url,
          '--state-dir',
          stateDir,
          '--mqtt',
          broker.url,
          '--bench-id',
          BENCH,
          '--mqtt-user',
          BENCH,
          '--mqtt-password-env',
          'BH_BENCH_PASSWORD',
        ],
        { BH_BENCH_PASSWORD: PASSWORD },
      );
      child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      exited = new Promise((resolve) => child.on('exit', resolve));
    });

    afterAll(async () => {
      if (child?.exitCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      await server?.close();
      await bench?.stop();
      await watcher?.endAsync();
      await browser?.close();
      await consoleServer?.close();
      await broker?.stop();
    });

    async function logIn(user: string): Promise<Page> {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
      await page.goto(consoleServer.url);
      await page.locator('#broker-url').filter({ hasText: broker.webSocketsUrl }).waitFor();
      await page.fill('input[name=username]', user);
      await page.fill('input[name=password]', PASSWORD);
      await page.click('button[type=submit]');
      await page.locator('#role-note').waitFor({ state: 'visible', timeout: 10000 });
      return page;
    }

    const card = (page: Page) => page.locator(`article.bench[data-bench="${BENCH}"]`);
    const taps = () => bench.mcu.events().filter((e) => e.ev === 'tap_down').length;
    const journal = () =>
      readFileSync(join(stateDir, 'journal.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { type: string; tool?: string; by?: string; action?: { kind: string } });

    /** Clicks the picture where a text of the current view is (device pixels scaled to the canvas on the page). */
    async function clickText(page: Page, text: string): Promise<void> {
      const canvas = card(page).locator('canvas.view');
      const line = latestView!.lines.find((l) => l.text === text)!;
      const box = (await canvas.boundingBox())!;
      const scale = box.width / latestView!.deviceSize.width;
      await page.mouse.click(
        box.x + (line.box.x + line.box.width / 2) * scale,
        box.y + (line.box.y + line.box.height / 2) * scale,
      );
    }

    it('an operator takes the bench, taps on the picture, and the phone changes; the journal holds the tap as hers', async () => {
      const alice = await logIn('alice');
      await card(alice).locator('canvas.view[data-device-width]').waitFor({ timeout: 60000 });
      await card(alice).locator('button.take').click();
      await card(alice)
        .locator('.reply[data-state="ok"]')
        .filter({ hasText: /^take done/ })
        .waitFor({ timeout: 15000 });
      await card(alice).locator('.run-status[data-status="paused"]').waitFor({ timeout: 60000 });
      // Held: the picture stays live (looked at every half second) and shows a text that moves the phone on.
      const tapsBefore = taps();
      // The phone as the virtual camera last photographed it: its screen and the texts it rendered (its own truth, not OCR).
      const phone = () =>
        `${bench.lastTruth?.screen.screen} ${bench.lastTruth?.screen.texts.map((t) => t.text).join('|')}`;
      const phoneBefore = phone();
      await until(() => latestView?.lines.some((l) => TAPPABLE.includes(l.text)) === true, 20000);
      const target = TAPPABLE.find((text) => latestView!.lines.some((l) => l.text === text))!;
      await clickText(alice, target);
      const reply = await card(alice)
        .locator('.reply')
        .innerText()
        .catch(() => '');
      await until(() => phone() !== phoneBefore, 30000).catch((error: Error) => {
        throw new Error(`${error.message}; the page said ${reply}; the run said:\n${output.slice(-3000)}`);
      });
      expect(taps()).toBe(tapsBefore + 1);
      const tap = journal().find((r) => r.type === 'intent' && r.by === 'alice');
      expect(tap?.tool).toBe('tap_point');
      expect(tap?.action?.kind).toBe('tap');
      // The run is still held: nothing else moved the phone while alice had it.
      expect(output).not.toMatch(/Submitted a result/);
    }, 180000);

    it("a viewer's click on the picture does nothing, and the broker refuses a viewer's command", async () => {
      const vic = await logIn('vic');
      await card(vic).locator('canvas.view[data-device-width]').waitFor({ timeout: 20000 });
      expect(await card(vic).locator('.manual').count()).toBe(0);
      const tapsBefore = taps();
      const box = (await card(vic).locator('canvas.view').boundingBox())!;
      await vic.mouse.click(box.x + box.width / 2, box.y + box.height / 3);
      // Straight to the broker, as vic: an act is refused (not authorized), so it never reaches the bench.
      const refused = await publishAs('vic', {
        requestId: 'vic-act-0001',
        command: 'act',
        action: { kind: 'tap', x: 540, y: 540 },
      });
      expect(refused).toBe(135);
      expect(taps()).toBe(tapsBefore);
      expect(journal().some((r) => r.by === 'vic')).toBe(false);
    });

    /** Publishes one command as `user` straight to the broker (not through a page); 0, or the broker's refusal code. */
    async function publishAs(user: string, body: object): Promise<number> {
      const direct = await mqtt.connectAsync(broker.url, {
        protocolVersion: 5,
        username: user,
        password: PASSWORD,
        reconnectPeriod: 0,
      });
      try {
        const properties = {
          responseTopic: `benchhand/${BENCH}/reply/${user}-direct`,
          correlationData: Buffer.from(user),
        };
        return await direct
          .publishAsync(`benchhand/${BENCH}/cmd/${user}`, JSON.stringify(body), { qos: 1, properties })
          .then(
            () => 0,
            (error: { code?: number }) => error.code ?? -1,
          );
      } finally {
        await direct.endAsync();
      }
    }

    it('the e-stop from the page during manual control latches the MCU; stop ends the run', async () => {
      const alice = await logIn('alice');
      await card(alice).locator('canvas.view[data-device-width]').waitFor({ timeout: 20000 });
      await alice.locator(`#estop-bar button.estop[data-bench="${BENCH}"]`).click();
      await card(alice)
        .locator('.reply[data-state="ok"]')
        .filter({ hasText: /^estop done/ })
        .waitFor({ timeout: 10000 });
      expect(bench.mcu.events().some((e) => e.ev === 'estop')).toBe(true);
      // Held by this page, then handed back from elsewhere (as the bench does for a holder idle past
      // mqtt.manualIdleMinutes): the page follows the bench and no longer holds it.
      await card(alice).locator('button.take').click();
      await card(alice).locator('.manual[data-held="true"]').waitFor({ timeout: 15000 });
      expect(await publishAs('alice', { requestId: 'alice-back-0001', command: 'hand_back' })).toBe(0);
      await card(alice)
        .locator('.manual[data-held="false"]')
        .waitFor({ timeout: 30000 })
        .catch(async (error: Error) => {
          const seen = await card(alice).locator('.last-action').innerText();
          throw new Error(`${error.message}; the page's last action: ${seen}; the run said:\n${output.slice(-2000)}`);
        });
      expect(await card(alice).locator('.manual-note').innerText()).toMatch(/^Handed back at/);
      await card(alice).locator('button[data-command="stop"]').click();
      await card(alice)
        .locator('.reply[data-state="ok"]')
        .filter({ hasText: /^stop done/ })
        .waitFor({ timeout: 10000 });
      // A hang guard, not a timing assert: the run exits once its stop is taken and its record saved.
      const code = await Promise.race([exited, delay(120000).then(() => 'still running after 120 s')]);
      expect(code, output.slice(-3000)).toBe(130);
      expect(output).toMatch(/Cancelled \(stopped by alice/);
    }, 180000);
  },
);
