// findings.json on disk: its names, and how a damaged one is refused. The refusal says which
// file, what is wrong and what to do; it never lets the store start empty over existing data.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { findingsFileProblems, type FindingsFile } from '../../core/findings/finding-record.js';

export const FINDINGS_FILE = 'findings.json';
/** The copy of findings.json as it was before the latest write (named like result.prev.json). */
export const PREVIOUS_FINDINGS_FILE = 'findings.prev.json';

export const findingsPath = (directory: string): string => join(directory, FINDINGS_FILE);
export const previousFindingsPath = (directory: string): string => join(directory, PREVIOUS_FINDINGS_FILE);

export class FindingsFileError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'FindingsFileError';
  }
}

/** The data in the text of a findings file, or a FindingsFileError with advice. */
export async function parseFindingsText(text: string, path: string, previousPath: string): Promise<FindingsFile> {
  const checked = checkFindingsText(text);
  if ('data' in checked) return checked.data;
  throw new FindingsFileError(
    path,
    `${path} cannot be used: ${checked.problem}. Nothing was changed, so no finding is lost. ${await advice(path, previousPath)}`,
  );
}

function checkFindingsText(text: string): { data: FindingsFile } | { problem: string } {
  if (text.trim() === '') return { problem: `it is empty (${Buffer.byteLength(text)} bytes)` };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { problem: `it is not valid JSON, perhaps cut short (${(error as Error).message})` };
  }
  const problem = findingsFileProblems(data);
  return problem ? { problem } : { data: data as FindingsFile };
}

async function advice(path: string, previousPath: string): Promise<string> {
  let previous: string;
  try {
    previous = await readFile(previousPath, 'utf8');
  } catch {
    return `There is no previous copy (${previousPath}): repair ${path} by hand, or move it aside (mv ${path} ${path}.damaged) to start an empty list.`;
  }
  const checked = checkFindingsText(previous);
  if (!('data' in checked)) {
    return `The previous copy ${previousPath} is damaged too (${checked.problem}): repair ${path} by hand, or move it aside (mv ${path} ${path}.damaged) to start an empty list.`;
  }
  const written = (await stat(previousPath)).mtime.toISOString();
  return `The previous copy ${previousPath} is intact (${checked.data.findings.length} findings, written ${written}): compare the two, then restore it with cp ${previousPath} ${path} (changes after ${written} are lost), or repair ${path} by hand.`;
}
