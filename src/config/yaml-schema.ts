// Reads YAML (or JSON, parsed as YAML so every error has a line) and validates it with a zod
// schema; each problem names the line, the field and a fix. Device files, task files and the
// config all load through here.
import { LineCounter, parseDocument, isMap, isPair, isScalar, type Document, type Node } from 'yaml';
import type { z } from 'zod';

export interface FileProblem {
  line: number;
  column: number;
  field: string;
  message: string;
}
export type Path = (string | number)[];

export class YamlFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: FileProblem[],
    what = 'file',
  ) {
    super(
      `${file}: ${problems.length} problem(s) in the ${what}:\n` +
        problems.map((p) => `  line ${p.line}, ${p.field || '(top level)'}: ${p.message}`).join('\n'),
    );
    this.name = 'YamlFileError';
  }
}

export interface UnionHints {
  /** Keys that say which branch of a union an object is (button, goto, tap...). */
  kindKeys: ReadonlySet<string>;
  /** The whole message for a value that matches no branch of the union at this path. */
  describe(path: Path): string;
}

export interface ParsedYaml {
  doc: Document;
  locate(path: Path, key?: string): { line: number; column: number };
}

/** Parses YAML syntax; throws a YamlFileError naming the line of any syntax error. */
export function parseYaml(text: string, fileName: string, what: string): ParsedYaml {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new YamlFileError(
      fileName,
      doc.errors.map((e) => {
        const { line, col } = lineCounter.linePos(e.pos[0]);
        return { line, column: col, field: '', message: `${e.message.split('\n')[0]} (fix the YAML/JSON syntax here)` };
      }),
      what,
    );
  }
  return { doc, locate: (path, key) => position(doc, lineCounter, path, key) };
}

export function loadYamlWithSchema<S extends z.ZodType>(
  text: string,
  schema: S,
  fileName: string,
  what: string,
  hints?: UnionHints,
): z.output<S> {
  const { doc, locate } = parseYaml(text, fileName, what);
  const parsed = schema.safeParse(doc.toJS());
  if (parsed.success) return parsed.data;
  throw new YamlFileError(
    fileName,
    flattenIssues(parsed.error.issues, [], hints).map((i) => ({
      ...locate(i.path, i.key),
      field: fieldName(i.path, i.key),
      message: i.message,
    })),
    what,
  );
}

interface FlatIssue {
  path: Path;
  key?: string;
  message: string;
}

/** Turns zod issues into one readable problem per place, choosing the union branch the author meant. */
export function flattenIssues(issues: readonly z.core.$ZodIssue[], base: Path, hints?: UnionHints): FlatIssue[] {
  return issues.flatMap((issue): FlatIssue[] => {
    const path = [...base, ...(issue.path as Path)];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path, key, message: `unknown key "${key}": check its spelling or remove it` }));
    }
    if (issue.code === 'invalid_union') return flattenUnion(issue.errors, path, hints);
    if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
      return [{ path, message: `missing: add "${String(path.at(-1))}" (${issue.expected})` }];
    }
    return [{ path, message: issue.message }];
  });
}

function flattenUnion(branches: readonly (readonly z.core.$ZodIssue[])[], path: Path, hints?: UnionHints): FlatIssue[] {
  // A branch that misses its own kind key (button, goto, tap...) is not what the author wrote.
  const missesKindKey = (i: z.core.$ZodIssue) =>
    i.code === 'invalid_type' &&
    i.path.length === 1 &&
    (hints?.kindKeys.has(String(i.path[0])) ?? false) &&
    i.message.endsWith('received undefined');
  const score = (branch: readonly z.core.$ZodIssue[]) => branch.filter(missesKindKey).length * 100 + branch.length;
  const best = [...branches].sort((a, b) => score(a) - score(b))[0] ?? [];
  if (score(best) < 100) return flattenIssues(best, path, hints);
  return [{ path, message: hints?.describe(path) ?? 'not one of the documented forms: check the format description' }];
}

export function fieldName(path: Path, key?: string): string {
  const parts = key === undefined ? path : [...path, key];
  return parts.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** The line of the deepest node that exists along the path (a missing field points at its parent). */
function position(doc: Document, lineCounter: LineCounter, path: Path, key?: string): { line: number; column: number } {
  let node: unknown = doc.contents;
  let offset = 0;
  for (const segment of key === undefined ? path : [...path, key]) {
    const pair = pairFor(node, segment);
    if (!pair) break;
    const keyNode = isPair(pair) ? (pair.key as Node | null) : null;
    node = isPair(pair) ? pair.value : pair;
    offset = (isPair(pair) ? keyNode?.range?.[0] : (node as Node | null)?.range?.[0]) ?? offset;
  }
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

function pairFor(node: unknown, segment: string | number): unknown {
  if (isMap(node)) return node.items.find((p) => (isScalar(p.key) ? String(p.key.value) === String(segment) : false));
  if (node && typeof node === 'object' && 'items' in node && typeof segment === 'number') {
    return (node as { items: unknown[] }).items[segment];
  }
  return undefined;
}
