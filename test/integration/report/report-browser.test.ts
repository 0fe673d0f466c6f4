// `benchhand report` end to end: the Wi-Fi task runs on the virtual bench with the frame keeper
// on (BENCHHAND_KEEP_FRAMES=1), a finding is saved for the run, the report is written, and a real
// headless Chromium opens the file with every network request refused: the steps, the inlined
// pictures, the OCR boxes, the tap markers, the findings and the summary must all be there.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FindingsStore } from '../../../src/adapters/store/findings-store.js';
import { resolveDeviceFile } from '../../../src/cli/commands/sim.js';
import { BenchServer } from '../../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../../src/sim/bench/virtual-bench.js';
import { runCli } from '../../support/run-cli.js';

const CHROMIUM = '/usr/bin/chromium';
const TASK = 'src/sim/devices/settings-wifi.task.yaml';
const haveChromium = existsSync(CHROMIUM);
/** The parts of an <img> read in the page (the project's tsconfig has no DOM types). */
interface Img {
  naturalWidth: number;
  src: string;
  getBoundingClientRect(): { width: number };
}
/** Where the screenshot is left for a person to look at. */
export const SCREENSHOT_DIR = join(process.cwd(), 'build', 'report');

if (!haveChromium) {
  if (process.env.CI)
    throw new Error(
      `${CHROMIUM} is missing: CI must have the Debian package chromium (scripts/setup-system.sh installs it)`,
    );
  process.stderr.write(
    `report browser test SKIPPED: ${CHROMIUM} is missing; install the Debian package chromium (apt-get install -y chromium)\n`,
  );
}

