// The flow language's steps beyond one tool call each: assertions on what the screen shows,
// sub-flows, bounded loops, waiting for the screen to settle, and named screenshots. The schemas
// are built from task-schema.ts's parts (handed in, and the types take its step, condition and
// place as parameters, so this file never imports it) and joined into its step union there. Pure.
import { z } from 'zod';

/** Loops and sub-flows are bounded: a flow always ends. */
export const MAX_REPEAT_TIMES = 100;
export const DEFAULT_REPEAT_MAX = 20;
export const MAX_FLOW_DEPTH = 5;
/** How long an assertion looks again for what it asserts before it fails (camera frames settle). */
export const DEFAULT_ASSERT_TIMEOUT_MS = 2000;
export const DEFAULT_STABLE_QUIET_MS = 800;
export const DEFAULT_STABLE_TIMEOUT_MS = 10000;

/** A text and where it is meant, with every place and anchor the matcher knows. */
export type Assertion<Place> = string | ({ text: string } & Place);

/** A sub-flow as the loader found it: its resolved path and its steps (parameters already filled). */
export interface LoadedFlow<Step> {
  file: string;
  steps: Step[];
}

interface Keys<Condition> {
  id?: string;
  when?: Condition;
}

// Interfaces, not aliases: the step type is recursive (a repeat holds steps), which TypeScript
// resolves lazily only through interfaces.
export interface AssertVisibleStep<Condition, Place> extends Keys<Condition> {
  assert_visible: Assertion<Place>;
  timeout_ms?: number;
}
export interface AssertNotVisibleStep<Condition, Place> extends Keys<Condition> {
  assert_not_visible: Assertion<Place>;
  timeout_ms?: number;
}
export interface RunFlowStep<Step, Condition> extends Keys<Condition> {
  run_flow: string | { file: string; params?: Record<string, string> };
  /** Set by the flow loader (src/app/suite/flow-file.ts), never written in a file. */
  loaded?: LoadedFlow<Step>;
}
export interface RepeatStep<Step, Condition> extends Keys<Condition> {
  repeat: { times?: number; while?: Condition; until?: Condition; max?: number; steps: Step[] };
}
export interface WaitForStableStep<Condition> extends Keys<Condition> {
  wait_for_stable: true | { quiet_ms?: number };
  timeout_ms?: number;
}
export interface ScreenshotStep<Condition> extends Keys<Condition> {
  screenshot: string;
}

export type FlowStep<Step, Condition, Place> =
  | AssertVisibleStep<Condition, Place>
  | AssertNotVisibleStep<Condition, Place>
  | RunFlowStep<Step, Condition>
  | RepeatStep<Step, Condition>
  | WaitForStableStep<Condition>
  | ScreenshotStep<Condition>;

export const FLOW_STEP_KINDS = [
  'assert_visible',
  'assert_not_visible',
  'run_flow',
  'repeat',
  'wait_for_stable',
  'screenshot',
] as const;

/** Steps that are not one tool call: the interpreter runs them itself. */
export type ControlStep<Step> = Extract<
  Step,
  | { if: unknown }
  | { repeat: unknown }
  | { run_flow: unknown }
  | { assert_visible: unknown }
  | { assert_not_visible: unknown }
  | { wait_for_stable: unknown }
>;

export const isControlStep = <Step extends object>(step: Step): step is ControlStep<Step> =>
  'if' in step ||
  'repeat' in step ||
  'run_flow' in step ||
  'assert_visible' in step ||
  'assert_not_visible' in step ||
  'wait_for_stable' in step;

interface Parts {
  text: z.ZodString;
  placeKeys: Record<string, z.ZodType>;
  condition: z.ZodType;
  step: z.ZodType;
}

const paramName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'letters, digits and _, not starting with a digit (like USER_NAME)');
/** Flow parameters: ${NAME} in the flow's text, from --env, the environment or these defaults. */
export const paramsSchema = z.record(paramName, z.string().max(400));
const screenshotName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,47}$/, 'lower-case letters, digits, - and _, at most 48 (it names a file)');

export function flowStepSchemas({ text, placeKeys, condition, step }: Parts): z.ZodType[] {
  const keys = { id: z.string().min(1).max(60).optional(), when: condition.optional() };
  const assertion = z.union([text, z.strictObject({ text, ...placeKeys })]);
  const assertTimeout = z.number().int().min(0).max(30000).optional();
  const repeat = z
    .strictObject({
      times: z.number().int().min(1).max(MAX_REPEAT_TIMES).optional(),
      while: condition.optional(),
      until: condition.optional(),
      max: z.number().int().min(1).max(MAX_REPEAT_TIMES).optional(),
      steps: z.array(step).min(1),
    })
    .refine(
      (r) => r.times !== undefined || r.while !== undefined || r.until !== undefined,
      'give times, while or until: a repeat must know when to stop',
    )
    .refine((r) => r.while === undefined || r.until === undefined, 'give while or until, not both')
    .refine(
      (r) => r.max === undefined || r.times === undefined,
      'max bounds a while/until loop; with times, times is the bound',
    );
  return [
    z.strictObject({ assert_visible: assertion, timeout_ms: assertTimeout, ...keys }),
    z.strictObject({ assert_not_visible: assertion, timeout_ms: assertTimeout, ...keys }),
    z.strictObject({
      run_flow: z.union([text, z.strictObject({ file: text, params: paramsSchema.optional() })]),
      ...keys,
    }),
    z.strictObject({ repeat, ...keys }),
    z.strictObject({
      wait_for_stable: z.union([
        z.literal(true),
        z.strictObject({ quiet_ms: z.number().int().min(200).max(10000).optional() }),
      ]),
      timeout_ms: z.number().int().min(500).max(60000).optional(),
      ...keys,
    }),
    z.strictObject({ screenshot: screenshotName, ...keys }),
  ];
}
