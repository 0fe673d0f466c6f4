// `benchhand test --dry-run` without a bench: one line a flow, exit 0 when every refusal is for
// what the bench lacks (a driver, Maestro's cloud AI), 1 when a flow is refused for something its author can change, 2 when a file is
// malformed; a Maestro workspace runs the flows its config names, filtered by its tags.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverSuite, globToRegex } from '../../../src/app/suite/maestro/discover-workspace.js';
import { dryRun } from '../../../src/app/suite/maestro/dry-run.js';
import { maestroFolder } from './maestro-files.js';

const flow = (commands: string, tags = '[]') => `appId: x\ntags: ${tags}\n---\n${commands}`;

describe('benchhand test --dry-run', () => {
  it('says OK with the steps, or REFUSED with file:line and why; exit 0 for driver-only refusals', () => {
    const root = maestroFolder({
      'a.yaml': flow('- tapOn: Login\n- inputText: hi\n'),
      'b.yaml': flow('- clearState\n'),
    });
    const outcome = dryRun([join(root, 'a.yaml'), join(root, 'b.yaml')]);
    expect(outcome.lines).toEqual([
      `OK ${join(root, 'a.yaml')}: 2 steps`,
      `REFUSED ${join(root, 'b.yaml')}:4: clearState needs a driver on the device: app data can only be wiped by the OS`,
      '2 flow file(s): 1 OK, 1 refused, 0 malformed',
    ]);
    expect(outcome.exitCode).toBe(0);
  });

  it("refuses Maestro's cloud AI commands as unsupported here: exit 0, the reason on the line", () => {
    const root = maestroFolder({ 'ai.yaml': flow('- assertWithAI:\n    assertion: a login screen\n- back\n') });
    const outcome = dryRun([join(root, 'ai.yaml')]);
    expect(outcome.lines[0]).toBe(
      `REFUSED ${join(root, 'ai.yaml')}:4: assertWithAI needs Maestro's cloud AI: Maestro sends the screenshot to its own servers, which this bench does not use`,
    );
    expect(outcome.exitCode).toBe(0);
  });

  it('exits 1 for text the keyboard cannot type, 2 for a malformed file; --skip-unsupported loads refused flows', () => {
    const root = maestroFolder({
      'k.yaml': flow('- inputText: "\u00fcber"\n'),
      'm.yaml': flow('- tapOn: [1, 2]\n'),
      'd.yaml': flow('- clearState\n- back\n'),
    });
    expect(dryRun([join(root, 'k.yaml')]).exitCode).toBe(1);
    expect(dryRun([join(root, 'k.yaml'), join(root, 'm.yaml')]).exitCode).toBe(2);
    expect(dryRun([join(root, 'd.yaml')], { skipUnsupported: true }).lines[0]).toBe(
      `OK ${join(root, 'd.yaml')}: 2 steps (1 skipped: clearState)`,
    );
  });

  it("runs a workspace's flows by its config's globs and tags, never config.yaml or files outside the globs", () => {
    const root = maestroFolder({
      'config.yaml': 'flows:\n  - "features/**"\nincludeTags: [smoke]\n',
      'features/a.yaml': flow('- back\n', '[smoke]'),
      'features/deep/b.yaml': flow('- back\n', '[smoke]'),
      'features/c.yaml': flow('- back\n', '[slow]'),
      'top.yaml': flow('- back\n', '[smoke]'),
    });
    expect(discoverSuite([root]).map((f) => f.slice(root.length + 1))).toEqual([
      'features/a.yaml',
      'features/deep/b.yaml',
    ]);
    expect(globToRegex('*').test('top.yaml')).toBe(true);
    expect(globToRegex('*').test('features/a.yaml')).toBe(false);
  });
});
