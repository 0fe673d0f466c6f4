// The operator web console end to end: a real mosquitto with the shipped ACL and a websockets
// listener, `benchhand run` on the virtual bench joined to it, the console served by the real
// server, and Debian's headless Chromium logged in as operators (alice, bob) and a viewer (vic).
// The page must show the bench and its live view, take approvals (the first answer wins, the
// other operator is told whose it was), deny, e-stop the MCU and stop the run; a viewer's page
// has no controls and the broker refuses its publish; and no page asks any other host for anything.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleServer, type ConsoleServer } from '../../src/app/console/console-server.js';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { describeWithMosquitto } from '../integration/mqtt/with-mosquitto.js';
import { Mosquitto, shippedAcl } from '../support/mosquitto.js';
import { spawnCli } from '../support/run-cli.js';
import { until } from '../support/until.js';

const CHROMIUM = '/usr/bin/chromium';
const TASK = 'src/sim/devices/settings-wifi.task.yaml';
const haveChromium = existsSync(CHROMIUM);
/** Where the screenshots are left for a person to look at (docs/ has the copies the README shows). */
const SCREENSHOT_DIR = join(process.cwd(), 'build', 'console');
const PASSWORD = 'console-test-secret';
/** A second operator, to see who answers first: a section like the shipped alice's. */
const BOB =
  '\nuser bob\ntopic deny benchhand/bob/#\ntopic deny homeassistant/+/benchhand_bob/#\ntopic read benchhand/#\ntopic write benchhand/+/cmd/bob\n';

if (!haveChromium) {
  if (process.env.CI)
    throw new Error(
      `${CHROMIUM} is missing: CI must have the Debian package chromium (scripts/setup-system.sh installs it)`,
    );
  process.stderr.write(
    `console web test SKIPPED: ${CHROMIUM} is missing; install the Debian package chromium (apt-get install -y chromium)\n`,
  );
}

/** The bit of the page's DOM the waits read (the project's types have no DOM). */
interface PageGlobals {
  document: { querySelector(selector: string): { getAttribute(name: string): string | null } | null };
}

/** Where a page could keep a password. */
interface StoredPlaces {
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
  location: { href: string };
  document: { documentElement: { outerHTML: string }; cookie: string };
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  bench: VirtualBench;
  server: BenchServer;
}

