// The fake the app's tests use, with all lines and with some missing, and the stand-in for a
// bench without GPIO: the same contract as the real adapter (bench-gpio-onoff.test.ts).
import { FakeBenchGpio } from '../../src/adapters/gpio/fake-bench-gpio.js';
import { OffBenchGpio } from '../../src/adapters/gpio/off-bench-gpio.js';
import { describeBenchGpioContract, type BenchGpioSubject } from './bench-gpio.contract.js';

function fakeSubject(lines: ConstructorParameters<typeof FakeBenchGpio>[0] = {}): BenchGpioSubject {
  const gpio = new FakeBenchGpio(lines);
  return {
    gpio,
    // The fake has no contact to bounce: one call is one level change.
    press: () => gpio.pressEmergencyStop(),
    release: async () => gpio.releaseEmergencyStop(),
    resetPulses: () => gpio.resetPulses,
    pulseMs: 0,
    ledPattern: () => gpio.led,
    linesReleased: () => gpio.closed,
    teardown: () => gpio.close(),
  };
}

describeBenchGpioContract('fake with every line (no debouncing: it has no contact to bounce)', () => fakeSubject());
describeBenchGpioContract('fake with only an e-stop button', () => fakeSubject({ mcuReset: false, statusLed: false }));
describeBenchGpioContract('off (a machine without GPIO)', () => {
  const gpio = new OffBenchGpio('/sys/class/gpio does not exist: no sysfs GPIO on this machine');
  return {
    gpio,
    press: async () => {},
    release: async () => {},
    resetPulses: () => 0,
    pulseMs: 0,
    linesReleased: () => true,
    teardown: () => gpio.close(),
  };
});
