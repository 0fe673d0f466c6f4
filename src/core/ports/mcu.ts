// The MCU port: what the agent may ask of the microcontroller that taps and types.
// Implemented by the serial link (adapters/mcu-serial) and by an in-memory fake
// (adapters/mcu-fake); one contract suite (test/contract/mcu-port) runs against both.
// Pure types: no node:* imports here.

export type ModifierName = 'ctrl' | 'shift' | 'alt' | 'gui';

export interface McuInfo {
  protocolVersion: number;
  tableHash: string;
  firmwareVersion: string;
  board: string;
  bootId: string;
  resetReason: string;
  capabilities: string[];
  /** ready = armed. The MCU boots disarmed; the link arms it after the handshake unless an e-stop is recorded. */
  state: 'ready' | 'disarmed' | 'estopped' | 'shutdown';
  lastCommandId: number;
  limits: {
    maxTextBytes: number;
    maxHoldMs: number;
    minTapGapMs: number;
    watchdogMs: number;
    queueDepth: number;
    workspace: { width: number; height: number };
    /** A swipe's path has 2..this many points. */
    maxPathPoints: number;
    /** How long a gesture (swipe hold + duration, long press) may keep the contact down. */
    maxGestureMs: number;
    /** Actuator units per second along any swipe segment. */
    maxSpeed: number;
  };
}

export interface TapRequest {
  x: number;
  y: number;
  holdMs?: number;
}
export interface PathPoint {
  x: number;
  y: number;
}
/**
 * A contact drawn along a path (actuator units): down at path[0], held holdMs (a drag picks
 * its item up this way), moved through every point in durationMs (equal time per segment),
 * lifted at the last point. One ledgered command: executed once under one id, like a tap.
 */
export interface SwipeRequest {
  path: PathPoint[];
  durationMs: number;
  holdMs?: number;
}
export interface LongPressRequest {
  x: number;
  y: number;
  durationMs: number;
}
export interface KeyRequest {
  key: string;
  mods?: ModifierName[];
  holdMs?: number;
}

export interface ActionOptions {
  /** Idempotency key. Allocate it first (allocateCommandId) to journal the intent before sending. */
  id?: number;
  onProgress?: (sent: number, total: number) => void;
}

/**
 * How a physical action ended. Only `done` and `already` mean it certainly happened;
 * `refused` certainly did not move anything; `failed` may have moved part-way (n says how far);
 * `indeterminate` means the outcome is unknown and must be verified, never blindly re-sent.
 */
export type ActionOutcome =
  | { kind: 'done'; id: number; n?: number }
  | { kind: 'already'; id: number; result: string; n?: number }
  | { kind: 'refused'; id: number; code: string; field?: string; limit?: string; message: string }
  | { kind: 'failed'; id: number; code: string; n?: number; message: string }
  | { kind: 'mismatch'; id: number; message: string }
  | { kind: 'stale'; id: number; message: string }
  | { kind: 'indeterminate'; id: number; reason: 'mcu_rebooted' | 'link_lost' | 'no_reply'; message: string };

export type McuEvent =
  | { type: 'mcu'; name: string; args: Record<string, string> }
  | { type: 'reboot'; previousBootId: string; bootId: string; indeterminateIds: number[] }
  | { type: 'disconnected'; reason: string }
  | { type: 'reconnected'; bootId: string };

export interface McuStatus {
  state: McuInfo['state'];
  queued: number;
  lastCommandId: number;
}

/**
 * The bench's durable memory of a latched e-stop (an MCU forgets its latch when it reboots; the
 * bench must not). Set whenever an e-stop is sent or seen; released only by a person at the bench.
 */
export interface EmergencyStopRecord {
  /** The last known value (this process's writes and the last refresh). */
  latched(): boolean;
  /** Re-reads the durable copy, so a release made at the bench by another command is seen. */
  refresh(): Promise<boolean>;
  latch(by: string): Promise<void>;
  release(by: string): Promise<void>;
  /** A sentence for a person: what is latched and how to release it. */
  describe(): string;
}

export interface McuPort {
  readonly info: McuInfo;
  allocateCommandId(): Promise<number>;
  tap(request: TapRequest, options?: ActionOptions): Promise<ActionOutcome>;
  type(text: string, options?: ActionOptions): Promise<ActionOutcome>;
  key(request: KeyRequest, options?: ActionOptions): Promise<ActionOutcome>;
  home(options?: ActionOptions): Promise<ActionOutcome>;
  swipe(request: SwipeRequest, options?: ActionOptions): Promise<ActionOutcome>;
  longPress(request: LongPressRequest, options?: ActionOptions): Promise<ActionOutcome>;
  /** Latches the MCU's emergency stop. Works from any state; never throws for a latched MCU. */
  emergencyStop(): Promise<void>;
  /** Releases a latched emergency stop (and its durable record). Only ever on a person's explicit request at the bench. */
  clearEmergencyStop(): Promise<void>;
  status(): Promise<McuStatus>;
  onEvent(listener: (event: McuEvent) => void): () => void;
  close(): Promise<void>;
}