(haveChromium ? describeWithMosquitto : describe.skip)(
  'the operator web console in headless Chromium (needs chromium and mosquitto)',
  () => {
    let broker: Mosquitto;
    let consoleServer: ConsoleServer;
    let browser: Browser;
    const contexts: BrowserContext[] = [];
    const runs: Run[] = [];
    /** The runs all stop at their approval (Connect): started together, they get there while the first test waits. */
    let approveRun: Promise<Run>;
    let denyRun: Promise<Run>;
    let estopRun: Promise<Run>;
    /** Every HTTP request and WebSocket any page opened, to check that none went elsewhere. */
    const requests: string[] = [];
    const sockets: string[] = [];
    /** Every view message the benches published (size, arrival), watched from outside the page: the rate and the weight. */
    const views: Array<{ topic: string; bytes: number; imageBytes: number; atMs: number }> = [];
    let watcher: MqttClient;

    beforeAll(async () => {
      const users = ['bench1', 'bench2', 'bench3', 'alice', 'bob', 'vic'].map((username) => ({
        username,
        password: PASSWORD,
      }));
      broker = await Mosquitto.start({ users, acl: shippedAcl() + BOB, webSockets: true });
      watcher = await mqtt.connectAsync(broker.url, {
        protocolVersion: 5,
        username: 'alice',
        password: PASSWORD,
        reconnectPeriod: 0,
      });
      watcher.on('message', (topic, payload) => {
        const image = (JSON.parse(payload.toString()) as { image: { base64: string } }).image;
        views.push({
          topic,
          bytes: payload.length,
          imageBytes: Buffer.from(image.base64, 'base64').length,
          atMs: performance.now(),
        });
      });
      await watcher.subscribeAsync('benchhand/+/view', { qos: 0 });
      consoleServer = await startConsoleServer({ brokerUrl: broker.webSocketsUrl, host: '127.0.0.1', port: 0 });
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
          '--disable-sync',
        ],
      });
      approveRun = startRun('bench1', ['--ask-before', '^connect$']);
      denyRun = startRun('bench2', ['--ask-before', '^connect$']);
      await Promise.all([approveRun, denyRun]);
    });

    afterAll(async () => {
      for (const run of runs) {
        if (run.child.exitCode === null) {
          run.child.kill('SIGKILL');
          await run.exited;
        }
        await run.server.close();
        await run.bench.stop();
      }
      await watcher?.endAsync();
      await browser?.close();
      await consoleServer?.close();
      await broker?.stop();
    });

    async function startRun(benchId: string, extra: string[] = []): Promise<Run> {
      const bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('settings-wifi') });
      const server = await BenchServer.start(bench);
      const stateDir = mkdtempSync(join(tmpdir(), 'bh-console-'));
      const child = spawnCli(
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
          benchId,
          '--mqtt-user',
          benchId,
          '--mqtt-password-env',
          'BH_BENCH_PASSWORD',
          ...extra,
        ],
        { BH_BENCH_PASSWORD: PASSWORD },
      );
      let out = '';
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      const run = {
        child,
        output: () => out,
        exited: new Promise<number | null>((resolve) => child.on('exit', resolve)),
        bench,
        server,
      };
      runs.push(run);
      return run;
    }

    /** A fresh browser profile logged in as `user`; every request it makes is recorded, any to another host refused. */
    async function logIn(user: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
      const context = await browser.newContext({ viewport });
      contexts.push(context);
      const origin = new URL(consoleServer.url).origin;
      await context.route('**/*', (route) => {
        const url = route.request().url();
        requests.push(url);
        return new URL(url).origin === origin ? route.continue() : route.abort();
      });
      const page = await context.newPage();
      page.on('websocket', (socket) => sockets.push(socket.url()));
      await page.goto(consoleServer.url);
      await page.locator('#broker-url').filter({ hasText: broker.webSocketsUrl }).waitFor();
      await page.fill('input[name=username]', user);
      await page.fill('input[name=password]', PASSWORD);
      await page.click('button[type=submit]');
      await page.locator('#role-note').waitFor({ state: 'visible', timeout: 10000 });
      // The password left the page as soon as it was read: not in a field, the DOM, the URL or storage.
      expect(await page.inputValue('input[name=password]')).toBe('');
      const kept = await page.evaluate(() => {
        const { localStorage, sessionStorage, location, document } = globalThis as unknown as StoredPlaces;
        return [
          JSON.stringify({ ...localStorage }),
          JSON.stringify({ ...sessionStorage }),
          location.href,
          document.documentElement.outerHTML,
          document.cookie,
        ].join('\n');
      });
      expect(kept).not.toContain(PASSWORD);
      return page;
    }

    /** Waits in the page until a numeric attribute exceeds `above` (a function, not a string: the page's CSP forbids eval). */
    function waitForAttribute(page: Page, selector: string, attribute: string, above: number, timeout: number) {
      return page.waitForFunction(
        ([css, name, least]) => {
          const found = (globalThis as unknown as PageGlobals).document.querySelector(css);
          return Number(found?.getAttribute(name) ?? 0) > least;
        },
        [selector, attribute, above] as const,
        { timeout },
      );
    }

    const card = (page: Page, benchId: string) => page.locator(`article.bench[data-bench="${benchId}"]`);

    it('shows the bench live; an approval asked by the run is approved in the page (first answer wins) and the run goes on', async () => {
      const run = await approveRun;
      const [alice, bob] = await Promise.all([logIn('alice'), logIn('bob', { width: 390, height: 844 })]);
      const bench = card(alice, 'bench1');
      await bench.waitFor({ timeout: 30000 });
      await expect(bench.locator('.availability').innerText()).resolves.toMatch(/online/i);
      // The live view: the upright screen with its OCR boxes drawn, then again as the screen changes.
      const canvas = bench.locator('canvas.view');
      await waitForAttribute(alice, 'article[data-bench="bench1"] canvas.view', 'data-boxes', 2, 30000);
      const firstAt = await canvas.getAttribute('data-drawn-at');
      // Whichever screen of the Wi-Fi task the run is on by now (a busy machine lets it run ahead).
      await expect(bench.locator('.screen-text').innerText()).resolves.toMatch(/Network|Wi-Fi|HomeNet/);
      await expect(bench.locator('.run-status').innerText()).resolves.toMatch(/running/i);

      // The run asks before tapping Connect; the request shows with its context and picture.
      const approval = bench.locator('section.approval');
      await approval.waitFor({ state: 'visible', timeout: 60000 });
      await expect(approval.locator('.approval-summary').innerText()).resolves.toMatch(/tap on "Connect"/);
      await expect(approval.locator('.approval-element').innerText()).resolves.toMatch(/"Connect"/);
      await expect(approval.locator('.approval-screen').innerText()).resolves.not.toBe('');
      expect(
        await approval
          .locator('img.approval-picture')
          .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      ).toBeGreaterThan(50);
      // (Whether a newer picture came before the approval depends on how far the run got before the page
      // logged in; that the view goes on drawing is asserted after the approval, when the run must move.)
      expect(await canvas.getAttribute('data-tap')).toBe('true');
      // The last tap drawn is one that was done, not the Connect tap waiting for its approval.
      const connectPoint = /at (\d+,\d+)/.exec(await approval.locator('.approval-summary').innerText())![1];
      expect(await canvas.getAttribute('data-tap-point')).toMatch(/^\d+,\d+$/);
      expect(await canvas.getAttribute('data-tap-point')).not.toBe(connectPoint);
      await expect(bench.locator('.steps-text').innerText()).resolves.toMatch(/^\d+ \/ 40$/);
      await expect(bench.locator('.time-text').innerText()).resolves.toMatch(/ \/ 10 min 0 s$/);
      await card(bob, 'bench1').locator('section.approval').waitFor({ state: 'visible' });
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await alice.screenshot({ path: join(SCREENSHOT_DIR, 'console-desktop.png') });
      await bob.screenshot({ path: join(SCREENSHOT_DIR, 'console-phone.png') });

      // Both operators press Approve at once: one answer counts, the other is told whose it was.
      // (Clicked from inside each page, so the second press is not held up by the first answer hiding its button.)
      const press = (page: Page) =>
        card(page, 'bench1')
          .locator('button.approve')
          .evaluate((button) => (button as unknown as { click(): void }).click());
      await Promise.all([press(alice), press(bob)]);
      const replies = await Promise.all(
        [alice, bob].map(async (page) => {
          const reply = card(page, 'bench1').locator('.reply');
          await page
            .locator(
              'article[data-bench="bench1"] .reply[data-state="ok"], article[data-bench="bench1"] .reply[data-state="failed"]',
            )
            .waitFor({ timeout: 10000 });
          return reply.innerText();
        }),
      );
      const winner = replies[0]!.startsWith('approve done') ? 'alice' : 'bob';
      expect(replies.filter((reply) => /^approve done: approved: tap on "Connect"/.test(reply))).toHaveLength(1);
      expect(
        replies.filter((reply) =>
          new RegExp(`^approve failed \\(not_pending\\): .*already answered: approved by ${winner}`).test(reply),
        ),
      ).toHaveLength(1);
      for (const page of [alice, bob]) {
        await card(page, 'bench1')
          .locator('.approval-outcome')
          .filter({ hasText: `Approved by ${winner}` })
          .waitFor({ timeout: 10000 });
      }
      // Live: once the approved tap is done, the view draws a newer picture with that tap on it.
      await alice.waitForFunction(
        ([css, before, point]) => {
          const found = (globalThis as unknown as PageGlobals).document.querySelector(css);
          return found?.getAttribute('data-drawn-at') !== before && found?.getAttribute('data-tap-point') === point;
        },
        ['article[data-bench="bench1"] canvas.view', firstAt, connectPoint] as const,
        { timeout: 60000 },
      );
      expect(await run.exited).toBe(0);
      expect(run.output()).toMatch(new RegExp(`approval for tap on "Connect".*given by ${winner}`));
      await bench.locator('.events li[data-type="finished"]').waitFor({ timeout: 10000 });
    }, 240000);

    it('deny from the page refuses the tap', async () => {
      const run = await denyRun;
      const alice = await logIn('alice');
      const bench = card(alice, 'bench2');
      await bench.locator('section.approval').waitFor({ state: 'visible', timeout: 60000 });
      const tapsBefore = run.bench.mcu.events().filter((e) => e.ev === 'tap_down').length;
      await bench.locator('.deny-reason').fill('wrong network');
      await bench.locator('button.deny').click();
      await bench
        .locator('.reply[data-state="ok"]')
        .filter({ hasText: /^deny done: denied: tap on "Connect"/ })
        .waitFor({ timeout: 10000 });
      await bench
        .locator('.approval-outcome')
        .filter({ hasText: 'Denied by alice' })
        .filter({ hasText: 'wrong network' })
        .waitFor();
      // A denied tap halts the script run; the page shows it, and nothing was tapped.
      expect(await run.exited).not.toBe(0);
      expect(run.output()).toMatch(/approval for tap on "Connect".*refused by alice/);
      expect(run.output()).toMatch(/Halted .*denied_by_user: alice did not approve .*\(wrong network\)/);
      expect(run.bench.mcu.events().filter((e) => e.ev === 'tap_down').length).toBe(tapsBefore);
      await bench.locator('.run-status[data-status="halted"]').waitFor({ timeout: 10000 });
    });

    it('pause, redirect and resume from the page; e-stop latches the MCU at once (one click, in sight on a phone); stop ends the run', async () => {
      const run = await startRun('bench3');
      const alice = await logIn('alice', { width: 390, height: 844 });
      const bench = card(alice, 'bench3');
      // In the middle of the run: its view is live.
      await waitForAttribute(alice, 'article[data-bench="bench3"] canvas.view', 'data-boxes', 0, 60000);
      // Pause holds it at a safe point, a redirect is delivered, resume lets it go on.
      const reply = (text: RegExp) =>
        bench.locator('.reply[data-state="ok"]').filter({ hasText: text }).waitFor({ timeout: 15000 });
      await bench.locator('button[data-command="pause"]').click();
      await reply(/^pause done/);
      await bench.locator('.run-status[data-status="paused"]').waitFor({ timeout: 20000 });
      await bench.locator('.instructions').fill('Use the network HomeNet-5G only');
      await bench.locator('.instructions').press('Enter');
      await reply(/^redirect done: redirect delivered/);
      expect(await bench.locator('.instructions').inputValue()).toBe('');
      await bench.locator('button[data-command="resume"]').click();
      await reply(/^resume done/);
      await bench.locator('.run-status[data-status="running"]').waitFor({ timeout: 20000 });
      // bench3's card is the third on the page, far below; its e-stop in the bar is in sight all the same.
      const estop = alice.locator('#estop-bar button.estop[data-bench="bench3"]');
      expect(await estop.isVisible()).toBe(true);
      const box = (await estop.boundingBox())!;
      expect(box.y).toBeGreaterThan(0);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await estop.click({ trial: false });
      await bench
        .locator('.reply[data-state="ok"]')
        .filter({ hasText: /^estop done/ })
        .waitFor({ timeout: 10000 });
      expect(run.bench.mcu.events().some((e) => e.ev === 'estop')).toBe(true);
      await bench.locator('.estopped').waitFor({ state: 'visible', timeout: 10000 });
      await bench.locator('button[data-command="stop"]').click();
      await bench
        .locator('.reply[data-state="ok"]')
        .filter({ hasText: /^stop done/ })
        .waitFor({ timeout: 10000 });
      expect(await run.exited).toBe(130);
      expect(run.output()).toMatch(/Cancelled \(stopped by alice/);
    });

    it("a viewer's page shows the benches but no control, because the broker refused its publish", async () => {
      const vic = await logIn('vic', { width: 390, height: 844 });
      await card(vic, 'bench3').waitFor({ timeout: 10000 });
      await expect(vic.locator('#role-note').getAttribute('data-role')).resolves.toBe('viewer');
      await expect(vic.locator('#role-note').getAttribute('data-reason')).resolves.toMatch(
        /refused .*not authorized, MQTT reason 135/,
      );
      expect(await vic.locator('#benches button, #benches input, #benches form').count()).toBe(0);
      expect(await vic.locator('.estop').count()).toBe(0);
      await expect(card(vic, 'bench3').locator('.estopped').isVisible()).resolves.toBe(true);
    });

    it('a wrong password is refused on the page, which stays on the login form', async () => {
      const context = await browser.newContext();
      contexts.push(context);
      await context.route('**/*', (route) => {
        requests.push(route.request().url());
        return route.continue();
      });
      const page = await context.newPage();
      page.on('websocket', (socket) => sockets.push(socket.url()));
      await page.goto(consoleServer.url);
      await page.fill('input[name=username]', 'alice');
      await page.fill('input[name=password]', 'not-her-password');
      await page.click('button[type=submit]');
      await page
        .locator('#login-error')
        .filter({ hasText: 'the broker refused this user name and password' })
        .waitFor({ timeout: 10000 });
      expect(await page.locator('#login').isVisible()).toBe(true);
      expect(await page.locator('#benches article').count()).toBe(0);
    });

    it('no page asked any host but the console server and the broker', () => {
      const origin = new URL(consoleServer.url).origin;
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
      expect(sockets.length).toBeGreaterThan(0);
      expect(
        sockets.filter((url) => !url.startsWith(`${broker.webSocketsUrl}/`) && url !== broker.webSocketsUrl),
      ).toEqual([]);
      // Only the page's own files, its config, the operator surface's topic tree and mqtt.js.
      const paths = [...new Set(requests.map((url) => new URL(url).pathname))].sort();
      expect(paths).toEqual([
        '/',
        '/app.js',
        '/benches.js',
        '/broker.js',
        '/config.json',
        '/console.css',
        '/describe.js',
        '/operator/topics.js',
        '/remote-control.js',
        '/render.js',
        '/vendor/mqtt.esm.js',
        '/view-canvas.js',
      ]);
    });

    it('the view is small and rate-limited (at most two per bench a second)', () => {
      expect(views.length).toBeGreaterThan(3);
      for (const topic of new Set(views.map((view) => view.topic))) {
        const times = views.filter((view) => view.topic === topic).map((view) => view.atMs);
        // 500 ms at the bench; the broker and this process may bunch two arrivals by a little.
        for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!, topic).toBeGreaterThan(400);
      }
      const sizes = views.map((view) => view.bytes).sort((a, b) => a - b);
      const images = views.map((view) => view.imageBytes).sort((a, b) => a - b);
      expect(sizes[sizes.length - 1]).toBeLessThan(48_000);
      process.stderr.write(
        `console view: ${views.length} messages; message ${sizes[0]}..${sizes[sizes.length - 1]} B (median ${sizes[sizes.length >> 1]}), JPEG ${images[0]}..${images[images.length - 1]} B (median ${images[images.length >> 1]})\n`,
      );
    });
  },
);
