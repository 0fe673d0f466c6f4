// The physical e-stop button: the MCU's stop latches at once, the run pauses at its next safe
// point, and the LED says so.
import { describe, expect, it } from 'vitest';
import { FakeBenchGpio } from '../../../src/adapters/gpio/index.js';
import { FakeMcu } from '../../../src/adapters/mcu-fake/fake-mcu.js';
import { openBenchHardware } from '../../../src/app/agent/bench-hardware.js';

describe('bench hardware around a run', () => {
  it('a press of the e-stop button latches the MCU stop and pauses the run', async () => {
    const mcu = new FakeMcu();
    const gpio = new FakeBenchGpio();
    const hardware = openBenchHardware(mcu, [], gpio, () => undefined);
    await gpio.pressEmergencyStop(); // resolves once every e-stop handler has finished
    expect(mcu.info.state).toBe('estopped');
    expect(await mcu.tap({ x: 1, y: 1 })).toMatchObject({ kind: 'refused', code: 'ESTOPPED' });
    expect(await hardware.operator.poll()).toEqual([
      expect.objectContaining({ kind: 'pause', by: 'the e-stop button (e-stop)' }),
    ]);
    expect(gpio.ledHistory.at(-1)).toBe('e-stopped');
    hardware.close();
  });

  it('without GPIO the run goes on and says why the button is off', () => {
    const lines: string[] = [];
    const hardware = openBenchHardware(new FakeMcu(), [], { emergencyStop: { pin: 17 } }, (line) => lines.push(line));
    expect(hardware.gpio.status).not.toBe('on');
    expect(lines.join('\n')).toMatch(/gpio: off/);
    hardware.close();
  });
});
