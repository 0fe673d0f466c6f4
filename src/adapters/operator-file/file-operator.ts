// A local operator's commands, appended as JSON lines to operator.jsonl in the state directory
// (by `benchhand control`) and read by the running agent at its safe points.
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { OperatorCommand, OperatorPort } from '../../core/ports/operator.js';
import { AppendLog } from '../store/append-log.js';

export const OPERATOR_FILE = 'operator.jsonl';

const commandSchema = z.union([
  z.object({ id: z.string().min(1), kind: z.enum(['pause', 'resume', 'stop']), by: z.string().min(1) }).strict(),
  z.object({ id: z.string().min(1), kind: z.literal('redirect'), by: z.string().min(1), instructions: z.string().min(3).max(2000) }).strict(),
]);

export class FileOperator implements OperatorPort {
  private offset = 0;
  private partial = '';
  private readonly seen = new Set<string>();

  /** Commands already in the file belong to earlier runs: this run reads what comes after it starts. */
  constructor(private readonly stateDir: string) {
    const path = join(stateDir, OPERATOR_FILE);
    this.offset = existsSync(path) ? statSync(path).size : 0;
  }

  async poll(): Promise<OperatorCommand[]> {
    const path = join(this.stateDir, OPERATOR_FILE);
    if (!existsSync(path)) return [];
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(64 * 1024);
      let count: number;
      while ((count = readSync(fd, buffer, 0, buffer.length, this.offset)) > 0) {
        this.offset += count;
        this.partial += buffer.subarray(0, count).toString('utf8');
      }
    } finally {
      closeSync(fd);
    }
    const lines = this.partial.split('\n');
    this.partial = lines.pop() ?? '';
    const commands: OperatorCommand[] = [];
    for (const line of lines) {
      if (!line.trim()) continue;
      let parsed: ReturnType<typeof commandSchema.safeParse>;
      try {
        parsed = commandSchema.safeParse(JSON.parse(line));
      } catch {
        continue; // not a command: ignored, and the agent goes on
      }
      if (!parsed.success || this.seen.has(parsed.data.id)) continue;
      this.seen.add(parsed.data.id);
      commands.push(parsed.data);
    }
    return commands;
  }
}

/** Appends one command (fsync'd) for the running agent to pick up at its next safe point. */
export async function sendOperatorCommand(stateDir: string, command: OperatorCommand): Promise<void> {
  const parsed = commandSchema.parse(command);
  const log = new AppendLog(join(stateDir, OPERATOR_FILE));
  await log.append(parsed);
  await log.close();
}
