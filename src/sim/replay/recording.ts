// A DroidBot output folder read into memory: the saved states (view tree + screenshot path), the
// recorded events between them, indexed by the state they started on, and the start state. It
// reads what DroidBot writes (states/state_<tag>.json, states/screen_<tag>.jpg,
// events/event_<tag>.json, utg.js or utg.json) and nothing else; the screenshots are read later,
// when shown. src/sim/replay/README.md describes the format and its imperfections.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export type Bounds = [[number, number], [number, number]];

/** One view of a state's flat view list (the fields the replay uses). */
export interface RecordedView {
  temp_id: number;
  parent: number;
  class?: string;
  resource_id?: string | null;
  text?: string | null;
  content_description?: string | null;
  bounds: Bounds;
  visible?: boolean;
  clickable?: boolean;
  long_clickable?: boolean;
  editable?: boolean;
  checkable?: boolean;
  focused?: boolean;
  scrollable?: boolean;
  is_password?: boolean;
  view_str?: string;
}

export interface RecordedState {
  id: string;
  tag: string;
  activity: string;
  /** The state file's own width and height fields (found swapped on some phones). */
  declared: { width?: number; height?: number };
  views: RecordedView[];
  screenshot: string;
}

export type EventType = 'touch' | 'long_touch' | 'set_text' | 'key' | 'scroll' | 'intent' | 'kill_app';

export interface RecordedEvent {
  tag: string;
  type: EventType;
  start: string;
  stop: string;
  view?: RecordedView;
  /** set_text: the typed string. */
  text?: string;
  /** key: the key's name (BACK). */
  key?: string;
  /** scroll: the way the content scrolled (DroidBot's UP/DOWN/LEFT/RIGHT). */
  direction?: 'UP' | 'DOWN' | 'LEFT' | 'RIGHT';
}

export interface Recording {
  dir: string;
  app: string;
  states: Map<string, RecordedState>;
  /** Events by start state, oldest first. */
  eventsFrom: Map<string, RecordedEvent[]>;
  events: RecordedEvent[];
  start: string;
}

export class RecordingError extends Error {
  constructor(dir: string, problem: string) {
    super(`recording ${dir}: ${problem}`);
    this.name = 'RecordingError';
  }
}

/** Whether a folder looks like DroidBot output (a states/ folder with state files). */
export function isRecordingDir(path: string): boolean {
  if (!existsSync(path) || !statSync(path).isDirectory()) return false;
  const states = join(path, 'states');
  return existsSync(states) && readdirSync(states).some((name) => /^state_.+\.json$/.test(name));
}

export function readRecording(dir: string): Recording {
  if (!isRecordingDir(dir))
    throw new RecordingError(
      dir,
      'no states/state_*.json here: give the folder DroidBot wrote (its -o output), holding states/, events/ and utg.js',
    );
  const states = readStates(dir);
  if (states.size === 0)
    throw new RecordingError(dir, 'no state in states/ has its screenshot (screen_<tag>.jpg or .png)');
  const events = readEvents(dir);
  const eventsFrom = new Map<string, RecordedEvent[]>();
  for (const event of events) {
    const list = eventsFrom.get(event.start) ?? [];
    list.push(event);
    eventsFrom.set(event.start, list);
  }
  const start = firstState(dir, states, events);
  const app = states.get(start)!.activity.split('/')[0] ?? '';
  return { dir, app, states, eventsFrom, events, start };
}

function readJson(dir: string, file: string): any {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new RecordingError(dir, `${file} is not JSON (${(error as Error).message}): is the recording complete?`);
  }
}

function readStates(dir: string): Map<string, RecordedState> {
  const states = new Map<string, RecordedState>();
  const folder = join(dir, 'states');
  const names = readdirSync(folder).sort();
  for (const name of names) {
    const tag = /^state_(.+)\.json$/.exec(name)?.[1];
    if (!tag) continue;
    const screenshot = ['jpg', 'png'].map((ext) => join(folder, `screen_${tag}.${ext}`)).find((p) => existsSync(p));
    if (!screenshot) continue;
    const json = readJson(dir, join(folder, name));
    const id = json.state_str;
    if (typeof id !== 'string' || !Array.isArray(json.views))
      throw new RecordingError(dir, `states/${name} has no state_str or no views list: not a DroidBot state file`);
    // DroidBot saves a state once, the first time it sees it; a later copy is the same screen.
    if (states.has(id)) continue;
    states.set(id, {
      id,
      tag,
      activity: String(json.foreground_activity ?? ''),
      declared: { width: json.width, height: json.height },
      views: json.views as RecordedView[],
      screenshot,
    });
  }
  return states;
}

function readEvents(dir: string): RecordedEvent[] {
  const folder = join(dir, 'events');
  if (!existsSync(folder)) return [];
  const events: RecordedEvent[] = [];
  for (const name of readdirSync(folder).sort()) {
    const tag = /^event_(.+)\.json$/.exec(name)?.[1];
    if (!tag) continue;
    const json = readJson(dir, join(folder, name));
    const inner = json.event ?? {};
    if (typeof json.start_state !== 'string' || typeof json.stop_state !== 'string') continue;
    events.push({
      tag,
      type: inner.event_type,
      start: json.start_state,
      stop: json.stop_state,
      ...(inner.view ? { view: inner.view as RecordedView } : {}),
      ...(typeof inner.text === 'string' ? { text: inner.text } : {}),
      ...(typeof inner.name === 'string' ? { key: inner.name } : {}),
      ...(typeof inner.direction === 'string' ? { direction: inner.direction } : {}),
    });
  }
  return events;
}

/** utg's `<FIRST>` node, else the earliest event's saved start (or stop) state, else the first state saved. */
function firstState(dir: string, states: Map<string, RecordedState>, events: RecordedEvent[]): string {
  const utg = readUtg(dir);
  const marked = utg?.nodes?.find((node: any) => String(node.label ?? '').includes('<FIRST>'))?.id;
  if (typeof marked === 'string' && states.has(marked)) return marked;
  for (const event of events) {
    if (states.has(event.start)) return event.start;
    if (states.has(event.stop)) return event.stop;
  }
  return [...states.values()].sort((a, b) => a.tag.localeCompare(b.tag))[0]!.id;
}

/** utg.json, or DroidBot's own utg.js (`var utg = {...}`). */
function readUtg(dir: string): any {
  const json = join(dir, 'utg.json');
  if (existsSync(json)) return readJson(dir, json);
  const js = join(dir, 'utg.js');
  if (!existsSync(js)) return undefined;
  const text = readFileSync(js, 'utf8').replace(/^\s*var\s+utg\s*=\s*/, '');
  try {
    return JSON.parse(text.replace(/;?\s*$/, ''));
  } catch {
    return undefined;
  }
}
