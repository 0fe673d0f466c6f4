// The LLM interpreter: each step sends the results of the previous calls and the current screen,
// and turns the model's reply into tool calls or a final answer. Optional plan-then-execute:
// the model writes a plan first, an operator approves it before anything moves, and a failed
// step asks for a revised plan (approved again). The transcript is kept inside the model's
// context by a ContextManager (caps, compaction, session switch); read_spill calls, which only
// page through cut results, are answered here without a loop step.
import type { ApprovalPort } from '../../../ports/approval.js';
import {
  LlmError,
  type LlmContent,
  type LlmMessage,
  type LlmPort,
  type LlmResponse,
  type LlmToolSpec,
} from '../../../ports/llm.js';
import type { Decision, ToolCall, ToolOutcome } from '../../types.js';
import type { InterpretInput, Interpreter } from '../interpreter.js';
import { ContextManager } from './context-manager.js';
import { dropEarlierFrames } from './latest-frame-only.js';
import { resolveContextOptions, type ContextOptions, type ResolvedContextOptions } from './context-options.js';
import { answerReadSpill, READ_SPILL, readSpillSpec, type SpillAnswer } from './read-spill-tool.js';
import { PLAN_REQUEST, REPLAN_REQUEST, screenForPrompt, systemPrompt, type PromptState } from './prompt.js';

export interface LlmInterpreterOptions {
  llm: LlmPort;
  tools: LlmToolSpec[];
  approvals: ApprovalPort;
  planFirst?: boolean;
  sendImages?: boolean;
  maxOutputTokens?: number;
  handoff?: string;
  newId(): string;
  /** Context budget, caps and compaction; defaults suit a 200k-token model. */
  context?: ContextOptions;
  /**
   * A bounded summary of the durable record (result.json: goal, completed, pending, errors,
   * output tail, last verified screen, notes), read when the transcript no longer fits and a
   * fresh session must start. Capped again here. Without it such an overflow halts the run.
   */
  durableState?: () => Promise<string> | string;
  /** A sub-run sent to explore: its own system prompt (see prompt.ts). */
  exploring?: boolean;
}

const REPLAN_ON = new Set(['verify_failed', 'not_found', 'device_error']);
/** Sends of one request (with compaction or a switch between them) before giving up. */
const MAX_CONTEXT_ATTEMPTS = 6;
type Halt = Extract<Decision, { kind: 'halt' }>;

export class LlmInterpreter implements Interpreter {
  readonly kind = 'llm' as const;
  readonly messages: LlmMessage[] = [];
  private readonly prompt: PromptState;
  private pendingCallIds: string[] = [];
  /** Answers to read_spill calls, by call id, waiting to go out with the loop's results. */
  private readonly localResults = new Map<string, SpillAnswer>();
  private turns = 0;
  private spillReads = 0;
  private readonly context: ContextManager;
  private readonly contextOptions: ResolvedContextOptions;
  private readonly tools: LlmToolSpec[];

  constructor(
    private readonly options: LlmInterpreterOptions,
    goal: string,
  ) {
    this.prompt = { goal, handoff: options.handoff, ...(options.exploring ? { exploring: true } : {}) };
    this.contextOptions = resolveContextOptions(options.context);
    this.context = new ContextManager({
      goal,
      options: this.contextOptions,
      ...(options.llm.contextWindow !== undefined ? { portWindow: options.llm.contextWindow } : {}),
      ...(options.durableState ? { durableState: options.durableState } : {}),
    });
    this.tools = options.tools.some((tool) => tool.name === READ_SPILL)
      ? options.tools
      : [...options.tools, readSpillSpec()];
  }

