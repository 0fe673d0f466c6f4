// Measures text in the device's font (DejaVu Sans by default, or Roboto: Android's own, from
// fonts-roboto) by reading the TrueType file itself (advance widths and glyph boxes), so the
// ground-truth boxes match what librsvg draws with the same font via fontconfig. The face is set
// per device while it lays out and draws (useFont; layout and SVG are synchronous).
import { existsSync, readFileSync } from 'node:fs';

export type FontWeight = 'regular' | 'bold';

export type FontFace = 'dejavu' | 'roboto';
export const FONT_FACES: readonly FontFace[] = ['dejavu', 'roboto'];

/** `family`: the name the SVG asks fontconfig for; it must resolve to the files measured here. */
const faces: Record<
  FontFace,
  { family: string; directories: string[]; files: Record<FontWeight, string>; packageName: string }
> = {
  dejavu: {
    family: 'DejaVu Sans',
    packageName: 'fonts-dejavu-core',
    directories: [
      '/usr/share/fonts/truetype/dejavu',
      '/usr/share/fonts/dejavu',
      '/usr/share/fonts/TTF',
      '/usr/local/share/fonts',
    ],
    files: { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' },
  },
  roboto: {
    family: 'Roboto',
    packageName: 'fonts-roboto',
    directories: [
      '/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF',
      '/usr/share/fonts/truetype/roboto/hinted',
      '/usr/share/fonts/TTF',
      '/usr/local/share/fonts',
    ],
    files: { regular: 'Roboto-Regular.ttf', bold: 'Roboto-Bold.ttf' },
  },
};
let active: FontFace = 'dejavu';

/** The face the next layout and drawing use (a device sets its own before each). */
export function useFont(face: FontFace): void {
  active = face;
}

export function fontFamily(): string {
  return faces[active].family;
}

export interface TextExtent {
  width: number;
  top: number;
  bottom: number;
}

class TrueTypeFont {
  private readonly view: DataView;
  private readonly tables = new Map<string, number>();
  readonly unitsPerEm: number;
  private readonly advances: number[] = [];
  private readonly boxes: { yMin: number; yMax: number }[] = [];
  private readonly glyphOfCode = new Map<number, number>();

  constructor(bytes: Buffer) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const tableCount = this.u16(4);
    for (let i = 0; i < tableCount; i++) {
      const record = 12 + i * 16;
      this.tables.set(String.fromCharCode(...bytes.subarray(record, record + 4)), this.u32(record + 8));
    }
    const head = this.table('head');
    this.unitsPerEm = this.u16(head + 18);
    this.readMetrics(this.view.getInt16(head + 50) === 1);
    this.readCharacterMap();
  }

  glyph(code: number): number {
    return this.glyphOfCode.get(code) ?? 0;
  }
  advance(glyph: number): number {
    return this.advances[Math.min(glyph, this.advances.length - 1)] ?? 0;
  }
  box(glyph: number): { yMin: number; yMax: number } {
    return this.boxes[glyph] ?? { yMin: 0, yMax: 0 };
  }

  private u16(at: number): number {
    return this.view.getUint16(at);
  }
  private u32(at: number): number {
    return this.view.getUint32(at);
  }
  private table(tag: string): number {
    const at = this.tables.get(tag);
    if (at === undefined) throw new Error(`font has no ${tag} table`);
    return at;
  }

  private readMetrics(longOffsets: boolean): void {
    const glyphCount = this.u16(this.table('maxp') + 4);
    const metricCount = this.u16(this.table('hhea') + 34);
    const hmtx = this.table('hmtx');
    for (let g = 0; g < metricCount; g++) this.advances.push(this.u16(hmtx + g * 4));
    const loca = this.table('loca');
    const glyf = this.table('glyf');
    for (let g = 0; g < glyphCount; g++) {
      const start = longOffsets ? this.u32(loca + g * 4) : this.u16(loca + g * 2) * 2;
      const end = longOffsets ? this.u32(loca + g * 4 + 4) : this.u16(loca + g * 2 + 2) * 2;
      const at = glyf + start;
      this.boxes.push(
        end > start ? { yMin: this.view.getInt16(at + 4), yMax: this.view.getInt16(at + 8) } : { yMin: 0, yMax: 0 },
      );
    }
  }

  /** Format 4 (BMP) subtable of the Unicode cmap: enough for every character our UIs draw. */
  private readCharacterMap(): void {
    const cmap = this.table('cmap');
    const count = this.u16(cmap + 2);
    for (let i = 0; i < count; i++) {
      const sub = cmap + this.u32(cmap + 4 + i * 8 + 4);
      if (this.u16(sub) === 4) {
        this.readFormat4(sub);
        return;
      }
    }
    throw new Error('font has no format 4 character map');
  }

  private readFormat4(sub: number): void {
    const segments = this.u16(sub + 6) / 2;
    const ends = sub + 14,
      starts = ends + segments * 2 + 2,
      deltas = starts + segments * 2,
      ranges = deltas + segments * 2;
    for (let s = 0; s < segments; s++) {
      const end = this.u16(ends + s * 2),
        start = this.u16(starts + s * 2);
      const delta = this.view.getInt16(deltas + s * 2),
        rangeOffset = this.u16(ranges + s * 2);
      for (let code = start; code <= end && code !== 0xffff; code++) {
        let glyph: number;
        if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
        else {
          const raw = this.u16(ranges + s * 2 + rangeOffset + (code - start) * 2);
          glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
        }
        if (glyph !== 0) this.glyphOfCode.set(code, glyph);
      }
    }
  }
}

