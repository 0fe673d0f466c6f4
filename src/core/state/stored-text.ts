// What the store hands the core when it reads a file of the state directory: its text, or why
// it could not be read (a sentence naming the file, the problem and the fix; never any of the
// file's content, which might be someone else's file behind a symlink). Pure types.

export type FileProblem =
  | 'missing'
  | 'not_a_file' // a directory, a device, a FIFO: not what benchhand writes
  | 'symlink' // benchhand writes regular files; a link there was put by someone else
  | 'unreadable' // permissions (EACCES) or an I/O error
  | 'too_large'; // over the cap for its kind: reading it whole could exhaust memory

export type StoredText =
  { ok: true; path: string; text: string } | { ok: false; path: string; problem: FileProblem; message: string };

/** A file's description that never shows its content: its length and, at most, a position. */
export const sizeOf = (text: string): string => `${new TextEncoder().encode(text).length} bytes`;

/** The position in a JSON.parse error, which otherwise quotes the text it choked on. */
export function jsonErrorPosition(error: unknown): string {
  const message = String((error as Error)?.message ?? '');
  const position = /position (\d+)/.exec(message)?.[1];
  if (position !== undefined) return `at character ${position}`;
  return /end of JSON input|Unterminated/i.test(message)
    ? 'it ends before the JSON is complete'
    : 'it holds text that is not JSON';
}
