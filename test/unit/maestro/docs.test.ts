// docs/MAESTRO.md lists every Maestro command with the status the code gives it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAESTRO_COMMANDS } from '../../../src/core/maestro/command-table.js';

const WORDS = { same: 'the same', screen: 'by the screen', refused: 'refused' };

describe('docs/MAESTRO.md', () => {
  it('has a row for every command with the status the code gives it', () => {
    const doc = readFileSync('docs/MAESTRO.md', 'utf8');
    for (const [name, info] of Object.entries(MAESTRO_COMMANDS))
      expect(doc, name).toContain(`| \`${name}\` | ${WORDS[info.status]} |`);
  });
});
