// Loads a task file (YAML) with errors that name the line, the field and the fix.
import { readFileSync } from 'node:fs';
import { STEP_KINDS, taskSchema, type TaskDefinition } from '../../core/agent/task/task-schema.js';
import { loadYamlWithSchema, type UnionHints } from '../../config/yaml-schema.js';

const stepHints: UnionHints = {
  kindKeys: new Set<string>(STEP_KINDS),
  describe: () => `not a known step: use one of ${STEP_KINDS.map((k) => `{${k}: ...}`).join(', ')} (e.g. {tap: "Sign in", expect: "Welcome"})`,
};

export function loadTask(path: string): TaskDefinition {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the task file ${path}: ${(error as Error).message}`);
  }
  return loadYamlWithSchema(text, taskSchema, path, 'task file', stepHints);
}
