// An in-memory MCU behind the McuPort, for fast unit tests of everything above the link.
// It keeps the promises the real firmware keeps (ledger, limits, latched e-stop, booting
// disarmed) and the link's (re-latch a recorded e-stop after a handshake, arm only without one),
// and records every actuation, so the contract suite can hold it to the same behaviour.
import type {
  ActionOptions,
  ActionOutcome,
  EmergencyStopRecord,
  KeyRequest,
  LongPressRequest,
  McuEvent,
  McuInfo,
  McuPort,
  McuStatus,
  PathPoint,
  SwipeRequest,
  TapRequest,
} from '../../core/ports/mcu.js';
import { keyArgs, longPressArgs, swipeArgs, tapArgs, typeArgs, type ArgsResult } from '../../protocol/commands.js';
import { PROTOCOL_TABLE, tableHashHex } from '../../protocol/table.js';

export type FakeActuation =
  | { ev: 'tap'; x: number; y: number; holdMs: number }
  | { ev: 'type'; text: string }
  | { ev: 'key'; key: string; mods: string[]; holdMs: number }
  | { ev: 'home' }
  | { ev: 'swipe'; path: PathPoint[]; durationMs: number; holdMs: number }
  | { ev: 'longpress'; x: number; y: number; durationMs: number };

type Refusal = [code: string, field?: string, limit?: string] | undefined;

interface LedgerRecord {
  argsKey: string;
  outcome: ActionOutcome;
}

const limits = PROTOCOL_TABLE.defaultLimits;

export class FakeMcu implements McuPort {
  readonly actuations: FakeActuation[] = [];
  readonly info: McuInfo;
  private readonly ledger = new Map<number, LedgerRecord>();
  private lastId = 0;
  private nextId = 0;
  private readonly listeners = new Set<(event: McuEvent) => void>();
  private boots = 1;
  /** Key presses left before the planned e-stop button press (estopAtKey). */
  private estopAfterKeys?: number;
  /** Set while a TYPE is being ended by that press: the keys that went out. */
  private abortedAfter?: number;
  /** The e-stop record; in memory unless a test hands in a durable one. */
  readonly estop: EmergencyStopRecord;

  /**
   * `onActuation` sees every actuation as it happens (a test wires it to a virtual device).
   * It starts as after a handshake with nothing recorded (armed); with a record that may be
   * latched, call handshake() before use, as the link does at connect.
   */
  constructor(
    workspace = { width: 1080, height: 2400 },
    private readonly onActuation?: (actuation: FakeActuation) => void,
    estop?: EmergencyStopRecord,
  ) {
    this.estop = estop ?? inMemoryRecord();
    this.info = {
      protocolVersion: PROTOCOL_TABLE.version,
      tableHash: tableHashHex(),
      firmwareVersion: 'fake',
      board: 'fake',
      bootId: '00000001',
      resetReason: 'power',
      capabilities: ['tap', 'type', 'key'],
      state: 'ready',
      lastCommandId: 0,
      limits: {
        maxTextBytes: limits.maxText,
        maxHoldMs: limits.maxHoldMs,
        minTapGapMs: limits.minTapGapMs,
        watchdogMs: limits.watchdogMs,
        queueDepth: limits.queueDepth,
        workspace,
        maxPathPoints: limits.maxPathPoints,
        maxGestureMs: limits.maxGestureMs,
        maxSpeed: limits.maxSpeed,
      },
    };
  }

  /** The host's handshake: the MCU disarms, then it is re-latched (a recorded e-stop) or armed. */
  async handshake(): Promise<void> {
    if (this.info.state === 'ready') this.info.state = 'disarmed';
    if (this.info.state === 'estopped') await this.estop.latch('the MCU reported its latch');
    if (await this.estop.refresh()) {
      if (this.info.state === 'disarmed') this.info.state = 'estopped';
      return;
    }
    if (this.info.state === 'disarmed') this.info.state = 'ready';
  }

  /** The MCU reboots: a new boot id, an empty ledger, disarmed; then the host shakes hands again. */
  async reboot(): Promise<void> {
    const previousBootId = this.info.bootId;
    this.boots++;
    this.info.bootId = this.boots.toString(16).toUpperCase().padStart(8, '0');
    this.info.state = 'disarmed';
    this.ledger.clear();
    this.lastId = 0;
    this.info.lastCommandId = 0;
    await this.handshake();
    this.emit({ type: 'reboot', previousBootId, bootId: this.info.bootId, indeterminateIds: [] });
  }

  async allocateCommandId(): Promise<number> {
    this.nextId = Math.max(this.nextId, this.lastId) + 1;
    return this.nextId;
  }

