// The phone around the app: status bar (clock, Wi-Fi, battery), navigation bar (Back, Home,
// Recents), toasts, heads-up notifications, the loading placeholder and the lock screen.
import type { Painter } from './painter.js';
import type { ShownNotification } from './state.js';

export const statusBarDp = 24;
export const navigationBarDp = 48;

export function clockText(start: string, now: number): string {
  const [hours = 0, minutes = 0] = start.split(':').map(Number);
  const total = (hours * 60 + minutes + Math.floor(now / 60000)) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

export function placeStatusBar(p: Painter, clock: string, battery: number, background: string): void {
  const height = p.px(statusBarDp);
  p.rect({ x: 0, y: 0, width: p.width, height }, background);
  const color = background === p.palette.lockBackground ? '#FFFFFF' : p.palette.text;
  p.text(clock, p.px(16), p.px(17), 13, color, { weight: 'bold' });
  const batteryRight = p.width - p.px(12);
  const body = { x: batteryRight - p.px(20), y: p.px(7), width: p.px(18), height: p.px(10) };
  p.rect(body, 'none', { radius: p.px(2), stroke: color, strokeWidth: p.px(1) });
  p.rect(
    {
      x: body.x + p.px(1.5),
      y: body.y + p.px(1.5),
      width: ((body.width - p.px(3)) * battery) / 100,
      height: body.height - p.px(3),
    },
    color,
  );
  p.rect({ x: body.x + body.width, y: body.y + p.px(3), width: p.px(2), height: p.px(4) }, color);
  p.text(`${battery}%`, body.x - p.px(4), p.px(17), 12, color, { align: 'right' });
  const wifiX = body.x - p.px(40);
  p.shapes.push({
    kind: 'polygon',
    points: [
      [wifiX, p.px(18)],
      [wifiX - p.px(8), p.px(7)],
      [wifiX + p.px(8), p.px(7)],
    ],
    fill: color,
  });
}

export function placeNavigationBar(p: Painter, light: boolean): void {
  const height = p.px(navigationBarDp);
  const top = p.height - height;
  p.rect({ x: 0, y: top, width: p.width, height }, light ? p.palette.navigationBar : p.palette.lockBackground);
  const color = light ? p.palette.secondaryText : '#C8C8C8';
  const centre = top + height / 2;
  const slot = p.width / 3;
  const size = p.px(8);
  const backX = slot / 2;
  p.shapes.push({
    kind: 'polygon',
    points: [
      [backX - size, centre],
      [backX + size, centre - size],
      [backX + size, centre + size],
    ],
    fill: color,
  });
  p.shapes.push({
    kind: 'circle',
    cx: slot * 1.5,
    cy: centre,
    r: size,
    fill: 'none',
    stroke: color,
    strokeWidth: p.px(2),
  });
  p.rect({ x: slot * 2.5 - size, y: centre - size, width: 2 * size, height: 2 * size }, 'none', {
    radius: p.px(2),
    stroke: color,
    strokeWidth: p.px(2),
  });
  ['Back', 'Home', 'Recents'].forEach((label, i) =>
    p.target({ x: Math.round(slot * i), y: top, width: Math.round(slot), height }, 'nav', label, {
      name: label.toLowerCase(),
    }),
  );
}

export function placeToast(p: Painter, text: string): void {
  const padding = p.px(16);
  const height = p.px(44);
  const top = p.height - p.px(navigationBarDp) - p.px(32) - height;
  const at = p.shapes.length;
  const textBox = p.text(text, p.width / 2, top + p.px(27), 14, p.palette.onToast, { align: 'center' });
  // The pill goes under its text, so it is inserted before the run once the text is measured.
  const pill = { x: textBox.x - padding, y: top, width: textBox.width + 2 * padding, height };
  p.shapes.splice(at, 0, { kind: 'rect', box: pill, fill: p.palette.toast, radius: p.px(22) });
  p.mark({ kind: 'toast', box: pill });
}

export function placeNotification(p: Painter, shown: ShownNotification): void {
  const n = shown.notification;
  const box = { x: p.px(8), y: p.px(statusBarDp + 6), width: p.width - p.px(16), height: p.px(n.text ? 72 : 52) };
  p.rect(box, p.palette.notification, { radius: p.px(16), stroke: p.palette.divider, strokeWidth: p.px(1) });
  p.shapes.push({ kind: 'circle', cx: box.x + p.px(24), cy: box.y + p.px(26), r: p.px(10), fill: p.palette.accent });
  p.text(n.title, box.x + p.px(44), box.y + p.px(31), 15, p.palette.text, { weight: 'bold' });
  if (n.text) p.text(n.text, box.x + p.px(44), box.y + p.px(55), 13, p.palette.secondaryText);
  p.mark({ kind: 'banner', box, label: n.title });
  p.target(box, 'notification', n.title, { actions: n.onTap ?? [] });
}

export function placeLoading(p: Painter, top: number, bottom: number): void {
  const centre = (top + bottom) / 2;
  p.shapes.push({
    kind: 'circle',
    cx: p.width / 2,
    cy: centre - p.px(28),
    r: p.px(16),
    fill: 'none',
    stroke: p.palette.accent,
    strokeWidth: p.px(4),
  });
  p.text('Loading…', p.width / 2, centre + p.px(22), 16, p.palette.secondaryText, { align: 'center' });
}

/** tapUnlocks false: a lock that only a swipe up opens (the device's gesture handling does it). */
export function placeLockScreen(p: Painter, clock: string, prompt: string, tapUnlocks = true): void {
  p.rect({ x: 0, y: 0, width: p.width, height: p.height }, p.palette.lockBackground);
  p.text(clock, p.width / 2, p.height * 0.3, 72, '#FFFFFF', { align: 'center' });
  p.text(prompt, p.width / 2, p.height - p.px(navigationBarDp + 40), 15, '#D8D8D8', { align: 'center' });
  const glass = { x: 0, y: p.px(statusBarDp), width: p.width, height: p.height - p.px(statusBarDp) };
  p.target(glass, tapUnlocks ? 'unlock' : 'blocker', prompt);
}

/**
 * Pointer location (an Android developer option): a bar over the status bar. As on Android, the
 * touch's X and Y (one decimal) show while the finger is down; after it lifts, the last gesture's
 * dX and dY do. A calibration reads it during a long press.
 */
export function placePointerLocation(p: Painter, touch: { x: number; y: number; down: boolean } | undefined): void {
  const height = p.px(statusBarDp);
  p.rect({ x: 0, y: 0, width: p.width, height }, '#FFFFFF', { opacity: 0.92 });
  const text = touch?.down
    ? `P: 1 / 1   X: ${touch.x.toFixed(1)}   Y: ${touch.y.toFixed(1)}`
    : `P: 0 / 1   dX: 0.0   dY: 0.0`;
  p.text(text, p.width / 2, p.px(17), 14, '#000000', { align: 'center', weight: 'bold' });
}
