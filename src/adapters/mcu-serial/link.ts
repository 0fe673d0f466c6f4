// The serial link to the MCU: handshake, heartbeat, ledgered commands with retransmission,
// and detection of disconnects and MCU reboots. Implements the McuPort.
//
// Rules that keep physical actions honest:
// - a command is retransmitted byte for byte (same seq, same id) until the MCU answers it;
// - a link that drops is reopened by its path; commands in flight wait for it a while and are
//   asked again only if the MCU that answers is the same boot (its ledger knows them);
// - when the MCU rebooted, a command whose completion was not seen is `indeterminate` and is
//   never sent again by the link. Whoever asked must look (camera) and decide;
// - the MCU boots disarmed. After every handshake the link re-latches (ESTOP) when the bench's
//   durable e-stop record is set, before anything else, and arms (ARM) only when it is not.
//   Every e-stop sent or seen (an EVT, a state=estopped in any reply) is recorded durably first.
import {
  describeError,
  encodeHostFrame,
  keyArgs,
  longPressArgs,
  parseMcuFrame,
  PROTOCOL_VERSION,
  swipeArgs,
  tableHashHex,
  tapArgs,
  typeArgs,
  checkHandshake,
} from '../../protocol/index.js';
import type { ArgsResult, Frame, FrameArgs } from '../../protocol/index.js';
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
  SwipeRequest,
  TapRequest,
} from '../../core/ports/mcu.js';
import type { CommandIdSource } from './command-ids.js';
import { McuLinkError } from './errors.js';
import { MemoryEmergencyStopRecord } from './estop-record.js';
import { helloToInfo } from './hello-info.js';
import { expectedDurationMs, type PendingCommand } from './pending-command.js';
import { serialOpener, type LineTransport, type TransportOpener } from './transport.js';
import type { Clock } from '../../core/ports/clock.js';
import { after, every, type ClockTimer } from '../../core/time/clock-timer.js';
import { systemClock } from '../clock/system-clock.js';

export interface McuLinkOptions {
  path: string;
  commandIds: CommandIdSource;
  open?: TransportOpener;
  /** Wait this long for any answer to a frame before sending it again. */
  replyTimeoutMs?: number;
  /** Give up on a frame after this many unanswered sends. */
  maxSends?: number;
  heartbeatMs?: number;
  reconnectIntervalMs?: number;
  /** How long commands in flight wait for a dropped link to come back before they are indeterminate. */
  reconnectGraceMs?: number;
  /** The bench's durable e-stop (FileEmergencyStopRecord in the state directory); in memory when absent. */
  estop?: EmergencyStopRecord;
  /** Sees every line in and out; the console and `--trace` use it. */
  trace?: (direction: 'tx' | 'rx', line: string) => void;
  /** Reply timeouts, the heartbeat and reconnects run on it (default: the system clock; tests: the manual one). */
  clock?: Clock;
}

interface PendingControl {
  line: string;
  unanswered: number;
  timer?: ClockTimer;
  resolve(frame: Frame): void;
  reject(error: Error): void;
}

export class McuLink implements McuPort {
  private transport?: LineTransport;
  private connected = false;
  private closing = false;
  private seq = 0;
  private readonly controls = new Map<number, PendingControl>();
  private readonly commands = new Map<number, PendingCommand>();
  private readonly listeners = new Set<(event: McuEvent) => void>();
  private heartbeat?: ClockTimer;
  private reconnectTimer?: ClockTimer;
  private handshaking?: Promise<void>;
  private currentInfo?: McuInfo;
  private readonly replyTimeoutMs: number;
  private readonly maxSends: number;
  private readonly estop: EmergencyStopRecord;
  private arming?: Promise<void>;
  private readonly clock: Clock;

  private constructor(private readonly options: McuLinkOptions) {
    this.clock = options.clock ?? systemClock;
    this.replyTimeoutMs = options.replyTimeoutMs ?? 300;
    this.maxSends = options.maxSends ?? 6;
    this.estop = options.estop ?? new MemoryEmergencyStopRecord();
  }

  /** Opens the port and shakes hands. Rejects with a message that says what to fix. */
  static async connect(options: McuLinkOptions): Promise<McuLink> {
    const link = new McuLink(options);
    try {
      await link.openAndHandshake();
    } catch (error) {
      // A port that went away during the handshake has already scheduled a reconnect: a link
      // nobody holds must not go on reopening the port (it kept `benchhand service` from exiting
      // on SIGTERM, and would have taken the MCU from the next link when it came back).
      await link.close();
      throw error;
    }
    link.startHeartbeat();
    return link;
  }

