// The guardrails as data: budgets, limits and policies the loop evaluates. They come only from
// the operator's configuration; nothing read from the device can change them.
import { z } from 'zod';

const regex = z
  .string()
  .min(1)
  .refine((text) => {
    try {
      new RegExp(text, 'i');
      return true;
    } catch {
      return false;
    }
  }, 'must be a valid regular expression');

export const approvalRuleSchema = z
  .object({
    name: z.string().min(1),
    /** Tool name, or "*" for every action tool. */
    tool: z.string().min(1).default('*'),
    /** Asks when the action's target text (what a tap lands on) or typed text matches. */
    targetMatches: regex.optional(),
    /** Asks when any argument's text matches. */
    argumentsMatch: regex.optional(),
  })
  .strict();

export const forbiddenZoneSchema = z
  .object({
    name: z.string().min(1),
    x: z.number().int().min(0),
    y: z.number().int().min(0),
    width: z.number().int().min(1),
    height: z.number().int().min(1),
  })
  .strict();

export const guardrailConfigSchema = z
  .object({
    maxSteps: z.number().int().min(1).max(10000).default(40),
    deadlineMs: z
      .number()
      .int()
      .min(1000)
      .max(24 * 3600 * 1000)
      .default(10 * 60 * 1000),
    /** The third identical call (same tool, same arguments, same screen) is refused; a script step's declared retries pass. */
    repeatLimit: z.number().int().min(2).max(20).default(3),
    /** This many failures of one tool halt an LLM's run; a script bounds its own (each step's retries). */
    maxToolFailures: z.number().int().min(1).max(50).default(3),
    verifyTimeoutMs: z.number().int().min(200).max(60000).default(4000),
    approvals: z
      .array(approvalRuleSchema)
      .default([{ name: 'irreversible', tool: '*', targetMatches: '\\b(pay|delete|erase|factory reset|format)\\b' }]),
    forbiddenZones: z.array(forbiddenZoneSchema).default([]),
    /**
     * How far a tap may land from where it was aimed, in device pixels: the rig's measured tap
     * accuracy. Elements under an approval rule within this margin of a tap are aimed away from, or
     * asked about. Unset: derived from the calibration's measured residual (tap-margin-source.ts).
     */
    tapMarginPx: z.number().min(0).max(400).optional(),
  })
  .strict();

export type GuardrailConfig = z.output<typeof guardrailConfigSchema>;
export type ApprovalRule = z.output<typeof approvalRuleSchema>;
export type ForbiddenZone = z.output<typeof forbiddenZoneSchema>;

export const defaultGuardrails = (): GuardrailConfig => guardrailConfigSchema.parse({});
