// Reads a Maestro flow file: the config header, `---`, then the list of commands, each kept with
// its line. Files named by runFlow, retry and runScript are read too (relative to the file that
// names them), so a flow is checked whole before anything moves; a cycle or a missing file is an
// error naming the file and the line.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { LineCounter, parseAllDocuments, isMap, isScalar, isSeq, type Node, type Pair } from 'yaml';
import type { MaestroCommand, MaestroConfig, MaestroFlowFile } from '../../../core/maestro/flow-model.js';

/** A file that is not a Maestro flow at all: bad YAML, or commands that are not a list. */
export class MaestroFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    message: string,
  ) {
    super(`${file}:${line}: ${message}`);
    this.name = 'MaestroFileError';
  }
}

const MAX_DEPTH = 10;

export function readMaestroFlow(file: string, stack: string[] = []): MaestroFlowFile {
  const absolute = resolve(file);
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    throw new MaestroFileError(file, 0, `cannot read the flow: ${(error as Error).message}`);
  }
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lines });
  if (!Array.isArray(docs)) return emptyFlow(file);
  for (const doc of docs)
    if (doc.errors.length) {
      const error = doc.errors[0]!;
      throw new MaestroFileError(file, lines.linePos(error.pos[0]).line, error.message.split('\n')[0]!);
    }
  const lineOf = (node: Node | Pair | null | undefined): number => {
    const range = node && 'range' in node ? node.range : node && 'key' in node ? (node.key as Node)?.range : undefined;
    return range ? lines.linePos(range[0]).line : 0;
  };
  const reader = new Reader(file, absolute, lineOf, [...stack, absolute]);
  const contents = docs.map((d) => d.contents as Node | null);
  const configNode = contents.length > 1 ? contents[0] : isMap(contents[0]) ? contents[0] : null;
  const commandsNode = contents.length > 1 ? contents[1] : isSeq(contents[0]) ? contents[0] : null;
  if (commandsNode && !isSeq(commandsNode))
    throw new MaestroFileError(
      file,
      lineOf(commandsNode),
      'after --- a Maestro flow is a list of commands (- tapOn: ...)',
    );
  return {
    file,
    config: reader.config(configNode),
    commands: commandsNode ? reader.commands(commandsNode) : [],
  };
}

function emptyFlow(file: string): MaestroFlowFile {
  return { file, config: { tags: [], env: {}, onFlowStart: [], onFlowComplete: [] }, commands: [] };
}

class Reader {
  constructor(
    private readonly file: string,
    private readonly absolute: string,
    private readonly lineOf: (node: Node | Pair | null | undefined) => number,
    private readonly stack: string[],
  ) {}

  config(node: Node | null | undefined): MaestroConfig {
    const config: MaestroConfig = { tags: [], env: {}, onFlowStart: [], onFlowComplete: [] };
    if (!node) return config;
    if (!isMap(node))
      throw new MaestroFileError(this.file, this.lineOf(node), 'the config header is a map (appId: ...)');
    for (const pair of node.items) {
      const key = String((pair.key as Node & { value?: unknown })?.toJSON?.() ?? pair.key);
      const value = pair.value as Node | null;
      if (key === 'onFlowStart' || key === 'onFlowComplete') {
        const list = isMap(value) ? value.get('commands', true) : value;
        config[key] = isSeq(list) ? this.commands(list) : [];
      } else {
        const plain = value && 'toJSON' in value ? (value as { toJSON(): unknown }).toJSON() : value;
        if (key === 'appId' && typeof plain === 'string') config.appId = plain;
        if (key === 'url' && typeof plain === 'string') config.url = plain;
        if (key === 'name' && typeof plain === 'string') config.name = plain;
        if (key === 'tags') {
          config.tags = this.tags(plain, this.lineOf(pair));
          config.tagsLine = this.lineOf(pair);
        }
        if (key === 'env' && plain && typeof plain === 'object')
          config.env = Object.fromEntries(Object.entries(plain).map(([k, v]) => [k, v === null ? '' : String(v)]));
      }
    }
    return config;
  }

