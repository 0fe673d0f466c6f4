// Where a replay comes from: a DroidBot output folder given as is, or a replay device file
// (NAME.replay.yaml) naming that folder and the choices a recording leaves open: which state to
// start on, and which recorded outcome to follow where one input led to several states.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { loadYamlWithSchema, YamlFileError } from '../../config/yaml-schema.js';
import { isRecordingDir } from './recording.js';

export interface ReplaySource {
  /** The DroidBot output folder. */
  dir: string;
  /** The replay device file, when there is one. */
  file?: string;
  /** A state_str to start on instead of the recording's first state. */
  start?: string;
  /** Event tags whose stop state wins over the first recorded one for the same input. */
  follow: string[];
}

const replayFileSchema = z.strictObject({
  replay: z.string().min(1, 'name the DroidBot output folder, relative to this file'),
  start: z.string().min(1).optional(),
  follow: z
    .array(z.string().regex(/^[\w.:-]+$/, 'an event tag as in events/event_<tag>.json, like 2023-10-19_153433'))
    .default([]),
});

/** A replay source: a folder DroidBot wrote, or a file ending .replay.yaml. */
export function isReplaySource(path: string): boolean {
  if (/\.replay\.ya?ml$/.test(path)) return true;
  return existsSync(path) && statSync(path).isDirectory() && isRecordingDir(path);
}

export function readReplaySource(path: string): ReplaySource {
  if (!existsSync(path))
    throw new Error(`replay ${path} does not exist: give a DroidBot output folder or a NAME.replay.yaml file`);
  if (statSync(path).isDirectory()) {
    if (!isRecordingDir(path))
      throw new Error(
        `replay ${path}: no states/state_*.json in it: give the folder DroidBot wrote (its -o output) or a NAME.replay.yaml naming one`,
      );
    return { dir: path, follow: [] };
  }
  const parsed = loadYamlWithSchema(readFileSync(path, 'utf8'), replayFileSchema, path, 'replay file');
  const dir = resolve(dirname(path), parsed.replay);
  if (!isRecordingDir(dir))
    throw new YamlFileError(
      path,
      [
        {
          line: 1,
          column: 1,
          field: 'replay',
          message: `${dir} holds no states/state_*.json: name the folder DroidBot wrote, relative to this file`,
        },
      ],
      'replay file',
    );
  return { dir, file: path, follow: parsed.follow, ...(parsed.start ? { start: parsed.start } : {}) };
}
