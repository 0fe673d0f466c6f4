// The operator surface's topic tree (src/core/operator/topics.ts) as the web console's page loads
// it: the one module the bench and the ops CLI use, served as /operator/topics.js, so the page keeps
// no copy of its own. It imports nothing, so the browser runs it as compiled.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export const OPERATOR_MODULE_PATH = '/operator/topics.js';

/** The compiled module: dist/ has it built; from the sources (tests, tsx) the checkout's compiler strips the types. */
export async function operatorModuleSource(): Promise<string> {
  const built = fileURLToPath(new URL('../../core/operator/topics.js', import.meta.url));
  if (existsSync(built)) return readFile(built, 'utf8');
  const source = await readFile(fileURLToPath(new URL('../../core/operator/topics.ts', import.meta.url)), 'utf8');
  const { default: ts } = await import('typescript');
  return ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
  }).outputText;
}
