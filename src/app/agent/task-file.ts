// Loads a task file (YAML) with errors that name the line, the field and the fix. A task file is a
// flow: ${NAME} parameters and run_flow sub-flows are filled in as it loads (src/app/suite/flow-file.ts).
import type { TaskDefinition } from '../../core/agent/task/task-schema.js';
import { loadFlow, type FlowLoadOptions } from '../suite/flow-file.js';

export function loadTask(path: string, options: FlowLoadOptions = {}): TaskDefinition {
  return loadFlow(path, options);
}
