// What the task schema alone does not say about a flow, checked while it loads so bad input is
// refused before any bench starts (issue 27): a step of no known kind (the schema's union would
// name some other kind's missing field), more steps than any run could take, a {placeholder} no
// input defines, a secret with no value. Each problem names the path; the loader adds the line.
import type { Path } from '../../config/yaml-schema.js';
import { STEP_KINDS, type ScriptStep, type TaskDefinition } from '../../core/agent/task/task-schema.js';

export interface FlowProblem {
  path: Path;
  message: string;
}

/** A run's step budget is at most 10 000 (guardrails.maxSteps) and every step takes one or more. */
export const MAX_FLOW_STEPS = 1000;

/**
 * Bytes in a flow file: a thousand steps fit many times over, and the YAML parser needs about a
 * minute for the 3 MB of a 100 000-step file, so a larger one is refused before it is parsed.
 */
export const MAX_FLOW_BYTES = 1024 * 1024;

/** A file too large to be a flow, refused unparsed. */
export function oversizeProblem(text: string): FlowProblem | undefined {
  if (text.length <= MAX_FLOW_BYTES) return undefined;
  return {
    path: [],
    message: `the file is ${text.length} bytes: a flow file holds at most ${MAX_FLOW_BYTES} (and at most ${MAX_FLOW_STEPS} steps): split it into flows run with run_flow`,
  };
}

const KINDS = new Set<string>(STEP_KINDS);
/** {name}, not the ${NAME} a $${ leaves as literal text. */
const PLACEHOLDER = /(?<!\$)\{([a-z_][a-z0-9_]*)\}/gi;

/** Every step object of the raw document with its path: steps, if/else branches, repeats, interrupts. */
function rawSteps(raw: unknown): { path: Path; step: unknown }[] {
  const found: { path: Path; step: unknown }[] = [];
  const walk = (list: unknown, path: Path) => {
    if (!Array.isArray(list)) return;
    list.forEach((step, index) => {
      const at = [...path, index];
      found.push({ path: at, step });
      if (!step || typeof step !== 'object') return;
      const record = step as Record<string, unknown>;
      walk(record.then, [...at, 'then']);
      walk(record.else, [...at, 'else']);
      const repeat = record.repeat as Record<string, unknown> | undefined;
      if (repeat && typeof repeat === 'object') walk(repeat.steps, [...at, 'repeat', 'steps']);
    });
  };
  const document = (raw ?? {}) as Record<string, unknown>;
  walk(document.steps, ['steps']);
  if (Array.isArray(document.interrupts))
    document.interrupts.forEach((interrupt, index) =>
      walk((interrupt as Record<string, unknown> | null)?.do, ['interrupts', index, 'do']),
    );
  return found;
}

/** Before the schema: steps of no known kind, and a flow too long to run. */
export function rawFlowProblems(raw: unknown): FlowProblem[] {
  const steps = rawSteps(raw);
  if (steps.length > MAX_FLOW_STEPS)
    return [
      {
        path: ['steps'],
        message: `${steps.length} steps: a flow holds at most ${MAX_FLOW_STEPS} (a run takes at most 10000 steps, each step one or more): split it into flows run with run_flow`,
      },
    ];
  return steps.flatMap(({ path, step }) => {
    if (!step || typeof step !== 'object' || Array.isArray(step)) return [];
    const keys = Object.keys(step);
    if (keys.some((key) => KINDS.has(key))) return [];
    const near = keys.map(nearestKind).find(Boolean);
    return [
      {
        path,
        message: `not a known step (keys: ${keys.join(', ') || 'none'})${near ? `: did you mean "${near}"?` : ''} A step is one of ${STEP_KINDS.join(', ')}, e.g. {tap: "Sign in", expect: "Welcome"}`,
      },
    ];
  });
}

/** After the schema: secrets with no value and {placeholders} no input defines (sub-flows' included). */
export function flowInputProblems(flow: TaskDefinition): FlowProblem[] {
  const problems: FlowProblem[] = [];
  flow.secrets.forEach((name, index) => {
    if (!(name in flow.inputs))
      problems.push({
        path: ['secrets', index],
        message: `"${name}" is a secret with no value: add ${name} under inputs (a \${NAME} parameter there, given with --env NAME=..., keeps it out of the file)`,
      });
  });
  const defined = Object.keys(flow.inputs);
  const unknown = (value: unknown, path: Path, via: string) => {
    for (const name of placeholdersIn(value).filter((n) => !(n in flow.inputs)))
      problems.push({
        path,
        message: `{${name}}${via} is not a task input (inputs: ${defined.join(', ') || 'none'}): add ${name} under inputs`,
      });
  };
  stepsWithPaths(flow.steps ?? [], ['steps']).forEach(({ path, step, via }) => {
    // The step's own fields are named (steps[2].type); a sub-flow's steps are reported as their run_flow step.
    if (via || !step || typeof step !== 'object') return unknown(step, path, via);
    for (const [key, value] of Object.entries(step)) unknown(value, [...path, key], via);
  });
  flow.interrupts.forEach((interrupt, index) => unknown(interrupt, ['interrupts', index], ''));
  return problems;
}

/**
 * Each step with where to report it; a sub-flow's steps (a run_flow's loaded steps) are reported at
 * the run_flow step of this file that runs them, saying which file holds them.
 */
function stepsWithPaths(
  steps: ScriptStep[],
  path: Path,
  reportAt?: Path,
  via = '',
): { path: Path; step: unknown; via: string }[] {
  return steps.flatMap((step, index) => {
    const at = reportAt ?? [...path, index];
    if (!('run_flow' in step) || !step.loaded) return [{ path: at, step, via }];
    const { loaded, ...own } = step;
    return [
      { path: at, step: own, via },
      ...stepsWithPaths(loaded.steps, [], at, `${via} (in ${loaded.file}, run by this step)`),
    ];
  });
}

function placeholdersIn(value: unknown): string[] {
  if (typeof value === 'string') return [...value.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  if (value && typeof value === 'object') return Object.values(value).flatMap(placeholdersIn);
  return [];
}

/** A step kind one or two letters away from the key (a typo), if any. */
function nearestKind(key: string): string | undefined {
  return STEP_KINDS.find((kind) => editDistance(key, kind) <= 2);
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}
