// Guardrail checks on one call, each returning a typed verdict the loop acts on.
import type { ActionPlan } from '../tools/tool.js';
import type { ApprovalRule, ForbiddenZone, GuardrailConfig } from './guardrail-config.js';

export function forbiddenZoneHit(plan: ActionPlan, zones: readonly ForbiddenZone[]): ForbiddenZone | undefined {
  if (plan.action.kind !== 'tap') return undefined;
  const { x, y } = plan.action.device;
  return zones.find((zone) => x >= zone.x && x < zone.x + zone.width && y >= zone.y && y < zone.y + zone.height);
}

/** The first approval rule this action falls under, if any. */
export function approvalRuleFor(tool: string, args: unknown, plan: ActionPlan, rules: readonly ApprovalRule[]): ApprovalRule | undefined {
  const target = plan.action.kind === 'tap' ? plan.action.target ?? '' : plan.action.kind === 'type' ? plan.action.text : plan.action.key;
  const argumentText = JSON.stringify(args ?? {});
  return rules.find((rule) => (rule.tool === '*' || rule.tool === tool)
    && ((rule.targetMatches !== undefined && new RegExp(rule.targetMatches, 'i').test(target))
      || (rule.argumentsMatch !== undefined && new RegExp(rule.argumentsMatch, 'i').test(argumentText))));
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
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
