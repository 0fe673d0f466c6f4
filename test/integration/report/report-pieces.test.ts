// The report's pieces without a bench: the frame keeper following a journal (naming, one picture
// per call, the budget dropping the oldest, approvals noted, flush at the end), the page built
// from records that went wrong (recovery, operator, denial, dropped picture, damaged result,
// hostile OCR text), and the command's answers for a wrong directory.
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepFrames, type FrameKeeper } from '../../../src/app/report/frame-keeper.js';
import { fakeSource, observerPipeline } from '../../../src/app/bench/observer-pipeline.js';
import { readRun } from '../../../src/app/report/read-run.js';
import type { Observation, ObserverPort } from '../../../src/core/ports/observer.js';
import type { JournalRecord } from '../../../src/core/ports/run-store.js';
import { screenModel } from '../../../src/core/vision/screen-model.js';
import { renderReportHtml } from '../../../src/app/report/render-html.js';
import type { ReportInput } from '../../../src/app/report/run-report.js';
import { runCli } from '../../support/run-cli.js';

const DEVICE = { width: 100, height: 200 };
const CALIBRATION = {
  deviceSize: DEVICE,
  screenCorners: [
    { x: 0, y: 0 },
    { x: 100, y: 0 },
    { x: 100, y: 200 },
    { x: 0, y: 200 },
  ],
};

class Looks implements ObserverPort {
  n = 0;
  async observe(): Promise<Observation> {
    this.n++;
    const text = `look ${this.n}`;
    return {
      at: this.n,
      quality: { ok: true },
      screen: screenModel(DEVICE, [{ text, box: { x: 10, y: 10, width: 50, height: 10 }, confidence: 0.9, words: [] }]),
      frame: {
        image: new Uint8Array(1000).fill(this.n),
        format: 'jpeg',
        width: 100,
        height: 200,
        capturedAt: this.n,
        sequence: this.n,
      },
    };
  }
  describe() {
    return 'looks';
  }
  async close() {}
}

/** Looks through the observer pipeline with the keeper as its frames stage, as openBench builds it. */
const keptLooks = (keeper: FrameKeeper) => observerPipeline(fakeSource(new Looks()), { frames: keeper });

function journal(dir: string, record: Partial<JournalRecord> & { type: JournalRecord['type'] }) {
  appendFileSync(join(dir, 'journal.jsonl'), `${JSON.stringify({ at: 't', runId: 'run-1', ...record })}\n`);
}
const checkpointAt = (dir: string, step: number) =>
  writeFileSync(join(dir, 'result.json'), JSON.stringify({ runId: 'run-1', state: { step } }));
