// The session's record as MCP resources, read from the state directory when asked (the files are
// the truth; nothing is cached): the write-ahead journal, the findings, the run's HTML report, and
// the result file (where the run is, what it completed, what recovery told a resumed session).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import { JOURNAL_FILE } from '../../core/state/read-journal.js';
import { RESULT_FILE } from '../../core/state/read-checkpoint.js';
import { findingsDirectoryFor } from '../agent/findings-log.js';
import { readRun } from '../report/read-run.js';
import { renderReportHtml } from '../report/render-html.js';

interface SessionResource extends Resource {
  read(stateDir: string): Promise<string>;
}

const RESOURCES: SessionResource[] = [
  {
    uri: 'benchhand://run/journal',
    name: 'journal',
    description:
      "The run's write-ahead journal: each action's intent before it moved, its outcome and its verification (JSON lines)",
    mimeType: 'application/x-ndjson',
    read: (dir) => fileOrEmpty(join(dir, JOURNAL_FILE)),
  },
  {
    uri: 'benchhand://run/findings',
    name: 'findings',
    description: 'What record_finding saved on this bench (findings.json), with the status people gave each',
    mimeType: 'application/json',
    read: (dir) => fileOrEmpty(join(findingsDirectoryFor(dir), 'findings.json'), '{}'),
  },
  {
    uri: 'benchhand://run/report',
    name: 'report',
    description:
      "The run's report as one HTML page (what `benchhand report` writes): steps, taps, verifications, findings",
    mimeType: 'text/html',
    read: async (dir) => renderReportHtml(await readRun(dir)),
  },
  {
    uri: 'benchhand://run/result',
    name: 'result',
    description: 'The result file: status, step, what was completed, errors (result.json)',
    mimeType: 'application/json',
    read: (dir) => fileOrEmpty(join(dir, RESULT_FILE), '{}'),
  },
];

export function listResources(): Resource[] {
  return RESOURCES.map(({ read: _read, ...resource }) => resource);
}

export async function readResource(uri: string, stateDir: string): Promise<ReadResourceResult> {
  const resource = RESOURCES.find((r) => r.uri === uri);
  if (!resource) throw new Error(`no resource ${uri}: the session has ${RESOURCES.map((r) => r.uri).join(', ')}`);
  return { contents: [{ uri, mimeType: resource.mimeType, text: await resource.read(stateDir) }] };
}

async function fileOrEmpty(path: string, empty = ''): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return empty;
    throw error;
  }
}
