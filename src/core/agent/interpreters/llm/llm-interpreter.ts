// The LLM interpreter: each step sends the results of the previous calls and the current screen,
// and turns the model's reply into tool calls or a final answer. Optional plan-then-execute:
// the model writes a plan first, an operator approves it before anything moves, and a failed
// step asks for a revised plan (approved again).
import type { ApprovalPort } from '../../../ports/approval.js';
import { LlmError, type LlmContent, type LlmMessage, type LlmPort, type LlmToolSpec } from '../../../ports/llm.js';
import type { Decision, ToolOutcome } from '../../types.js';
import type { InterpretInput, Interpreter } from '../interpreter.js';
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
}

const REPLAN_ON = new Set(['verify_failed', 'not_found', 'device_error']);

export class LlmInterpreter implements Interpreter {
  readonly kind = 'llm' as const;
  readonly messages: LlmMessage[] = [];
  private readonly prompt: PromptState;
  private pendingCallIds: string[] = [];
  private turns = 0;

  constructor(private readonly options: LlmInterpreterOptions, goal: string) {
    this.prompt = { goal, handoff: options.handoff };
  }

  async next(input: InterpretInput, signal: AbortSignal): Promise<Decision> {
    const planning = this.options.planFirst && (!this.prompt.plan || input.results.some((r) => REPLAN_ON.has(r.status)));
    const user: LlmContent[] = [...this.resultBlocks(input.results), { type: 'text', text: screenForPrompt(input.observation) }];
    if (this.options.sendImages && input.observation.frame) {
      user.push({ type: 'image', mediaType: input.observation.frame.format === 'png' ? 'image/png' : 'image/jpeg', dataBase64: Buffer.from(input.observation.frame.image).toString('base64') });
    }
    if (planning) {
      const approved = await this.plan(user, this.prompt.plan ? REPLAN_REQUEST : PLAN_REQUEST, signal);
      if (approved.kind !== 'calls') return approved;
      user.length = 0;
      user.push({ type: 'text', text: `The plan is approved. Carry it out now, one verified step at a time.\n${screenForPrompt(input.observation)}` });
    }
    this.messages.push({ role: 'user', content: user });
    return this.ask(signal);
  }

  cursor(): Record<string, unknown> {
    return { turns: this.turns, plan: this.prompt.plan ?? null };
  }

  pending(): string[] {
    return this.prompt.plan ? [this.prompt.plan] : [];
  }

  plannedSteps(): number | undefined {
    return undefined;
  }

  /** Tool results must answer exactly the calls of the previous assistant turn, in order. */
  private resultBlocks(results: ToolOutcome[]): LlmContent[] {
    const byId = new Map(results.map((r) => [r.callId, r]));
    const blocks: LlmContent[] = this.pendingCallIds.map((id) => {
      const result = byId.get(id);
      return result
        ? { type: 'tool_result', callId: id, content: `status: ${result.status}\n${result.content}`, isError: result.status !== 'ok' }
        : { type: 'tool_result', callId: id, content: 'status: not_run\nThis call was not run because an earlier call in the same reply ended or changed the step.', isError: true };
    });
    this.pendingCallIds = [];
    return blocks;
  }

  private async plan(user: LlmContent[], request: string, signal: AbortSignal): Promise<Decision> {
    this.messages.push({ role: 'user', content: [...user, { type: 'text', text: request }] });
    const reply = await this.complete(signal, []);
    if ('kind' in reply) return reply;
    const text = reply.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n').trim();
    this.messages.push({ role: 'assistant', content: [{ type: 'text', text: text || '(no plan)' }] });
    const answer = await this.options.approvals.ask({ id: this.options.newId(), tool: 'plan', args: { plan: text }, summary: `the plan:\n${text}`, rule: 'plan-then-execute' }, signal);
    if (!answer.approved) return { kind: 'halt', reason: `${answer.by} did not approve the plan (${answer.reason})` };
    this.prompt.plan = text;
    return { kind: 'calls', calls: [] };
  }

  private async ask(signal: AbortSignal): Promise<Decision> {
    const reply = await this.complete(signal, this.options.tools);
    if ('kind' in reply) return reply;
    this.turns++;
    this.messages.push({ role: 'assistant', content: reply.content });
    const calls = reply.content.flatMap((c) => (c.type === 'tool_call' ? [{ id: c.id, name: c.name, argumentsJson: c.argumentsJson }] : []));
    const text = reply.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n').trim();
    if (!calls.length) return { kind: 'answer', text: text || '(the model ended without an answer)' };
    this.pendingCallIds = calls.map((c) => c.id);
    return { kind: 'calls', calls, thought: text || undefined };
  }

  private async complete(signal: AbortSignal, tools: LlmToolSpec[]) {
    try {
      return await this.options.llm.complete({
        system: systemPrompt(this.prompt), messages: this.messages, tools, maxOutputTokens: this.options.maxOutputTokens ?? 1024,
      }, signal);
    } catch (error) {
      if (error instanceof LlmError) return { kind: 'halt' as const, reason: `the LLM (${this.options.llm.describe()}) failed: ${error.kind}: ${error.message}` };
      throw error;
    }
  }
}
