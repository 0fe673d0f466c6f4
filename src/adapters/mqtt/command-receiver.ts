// One incoming message on `cmd/<sender>`, from bytes to an answer: where a reply may go, JSON, who
// may go without a reply, validation, who sent it, the request-id memory (a repeat gets the first
// answer, the same id for another command is a mismatch), expiry, and dispatch.
// The broker drops a message whose messageExpiryInterval ran out before delivery; `notAfter` in the
// payload is the bench's own check, for senders whose clocks and brokers the bench cannot vouch for.
import { dispatchCommand, type DispatcherDeps } from './command-dispatcher.js';
import { errorReply, type CommandReply } from './command-reply.js';
import { parseCommand, requestIdOf } from '../../core/operator/commands.js';
import { AnsweredRequests, requestFingerprint } from './answered-requests.js';
import { decideReplyPolicy } from './reply-policy.js';
import { checkResponseTopic } from './response-topic.js';

export interface IncomingCommand {
  payload: Buffer;
  /**
   * The broker user who sent it: the last level of `cmd/<user>`, a topic the ACL lets only that
   * user write. It is who the run's record names, whatever the payload says.
   */
  sender: string;
  responseTopic?: string;
  correlationData?: Buffer;
}

export interface ReplyToSend {
  topic: string;
  correlationData?: Buffer;
  reply: CommandReply;
}

/** A command refused without a reply, because no reply could safely be sent. */
export interface RefusedCommand {
  requestId: string | null;
  from: string;
  command: string | null;
  reason: string;
}

export interface CommandReceiverDeps extends DispatcherDeps {
  log(message: string): void;
  now(): Date;
  newId(): string;
  /** `benchhand/<benchId>/reply/`: replies go under it and nowhere else. */
  replyPrefix: string;
  /** Called once per refused command (a redelivery of it is not recorded again). */
  recordRefusal(refusal: RefusedCommand): void;
  /** How many answered request ids are remembered. */
  rememberedRequests?: number;
}

export class CommandReceiver {
  private readonly answered: AnsweredRequests<CommandReply>;
  private readonly refused = new Set<string>();

  constructor(private readonly deps: CommandReceiverDeps) {
    this.answered = new AnsweredRequests(deps.rememberedRequests ?? 1000);
  }

  /** The reply to send, or undefined when there is nowhere (safe) to send one. Never throws. */
  async receive(message: IncomingCommand): Promise<ReplyToSend | undefined> {
    const replyTo = (reply: CommandReply): ReplyToSend | undefined =>
      message.responseTopic
        ? { topic: message.responseTopic, correlationData: message.correlationData, reply }
        : undefined;

    let data: unknown;
    let notJson: Error | undefined;
    try {
      data = JSON.parse(message.payload.toString('utf8'));
    } catch (error) {
      notJson = error as Error;
    }
    if (message.responseTopic !== undefined) {
      const topic = checkResponseTopic(message.responseTopic, this.deps.replyPrefix);
      if (!topic.ok) return this.refuse(message, data, topic.why);
    }
    if (notJson) {
      this.deps.log(`mqtt command from ${message.sender} ignored: not JSON (${notJson.message})`);
      return replyTo(
        errorReply(null, {
          code: 'invalid',
          field: '',
          message: `the payload is not JSON (${notJson.message}); send a JSON object such as {"requestId":"...","command":"pause"}`,
        }),
      );
    }
    const policy = decideReplyPolicy(Boolean(message.responseTopic), data);
    if (!policy.accept) return this.refuse(message, data, policy.why);
    const parsed = parseCommand(data, () => `ha-${this.deps.newId()}`);
    if (!parsed.ok) {
      this.deps.log(
        `mqtt command from ${message.sender} refused (request ${requestIdOf(data) ?? 'without id'}): ${parsed.error.message}`,
      );
      return replyTo(errorReply(requestIdOf(data), parsed.error));
    }
    const command = parsed.command;
    if (command.by !== undefined && command.by !== message.sender) {
      const why = `"by" says "${command.by}", but the broker took this command from user "${message.sender}" (topic cmd/${message.sender}); leave "by" out: the bench records the broker's user name`;
      this.deps.log(`mqtt command ${command.command} (request ${command.requestId}) refused: ${why}`);
      return replyTo(errorReply(command.requestId, { code: 'invalid', field: 'by', message: why }));
    }
    if (policy.replyLess)
      this.deps.log(
        `mqtt command from home assistant without a reply topic (user ${message.sender}): ${command.command} (request ${command.requestId})`,
      );

    const fingerprint = requestFingerprint(message.sender, data);
    const previous = this.answered.previous(command.requestId);
    if (previous && previous.fingerprint === fingerprint) {
      this.deps.log(`mqtt command ${command.requestId} is a repeat: answered again, not run again`);
      return replyTo(await previous.answer);
    }
    if (previous) {
      this.deps.log(
        `mqtt command ${command.command} (request ${command.requestId}) from ${message.sender} refused: the request id was already used for a different command`,
      );
      return replyTo(
        errorReply(command.requestId, {
          code: 'mismatch',
          field: 'requestId',
          message: `request id ${command.requestId} was already used for a different command (or by another sender), which was answered; this one was not run. Give every new command a fresh requestId`,
        }),
      );
    }
    const answer = this.run(command, message.sender);
    this.answered.remember(command.requestId, fingerprint, answer);
    const reply = await answer;
    if (!reply.ok)
      this.deps.log(
        `mqtt command ${command.command} (request ${command.requestId}) failed: ${reply.error.code}: ${reply.error.message}`,
      );
    return replyTo(reply);
  }

  /** Logged and recorded once (a redelivery of the same message is not news), never answered. */
  private refuse(message: IncomingCommand, data: unknown, why: string): undefined {
    const key = `${requestFingerprint(message.sender, data ?? message.payload.toString('base64'))}\u0000${message.responseTopic ?? ''}`;
    if (this.refused.has(key)) return undefined;
    this.refused.add(key);
    if (this.refused.size > 1000) this.refused.delete(this.refused.values().next().value as string);
    const requestId = requestIdOf(data);
    const name = (data as { command?: unknown } | null | undefined)?.command;
    this.deps.log(
      `mqtt command from ${message.sender} refused, not answered (request ${requestId ?? 'without id'}): ${why}`,
    );
    this.deps.recordRefusal({
      requestId,
      from: message.sender,
      command: typeof name === 'string' ? name.slice(0, 64) : null,
      reason: why,
    });
    return undefined;
  }

  private async run(command: Parameters<typeof dispatchCommand>[0], by: string): Promise<CommandReply> {
    if (command.notAfter !== undefined && Date.parse(command.notAfter) < this.deps.now().getTime()) {
      return errorReply(command.requestId, {
        code: 'expired',
        field: 'notAfter',
        message: `the command expired at ${command.notAfter} and was not run; send it again if it still applies`,
      });
    }
    try {
      return await dispatchCommand(command, by, this.deps);
    } catch (error) {
      return errorReply(command.requestId, {
        code: 'failed',
        field: 'command',
        message: `the bench could not carry it out: ${(error as Error).message}`,
      });
    }
  }
}
