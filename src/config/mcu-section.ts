// The `mcu` section: the microcontroller's serial device. The firmware's UART runs at one rate
// (BH_PI_BAUD in firmware/src/*/board_config.h), so the rate is checked, not chosen.
import { z } from 'zod';

export const FIRMWARE_BAUD_RATE = 115200;

export const mcuSectionSchema = z.strictObject({
  port: z.string().min(1, { message: 'must not be empty' }),
  baudRate: z
    .literal(FIRMWARE_BAUD_RATE, { message: `must be ${FIRMWARE_BAUD_RATE}, the rate the firmware's UART runs at` })
    .default(FIRMWARE_BAUD_RATE),
});

export type McuSection = z.output<typeof mcuSectionSchema>;
