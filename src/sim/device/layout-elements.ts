// Lays out a column of elements (text, button, field, toggle, list) from top to bottom, adding
// their shapes, tap targets and focus order to the painter. Shared by screens and dialogs.
import { holds, interpolate } from './conditions.js';
import { measureText, wrapText } from './font-metrics.js';
import type { Painter } from './painter.js';
import type { ButtonElement, Element, FieldElement, ListElement, TextElement, ToggleElement } from './schema.js';
import type { Value } from './state.js';
import type { Box } from './view.js';

export interface ElementContext {
  vars: Record<string, Value>;
  focus?: string;
  scroll: Record<string, number>;
  lists?: Record<string, number[]>;
}
interface Column {
  left: number;
  width: number;
  bottom: number;
}

const textSizes = { title: 22, body: 16, small: 13, error: 14 } as const;

export function placeElements(
  p: Painter,
  elements: Element[],
  column: Column,
  top: number,
  context: ElementContext,
): number {
  let y = top;
  elements.forEach((element, index) => {
    if (element.when && !holds(element.when, context.vars)) return;
    if (y >= column.bottom) return; // below the visible area: not drawn, not tappable
    if ('text' in element) y = placeText(p, element, column, y, context);
    else if ('button' in element) y = placeButton(p, element, index, column, y, context);
    else if ('field' in element) y = placeField(p, element, column, y, context);
    else if ('toggle' in element) y = placeToggle(p, element, column, y, context);
    else y = placeList(p, element, column, y, context);
  });
  return y;
}

function placeText(p: Painter, element: TextElement, column: Column, y: number, context: ElementContext): number {
  const color =
    element.style === 'error' ? p.palette.danger : element.style === 'small' ? p.palette.secondaryText : p.palette.text;
  const weight = element.style === 'title' ? 'bold' : 'regular';
  return (
    p.paragraph(
      interpolate(element.text, context.vars),
      column.left,
      y,
      column.width,
      textSizes[element.style],
      color,
      weight,
    ) + p.px(8)
  );
}

function placeButton(
  p: Painter,
  element: ButtonElement,
  index: number,
  column: Column,
  y: number,
  context: ElementContext,
): number {
  const key = `button:${element.id ?? index}`;
  const label = interpolate(element.button, context.vars);
  // A label too long for one line wraps, centred, and the button grows, as on Android.
  const lines = wrapText(label, 16 * p.dp, column.width - p.px(32), 'bold');
  const lineHeight = p.px(16 * 1.35);
  const height = lines.length > 1 ? lines.length * lineHeight + p.px(24) : p.px(48);
  const box: Box = { x: column.left, y: y + p.px(4), width: column.width, height };
  const fill = element.style === 'primary' ? p.palette.accent : element.style === 'danger' ? p.palette.danger : 'none';
  const textColor = element.style === 'primary' || element.style === 'danger' ? p.palette.onAccent : p.palette.accent;
  p.rect(box, fill, {
    radius: p.px(24),
    ...(element.style === 'secondary' ? { stroke: p.palette.accent, strokeWidth: p.px(1.5) } : {}),
  });
  if (context.focus === key) focusRing(p, box, p.px(24));
  if (lines.length === 1)
    p.text(label, box.x + box.width / 2, box.y + box.height / 2 + p.px(5.5), 16, textColor, {
      weight: 'bold',
      align: 'center',
    });
  else
    lines.forEach((line, i) =>
      p.text(line, box.x + box.width / 2, box.y + p.px(10) + p.px(16 * 1.05) + i * lineHeight, 16, textColor, {
        weight: 'bold',
        align: 'center',
      }),
    );
  p.mark({ kind: 'button', box, label });
  p.target(box, 'button', label, {
    name: key,
    actions: element.onTap,
    ...(element.destructive ? { destructive: true } : {}),
    ...(element.onLongPress ? { longPress: element.onLongPress } : {}),
  });
  p.focusables.push({ key, kind: 'button', actions: element.onTap });
  return box.y + box.height + p.px(8);
}

function placeField(p: Painter, element: FieldElement, column: Column, y: number, context: ElementContext): number {
  const key = `field:${element.field}`;
  const focused = context.focus === key;
  const box: Box = { x: column.left, y, width: column.width, height: p.px(60) };
  const raw = String(context.vars[element.field] ?? '');
  const full = element.secret ? '•'.repeat([...raw].length) : raw;
  // A one-line field scrolls to its caret, as a phone's does: a long value shows its end.
  const shown = tailThatFits(full, 18 * p.dp, box.width - p.px(28));
  p.rect(box, p.palette.surface, { radius: p.px(4) });
  p.text(element.label, box.x + p.px(12), box.y + p.px(18), 12, focused ? p.palette.accent : p.palette.secondaryText);
  const valueBox = p.text(shown, box.x + p.px(12), box.y + p.px(44), 18, p.palette.text);
  const underline = box.y + box.height - p.px(focused ? 2 : 1);
  p.rect(
    { x: box.x, y: underline, width: box.width, height: p.px(focused ? 2 : 1) },
    focused ? p.palette.accent : p.palette.secondaryText,
  );
  if (focused) {
    const cursorX = box.x + p.px(12) + (shown ? valueBox.width + p.px(1) : 0);
    p.rect({ x: cursorX, y: box.y + p.px(26), width: Math.max(2, p.px(1.2)), height: p.px(22) }, p.palette.accent);
  }
  p.mark({ kind: 'field', box, label: element.label, focused, ...(element.secret ? { secret: true } : {}) });
  p.target(box, 'field', element.label, { name: element.field, actions: element.onFocus });
  p.focusables.push({
    key,
    kind: 'field',
    ...(element.onSubmit ? { actions: element.onSubmit } : {}),
    ...(element.onChange.length ? { onChange: element.onChange } : {}),
    ...(element.maxLength ? { maxLength: element.maxLength } : {}),
  });
  return box.y + box.height + p.px(12);
}

