// The virtual bench: the simulated MCU (the real firmware core behind a pty), a virtual device
// that feels only what the MCU actuates, and a virtual camera looking at it — served so an agent
// in another process connects exactly as to a real rig: a serial path and a camera address.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { VirtualCamera, type CaptureTruth } from '../camera/virtual-camera.js';
import { DEFAULT_SPOIL_STRENGTH, spoilFrame, type SpoilKind } from './spoiled-frames.js';
import type { CameraOptionsInput } from '../camera/camera-options.js';
import { VirtualDevice, type ActuationEvent } from '../device/device.js';
import type { DeviceFrame } from '../device/render.js';
import type { Action } from '../device/schema.js';
import { NativeSimMcu, type SimEvent } from '../mcu/native-sim-mcu.js';
import { ReplayDevice } from '../replay/replay-device.js';
import { isReplaySource } from '../replay/replay-file.js';
import type { CameraSettings } from '../../core/ports/camera.js';
import type { CalibrationBlock } from '../../core/vision/calibration-schema.js';
import type { ParsedBenchFault } from './bench-faults.js';
import { FrameRecorder } from './frame-recorder.js';
import { McuEventTail } from './mcu-event-tail.js';
import { TapFaults } from './tap-faults.js';

/** Where the phone lies in the actuator's workspace: device px = (actuator - offset) / scale. */
export interface BenchMount {
  offsetX: number;
  offsetY: number;
  scale: number;
}

/** What a virtual bench can hold: a modelled phone (a device file) or a recorded app (src/sim/replay). */
export type BenchDevice = VirtualDevice | ReplayDevice;

export interface VirtualBenchOptions {
  /** A device file, or a recorded app: a DroidBot output folder or a NAME.replay.yaml. */
  deviceFile: string;
  /** Folder for the serial link path and the MCU's actuation log; by default a temp folder, removed when the bench stops. */
  dir?: string;
  seed?: number;
  camera?: CameraOptionsInput;
  mount?: BenchMount;
  /** Write every served frame with its ground truth here. */
  recordDir?: string;
}

export class VirtualBench<D extends BenchDevice = VirtualDevice> {
  readonly tapFaults = new TapFaults();
  private touchOffset: number | undefined;
  private readonly tail: McuEventTail;
  private readonly ticker: NodeJS.Timeout;
  private readonly startedAt = performance.now();
  private readonly recorder?: FrameRecorder;
  private lastCapture?: CaptureTruth<DeviceFrame>;
  /** The camera-spoil fault: how many pictures still to spoil, and how. */
  private spoil?: { left: number; kind: SpoilKind; strength: number };
  private capturing: Promise<unknown> = Promise.resolve();
  /** When the camera's settings or the rig's light last changed (performance.now()). */
  private cameraChangedAt = -Infinity;
  private readonly actuationListeners = new Set<(event: ActuationEvent) => void>();

  private constructor(
    readonly device: D,
    readonly camera: VirtualCamera,
    public mcu: NativeSimMcu,
    readonly dir: string,
    readonly options: VirtualBenchOptions & { mount: BenchMount },
  ) {
    this.tail = new McuEventTail(join(dir, 'events.jsonl'), (event) => this.onMcuEvent(event));
    this.tail.start();
    this.ticker = setInterval(() => this.device.advance(this.now()), 20);
    if (options.recordDir)
      this.recorder = new FrameRecorder(options.recordDir, basename(options.deviceFile).replace(/\.(ya?ml|json)$/, ''));
  }

  /** A bench with the modelled phone of a device file (async: a bad device file is a rejection, which callers catch). */
  static async start(options: VirtualBenchOptions): Promise<VirtualBench<VirtualDevice>> {
    return VirtualBench.around(VirtualDevice.fromFile(options.deviceFile), options);
  }

  /** A bench with a recorded app (a DroidBot output folder or a NAME.replay.yaml) in place of the phone. */
  static async startReplay(options: VirtualBenchOptions): Promise<VirtualBench<ReplayDevice>> {
    return VirtualBench.around(await ReplayDevice.open(options.deviceFile), options);
  }

  /** A bench for whichever deviceFile names: a recorded app or a device file. */
  static startAny(options: VirtualBenchOptions): Promise<VirtualBench<BenchDevice>> {
    return isReplaySource(options.deviceFile) ? VirtualBench.startReplay(options) : VirtualBench.start(options);
  }