const index = (dir: string) =>
  readFileSync(join(dir, 'frames', 'index.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

describe('the frame keeper', () => {
  it('keeps the before and after pictures of each action and the last look of a step, named by step and command', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-keeper-'));
    const keeper = keepFrames(dir, CALIBRATION, { now: () => 'now' });
    const looks = keptLooks(keeper);
    const tap = { kind: 'tap', device: { x: 20, y: 30 }, actuator: { x: 20, y: 30 } };
    checkpointAt(dir, 0);
    await looks.observe(); // step 1 looks (look 1)
    journal(dir, {
      type: 'intent',
      step: 1,
      commandId: 7,
      callId: 'c1',
      tool: 'tap_point',
      action: tap as never,
      expectation: { kind: 'screen_changes' },
      screenBefore: '',
    });
    await looks.observe({ newerThan: 1 }); // verification (look 2): the intent is seen, look 1 kept as before
    await looks.observe({ newerThan: 2 }); // verification again (look 3)
    journal(dir, { type: 'verified', step: 1, commandId: 7, met: true, detail: 'changed' });
    // A second call in the same step, typed in two commands: its before picture is look 3 again.
    journal(dir, {
      type: 'intent',
      step: 1,
      commandId: 8,
      callId: 'c2',
      tool: 'type_text',
      action: { kind: 'type', text: 'ab' },
      expectation: { kind: 'none' },
      screenBefore: '',
    });
    journal(dir, {
      type: 'intent',
      step: 1,
      commandId: 9,
      callId: 'c2',
      tool: 'type_text',
      action: { kind: 'type', text: 'cd' },
      expectation: { kind: 'none' },
      screenBefore: '',
    });
    await looks.observe({ newerThan: 3 }); // look 4
    checkpointAt(dir, 1);
    keeper.note({
      type: 'approval',
      step: 1,
      tool: 'type_text',
      summary: 'type 4 characters',
      approved: true,
      by: 'alice',
    });
    await looks.observe(); // step 2 looks (look 5): look 4, never kept, is step 1's last look
    checkpointAt(dir, 2);
    await keeper.flush(); // look 5 is step 2's last look
    const files = readdirSync(join(dir, 'frames')).sort();
    expect(files).toEqual([
      '1-7-after.jpg',
      '1-7-after.json',
      '1-7-before.jpg',
      '1-7-before.json',
      '1-last.jpg',
      '1-last.json',
      '2-last.jpg',
      '2-last.json',
      'calibration.json',
      'index.jsonl',
    ]);
    expect(readFileSync(join(dir, 'frames', '1-7-before.jpg'))[0]).toBe(1);
    expect(readFileSync(join(dir, 'frames', '1-7-after.jpg'))[0]).toBe(3);
    expect(JSON.parse(readFileSync(join(dir, 'frames', '1-7-after.json'), 'utf8')).lines[0].text).toBe('look 3');
    const entries = index(dir);
    expect(entries.map((e) => `${e.type}:${e.step}:${e.role ?? e.by}:${e.commandId ?? ''}:${e.file ?? ''}`)).toEqual([
      'frame:1:before:7:1-7-before.jpg',
      'frame:1:after:7:1-7-after.jpg',
      'frame:1:before:8:1-7-after.jpg',
      'approval:1:alice::',
      'frame:1:last::1-last.jpg',
      'frame:2:last::2-last.jpg',
    ]);
  });

  it('drops the oldest pictures past its budget and never fails the run when it cannot write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-keeper-'));
    const keeper = keepFrames(dir, CALIBRATION, { maxFrames: 2 });
    const looks = keptLooks(keeper);
    for (let step = 1; step <= 4; step++) {
      checkpointAt(dir, step - 1);
      await looks.observe();
    }
    checkpointAt(dir, 4);
    await keeper.flush();
    expect(
      readdirSync(join(dir, 'frames'))
        .filter((f) => f.endsWith('.jpg'))
        .sort(),
    ).toEqual(['3-last.jpg', '4-last.jpg']);
    expect(index(dir)).toHaveLength(4);

    const said: string[] = [];
    const blocked = mkdtempSync(join(tmpdir(), 'bh-keeper-'));
    writeFileSync(join(blocked, 'frames'), 'a file where the frames folder should be');
    const broken = keepFrames(blocked, CALIBRATION, { say: (line) => said.push(line) });
    const brokenLooks = keptLooks(broken);
    for (let step = 1; step <= 3; step++) {
      checkpointAt(blocked, step - 1);
      await expect(brokenLooks.observe()).resolves.toMatchObject({ at: step });
    }
    await broken.flush();
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/could not keep a picture .* the run goes on/);
  });
});

function input(overrides: Partial<ReportInput> = {}): ReportInput {
  return {
    stateDir: '/state',
    generatedAt: 'now',
    journal: [],
    audit: [],
    problems: [],
    findings: [],
    findingsPath: '/state/findings.json',
    frames: [],
    approvals: [],
    framesKept: true,
    checkpointProblem: 'no result file',
    ...overrides,
  };
}

