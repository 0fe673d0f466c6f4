// `benchhand findings`: lists what the agent found and lets a person decide about each finding.
// Findings live in <state dir>/findings.json: --state-dir, else the default state directory
// ($BENCHHAND_STATE_DIR, else $XDG_STATE_HOME/benchhand, else ~/.local/state/benchhand). That is
// where `benchhand run` without --state-dir keeps them (its runs go to <state dir>/runs/<time>/);
// a run given --state-dir DIR keeps them in DIR, so pass the same DIR here.
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { openFindingsStore } from '../../app/bench/state-dir-tools.js';
import {
  FINDING_SEVERITIES,
  FINDING_STATUSES,
  type FindingRecord,
  type FindingStatus,
} from '../../core/findings/finding-record.js';
import { matchIdPrefix, MIN_ID_PREFIX } from '../../core/findings/id-prefix.js';
import { STATUS_COMMANDS, type StatusCommand } from '../../core/findings/status-rules.js';
import { defaultStateDir, parseOptions, UsageError } from '../args.js';

const USAGE = [
  'benchhand findings [list] [--status STATUS[,STATUS...]] [--json] [--state-dir DIR]',
  '       benchhand findings acknowledge|start|resolve|reopen ID [--note TEXT] [--by NAME] [--state-dir DIR]',
  '       benchhand findings dismiss ID --note TEXT [--by NAME] [--state-dir DIR]',
].join('\n');

const HELP = `usage: ${USAGE}
  list         the findings, open ones first (the default)
  acknowledge  seen by a person; the agent keeps updating it       (status acknowledged)
  start        someone is working on it; the agent keeps updating it (status in_progress)
  resolve      fixed; the agent no longer saves it                   (status resolved)
  dismiss      not a problem; needs --note saying why                (status dismissed)
  reopen       back to new
  ID           the id or its first ${MIN_ID_PREFIX} or more characters, as list shows it
  --by         who decided (default: your user name)
Findings are in DIR/findings.json; DIR is --state-dir, else the default state directory
(${defaultStateDir()}), which is where \`benchhand run\` without --state-dir keeps them.
`;

export async function findingsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(
    argv,
    {
      'state-dir': { type: 'string' },
      status: { type: 'string' },
      json: { type: 'boolean' },
      note: { type: 'string' },
      by: { type: 'string' },
      help: { type: 'boolean' },
    },
    USAGE,
  );
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const stateDir = resolve(values['state-dir'] ?? defaultStateDir());
  const [action = 'list', typedId, ...extra] = positionals;
  if (extra.length) throw new UsageError(`unexpected "${extra.join(' ')}"\nusage: ${USAGE}`);
  if (action === 'list') {
    if (typedId) throw new UsageError(`list takes no id (got "${typedId}")\nusage: ${USAGE}`);
    return list(stateDir, parseStatuses(values.status), values.json ?? false);
  }
  if (!(action in STATUS_COMMANDS))
    throw new UsageError(
      `unknown action "${action}": use list, ${Object.keys(STATUS_COMMANDS).join(', ')}\nusage: ${USAGE}`,
    );
  if (!typedId)
    throw new UsageError(`${action} needs the id of a finding (see \`benchhand findings list\`)\nusage: ${USAGE}`);
  return changeStatus(stateDir, action as StatusCommand, typedId, values.note, values.by ?? whoAmI());
}

async function list(stateDir: string, statuses: FindingStatus[] | undefined, asJson: boolean): Promise<number> {
  const store = await openFindingsStore(stateDir);
  const all = await store.list();
  const shown = all.filter((finding) => !statuses || statuses.includes(finding.status)).sort(byAttention);
  if (asJson) {
    process.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
    return 0;
  }
  if (all.length === 0) {
    process.stdout.write(`no findings yet in ${store.path}\n`);
    return 0;
  }
  const filter = statuses ? ` with status ${statuses.join(' or ')}` : '';
  process.stdout.write(`${shown.length} of ${all.length} findings${filter} in ${store.path}\n`);
  for (const finding of shown) process.stdout.write(`${describe(finding)}\n`);
  return 0;
}

