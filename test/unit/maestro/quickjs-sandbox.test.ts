// The flow's JavaScript runs in QuickJS compiled to WebAssembly: its globals last the flow, and it
// has no Node, no files, no network, a time limit and a memory limit.
import { afterEach, describe, expect, it } from 'vitest';
import { openQuickJsSandbox } from '../../../src/adapters/js-sandbox/quickjs-sandbox.js';
import type { ScriptSandbox } from '../../../src/core/ports/script-sandbox.js';

let sandbox: ScriptSandbox | undefined;
afterEach(() => sandbox?.dispose());

describe('the QuickJS sandbox', () => {
  it('keeps globals between evaluations and hands values back as plain data', async () => {
    sandbox = await openQuickJsSandbox();
    await sandbox.setGlobal('output', {});
    await sandbox.evaluate('output.n = 40 + 2');
    expect(await sandbox.evaluate('output')).toEqual({ n: 42 });
    expect(await sandbox.getGlobal('missing')).toBeUndefined();
  });

  it('has no Node modules, process, files or network', async () => {
    sandbox = await openQuickJsSandbox();
    expect(
      await sandbox.evaluate(
        '[typeof require, typeof process, typeof fetch, typeof XMLHttpRequest, typeof std, typeof os].join()',
      ),
    ).toBe('undefined,undefined,undefined,undefined,undefined,undefined');
    // No module loader: a dynamic import never yields a module.
    expect(await sandbox.evaluate('let m; import("node:fs").then((x) => (m = x)); m')).toBeUndefined();
  });

  it('stops a script that runs past its time limit, and one past its memory limit', async () => {
    sandbox = await openQuickJsSandbox({ timeMs: 200, memoryBytes: 8 * 1024 * 1024 });
    await expect(sandbox.evaluate('for (;;) {}')).rejects.toMatchObject({ reason: 'time_limit' });
    await expect(sandbox.evaluate("'x'.repeat(1e8).length")).rejects.toMatchObject({
      reason: 'memory_limit',
    });
    expect(await sandbox.evaluate('1 + 1')).toBe(2); // still usable
  });
});
