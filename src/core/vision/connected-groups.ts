// The one flood fill: groups of set cells in a grid (changed cells, dark cells, ink pixels) that
// touch, each as its bounding box and size. Iterative, so a screen-sized group cannot overflow the
// stack; groups come out in the order of their first cell, row by row.

export interface CellGroup {
  /** First and last column and row the group covers (inclusive). */
  c0: number;
  r0: number;
  c1: number;
  r1: number;
  /** How many cells it has. */
  count: number;
  /** Its cells (row * columns + column), when asked for. */
  cells?: number[];
}

/**
 * `reach` 1: cells touch through an edge (4-connected). `reach` 2: through any cell within two
 * columns and rows, so a one-cell gap is bridged (a word's letters are one group). `keepCells`:
 * each group lists its cells too.
 */
export function connectedGroups(
  mask: ArrayLike<number | boolean>,
  columns: number,
  rows: number,
  reach: 1 | 2 = 1,
  keepCells = false,
): CellGroup[] {
  const seen = new Uint8Array(columns * rows);
  const found: CellGroup[] = [];
  for (let start = 0; start < columns * rows; start++) {
    if (!mask[start] || seen[start]) continue;
    const group: CellGroup = { c0: columns, r0: rows, c1: -1, r1: -1, count: 0, ...(keepCells ? { cells: [] } : {}) };
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const cell = stack.pop()!;
      const c = cell % columns,
        r = (cell - c) / columns;
      group.count++;
      group.cells?.push(cell);
      group.c0 = Math.min(group.c0, c);
      group.c1 = Math.max(group.c1, c);
      group.r0 = Math.min(group.r0, r);
      group.r1 = Math.max(group.r1, r);
      for (const next of neighbours(c, r, columns, rows, reach)) {
        if (!mask[next] || seen[next]) continue;
        seen[next] = 1;
        stack.push(next);
      }
    }
    found.push(group);
  }
  return found;
}

/** The cells within `reach` of cell (c, r), inside the grid (4-connected at reach 1). */
export function neighbours(c: number, r: number, columns: number, rows: number, reach: 1 | 2): number[] {
  const out: number[] = [];
  for (let dr = -reach; dr <= reach; dr++) {
    for (let dc = -reach; dc <= reach; dc++) {
      if ((dr === 0 && dc === 0) || (reach === 1 && dr !== 0 && dc !== 0)) continue;
      const rr = r + dr,
        cc = c + dc;
      if (rr >= 0 && rr < rows && cc >= 0 && cc < columns) out.push(rr * columns + cc);
    }
  }
  return out;
}
