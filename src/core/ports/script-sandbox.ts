// The port for running a flow's JavaScript (Maestro's evalScript, runScript, ${...}): a sandbox
// with its own globals that live as long as the flow, no file or network access, and a limit on
// time and memory per evaluation. The real one is QuickJS compiled to WebAssembly
// (src/adapters/js-sandbox/). Pure types.

export interface ScriptSandbox {
  /** Runs code (an expression or statements) and returns its value as plain data; throws ScriptError. */
  evaluate(code: string): Promise<unknown>;
  /** Sets a global to plain data (JSON-safe). */
  setGlobal(name: string, value: unknown): Promise<void>;
  /** A global's value as plain data (undefined when unset). */
  getGlobal(name: string): Promise<unknown>;
  dispose(): void;
}

/** A script that threw, ran out of time or memory, or does not parse. */
export class ScriptError extends Error {
  constructor(
    message: string,
    readonly reason: 'threw' | 'time_limit' | 'memory_limit',
  ) {
    super(message);
    this.name = 'ScriptError';
  }
}