  async next(input: InterpretInput, signal: AbortSignal): Promise<Decision> {
    const planning =
      this.options.planFirst && (!this.prompt.plan || input.results.some((r) => REPLAN_ON.has(r.status)));
    const user: LlmContent[] = [
      ...this.resultBlocks(input.results),
      { type: 'text', text: screenForPrompt(input.observation) },
    ];
    if (this.options.sendImages && input.observation.frame) {
      user.push({
        type: 'image',
        mediaType: input.observation.frame.format === 'png' ? 'image/png' : 'image/jpeg',
        dataBase64: Buffer.from(input.observation.frame.image).toString('base64'),
      });
    }
    if (planning) {
      const approved = await this.plan(user, this.prompt.plan ? REPLAN_REQUEST : PLAN_REQUEST, signal);
      if (approved.kind !== 'calls') return approved;
      user.length = 0;
      user.push({
        type: 'text',
        text: `The plan is approved. Carry it out now, one verified step at a time.\n${screenForPrompt(input.observation)}`,
      });
    }
    if (user.some((part) => part.type === 'image')) dropEarlierFrames(this.messages);
    this.messages.push({ role: 'user', content: user });
    return this.ask(signal);
  }

  cursor(): Record<string, unknown> {
    const context = this.context.snapshot();
    return {
      turns: this.turns,
      plan: this.prompt.plan ?? null,
      sessionSwitches: context.sessionSwitches,
      spillReads: this.spillReads,
      context,
    };
  }

  pending(): string[] {
    return this.prompt.plan ? [this.prompt.plan] : [];
  }

  progress(): undefined {
    return undefined;
  }

  /** An operator's new instructions: into the system prompt (a person's word, not screen text). */
  redirect(instructions: string): boolean {
    this.prompt.redirections = [...(this.prompt.redirections ?? []), instructions];
    return true;
  }

  /**
   * Tool results must answer exactly the calls of the previous assistant turn, in order: the
   * loop's results and the local read_spill answers merged back. Each is capped (one result
   * too big is the single-event overflow).
   */
  private resultBlocks(results: ToolOutcome[]): LlmContent[] {
    const byId = new Map(results.map((r) => [r.callId, r]));
    const blocks: LlmContent[] = this.pendingCallIds.map((id) => {
      const local = this.localResults.get(id);
      const result = byId.get(id);
      const [content, isError] = local
        ? [local.content, local.isError]
        : result
          ? [`status: ${result.status}\n${result.content}`, result.status !== 'ok']
          : [
              'status: not_run\nThis call was not run because an earlier call in the same reply ended or changed the step.',
              true,
            ];
      return { type: 'tool_result', callId: id, content: this.context.capResult(content), isError };
    });
    // A refused final answer has no call to answer: it goes back as text.
    const pending = new Set(this.pendingCallIds);
    for (const result of results)
      if (!pending.has(result.callId))
        blocks.push({ type: 'text', text: `status: ${result.status}\n${result.content}` });
    this.pendingCallIds = [];
    this.localResults.clear();
    return blocks;
  }

  private async plan(user: LlmContent[], request: string, signal: AbortSignal): Promise<Decision> {
    this.messages.push({ role: 'user', content: [...user, { type: 'text', text: request }] });
    const reply = await this.complete(signal, []);
    if ('kind' in reply) return reply;
    const text = reply.content
      .filter((c) => c.type === 'text')
      .map((c) => c.text)
      .join('\n')
      .trim();
    this.messages.push({ role: 'assistant', content: [{ type: 'text', text: text || '(no plan)' }] });
    const answer = await this.options.approvals.ask(
      {
        id: this.options.newId(),
        tool: 'plan',
        args: { plan: text },
        summary: `the plan:\n${text}`,
        rule: 'plan-then-execute',
      },
      signal,
    );
    if (!answer.approved) return { kind: 'halt', reason: `${answer.by} did not approve the plan (${answer.reason})` };
    this.prompt.plan = text;
    return { kind: 'calls', calls: [] };
  }

