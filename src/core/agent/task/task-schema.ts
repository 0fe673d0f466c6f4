// The task file (YAML): the goal in words, inputs for placeholders, and for the script
// interpreter a list of steps — each one tool call, with retries, timeouts and branches on what
// is on screen. The same file may name the virtual device it is written for and the end state
// the virtual bench checks. Unknown keys are errors.
import { z } from 'zod';
import { preApprovalSchema } from '../guard/pre-approval.js';
import { GESTURE_STEP_KINDS, gestureStepSchemas, type GestureStep } from './gesture-steps.js';
import {
  FLOW_STEP_KINDS,
  flowStepSchemas,
  paramsSchema,
  type AssertNotVisibleStep,
  type AssertVisibleStep,
  type RepeatStep,
  type RunFlowStep,
  type ScreenshotStep,
  type WaitForStableStep,
} from './flow-steps.js';

const text = z.string().min(1).max(400);
const common = {
  id: z.string().min(1).max(60).optional(),
  retries: z.number().int().min(0).max(10).optional(),
  timeout_ms: z.number().int().min(100).max(60000).optional(),
  /** Any step may run only when the screen shows (or lacks) a text. */
  when: z.lazy(() => conditionSchema).optional(),
};
const places = [
  'content',
  'dialog',
  'sheet',
  'banner',
  'toast',
  'title',
  'anywhere',
  'status_bar',
  'navigation_bar',
  'keyboard',
] as const;
/** Where a text is meant: a region, a run of words inside a longer element, or next to another text. */
const placeKeys = {
  in: z.enum(places).optional(),
  contains: z.boolean().optional(),
  below: text.optional(),
  above: text.optional(),
  near: text.optional(),
  right_of: text.optional(),
  left_of: text.optional(),
};
const placedText = z.union([text, z.strictObject({ text, in: placeKeys.in, contains: placeKeys.contains })]);
const expectOnly = {
  expect: placedText.optional(),
  expect_gone: text.optional(),
  expect_change: z.boolean().optional(),
};
const expect = { ...expectOnly, hold_ms: z.number().int().min(10).max(1500).optional() };

export interface Place {
  in?: (typeof places)[number];
  contains?: boolean;
  below?: string;
  above?: string;
  near?: string;
  right_of?: string;
  left_of?: string;
}
export type PlacedText = string | { text: string; in?: Place['in']; contains?: boolean };
/** A screen text a submitted result cites; checked on a fresh frame before the run ends. */
export type Evidence = string | ({ text: string } & Place);
interface Expects {
  expect?: PlacedText;
  expect_gone?: string;
  expect_change?: boolean;
}
interface Common {
  id?: string;
  retries?: number;
  timeout_ms?: number;
}

export type ScriptStep = (
  | ({ tap: string; occurrence?: number; hold_ms?: number } & Place & Expects & Common)
  | ({ tap_point: [number, number]; hold_ms?: number } & Expects & Common)
  | ({ type: string; secret?: boolean } & Expects & Common)
  | ({ key: string; mods?: ('ctrl' | 'shift' | 'alt' | 'gui')[] } & Expects & Common)
  | { wait_for: PlacedText; id?: string; retries?: number; timeout_ms?: number }
  | { wait_for_change: true; id?: string; retries?: number; timeout_ms?: number }
  | { note: { name: string; text: string }; id?: string }
  | { finding: { kind: string; subject: string; detail: string; severity?: string }; id?: string }
  | { submit: { summary: string; result?: Record<string, unknown>; evidence?: Evidence[] }; id?: string }
  | { hand_over: string; id?: string }
  | { if: Condition; then: ScriptStep[]; else?: ScriptStep[]; id?: string }
  | GestureStep
  | AssertVisibleStep<Condition, Place>
  | AssertNotVisibleStep<Condition, Place>
  | RunFlowStep<ScriptStep, Condition>
  | RepeatStep<ScriptStep, Condition>
  | WaitForStableStep<Condition>
  | ScreenshotStep<Condition>
) & { when?: Condition };

/** A condition on what the screen shows now; by default looked for anywhere but the phone's bars. */
export type Condition = { screen_has?: string; screen_lacks?: string } & Place;

