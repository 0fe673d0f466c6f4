// A Maestro flow file as `benchhand test` runs it: read (sub-flows and scripts too), checked,
// named as Maestro names it (config `name:`, else the file name), and a task definition for the
// agent loop (its goal in words; the commands run through the Maestro interpreter).
import { basename } from 'node:path';
import { checkFlow } from '../../../core/maestro/check-flow.js';
import {
  nestedCommands,
  type FlowProblem,
  type MaestroCommand,
  type MaestroFlowFile,
} from '../../../core/maestro/flow-model.js';
import { taskSchema, type TaskDefinition } from '../../../core/agent/task/task-schema.js';
import { MaestroFileError, readMaestroFlow } from './read-maestro-file.js';

export interface LoadedMaestro {
  file: string;
  name: string;
  tags: string[];
  flow: MaestroFlowFile;
  /** Refusals and malformed commands, in the order written. */
  problems: FlowProblem[];
  /** Commands that will run, sub-flows and nested lists included. */
  steps: number;
  task: TaskDefinition;
}

/** Throws MaestroFileError when the file is not a flow at all; problems are returned. */
export function loadMaestro(file: string): LoadedMaestro {
  const flow = readMaestroFlow(file);
  const name = flow.config.name ?? basename(file).replace(/\.ya?ml$/i, '');
  const task = flowTask(flow, {
    goal: `Run the Maestro flow "${name}" (${file}): ${flow.commands.length} commands.`,
    tags: flow.config.tags,
  });
  return { file, name, tags: flow.config.tags, flow, problems: checkFlow(flow), steps: countSteps(flow), task };
}

/** The task the agent loop runs; what the task schema refuses in the header is named, never dumped. */
function flowTask(flow: MaestroFlowFile, fields: { goal: string; tags: string[] }): TaskDefinition {
  const parsed = taskSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const [field, index] = issue.path;
  const where =
    field === 'tags' && typeof index === 'number'
      ? `tags: tag ${index + 1} ("${fields.tags[index]}")`
      : 'name (the goal quotes it)';
  const line = field === 'tags' ? (flow.config.tagsLine ?? 0) : 0;
  throw new MaestroFileError(flow.file, line, `${where}: ${issue.message}`);
}

function countSteps(flow: MaestroFlowFile): number {
  const count = (commands: MaestroCommand[]): number =>
    commands.reduce((n, c) => n + 1 + count(nestedCommands(c)) + (c.loaded ? countSteps(c.loaded) : 0), 0);
  return count(flow.config.onFlowStart) + count(flow.commands) + count(flow.config.onFlowComplete);
}

/** "REFUSED flows/a.yaml:12: clearState needs a driver on the device" */
export const problemLine = (p: FlowProblem): string => `${p.file}:${p.line}: ${p.message}`;
