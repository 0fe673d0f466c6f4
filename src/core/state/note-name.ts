// What a scratchpad note may be called: one file name inside notes/, never a path. The store
// checks it itself (not only the write_note tool), so no caller can write beside the result file
// or outside the state directory by naming a note "../result" or "a/b". Pure.

export const NOTE_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,47}$/;
export const NOTE_NAME_RULE = 'lower-case letters, digits, - and _, at most 48, starting with a letter or digit';

/** Undefined when the name is fine; otherwise the sentence to throw (the field, the rule, the fix). */
export function noteNameProblem(name: string): string | undefined {
  if (NOTE_NAME_PATTERN.test(name)) return undefined;
  const shown = JSON.stringify(name.slice(0, 60));
  return `note name ${shown} is not allowed: a note name is ${NOTE_NAME_RULE} (no "/", "." or ".."). Choose a name like "plan" or "wifi-codes".`;
}
