// Guardrail checks on one call, each returning a typed verdict the loop acts on.
import { touchPoints, type ActionPlan } from '../tools/tool.js';
import type { ApprovalRule, ForbiddenZone, GuardrailConfig } from './guardrail-config.js';

/** A zone any touch of the action lands in: a tap's point, a long press's, a swipe's start or end. */
export function forbiddenZoneHit(plan: ActionPlan, zones: readonly ForbiddenZone[]): ForbiddenZone | undefined {
  for (const {
    point: { x, y },
  } of touchPoints(plan.action)) {
    const zone = zones.find((z) => x >= z.x && x < z.x + z.width && y >= z.y && y < z.y + z.height);
    if (zone) return zone;
  }
  return undefined;
}

/** What an approval rule's targetMatches is judged on: the texts the action would touch (both ends of a drag). */
function targetsOf(plan: ActionPlan): string[] {
  const action = plan.action;
  if (action.kind === 'type') return [action.text];
  if (action.kind === 'key') return [action.key];
  return touchPoints(action).map((t) => t.target ?? t.hit?.text ?? '');
}

/** The first approval rule this action falls under, if any. */
export function approvalRuleFor(
  tool: string,
  args: unknown,
  plan: ActionPlan,
  rules: readonly ApprovalRule[],
): ApprovalRule | undefined {
  const targets = targetsOf(plan);
  const argumentText = JSON.stringify(args ?? {});
  return rules.find(
    (rule) =>
      (rule.tool === '*' || rule.tool === tool) &&
      ((rule.targetMatches !== undefined &&
        targets.some((target) => new RegExp(rule.targetMatches!, 'i').test(target))) ||
        (rule.argumentsMatch !== undefined && new RegExp(rule.argumentsMatch, 'i').test(argumentText))),
  );
}

/** Counts identical calls on an unchanged screen; the limit-th one is refused. */
export class RepeatedCalls {
  private readonly counts = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** Returns how many times this call has now been seen on this screen, counting this one. */
  register(tool: string, args: unknown, screenSignature: string): number {
    const key = `${tool}\u0000${canonicalJson(args)}\u0000${screenSignature}`;
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count;
  }

  exceeded(count: number): boolean {
    return count >= this.limit;
  }
}

export class ToolFailures {
  private readonly counts = new Map<string, number>();

  constructor(private readonly config: Pick<GuardrailConfig, 'maxToolFailures'>) {}

  /** Counts a failure; true when the tool has now failed too often to go on. */
  fail(tool: string): boolean {
    const count = (this.counts.get(tool) ?? 0) + 1;
    this.counts.set(tool, count);
    return count >= this.config.maxToolFailures;
  }

  count(tool: string): number {
    return this.counts.get(tool) ?? 0;
  }
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
