// The device a task or flow names: beside the task file when relative, as written when absolute
// (a flow that names /srv/devices/x.yaml was looked for under the flow's own folder).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deviceFileForTask } from '../../../src/app/bench/rig.js';

describe('deviceFileForTask', () => {
  const tasks = mkdtempSync(join(tmpdir(), 'bh-device-task-'));
  const devices = mkdtempSync(join(tmpdir(), 'bh-device-elsewhere-'));
  writeFileSync(join(tasks, 'phone.yaml'), 'x');
  writeFileSync(join(devices, 'other.yaml'), 'x');
  const task = join(tasks, 'flow.yaml');

  it('finds a relative device beside the task, and an absolute one where it says', () => {
    expect(deviceFileForTask(task, 'phone.yaml')).toBe(join(tasks, 'phone.yaml'));
    expect(deviceFileForTask(task, join(devices, 'other.yaml'))).toBe(join(devices, 'other.yaml'));
  });

  it('names the task, the device and where it looked when the file is not there', () => {
    expect(() => deviceFileForTask(task, 'missing.yaml')).toThrow(
      `${task} names device missing.yaml, but ${join(tasks, 'missing.yaml')} does not exist`,
    );
    expect(() => deviceFileForTask(task, undefined)).toThrow(/names no device: give --sim DEVICE_FILE/);
  });
});
