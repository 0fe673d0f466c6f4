// Reads a device file (YAML or JSON, both parsed as YAML so every error has a line), validates it
// with the zod schema and checks its cross-references; errors name the line, the field and a fix.
import { readFileSync } from 'node:fs';
import {
  fieldName,
  flattenIssues,
  parseYaml,
  YamlFileError,
  type FileProblem,
  type Path,
  type UnionHints,
} from '../../config/yaml-schema.js';
import { actionKeys, deviceFileSchema, elementKinds, type Action, type DeviceFile, type Element } from './schema.js';

export type DeviceFileProblem = FileProblem;

export class DeviceFileError extends YamlFileError {
  constructor(file: string, problems: DeviceFileProblem[]) {
    super(file, problems, 'device file');
    this.name = 'DeviceFileError';
  }
}

export function loadDeviceFile(path: string): DeviceFile {
  return parseDeviceFile(readFileSync(path, 'utf8'), path);
}

export function parseDeviceFile(text: string, fileName = '<device file>'): DeviceFile {
  const { doc, locate } = asDeviceFileError(() => parseYaml(text, fileName, 'device file'));
  const parsed = deviceFileSchema.safeParse(doc.toJS());
  if (!parsed.success) {
    throw new DeviceFileError(
      fileName,
      flattenIssues(parsed.error.issues, [], deviceUnionHints).map((i) => ({
        ...locate(i.path, i.key),
        field: fieldName(i.path, i.key),
        message: i.message,
      })),
    );
  }
  const problems = crossReferenceProblems(parsed.data).map((p) => ({
    ...locate(p.path),
    field: fieldName(p.path),
    message: p.message,
  }));
  if (problems.length > 0) throw new DeviceFileError(fileName, problems);
  return parsed.data;
}

function asDeviceFileError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof YamlFileError) throw new DeviceFileError(error.file, error.problems);
    throw error;
  }
}

const deviceUnionHints: UnionHints = {
  kindKeys: new Set([...elementKinds, ...actionKeys, 'var', 'all', 'any']),
  describe: (path) => `not a known ${unionKind(path)}: use one of ${unionChoices(path)}`,
};

function unionKind(path: Path): string {
  const owner = [...path].reverse().find((p) => typeof p === 'string');
  if (owner === 'elements') return 'element';
  if (owner === 'when' || owner === 'if' || owner === 'all' || owner === 'any') return 'condition';
  return 'action';
}

function unionChoices(path: Path): string {
  const kind = unionKind(path);
  if (kind === 'element') return elementKinds.join(', ') + ' (e.g. {button: "Next", onTap: [{goto: home}]})';
  if (kind === 'condition') return '{var, equals|notEquals|empty|minLength}, {all: [...]}, {any: [...]}';
  return actionKeys.map((k) => `{${k}: ...}`).join(', ');
}

interface PathProblem {
  path: Path;
  message: string;
}

/** Checks names that point elsewhere in the file: screens, dialogs, and unique element ids. */
function crossReferenceProblems(file: DeviceFile): PathProblem[] {
  const problems: PathProblem[] = [];
  const screens = Object.keys(file.screens);
  const dialogs = Object.keys(file.dialogs);
  if (!file.screens[file.start])
    problems.push({ path: ['start'], message: `no screen "${file.start}": use one of ${screens.join(', ')}` });
  const checkActions = (list: Action[] | undefined, path: Path) =>
    list?.forEach((a, i) => checkAction(a, [...path, i]));
  const checkAction = (action: Action, path: Path): void => {
    if ('goto' in action && !file.screens[action.goto])
      problems.push({
        path: [...path, 'goto'],
        message: `no screen "${action.goto}": use one of ${screens.join(', ')}`,
      });
    if ('dialog' in action && !file.dialogs[action.dialog])
      problems.push({
        path: [...path, 'dialog'],
        message: `no dialog "${action.dialog}": define it under dialogs (have: ${dialogs.join(', ') || 'none'})`,
      });
    if ('if' in action) {
      checkActions(action.then, [...path, 'then']);
      checkActions(action.else, [...path, 'else']);
    }
    if ('after' in action) checkActions(action.do, [...path, 'do']);
    if ('notify' in action) checkActions(action.notify.onTap, [...path, 'notify', 'onTap']);
  };
  const checkElements = (elements: Element[], path: Path) => {
    const seen = new Set<string>();
    elements.forEach((element, i) => {
      const id =
        'field' in element
          ? element.field
          : 'toggle' in element
            ? element.toggle
            : 'list' in element
              ? element.list
              : undefined;
      if (id !== undefined && seen.has(id))
        problems.push({
          path: [...path, i],
          message: `"${id}" is used twice on this screen: give each field, toggle and list its own name`,
        });
      if (id !== undefined) seen.add(id);
      if ('onTap' in element) checkActions(element.onTap, [...path, i, 'onTap']);
      if ('onSubmit' in element) checkActions(element.onSubmit, [...path, i, 'onSubmit']);
      if ('onChange' in element) checkActions(element.onChange, [...path, i, 'onChange']);
      if ('onFocus' in element) checkActions(element.onFocus, [...path, i, 'onFocus']);
      if ('items' in element)
        element.items.forEach((item, j) => checkActions(item.onTap, [...path, i, 'items', j, 'onTap']));
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
