// The commands of TOPICS.md, built from `benchhand ops send BENCH COMMAND [args]`, with errors
// that say which argument is wrong and what the rule is. The requestId is added when sending.
import { FINDING_STATUSES } from '../../core/findings/finding-record.js';
import { MIN_ID_PREFIX } from '../../core/findings/id-prefix.js';
import type { CommandName } from '../../core/operator/commands.js';
import { UsageError } from '../args.js';

/** One usage per command the bench takes (core/operator/commands.ts): a new command will not type-check until it has one. */
export const COMMAND_USAGES: Record<CommandName, string> = {
  pause: 'pause                              at the next safe point',
  resume: 'resume                             the run looks at the screen again before acting',
  stop: 'stop                               at once (an action in flight finishes)',
  estop:
    "estop                              the MCU's latched emergency stop; the run pauses (release only at the bench)",
  redirect: 'redirect "NEW INSTRUCTIONS"        applied at the next safe point',
  approve: "approve APPROVAL_ID                the pending approval's id, as `ops list` shows it",
  deny: 'deny APPROVAL_ID [--reason TEXT]',
  finding: `finding FINDING_ID STATUS [--note TEXT]   STATUS: ${FINDING_STATUSES.join('|')}`,
  take: 'take                               manual control: the run holds still for you at its next safe point',
  hand_back: 'hand_back                          hand the bench back; the run looks again before it goes on',
  act: 'act                                taps, swipes and typing come from the web console (`ops web`)',
};

export type CommandPayload = { command: string } & Record<string, string>;

interface CommandFlags {
  reason?: string | undefined;
  note?: string | undefined;
}

function usage(command: string): string {
  return `usage: benchhand ops send BENCH ${COMMAND_USAGES[command as CommandName]?.split(/\s{2,}/)[0] ?? 'COMMAND'}`;
}

function noArguments(command: string, args: string[]): void {
  if (args.length) throw new UsageError(`${command} takes no arguments (got "${args.join(' ')}")\n${usage(command)}`);
}

function oneId(command: string, what: string, args: string[]): string {
  const [id, ...extra] = args;
  if (!id) throw new UsageError(`${command} needs the ${what}\n${usage(command)}`);
  if (extra.length)
    throw new UsageError(`${command} takes one ${what}; unexpected "${extra.join(' ')}"\n${usage(command)}`);
  return id;
}

export function buildCommand(command: string | undefined, args: string[], flags: CommandFlags): CommandPayload {
  if (!command || !(command in COMMAND_USAGES)) {
    throw new UsageError(
      `${command ? `unknown command "${command}"` : 'COMMAND is missing'}: use one of ${Object.keys(COMMAND_USAGES).join(', ')}`,
    );
  }
  if (flags.reason !== undefined && command !== 'deny')
    throw new UsageError(`--reason belongs to deny, not ${command}`);
  if (flags.note !== undefined && command !== 'finding')
    throw new UsageError(`--note belongs to finding, not ${command}`);
  switch (command) {
    case 'redirect': {
      const instructions = args.join(' ').trim();
      if (instructions.length < 3)
        throw new UsageError(
          `redirect needs the new instructions (at least 3 characters), quoted as one argument\n${usage(command)}`,
        );
      return { command, instructions };
    }
    case 'approve':
      return {
        command,
        approvalId: oneId(command, "APPROVAL_ID (the pending approval's id, see `benchhand ops list`)", args),
      };
    case 'deny': {
      const approvalId = oneId(command, "APPROVAL_ID (the pending approval's id, see `benchhand ops list`)", args);
      return flags.reason !== undefined ? { command, approvalId, reason: flags.reason } : { command, approvalId };
    }
    case 'finding': {
      const [findingId, status, ...extra] = args;
      if (!findingId || !status) throw new UsageError(`finding needs FINDING_ID and STATUS\n${usage(command)}`);
      if (extra.length)
        throw new UsageError(`unexpected "${extra.join(' ')}" after finding ${findingId} ${status}\n${usage(command)}`);
      if (findingId.length < MIN_ID_PREFIX)
        throw new UsageError(
          `finding FINDING_ID "${findingId}": give the id or at least its first ${MIN_ID_PREFIX} characters`,
        );
      if (!(FINDING_STATUSES as readonly string[]).includes(status))
        throw new UsageError(`finding STATUS "${status}" is not one of ${FINDING_STATUSES.join(', ')}`);
      if (status === 'dismissed' && !flags.note?.trim())
        throw new UsageError('finding ... dismissed needs --note saying why, for the next person');
      return flags.note !== undefined
        ? { command, findingId, status, note: flags.note }
        : { command, findingId, status };
    }
    case 'act':
      throw new UsageError(
        'act is sent from the web console (`benchhand ops web`): take the bench there, then tap, swipe or type on its picture',
      );
    default:
      noArguments(command, args);
      return { command };
  }
}