  /** Maestro's tags: a list of free text (`releaseTest`, `smoke test`); a number is its text. */
  private tags(plain: unknown, line: number): string[] {
    const rule = 'tags is a list of free text, e.g. tags: [releaseTest, smoke test]';
    if (plain === null || plain === undefined) return [];
    if (!Array.isArray(plain))
      throw new MaestroFileError(
        this.file,
        line,
        `${rule}; found ${typeof plain === 'string' ? `the single text "${plain}": write it as tags: [${plain}]` : 'a map: list the tags instead'}`,
      );
    return plain.map((tag, index) => {
      if (typeof tag === 'string' || typeof tag === 'number' || typeof tag === 'boolean') return String(tag);
      throw new MaestroFileError(
        this.file,
        line,
        `${rule}; tag ${index + 1} is ${tag === null ? 'empty' : 'a map or a list'}: write it as text`,
      );
    });
  }

  commands(node: Node): MaestroCommand[] {
    if (!isSeq(node)) throw new MaestroFileError(this.file, this.lineOf(node), 'commands are a list (- tapOn: ...)');
    return node.items.map((item) => this.command(item as Node));
  }

  private command(node: Node): MaestroCommand {
    const line = this.lineOf(node);
    if (isScalar(node)) return { name: String(node.value), args: undefined, file: this.file, line };
    if (!isMap(node) || node.items.length !== 1)
      throw new MaestroFileError(this.file, line, 'a command is one name, or one name with its value (- tapOn: Login)');
    const pair = node.items[0]!;
    const name = String((pair.key as Node & { toJSON(): unknown }).toJSON());
    const valueNode = pair.value as Node | null;
    const command: MaestroCommand = { name, args: this.value(valueNode), file: this.file, line };
    this.attachFiles(command);
    return command;
  }

  /** The value as plain data, with any `commands` list inside it read as commands. */
  private value(node: Node | null): unknown {
    if (!node) return undefined;
    if (isMap(node)) {
      const out: Record<string, unknown> = {};
      for (const pair of node.items) {
        const key = String((pair.key as Node & { toJSON(): unknown }).toJSON());
        const inner = pair.value as Node | null;
        out[key] = key === 'commands' && isSeq(inner) ? this.commands(inner) : inner ? inner.toJSON() : null;
      }
      return out;
    }
    return node.toJSON();
  }

  /** runFlow / retry files are read and attached; runScript's source too. */
  private attachFiles(command: MaestroCommand): void {
    const args = command.args;
    const named =
      typeof args === 'string' && command.name === 'runFlow'
        ? args
        : typeof args === 'string' && command.name === 'runScript'
          ? args
          : args && typeof args === 'object' && typeof (args as { file?: unknown }).file === 'string'
            ? (args as { file: string }).file
            : undefined;
    if (!named || !['runFlow', 'retry', 'runScript'].includes(command.name)) return;
    if (named.includes('${')) return; // a computed path: read when the flow runs
    const path = resolve(dirname(this.absolute), named);
    if (command.name === 'runScript') {
      try {
        command.script = readFileSync(path, 'utf8');
      } catch (error) {
        throw new MaestroFileError(this.file, command.line, `runScript ${named}: ${(error as Error).message}`);
      }
      return;
    }
    if (this.stack.includes(path))
      throw new MaestroFileError(
        this.file,
        command.line,
        `${command.name} ${named} runs a flow that is already running (a cycle)`,
      );
    if (this.stack.length >= MAX_DEPTH)
      throw new MaestroFileError(
        this.file,
        command.line,
        `${command.name} ${named}: flows nest more than ${MAX_DEPTH} deep`,
      );
    try {
      command.loaded = readMaestroFlow(shownPath(path), this.stack);
    } catch (error) {
      if (error instanceof MaestroFileError && error.line > 0) throw error;
      throw new MaestroFileError(this.file, command.line, `${command.name} ${named}: ${(error as Error).message}`);
    }
  }
}

/** A path as a person reads it: relative to the working directory when inside it. */
function shownPath(absolute: string): string {
  const near = relative(process.cwd(), absolute);
  return near && !near.startsWith('..') ? near : absolute;
}
