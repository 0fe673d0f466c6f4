// The `bench` section: which bench this is and where its runs keep their state on flash.
import { z } from 'zod';
import { BENCH_ID_PATTERN } from '../core/operator/topics.js';

export const benchSectionSchema = z.strictObject({
  /** The bench's name; the MQTT topics use it unless mqtt.benchId says otherwise. */
  id: z
    .string()
    .regex(BENCH_ID_PATTERN, { message: 'must be 1 to 32 of a-z, 0-9, "_" and "-", starting with a letter or digit' })
    .optional(),
  /** The base directory: each run keeps its record in STATE_DIR/runs/<start time>, findings beside them. */
  stateDir: z.string().min(1, { message: 'must not be empty' }).optional(),
});

export type BenchSection = z.output<typeof benchSectionSchema>;
