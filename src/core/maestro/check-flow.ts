// Checks a loaded Maestro flow before anything moves: every command known and well formed (else
// `malformed`: the file is wrong), and every command this bench cannot run honestly refused with
// the file, the line, the command and why (a driver-only command or selector, Maestro's cloud, text
// the USB keyboard cannot type, a state the screen model cannot tell). Sub-flow files are checked
// where they are run. Pure.
import { DRIVER_SELECTOR_KEYS, MAESTRO_COMMANDS, VIEW_TREE_STATE_KEYS } from './command-table.js';
import type { FlowProblem, MaestroCommand, MaestroFlowFile } from './flow-model.js';
import { nestedCommands } from './flow-model.js';
import { keyFor } from './key-map.js';

const COMMON = ['label', 'optional'];
const RELATIVE = ['below', 'above', 'leftOf', 'rightOf', 'containsChild', 'childOf'];
export const SELECTOR_KEYS = [
  'text',
  'index',
  'point',
  'enabled',
  'checked',
  'focused',
  ...RELATIVE,
  ...Object.keys(DRIVER_SELECTOR_KEYS),
  'selected',
  ...COMMON,
];
const TAP_KEYS = [
  ...SELECTOR_KEYS,
  'retryTapIfNoChange',
  'waitToSettleTimeoutMs',
  'repeat',
  'delay',
  'waitUntilVisible',
];
const WHEN_KEYS = ['visible', 'notVisible', 'platform', 'true'];

/** The keys each command's map may hold (commands not listed take no map or any scalar). */
const KEYS: Record<string, string[]> = {
  tapOn: TAP_KEYS,
  doubleTapOn: TAP_KEYS,
  longPressOn: TAP_KEYS,
  assertVisible: SELECTOR_KEYS,
  assertNotVisible: SELECTOR_KEYS,
  copyTextFrom: SELECTOR_KEYS,
  assertTrue: ['condition', ...COMMON],
  inputText: ['text', ...COMMON],
  inputRandomText: ['length', ...COMMON],
  inputRandomNumber: ['length', ...COMMON],
  inputRandomEmail: COMMON,
  inputRandomPersonName: COMMON,
  eraseText: ['charactersToErase', ...COMMON],
  pressKey: ['key', ...COMMON],
  back: COMMON,
  hideKeyboard: COMMON,
  scroll: COMMON,
  pasteText: COMMON,
  scrollUntilVisible: [
    'element',
    'direction',
    'timeout',
    'speed',
    'visibilityPercentage',
    'centerElement',
    'waitToSettleTimeoutMs',
    ...COMMON,
  ],
  swipe: ['direction', 'start', 'end', 'from', 'duration', 'waitToSettleTimeoutMs', ...COMMON],
  extendedWaitUntil: ['visible', 'notVisible', 'timeout', ...COMMON],
  waitForAnimationToEnd: ['timeout', ...COMMON],
  takeScreenshot: ['path', 'cropOn', ...COMMON],
  runFlow: ['file', 'commands', 'env', 'when', ...COMMON],
  repeat: ['times', 'while', 'commands', ...COMMON],
  retry: ['maxRetries', 'commands', 'file', 'env', ...COMMON],
  evalScript: ['script', ...COMMON],
  runScript: ['file', 'env', 'when', ...COMMON],
  launchApp: ['appId', 'url', 'clearState', 'clearKeychain', 'stopApp', 'permissions', 'arguments', ...COMMON],
  stopApp: ['appId', ...COMMON],
  killApp: ['appId', ...COMMON],
  startRecording: ['path', ...COMMON],
  stopRecording: COMMON,
};

/** What the USB keyboard (US layout) types: printable ASCII, Enter and Tab. */
const TYPEABLE = /^[\x20-\x7e\n\t]*$/;

export function checkFlow(flow: MaestroFlowFile): FlowProblem[] {
  const web = isWebFlow(flow);
  return [
    ...checkCommands(flow.config.onFlowStart, web),
    ...checkCommands(flow.commands, web),
    ...checkCommands(flow.config.onFlowComplete, web),
  ];
}

/** A web flow (config `url:`, or an appId that is a URL) runs in a browser Maestro drives. */
export const isWebFlow = (flow: MaestroFlowFile): boolean =>
  flow.config.url !== undefined || /^https?:\/\//.test(flow.config.appId ?? '');

