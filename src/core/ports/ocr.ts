// The OCR port: a picture in, lines of words with boxes and confidences out, in the picture's
// pixels. The real engine is a pool of tesseract.js workers (src/adapters/observer-camera/
// tesseract-pool.ts); the benchmark also drives the native `tesseract` command through it. Pure types.

export interface RawWord {
  text: string;
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
/** `confidence`: tesseract's 0..100. */
export interface RawLine {
  text: string;
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  words: RawWord[];
}
export interface Rectangle {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface OcrEngine {
  /**
   * True when the engine finds the text lines itself before reading them and makes each line
   * dark-on-light on its own (the line detector, adapters/observer-camera/line-detector-ocr.ts): the
   * screen reader then skips its second readings of the page's inverted patches and doubtful lines.
   */
  readonly findsLines?: boolean;
  /** `image`: an encoded picture leptonica reads (PGM, PNG, JPEG); `rectangle`: read only this part of it. */
  recognize(image: Uint8Array, rectangle?: Rectangle): Promise<RawLine[]>;
  close(): Promise<void>;
}