const loaded = new Map<string, TrueTypeFont>();

/** Where the font file is, or an error that says which Debian package provides it. */
export function fontPath(weight: FontWeight, face: FontFace = active): string {
  const { directories, files, packageName } = faces[face];
  for (const directory of directories) {
    const candidate = `${directory}/${files[weight]}`;
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(
    `font ${files[weight]} not found in ${directories.join(', ')}: install it with \`apt-get install ${packageName}\``,
  );
}

function font(weight: FontWeight): TrueTypeFont {
  const key = `${active}:${weight}`;
  let cached = loaded.get(key);
  if (!cached) loaded.set(key, (cached = new TrueTypeFont(readFileSync(fontPath(weight)))));
  return cached;
}

/** Width of the advance run and the ink's vertical extent relative to the baseline (top is negative). */
export function measureText(text: string, size: number, weight: FontWeight = 'regular'): TextExtent {
  const f = font(weight);
  const scale = size / f.unitsPerEm;
  let width = 0,
    yMax = 0,
    yMin = 0;
  for (const char of text) {
    const glyph = f.glyph(char.codePointAt(0) ?? 0);
    width += f.advance(glyph);
    const box = f.box(glyph);
    yMax = Math.max(yMax, box.yMax);
    yMin = Math.min(yMin, box.yMin);
  }
  return { width: width * scale, top: -yMax * scale, bottom: -yMin * scale };
}

/**
 * Splits text into lines no wider than maxWidth, breaking at spaces. A word wider than the line
 * itself breaks as a phone's text view breaks it: after its hyphens, then between letters where
 * a piece still does not fit (it once ran off the screen's edge, and no camera could read it).
 */
export function wrapText(text: string, size: number, maxWidth: number, weight: FontWeight = 'regular'): string[] {
  const lines: string[] = [];
  let current = '';
  const fits = (candidate: string) => measureText(candidate, size, weight).width <= maxWidth;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    for (const [index, piece] of breakWord(word, fits).entries()) {
      // Pieces of one word join with nothing between them; words with a space.
      const candidate = !current ? piece : index === 0 ? `${current} ${piece}` : `${current}${piece}`;
      if (current && !fits(candidate)) {
        lines.push(current);
        current = piece;
      } else current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines.length > 0 ? lines : [''];
}

/** A word as pieces that each fit (a word that fits is one piece). */
function breakWord(word: string, fits: (text: string) => boolean): string[] {
  if (fits(word)) return [word];
  return word.split(/(?<=-)/).flatMap((part) => {
    if (fits(part)) return [part];
    const pieces: string[] = [];
    let piece = '';
    for (const char of part) {
      if (piece && !fits(piece + char)) {
        pieces.push(piece);
        piece = char;
      } else piece += char;
    }
    return piece ? [...pieces, piece] : pieces;
  });
}