  tap(request: TapRequest, options: ActionOptions = {}): Promise<ActionOutcome> {
    return this.run('TAP', tapArgs(request.x, request.y, request.holdMs), options, () => {
      const holdMs = request.holdMs ?? limits.defaultHoldMs;
      if (holdMs > this.info.limits.maxHoldMs) return ['HOLD_TOO_LONG', 'hold', String(this.info.limits.maxHoldMs)];
      const { width, height } = this.info.limits.workspace;
      if (request.x >= width) return ['OUT_OF_BOUNDS', 'x', String(width - 1)];
      if (request.y >= height) return ['OUT_OF_BOUNDS', 'y', String(height - 1)];
      this.actuate({ ev: 'tap', x: request.x, y: request.y, holdMs });
      return undefined;
    });
  }

  type(text: string, options: ActionOptions = {}): Promise<ActionOutcome> {
    return this.run(
      'TYPE',
      typeArgs(text),
      options,
      () => {
        if (text.length > this.info.limits.maxTextBytes)
          return ['TEXT_TOO_LONG', 'text', String(this.info.limits.maxTextBytes)];
        const bad = [...text].find((c) => !(c === '\n' || c === '\t' || (c >= ' ' && c <= '~')));
        if (bad !== undefined) return ['BAD_CHAR', 'text', String(bad.charCodeAt(0))];
        const typed = this.keysBeforeEstop(text.length);
        this.actuate({ ev: 'type', text: text.slice(0, typed) });
        options.onProgress?.(typed, text.length);
        return undefined;
      },
      text.length,
    );
  }

  key(request: KeyRequest, options: ActionOptions = {}): Promise<ActionOutcome> {
    return this.run('KEY', keyArgs(request.key, request.mods, request.holdMs), options, () => {
      const holdMs = request.holdMs ?? limits.defaultHoldMs;
      if (holdMs > this.info.limits.maxHoldMs) return ['HOLD_TOO_LONG', 'hold', String(this.info.limits.maxHoldMs)];
      this.actuate({ ev: 'key', key: request.key, mods: [...(request.mods ?? [])], holdMs });
      return undefined;
    });
  }

  /** The firmware's whole-path checks (core/gesture_limits.cpp), in its order. */
  swipe(request: SwipeRequest, options: ActionOptions = {}): Promise<ActionOutcome> {
    return this.run('SWIPE', swipeArgs(request.path, request.durationMs, request.holdMs), options, () => {
      const holdMs = request.holdMs ?? 0;
      const { maxGestureMs, maxSpeed, maxPathPoints } = this.info.limits;
      if (request.path.length > maxPathPoints) return ['BAD_PATH', 'path', String(maxPathPoints)];
      if (holdMs > maxGestureMs) return ['GESTURE_TOO_LONG', 'hold', String(maxGestureMs)];
      if (request.durationMs > maxGestureMs || holdMs + request.durationMs > maxGestureMs)
        return ['GESTURE_TOO_LONG', 'ms', String(maxGestureMs)];
      for (const point of request.path) {
        const outside = this.outside(point.x, point.y);
        if (outside) return outside;
      }
      const segments = request.path.length - 1;
      for (let i = 0; i < segments; i++) {
        const a = request.path[i]!,
          b = request.path[i + 1]!;
        const length = Math.floor(Math.hypot(b.x - a.x, b.y - a.y));
        if (length * 1000 * segments > maxSpeed * request.durationMs) return ['TOO_FAST', 'path', String(maxSpeed)];
      }
      this.actuate({
        ev: 'swipe',
        path: request.path.map((p) => ({ x: p.x, y: p.y })),
        durationMs: request.durationMs,
        holdMs,
      });
      return undefined;
    });
  }

  longPress(request: LongPressRequest, options: ActionOptions = {}): Promise<ActionOutcome> {
    return this.run('LONGPRESS', longPressArgs(request.x, request.y, request.durationMs), options, () => {
      const { maxGestureMs } = this.info.limits;
      if (request.durationMs > maxGestureMs) return ['GESTURE_TOO_LONG', 'ms', String(maxGestureMs)];
      const outside = this.outside(request.x, request.y);
      if (outside) return outside;
      this.actuate({ ev: 'longpress', x: request.x, y: request.y, durationMs: request.durationMs });
      return undefined;
    });
  }

  private outside(x: number, y: number): Refusal {
    const { width, height } = this.info.limits.workspace;
    if (x >= width) return ['OUT_OF_BOUNDS', 'x', String(width - 1)];
    if (y >= height) return ['OUT_OF_BOUNDS', 'y', String(height - 1)];
    return undefined;
  }

  home(options: ActionOptions = {}): Promise<ActionOutcome> {
    return this.run('HOME', { ok: true, args: [] }, options, () => ['UNSUPPORTED', undefined, undefined]);
  }

