// Records our own virtual phone the way DroidBot records a real one (states/, events/, utg.json),
// so the tests that ship have a replay fixture we may publish (../shared/real-apps has no licence).
// Each input is what DroidBot sends (a touch at a view's centre, a long touch, a set_text that
// taps then types, the BACK key, a scroll of 2/5 of the view each way over 500 ms); the state is
// dumped before and after it, and saved the first time it is seen, with a JPEG screenshot.
// Run: node --import tsx scripts/sim/record-droidbot.ts [OUT_DIR]   (default test/fixtures/replay/settings-wifi)
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { VirtualDevice } from '../../src/sim/device/device.js';
import { usageForChar } from '../../src/sim/device/hid-keys.js';
import { droidbotViews, stateHashes, type DroidbotView } from './droidbot-views.js';

const deviceFile = 'src/sim/devices/settings-wifi.yaml';
const out = process.argv[2] ?? 'test/fixtures/replay/settings-wifi';
const pkg = 'benchhand.sim.settings_wifi';
/** DroidBot's event interval: the screen is dumped again this long after each input. */
const intervalMs = 2500;
const jpegQuality = 50;

type Input =
  | { type: 'touch' | 'long_touch'; label: string }
  | { type: 'set_text'; label: string; text: string }
  | { type: 'key'; name: 'BACK' }
  | { type: 'scroll'; list: true; direction: 'UP' | 'DOWN' };

/** A short exploration: into the Wi-Fi list, scrolled, two networks, a password, Back. */
const script: Input[] = [
  { type: 'touch', label: 'Network & internet' },
  { type: 'scroll', list: true, direction: 'DOWN' },
  { type: 'touch', label: 'Lab Bench' },
  { type: 'key', name: 'BACK' },
  { type: 'touch', label: 'HomeNet-5G' },
  { type: 'set_text', label: 'Password', text: 'correct horse' },
  { type: 'touch', label: 'Connect' },
  { type: 'touch', label: 'Done' },
];

const device = VirtualDevice.fromFile(deviceFile);
let now = 1000;
let clockSeconds = 0;
const tag = () => {
  const s = clockSeconds++;
  const two = (n: number) => String(n).padStart(2, '0');
  return `2026-01-01_${two(10 + Math.floor(s / 3600))}${two(Math.floor(s / 60) % 60)}${two(s % 60)}`;
};
const saved = new Map<
  string,
  { tag: string; views: DroidbotView[]; activity: string; hashes: ReturnType<typeof stateHashes> }
>();
const events: { tag: string; start: string; stop: string; type: string; eventStr: string }[] = [];

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'states'), { recursive: true });
mkdirSync(join(out, 'events'), { recursive: true });

function wait(ms: number): void {
  now += ms;
  device.advance(now);
}

async function dump(): Promise<string> {
  const views = droidbotViews(device, pkg);
  const hashes = stateHashes(views, device.screen);
  if (saved.has(hashes.state_str)) return hashes.state_str;
  const stateTag = tag();
  const activity = `${pkg}/.${device.screen}`;
  saved.set(hashes.state_str, { tag: stateTag, views, activity, hashes });
  const frame = await device.render();
  await sharp(frame.png)
    .jpeg({ quality: jpegQuality })
    .toFile(join(out, 'states', `screen_${stateTag}.jpg`));
  const state = {
    tag: stateTag,
    ...hashes,
    foreground_activity: activity,
    activity_stack: [activity],
    background_services: [],
    width: device.width,
    height: device.height,
    views,
  };
  writeFileSync(join(out, 'states', `state_${stateTag}.json`), `${JSON.stringify(state, null, 1)}\n`);
  return hashes.state_str;
}

function viewOf(state: string, input: Exclude<Input, { type: 'key' }>): DroidbotView {
  const views = saved.get(state)!.views;
  const label = 'label' in input ? input.label : undefined;
  const found =
    label === undefined
      ? views.find((v) => v.scrollable === true)
      : (views.find((v) => v.text === label && (v.clickable || v.editable)) ??
        views.filter((v) => v.clickable).find((v) => v.children.some((c) => views[c]!.text === label)));
  if (!found) throw new Error(`no view for ${JSON.stringify(input)} on ${device.screen}`);
  return found;
}

function centre(view: DroidbotView): { x: number; y: number } {
  const [[x0, y0], [x1, y1]] = view.bounds;
  return { x: Math.round((x0 + x1) / 2), y: Math.round((y0 + y1) / 2) };
}

