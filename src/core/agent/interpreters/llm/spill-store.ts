// Where the parts of oversized tool results go when the model only gets a preview: kept whole,
// by id, so the model can page through them with read_spill. In memory and bounded: the oldest
// spills are evicted first, and reading an evicted one says so instead of failing silently.
// (Not durable: after a restart the ids are gone, and read_spill says that too.)

export const DEFAULT_SPILL_STORE_CHARS = 2_000_000;

export interface SpillPage {
  id: string;
  /** The characters from `offset` to `end`. */
  text: string;
  offset: number;
  end: number;
  total: number;
}

export class SpillStore {
  private readonly spills = new Map<string, string>();
  private readonly evicted = new Set<string>();
  private counter = 0;
  private heldChars = 0;

  constructor(private readonly maxChars = DEFAULT_SPILL_STORE_CHARS) {}

  /** Keeps `text` whole and returns the id the model will quote back. */
  put(text: string): string {
    const id = `spill-${++this.counter}`;
    this.spills.set(id, text);
    this.heldChars += text.length;
    this.evictOldest();
    return id;
  }

  /** A slice of a spill; a string saying what is wrong when the id or offset is not usable. */
  read(id: string, offset: number, maxChars: number): SpillPage | string {
    const text = this.spills.get(id);
    if (text === undefined) {
      return this.evicted.has(id)
        ? `The spill "${id}" was discarded to keep memory bounded (older spills go first). Run the tool that produced it again if you still need it.`
        : `There is no spill "${id}". Spill ids are quoted in cut tool results (like "spill-3"); spills do not survive a restart of the agent.`;
    }
    if (offset >= text.length)
      return `The spill "${id}" has ${text.length} characters; offset ${offset} is past its end.`;
    const end = Math.min(text.length, offset + maxChars);
    return { id, text: text.slice(offset, end), offset, end, total: text.length };
  }

  get count(): number {
    return this.spills.size;
  }

  get chars(): number {
    return this.heldChars;
  }

  private evictOldest(): void {
    for (const [id, text] of this.spills) {
      // The newest spill always stays, even alone over the bound: it was just promised to the model.
      if (this.heldChars <= this.maxChars || this.spills.size === 1) return;
      this.spills.delete(id);
      this.evicted.add(id);
      this.heldChars -= text.length;
    }
  }
}
