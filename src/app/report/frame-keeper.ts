// Keeps the pictures a run acted on, for `benchhand report`: stage 4 of the observer pipeline
// (app/bench/observer-pipeline.ts), which passes every look on unchanged and, by following the action journal the loop writes anyway, saves
//   - the observation an action was decided on, when that action's intent record appears
//     (frames/<step>-<commandId>-before.jpg),
//   - the picture its verification ended on, when its verified record appears (-after.jpg),
//   - the last look of a step that neither kept (<step>-last.jpg), when the next step looks,
// each with the OCR lines (device pixels) as JSON beside it, and the calibration once.
//
// Cost: no decoding or encoding in the run. The camera's own bytes are written as they came
// (a virtual-bench JPEG, 1640x1232, is ~140 KB: ~1.8 MB for the 13 pictures of the Wi-Fi task),
// without fsync: pictures are evidence for a person, not state for recovery, so a crash may lose
// the last few. Per look it also reads the journal's new bytes (one stat and a small read), and
// result.json at a step's first look. A look kept twice (one call's verification picture is the
// next call's before picture within a step) is written once. Bounded: at most
// maxFrames pictures and maxBytes bytes; past either, the oldest picture is deleted (its index
// line stays, and the report says the picture was dropped). Between looks it holds one
// observation in memory. Writes are queued off the loop's path; a failed write is said once and
// never fails the run.
import { open, mkdir, readFile, rename, unlink, writeFile, appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JOURNAL_FILE } from '../../adapters/store/file-run-store.js';
import { RESULT_FILE } from '../../adapters/store/result-file.js';
import type { ProgressEvent } from '../../core/agent/loop/agent-deps.js';
import type { Observation, ObserveOptions } from '../../core/ports/observer.js';
import type { LookStage } from '../bench/look-stage.js';
import type { JournalRecord } from '../../core/ports/run-store.js';
import {
  FRAME_CALIBRATION_FILE,
  FRAME_INDEX_FILE,
  FRAMES_DIR,
  type FrameCalibration,
  type FrameEntry,
  type FrameIndexEntry,
  type FrameLines,
  type FrameRole,
} from './frame-index.js';

export interface FrameKeeperOptions {
  /** Pictures kept at most (default 200); the oldest goes first. */
  maxFrames?: number;
  /** Bytes of pictures kept at most (default 64 MiB); the oldest goes first. */
  maxBytes?: number;
  /** Where a failed write is said (once). Default: stderr. */
  say?(line: string): void;
  /** Wall-clock time for the index (ISO 8601). */
  now?(): string;
}

export const DEFAULT_MAX_FRAMES = 200;
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * A stage that keeps the run's pictures under STATE_DIR/frames/. Call flush() when the run is over
 * (it saves the last verification picture and waits for the writes).
 */
export function keepFrames(
  stateDir: string,
  calibration: FrameCalibration,
  options: FrameKeeperOptions = {},
): FrameKeeper {
  return new FrameKeeper(stateDir, calibration, options);
}

interface Kept {
  file: string;
  lines: string;
  bytes: number;
}

export class FrameKeeper implements LookStage {
  readonly name = 'frames';
  private readonly dir: string;
  private latest?: Observation;
  /** Looks already written, so a look kept twice is written once. */
  private readonly written = new WeakMap<Observation, Kept>();
  /** Pictures on disk, oldest first. */
  private readonly onDisk: Kept[] = [];
  private bytesOnDisk = 0;
  private journalOffset = 0;
  private journalRest = '';
  private readonly callsSeen = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private started?: Promise<void>;
  private failed = false;

  constructor(
    private readonly stateDir: string,
    private readonly calibration: FrameCalibration,
    private readonly options: FrameKeeperOptions = {},
  ) {
    this.dir = join(stateDir, FRAMES_DIR);
  }

  /** The journal written since the last look says which earlier look to keep; then this one is the latest. */
  async pass(observation: Observation, asked: ObserveOptions): Promise<Observation> {
    await this.catchUp();
    // The loop's first look of a step asks for any picture; every later look (verification,
    // wait_for) asks for one newer than a moment. So a look without newerThan starts a step.
    if (asked.newerThan === undefined) await this.endOfStep();
    this.latest = observation;
    return observation;
  }

  /** An approval asked during the run, kept in the index for the report (the audit has only denials). */
  note(event: ProgressEvent): void {
    if (event.type !== 'approval') return;
    this.enqueue(async () =>
      this.append({
        type: 'approval',
        at: this.now(),
        step: event.step,
        tool: event.tool,
        summary: event.summary,
        approved: event.approved,
        by: event.by,
      }),
    );
  }

  /** Saves what the end of the run leaves pending and waits until every picture is written. */
  async flush(): Promise<void> {
    await this.catchUp();
    await this.endOfStep();
    await this.queue;
  }

  finish(): Promise<void> {
    return this.flush();
  }

  /** Reads the journal records written since the last look and keeps the pictures they point at. */
  private async catchUp(): Promise<void> {
    for (const record of await this.newJournalRecords()) {
      if (record.type === 'intent') {
        // A long text is typed in several commands of one call: one before picture per call.
        if (this.callsSeen.has(record.callId)) continue;
        this.callsSeen.add(record.callId);
        this.keep(record.step, 'before', record.commandId, record.callId);
      } else if (record.type === 'verified') {
        this.keep(record.step, 'after', record.commandId);
      }
    }
  }

