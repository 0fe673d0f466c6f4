// Reads one file of the state directory with a size cap, and only if it is the regular file
// benchhand wrote: a symlink is not followed (it could lead to /dev/zero, which never ends, or
// to someone else's file), a directory, device or FIFO is refused, and nothing is read beyond
// the cap. What is wrong comes back as a sentence naming the file, the problem and the fix.
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { StoredText } from '../../core/state/stored-text.js';

export interface BoundedReadOptions {
  /** Larger files are refused unread. */
  maxBytes: number;
  /** What the file is, in words ("a result file"). */
  what: string;
  /** What a person should do about a damaged copy of it. */
  fix: string;
}

const MiB = 1024 * 1024;
const shownSize = (bytes: number): string => (bytes >= MiB ? `${(bytes / MiB).toFixed(1)} MiB` : `${bytes} bytes`);

export async function readBoundedText(path: string, options: BoundedReadOptions): Promise<StoredText> {
  let handle: FileHandle;
  try {
    // O_NONBLOCK: a FIFO put in the file's place must not hang the open.
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    return openProblem(path, (error as NodeJS.ErrnoException).code, options);
  }
  try {
    const info = await handle.stat();
    if (info.isDirectory())
      return {
        ok: false,
        path,
        problem: 'not_a_file',
        message: `${path} is a directory, not ${options.what}: move it aside (mv ${path} ${path}.moved). ${options.fix}`,
      };
    if (!info.isFile())
      return {
        ok: false,
        path,
        problem: 'not_a_file',
        message: `${path} is a device, socket or FIFO, not ${options.what}: it is not read. Remove it. ${options.fix}`,
      };
    if (info.size > options.maxBytes) return tooLarge(path, info.size, options);
    const buffer = Buffer.alloc(Math.min(info.size, options.maxBytes) + 1);
    let filled = 0;
    // Read to the cap, not to the size stat gave: the file may grow while it is read.
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    if (filled > options.maxBytes) return tooLarge(path, filled, options);
    return { ok: true, path, text: buffer.subarray(0, filled).toString('utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'an I/O error';
    return {
      ok: false,
      path,
      problem: 'unreadable',
      message: `${path} could not be read (${code}): check the disk (dmesg) and the file. ${options.fix}`,
    };
  } finally {
    await handle.close();
  }
}

function openProblem(path: string, code: string | undefined, options: BoundedReadOptions): StoredText {
  switch (code) {
    case 'ENOENT':
      return { ok: false, path, problem: 'missing', message: `${path} does not exist` };
    case 'ELOOP':
      return {
        ok: false,
        path,
        problem: 'symlink',
        message: `${path} is a symbolic link, not the regular file benchhand writes there: it is not followed or read (it could lead anywhere). Remove the link (rm ${path}). ${options.fix}`,
      };
    case 'EACCES':
    case 'EPERM':
      return {
        ok: false,
        path,
        problem: 'unreadable',
        message: `${path} cannot be read (permission denied): give the user running benchhand read access (see ls -l ${path}), then try again.`,
      };
    case 'ENOTDIR':
      return {
        ok: false,
        path,
        problem: 'not_a_file',
        message: `${path} cannot be opened: a part of the state directory's path is not a directory. Check the --state-dir given.`,
      };
    default:
      return {
        ok: false,
        path,
        problem: 'unreadable',
        message: `${path} could not be opened (${code ?? 'unknown error'}): check the disk and the file. ${options.fix}`,
      };
  }
}

function tooLarge(path: string, bytes: number, options: BoundedReadOptions): StoredText {
  return {
    ok: false,
    path,
    problem: 'too_large',
    message: `${path} is ${shownSize(bytes)}, more than ${options.what} can be (${shownSize(options.maxBytes)}): it is not read. ${options.fix}`,
  };
}
