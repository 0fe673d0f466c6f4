// One incoming message on `cmd`, from bytes to an answer: JSON, who may go without a reply,
// validation, the request-id memory (a repeat gets the first answer), expiry, and dispatch.
// The broker drops a message whose messageExpiryInterval ran out before delivery; `notAfter` in the
// payload is the bench's own check, for senders whose clocks and brokers the bench cannot vouch for.
import { dispatchCommand, type DispatcherDeps } from './command-dispatcher.js';
import { errorReply, type CommandReply } from './command-reply.js';
import { parseCommand, requestIdOf } from './command-schema.js';
import { AnsweredRequests } from './answered-requests.js';
import { decideReplyPolicy } from './reply-policy.js';

export interface IncomingCommand {
  payload: Buffer;
  responseTopic?: string;
  correlationData?: Buffer;
}

export interface ReplyToSend {
  topic: string;
  correlationData?: Buffer;
  reply: CommandReply;
}

export interface CommandReceiverDeps extends DispatcherDeps {
  log(message: string): void;
  now(): Date;
  newId(): string;
  /** How many answered request ids are remembered. */
  rememberedRequests?: number;
}

export class CommandReceiver {
  private readonly answered: AnsweredRequests<CommandReply>;

  constructor(private readonly deps: CommandReceiverDeps) {
    this.answered = new AnsweredRequests(deps.rememberedRequests ?? 1000);
  }

  /** The reply to send, or undefined when there is nowhere to send one. Never throws. */
  async receive(message: IncomingCommand): Promise<ReplyToSend | undefined> {
    const replyTo = (reply: CommandReply): ReplyToSend | undefined =>
      message.responseTopic ? { topic: message.responseTopic, correlationData: message.correlationData, reply } : undefined;

    let data: unknown;
    try {
      data = JSON.parse(message.payload.toString('utf8'));
    } catch (error) {
      this.deps.log(`mqtt command ignored: not JSON (${(error as Error).message})`);
      return replyTo(errorReply(null, { code: 'invalid', field: '', message: `the payload is not JSON (${(error as Error).message}); send a JSON object such as {"requestId":"...","command":"pause"}` }));
    }
    const policy = decideReplyPolicy(Boolean(message.responseTopic), data);
    if (!policy.accept) {
      this.deps.log(`mqtt command refused (request ${requestIdOf(data) ?? 'without id'}): ${policy.why}`);
      return undefined;
    }
    const parsed = parseCommand(data, () => `ha-${this.deps.newId()}`);
    if (!parsed.ok) {
      this.deps.log(`mqtt command refused (request ${requestIdOf(data) ?? 'without id'}): ${parsed.error.message}`);
      return replyTo(errorReply(requestIdOf(data), parsed.error));
    }
    const command = parsed.command;
    if (policy.replyLess) this.deps.log(`mqtt command from home assistant without a reply topic: ${command.command} (request ${command.requestId})`);

    const previous = this.answered.previous(command.requestId);
    if (previous) {
      this.deps.log(`mqtt command ${command.requestId} is a repeat: answered again, not run again`);
      return replyTo(await previous);
    }
    const answer = this.run(command);
    this.answered.remember(command.requestId, answer);
    const reply = await answer;
    if (!reply.ok) this.deps.log(`mqtt command ${command.command} (request ${command.requestId}) failed: ${reply.error.code}: ${reply.error.message}`);
    return replyTo(reply);
  }

  private async run(command: Parameters<typeof dispatchCommand>[0]): Promise<CommandReply> {
    if (command.notAfter !== undefined && Date.parse(command.notAfter) < this.deps.now().getTime()) {
      return errorReply(command.requestId, { code: 'expired', field: 'notAfter', message: `the command expired at ${command.notAfter} and was not run; send it again if it still applies` });
    }
    try {
      return await dispatchCommand(command, this.deps);
    } catch (error) {
      return errorReply(command.requestId, { code: 'failed', field: 'command', message: `the bench could not carry it out: ${(error as Error).message}` });
    }
  }
}
