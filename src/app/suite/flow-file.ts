// Loads a flow (a task file) the way `benchhand test` and `benchhand run` run it: ${NAME}
// parameters filled from --env, the environment and the flow's own params defaults; every
// run_flow read (relative to the file that names it), its parameters filled, its steps attached
// to the step. An unknown ${NAME}, a missing sub-flow, a cycle or too deep a nesting is an error
// at load time naming the file, the line, the step and the field.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { z } from 'zod';
import { MAX_FLOW_DEPTH } from '../../core/agent/task/flow-steps.js';
import { STEP_KINDS, taskSchema, type ScriptStep, type TaskDefinition } from '../../core/agent/task/task-schema.js';
import {
  fieldName,
  flattenIssues,
  parseYaml,
  YamlFileError,
  type FileProblem,
  type ParsedYaml,
  type Path,
  type UnionHints,
} from '../../config/yaml-schema.js';
import { flowInputProblems, oversizeProblem, rawFlowProblems, type FlowProblem } from './flow-checks.js';

export const stepHints: UnionHints = {
  kindKeys: new Set<string>(STEP_KINDS),
  describe: () =>
    `not a known step: use one of ${STEP_KINDS.map((k) => `{${k}: ...}`).join(', ')} (e.g. {tap: "Sign in", expect: "Welcome"})`,
};

/** A sub-flow is steps with parameters; inputs, secrets and interrupts belong to the flow that runs it. */
const subFlowSchema = taskSchema
  .extend({ goal: z.string().min(3).max(2000).optional() })
  .omit({ inputs: true, secrets: true, interrupts: true, expect: true, device: true, limits: true });

export interface FlowLoadOptions {
  /** --env KEY=VALUE pairs; they beat the environment. */
  env?: Record<string, string>;
  /** The process environment (default process.env). */
  environment?: Record<string, string | undefined>;
}

/** A top-level flow, ready for the script interpreter (run_flow steps carry their loaded steps). */
export function loadFlow(path: string, options: FlowLoadOptions = {}): TaskDefinition {
  const environment = Object.fromEntries(
    Object.entries(options.environment ?? process.env).filter((e): e is [string, string] => e[1] !== undefined),
  );
  const outside = { ...environment, ...(options.env ?? {}) };
  const file = resolve(path);
  const { data, locate } = readFlow(path, taskSchema, outside);
  const flow = data as TaskDefinition;
  if (flow.steps)
    resolveSubFlows(flow.steps, [], { file, shown: path, vars: { ...flow.params, ...outside }, stack: [file] });
  // Only now are the sub-flows' steps known: their {placeholders} need this flow's inputs too.
  const problems = flowInputProblems(flow);
  if (problems.length) throw fileError(path, problems, locate);
  return flow;
}

function fileError(shown: string, problems: FlowProblem[], locate: ParsedYaml['locate']): YamlFileError {
  return new YamlFileError(
    shown,
    problems.map((p) => ({ ...locate(p.path), field: fieldName(p.path), message: p.message })),
    'task file',
  );
}

interface Frame {
  file: string;
  shown: string;
  vars: Record<string, string>;
  stack: string[];
}