function touch(x: number, y: number, holdMs: number): void {
  device.apply({ t: now, ev: 'tap_down', x, y });
  wait(holdMs);
  device.apply({ t: now, ev: 'tap_up', x, y });
}

function press(usage: number, mods = 0): void {
  device.apply({ t: now, ev: 'key_down', usage, mods });
  wait(30);
  device.apply({ t: now, ev: 'key_up', usage, mods });
  wait(30);
}

function scroll(view: DroidbotView, direction: 'UP' | 'DOWN'): void {
  const { x, y } = centre(view);
  const reach = ((view.bounds[1][1] - view.bounds[0][1]) * 2) / 5;
  // DroidBot's scroll UP drags the finger down, and DOWN drags it up (droidbot/input_event.py).
  const from = direction === 'UP' ? y - reach : y + reach;
  const to = direction === 'UP' ? y + reach : y - reach;
  device.apply({ t: now, ev: 'tap_down', x, y: Math.round(from) });
  for (let i = 1; i <= 10; i++) {
    wait(50);
    device.apply({ t: now, ev: 'tap_move', x, y: Math.round(from + ((to - from) * i) / 10) });
  }
  device.apply({ t: now, ev: 'tap_up', x, y: Math.round(to) });
}

function send(input: Input, view: DroidbotView | undefined): void {
  if (input.type === 'key') return press(41);
  if (input.type === 'scroll') return scroll(view!, input.direction);
  const { x, y } = centre(view!);
  touch(x, y, input.type === 'long_touch' ? 2000 : 50);
  if (input.type === 'set_text')
    for (const char of input.text) {
      const { usage, mods } = usageForChar(char);
      press(usage, mods);
    }
}

function eventJson(input: Input, view: DroidbotView | undefined, start: string, stop: string, eventTag: string) {
  const inner: Record<string, unknown> = { event_type: input.type, log_lines: null };
  if (input.type === 'key') inner.name = input.name;
  else inner.x = inner.y = null;
  if (view) inner.view = view;
  if (input.type === 'set_text') inner.text = input.text;
  if (input.type === 'scroll') inner.direction = input.direction;
  const name = {
    touch: 'TouchEvent',
    long_touch: 'LongTouchEvent',
    set_text: 'SetTextEvent',
    key: 'KeyEvent',
    scroll: 'ScrollEvent',
  }[input.type];
  const detail = input.type === 'key' ? `name=${input.name}` : `view=${view!.view_str}`;
  return {
    tag: eventTag,
    event: inner,
    start_state: start,
    stop_state: stop,
    event_str: `${name}(state=${start}, ${detail})`,
  };
}

wait(1000);
const first = await dump();
for (const input of script) {
  const start = await dump();
  const view = input.type === 'key' ? undefined : viewOf(start, input);
  send(input, view);
  wait(intervalMs);
  const stop = await dump();
  const eventTag = tag();
  const json = eventJson(input, view, start, stop, eventTag);
  writeFileSync(join(out, 'events', `event_${eventTag}.json`), `${JSON.stringify(json, null, 1)}\n`);
  events.push({ tag: eventTag, start, stop, type: input.type, eventStr: json.event_str });
  process.stdout.write(`${input.type} ${'label' in input ? input.label : ''} -> ${device.screen}\n`);
}

const nodes = [...saved.entries()].map(([id, s]) => ({
  id,
  shape: 'image',
  image: `states/screen_${s.tag}.jpg`,
  label: `${s.activity.split('/.')[1]}${id === first ? '\n<FIRST>' : ''}`,
  package: pkg,
  activity: `.${s.activity.split('/.')[1]}`,
  state_str: id,
  structure_str: s.hashes.state_str_content_free,
}));
const pairs = new Map<string, typeof events>();
for (const e of events.filter((e) => e.start !== e.stop))
  pairs.set(`${e.start}-->${e.stop}`, [...(pairs.get(`${e.start}-->${e.stop}`) ?? []), e]);
const edges = [...pairs.entries()].map(([id, list]) => ({
  from: list[0]!.start,
  to: list[0]!.stop,
  id,
  events: list.map((e, i) => ({
    event_str: e.eventStr,
    event_id: i + 1,
    event_type: e.type,
    event_tag: e.tag,
    view_images: [],
  })),
}));
const utg = {
  nodes,
  edges,
  num_nodes: nodes.length,
  num_edges: edges.length,
  num_transitions: events.length,
  app_package: pkg,
};
writeFileSync(join(out, 'utg.json'), `${JSON.stringify(utg, null, 1)}\n`);
process.stdout.write(`wrote ${saved.size} states and ${events.length} events to ${out}\n`);
