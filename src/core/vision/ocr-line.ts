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
    else if (words.length) out.push(lineOfWords(words));
  }
  return out;
}
