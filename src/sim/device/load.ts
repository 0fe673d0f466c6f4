// Reads a device file (YAML or JSON, both parsed as YAML so every error has a line), validates it
// with the zod schema and checks its cross-references; errors name the line, the field and a fix.
import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, isMap, isPair, isScalar, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import { actionKeys, deviceFileSchema, elementKinds, type Action, type DeviceFile, type Element } from './schema.js';

export interface DeviceFileProblem { line: number; column: number; field: string; message: string }

export class DeviceFileError extends Error {
  constructor(readonly file: string, readonly problems: DeviceFileProblem[]) {
    super(`${file}: ${problems.length} problem(s) in the device file:\n` +
      problems.map((p) => `  line ${p.line}, ${p.field || '(top level)'}: ${p.message}`).join('\n'));
    this.name = 'DeviceFileError';
  }
}

type Path = (string | number)[];

export function loadDeviceFile(path: string): DeviceFile {
  return parseDeviceFile(readFileSync(path, 'utf8'), path);
}

export function parseDeviceFile(text: string, fileName = '<device file>'): DeviceFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const locate = (path: Path, key?: string) => position(doc, lineCounter, path, key);
  if (doc.errors.length > 0) {
    throw new DeviceFileError(fileName, doc.errors.map((e) => {
      const { line, col } = lineCounter.linePos(e.pos[0]);
      return { line, column: col, field: '', message: `${e.message.split('\n')[0]} (fix the YAML/JSON syntax here)` };
    }));
  }
  const parsed = deviceFileSchema.safeParse(doc.toJS());
  if (!parsed.success) {
    throw new DeviceFileError(fileName, flattenIssues(parsed.error.issues, []).map((i) => ({ ...locate(i.path, i.key), field: fieldName(i.path, i.key), message: i.message })));
  }
  const problems = crossReferenceProblems(parsed.data).map((p) => ({ ...locate(p.path), field: fieldName(p.path), message: p.message }));
  if (problems.length > 0) throw new DeviceFileError(fileName, problems);
  return parsed.data;
}

interface FlatIssue { path: Path; key?: string; message: string }

/** Turns zod issues into one readable problem per place, choosing the union branch the author meant. */
function flattenIssues(issues: readonly z.core.$ZodIssue[], base: Path): FlatIssue[] {
  return issues.flatMap((issue): FlatIssue[] => {
    const path = [...base, ...(issue.path as Path)];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path, key, message: `unknown key "${key}": check its spelling or remove it` }));
    }
    if (issue.code === 'invalid_union') return flattenUnion(issue.errors, path);
    if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
      return [{ path, message: `missing: add "${String(path.at(-1))}" (${issue.expected})` }];
    }
    return [{ path, message: issue.message }];
  });
}

function flattenUnion(branches: readonly (readonly z.core.$ZodIssue[])[], path: Path): FlatIssue[] {
  // A branch that misses its own kind key (button, goto, var...) is not what the author wrote.
  const missesKindKey = (i: z.core.$ZodIssue) =>
    i.code === 'invalid_type' && i.path.length === 1 && kindKeys.has(String(i.path[0])) && i.message.endsWith('received undefined');
  const score = (branch: readonly z.core.$ZodIssue[]) => branch.filter(missesKindKey).length * 100 + branch.length;
  const best = [...branches].sort((a, b) => score(a) - score(b))[0] ?? [];
  if (score(best) < 100) return flattenIssues(best, path);
  return [{ path, message: `not a known ${unionKind(path)}: use one of ${unionChoices(path)}` }];
}

const kindKeys = new Set([...elementKinds, ...actionKeys, 'var', 'all', 'any']);

function unionKind(path: Path): string {
  const owner = [...path].reverse().find((p) => typeof p === 'string');
  if (owner === 'elements') return 'element';
  if (owner === 'when' || owner === 'if' || owner === 'all' || owner === 'any') return 'condition';
  return 'action';
}

function unionChoices(path: Path): string {
  const kind = unionKind(path);
  if (kind === 'element') return elementKinds.join(', ') + ' (e.g. {button: "Next", onTap: [{goto: home}]})';
  if (kind === 'condition') return '{var, equals|notEquals|empty}, {all: [...]}, {any: [...]}';
  return actionKeys.map((k) => `{${k}: ...}`).join(', ');
}

function fieldName(path: Path, key?: string): string {
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
  if (isMap(node)) return node.items.find((p) => isScalar(p.key) ? String(p.key.value) === String(segment) : false);
  if (node && typeof node === 'object' && 'items' in node && typeof segment === 'number') {
    return (node as { items: unknown[] }).items[segment];
  }
  return undefined;
}

interface PathProblem { path: Path; message: string }

/** Checks names that point elsewhere in the file: screens, dialogs, and unique element ids. */
function crossReferenceProblems(file: DeviceFile): PathProblem[] {
  const problems: PathProblem[] = [];
  const screens = Object.keys(file.screens);
  const dialogs = Object.keys(file.dialogs);
  if (!file.screens[file.start]) problems.push({ path: ['start'], message: `no screen "${file.start}": use one of ${screens.join(', ')}` });
  const checkActions = (list: Action[] | undefined, path: Path) => list?.forEach((a, i) => checkAction(a, [...path, i]));
  const checkAction = (action: Action, path: Path): void => {
    if ('goto' in action && !file.screens[action.goto]) problems.push({ path: [...path, 'goto'], message: `no screen "${action.goto}": use one of ${screens.join(', ')}` });
    if ('dialog' in action && !file.dialogs[action.dialog]) problems.push({ path: [...path, 'dialog'], message: `no dialog "${action.dialog}": define it under dialogs (have: ${dialogs.join(', ') || 'none'})` });
    if ('if' in action) { checkActions(action.then, [...path, 'then']); checkActions(action.else, [...path, 'else']); }
    if ('after' in action) checkActions(action.do, [...path, 'do']);
    if ('notify' in action) checkActions(action.notify.onTap, [...path, 'notify', 'onTap']);
  };
  const checkElements = (elements: Element[], path: Path) => {
    const seen = new Set<string>();
    elements.forEach((element, i) => {
      const id = 'field' in element ? element.field : 'toggle' in element ? element.toggle : 'list' in element ? element.list : undefined;
      if (id !== undefined && seen.has(id)) problems.push({ path: [...path, i], message: `"${id}" is used twice on this screen: give each field, toggle and list its own name` });
      if (id !== undefined) seen.add(id);
      if ('onTap' in element) checkActions(element.onTap, [...path, i, 'onTap']);
      if ('onSubmit' in element) checkActions(element.onSubmit, [...path, i, 'onSubmit']);
      if ('onChange' in element) checkActions(element.onChange, [...path, i, 'onChange']);
      if ('items' in element) element.items.forEach((item, j) => checkActions(item.onTap, [...path, i, 'items', j, 'onTap']));
    });
  };
  for (const [id, screen] of Object.entries(file.screens)) {
    checkElements(screen.elements, ['screens', id, 'elements']);
    checkActions(screen.onSubmit, ['screens', id, 'onSubmit']);
    checkActions(screen.onEnter, ['screens', id, 'onEnter']);
  }
  for (const [id, dialog] of Object.entries(file.dialogs)) {
    checkElements(dialog.elements, ['dialogs', id, 'elements']);
    dialog.buttons.forEach((b, i) => checkActions(b.onTap, ['dialogs', id, 'buttons', i, 'onTap']));
  }
  file.timers.forEach((timer, i) => checkActions(timer.do, ['timers', i, 'do']));
  return problems;
}
