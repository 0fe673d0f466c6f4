// `benchhand report STATE_DIR [--out FILE]`: one self-contained HTML page for a run — each step
// with the picture it acted on, the OCR boxes, the tap, the verification, approvals, recovery
// decisions, findings, errors, budgets and the summary. Opens in any browser, offline.
import { writeFile, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { NotAStateDirectory, readRun } from '../../app/report/read-run.js';
import { renderReportHtml } from '../../app/report/render-html.js';
import { parseOptions, UsageError } from '../args.js';

const USAGE = 'benchhand report STATE_DIR [--out FILE]';
const HELP = `usage: ${USAGE}
  STATE_DIR   the run's state directory (benchhand run prints it)
  --out FILE  where to write the page (default: STATE_DIR/report.html)
Pictures appear for runs that kept them (BENCHHAND_KEEP_FRAMES=1 while the run ran: STATE_DIR/frames/).
`;

export async function reportCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, { out: { type: 'string' }, help: { type: 'boolean' } }, USAGE);
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const [stateDir, ...extra] = positionals;
  if (!stateDir || extra.length)
    throw new UsageError(
      `${stateDir ? `one state directory, not ${positionals.length}` : 'STATE_DIR is required'}\nusage: ${USAGE}`,
    );
  let input;
  try {
    input = await readRun(stateDir);
  } catch (error) {
    if (error instanceof NotAStateDirectory) {
      process.stderr.write(`benchhand report: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const out = resolve(values.out ?? join(input.stateDir, 'report.html'));
  const html = renderReportHtml(input);
  const temp = `${out}.${process.pid}.tmp`;
  await writeFile(temp, html);
  await rename(temp, out);
  const pictures = input.frames.filter((f) => f.picture).length;
  process.stdout.write(
    `wrote ${out} (${Math.round(html.length / 1024)} KB; ${pictures} picture${pictures === 1 ? '' : 's'}${input.framesKept ? '' : ', none kept by this run'})\n`,
  );
  return 0;
}
