// Which characters differ between what was typed and what the field reads: the agent knows exactly
// what it typed, so a reading that still differs is reported character by character ("m" read as
// "rn" at 10), for a person to judge whether the field or the reading is wrong. Case counts here
// (a typed code is case-sensitive). Pure.

export interface CharacterDifference {
  /** 1-based position in the typed text. */
  at: number;
  typed: string;
  read: string;
}

/** The differing runs, from an edit-distance alignment of the two texts (typed first). */
export function characterDifferences(typed: string, read: string): CharacterDifference[] {
  const n = typed.length,
    m = read.length;
  const cost = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++)
      cost[i]![j] = Math.min(
        cost[i - 1]![j]! + 1,
        cost[i]![j - 1]! + 1,
        cost[i - 1]![j - 1]! + (typed[i - 1] === read[j - 1] ? 0 : 1),
      );
  // Walk back, collecting runs of edits between equal characters.
  const runs: CharacterDifference[] = [];
  let i = n,
    j = m,
    open: CharacterDifference | undefined;
  const close = () => {
    if (open) runs.unshift(open);
    open = undefined;
  };
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && typed[i - 1] === read[j - 1] && cost[i]![j] === cost[i - 1]![j - 1]) {
      close();
      i--;
      j--;
      continue;
    }
    open ??= { at: i + 1, typed: '', read: '' };
    if (i > 0 && j > 0 && cost[i]![j] === cost[i - 1]![j - 1]! + 1) {
      open.typed = typed[--i]! + open.typed;
      open.read = read[--j]! + open.read;
    } else if (i > 0 && cost[i]![j] === cost[i - 1]![j]! + 1) open.typed = typed[--i]! + open.typed;
    else open.read = read[--j]! + open.read;
    open.at = i + 1;
  }
  close();
  return runs;
}

/** In words: `typed "m" read as "rn" at 10; typed "!" not read (at 11)`, at most `limit` runs. */
export function describeDifferences(typed: string, read: string, limit = 4): string {
  const runs = characterDifferences(typed, read);
  if (!runs.length) return 'no character differs';
  const words = runs
    .slice(0, limit)
    .map((run) =>
      !run.read
        ? `"${run.typed}" not read (at ${run.at})`
        : !run.typed
          ? `"${run.read}" read before character ${run.at}, not typed`
          : `"${run.typed}" read as "${run.read}" at ${run.at}`,
    );
  return `${words.join('; ')}${runs.length > limit ? `; and ${runs.length - limit} more` : ''}`;
}