function readFlow(
  shown: string,
  schema: z.ZodType,
  outside: Record<string, string>,
  callerVars?: Record<string, string>,
): { data: unknown; locate: ParsedYaml['locate'] } {
  let text: string;
  try {
    text = readFileSync(shown, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the task file ${shown}: ${(error as Error).message}`);
  }
  const oversize = oversizeProblem(text);
  if (oversize)
    throw new YamlFileError(shown, [{ line: 1, column: 1, field: '', message: oversize.message }], 'task file');
  const { doc, locate } = parseYaml(text, shown, 'task file');
  const raw = doc.toJS() as Record<string, unknown> | null;
  const defaults =
    raw && typeof raw.params === 'object' && raw.params ? stringsOf(raw.params as Record<string, unknown>) : {};
  // The caller's explicit parameters beat everything; the environment and --env beat the file's defaults.
  const vars = { ...defaults, ...outside, ...(callerVars ?? {}) };
  const problems: FileProblem[] = [];
  const filled = substitute(raw, [], vars, (path, message) =>
    problems.push({ ...locate(path), field: fieldName(path), message }),
  );
  if (problems.length) throw new YamlFileError(shown, problems, 'task file');
  const shapeProblems = rawFlowProblems(filled);
  if (shapeProblems.length) throw fileError(shown, shapeProblems, locate);
  const parsed = schema.safeParse(filled);
  if (!parsed.success) {
    throw new YamlFileError(
      shown,
      flattenIssues(parsed.error.issues, [], stepHints).map((i) => ({
        ...locate(i.path, i.key),
        field: fieldName(i.path, i.key),
        message: i.message,
      })),
      'task file',
    );
  }
  return { data: parsed.data, locate };
}

const stringsOf = (record: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(record)
      .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
      .map(([k, v]) => [k, String(v)]),
  );

/** Fills ${NAME} in every string ($${ writes a literal ${); `params` keeps its own values. */
function substitute(
  value: unknown,
  path: Path,
  vars: Record<string, string>,
  problem: (path: Path, message: string) => void,
): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$(\$?)\{([^}]*)\}/g, (whole, escaped: string, name: string) => {
      if (escaped) return whole.slice(1);
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
        problem(
          path,
          `\${${name}} is not a parameter name: use letters, digits and _ (like \${USER_NAME}); write $\${ for a literal \${`,
        );
        return whole;
      }
      if (!(name in vars)) {
        problem(
          path,
          `\${${name}} is not defined: pass --env ${name}=VALUE, export ${name}, or give it a default under params`,
        );
        return whole;
      }
      return vars[name]!;
    });
  }
  if (Array.isArray(value)) return value.map((v, i) => substitute(v, [...path, i], vars, problem));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        path.length === 0 && k === 'params' ? v : substitute(v, [...path, k], vars, problem),
      ]),
    );
  }
  return value;
}

/** Walks the steps (into if, repeat and sub-flows) and attaches each run_flow's loaded steps. */
function resolveSubFlows(steps: ScriptStep[], path: Path, frame: Frame): void {
  steps.forEach((step, i) => {
    const at: Path = [...path, i];
    if ('if' in step) {
      resolveSubFlows(step.then, [...at, 'then'], frame);
      if (step.else) resolveSubFlows(step.else, [...at, 'else'], frame);
    }
    if ('repeat' in step) resolveSubFlows(step.repeat.steps, [...at, 'repeat', 'steps'], frame);
    if ('run_flow' in step) step.loaded = loadSubFlow(step, at, frame);
  });
}

function loadSubFlow(
  step: Extract<ScriptStep, { run_flow: unknown }>,
  at: Path,
  frame: Frame,
): { file: string; steps: ScriptStep[] } {
  const spec = typeof step.run_flow === 'string' ? { file: step.run_flow } : step.run_flow;
  const file = resolve(dirname(frame.file), spec.file);
  const shown = shownPath(file);
  const where = `${frame.shown}: steps${fieldName(at)} (run_flow ${spec.file})`;
  if (frame.stack.includes(file)) {
    throw new Error(
      `${where}: run_flow cycle ${[...frame.stack, file].map(shownPath).join(' -> ')}: a flow cannot run itself; break the loop`,
    );
  }
  if (frame.stack.length >= MAX_FLOW_DEPTH)
    throw new Error(
      `${where}: sub-flows nest ${frame.stack.length + 1} deep, more than ${MAX_FLOW_DEPTH}: flatten them`,
    );
  let sub: { steps?: ScriptStep[]; params: Record<string, string> };
  try {
    sub = readFlow(shown, subFlowSchema, frame.vars, spec.params ?? {}).data as typeof sub;
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
  if (!sub.steps) throw new Error(`${where}: ${shown} has no steps: a sub-flow is a list of steps`);
  resolveSubFlows(sub.steps, [], {
    file,
    shown,
    vars: { ...sub.params, ...frame.vars, ...(spec.params ?? {}) },
    stack: [...frame.stack, file],
  });
  return { file: shown, steps: sub.steps };
}

/** A path as a person reads it: relative to the working directory when inside it. */
function shownPath(file: string): string {
  const near = relative(process.cwd(), file);
  return near && !near.startsWith('..') ? near : file;
}