  get info(): McuInfo {
    if (!this.currentInfo) throw new McuLinkError('DISCONNECTED', 'no handshake with the MCU yet');
    return this.currentInfo;
  }

  get isConnected(): boolean {
    return this.connected;
  }

  onEvent(listener: (event: McuEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  allocateCommandId(): Promise<number> {
    return this.options.commandIds.next(this.currentInfo?.lastCommandId ?? 0);
  }

  tap(request: TapRequest, options: ActionOptions = {}): Promise<ActionOutcome> {
    return this.runCommand('TAP', tapArgs(request.x, request.y, request.holdMs), options);
  }

  type(text: string, options: ActionOptions = {}): Promise<ActionOutcome> {
    return this.runCommand('TYPE', typeArgs(text), options);
  }

  key(request: KeyRequest, options: ActionOptions = {}): Promise<ActionOutcome> {
    return this.runCommand('KEY', keyArgs(request.key, request.mods, request.holdMs), options);
  }

  home(options: ActionOptions = {}): Promise<ActionOutcome> {
    return this.runCommand('HOME', { ok: true, args: [] }, options);
  }

  swipe(request: SwipeRequest, options: ActionOptions = {}): Promise<ActionOutcome> {
    return this.runCommand('SWIPE', swipeArgs(request.path, request.durationMs, request.holdMs), options);
  }

  longPress(request: LongPressRequest, options: ActionOptions = {}): Promise<ActionOutcome> {
    return this.runCommand('LONGPRESS', longPressArgs(request.x, request.y, request.durationMs), options);
  }

  /** Sends ESTOP and records the e-stop durably at the same time (the record never waits for the wire, nor the wire for the disk). */
  async emergencyStop(): Promise<void> {
    const [sent, recorded] = await Promise.allSettled([
      this.sendControl('ESTOP'),
      this.estop.latch('an e-stop sent to the MCU'),
    ]);
    if (sent.status === 'fulfilled') this.noteState(sent.value.args.state);
    if (sent.status === 'rejected') throw sent.reason;
    if (recorded.status === 'rejected') throw recorded.reason;
  }

  /** CLEAR, then the durable record is released. Leaves the MCU disarmed; the next command arms it. */
  async clearEmergencyStop(): Promise<void> {
    const reply = await this.sendControl('CLEAR');
    await this.estop.release('a person at the bench');
    this.noteState(reply.args.state ?? 'disarmed');
  }

  async status(): Promise<McuStatus> {
    const reply = await this.sendControl('STATUS');
    this.noteState(reply.args.state);
    const state = reply.args.state as McuStatus['state'];
    return { state, queued: Number(reply.args.queue ?? 0), lastCommandId: Number(reply.args.last ?? 0) };
  }

  /** Sends a control verb (id 0) as the console does; the reply frame is returned as is. */
  sendControl(verb: string, args: FrameArgs = []): Promise<Frame> {
    if (!this.connected)
      return Promise.reject(new McuLinkError('DISCONNECTED', `cannot send ${verb}: the MCU link is down`));
    const seq = this.nextSeq();
    const line = encodeHostFrame(seq, 0, verb, args);
    return new Promise<Frame>((resolve, reject) => {
      const control: PendingControl = { line, unanswered: 0, resolve, reject };
      this.controls.set(seq, control);
      this.sendControlLine(seq, control);
    });
  }

  /** Sends any ledgered verb with prepared arguments; the console uses it for raw commands. */
  async runCommand(verb: string, prepared: ArgsResult, options: ActionOptions = {}): Promise<ActionOutcome> {
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
    if (!this.connected) {
      return {
        kind: 'refused',
        id,
        code: 'NOT_CONNECTED',
        message: `${verb} was not sent: the MCU link is down (reconnecting to ${this.options.path}). Nothing moved.`,
      };
    }
    if (this.estop.latched()) {
      return {
        kind: 'refused',
        id,
        code: 'ESTOPPED',
        message: `${verb} ESTOPPED (not sent): ${this.estop.describe()}. Nothing moved.`,
      };
    }
    await this.armIfDisarmed().catch(() => undefined); // if ARM failed, the MCU refuses (DISARMED) and says so
    const line = encodeHostFrame(this.nextSeq(), id, verb, prepared.args);
    return new Promise<ActionOutcome>((resolve) => {
      const command: PendingCommand = {
        id,
        verb,
        line,
        phase: 'sent',
        unanswered: 0,
        expectedMs: expectedDurationMs(verb, prepared.args),
        onProgress: options.onProgress,
        finish: (outcome) => {
          command.timer?.cancel();
          this.commands.delete(id);
          resolve(outcome);
        },
      };
      this.commands.set(id, command);
      this.sendCommandLine(command);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    this.heartbeat?.cancel();
    this.reconnectTimer?.cancel();
    for (const command of this.commands.values()) {
      command.finish(
        this.indeterminate(command, 'link_lost', 'the link was closed before the MCU reported completion'),
      );
    }
    for (const control of this.controls.values()) {
      control.timer?.cancel();
      control.reject(new McuLinkError('CLOSED', 'the link was closed'));
    }
    this.controls.clear();
    this.connected = false;
    await this.transport?.close();
  }

  // ---- connection lifecycle -------------------------------------------------------------

  private async openAndHandshake(): Promise<void> {
    const open = this.options.open ?? serialOpener();
    const transport = await open(this.options.path);
    this.transport = transport;
    this.connected = true;
    transport.onLine((line) => this.onLine(line));
    transport.onClose((reason) => this.onTransportClosed(transport, reason));
    try {
      // The transport starts every frame with a resync newline (issues 14 and 27), HELLO included.
      await this.handshake();
    } catch (error) {
      this.connected = false;
      this.transport = undefined;
      await transport.close();
      throw error;
    }
  }

  private async handshake(): Promise<void> {
    const reply = await this.sendControl('HELLO', [
      ['proto', String(PROTOCOL_VERSION)],
      ['table', tableHashHex()],
    ]);
    if (reply.head !== 'HELLO') throw new McuLinkError('BAD_REPLY', `the MCU answered HELLO with ${reply.head}`);
    const verdict = checkHandshake(reply.args);
    if (!verdict.ok) throw new McuLinkError('HANDSHAKE_MISMATCH', verdict.message);
    const previous = this.currentInfo;
    this.currentInfo = helloToInfo(reply.args);
    // Before anything else (the reboot's consequences included): re-latch, or arm.
    await this.relatchOrArm();
    if (previous && previous.bootId !== this.currentInfo.bootId) this.onReboot(previous.bootId);
  }

  /** The MCU's latch is recorded; a recorded e-stop is re-latched on the MCU; otherwise it is armed. */
  private async relatchOrArm(): Promise<void> {
    const info = this.info;
    if (info.state === 'estopped') await this.estop.latch('the MCU reported its latch');
    if (await this.estop.refresh()) {
      if (info.state !== 'estopped' && info.state !== 'shutdown')
        this.noteState((await this.sendControl('ESTOP')).args.state);
      return;
    }
    if (info.state === 'disarmed') await this.armIfDisarmed();
  }

  /** ARM when the MCU is disarmed and no e-stop is recorded; concurrent callers share one ARM. */
  private armIfDisarmed(): Promise<void> {
    if (this.currentInfo?.state !== 'disarmed' || this.estop.latched()) return Promise.resolve();
    this.arming ??= this.sendControl('ARM')
      .then((reply) => this.noteState(reply.args.state))
      .finally(() => (this.arming = undefined));
    return this.arming;
  }

  /** Every state the MCU reports updates the info; an e-stopped MCU is recorded durably. */
  private noteState(state: string | undefined): void {
    if (!this.currentInfo || !isMcuState(state)) return;
    this.currentInfo.state = state;
    if (state === 'estopped' && !this.estop.latched()) {
      this.estop
        .latch('the MCU reported its latch')
        .catch((error: Error) =>
          this.emit({ type: 'mcu', name: 'estop_record_failed', args: { reason: error.message } }),
        );
    }
  }

  /** Handshakes again once; concurrent callers share the same attempt. */
  private rehandshake(): Promise<void> {
    this.handshaking ??= this.handshake()
      .catch((error: Error) => this.emit({ type: 'disconnected', reason: error.message }))
      .finally(() => (this.handshaking = undefined));
    return this.handshaking;
  }

  private onReboot(previousBootId: string): void {
    const lost: number[] = [];
    for (const command of [...this.commands.values()]) {
      lost.push(command.id);
      command.finish(this.indeterminate(command, 'mcu_rebooted', 'the MCU rebooted before it reported completion'));
    }
    this.emit({ type: 'reboot', previousBootId, bootId: this.info.bootId, indeterminateIds: lost });
  }

  private onTransportClosed(transport: LineTransport, reason: string): void {
    if (this.transport !== transport) return;
    this.connected = false;
    this.transport = undefined;
    for (const control of this.controls.values()) {
      control.timer?.cancel();
      control.reject(new McuLinkError('DISCONNECTED', `the MCU link dropped: ${reason}`));
    }
    this.controls.clear();
    for (const command of this.commands.values()) this.orphan(command);
    if (this.closing) return;
    this.emit({ type: 'disconnected', reason });
    this.scheduleReconnect();
  }

  private orphan(command: PendingCommand): void {
    command.timer?.cancel();
    command.phase = 'orphaned';
    command.timer = after(this.clock, this.options.reconnectGraceMs ?? 5000, () => {
      command.finish(this.indeterminate(command, 'link_lost', 'the link dropped and did not come back in time'));
    });
  }

  private scheduleReconnect(): void {
    if (this.closing) return;
    // One chain of attempts: a port that drops during a reconnect's handshake reports its close
    // and fails the attempt, and both would schedule the next one.
    this.reconnectTimer?.cancel();
    this.reconnectTimer = after(this.clock, this.options.reconnectIntervalMs ?? 500, () => void this.reconnect());
  }

  /** One attempt; never rejects: a failure schedules the next attempt. */
  private async reconnect(): Promise<void> {
    if (this.closing) return;
    try {
      await this.openAndHandshake();
    } catch {
      return this.scheduleReconnect();
    }
    this.emit({ type: 'reconnected', bootId: this.info.bootId });
    // Same boot: the MCU's ledger knows these ids, so asking again cannot move twice.
    for (const command of this.commands.values()) {
      command.phase = 'sent';
      command.unanswered = 0;
      this.sendCommandLine(command);
    }
  }

  private startHeartbeat(): void {
    const interval = this.options.heartbeatMs ?? Math.max(50, Math.floor(this.info.limits.watchdogMs / 4));
    this.heartbeat = every(this.clock, interval, () => {
      if (!this.connected || this.handshaking) return;
      this.sendControl('PING')
        .then(async (reply) => {
          if (reply.args.boot && this.currentInfo && reply.args.boot !== this.currentInfo.bootId)
            return void this.rehandshake();
          this.noteState(reply.args.state);
          await this.relayBenchRelease();
        })
        .catch((error: McuLinkError) => {
          if (error.mcuCode === 'NO_HELLO') void this.rehandshake();
          else if (!error.disconnected)
            this.emit({ type: 'mcu', name: 'unresponsive', args: { reason: error.message } });
        });
    });
  }

  /**
   * `benchhand estop release` run while this link holds the port can only release the durable
   * record; the person's request reaches the MCU here: a record that went from latched to
   * released while the MCU is latched gets one CLEAR (the next command arms).
   */
  private async relayBenchRelease(): Promise<void> {
    if (!this.estop.latched() || this.currentInfo?.state !== 'estopped') return;
    if (await this.estop.refresh()) return;
    this.noteState((await this.sendControl('CLEAR')).args.state);
  }

  // ---- frames out ---------------------------------------------------------------------------

  private nextSeq(): number {
    this.seq = (this.seq % 65535) + 1;
    return this.seq;
  }

  private write(line: string): void {
    const transport = this.transport;
    if (!transport) return;
    this.options.trace?.('tx', line);
    // A vanished pty peer shows up only as a failed write; report it as a closed link.
    transport.write(line).catch((error: Error) => this.onTransportClosed(transport, error.message));
  }

  private sendControlLine(seq: number, control: PendingControl): void {
    if (control.unanswered >= this.maxSends) {
      this.controls.delete(seq);
      return control.reject(
        new McuLinkError(
          'NO_REPLY',
          `the MCU did not answer ${control.line.split(' ')[2]} after ${this.maxSends} tries: is it powered, flashed with benchhand firmware, and on ${this.options.path} at 115200 baud?`,
        ),
      );
    }
    control.unanswered++;
    this.write(control.line);
    control.timer = after(this.clock, this.replyTimeoutMs, () => this.sendControlLine(seq, control));
  }

  private sendCommandLine(command: PendingCommand): void {
    command.timer?.cancel();
    if (command.unanswered >= this.maxSends) {
      return command.finish(
        this.indeterminate(command, 'no_reply', `the MCU stopped answering after ${this.maxSends} tries`),
      );
    }
    command.unanswered++;
    this.write(command.line);
    this.armCommandTimer(command);
  }

  private armCommandTimer(command: PendingCommand): void {
    command.timer?.cancel();
    const wait = command.phase === 'received' ? command.expectedMs : this.replyTimeoutMs;
    command.timer = after(this.clock, wait, () => this.sendCommandLine(command));
  }

  // ---- frames in --------------------------------------------------------------------------

  private onLine(line: string): void {
    this.options.trace?.('rx', line);
    const parsed = parseMcuFrame(line);
    if (!parsed.ok) return; // noise on the line; timeouts retransmit whatever it hid
    const frame = parsed.frame;
    if (frame.head === 'EVT') return this.onMcuEvent(frame);
    if (frame.id === 0) return this.onControlReply(frame);
    const command = this.commands.get(frame.id);
    if (command && command.phase !== 'orphaned') this.onCommandReply(command, frame);
  }

  private onMcuEvent(frame: Frame): void {
    this.emit({ type: 'mcu', name: frame.args.name ?? 'unknown', args: frame.args });
    if (frame.args.name === 'boot' && this.currentInfo && frame.args.boot !== this.currentInfo.bootId)
      void this.rehandshake();
    if (frame.args.name === 'estop') this.noteState('estopped');
  }

  private onControlReply(frame: Frame): void {
    const control = this.controls.get(frame.seq);
    if (!control) return;
    control.timer?.cancel();
    this.controls.delete(frame.seq);
    if (frame.head === 'ERR') {
      const code = frame.args.code ?? 'UNKNOWN';
      return control.reject(
        new McuLinkError(
          'MCU_ERROR',
          `the MCU refused ${control.line.split(' ')[2]}: ${code}: ${describeError(code)}`,
          code,
        ),
      );
    }
    control.resolve(frame);
  }

  private onCommandReply(command: PendingCommand, frame: Frame): void {
    command.unanswered = 0;
    const { args, id } = { args: frame.args, id: command.id };
    const n = args.n === undefined ? undefined : Number(args.n);
    switch (frame.head) {
      case 'RCVD':
        command.phase = 'received';
        return this.armCommandTimer(command);
      case 'PROGRESS':
        command.phase = 'received';
        command.onProgress?.(Number(args.n), Number(args.total));
        return this.armCommandTimer(command);
      case 'DONE':
        return command.finish({ kind: 'done', id, n });
      case 'ALREADY':
        return command.finish({ kind: 'already', id, result: args.result ?? 'ok', n });
      case 'MISMATCH':
        return command.finish({
          kind: 'mismatch',
          id,
          message: `id ${id} was already used on this MCU for a different command; nothing moved`,
        });
      case 'STALE':
        return command.finish({
          kind: 'stale',
          id,
          message: `id ${id} is older than the MCU's record (last ${args.last ?? '?'}); nothing moved`,
        });
      case 'ERR':
        return this.onCommandError(command, args, n);
      default:
        return undefined;
    }
  }

  private onCommandError(command: PendingCommand, args: Record<string, string>, n: number | undefined): void {
    const code = args.code ?? 'UNKNOWN';
    const where = [args.field && `field ${args.field}`, args.limit && `limit ${args.limit}`].filter(Boolean).join(', ');
    const message = `${command.verb} ${code}${where ? ` (${where})` : ''}: ${describeError(code)}`;
    // Once the MCU said RCVD, an error means it stopped part-way (n says how far); before that,
    // it refused the command and nothing moved.
    if (code === 'ABORTED' || command.phase === 'received')
      return command.finish({ kind: 'failed', id: command.id, code, n, message });
    // NO_HELLO or DISARMED: the MCU may have rebooted unseen; the handshake re-latches or arms.
    if (code === 'NO_HELLO' || code === 'DISARMED') void this.rehandshake();
    command.finish({ kind: 'refused', id: command.id, code, field: args.field, limit: args.limit, message });
  }

  private indeterminate(
    command: PendingCommand,
    reason: 'mcu_rebooted' | 'link_lost' | 'no_reply',
    why: string,
  ): ActionOutcome {
    const sent = command.phase === 'received' ? 'was received and started' : 'was sent';
    return {
      kind: 'indeterminate',
      id: command.id,
      reason,
      message: `${command.verb} id ${command.id} ${sent}, but ${why}: verify on screen before doing it again`,
    };
  }

  private emit(event: McuEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

const MCU_STATES = ['ready', 'disarmed', 'estopped', 'shutdown'] as const;
function isMcuState(state: string | undefined): state is McuInfo['state'] {
  return (MCU_STATES as readonly string[]).includes(state ?? '');
}