  /**
   * Presses the board's e-stop button right after the keyth key press from now on, as the
   * simulated MCU's `estop-at-key` fault does: the TYPE in progress ends ABORTED with n = the keys
   * that went out, recorded in the ledger, and the MCU latches.
   */
  estopAtKey(key: number): void {
    this.estopAfterKeys = key;
  }

  /** How many of the next `length` keys go out before a planned e-stop (all of them when none is planned). */
  private keysBeforeEstop(length: number): number {
    if (this.estopAfterKeys === undefined || this.estopAfterKeys > length) {
      if (this.estopAfterKeys !== undefined) this.estopAfterKeys -= length;
      return length;
    }
    this.abortedAfter = this.estopAfterKeys;
    this.estopAfterKeys = undefined;
    return this.abortedAfter;
  }

  async emergencyStop(): Promise<void> {
    if (this.info.state !== 'shutdown') this.info.state = 'estopped';
    await this.estop.latch('an e-stop sent to the MCU');
    this.emit({ type: 'mcu', name: 'estop', args: { name: 'estop' } });
  }

  /** CLEAR leaves the MCU disarmed, as the firmware does; the next command arms it (the link's rule). */
  async clearEmergencyStop(): Promise<void> {
    if (this.info.state === 'estopped') this.info.state = 'disarmed';
    await this.estop.release('a person at the bench');
  }

  async status(): Promise<McuStatus> {
    return { state: this.info.state, queued: 0, lastCommandId: this.lastId };
  }

  onEvent(listener: (event: McuEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }

  private async run(
    verb: string,
    prepared: ArgsResult,
    options: ActionOptions,
    act: () => [code: string, field?: string, limit?: string] | undefined,
    n?: number,
  ): Promise<ActionOutcome> {
    const id = options.id ?? (await this.allocateCommandId());
    if (!prepared.ok) {
      const { field, rule, value } = prepared.problem;
      return {
        kind: 'refused',
        id,
        code: 'BAD_ARG',
        field,
        message: `${verb} ${field} must be ${rule}; got ${JSON.stringify(value)}. Nothing was sent.`,
      };
    }
    const argsKey = `${verb} ${JSON.stringify(prepared.args)}`;
    const record = this.ledger.get(id);
    if (record) {
      if (record.argsKey !== argsKey)
        return { kind: 'mismatch', id, message: `id ${id} was already used for a different command; nothing moved` };
      const result = record.outcome.kind === 'done' ? 'ok' : (record.outcome as { code: string }).code;
      return { kind: 'already', id, result, n: (record.outcome as { n?: number }).n };
    }
    if (id <= this.lastId)
      return { kind: 'stale', id, message: `id ${id} is older than the record (last ${this.lastId}); nothing moved` };
    if (this.estop.latched())
      return {
        kind: 'refused',
        id,
        code: 'ESTOPPED',
        message: `${verb} ESTOPPED (not sent): ${this.estop.describe()}. Nothing moved.`,
      };
    if (this.info.state === 'disarmed') this.info.state = 'ready'; // the link arms a disarmed MCU before a command
    if (this.info.state !== 'ready') {
      const code = this.info.state === 'estopped' ? 'ESTOPPED' : 'SHUTDOWN';
      return { kind: 'refused', id, code, message: `${verb} ${code}` };
    }
    const refusal = act();
    if (refusal) {
      const [code, field, limit] = refusal;
      return {
        kind: 'refused',
        id,
        code,
        field,
        limit,
        message: `${verb} ${code}${field ? ` (field ${field}, limit ${limit})` : ''}`,
      };
    }
    const aborted = this.abortedAfter;
    this.abortedAfter = undefined;
    const outcome: ActionOutcome =
      aborted === undefined
        ? { kind: 'done', id, n }
        : {
            kind: 'failed',
            id,
            code: 'ABORTED',
            n: aborted,
            message: `${verb} ABORTED after ${aborted} key(s): e-stop`,
          };
    this.lastId = id;
    this.info.lastCommandId = id;
    this.ledger.set(id, { argsKey, outcome });
    if (aborted !== undefined) await this.emergencyStop();
    return outcome;
  }

  private actuate(actuation: FakeActuation): void {
    this.actuations.push(actuation);
    this.onActuation?.(actuation);
  }

  private emit(event: McuEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

function inMemoryRecord(): EmergencyStopRecord {
  let latched = false;
  return {
    latched: () => latched,
    refresh: async () => latched,
    latch: async () => {
      latched = true;
    },
    release: async () => {
      latched = false;
    },
    describe: () => (latched ? 'e-stop latched (fake record)' : 'no e-stop is latched'),
  };
}
