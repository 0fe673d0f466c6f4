// A Maestro flow as loaded: the config header (appId, name, tags, env, onFlowStart/Complete) and
// the commands, each with the file and line it was written on. Nested command lists (runFlow's,
// repeat's and retry's `commands`, the hooks) are commands already; a runFlow's file is attached
// as `loaded` by the loader (src/app/suite/maestro/). Pure types.

export interface MaestroCommand {
  name: string;
  /** The value as written: a string, a map (its `commands` lists already MaestroCommand[]), or undefined (`- back`). */
  args: unknown;
  file: string;
  line: number;
  /** A runFlow / runScript file, read by the loader. */
  loaded?: MaestroFlowFile;
  /** runScript's source, read by the loader. */
  script?: string;
}

export interface MaestroConfig {
  appId?: string;
  /** A web flow's page (Maestro drives a browser for it). */
  url?: string;
  name?: string;
  tags: string[];
  /** The line of `tags:` in the header, for errors about a tag. */
  tagsLine?: number;
  env: Record<string, string>;
  onFlowStart: MaestroCommand[];
  onFlowComplete: MaestroCommand[];
}

export interface MaestroFlowFile {
  file: string;
  config: MaestroConfig;
  commands: MaestroCommand[];
}

/** A command that cannot run here, or a file that is not a valid flow. */
export interface FlowProblem {
  file: string;
  line: number;
  command: string;
  message: string;
  /** malformed: the file is wrong; the others: a refusal (command-table.ts RefusalKind). */
  kind: 'malformed' | 'driver' | 'service' | 'keyboard' | 'screen_model';
}

export const isRefusal = (p: FlowProblem): boolean => p.kind !== 'malformed';

/** Every command of a flow, nested lists and hooks included (not sub-flow files). */
export function nestedCommands(command: MaestroCommand): MaestroCommand[] {
  const args = command.args;
  if (!args || typeof args !== 'object' || Array.isArray(args)) return [];
  const inner = (args as Record<string, unknown>).commands;
  return Array.isArray(inner) ? (inner as MaestroCommand[]) : [];
}
