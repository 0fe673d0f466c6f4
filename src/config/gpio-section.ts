// The `gpio` section of the bench configuration. Pins are the BCM numbers printed on pinout
// diagrams (GPIO17 is 17), not the physical header positions and not sysfs numbers.
import { z } from 'zod';

const activeLevel = z.enum(['low', 'high']);
// 0 and 1 are the HAT ID EEPROM's I2C pins; 28 and up are not on the header.
const headerPin = z.number().int().min(2).max(27);

export const gpioConfigSchema = z
  .object({
    /** false turns the feature off without deleting the section. */
    enabled: z.boolean().default(true),
    emergencyStop: z
      .object({
        pin: headerPin,
        /** 'low': normally-open button to GND with a pull-up. 'high': normally-closed to GND (fail-safe). */
        activeLevel: activeLevel.default('low'),
        /** Edges closer together than this are one press (contact bounce). */
        debounceMs: z.number().int().min(0).max(1000).default(30),
      })
      .strict()
      .optional(),
    mcuReset: z
      .object({
        pin: headerPin,
        /** 'low' wired straight to a 3.3 V MCU's RST; 'high' through an NPN/N-MOSFET that pulls RST low. */
        activeLevel: activeLevel.default('low'),
        pulseMs: z.number().int().min(1).max(5000).default(50),
      })
      .strict()
      .optional(),
    statusLed: z
      .object({
        pin: headerPin,
        /** 'high': GPIO -> resistor -> LED -> GND. 'low': LED from 3.3 V, sunk by the GPIO. */
        activeLevel: activeLevel.default('high'),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((config, context) => {
    const used = new Map<number, string>();
    for (const name of ['emergencyStop', 'mcuReset', 'statusLed'] as const) {
      const pin = config[name]?.pin;
      if (pin === undefined) continue;
      const other = used.get(pin);
      if (other !== undefined)
        context.addIssue({ code: 'custom', path: [name, 'pin'], message: `GPIO${pin} is already used by ${other}` });
      used.set(pin, name);
    }
  });

export type GpioConfigInput = z.input<typeof gpioConfigSchema>;
export type GpioConfig = z.output<typeof gpioConfigSchema>;
