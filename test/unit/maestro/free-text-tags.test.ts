// Maestro's tags are free text (`releaseTest`, `smoke test`): a flow with them loads and is selected
// by them; a header that is not a list of tags is refused naming the file, the line, the field, the
// rule and what to write — never a raw schema dump. The same for the bench's own YAML files.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dryRun } from '../../../src/app/suite/maestro/dry-run.js';
import { loadMaestro } from '../../../src/app/suite/maestro/load-maestro.js';
import { loadTaskFile } from '../../../src/sim/device/task-file.js';
import { loadAdversarialCases } from '../../../src/sim/bench/adversarial-cases.js';
import { maestroFolder } from './maestro-files.js';

/** What zod's own renderings look like: none of it may reach a person. */
const RAW_DUMP = /✖|→ at|"code":|"path":|invalid_type|too_small/;

describe('Maestro tags as free text', () => {
  it('loads a flow tagged releaseTest and "smoke test" with its tags whole', () => {
    const root = maestroFolder({
      'a.yaml': 'appId: x\ntags:\n  - releaseTest\n  - smoke test\n  - 2024\n---\n- back\n',
    });
    expect(loadMaestro(join(root, 'a.yaml')).tags).toEqual(['releaseTest', 'smoke test', '2024']);
    expect(dryRun([join(root, 'a.yaml')]).lines[0]).toBe(`OK ${join(root, 'a.yaml')}: 1 steps`);
  });

  it('refuses tags that are not a list, or a tag that is not text, naming file:line, the field and the fix', () => {
    const root = maestroFolder({
      'one.yaml': 'appId: x\ntags: smoke test\n---\n- back\n',
      'map.yaml': 'appId: x\nname: m\ntags:\n  - ok\n  - { a: 1 }\n---\n- back\n',
      'empty.yaml': 'appId: x\ntags: ["  "]\n---\n- back\n',
    });
    const lines = dryRun(['one.yaml', 'map.yaml', 'empty.yaml'].map((f) => join(root, f))).lines;
    expect(lines[0]).toBe(
      `MALFORMED ${join(root, 'one.yaml')}:2: tags is a list of free text, e.g. tags: [releaseTest, smoke test]; found the single text "smoke test": write it as tags: [smoke test]`,
    );
    expect(lines[1]).toBe(
      `MALFORMED ${join(root, 'map.yaml')}:3: tags is a list of free text, e.g. tags: [releaseTest, smoke test]; tag 2 is a map or a list: write it as text`,
    );
    expect(lines[2]).toMatch(
      new RegExp(`^MALFORMED ${join(root, 'empty.yaml')}:2: tags: tag 1 \\("  "\\): a tag is a word`),
    );
    for (const line of lines) expect(line).not.toMatch(RAW_DUMP);
  });
});

describe("the bench's YAML files name the line and the field, never a raw schema dump", () => {
  it('a task file with a misspelt key and a wrong type', () => {
    const root = maestroFolder({});
    const file = join(root, 'task.yaml');
    writeFileSync(file, 'device: d\ngoal: g\nexpect:\n  screen: home\n  texts: nope\nexpcet: 1\n');
    const error = (() => {
      try {
        loadTaskFile(file);
      } catch (caught) {
        return caught as Error;
      }
      throw new Error('the task file loaded');
    })();
    expect(error.message).toContain(`${file}: 2 problem(s) in the task file`);
    expect(error.message).toMatch(/line 5, expect\.texts: /);
    expect(error.message).toMatch(/line 6, expcet: /);
    expect(error.message).not.toMatch(RAW_DUMP);
  });

  it('an adversarial cases file with a run that lacks its name', () => {
    const root = maestroFolder({
      'cases.yaml': 'cases:\n  - name: c\n    class: k\n    task: t.yaml\n    runs:\n      - {}\n',
    });
    expect(() => loadAdversarialCases(join(root, 'cases.yaml'))).toThrow(/line 6, cases\[0\]\.runs\[0\]\.name/);
  });
});