  private async endOfStep(): Promise<void> {
    if (this.latest && !this.written.has(this.latest)) {
      const step = await this.checkpointStep();
      if (step !== undefined) this.keep(step, 'last');
    }
  }

  private keep(step: number, role: FrameRole, commandId?: number, callId?: string): void {
    const observation = this.latest;
    if (!observation?.frame) return;
    const base = `${step}${commandId !== undefined ? `-${commandId}` : ''}-${role}`;
    const already = this.written.get(observation);
    const kept: Kept = already ?? {
      file: `${base}.${observation.frame.format === 'png' ? 'png' : 'jpg'}`,
      lines: `${base}.json`,
      bytes: observation.frame.image.byteLength,
    };
    this.written.set(observation, kept);
    this.enqueue(async () => {
      await this.start();
      if (!already) {
        await writeQuietly(join(this.dir, kept.file), observation.frame!.image);
        await writeQuietly(join(this.dir, kept.lines), JSON.stringify(linesOf(observation)));
        this.onDisk.push(kept);
        this.bytesOnDisk += kept.bytes;
        await this.evict();
      }
      const runId = await this.runId();
      const entry: FrameEntry = {
        type: 'frame',
        file: kept.file,
        lines: kept.lines,
        step,
        role,
        savedAt: this.now(),
        bytes: kept.bytes,
        ...(commandId !== undefined ? { commandId } : {}),
        ...(callId ? { callId } : {}),
        ...(runId ? { runId } : {}),
      };
      await this.append(entry);
    });
  }

  private async evict(): Promise<void> {
    const maxFrames = this.options.maxFrames ?? DEFAULT_MAX_FRAMES;
    const maxBytes = this.options.maxBytes ?? DEFAULT_MAX_BYTES;
    while (this.onDisk.length > 1 && (this.onDisk.length > maxFrames || this.bytesOnDisk > maxBytes)) {
      const oldest = this.onDisk.shift()!;
      this.bytesOnDisk -= oldest.bytes;
      await unlink(join(this.dir, oldest.file)).catch(() => undefined);
      await unlink(join(this.dir, oldest.lines)).catch(() => undefined);
    }
  }

  private start(): Promise<void> {
    this.started ??= (async () => {
      await mkdir(this.dir, { recursive: true });
      await writeQuietly(join(this.dir, FRAME_CALIBRATION_FILE), JSON.stringify(this.calibration));
    })();
    return this.started;
  }

  private async append(entry: FrameIndexEntry): Promise<void> {
    await this.start();
    await appendFile(join(this.dir, FRAME_INDEX_FILE), `${JSON.stringify(entry)}\n`);
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: Error) => {
      if (this.failed) return;
      this.failed = true;
      (this.options.say ?? ((line: string) => process.stderr.write(`${line}\n`)))(
        `frames: could not keep a picture in ${this.dir} (${error.message}); the run goes on, the report will miss pictures`,
      );
    });
  }

  private async newJournalRecords(): Promise<JournalRecord[]> {
    let handle;
    try {
      handle = await open(join(this.stateDir, JOURNAL_FILE), 'r');
    } catch {
      return [];
    }
    try {
      const { size } = await handle.stat();
      if (size <= this.journalOffset) return [];
      const buffer = Buffer.alloc(size - this.journalOffset);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, this.journalOffset);
      this.journalOffset += bytesRead;
      const text = this.journalRest + buffer.subarray(0, bytesRead).toString('utf8');
      const lines = text.split('\n');
      this.journalRest = lines.pop() ?? '';
      return lines
        .filter((line) => line.trim())
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as JournalRecord];
          } catch {
            return [];
          }
        });
    } finally {
      await handle.close();
    }
  }

  private async checkpoint(): Promise<{ runId?: string; state?: { step?: number } } | undefined> {
    try {
      return JSON.parse(await readFile(join(this.stateDir, RESULT_FILE), 'utf8')) as {
        runId?: string;
        state?: { step?: number };
      };
    } catch {
      return undefined;
    }
  }

  private async checkpointStep(): Promise<number | undefined> {
    const step = (await this.checkpoint())?.state?.step;
    return typeof step === 'number' ? step : undefined;
  }

  private async runId(): Promise<string | undefined> {
    const id = (await this.checkpoint())?.runId;
    return typeof id === 'string' ? id : undefined;
  }

  private now(): string {
    return this.options.now?.() ?? new Date().toISOString();
  }
}

function linesOf(observation: Observation): FrameLines {
  const { screen, quality, frame } = observation;
  return {
    deviceSize: screen.deviceSize,
    camera: { width: frame!.width, height: frame!.height, format: frame!.format, sequence: frame!.sequence },
    confidence: screen.confidence,
    quality: { ok: quality.ok, problems: quality.ok ? [] : quality.problems.map((p) => `${p.kind}: ${p.message}`) },
    lines: screen.lines.map((line) => ({ text: line.text, box: line.box, confidence: line.confidence })),
  };
}

/** Temp file and rename (a reader never sees half a picture), without fsync (see the cost note above). */
async function writeQuietly(path: string, data: string | Uint8Array): Promise<void> {
  const temp = `${path}.tmp`;
  await writeFile(temp, data);
  await rename(temp, path);
}
