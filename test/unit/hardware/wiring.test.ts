// hardware/wiring.md's pin table and firmware/src/leonardo/board_config.h must say the same
// thing: a wrong pin in the document costs a person an afternoon with a multimeter.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..', '..');
const WIRING = 'hardware/wiring.md';
const BOARD_CONFIG = 'firmware/src/leonardo/board_config.h';

/** `BH_PIN_*` -> Arduino pin number, from the rows of the markdown pin table. */
function pinsFromWiring(markdown: string): Map<string, number> {
  const pins = new Map<string, number>();
  const lines = markdown.split('\n').filter((line) => line.startsWith('|'));
  const header = lines[0]!.split('|').map((cell) => cell.trim());
  const defineColumn = header.indexOf('Define');
  const pinColumn = header.indexOf('Arduino pin');
  for (const line of lines.slice(2)) {
    const cells = line.split('|').map((cell) => cell.trim());
    const define = /^`(BH_PIN_\w+)`$/.exec(cells[defineColumn] ?? '')?.[1];
    if (!define) continue;
    if (pins.has(define)) throw new Error(`${WIRING}: ${define} appears twice`);
    pins.set(define, Number.parseInt(cells[pinColumn] ?? '', 10));
  }
  return pins;
}

/** `#define BH_PIN_* <number>` -> number, from the board config header. */
function pinsFromHeader(source: string): Map<string, number> {
  const pins = new Map<string, number>();
  for (const match of source.matchAll(/^#define\s+(BH_PIN_\w+)\s+(\d+)\b/gm)) pins.set(match[1]!, Number(match[2]));
  return pins;
}

describe('hardware/wiring.md', () => {
  const documented = pinsFromWiring(readFileSync(join(root, WIRING), 'utf8'));
  const configured = pinsFromHeader(readFileSync(join(root, BOARD_CONFIG), 'utf8'));

  it('finds the pin tables on both sides', () => {
    expect(configured.size).toBeGreaterThanOrEqual(11);
    expect(documented.size).toBeGreaterThanOrEqual(11);
  });

  it(`lists exactly the pins ${BOARD_CONFIG} defines, with the same numbers`, () => {
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(configured));
  });

  it('uses every pin once', () => {
    const numbers = [...configured.values()];
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
