// Our virtual phone's picture as a DroidBot state: the flat view list DroidBot dumps (root window,
// one view per tap target, a TextView per text drawn, a scrollable view per list), with DroidBot's
// hashes (state_str, view_str). Used by record-droidbot.ts to make the replay fixture; the status
// and navigation bars are left out, as DroidBot's dump of an app's window leaves them out.
import { createHash } from 'node:crypto';
import type { VirtualDevice } from '../../src/sim/device/device.js';
import { navigationBarDp, statusBarDp } from '../../src/sim/device/layout-chrome.js';
import type { Box } from '../../src/sim/device/view.js';

export interface DroidbotView {
  [field: string]: unknown;
  temp_id: number;
  parent: number;
  children: number[];
  bounds: [[number, number], [number, number]];
  text: string | null;
  view_str: string;
  signature: string;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const classOf: Record<string, string> = {
  button: 'android.widget.Button',
  'dialog-button': 'android.widget.Button',
  field: 'android.widget.EditText',
  toggle: 'android.widget.Switch',
  'list-item': 'android.widget.LinearLayout',
};

function within(inner: Box, outer: Box): boolean {
  const cx = inner.x + inner.width / 2,
    cy = inner.y + inner.height / 2;
  return cx >= outer.x && cx < outer.x + outer.width && cy >= outer.y && cy < outer.y + outer.height;
}

export function droidbotViews(device: VirtualDevice, pkg: string): DroidbotView[] {
  const dp = device.width / 360;
  const top = statusBarDp * dp,
    bottom = device.height - navigationBarDp * dp;
  const inApp = (box: Box) => box.y >= top && box.y + box.height <= bottom;
  const truth = device.groundTruth();
  const views: DroidbotView[] = [];
  const add = (parent: number, cls: string, box: Box, fields: Record<string, unknown>): number => {
    const id = views.length;
    const text = (fields.text as string | null | undefined) ?? null;
    const resource = (fields.resource_id as string | null | undefined) ?? null;
    const signature = `[class]${cls}[resource_id]${resource}[text]${text}[enabled,,]`;
    views.push({
      package: pkg,
      class: cls,
      resource_id: resource,
      text,
      content_description: null,
      bounds: [
        [box.x, box.y],
        [box.x + box.width, box.y + box.height],
      ],
      size: `${box.width}*${box.height}`,
      visible: true,
      enabled: true,
      clickable: false,
      long_clickable: false,
      editable: false,
      checkable: false,
      checked: false,
      focusable: false,
      focused: false,
      selected: false,
      scrollable: false,
      is_password: false,
      ...fields,
      temp_id: id,
      parent,
      children: [],
      child_count: 0,
      signature,
      content_free_signature: `[class]${cls}[resource_id]${resource}`,
      view_str: md5(`${truth.screen}|${signature}|${box.x},${box.y}`),
    });
    if (parent >= 0) {
      views[parent]!.children.push(id);
      views[parent]!.child_count = views[parent]!.children.length;
    }
    return id;
  };
  const root = add(-1, 'android.widget.FrameLayout', { x: 0, y: 0, width: device.width, height: device.height }, {});
  const content = add(
    root,
    'android.widget.LinearLayout',
    { x: 0, y: top, width: device.width, height: bottom - top },
    {
      resource_id: 'android:id/content',
    },
  );
  for (const list of device.view().lists ?? [])
    add(content, 'androidx.recyclerview.widget.RecyclerView', list.box, {
      scrollable: true,
      resource_id: `${pkg}:id/${list.name}`,
    });
  const targets = truth.targets.filter((t) => classOf[t.role] && inApp(t.box));
  const targetIds = targets.map((t) => {
    const password = t.role === 'field' && /password|pin/i.test(t.label);
    return add(content, classOf[t.role]!, t.box, {
      // A Button carries its label; an EditText its hint (as DroidBot reports an empty field); a Switch ON/OFF.
      text: t.role === 'list-item' ? null : t.role === 'toggle' ? 'OFF' : t.label,
      resource_id: `${pkg}:id/${t.label.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`,
      clickable: true,
      focusable: true,
      editable: t.role === 'field',
      is_password: password,
      checkable: t.role === 'toggle',
      long_clickable: t.role === 'list-item',
    });
  });
  for (const run of truth.texts) {
    if (!inApp(run.box)) continue;
    const owner = targets.findIndex((t) => within(run.box, t.box));
    const target = targets[owner];
    if (target && target.role !== 'list-item' && target.role !== 'toggle') continue;
    add(owner >= 0 ? targetIds[owner]! : content, 'android.widget.TextView', run.box, { text: run.text });
  }
  return views;
}

export function stateHashes(
  views: DroidbotView[],
  screen: string,
): { state_str: string; state_str_content_free: string } {
  const signatures = views.map((v) => v.signature).join('|');
  const structure = views.map((v) => v.content_free_signature).join('|');
  return { state_str: md5(`${screen}|${signatures}`), state_str_content_free: md5(`${screen}|${structure}`) };
}
