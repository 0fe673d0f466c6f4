// The bench's own controls around a run: the physical e-stop button (it latches the MCU's stop
// at once, then pauses the run at its next safe point), the status LED following the run, and
// the operator hub every person's command goes through.
import { randomUUID } from 'node:crypto';
import { openBenchGpio, type BenchGpio, type GpioConfigInput } from '../../adapters/gpio/index.js';
import type { ProgressEvent } from '../../core/agent/loop/agent-deps.js';
import type { McuPort } from '../../core/ports/mcu.js';
import type { OperatorPort } from '../../core/ports/operator.js';
import { OperatorHub } from './operator-hub.js';

export interface BenchHardware {
  operator: OperatorHub;
  gpio: BenchGpio;
  /** Latches the MCU's stop at once and pauses the run; used by the button and by MQTT operators. */
  emergencyStop(by: string): Promise<boolean>;
  onProgress(event: ProgressEvent): void;
  close(): void;
}

const isBenchGpio = (value: unknown): value is BenchGpio =>
  typeof (value as BenchGpio | undefined)?.onEmergencyStop === 'function';

/** `gpio` is the config section, or an already opened BenchGpio (tests pass a fake). */
export function openBenchHardware(
  mcu: McuPort,
  operators: OperatorPort[],
  gpioConfig: GpioConfigInput | BenchGpio | undefined,
  say: (line: string) => void,
): BenchHardware {
  const operator = new OperatorHub(operators);
  const gpio = isBenchGpio(gpioConfig)
    ? gpioConfig
    : openBenchGpio(gpioConfig, { warn: (message) => say(`gpio: ${message}`) });
  if (gpioConfig && gpio.status !== 'on')
    say(`gpio: off (${gpio.status.off}); the run goes on without the button and the LED`);
  const emergencyStop = async (by: string): Promise<boolean> => {
    let latched = false;
    try {
      await mcu.emergencyStop();
      latched = true;
    } catch (error) {
      say(`e-stop from ${by}: the MCU did not confirm the stop (${(error as Error).message}); pausing the run anyway`);
    }
    gpio.setLed('e-stopped');
    operator.inject({ id: randomUUID(), kind: 'pause', by: `${by} (e-stop)` });
    return latched;
  };
  gpio.onEmergencyStop(async () => {
    await emergencyStop('the e-stop button');
  });
  gpio.setLed('running');
  return {
    operator,
    gpio,
    emergencyStop,
    onProgress: (event) => {
      if (event.type === 'outcome' && event.tool === 'operator_pause') gpio.setLed('paused');
      if (event.type === 'outcome' && event.tool === 'operator_resume' && event.status === 'ok') gpio.setLed('running');
    },
    close: () => {
      gpio.setLed('idle');
      gpio.close();
    },
  };
}
