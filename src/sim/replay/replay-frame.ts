// A replayed state as a device frame: the recorded screenshot cut to the display, with text the
// agent typed drawn into its field, and the ground truth the bench serves beside it (the view
// tree's visible texts and its tappable views). The picture of a state is decoded once and kept.
import sharp from 'sharp';
import type { DeviceFrame } from '../device/render.js';
import type { Box } from '../device/view.js';
import type { RecordedState, RecordedView } from './recording.js';

export interface Size {
  width: number;
  height: number;
}

/** The field the agent focused (by a tap) on the state shown, and what it typed there. */
export interface TypedText {
  view: RecordedView;
  text: string;
}

export function boxOf(view: RecordedView): Box {
  const [[x0, y0], [x1, y1]] = view.bounds;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

function inside(box: Box, display: Size): boolean {
  return (
    box.width > 0 &&
    box.height > 0 &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= display.width &&
    box.y + box.height <= display.height
  );
}

/** Android's Switch reports ON/OFF as its text, which it does not draw. */
function drawnText(view: RecordedView): string | undefined {
  const text = view.text?.trim();
  if (!text) return undefined;
  if (/Switch|ToggleButton/.test(view.class ?? '') && /^(ON|OFF)$/.test(text)) return undefined;
  return text;
}

/** What is typed shows as typed, a password as dots. */
export function shownTyping(typed: TypedText): string {
  return typed.view.is_password ? '•'.repeat(typed.text.length) : typed.text;
}

/** The view tree's visible texts inside the display; a field typed into shows what was typed. */
export function visibleTexts(state: RecordedState, display: Size, typed?: TypedText): { text: string; box: Box }[] {
  const texts: { text: string; box: Box }[] = [];
  for (const view of state.views) {
    if (view.visible === false || view.is_password) continue;
    const box = boxOf(view);
    if (!inside(box, display)) continue;
    const isTyped = typed !== undefined && typed.text !== '' && typed.view.temp_id === view.temp_id;
    const text = isTyped ? shownTyping(typed) : drawnText(view);
    if (text) texts.push({ text, box });
  }
  if (typed?.view.is_password && typed.text) texts.push({ text: shownTyping(typed), box: boxOf(typed.view) });
  return texts;
}

/** Views a finger can act on, labelled by their text or content description. */
export function tappableViews(state: RecordedState, display: Size): { role: string; label: string; box: Box }[] {
  return state.views
    .filter((v) => v.visible !== false && (v.clickable || v.long_clickable || v.editable || v.checkable))
    .map((v) => ({
      role: v.editable ? 'field' : v.checkable ? 'toggle' : 'button',
      label: drawnText(v) ?? v.content_description ?? '',
      box: boxOf(v),
    }))
    .filter((t) => t.label !== '' && inside(t.box, display));
}

/** The state's screenshot cut to the display, as PNG; the last few are kept decoded. */
export class ScreenshotCache {
  private readonly kept = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly display: Size,
    private readonly keep = 6,
  ) {}

  get(state: RecordedState): Promise<Buffer> {
    const hit = this.kept.get(state.id);
    if (hit) {
      this.kept.delete(state.id);
      this.kept.set(state.id, hit);
      return hit;
    }
    const png = cutToDisplay(state.screenshot, this.display);
    png.catch(() => this.kept.delete(state.id));
    this.kept.set(state.id, png);
    while (this.kept.size > this.keep) this.kept.delete(this.kept.keys().next().value!);
    return png;
  }
}

async function cutToDisplay(file: string, display: Size): Promise<Buffer> {
  const meta = await sharp(file).metadata();
  const width = Math.min(display.width, meta.width ?? 0),
    height = Math.min(display.height, meta.height ?? 0);
  let picture = sharp(file).removeAlpha().extract({ left: 0, top: 0, width, height });
  // A screenshot smaller than the display (a recording of mixed sizes) is padded with black.
  if (width < display.width || height < display.height)
    picture = sharp(await picture.png().toBuffer()).extend({
      right: display.width - width,
      bottom: display.height - height,
      background: '#000000',
    });
  return picture.png({ compressionLevel: 1 }).toBuffer();
}

/**
 * Draws a focused field as a phone does: its own ground (sampled inside its left edge) over the
 * recorded hint or text, what was typed, a caret after it and an accent underline, so a tap that
 * focused it shows (the agent types only into a field it saw focused).
 */
export async function drawTyping(base: Buffer, display: Size, typed: TypedText): Promise<Buffer> {
  const box = clampBox(boxOf(typed.view), display);
  if (box.width < 4 || box.height < 4) return base;
  const sample = await sharp(base)
    .extract({ left: box.x + 2, top: box.y + Math.floor(box.height / 2), width: 1, height: 1 })
    .raw()
    .toBuffer();
  const [r, g, b] = [sample[0]!, sample[1]!, sample[2]!];
  const light = 0.299 * r + 0.587 * g + 0.114 * b > 128;
  const dp = display.width / 360;
  const size = Math.min(box.height * 0.5, 18 * dp);
  const inset = Math.round(4 * dp);
  const ground = `rgb(${r},${g},${b})`;
  const ink = light ? '#202124' : '#E8EAED';
  const shown = shownTyping(typed);
  const baseline = box.y + box.height / 2 + size * 0.35;
  // The caret sits after the text: its width measured roughly (0.55 em a character, 0.6 for dots).
  const caretX =
    box.x + (shown === '' ? inset / 2 : inset) + shown.length * size * (typed.view.is_password ? 0.6 : 0.55) + dp;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${display.width}" height="${display.height}">` +
    // Until something is typed the hint stays, as on a phone.
    (shown === ''
      ? ''
      : `<rect x="${box.x + 1}" y="${box.y + 1}" width="${box.width - 2}" height="${box.height - 2}" fill="${ground}"/>` +
        `<text x="${box.x + inset}" y="${baseline.toFixed(1)}" font-family="Roboto, DejaVu Sans, sans-serif" ` +
        `font-size="${size.toFixed(1)}" fill="${ink}" xml:space="preserve">${escapeXml(shown)}</text>`) +
    `<rect x="${caretX.toFixed(1)}" y="${(baseline - size).toFixed(1)}" width="${(1.5 * dp).toFixed(1)}" height="${(size * 1.2).toFixed(1)}" fill="#1A73E8"/>` +
    `<rect x="${box.x + inset}" y="${box.y + box.height - 3 * dp}" width="${box.width - 2 * inset}" height="${(2 * dp).toFixed(1)}" fill="#1A73E8"/></svg>`;
  return sharp(base)
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .png({ compressionLevel: 1 })
    .toBuffer();
}

function clampBox(box: Box, display: Size): Box {
  const x = Math.max(0, box.x),
    y = Math.max(0, box.y);
  return {
    x,
    y,
    width: Math.max(0, Math.min(box.x + box.width, display.width) - x),
    height: Math.max(0, Math.min(box.y + box.height, display.height) - y),
  };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function frameOf(
  png: Buffer,
  display: Size,
  t: number,
  state: RecordedState,
  typed: TypedText | undefined,
): DeviceFrame {
  return {
    png,
    width: display.width,
    height: display.height,
    t,
    screen: state.id,
    texts: visibleTexts(state, display, typed),
    targets: tappableViews(state, display),
  };
}
