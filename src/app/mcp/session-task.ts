// The task of an MCP session: the client brings the steps, so the task is a goal (the same on
// every session unless --goal says otherwise, so a resume finds its own record) and the secrets
// the client may type by name, read from the environment here and never shown to the client.
import { taskSchema, type TaskDefinition } from '../../core/agent/task/task-schema.js';

export const SESSION_GOAL = 'Carry out the tool calls of an MCP client on the bench, each one as a guarded step.';

/** A --secret that cannot be used; the command line turns it into a usage error. */
export class SessionTaskError extends Error {}

const INPUT_NAME = /^[a-z_][a-z0-9_]*$/i;

export function sessionTask(
  goal: string | undefined,
  secretNames: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): TaskDefinition {
  const inputs: Record<string, string> = {};
  for (const name of secretNames) {
    if (!INPUT_NAME.test(name))
      throw new SessionTaskError(
        `--secret ${name}: a name is letters, digits and _ (not starting with a digit), like WIFI_PASSWORD`,
      );
    const value = env[name];
    if (!value)
      throw new SessionTaskError(
        `--secret ${name}: the environment variable ${name} is not set or empty: export it with the value to type`,
      );
    inputs[name] = value;
  }
  return taskSchema.parse({ goal: goal ?? SESSION_GOAL, inputs, secrets: [...secretNames] });
}