describe.skipIf(!haveChromium)(
  'benchhand report in a real headless Chromium (needs the Debian package chromium)',
  () => {
    let stateDir: string;
    let reportFile: string;
    let bench: VirtualBench;
    let server: BenchServer;

    beforeAll(async () => {
      bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('settings-wifi') });
      server = await BenchServer.start(bench);
      stateDir = mkdtempSync(join(tmpdir(), 'bh-report-'));
      const run = await runCli(['run', TASK, '--bench', server.url, '--state-dir', stateDir, '--quiet'], '', {
        BENCHHAND_KEEP_FRAMES: '1',
      });
      expect(run.stdout).toMatch(/Submitted a result: completed 7 of 7 steps/);
      expect(run.code).toBe(0);
      // The script records no finding: save one for this run through the store the agent uses.
      const runId = JSON.parse(readFileSync(join(stateDir, 'result.json'), 'utf8')).runId as string;
      const store = await FindingsStore.open(stateDir);
      await store.save(
        {
          device: 'settings-wifi.yaml',
          screen: 'Wi-Fi',
          kind: 'ui',
          subject: 'Connect button low contrast',
          severity: 'minor',
          detail: 'White on light blue is hard to read.',
        },
        { runId },
      );
      reportFile = join(mkdtempSync(join(tmpdir(), 'bh-report-out-')), 'run.html');
      const report = await runCli(['report', stateDir, '--out', reportFile]);
      expect(report.stderr).toBe('');
      expect(report.code).toBe(0);
      expect(report.stdout).toContain(`wrote ${reportFile}`);
    }, 120000);

    afterAll(async () => {
      await server?.close();
      await bench?.stop();
    });

    it('the frame keeper left the pictures the actions used, named by step and command', () => {
      const files = readdirSync(join(stateDir, 'frames'));
      for (let step = 1; step <= 6; step++) {
        expect(files).toContain(`${step}-${step}-before.jpg`);
        expect(files).toContain(`${step}-${step}-after.jpg`);
        expect(files).toContain(`${step}-${step}-before.json`);
      }
      expect(files).toContain('7-last.jpg');
      expect(files).toContain('calibration.json');
      for (const name of files.filter((f) => f.endsWith('.json')))
        expect(readFileSync(join(stateDir, 'frames', name), 'utf8')).not.toContain('correct horse');
    });

    it('the page shows everything with no network at all, and is screenshotted', async () => {
      const html = readFileSync(reportFile, 'utf8');
      expect(html).not.toContain('correct horse');
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/(src|href)="(https?:|\/\/)/);

      const { chromium } = await import('playwright-core');
      const profile = mkdtempSync(join(tmpdir(), 'bh-chromium-'));
      // A fresh profile directory (playwright passes it as --user-data-dir).
      const browser = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        viewport: { width: 1200, height: 900 },
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
          '--disable-sync',
        ],
      });
      try {
        const page = await browser.newPage();
        const requests: string[] = [];
        // Every request but the page itself fails; data: URLs never reach the router.
        const url = pathToFileURL(reportFile).href;
        await page.route('**/*', (route) => {
          if (route.request().url() === url) return route.continue();
          requests.push(route.request().url());
          return route.abort();
        });
        page.on('request', (request) => {
          if (request.url() !== url && !request.url().startsWith('data:')) requests.push(request.url());
        });
        await page.goto(url, { waitUntil: 'load' });

        expect(await page.locator('article.step').count()).toBe(7);
        await expect(page.locator('#summary .sentence').innerText()).resolves.toMatch(
          /Submitted a result: completed 7 steps in 7 \(6 physical actions\); no errors\./,
        );
        await expect(page.locator('#summary').innerText()).resolves.toContain('HomeNet-5G');
        await expect(page.locator('#budgets').innerText()).resolves.toMatch(/7 of 40/);
        expect(await page.locator('#summary').isVisible()).toBe(true);

        const images = await page.locator('img.frame-img').evaluateAll((els) =>
          els.map((el) => {
            const img = el as unknown as Img;
            return { natural: img.naturalWidth, shown: img.getBoundingClientRect().width, src: img.src.slice(0, 23) };
          }),
        );
        expect(images.length).toBe(13);
        for (const image of images) {
          expect(image.natural).toBeGreaterThan(0);
          expect(image.shown).toBeGreaterThan(100);
          expect(image.src).toBe('data:image/jpeg;base64,');
        }
        expect(
          await page.locator('img.camera-img').evaluate((el) => (el as unknown as Img).naturalWidth),
        ).toBeGreaterThan(0);

        // OCR boxes drawn over every picture, with the text they read.
        expect(await page.locator('svg.overlay rect.ocr-box').count()).toBeGreaterThan(13 * 3);
        const titles = await page.locator('svg.overlay rect.ocr-box title').allTextContents();
        expect(titles.some((t) => t.startsWith('Network'))).toBe(true);
        expect(titles.some((t) => t.startsWith('Connected'))).toBe(true);
        // One tap marker on the before and after picture of each of the five taps, at the journal's point.
        const markers = page.locator('g.tap-marker');
        expect(await markers.count()).toBe(10);
        const box = await markers.first().locator('circle').boundingBox();
        expect(box!.width).toBeGreaterThan(5);
        const first = page.locator('article.step[data-step="1"]');
        await expect(first.locator('g.tap-marker title').first().textContent()).resolves.toBe('tap at 541,540');
        await expect(first.innerText()).resolves.toMatch(/Verified: ✓ "Choose a network" is on the screen/);
        await expect(page.locator('article.step[data-step="5"]').innerText()).resolves.toContain(
          'Typed 13 secret characters',
        );
        // The marker sits on the tapped text's box in the picture as shown.
        const tapCentre = await first.locator('figure[data-role="before"] g.tap-marker circle').boundingBox();
        const target = await first.locator('figure[data-role="before"] rect.ocr-box').evaluateAll((rects) =>
          rects
            .filter((r) => r.querySelector('title')!.textContent!.startsWith('Network'))
            .map((r) => {
              const b = r.getBoundingClientRect();
              return { x: b.x, y: b.y, w: b.width, h: b.height };
            }),
        );
        const cx = tapCentre!.x + tapCentre!.width / 2,
          cy = tapCentre!.y + tapCentre!.height / 2;
        expect(target.some((b) => cx >= b.x - 4 && cx <= b.x + b.w + 4 && cy >= b.y - 4 && cy <= b.y + b.h + 4)).toBe(
          true,
        );

        await expect(page.locator('#findings').innerText()).resolves.toContain('Connect button low contrast');
        expect(await page.locator('#findings tr.finding').count()).toBe(1);
        await expect(page.locator('#errors').innerText()).resolves.toContain('No errors');

        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await page.locator('article.step[data-step="1"]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SCREENSHOT_DIR, 'report-top.png') });
        await page.screenshot({ path: join(SCREENSHOT_DIR, 'report-full.png'), fullPage: true });
        expect(requests).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  },
);
