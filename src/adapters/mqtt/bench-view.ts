// The retained view of a bench (TOPICS.md, BenchView): the screen upright as the agent last read
// it — a small JPEG, the OCR lines with their boxes and the last tap, all in device pixels — so the
// web console can draw what the agent saw and where it touched. Pure: trimming and the tap point.
import type { Box } from '../../core/vision/ocr-line.js';

/** Lines and text are cut: a retained message is re-sent to every new subscriber. */
export const MAX_VIEW_LINES = 80;
export const MAX_VIEW_LINE_TEXT = 200;

export interface BenchViewLine {
  text: string;
  box: Box;
  /** Mean word confidence, 0..1, two decimals. */
  confidence: number;
}

export interface LastTap {
  x: number;
  y: number;
  /** The tool's summary ("tap on \"Connect\" (button) at 540,1210"). */
  summary: string;
  at: string;
}

export interface BenchView {
  at: string;
  deviceSize: { width: number; height: number };
  /** The screen upright in device orientation, scaled to `width` x `height`; boxes are in device pixels. */
  image: { format: 'jpeg'; base64: string; width: number; height: number };
  lines: BenchViewLine[];
  lastTap: LastTap | null;
}

export function trimViewLines(lines: readonly { text: string; box: Box; confidence: number }[]): BenchViewLine[] {
  return lines.slice(0, MAX_VIEW_LINES).map((line) => ({
    text: line.text.slice(0, MAX_VIEW_LINE_TEXT),
    box: {
      x: Math.round(line.box.x),
      y: Math.round(line.box.y),
      width: Math.round(line.box.width),
      height: Math.round(line.box.height),
    },
    confidence: Math.round(line.confidence * 100) / 100,
  }));
}

/**
 * The device point a tap tool's call summary names: the last "at X,Y" in it (a tap moved away
 * from a neighbour says "aimed at X,Y" last). Undefined for other tools or a summary without one.
 */
export function tapPointOfCall(tool: string, summary: string): { x: number; y: number } | undefined {
  if (!tool.startsWith('tap')) return undefined;
  const points = [...summary.matchAll(/\bat (-?\d+),(-?\d+)\b/g)];
  const last = points[points.length - 1];
  return last ? { x: Number(last[1]), y: Number(last[2]) } : undefined;
}
