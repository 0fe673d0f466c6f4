// `benchhand test`'s engine: the flows one after another on one bench, each in its own state
// directory under OUTPUT/flows/, a live line for the flow running, then the suite's page
// (OUTPUT/index.html), results.json and, asked for, OUTPUT/junit.xml. A cancelled flow (Ctrl-C)
// ends the suite: the flows after it are reported skipped.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { ProgressEvent } from '../../core/agent/loop/agent-deps.js';
import type { TaskDefinition } from '../../core/agent/task/task-schema.js';
import { flowName } from './discover-flows.js';
import { loadFlow } from './flow-file.js';
import type { FlowResult } from './flow-result.js';
import { junitXml, type SuiteInfo } from './junit.js';
import { runFlow, type FlowRunOptions } from './run-flow.js';
import { suiteHtml } from './suite-html.js';
import { detectFormat } from './maestro/detect-format.js';
import { loadMaestro, type LoadedMaestro } from './maestro/load-maestro.js';
import { runMaestroFlow } from './maestro/run-maestro-flow.js';

export interface SuiteOptions extends Omit<FlowRunOptions, 'file' | 'stateDir' | 'flow' | 'onProgress'> {
  files: string[];
  outputDir: string;
  includeTags?: string[];
  excludeTags?: string[];
  junit?: boolean;
  /** The bench in words, for the page and the JUnit properties. */
  bench: string;
  name?: string;
  /** Maestro flows: refused commands become skipped steps instead of refusing the flow. */
  skipUnsupported?: boolean;
  /** Where the live lines go; `live` rewrites one line per flow in place (a terminal). */
  out?: { write(text: string): void; live: boolean };
}

export interface SuiteOutcome {
  results: FlowResult[];
  pagePath: string;
  junitPath?: string;
  resultsPath: string;
  info: SuiteInfo;
}

export async function runSuite(options: SuiteOptions): Promise<SuiteOutcome> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
  await mkdir(join(options.outputDir, 'flows'), { recursive: true });
  const results: FlowResult[] = [];
  const picked = pickByTags(options.files, options);
  for (const [i, { file, flow, excluded, problem, maestro }] of picked.entries()) {
    const stateDir = join(options.outputDir, 'flows', `${String(i + 1).padStart(2, '0')}-${flowName(file)}`);
    if (excluded || options.signal?.aborted) {
      results.push(skipped(file, stateDir, flow?.tags ?? maestro?.tags ?? []));
      continue;
    }
    const line = liveLine(options.out, flowName(file), i + 1, picked.length);
    const result = problem
      ? {
          file,
          name: flowName(file),
          tags: [],
          status: 'error' as const,
          failure: { kind: 'load', message: problem },
          startedAt: new Date().toISOString(),
          durationMs: 0,
          stateDir,
          screenshots: [],
        }
      : maestro
        ? await runMaestroFlow({ ...options, file, stateDir, loaded: maestro, onProgress: line.progress })
        : await runFlow({ ...options, file, stateDir, flow, onProgress: line.progress });
    line.done(result);
    results.push(result);
  }
  const info: SuiteInfo = {
    name: options.name ?? 'benchhand test',
    startedAt,
    durationMs: Math.round(performance.now() - started),
    hostname: hostname(),
    bench: options.bench,
  };
  const pagePath = join(options.outputDir, 'index.html');
  await atomicWrite(pagePath, suiteHtml(info, results, pagePath));
  const resultsPath = join(options.outputDir, 'results.json');
  await atomicWrite(resultsPath, `${JSON.stringify({ suite: info, results }, null, 2)}\n`);
  const junitPath = options.junit ? join(options.outputDir, 'junit.xml') : undefined;
  if (junitPath) await atomicWrite(junitPath, junitXml(info, results));
  return { results, pagePath, junitPath, resultsPath, info };
}

interface Picked {
  file: string;
  flow?: TaskDefinition;
  /** A Maestro flow (detected by its shape), run by its own interpreter on the same loop. */
  maestro?: LoadedMaestro;
  excluded: boolean;
  problem?: string;
}

/** Loads every flow first (a bad file is reported, not fatal) and applies the tag filters. */
function pickByTags(files: string[], options: Pick<SuiteOptions, 'includeTags' | 'excludeTags' | 'env'>): Picked[] {
  return files.map((file) => {
    const format = detectFormat(file);
    if (format === 'maestro-workspace')
      return { file, excluded: false, problem: `${file} is a Maestro workspace config, not a flow: name its folder` };
    if (format === 'maestro') return pickMaestro(file, options);
    let flow: TaskDefinition;
    try {
      flow = loadFlow(file, { env: options.env });
    } catch (error) {
      return { file, excluded: false, problem: (error as Error).message };
    }
    const included = !options.includeTags?.length || flow.tags.some((t) => options.includeTags!.includes(t));
    const excluded = !!options.excludeTags?.length && flow.tags.some((t) => options.excludeTags!.includes(t));
    return { file, flow, excluded: !included || excluded };
  });
}

function pickMaestro(file: string, options: Pick<SuiteOptions, 'includeTags' | 'excludeTags'>): Picked {
  let maestro: LoadedMaestro;
  try {
    maestro = loadMaestro(file);
  } catch (error) {
    return { file, excluded: false, problem: (error as Error).message };
  }
  const included = !options.includeTags?.length || maestro.tags.some((t) => options.includeTags!.includes(t));
  const excluded = !!options.excludeTags?.length && maestro.tags.some((t) => options.excludeTags!.includes(t));
  return { file, maestro, excluded: !included || excluded };
}

function skipped(file: string, stateDir: string, tags: string[]): FlowResult {
  return {
    file,
    name: flowName(file),
    tags,
    status: 'skipped',
    startedAt: new Date().toISOString(),
    durationMs: 0,
    stateDir,
    screenshots: [],
  };
}

const MARK: Record<FlowResult['status'], string> = { passed: 'PASS', failed: 'FAIL', error: 'ERROR', skipped: 'SKIP' };

/** The line for the flow running: rewritten in place with its latest step on a terminal; one final line per flow everywhere. */
function liveLine(
  out: SuiteOptions['out'],
  name: string,
  n: number,
  total: number,
): { progress?(event: ProgressEvent): void; done(result: FlowResult): void } {
  if (!out) return { done: () => undefined };
  const head = `[${n}/${total}] ${name}`;
  const started = performance.now();
  if (out.live) out.write(`${head} …`);
  return {
    progress: out.live
      ? (event) => {
          if (event.type !== 'call' && event.type !== 'outcome') return;
          const what = event.type === 'call' ? `${event.tool}: ${event.summary}` : `${event.tool} -> ${event.status}`;
          out.write(
            `\r\x1b[K${head}  step ${event.step}  ${what.slice(0, 90)}  ${((performance.now() - started) / 1000).toFixed(0)} s`,
          );
        }
      : undefined,
    done: (result) => {
      const why = result.failure ? `: ${result.failure.message.replace(/\n\s*/g, ' ').slice(0, 300)}` : '';
      out.write(
        `${out.live ? '\r\x1b[K' : ''}${MARK[result.status]} ${head} (${(result.durationMs / 1000).toFixed(1)} s)${why}\n`,
      );
    },
  };
}

async function atomicWrite(path: string, text: string): Promise<void> {
  await writeFile(`${path}.tmp`, text);
  await rename(`${path}.tmp`, path);
}