export const scriptStepSchema: z.ZodType<ScriptStep> = z.lazy(() =>
  z.union([
    z.strictObject({
      tap: text,
      occurrence: z.number().int().min(1).max(10).optional(),
      ...placeKeys,
      ...expect,
      ...common,
    }),
    z.strictObject({ tap_point: z.tuple([z.number().int().min(0), z.number().int().min(0)]), ...expect, ...common }),
    z.strictObject({ type: text, secret: z.boolean().optional(), ...expectOnly, ...common }),
    z.strictObject({
      key: z.string().min(1).max(12),
      mods: z.array(z.enum(['ctrl', 'shift', 'alt', 'gui'])).optional(),
      ...expectOnly,
      ...common,
    }),
    z.strictObject({ wait_for: placedText, ...common }),
    z.strictObject({ wait_for_change: z.literal(true), ...common }),
    z.strictObject({ note: z.strictObject({ name: z.string(), text: z.string() }), id: common.id, when: common.when }),
    z.strictObject({
      finding: z.strictObject({
        kind: z.string(),
        subject: z.string(),
        detail: z.string(),
        severity: z.string().optional(),
      }),
      id: common.id,
      when: common.when,
    }),
    z.strictObject({
      submit: z.strictObject({
        summary: text,
        result: z.record(z.string(), z.unknown()).optional(),
        evidence: z
          .array(z.union([text, z.strictObject({ text, ...placeKeys })]))
          .min(1)
          .max(8)
          .optional(),
      }),
      id: common.id,
      when: common.when,
    }),
    z.strictObject({ hand_over: text, id: common.id, when: common.when }),
    // The gesture steps take `when` like every step.
    ...gestureStepSchemas.map((schema) => schema.extend({ when: common.when })),
    z.strictObject({
      if: z
        .strictObject({ screen_has: text.optional(), screen_lacks: text.optional(), ...placeKeys })
        .refine(
          (c) => (c.screen_has === undefined) !== (c.screen_lacks === undefined),
          'give exactly one of screen_has or screen_lacks',
        ),
      then: z.array(scriptStepSchema).min(1),
      else: z.array(scriptStepSchema).optional(),
      id: common.id,
      when: common.when,
    }),
    ...flowStepSchemas({ text, placeKeys, condition: z.lazy(() => conditionSchema), step: scriptStepSchema }),
  ]),
) as z.ZodType<ScriptStep>;

const conditionSchema = z
  .strictObject({ screen_has: text.optional(), screen_lacks: text.optional(), ...placeKeys })
  .refine(
    (c) => (c.screen_has === undefined) !== (c.screen_lacks === undefined),
    'give exactly one of screen_has or screen_lacks',
  );

/** Steps run whenever their condition shows up on screen, before the next regular step (pop-ups). */
export const interruptSchema = z.strictObject({ when: conditionSchema, do: z.array(scriptStepSchema).min(1).max(5) });
export type Interrupt = z.output<typeof interruptSchema>;

export const STEP_KINDS = [
  'tap',
  'tap_point',
  'type',
  'key',
  'wait_for',
  'wait_for_change',
  'note',
  'finding',
  'submit',
  'hand_over',
  'if',
  ...GESTURE_STEP_KINDS,
  ...FLOW_STEP_KINDS,
] as const;

export const taskSchema = z.strictObject({
  /** The virtual device this task is written for (used by `benchhand run --sim`). */
  device: z.string().optional(),
  goal: z.string().min(3).max(2000),
  /**
   * For `benchhand test --include-tags/--exclude-tags`. Free text, as Maestro's tags are
   * (`releaseTest`, `smoke test`): they only select flows, matched whole.
   */
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'a tag is a word or a few (an empty tag selects nothing): remove it or write one')
        .max(64, 'a tag is at most 64 characters: shorten it'),
    )
    .default([]),
  /** Defaults for ${NAME} parameters (--env and the environment override them). */
  params: paramsSchema.default({}),
  inputs: z.record(z.string(), z.string()).default({}),
  /** Inputs never shown to a model nor written anywhere: typed by placeholder ({password}). */
  secrets: z.array(z.string()).default([]),
  steps: z.array(scriptStepSchema).min(1).optional(),
  interrupts: z.array(interruptSchema).default([]),
  /**
   * For unattended runs: elements the task's author approves in advance, each on one screen and in
   * one region (core/agent/guard/pre-approval.ts). Anything else under an approval rule still asks.
   */
  approve: z.array(preApprovalSchema).max(20).default([]),
  /**
   * true: when a heads-up notification covers what a step waits for, the step swipes it away (up,
   * on its card: it stays in the shade) and looks for its text again on the app's own screen,
   * instead of only waiting for it to leave. Default false: never swiped.
   */
  dismissNotifications: z
    .boolean({
      error:
        'dismissNotifications is true or false: true lets a step swipe a heads-up notification away when it covers what the step waits for; leave it out to only wait',
    })
    .default(false),
  /** Retries per step when its effect does not show (a step may override). */
  retries: z.number().int().min(0).max(10).default(2),
  /** Within the guardrails' own bounds (guard/guardrail-config.ts), so a task cannot ask for what a run refuses. */
  limits: z
    .strictObject({
      maxSteps: z
        .number()
        .int()
        .min(1)
        .max(10000, "at most 10000 steps (the guardrails' limit): a task that needs more is several tasks")
        .optional(),
      deadlineMs: z
        .number()
        .int()
        .min(1000)
        .max(24 * 3600 * 1000, "at most 86400000 ms (24 h, the guardrails' limit)")
        .optional(),
    })
    .optional(),
  /** The end state the virtual bench checks after a run (tests); the agent never reads it. */
  expect: z.unknown().optional(),
});

export type TaskDefinition = z.output<typeof taskSchema>;
