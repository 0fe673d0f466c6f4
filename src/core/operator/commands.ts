// The operator commands on `cmd` (TOPICS.md), as zod schemas. Unknown keys are errors: a typo such
// as "approvalID" must be answered, not silently ignored. Pure.
import { z } from 'zod';
import { FINDING_STATUSES } from '../findings/finding-record.js';

export const COMMAND_NAMES = [
  'pause',
  'resume',
  'stop',
  'estop',
  'redirect',
  'approve',
  'deny',
  'finding',
  'take',
  'hand_back',
  'act',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/** The only origin allowed to send without a response topic (see reply-policy.ts). */
export const HOME_ASSISTANT_ORIGIN = 'homeassistant';

const common = {
  requestId: z.string().min(8, 'must be 8 to 64 characters').max(64, 'must be 8 to 64 characters'),
  notAfter: z.iso
    .datetime({ offset: true, message: 'must be an ISO 8601 time with a zone, e.g. 2030-01-01T12:00:00Z' })
    .optional(),
  /**
   * Accepted only when it names the broker user the command came from (cmd/<user>): the record
   * names that user, so a "by" that disagrees is refused rather than believed or quietly dropped.
   */
  by: z.string().min(1).max(64).optional(),
  origin: z.literal(HOME_ASSISTANT_ORIGIN).optional(),
};

/** A device pixel: the screen is at most 10 000 px on a side. */
const coordinate = z.number().min(0).max(10000);
const point = z.strictObject({ x: coordinate, y: coordinate });
/** Manual control's actions (core/ports/operator.ts OperatorAction), in device pixels. */
const operatorAction = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('tap'), x: coordinate, y: coordinate }),
  z.strictObject({ kind: z.literal('long_press'), x: coordinate, y: coordinate }),
  z.strictObject({ kind: z.literal('swipe'), path: z.array(point).min(2, 'a swipe needs two points').max(8) }),
  z.strictObject({ kind: z.literal('type'), text: z.string().min(1).max(400) }),
  z.strictObject({ kind: z.literal('back') }),
  z.strictObject({ kind: z.literal('home') }),
]);

const schemas = {
  pause: z.strictObject({ ...common, command: z.literal('pause') }),
  resume: z.strictObject({ ...common, command: z.literal('resume') }),
  stop: z.strictObject({ ...common, command: z.literal('stop') }),
  estop: z.strictObject({ ...common, command: z.literal('estop') }),
  redirect: z.strictObject({
    ...common,
    command: z.literal('redirect'),
    instructions: z.string().trim().min(3, 'must say what to do instead (at least 3 characters)').max(2000),
  }),
  // approvalId may be left out only by Home Assistant, whose buttons cannot know it (checked in the dispatcher).
  approve: z.strictObject({
    ...common,
    command: z.literal('approve'),
    approvalId: z.string().min(1).max(128).optional(),
  }),
  deny: z.strictObject({
    ...common,
    command: z.literal('deny'),
    approvalId: z.string().min(1).max(128).optional(),
    reason: z.string().trim().min(1).max(500).optional(),
  }),
  finding: z
    .strictObject({
      ...common,
      command: z.literal('finding'),
      findingId: z.string().trim().min(6, 'give the id or at least its first 6 hex digits').max(32),
      status: z.enum(FINDING_STATUSES),
      note: z.string().trim().max(500).optional(),
    })
    .refine((value) => value.status !== 'dismissed' || Boolean(value.note), {
      path: ['note'],
      message: 'dismissing needs a note saying why, for the next person',
    }),
  take: z.strictObject({ ...common, command: z.literal('take') }),
  hand_back: z.strictObject({ ...common, command: z.literal('hand_back') }),
  act: z.strictObject({ ...common, command: z.literal('act'), action: operatorAction }),
} satisfies Record<CommandName, z.ZodType>;

export type OperatorCommandMessage = { [Name in CommandName]: z.infer<(typeof schemas)[Name]> }[CommandName];

export interface CommandError {
  code:
    | 'invalid'
    | 'unknown_command'
    | 'expired'
    | 'not_pending'
    | 'not_found'
    | 'unauthorized'
    | 'unavailable'
    | 'failed'
    | 'timeout'
    | 'mismatch'
    /** The bench will not do it now (a resume while the e-stop is latched): the message says what it does instead. */
    | 'refused';
  /** The payload field at fault ("" for the payload as a whole). */
  field: string;
  message: string;
}

export type ParsedCommand = { ok: true; command: OperatorCommandMessage } | { ok: false; error: CommandError };

/** Home Assistant buttons send a fixed payload, so no request id: they get one from the bench (and no dedup, see reply-policy.ts). */
export function parseCommand(data: unknown, generatedRequestId: () => string): ParsedCommand {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return {
      ok: false,
      error: {
        code: 'invalid',
        field: '',
        message: 'the payload must be a JSON object such as {"requestId":"...","command":"pause"}',
      },
    };
  }
  const record = data as Record<string, unknown>;
  const name = record.command;
  if (typeof name !== 'string' || !(COMMAND_NAMES as readonly string[]).includes(name)) {
    const given =
      typeof name === 'string' ? `"${name}" is not a command` : 'the "command" field is missing or not a string';
    return {
      ok: false,
      error: {
        code: 'unknown_command',
        field: 'command',
        message: `${given}; valid commands: ${COMMAND_NAMES.join(', ')}`,
      },
    };
  }
  const withId =
    record.origin === HOME_ASSISTANT_ORIGIN && record.requestId === undefined
      ? { ...record, requestId: generatedRequestId() }
      : record;
  const parsed = schemas[name as CommandName].safeParse(withId);
  if (parsed.success) return { ok: true, command: parsed.data as OperatorCommandMessage };
  const issue = parsed.error.issues[0]!;
  const field = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.map(String).join('.');
  const message =
    issue.code === 'unrecognized_keys'
      ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')} for "${name}"; allowed: ${Object.keys(schemas[name as CommandName].shape).join(', ')}`
      : `${field || 'payload'}: ${issue.message}`;
  return { ok: false, error: { code: 'invalid', field, message } };
}

/** The request id of a payload that failed validation, if it has a usable one (so the error reply can name it). */
export function requestIdOf(data: unknown): string | null {
  const value = (data as { requestId?: unknown } | null)?.requestId;
  return typeof value === 'string' && value.length <= 64 ? value : null;
}
