// The flow's JavaScript runs in QuickJS compiled to WebAssembly (quickjs-emscripten-core with the
// release-sync build): a separate heap the script cannot leave, with none of Node's modules, no
// files and no network (QuickJS's std/os modules are not in this build); a memory limit on its
// runtime and a deadline on each evaluation (an interrupt handler stops a loop that never ends).
// Node's `vm` module would share the process and is not a sandbox.
import {
  newQuickJSWASMModuleFromVariant,
  type QuickJSContext,
  type QuickJSRuntime,
  type QuickJSSyncVariant,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import { ScriptError, type ScriptSandbox } from '../../core/ports/script-sandbox.js';

export interface SandboxLimits {
  /** Per evaluation, wall-clock ms (default 2000). */
  timeMs?: number;
  /** The runtime's heap, bytes (default 32 MiB). */
  memoryBytes?: number;
}

let module: Promise<QuickJSWASMModule> | undefined;

export async function openQuickJsSandbox(limits: SandboxLimits = {}): Promise<ScriptSandbox> {
  // The package's types describe its CommonJS build; imported as ESM its default is the variant.
  module ??= newQuickJSWASMModuleFromVariant(releaseSync as unknown as QuickJSSyncVariant);
  const runtime = (await module).newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes ?? 32 * 1024 * 1024);
  runtime.setMaxStackSize(1024 * 1024);
  return new QuickJsSandbox(runtime, runtime.newContext(), limits.timeMs ?? 2000);
}

class QuickJsSandbox implements ScriptSandbox {
  constructor(
    private readonly runtime: QuickJSRuntime,
    private readonly context: QuickJSContext,
    private readonly timeMs: number,
  ) {}

  async evaluate(code: string): Promise<unknown> {
    const deadline = Date.now() + this.timeMs;
    let interrupted = false;
    this.runtime.setInterruptHandler(() => (interrupted = Date.now() > deadline));
    const result = this.context.evalCode(code, 'flow.js');
    this.runtime.removeInterruptHandler();
    if (result.error) {
      const error = this.context.dump(result.error) as { name?: string; message?: string } | string;
      result.error.dispose();
      const message =
        typeof error === 'object' && error ? `${error.name ?? 'Error'}: ${error.message ?? ''}` : String(error);
      if (interrupted)
        throw new ScriptError(`the script ran past its ${this.timeMs} ms limit and was stopped`, 'time_limit');
      if (/out of memory/i.test(message))
        throw new ScriptError(`the script ran out of its memory limit (${message})`, 'memory_limit');
      throw new ScriptError(message, 'threw');
    }
    try {
      // A promise (an async script, a dynamic import with no module loader) dumps as nothing useful.
      return this.context.typeof(result.value) === 'object' &&
        this.context.getPromiseState(result.value).type !== 'fulfilled' &&
        'then' in (this.context.dump(result.value) ?? {})
        ? undefined
        : this.context.dump(result.value);
    } finally {
      if (result.value.alive) result.value.dispose();
    }
  }

  async setGlobal(name: string, value: unknown): Promise<void> {
    await this.evaluate(
      `globalThis[${JSON.stringify(name)}] = ${value === undefined ? 'undefined' : JSON.stringify(value)};`,
    );
  }

  async getGlobal(name: string): Promise<unknown> {
    return this.evaluate(`globalThis[${JSON.stringify(name)}]`);
  }

  dispose(): void {
    this.context.dispose();
    this.runtime.dispose();
  }
}
