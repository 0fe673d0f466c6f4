// What OCR reads, in device pixels: words and lines with their boxes and confidence (0..1), and
// the box arithmetic everything else shares. Its own file so the screen model and its builder
// both take these without importing each other. Pure.

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface OcrWord {
  text: string;
  box: Box;
  confidence: number;
}
export interface OcrLine {
  text: string;
  box: Box;
  confidence: number;
  words: OcrWord[];
  /**
   * The picture the line's text was read from. A reader that carries lines over from its last
   * reading (the content fingerprint saw no change there) keeps each line's own, so a check after
   * an action can tell a line read from a picture taken before it. Absent: read from the picture
   * of the look that holds it (fakes reading a device's truth, a picture read on its own).
   */
  readFrom?: ReadFrom;
}

/** One camera picture: when its exposure ended (the agent's clock) and the camera's frame number. */
export interface ReadFrom {
  at: number;
  sequence?: number;
}

/** The oldest picture any of these lines was read from; undefined when none says. */
export function oldestReadFrom(lines: readonly OcrLine[]): ReadFrom | undefined {
  let oldest: ReadFrom | undefined;
  for (const line of lines) if (line.readFrom && (!oldest || line.readFrom.at < oldest.at)) oldest = line.readFrom;
  return oldest;
}

/** Whether any of the lines was read from a picture taken before `moment` (a line that does not say was not). */
export function readBefore(lines: readonly OcrLine[], moment: number): boolean {
  return lines.some((line) => line.readFrom !== undefined && line.readFrom.at < moment);
}

export function centreOf(box: Box): { x: number; y: number } {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

export function unionBox(boxes: Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b.x)),
    y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width)),
    y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** A line made of these words (at least one): their text joined, their mean confidence, their union box. */
export function lineOfWords(words: OcrWord[]): OcrLine {
  return {
    text: words.map((w) => w.text).join(' '),
    confidence: words.reduce((s, w) => s + w.confidence, 0) / words.length,
    box: unionBox(words.map((w) => w.box)),
    words,
  };
}

/** The lines with only the words `keep` accepts: a line losing words is made anew, one losing all is gone. */
export function keepWords(lines: OcrLine[], keep: (word: OcrWord, index: number, line: OcrLine) => boolean): OcrLine[] {
  const out: OcrLine[] = [];
  for (const line of lines) {
    const words = line.words.filter((word, index) => keep(word, index, line));
    if (words.length === line.words.length) out.push(line);
    else if (words.length) out.push(withReadFrom(lineOfWords(words), [line]));
  }
  return out;
}

/** `line` made from `from`'s words keeps the oldest picture they were read from. */
export function withReadFrom(line: OcrLine, from: readonly OcrLine[]): OcrLine {
  const readFrom = oldestReadFrom(from);
  return readFrom ? { ...line, readFrom } : line;
}