describe('the report page', () => {
  it('shows recovery decisions, operator commands, denials, dropped pictures and a damaged record, and escapes what it quotes', () => {
    const audit = [
      {
        at: 'a',
        runId: 'r1',
        step: 1,
        tool: 'tap_text',
        args: { text: '<b>Pay</b>' },
        status: 'denied_by_user',
        message: 'alice did not approve tap on "Pay"',
        durationMs: 3,
      },
      {
        at: 'b',
        runId: 'r1',
        step: 1,
        tool: 'operator_pause',
        args: { id: 'x', by: 'bob' },
        status: 'ok',
        message: 'paused until resumed',
        durationMs: 0,
      },
      {
        at: 'c',
        runId: 'recovery',
        step: 0,
        tool: 'recovery',
        args: { code: 'screen_mismatch' },
        status: 'stop',
        message: 'the screen matches neither | a person should look',
        durationMs: 0,
      },
      {
        at: 'd',
        runId: 'r2',
        step: 2,
        tool: 'tap_point',
        args: { x: 5, y: 6 },
        status: 'verify_failed',
        message: 'nothing changed',
        durationMs: 9,
        commandId: 4,
      },
    ];
    const journal: JournalRecord[] = [
      {
        type: 'intent',
        at: 'd',
        runId: 'r2',
        step: 2,
        commandId: 4,
        tool: 'tap_point',
        callId: 'k',
        action: { kind: 'tap', device: { x: 5, y: 6 }, actuator: { x: 5, y: 6 } },
        expectation: { kind: 'screen_changes' },
        screenBefore: '',
      },
      { type: 'outcome', at: 'd', runId: 'r2', step: 2, commandId: 4, outcome: { kind: 'done', id: 4 } as never },
      {
        type: 'verified',
        at: 'd',
        runId: 'r2',
        step: 2,
        commandId: 4,
        met: false,
        detail: 'the screen did not change',
      },
    ];
    const frames = [
      {
        entry: {
          type: 'frame' as const,
          file: '2-4-before.jpg',
          lines: '2-4-before.json',
          step: 2,
          role: 'before' as const,
          commandId: 4,
          savedAt: 's',
          bytes: 1,
        },
        missing: 'picture dropped',
      },
    ];
    const html = renderReportHtml(
      input({
        audit,
        journal,
        frames,
        problems: ["The journal's last line is torn"],
        approvals: [
          {
            type: 'approval',
            at: 'a',
            step: 1,
            tool: 'tap_text',
            summary: 'tap on "Pay"',
            approved: false,
            by: 'alice',
          },
        ],
      }),
    );
    expect(html).toContain('Recovery decision: stop (screen_mismatch)');
    expect(html).toContain('<li>the screen matches neither</li>');
    expect(html).toContain('Operator: pause by bob');
    expect(html).toContain('Approval: denied by alice');
    expect(html).toContain('Verified: ✗ the screen did not change');
    expect(html).toContain('picture dropped');
    expect(html).toContain('No usable result file: no result file');
    expect(html).toContain('The journal&#39;s last line is torn');
    expect(html).toContain('&lt;b&gt;Pay&lt;/b&gt;');
    expect(html).not.toContain('<b>Pay</b>');
    expect(html).not.toMatch(/<script/i);
  });

  it('shows each citation of a submitted result and whether it held on the fresh frame', () => {
    const audit = [
      {
        at: 'a',
        runId: 'r1',
        step: 3,
        tool: 'submit_result',
        args: {},
        status: 'unsupported_claim',
        message: 'refused',
        durationMs: 1,
        evidence: [
          {
            text: 'Not connected',
            where: 'below "Wi-Fi"',
            held: false,
            detail: '"Not connected" is not on the screen',
          },
        ],
      },
      {
        at: 'b',
        runId: 'r1',
        step: 4,
        tool: 'submit_result',
        args: {},
        status: 'ok',
        message: 'Result submitted',
        durationMs: 1,
        evidence: [{ text: 'Connected', held: true, detail: 'seen: "Connected" (text at 246,321) in the content' }],
      },
    ];
    const html = renderReportHtml(input({ audit }));
    expect(html).toContain('<li class="bad">✗ not on the screen: "Not connected" below &quot;Wi-Fi&quot;');
    expect(html).toContain('<li class="good">✓ held: "Connected"');
  });

  it("says how the quality gate chose an action's picture: retaken, fused, bracketed, or none fit to read", () => {
    const looks = [
      {
        chosen: 'retaken',
        tries: 2,
        fused: 1,
        problems: [],
        exposure: [{ because: 'overexposed', fromUs: 20_000, toUs: 10_000 }],
      },
      { chosen: 'fused', tries: 3, fused: 3, problems: [] },
      {
        chosen: 'best_of_failed',
        tries: 4,
        fused: 1,
        problems: ['blurred'],
        exposure: [
          { because: 'overexposed', fromUs: 20_000, toUs: 10_000 },
          { because: 'undone', fromUs: 10_000, toUs: 20_000 },
        ],
      },
      { chosen: 'first', tries: 1, fused: 1, problems: [] },
      {
        chosen: 'bracketed',
        tries: 2,
        fused: 1,
        problems: [],
        bracket: { shutterUs: 2_500, spotShare: 0.17, filled: true },
      },
    ] as const;
    const audit = looks.map((_, i) => ({
      at: `${i}`,
      runId: 'r1',
      step: i + 1,
      tool: 'tap_point',
      args: { x: 5, y: 6 },
      status: 'ok',
      message: 'tapped',
      durationMs: 1,
      commandId: i + 1,
    }));
    const journal = looks.map(
      (look, i) =>
        ({
          type: 'intent',
          at: `${i}`,
          runId: 'r1',
          step: i + 1,
          commandId: i + 1,
          tool: 'tap_point',
          callId: `c${i}`,
          action: { kind: 'tap', device: { x: 5, y: 6 }, actuator: { x: 5, y: 6 } },
          expectation: { kind: 'screen_changes' },
          screenBefore: '',
          look,
        }) as JournalRecord,
    );
    const html = renderReportHtml(input({ audit, journal }));
    expect(html).toContain('data-chosen="retaken">Picture: retaken (2 frames taken');
    expect(html).toContain('the first failed the quality gate); the shutter 20000 -&gt; 10000 us (overexposed)');
    expect(html).toContain('data-chosen="fused">Picture: 3 agreeing frames fused (3 taken)');
    expect(html).toMatch(
      /class="look bad" data-chosen="best_of_failed">[^<]*in 4 tries; the least bad was read: blurred/,
    );
    expect(html).toContain(
      '10000 -&gt; 20000 us (put back: the clipping stayed, as a lamp&#39;s reflection on the glass does; move the lamp or shade the screen)',
    );
    expect(html).toContain(
      'data-chosen="bracketed">Picture: a patch burnt out by a lamp&#39;s reflection, filled in from a frame at a shorter shutter (2 frames taken); a frame at 2500 us for a patch burnt out whole (17 % of the screen): its ink filled the patch in',
    );
    // The ordinary case says nothing.
    expect(html).not.toContain('data-chosen="first"');
  });
});

describe('benchhand report', () => {
  it('says what is wrong with a directory that is not a run', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'bh-report-empty-'));
    const wrong = await runCli(['report', empty]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/not the state directory of a run/);
    const usage = await runCli(['report']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/STATE_DIR is required/);
  });

  it('writes a page for a run that kept no pictures, and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-report-bare-'));
    writeFileSync(
      join(dir, 'audit.jsonl'),
      `${JSON.stringify({ at: 'a', runId: 'r1', step: 1, tool: 'read_screen', args: {}, status: 'ok', message: '<script>x</script>', durationMs: 1 })}\n{torn`,
    );
    const read = await readRun(dir);
    expect(read.framesKept).toBe(false);
    expect(read.problems.join(' ')).toMatch(/1 line of the audit log could not be read/);
    const { code, stdout } = await runCli(['report', dir]);
    expect(code).toBe(0);
    expect(stdout).toContain('none kept by this run');
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toContain('kept no pictures');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(existsSync(join(dir, 'report.html'))).toBe(true);
  });
});