async function changeStatus(
  stateDir: string,
  command: StatusCommand,
  typedId: string,
  note: string | undefined,
  by: string,
): Promise<number> {
  const store = await openFindingsStore(stateDir);
  const finding = findById(await store.list(), typedId, store.path, stateDir);
  const result = await store.setStatus(finding.id, { status: STATUS_COMMANDS[command], note, by });
  if (!result.ok) {
    throw new UsageError(
      `dismiss needs a note saying why (it stays in the finding's history, and the agent is shown it): benchhand findings dismiss ${typedId} --note "TEXT"`,
    );
  }
  const { record } = result;
  process.stdout.write(
    result.changed
      ? `${record.id.slice(0, 12)} is now ${record.status} (was ${finding.status}): ${record.subject}\n`
      : `${record.id.slice(0, 12)} is already ${record.status}; nothing changed: ${record.subject}\n`,
  );
  return 0;
}

function findById(findings: FindingRecord[], typedId: string, path: string, stateDir: string): FindingRecord {
  const match = matchIdPrefix(
    findings.map((finding) => finding.id),
    typedId,
  );
  const listHint = `see the ids with \`benchhand findings list --state-dir ${stateDir}\``;
  switch (match.kind) {
    case 'found':
      return findings.find((finding) => finding.id === match.id)!;
    case 'not_hex':
      throw new UsageError(`"${typedId}" is not a finding id (ids are hex digits, 0-9 and a-f): ${listHint}`);
    case 'too_short':
      throw new UsageError(
        `"${typedId}" is too short: give at least ${MIN_ID_PREFIX} characters of the id; ${listHint}`,
      );
    case 'unknown':
      throw new Error(
        `no finding has an id starting with "${typedId}" in ${path}${findings.length ? '' : ' (it holds no findings)'}: ${listHint}, or pass the --state-dir of the run that found it`,
      );
    case 'ambiguous': {
      const matches = match.matches.map((id) =>
        describe(
          findings.find((finding) => finding.id === id)!,
          32,
        ),
      );
      throw new Error(
        `"${typedId}" matches ${matches.length} findings; give more characters of the id:\n${matches.join('\n')}`,
      );
    }
  }
}

function parseStatuses(raw: string | undefined): FindingStatus[] | undefined {
  if (raw === undefined) return undefined;
  const statuses = raw.split(',').map((status) => status.trim());
  const unknown = statuses.filter((status) => !(FINDING_STATUSES as readonly string[]).includes(status));
  if (unknown.length)
    throw new UsageError(
      `unknown status "${unknown.join(', ')}": use ${FINDING_STATUSES.join(', ')} (several separated by commas)`,
    );
  return statuses as FindingStatus[];
}

/** Open findings first (new, acknowledged, in progress, then resolved, dismissed), worst first, latest first. */
function byAttention(a: FindingRecord, b: FindingRecord): number {
  const order: FindingStatus[] = ['new', 'acknowledged', 'in_progress', 'resolved', 'dismissed'];
  return (
    order.indexOf(a.status) - order.indexOf(b.status) ||
    FINDING_SEVERITIES.indexOf(b.severity) - FINDING_SEVERITIES.indexOf(a.severity) ||
    b.lastSeen.localeCompare(a.lastSeen)
  );
}

function describe(finding: FindingRecord, idLength = 12): string {
  const seen = `${finding.occurrences}x, last ${finding.lastSeen.slice(0, 16).replace('T', ' ')}`;
  return `${finding.id.slice(0, idLength)}  ${finding.status.padEnd(12)} ${finding.severity.padEnd(8)} ${seen}  ${finding.device} / ${finding.screen} / ${finding.kind}: ${finding.subject}`;
}

function whoAmI(): string {
  try {
    return process.env.USER || userInfo().username;
  } catch {
    return 'unknown user'; // no passwd entry (some containers)
  }
}
