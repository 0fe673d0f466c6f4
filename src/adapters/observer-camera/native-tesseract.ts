// The native `tesseract` command as an OcrEngine, for comparison in the benchmark: one process
// per image (OMP_THREAD_LIMIT=1: with OpenMP threads it is several times slower on two cores),
// PSM 11 (as tesseract.js), words read from its TSV output.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OcrEngine, RawLine, Rectangle } from '../../core/ports/ocr.js';

export function nativeTesseractVersion(): string | undefined {
  try {
    return execFileSync('tesseract', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).split(
      '\n',
    )[0];
  } catch {
    return undefined;
  }
}

export class NativeTesseract implements OcrEngine {
  private readonly dir = mkdtempSync(join(tmpdir(), 'benchhand-tesseract-'));
  private count = 0;

  async recognize(image: Uint8Array, rectangle?: Rectangle): Promise<RawLine[]> {
    if (rectangle) throw new Error('the native tesseract engine reads whole images only');
    // Leptonica tells the format (PGM, PNG, JPEG) from the bytes, not the name.
    const file = join(this.dir, `${this.count++}.img`);
    writeFileSync(file, image);
    const tsv = await new Promise<string>((resolve, reject) => {
      execFile(
        'tesseract',
        [file, 'stdout', '-l', 'eng', '--psm', '11', '--dpi', '150', 'tsv'],
        { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, maxBuffer: 1 << 24 },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      );
    });
    return parseTsv(tsv);
  }

  async close(): Promise<void> {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export function parseTsv(tsv: string): RawLine[] {
  const lines = new Map<string, RawLine>();
  for (const row of tsv.split('\n').slice(1)) {
    const f = row.split('\t');
    if (f.length < 12 || f[0] !== '5' || !f[11]!.trim()) continue;
    const [left, top, width, height, conf] = [6, 7, 8, 9, 10].map((i) => Number(f[i]));
    const word = { text: f[11]!, confidence: conf!, x0: left!, y0: top!, x1: left! + width!, y1: top! + height! };
    const key = `${f[2]}.${f[3]}.${f[4]}`;
    const line = lines.get(key);
    if (!line) {
      lines.set(key, { ...word, words: [word] });
      continue;
    }
    line.words.push(word);
    line.text = line.words.map((w) => w.text).join(' ');
    line.x0 = Math.min(line.x0, word.x0);
    line.y0 = Math.min(line.y0, word.y0);
    line.x1 = Math.max(line.x1, word.x1);
    line.y1 = Math.max(line.y1, word.y1);
  }
  return [...lines.values()];
}
