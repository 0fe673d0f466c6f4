// A local operator's commands, appended as JSON lines to operator.jsonl in the state directory
// (by `benchhand control`) and read by the running agent at its safe points.
import { join } from 'node:path';
import { z } from 'zod';
import type { OperatorCommand, OperatorPort } from '../../core/ports/operator.js';
import { AppendLog } from '../store/append-log.js';
import { JsonLinesTail } from '../store/json-lines-tail.js';

export const OPERATOR_FILE = 'operator.jsonl';

const commandSchema = z.union([
  z.object({ id: z.string().min(1), kind: z.enum(['pause', 'resume', 'stop']), by: z.string().min(1) }).strict(),
  z
    .object({
      id: z.string().min(1),
      kind: z.literal('redirect'),
      by: z.string().min(1),
      instructions: z.string().min(3).max(2000),
    })
    .strict(),
]);

export class FileOperator implements OperatorPort {
  private readonly tail: JsonLinesTail;
  private readonly seen = new Set<string>();

  /** Commands already in the file belong to earlier runs: this run reads what comes after it starts. */
  constructor(stateDir: string) {
    this.tail = new JsonLinesTail(join(stateDir, OPERATOR_FILE), { fromEnd: true });
  }

  async poll(): Promise<OperatorCommand[]> {
    const commands: OperatorCommand[] = [];
    for (const { value } of this.tail.readNew()) {
      const parsed = commandSchema.safeParse(value);
      // Not a command (or one seen before): ignored, and the agent goes on.
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
