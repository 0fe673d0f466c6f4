// The one flood fill (src/core/vision/connected-groups.ts): 4-connected groups, or groups that
// bridge a one-cell gap, each with its box and size, in the order of their first cell.
import { describe, expect, it } from 'vitest';
import { connectedGroups } from '../../../src/core/vision/connected-groups.js';

const grid = (rows: string[]) => ({
  mask: Array.from(rows.join(''), (ch) => (ch === '#' ? 1 : 0)),
  columns: rows[0]!.length,
  rows: rows.length,
});

describe('connectedGroups', () => {
  it('joins cells that share an edge, not a corner, and never wraps a row', () => {
    const { mask, columns, rows } = grid(['##..#', '#...#', '.#...', '#....']);
    expect(connectedGroups(mask, columns, rows)).toEqual([
      { c0: 0, r0: 0, c1: 1, r1: 1, count: 3 },
      { c0: 4, r0: 0, c1: 4, r1: 1, count: 2 },
      { c0: 1, r0: 2, c1: 1, r1: 2, count: 1 },
      { c0: 0, r0: 3, c1: 0, r1: 3, count: 1 },
    ]);
  });

  it('with reach 2 bridges a one-cell gap, diagonals included, but not a two-cell one', () => {
    const { mask, columns, rows } = grid(['#.#...#', '.......', '...#...']);
    expect(connectedGroups(mask, columns, rows, 2)).toEqual([
      { c0: 0, r0: 0, c1: 3, r1: 2, count: 3 },
      { c0: 6, r0: 0, c1: 6, r1: 0, count: 1 },
    ]);
  });
});
