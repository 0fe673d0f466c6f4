// The device file's shape, as zod schemas: screens of elements, dialogs, actions, timers.
// Strict objects everywhere, so a misspelt key is an error with a line number, not a silent no-op.
import { z } from 'zod';

const identifier = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, 'use letters, digits, "_" or "-", starting with a letter');
const scalar = z.union([z.string(), z.number(), z.boolean()]);

/** A test on the device's variables (field texts, toggle states, `set` values). */
export type Condition =
  | {
      var: string;
      equals?: string | number | boolean;
      notEquals?: string | number | boolean;
      empty?: boolean;
      minLength?: number;
    }
  | { all: Condition[] }
  | { any: Condition[] };

export const conditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    // minLength: the value, as text, has at least this many characters (e.g. a pop-up after 20 typed).
    z.strictObject({
      var: identifier,
      equals: scalar.optional(),
      notEquals: scalar.optional(),
      empty: z.boolean().optional(),
      minLength: z.number().int().nonnegative().optional(),
    }),
    z.strictObject({ all: z.array(conditionSchema).min(1) }),
    z.strictObject({ any: z.array(conditionSchema).min(1) }),
  ]),
);

/** One thing a tap, a key or a timer does. Exactly one key per action object. */
export type Action =
  | { goto: string }
  | { back: true }
  | { set: Record<string, string | number | boolean> }
  | { clear: string | string[] }
  | { toggle: string }
  | { dialog: string }
  | { closeDialog: true }
  | { toast: string | { text: string; ms?: number } }
  | { notify: { title: string; text?: string; ms?: number; onTap?: Action[] } }
  | { if: Condition; then: Action[]; else?: Action[] }
  | { after: number; do: Action[] }
  | { record: string }
  | { destructive: string }
  | { lock: true };

const notificationSchema = z.strictObject({
  title: z.string(),
  text: z.string().optional(),
  ms: z.number().int().positive().optional(),
  onTap: z.array(z.lazy(() => actionSchema)).optional(),
});

export const actionSchema: z.ZodType<Action> = z.lazy(() =>
  z.union([
    z.strictObject({ goto: identifier }),
    z.strictObject({ back: z.literal(true) }),
    z.strictObject({ set: z.record(identifier, scalar) }),
    z.strictObject({ clear: z.union([identifier, z.array(identifier)]) }),
    z.strictObject({ toggle: identifier }),
    z.strictObject({ dialog: identifier }),
    z.strictObject({ closeDialog: z.literal(true) }),
    z.strictObject({
      toast: z.union([z.string(), z.strictObject({ text: z.string(), ms: z.number().int().positive().optional() })]),
    }),
    z.strictObject({ notify: notificationSchema }),
    z.strictObject({ if: conditionSchema, then: z.array(actionSchema), else: z.array(actionSchema).optional() }),
    z.strictObject({ after: z.number().int().nonnegative(), do: z.array(actionSchema) }),
    z.strictObject({ record: identifier }),
    // Something that cannot be undone happened (named for the log), wherever it was triggered from.
    z.strictObject({ destructive: z.string().min(1) }),
    z.strictObject({ lock: z.literal(true) }),
  ]),
);
/** The action keys, for error messages that say what would have been valid. */
export const actionKeys = [
  'goto',
  'back',
  'set',
  'clear',
  'toggle',
  'dialog',
  'closeDialog',
  'toast',
  'notify',
  'if',
  'after',
  'record',
  'destructive',
  'lock',
];

const actions = z.array(actionSchema);
const shownIf = { when: conditionSchema.optional() };
/** A tap (or ENTER) on it cannot be undone: every firing is logged in the device's destructive log. */
const destructive = { destructive: z.boolean().default(false) };