  private static async around<D extends BenchDevice>(
    device: D,
    options: VirtualBenchOptions,
  ): Promise<VirtualBench<D>> {
    const mount = options.mount ?? { offsetX: 0, offsetY: 0, scale: 1 };
    const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'benchhand-bench-'));
    const workspace = {
      width: Math.ceil(device.width * mount.scale + mount.offsetX),
      height: Math.ceil(device.height * mount.scale + mount.offsetY),
    };
    const mcu = await NativeSimMcu.start({
      linkPath: join(dir, 'mcu'),
      eventsFile: join(dir, 'events.jsonl'),
      controlFile: join(dir, 'control'),
      workspace,
      board: 'virtual-bench',
    });
    let bench: VirtualBench<D> | undefined;
    const camera = new VirtualCamera({
      source: () => bench!.renderNow(),
      seed: options.seed ?? 1,
      options: options.camera,
    });
    bench = new VirtualBench(device, camera, mcu, dir, { ...options, mount });
    return bench;
  }

  /** Milliseconds since the bench started: the device's clock. */
  now(): number {
    return performance.now() - this.startedAt;
  }

  get serialPath(): string {
    return this.mcu.path;
  }

  /** Captures one camera frame (serialised: one exposure at a time), recording it when asked to. */
  capture(maxAgeMs?: number): Promise<{ capture: CaptureTruth<DeviceFrame>; ageMs: number }> {
    const run = this.capturing.then(async () => {
      // Whatever the MCU has reported as done has physically happened: apply it before exposing.
      this.tail.readNew();
      const last = this.lastCapture;
      const lastAge = last ? performance.now() - last.frame.capturedAt : Infinity;
      // A frame from before the camera's settings or light changed is never handed out again.
      const current = last !== undefined && last.frame.capturedAt > this.cameraChangedAt;
      if (last && current && maxAgeMs !== undefined && lastAge <= maxAgeMs) return { capture: last, ageMs: lastAge };
      const capture = await this.spoiled(await this.camera.captureWithTruth<DeviceFrame>());
      this.lastCapture = capture;
      this.recorder?.record(capture);
      return { capture, ageMs: performance.now() - capture.frame.capturedAt };
    });
    this.capturing = run.catch(() => undefined);
    return run;
  }

  /**
   * The virtual rig's own calibration, as `benchhand calibrate` would store it for a real rig:
   * where its camera sees the screen (fixed by the camera options) and how the phone lies in the
   * actuator's workspace (the mount). Looking costs one capture the first time.
   */
  async calibration(): Promise<CalibrationBlock> {
    const truth = this.lastCapture ?? (await this.capture()).capture;
    const { offsetX, offsetY, scale } = this.options.mount;
    return {
      version: 1,
      deviceSize: { width: this.device.width, height: this.device.height },
      cameraSize: { width: truth.frame.width, height: truth.frame.height },
      screenCorners: truth.screenCorners.map(({ x, y }) => ({ x, y })),
      actuator: { affine: [scale, 0, offsetX, 0, scale, offsetY], source: 'identity' },
      measuredAt: new Date().toISOString(),
    };
  }

  /**
   * Calls listener with each actuation the MCU reports, before the glass feels it, so a test can
   * switch a fault on at an exact moment (a freeze or a tap miss from the Nth tap on). Returns a remover.
   */
  onActuation(listener: (event: ActuationEvent) => void): () => void {
    this.actuationListeners.add(listener);
    return () => this.actuationListeners.delete(listener);
  }

  /** Applies camera settings (POST /camera/settings) between exposures: later frames are taken with them. */
  applyCameraSettings(settings: CameraSettings): Promise<void> {
    const run = this.capturing.then(async () => {
      const support = await this.camera.settingsControl();
      if (support.ok) await support.control.apply(settings);
      this.cameraChangedAt = performance.now();
    });
    this.capturing = run.catch(() => undefined);
    return run;
  }

  get lastTruth(): CaptureTruth<DeviceFrame> | undefined {
    return this.lastCapture;
  }

  async applyFault(fault: ParsedBenchFault): Promise<string> {
    switch (fault.fault) {
      case 'tap-miss':
        this.tapFaults.missNext(fault.n, fault.dx, fault.dy);
        return `the next ${fault.n} tap(s) land ${fault.dx},${fault.dy} px off`;
      case 'tap-double':
        this.tapFaults.doubleNext(fault.n);
        return `the next ${fault.n} tap(s) land twice`;
      case 'device-freeze':
        this.device.faults.freeze(fault.ms);
        return `the device is frozen for ${fault.ms} ms`;
      case 'screen-change':
        this.modelled(fault.fault).faults.changeScreenAt(this.now() + fault.afterMs, fault.actions as Action[]);
        return `the screen changes in ${fault.afterMs} ms`;
      case 'inject-instruction':
        this.modelled(fault.fault).faults.injectInstruction(
          { style: fault.style, ...(fault.text ? { text: fault.text } : {}) },
          this.now(),
        );
        return `instruction injected as a ${fault.style}`;
      case 'serial-drop':
        this.mcu.unplug();
        setTimeout(() => this.mcu.plug(), fault.ms);
        return `serial cable pulled for ${fault.ms} ms`;
      case 'mcu-reboot':
        await this.rebootMcu();
        return 'the MCU rebooted';
      case 'estop-at-key':
        this.mcu.estopAtKey(fault.n);
        return `the MCU's e-stop button goes down right after key press ${fault.n} from now`;
      case 'camera-dark':
        this.camera.faults.darkFrames(fault.n);
        return `the next ${fault.n} frame(s) are dark`;
      case 'camera-blur':
        this.camera.faults.blurredFrames(fault.n, fault.sigma);
        return `the next ${fault.n} frame(s) are blurred`;
      case 'camera-light':
        this.camera.changeRig({ light: fault.light, glare: fault.glare, focusShift: fault.focusShift });
        this.cameraChangedAt = performance.now();
        return `the rig's light is x${fault.light}, glare ${fault.glare}, focus shifted ${fault.focusShift} dioptres`;
      case 'camera-spoil': {
        const strength = fault.strength ?? DEFAULT_SPOIL_STRENGTH[fault.kind];
        this.spoil = { left: fault.n, kind: fault.kind, strength };
        return `the next ${fault.n} frame(s) are spoiled: ${fault.kind} ${strength}`;
      }
      case 'pointer-location':
        this.modelled(fault.fault).developer.pointerLocation(fault.on);
        return `pointer location ${fault.on ? 'shown' : 'hidden'}`;
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.ticker);
    this.tail.stop();
    await this.mcu.stop();
    await this.camera.close();
    // A folder the bench made for itself goes with it; one the caller named is the caller's.
    if (this.options.dir === undefined) rmSync(this.dir, { recursive: true, force: true });
  }

  /** The modelled phone, for faults only a model can stage; a recorded app has no model to change. */
  /** A capture spoiled while the camera-spoil fault lasts (spoiled-frames.ts). */
  private async spoiled(capture: CaptureTruth<DeviceFrame>): Promise<CaptureTruth<DeviceFrame>> {
    const spoil = this.spoil;
    if (!spoil || spoil.left <= 0) return capture;
    spoil.left--;
    const image = await spoilFrame(capture.frame.image, spoil.kind, spoil.strength, capture.frame.sequence);
    return {
      ...capture,
      frame: { ...capture.frame, image: new Uint8Array(image.buffer, image.byteOffset, image.length) },
    };
  }

  private modelled(fault: string): VirtualDevice {
    if (this.device instanceof VirtualDevice) return this.device;
    throw new Error(
      `the ${fault} fault needs a modelled device (a device file): a recorded app only shows what was recorded; tap, camera, serial and freeze faults work on it`,
    );
  }

  private async rebootMcu(): Promise<void> {
    await this.mcu.stop('SIGKILL');
    this.mcu = await NativeSimMcu.start(this.mcu.options);
  }

  private renderNow(): Promise<DeviceFrame> {
    this.device.advance(this.now());
    return this.device.render();
  }

  /**
   * The bench's time for an MCU event. The log is read in batches a few ms apart, so within one
   * contact the MCU's own timestamps keep the spacing of its move reports (a fling's speed is
   * read from them); the contact's first event is anchored at the bench's now.
   */
  private touchTime(event: SimEvent): number {
    const now = this.now();
    if (typeof event.t !== 'number') return now;
    if (event.ev === 'tap_down') this.touchOffset = now - event.t;
    if ((event.ev !== 'tap_move' && event.ev !== 'tap_up') || this.touchOffset === undefined) return now;
    return Math.max(event.t + this.touchOffset, 0);
  }

  private onMcuEvent(event: SimEvent): void {
    const { offsetX, offsetY, scale } = this.options.mount;
    const t = this.touchTime(event);
    let actuation: ActuationEvent | undefined;
    if (event.ev === 'tap_down' || event.ev === 'tap_move' || event.ev === 'tap_up') {
      const x = Math.round(((event.x as number) - offsetX) / scale);
      const y = Math.round(((event.y as number) - offsetY) / scale);
      actuation = { t, ev: event.ev, x, y };
    } else if (event.ev === 'key_down' || event.ev === 'key_up') {
      actuation = { t, ev: event.ev, usage: (event.usage as number) ?? 0, mods: (event.mods as number) ?? 0 };
    }
    if (!actuation) return;
    for (const listener of this.actuationListeners) listener(actuation);
    for (const felt of this.tapFaults.apply(actuation)) this.device.apply(felt);
  }
}