export function checkCommands(commands: MaestroCommand[], web = false): FlowProblem[] {
  return commands.flatMap((command) => [
    ...checkCommand(command, web),
    ...checkCommands(nestedCommands(command), web),
    ...(command.loaded ? checkFlow(command.loaded) : []),
  ]);
}

/** One command's own problems (not those of the commands it holds). */
export function checkCommand(command: MaestroCommand, web = false): FlowProblem[] {
  const problem = (kind: FlowProblem['kind'], message: string): FlowProblem => ({
    file: command.file,
    line: command.line,
    command: command.name,
    kind,
    message,
  });
  const info = MAESTRO_COMMANDS[command.name];
  if (!info) return [problem('malformed', `${command.name} is not a Maestro command (docs/MAESTRO.md lists them)`)];
  if (info.status === 'refused') return [problem(info.kind!, info.why)];
  if (web && command.name === 'launchApp')
    return [
      problem('driver', 'launchApp of a web flow opens its url in a browser that Maestro drives: it needs a driver'),
    ];
  const args = command.args;
  const map = isMap(args) ? args : undefined;
  const allowed = KEYS[command.name];
  if (map && allowed) {
    const unknown = Object.keys(map).filter((k) => !allowed.includes(k));
    if (unknown.length)
      return [
        problem('malformed', `${command.name} has no field ${unknown.join(', ')}: it takes ${allowed.join(', ')}`),
      ];
  }
  if (map && !allowed && command.name !== 'runFlow') return [problem('malformed', `${command.name} takes no fields`)];
  return [...argumentProblems(command, map).map((p) => problem(p.kind, p.message))];
}

type Found = { kind: FlowProblem['kind']; message: string };

function argumentProblems(command: MaestroCommand, map: Record<string, unknown> | undefined): Found[] {
  const args = command.args;
  switch (command.name) {
    case 'tapOn':
    case 'doubleTapOn':
    case 'longPressOn':
    case 'assertVisible':
    case 'assertNotVisible':
    case 'copyTextFrom':
      return selectorProblems(args, command.name);
    case 'scrollUntilVisible':
      return map?.element === undefined
        ? [{ kind: 'malformed', message: 'scrollUntilVisible needs element: the selector to scroll to' }]
        : [
            ...percentProblems(map, ['speed', 'visibilityPercentage']),
            ...selectorProblems(map.element, 'scrollUntilVisible element'),
          ];
    case 'swipe':
      return map?.from !== undefined ? selectorProblems(map.from, 'swipe from') : [];
    case 'extendedWaitUntil':
      return [
        ...(map?.visible !== undefined ? selectorProblems(map.visible, 'extendedWaitUntil visible') : []),
        ...(map?.notVisible !== undefined ? selectorProblems(map.notVisible, 'extendedWaitUntil notVisible') : []),
      ];
    case 'inputText':
      return typingProblems(typeof args === 'string' ? args : map?.text);
    case 'pressKey': {
      const name = typeof args === 'string' ? args : map?.key;
      if (typeof name !== 'string') return [{ kind: 'malformed', message: 'pressKey needs a key name' }];
      const key = keyFor(name);
      return key.ok ? [] : [{ kind: key.kind, message: key.message }];
    }
    case 'launchApp':
      return launchAppProblems(map);
    case 'runFlow':
    case 'repeat':
    case 'retry':
      return controlProblems(command.name, args, map);
    case 'evalScript':
    case 'assertTrue':
      return typeof args === 'string' || (map && (map.script ?? map.condition) !== undefined)
        ? []
        : [
            {
              kind: 'malformed',
              message: `${command.name} needs ${command.name === 'evalScript' ? 'a script' : 'a condition'}`,
            },
          ];
    case 'runScript':
      return typeof args === 'string' || typeof map?.file === 'string'
        ? []
        : [{ kind: 'malformed', message: 'runScript needs a file' }];
    default:
      return [];
  }
}

/** Maestro's speed and visibilityPercentage are 0 to 100 (a ${...} is checked when it is filled). */
function percentProblems(map: Record<string, unknown>, keys: string[]): Found[] {
  return keys
    .filter((k) => typeof map[k] === 'number' && !((map[k] as number) >= 0 && (map[k] as number) <= 100))
    .map((k) => ({
      kind: 'malformed' as const,
      message: `scrollUntilVisible ${k} is 0 to 100: got ${String(map[k])}`,
    }));
}

