// The knobs of the LLM interpreter's context handling, with defaults that suit a 200k-token
// hosted model and still behave on a small local one (the caps scale with the window).

export interface ContextOptions {
  /** The model's window in tokens; overrides LlmPort.contextWindow. Default: the port's, else 200 000. */
  contextWindow?: number;
  /** Compact old turns before sending when the corrected estimate passes this share of the window. Default 0.7. */
  compactAt?: number;
  /** Start a fresh session when, after compacting, the estimate is still past this share. Default 0.9. */
  switchAt?: number;
  /** Turns (a model reply and the results answering it) always kept word for word. Default 4. */
  keepLastTurns?: number;
  /** A tool result over this many tokens is cut to a preview and spilled. Default 4000. */
  toolResultCapTokens?: number;
  /** ...or over this share of the window, when that is smaller (small local models). Default 0.1. */
  toolResultCapShare?: number;
  /** The most characters of durable state a fresh session is seeded with. Default 8000. */
  durableStateCapChars?: number;
  /** The compacted-turns summary's size bound in characters. Default 3000. */
  summaryCapChars?: number;
  /** How many read_spill pages are answered within one step before the loop gets a turn. Default 8. */
  spillReadsPerStep?: number;
  /** Characters kept in the spill store (oldest evicted first). Default 2 000 000. */
  spillStoreChars?: number;
}

export type ResolvedContextOptions = Required<Omit<ContextOptions, 'contextWindow'>> & { contextWindow?: number };

export function resolveContextOptions(options: ContextOptions = {}): ResolvedContextOptions {
  const resolved: ResolvedContextOptions = {
    compactAt: options.compactAt ?? 0.7,
    switchAt: options.switchAt ?? 0.9,
    keepLastTurns: Math.max(1, options.keepLastTurns ?? 4),
    toolResultCapTokens: options.toolResultCapTokens ?? 4000,
    toolResultCapShare: options.toolResultCapShare ?? 0.1,
    durableStateCapChars: options.durableStateCapChars ?? 8000,
    summaryCapChars: options.summaryCapChars ?? 3000,
    spillReadsPerStep: options.spillReadsPerStep ?? 8,
    spillStoreChars: options.spillStoreChars ?? 2_000_000,
  };
  if (options.contextWindow !== undefined) resolved.contextWindow = options.contextWindow;
  if (!(resolved.compactAt > 0 && resolved.compactAt < resolved.switchAt && resolved.switchAt <= 1)) {
    throw new Error(
      `context options: need 0 < compactAt (${resolved.compactAt}) < switchAt (${resolved.switchAt}) <= 1`,
    );
  }
  return resolved;
}