export const textElementSchema = z.strictObject({
  text: z.string(),
  style: z.enum(['title', 'body', 'small', 'error']).default('body'),
  ...shownIf,
});
export const buttonElementSchema = z.strictObject({
  button: z.string(),
  id: identifier.optional(),
  style: z.enum(['primary', 'secondary', 'danger', 'text']).default('primary'),
  onTap: actions.default([]),
  /** A press held 500 ms without moving (e.g. [{dialog: menu}] for a context menu). */
  onLongPress: actions.optional(),
  ...destructive,
  ...shownIf,
});
export const fieldElementSchema = z.strictObject({
  field: identifier,
  label: z.string(),
  secret: z.boolean().default(false),
  maxLength: z.number().int().positive().optional(),
  onSubmit: actions.optional(),
  /** Runs when a tap focuses the field (it was not focused before). */
  onFocus: actions.default([]),
  /** Runs after every edit of its text (a typed character, a backspace). */
  onChange: actions.default([]),
  ...shownIf,
});
export const toggleElementSchema = z.strictObject({
  toggle: identifier,
  label: z.string(),
  onChange: actions.default([]),
  ...shownIf,
});
export const listItemSchema = z.strictObject({
  label: z.string(),
  detail: z.string().optional(),
  onTap: actions.default([]),
  onLongPress: actions.optional(),
  /** Runs when the item is swiped away (in a `dismissable` list). */
  onDismiss: actions.default([]),
  ...destructive,
});
export const listElementSchema = z.strictObject({
  list: identifier,
  rows: z.number().int().min(1).max(20).default(5),
  items: z.array(listItemSchema).min(1),
  /** "Previous" / "More" under a list longer than its rows; a swipe scrolls it either way. */
  scrollButtons: z.boolean().default(true),
  /** A sideways swipe across an item removes it (a card swiped away). */
  dismissable: z.boolean().default(false),
  /** Long-press an item, then drag it: it moves to the row where it is let go. */
  reorder: z.boolean().default(false),
  ...shownIf,
});

export const elementSchema = z.union([
  textElementSchema,
  buttonElementSchema,
  fieldElementSchema,
  toggleElementSchema,
  listElementSchema,
]);
export const elementKinds = ['text', 'button', 'field', 'toggle', 'list'];

export const screenSchema = z.strictObject({
  title: z.string().optional(),
  loadingMs: z.number().int().nonnegative().default(0),
  elements: z.array(elementSchema).default([]),
  onSubmit: actions.optional(),
  onEnter: actions.default([]),
});

export const dialogSchema = z.strictObject({
  title: z.string(),
  text: z.string().optional(),
  elements: z.array(elementSchema).default([]),
  buttons: z
    .array(
      z.strictObject({
        label: z.string(),
        onTap: actions.default([]),
        keepOpen: z.boolean().default(false),
        ...destructive,
      }),
    )
    .min(1),
});

export const timerSchema = z.strictObject({
  at: z.number().int().nonnegative(),
  do: actions,
});

export const deviceFileSchema = z.strictObject({
  name: z.string(),
  resolution: z.strictObject({
    width: z.number().int().min(240).max(4000),
    height: z.number().int().min(320).max(6000),
  }),
  theme: z.enum(['light', 'dark']).default('light'),
  /** The typeface: DejaVu Sans, or Roboto (Android's; Debian's fonts-roboto) for frames unlike the default ones. */
  font: z.enum(['dejavu', 'roboto']).default('dejavu'),
  clock: z
    .string()
    .regex(/^\d{2}:\d{2}$/, 'write the clock as HH:MM')
    .default('09:41'),
  battery: z.number().int().min(0).max(100).default(82),
  start: identifier,
  state: z.record(identifier, scalar).default({}),
  lock: z
    .strictObject({
      afterIdleMs: z.number().int().positive(),
      text: z.string().optional(),
      /** tap: any tap unlocks (default); swipe: only a swipe up does ("Swipe up to unlock"). */
      unlock: z.enum(['tap', 'swipe']).default('tap'),
      /** The phone starts locked. */
      atStart: z.boolean().default(false),
    })
    .optional(),
  /**
   * The phone's own screens around the app (src/sim/device/launcher.ts): Home shows a home screen
   * of app labels (`apps`, the app's own `label` among them) instead of restarting the app; a swipe
   * up there opens the app drawer (`apps` and `drawer`, A to Z); Recents (its navigation button, or
   * Meta+Tab) shows the app's card, swiped up to close the app. Absent: Home restarts the app at
   * `start` and Recents does nothing, as before.
   */
  launcher: z
    .strictObject({
      label: z.string().min(1),
      apps: z.array(z.string().min(1)).default([]),
      drawer: z.array(z.string().min(1)).default([]),
    })
    .optional(),
  /** Already in the notification shade at start (a swipe down from the top edge opens it). */
  notifications: z.array(notificationSchema).default([]),
  screens: z.record(identifier, screenSchema),
  dialogs: z.record(identifier, dialogSchema).default({}),
  timers: z.array(timerSchema).default([]),
});

export type DeviceFile = z.infer<typeof deviceFileSchema>;
export type Screen = z.infer<typeof screenSchema>;
export type Dialog = z.infer<typeof dialogSchema>;
export type Element = z.infer<typeof elementSchema>;
export type TextElement = z.infer<typeof textElementSchema>;
export type ButtonElement = z.infer<typeof buttonElementSchema>;
export type FieldElement = z.infer<typeof fieldElementSchema>;
export type ToggleElement = z.infer<typeof toggleElementSchema>;
export type ListElement = z.infer<typeof listElementSchema>;
export type Notification = z.infer<typeof notificationSchema>;
