// Every fault the virtual bench can switch on, as one validated request shape, so the HTTP
// control route, the CLI and tests all name faults the same way.
import { z } from 'zod';
import { SPOIL_KINDS } from './spoiled-frames.js';

const count = z.number().int().min(1).max(1000).default(1);

export const benchFaultSchema = z.discriminatedUnion('fault', [
  z
    .object({
      fault: z.literal('tap-miss'),
      n: count,
      dx: z.number().int().min(-2000).max(2000),
      dy: z.number().int().min(-2000).max(2000),
    })
    .strict(),
  z.object({ fault: z.literal('tap-double'), n: count }).strict(),
  z.object({ fault: z.literal('device-freeze'), ms: z.number().int().min(1).max(600_000) }).strict(),
  z
    .object({
      fault: z.literal('screen-change'),
      afterMs: z.number().int().min(0).max(600_000).default(0),
      actions: z.array(z.record(z.string(), z.unknown())).min(1),
    })
    .strict(),
  z
    .object({
      fault: z.literal('inject-instruction'),
      style: z.enum(['dialog', 'banner']).default('dialog'),
      text: z.string().min(1).max(200).optional(),
    })
    .strict(),
  z.object({ fault: z.literal('serial-drop'), ms: z.number().int().min(1).max(600_000) }).strict(),
  z.object({ fault: z.literal('mcu-reboot') }).strict(),
  // The MCU's own e-stop button, pressed right after the nth key press from now on (mid-typing).
  z.object({ fault: z.literal('estop-at-key'), n: z.number().int().min(1).max(1000) }).strict(),
  z.object({ fault: z.literal('camera-dark'), n: count }).strict(),
  z.object({ fault: z.literal('camera-blur'), n: count, sigma: z.number().min(0.5).max(30).default(6) }).strict(),
  // The rig's light or focus changed since calibration: the screen's light scaled (the phone's
  // auto-brightness following a lamp moved or switched), a lamp's reflection on the glass, the
  // stand moved (focus shifted, in dioptres). Until changed again.
  z
    .object({
      fault: z.literal('camera-light'),
      light: z.number().min(0.05).max(4).default(1),
      glare: z.number().min(0).max(255).default(0),
      focusShift: z.number().min(-10).max(10).default(0),
    })
    .strict(),
  // The next n pictures spoiled after the camera made them (spoiled-frames.ts): the quality gate's test fault.
  z
    .object({
      fault: z.literal('camera-spoil'),
      n: count,
      kind: z.enum(SPOIL_KINDS),
      strength: z.number().min(0).max(60).optional(),
    })
    .strict(),
  // Not a fault: the phone's developer option a person switches on to calibrate taps.
  z.object({ fault: z.literal('pointer-location'), on: z.boolean().default(true) }).strict(),
]);

export type BenchFault = z.input<typeof benchFaultSchema>;
export type ParsedBenchFault = z.output<typeof benchFaultSchema>;

export const FAULT_NAMES = benchFaultSchema.options.map((option) => option.shape.fault.value);

/** Parses a fault request; the error names the field, the rule and the valid fault names. */
export function parseBenchFault(input: unknown): { ok: true; fault: ParsedBenchFault } | { ok: false; error: string } {
  const result = benchFaultSchema.safeParse(input);
  if (result.success) return { ok: true, fault: result.data };
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || '(body)';
  const hint =
    issue.path[0] === 'fault' || issue.code === 'invalid_union' ? ` Valid faults: ${FAULT_NAMES.join(', ')}.` : '';
  return { ok: false, error: `fault request field ${field}: ${issue.message}.${hint}` };
}
