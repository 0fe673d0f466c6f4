// The fake the app's tests use must behave like the real one where the app can tell.
import { describe, expect, it } from 'vitest';
import { FakeBenchGpio, GpioUnavailableError } from '../../../src/adapters/gpio/index.js';

describe('FakeBenchGpio', () => {
  it('calls handlers once per press, holds until released, and records resets and LED states', async () => {
    const gpio = new FakeBenchGpio();
    const presses: Date[] = [];
    gpio.onEmergencyStop(async ({ at }) => {
      presses.push(at);
    });
    await gpio.pressEmergencyStop();
    await gpio.pressEmergencyStop();
    expect(presses).toHaveLength(1);
    expect(gpio.isEmergencyStopHeld()).toBe(true);
    gpio.releaseEmergencyStop();
    await gpio.pressEmergencyStop();
    expect(presses).toHaveLength(2);

    await gpio.pulseReset();
    gpio.setLed('e-stopped');
    expect([gpio.resetPulses, gpio.led]).toEqual([1, 'e-stopped']);
  });

  it('rejects a reset without a reset line, like the real one', async () => {
    await expect(new FakeBenchGpio({ mcuReset: false }).pulseReset()).rejects.toBeInstanceOf(GpioUnavailableError);
  });
});
