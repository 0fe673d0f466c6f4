// The GPIO adapter's public surface: the app needs openBenchGpio and the types; tests the fake.
export type {
  BenchGpio,
  EmergencyStopEvent,
  EmergencyStopHandler,
  GpioLines,
  GpioStatus,
  LedPattern,
} from './bench-gpio.js';
export { GpioUnavailableError, LED_PATTERN_NAMES } from './bench-gpio.js';
export { gpioConfigSchema, type GpioConfig, type GpioConfigInput } from '../../config/gpio-section.js';
export { DEFAULT_SYSFS_ROOT, MAIN_CHIP_LABELS, findMainGpioChip, type GpioChip } from './gpio-chip.js';
export { openBenchGpio, type OpenBenchGpioOptions } from './open-bench-gpio.js';
export { OffBenchGpio } from './off-bench-gpio.js';
export { FakeBenchGpio } from './fake-bench-gpio.js';
