// The bench's optional Raspberry Pi GPIO, as the app sees it: an e-stop button, the MCU's reset
// line and a status LED. Everything about pins, sysfs and debouncing stays behind this interface,
// and a machine without GPIO gets an implementation that says so instead of throwing.

/** 'on' when at least one line is open; otherwise the reason, for the operator to read. */
export type GpioStatus = 'on' | { off: string };

export const LED_PATTERN_NAMES = ['off', 'idle', 'running', 'paused', 'e-stopped', 'error'] as const;
export type LedPattern = (typeof LED_PATTERN_NAMES)[number];

export interface EmergencyStopEvent {
  /** When the first edge of the press arrived (before debouncing finished). */
  at: Date;
}

/** May be async; errors and rejections are reported, never thrown into the GPIO interrupt path. */
export type EmergencyStopHandler = (event: EmergencyStopEvent) => void | Promise<void>;

/** Which optional lines this bench has wired and configured. */
export interface GpioLines {
  emergencyStop: boolean;
  mcuReset: boolean;
  statusLed: boolean;
}

export interface BenchGpio {
  readonly status: GpioStatus;
  readonly lines: GpioLines;
  /** Called once per debounced press. Returns the unsubscribe function. */
  onEmergencyStop(handler: EmergencyStopHandler): () => void;
  /** The debounced state of the button; false when there is no button. Check it before resuming. */
  isEmergencyStopHeld(): boolean;
  /** Holds the MCU in reset for the configured time, then releases it. Rejects without a reset line. */
  pulseReset(): Promise<void>;
  /** Ignored without an LED: the LED is a courtesy, never a reason to fail. */
  setLed(pattern: LedPattern): void;
  /** Stops timers, releases the reset line and unexports every pin. Safe to call twice. */
  close(): void;
}

/** Thrown (as a rejection) by pulseReset when there is no usable reset line. */
export class GpioUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GpioUnavailableError';
  }
}
