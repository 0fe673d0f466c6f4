// A line read in a part of a picture moved to the whole picture's pixels, its words with it.
import type { RawLine } from '../../core/ports/ocr.js';

export function shiftLine(line: RawLine, dx: number, dy: number): RawLine {
  const move = <T extends { x0: number; y0: number; x1: number; y1: number }>(box: T): T => ({
    ...box,
    x0: box.x0 + dx,
    x1: box.x1 + dx,
    y0: box.y0 + dy,
    y1: box.y1 + dy,
  });
  return { ...move(line), words: line.words.map(move) };
}