function controlProblems(name: string, args: unknown, map: Record<string, unknown> | undefined): Found[] {
  if (name === 'runFlow' && typeof args === 'string') return [];
  if (!map) return [{ kind: 'malformed', message: `${name} needs a map (file or commands)` }];
  const found: Found[] = [];
  if (name !== 'repeat' && map.file === undefined && map.commands === undefined)
    found.push({ kind: 'malformed', message: `${name} needs file or commands` });
  if (name === 'repeat' && map.commands === undefined)
    found.push({ kind: 'malformed', message: 'repeat needs commands' });
  const conditions = [map.when, map.while].filter((c) => c !== undefined);
  for (const condition of conditions) {
    if (!isMap(condition)) {
      found.push({ kind: 'malformed', message: `${name}'s condition is a map of ${WHEN_KEYS.join(', ')}` });
      continue;
    }
    const unknown = Object.keys(condition).filter((k) => !WHEN_KEYS.includes(k));
    if (unknown.length)
      found.push({
        kind: 'malformed',
        message: `${name}'s condition has no field ${unknown.join(', ')}: it takes ${WHEN_KEYS.join(', ')}`,
      });
    for (const key of ['visible', 'notVisible'])
      if (condition[key] !== undefined) found.push(...selectorProblems(condition[key], `${name} ${key}`));
  }
  return found;
}

function launchAppProblems(map: Record<string, unknown> | undefined): Found[] {
  if (!map) return [];
  const found: Found[] = [];
  if (map.clearState === true)
    found.push({
      kind: 'driver',
      message: 'launchApp with clearState needs a driver on the device: app data can only be wiped by the OS',
    });
  if (map.clearKeychain === true)
    found.push({ kind: 'driver', message: 'launchApp with clearKeychain needs a driver on the device' });
  if (map.permissions !== undefined)
    found.push({
      kind: 'driver',
      message: 'launchApp with permissions needs a driver on the device: permissions are granted inside the OS',
    });
  if (map.url !== undefined)
    found.push({
      kind: 'driver',
      message: 'launchApp with url opens a page in a browser that Maestro drives: it needs a driver',
    });
  if (map.arguments !== undefined)
    found.push({
      kind: 'driver',
      message: 'launchApp with arguments needs a driver on the device: launch arguments go through the OS',
    });
  return found;
}

/** A selector: a text regex, or a map whose keys the screen can judge. */
export function selectorProblems(selector: unknown, where: string): Found[] {
  if (typeof selector === 'string' || typeof selector === 'number') return [];
  if (!isMap(selector)) return [{ kind: 'malformed', message: `${where}: a selector is a text or a map` }];
  const found: Found[] = [];
  for (const key of Object.keys(selector)) {
    // "tapOn with an id selector needs a driver on the device: ...": the refusal names the command.
    const refusal = DRIVER_SELECTOR_KEYS[key] ?? VIEW_TREE_STATE_KEYS[key];
    if (refusal) found.push({ kind: 'driver', message: `${where} with ${refusal}` });
    else if (!TAP_KEYS.includes(key))
      found.push({ kind: 'malformed', message: `${where}: a selector has no field ${key}` });
  }
  for (const key of RELATIVE)
    if (selector[key] !== undefined) found.push(...selectorProblems(selector[key], `${where} ${key}`));
  return found;
}

function typingProblems(text: unknown): Found[] {
  if (typeof text === 'number') return [];
  if (typeof text !== 'string') return [{ kind: 'malformed', message: 'inputText needs the text to type' }];
  // ${...} parts are computed as the flow runs; the typing tool checks what they come to.
  const literal = text.replace(/\$\{[^}]*\}/g, '');
  const bad = [...literal].filter((c) => !TYPEABLE.test(c));
  return bad.length
    ? [
        {
          kind: 'keyboard',
          message: `the USB keyboard (US layout) cannot type ${[...new Set(bad)].map((c) => JSON.stringify(c)).join(', ')}: write the text in printable ASCII`,
        },
      ]
    : [];
}

export const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
