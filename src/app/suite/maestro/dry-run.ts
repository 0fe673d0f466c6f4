// `benchhand test PATH --dry-run`: loads and checks every flow without a bench, one line a flow:
//   OK file: N steps
//   REFUSED file:line: clearState needs a driver on the device
//   MALFORMED file:line: what is wrong
// Exit 0 when every flow loaded or was refused only for what this bench lacks (a driver on the
// device, Maestro's cloud AI), 1 when a flow was refused for something its author can change (text
// the USB keyboard cannot type), 2 when a file is malformed.
import { dirname, relative } from 'node:path';
import { isUnsupportedHere } from '../../../core/maestro/command-table.js';
import { isRefusal, type FlowProblem } from '../../../core/maestro/flow-model.js';
import { loadFlow } from '../flow-file.js';
import { detectFormat } from './detect-format.js';
import { discoverSuite } from './discover-workspace.js';
import { loadMaestro, problemLine } from './load-maestro.js';

export interface DryRunOutcome {
  lines: string[];
  counts: { ok: number; refused: number; malformed: number };
  exitCode: 0 | 1 | 2;
}

export function dryRun(
  files: string[],
  options: { env?: Record<string, string>; skipUnsupported?: boolean } = {},
): DryRunOutcome {
  const lines: string[] = [];
  const counts = { ok: 0, refused: 0, malformed: 0 };
  let authorCanFix = false;
  for (const file of files) {
    const verdict = checkOne(file, options);
    lines.push(verdict.line);
    counts[verdict.kind]++;
    if (verdict.kind === 'refused' && !verdict.unsupportedHereOnly) authorCanFix = true;
  }
  lines.push(`${files.length} flow file(s): ${counts.ok} OK, ${counts.refused} refused, ${counts.malformed} malformed`);
  return { lines, counts, exitCode: counts.malformed ? 2 : authorCanFix ? 1 : 0 };
}

type Verdict = { kind: 'ok' | 'refused' | 'malformed'; line: string; unsupportedHereOnly?: boolean };

function checkOne(file: string, options: { env?: Record<string, string>; skipUnsupported?: boolean }): Verdict {
  const format = detectFormat(file);
  try {
    if (format === 'maestro-workspace') {
      const flows = discoverSuite([dirname(file)]).filter((f) => f !== file);
      return {
        kind: 'ok',
        line: `OK ${file}: Maestro workspace config (${flows.length} flow${flows.length === 1 ? '' : 's'}: ${flows.map((f) => relative(dirname(file), f)).join(', ')})`,
      };
    }
    if (format === 'benchhand') {
      const flow = loadFlow(file, { env: options.env });
      return { kind: 'ok', line: `OK ${file}: ${flow.steps?.length ?? 0} steps` };
    }
    const loaded = loadMaestro(file);
    const malformed = loaded.problems.find((p) => !isRefusal(p));
    if (malformed) return { kind: 'malformed', line: `MALFORMED ${problemLine(malformed)}` };
    const refusals = loaded.problems.filter(isRefusal);
    if (refusals.length && !options.skipUnsupported)
      return {
        kind: 'refused',
        unsupportedHereOnly: refusals.every((p: FlowProblem) => isUnsupportedHere(p.kind)),
        line: refusals.map((p) => `REFUSED ${problemLine(p)}`).join('\n'),
      };
    const skipped = refusals.length
      ? ` (${refusals.length} skipped: ${[...new Set(refusals.map((p) => p.command))].join(', ')})`
      : '';
    return { kind: 'ok', line: `OK ${file}: ${loaded.steps} steps${skipped}` };
  } catch (error) {
    return { kind: 'malformed', line: `MALFORMED ${(error as Error).message.split('\n').join(' ')}` };
  }
}
