// docs/FLOWS.md names every key of every step (issue 27 item 4: the gesture steps' keys were found
// only in the loader's error messages). Read from the step schema itself, so a key added to a step
// without a word in the table fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scriptStepSchema } from '../../../src/core/agent/task/task-schema.js';

/** Every step kind with its keys, from the union the loader validates against. */
function stepKeys(): { kind: string; keys: string[] }[] {
  const union = (
    scriptStepSchema as unknown as { def: { getter: () => { options: { shape: object }[] } } }
  ).def.getter();
  return union.options.map((option) => {
    const [kind, ...keys] = Object.keys(option.shape);
    return { kind: kind!, keys: keys.filter((key) => key !== 'id' && key !== 'when') };
  });
}

describe('docs/FLOWS.md', () => {
  const doc = readFileSync('docs/FLOWS.md', 'utf8');
  const rows = new Map(
    doc
      .split('\n')
      .filter((line) => /^\| `[a-z_]+` \|/.test(line))
      .map((line) => [/^\| `([a-z_]+)`/.exec(line)![1]!, line]),
  );

  it('has a row for every step, naming each of its keys', () => {
    const kinds = stepKeys();
    expect(kinds.length).toBeGreaterThan(15);
    for (const { kind, keys } of kinds) {
      const row = rows.get(kind);
      expect(row, `no row for "${kind}" in "Every step and its keys"`).toBeDefined();
      for (const key of keys) expect(row, `${kind}: the key "${key}" is not in its row`).toContain(`\`${key}\``);
    }
  });
});
