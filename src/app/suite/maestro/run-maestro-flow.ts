// One Maestro flow on a bench, through runFlow (the same bench, loop, journal, report and result
// as one of our flows) with the Maestro interpreter and a QuickJS sandbox of its own. A flow with
// a refused command does not start: nothing moves (unless --skip-unsupported, which turns those
// commands into skipped steps). Its video is every run's (app/video/run-video.ts).
import { openQuickJsSandbox } from '../../../adapters/js-sandbox/quickjs-sandbox.js';
import { isRefusal } from '../../../core/maestro/flow-model.js';
import { MaestroInterpreter } from '../../../core/maestro/maestro-interpreter.js';
import type { FlowResult } from '../flow-result.js';
import { runFlow, type FlowRunOptions } from '../run-flow.js';
import { problemLine, type LoadedMaestro } from './load-maestro.js';

export interface MaestroFlowOptions extends Omit<FlowRunOptions, 'flow' | 'interpreter' | 'video'> {
  loaded: LoadedMaestro;
  skipUnsupported?: boolean;
}

/** As Maestro does, the shell's MAESTRO_* variables are the flow's env too (--env beats them). */
function maestroEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('MAESTRO_') && e[1] !== undefined),
  );
}

export async function runMaestroFlow(options: MaestroFlowOptions): Promise<FlowResult> {
  const { loaded } = options;
  const base = {
    file: options.file,
    name: loaded.name,
    tags: loaded.tags,
    format: 'maestro' as const,
    startedAt: new Date().toISOString(),
    durationMs: 0,
    stateDir: options.stateDir,
    screenshots: [],
  };
  const malformed = loaded.problems.find((p) => !isRefusal(p));
  const refused = loaded.problems.filter(isRefusal);
  if (malformed || (refused.length && !options.skipUnsupported)) {
    const problems = malformed ? [malformed] : refused;
    return {
      ...base,
      status: 'error',
      failure: {
        kind: malformed ? 'load' : 'refused',
        message: problems.map((p) => `${malformed ? 'MALFORMED' : 'REFUSED'} ${problemLine(p)}`).join('\n'),
        step: `${problems[0]!.file}:${problems[0]!.line} (${problems[0]!.command})`,
      },
    };
  }
  const sandbox = await openQuickJsSandbox();
  const interpreter = new MaestroInterpreter(loaded.flow, sandbox, {
    env: { ...maestroEnvironment(), ...(options.env ?? {}) },
    skipUnsupported: options.skipUnsupported ?? false,
  });
  let result: FlowResult;
  try {
    result = await runFlow({ ...options, flow: loaded.task, interpreter });
  } finally {
    sandbox.dispose();
  }
  return { ...result, name: loaded.name, format: 'maestro', notes: [...interpreter.notes(), ...(result.notes ?? [])] };
}
