// How the phone's own screens look (launcher.ts says what they do): the home screen's grid of app
// icons with their labels, the app drawer's A-to-Z grid under "All apps", and recents with the
// app's name above its card (the app's screen title inside, as a thumbnail) and "Clear all" below,
// or "No recent items" once the app was closed.
import { interpolate } from './conditions.js';
import { navigationBarDp, statusBarDp } from './layout-chrome.js';
import { drawerLabels, homeLabels } from './launcher.js';
import type { Painter } from './painter.js';
import type { DeviceFile } from './schema.js';
import type { DeviceState } from './state.js';

const COLUMNS = 4;

export function placeSystemScreen(p: Painter, file: DeviceFile, state: DeviceState): void {
  if (state.system === 'recents') return placeRecents(p, file, state);
  const top = p.px(statusBarDp + (state.system === 'drawer' ? 72 : 120));
  if (state.system === 'drawer')
    p.text('All apps', p.px(24), p.px(statusBarDp + 48), 20, p.palette.text, { weight: 'bold' });
  placeIconGrid(p, state.system === 'drawer' ? drawerLabels(file) : homeLabels(file), top);
}

function placeIconGrid(p: Painter, labels: string[], top: number): void {
  const cell = { width: p.width / COLUMNS, height: p.px(104) };
  labels.forEach((label, i) => {
    const centreX = cell.width * (i % COLUMNS) + cell.width / 2;
    const y = top + cell.height * Math.floor(i / COLUMNS);
    p.shapes.push({ kind: 'circle', cx: centreX, cy: y + p.px(28), r: p.px(24), fill: p.palette.accent });
    p.text(label, centreX, y + p.px(78), 13, p.palette.text, { align: 'center' });
    const box = { x: Math.round(centreX - cell.width / 2), y, width: Math.round(cell.width), height: cell.height };
    p.target(box, 'system', label, { name: `open:${label}` });
  });
}

function placeRecents(p: Painter, file: DeviceFile, state: DeviceState): void {
  p.rect({ x: 0, y: 0, width: p.width, height: p.height }, p.palette.surface);
  const bottom = p.height - p.px(navigationBarDp);
  if (!state.appRunning) {
    p.text('No recent items', p.width / 2, (p.px(statusBarDp) + bottom) / 2, 16, p.palette.secondaryText, {
      align: 'center',
    });
    return;
  }
  const label = file.launcher!.label;
  const card = { x: p.px(48), y: p.px(statusBarDp + 72), width: p.width - p.px(96), height: 0 };
  card.height = bottom - p.px(96) - card.y;
  p.text(label, p.width / 2, card.y - p.px(20), 16, p.palette.text, { align: 'center', weight: 'bold' });
  p.rect(card, p.palette.background, { radius: p.px(20), stroke: p.palette.divider, strokeWidth: p.px(1) });
  const title = file.screens[state.screen]?.title;
  if (title) p.text(interpolate(title, state.vars), card.x + p.px(16), card.y + p.px(32), 14, p.palette.text);
  p.target(card, 'system', label, { name: 'card' });
  const clear = p.text('Clear all', p.width / 2, bottom - p.px(36), 15, p.palette.accent, {
    align: 'center',
    weight: 'bold',
  });
  const button = { x: clear.x - p.px(16), y: clear.y - p.px(14), width: clear.width + p.px(32), height: p.px(44) };
  p.mark({ kind: 'button', box: button, label: 'Clear all' });
  p.target(button, 'system', 'Clear all', { name: 'clear-all' });
}
