// The notification shade, pulled down from the top edge: an opaque panel over the app with the
// clock, a "Notifications" heading and a card per notification (newest first). A tap on a card
// opens it (its onTap) and closes the shade; Back or a swipe up closes it.
import { statusBarDp } from './layout-chrome.js';
import type { Painter } from './painter.js';
import type { Notification } from './schema.js';

export function placeShade(p: Painter, notifications: Notification[], clock: string): void {
  // Nothing under the shade can be read or tapped.
  for (const shape of p.shapes) if (shape.kind === 'text') shape.run.covered = true;
  p.marks.splice(0, p.marks.length);
  p.rect({ x: 0, y: 0, width: p.width, height: p.height }, p.palette.surface);
  p.target({ x: 0, y: 0, width: p.width, height: p.height }, 'blocker', 'the notification shade');
  let y = p.px(statusBarDp + 16);
  p.text(clock, p.px(20), y + p.px(28), 28, p.palette.text, { weight: 'bold' });
  y += p.px(56);
  p.text('Notifications', p.px(20), y + p.px(20), 15, p.palette.secondaryText, { weight: 'bold' });
  y += p.px(36);
  if (notifications.length === 0)
    p.text('No notifications', p.width / 2, y + p.px(40), 16, p.palette.secondaryText, { align: 'center' });
  for (const n of notifications.slice(0, 6)) {
    const box = { x: p.px(12), y, width: p.width - p.px(24), height: p.px(n.text ? 76 : 56) };
    p.rect(box, p.palette.notification, { radius: p.px(16), stroke: p.palette.divider, strokeWidth: p.px(1) });
    p.shapes.push({ kind: 'circle', cx: box.x + p.px(24), cy: box.y + p.px(28), r: p.px(10), fill: p.palette.accent });
    p.text(n.title, box.x + p.px(44), box.y + p.px(33), 15, p.palette.text, { weight: 'bold' });
    if (n.text) p.text(n.text, box.x + p.px(44), box.y + p.px(58), 13, p.palette.secondaryText);
    p.target(box, 'notification', n.title, { actions: n.onTap ?? [] });
    y += box.height + p.px(10);
  }
}