  /**
   * One model turn. read_spill calls are answered here; when the reply asked for nothing else,
   * the pages go straight back to the model (up to spillReadsPerStep rounds, after which the
   * loop gets an empty step and the answers travel with its next results).
   */
  private async ask(signal: AbortSignal): Promise<Decision> {
    for (let round = 1; ; round++) {
      const reply = await this.complete(signal, this.tools);
      if ('kind' in reply) return reply;
      this.turns++;
      this.messages.push({ role: 'assistant', content: reply.content });
      const calls: ToolCall[] = reply.content.flatMap((c) =>
        c.type === 'tool_call' ? [{ id: c.id, name: c.name, argumentsJson: c.argumentsJson }] : [],
      );
      const text = reply.content
        .filter((c) => c.type === 'text')
        .map((c) => c.text)
        .join('\n')
        .trim();
      if (!calls.length) return { kind: 'answer', text: text || '(the model ended without an answer)' };
      this.pendingCallIds = calls.map((c) => c.id);
      const forLoop = calls.filter((c) => c.name !== READ_SPILL);
      for (const call of calls.filter((c) => c.name === READ_SPILL)) {
        this.spillReads++;
        // A page stays under the result cap (less room for its header), so it is never cut again.
        this.localResults.set(
          call.id,
          answerReadSpill(call.argumentsJson, this.context.spills, this.context.resultCap().capChars - 300),
        );
      }
      if (forLoop.length || round >= this.contextOptions.spillReadsPerStep)
        return { kind: 'calls', calls: forLoop, thought: text || undefined };
      this.messages.push({ role: 'user', content: this.resultBlocks([]) });
    }
  }

  /** Sends the transcript, keeping it inside the context: compacts, switches session or halts. */
  private async complete(signal: AbortSignal, tools: LlmToolSpec[]): Promise<LlmResponse | Halt> {
    for (let attempt = 0; attempt < MAX_CONTEXT_ATTEMPTS; attempt++) {
      const shape = { system: systemPrompt(this.prompt), tools, maxOutputTokens: this.options.maxOutputTokens ?? 1024 };
      const ready = await this.context.beforeSend(this.messages, shape);
      if (!ready.ok) return { kind: 'halt', reason: ready.reason };
      const estimate = this.context.budget.estimate({ ...shape, messages: this.messages });
      let reply: LlmResponse;
      try {
        reply = await this.options.llm.complete({ ...shape, messages: this.messages }, signal);
      } catch (error) {
        if (!(error instanceof LlmError)) throw error;
        if (error.kind !== 'context_overflow')
          return {
            kind: 'halt',
            reason: `the LLM (${this.options.llm.describe()}) failed: ${error.kind}: ${error.message}`,
          };
        const verdict = await this.context.afterOverflow(this.messages, {
          kind: 'error',
          estimate,
          message: error.message,
          ...(error.promptTokens !== undefined ? { promptTokens: error.promptTokens } : {}),
          ...(error.limitTokens !== undefined ? { limitTokens: error.limitTokens } : {}),
        });
        if (!verdict.ok)
          return { kind: 'halt', reason: verdict.reason, ...(verdict.code ? { code: verdict.code } : {}) };
        continue;
      }
      if (reply.truncatedPrompt) {
        // The answer was written from a transcript missing its start (the goal, the rules): drop it.
        const verdict = await this.context.afterOverflow(this.messages, {
          kind: 'truncated',
          estimate,
          reportedTokens: reply.usage.inputTokens,
        });
        if (!verdict.ok)
          return { kind: 'halt', reason: verdict.reason, ...(verdict.code ? { code: verdict.code } : {}) };
        continue;
      }
      this.context.accepted(estimate, reply.usage.inputTokens);
      return reply;
    }
    return {
      kind: 'halt',
      reason: `context overflow: the prompt still did not fit the model's context after ${MAX_CONTEXT_ATTEMPTS} attempts at compacting and switching sessions. Stop and surface to the operator.`,
    };
  }
}