function placeToggle(p: Painter, element: ToggleElement, column: Column, y: number, context: ElementContext): number {
  const key = `toggle:${element.toggle}`;
  const on = context.vars[element.toggle] === true;
  const row: Box = { x: column.left, y, width: column.width, height: p.px(56) };
  p.text(interpolate(element.label, context.vars), row.x, row.y + p.px(34), 16, p.palette.text);
  const track: Box = { x: row.x + row.width - p.px(44), y: row.y + p.px(18), width: p.px(40), height: p.px(20) };
  p.rect(track, on ? p.palette.accent : p.palette.disabled, { radius: p.px(10) });
  const thumbX = on ? track.x + track.width - p.px(10) : track.x + p.px(10);
  p.shapes.push({ kind: 'circle', cx: thumbX, cy: track.y + p.px(10), r: p.px(8), fill: '#FFFFFF' });
  p.mark({ kind: 'toggle', box: track, label: element.label, checked: on });
  if (context.focus === key) focusRing(p, row, p.px(6));
  p.target(row, 'toggle', element.label, { name: element.toggle, actions: element.onChange });
  p.focusables.push({ key, kind: 'toggle', actions: element.onChange });
  return row.y + row.height + p.px(4);
}

function placeList(p: Painter, element: ListElement, column: Column, y: number, context: ElementContext): number {
  const key = `list:${element.list}`;
  const rowHeight = p.px(56);
  // A swiped-away item is gone and a dragged one has moved: show the list's current order.
  const order = context.lists?.[element.list] ?? element.items.map((_, i) => i);
  const maxFirst = Math.max(0, order.length - element.rows);
  const first = Math.min(context.scroll[element.list] ?? 0, maxFirst);
  const shownIndices = order.slice(first, first + element.rows);
  const shown = shownIndices.map((i) => element.items[i]!);
  p.lists.push({
    name: element.list,
    box: { x: column.left, y, width: column.width, height: shown.length * rowHeight },
    rowHeight,
    first,
    rows: element.rows,
    count: order.length,
    dismissable: element.dismissable,
    reorder: element.reorder,
  });
  shown.forEach((item, i) => {
    const row: Box = { x: column.left, y: y + i * rowHeight, width: column.width, height: rowHeight };
    const label = interpolate(item.label, context.vars);
    if (item.detail) {
      p.text(label, row.x + p.px(4), row.y + p.px(24), 16, p.palette.text);
      p.text(interpolate(item.detail, context.vars), row.x + p.px(4), row.y + p.px(44), 13, p.palette.secondaryText);
    } else p.text(label, row.x + p.px(4), row.y + p.px(34), 16, p.palette.text);
    p.rect({ x: row.x, y: row.y + rowHeight - 1, width: row.width, height: Math.max(1, p.px(0.5)) }, p.palette.divider);
    p.target(row, 'list-item', label, {
      name: element.list,
      actions: item.onTap,
      item: shownIndices[i],
      ...(item.destructive ? { destructive: true } : {}),
      ...(item.onLongPress ? { longPress: item.onLongPress } : {}),
    });
  });
  let bottom = y + shown.length * rowHeight;
  if (order.length > element.rows && element.scrollButtons)
    bottom = placeScrollButtons(p, element, first, order.length, column, bottom);
  if (context.focus === key) focusRing(p, { x: column.left, y, width: column.width, height: bottom - y }, p.px(4));
  p.focusables.push({ key, kind: 'list', items: order.length, rows: element.rows });
  return bottom + p.px(8);
}

/** "Previous" and "More" under a list that does not fit: a second way to scroll, beside a swipe. */
function placeScrollButtons(
  p: Painter,
  element: ListElement,
  first: number,
  count: number,
  column: Column,
  top: number,
): number {
  const height = p.px(44);
  const half = column.width / 2;
  const canUp = first > 0;
  const canDown = first + element.rows < count;
  const upBox: Box = { x: column.left, y: top, width: Math.round(half), height };
  const downBox: Box = { x: column.left + Math.round(half), y: top, width: Math.round(half), height };
  p.text('Previous', upBox.x + p.px(4), top + p.px(28), 14, canUp ? p.palette.accent : p.palette.disabled, {
    weight: 'bold',
  });
  p.text(
    'More',
    downBox.x + downBox.width - p.px(4),
    top + p.px(28),
    14,
    canDown ? p.palette.accent : p.palette.disabled,
    { weight: 'bold', align: 'right' },
  );
  if (canUp)
    p.target(upBox, 'scroll', 'Previous', { name: element.list, scroll: { list: element.list, delta: -element.rows } });
  if (canDown)
    p.target(downBox, 'scroll', 'More', { name: element.list, scroll: { list: element.list, delta: element.rows } });
  return top + height;
}

function focusRing(p: Painter, box: Box, radius: number): void {
  const pad = p.px(3);
  p.rect({ x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad }, 'none', {
    radius,
    stroke: p.palette.accent,
    strokeWidth: p.px(2),
  });
}

/** The end of `text` that fits `widthPx` at this size (all of it when it fits). */
function tailThatFits(text: string, sizePx: number, widthPx: number): string {
  let start = 0;
  while (start < text.length && measureText(text.slice(start), sizePx).width > widthPx) start++;
  return text.slice(start);
}
