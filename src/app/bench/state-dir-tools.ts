// What the offline commands (`benchhand findings`, `benchhand control`) do to a state directory
// without a bench: open its findings, drop an operator command into its control file.
import { sendOperatorCommand as appendOperatorCommand } from '../../adapters/operator-file/file-operator.js';
import { FindingsStore } from '../../adapters/store/findings-store.js';
import type { OperatorCommand } from '../../core/ports/operator.js';

export function openFindingsStore(directory: string): Promise<FindingsStore> {
  return FindingsStore.open(directory);
}

/** The running task takes it at its next safe point (the operator hub polls the file). */
export function sendOperatorCommand(stateDir: string, command: OperatorCommand): Promise<void> {
  return appendOperatorCommand(stateDir, command);
}
