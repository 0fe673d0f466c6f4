// The layering check (scripts/lint/layers.ts, run by `npm test`) on in-memory file sets: each rule
// catches the forbidden import it names, and the real tree passes.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importEdges } from '../../../scripts/lint/import-graph.js';
import { importCycles, layerViolations } from '../../../scripts/lint/layer-rules.js';

const judge = (files: Record<string, string>) => {
  const edges = importEdges(new Map(Object.entries(files)));
  return { violations: layerViolations(edges), cycles: importCycles(edges) };
};

describe('the layering check', () => {
  it('passes a tree that keeps its layers', () => {
    const { violations, cycles } = judge({
      'src/core/a.ts': "import { z } from 'zod';\nimport { b } from './b.js';",
      'src/core/b.ts': 'export const b = 1;',
      'src/adapters/x/x.ts': "import { b } from '../../core/b.js';\nimport { readFileSync } from 'node:fs';",
      'src/app/root.ts': "import { x } from '../adapters/x/x.js';",
      'src/cli/main.ts': "import { root } from '../app/root.js';",
    });
    expect(violations).toEqual([]);
    expect(cycles).toEqual([]);
  });

  it('catches the core importing node:*, a package other than zod, or an adapter', () => {
    const { violations } = judge({
      'src/core/a.ts':
        "import { readFileSync } from 'node:fs';\nimport sharp from 'sharp';\nimport type { X } from '../adapters/x/x.js';",
      'src/adapters/x/x.ts': 'export type X = 1;',
    });
    expect(violations.map((v) => [v.file, v.line, v.rule])).toEqual([
      ['src/core/a.ts', 1, 'core-is-pure'],
      ['src/core/a.ts', 2, 'core-is-pure'],
      ['src/core/a.ts', 3, 'core-is-pure'],
    ]);
    expect(violations[0]!.message).toContain('"node:fs"');
  });

  it('catches the protocol importing anything outside itself, even zod and the core', () => {
    const { violations } = judge({
      'src/protocol/p.ts': "import { z } from 'zod';\nexport * from '../core/c.js';",
      'src/core/c.ts': '',
    });
    expect(violations.map((v) => v.rule)).toEqual(['protocol-is-pure', 'protocol-is-pure']);
  });

  it('catches cli and config importing an adapter, also through a dynamic import()', () => {
    const { violations } = judge({
      'src/cli/commands/c.ts': "const m = await import('../../adapters/x/x.js');",
      'src/config/s.ts': "export { x } from '../adapters/x/x.js';",
      'src/adapters/x/x.ts': 'export const x = 1;',
    });
    expect(violations.map((v) => [v.file, v.rule])).toEqual([
      ['src/cli/commands/c.ts', 'cli-builds-nothing'],
      ['src/config/s.ts', 'config-builds-nothing'],
    ]);
  });

  it('catches an adapter importing the app or the command line', () => {
    const { violations } = judge({
      'src/adapters/x/x.ts': "import { a } from '../../app/a.js';\nimport { c } from '../../cli/c.js';",
      'src/app/a.ts': '',
      'src/cli/c.ts': '',
    });
    expect(violations.map((v) => v.rule)).toEqual(['adapters-stay-down', 'adapters-stay-down']);
  });

  it('catches a package imported outside the folder that owns it, a type-only or sub-path import included', () => {
    const { violations } = judge({
      'src/adapters/mqtt/m.ts': "import mqtt from 'mqtt';",
      'src/adapters/mcu-serial/s.ts': "import { ReadlineParser } from '@serialport/parser-readline';",
      'src/sim/device/r.ts': "import sharp from 'sharp';",
      'src/app/doctor/b.ts': "import type { MqttClient } from 'mqtt';",
      'src/app/flash/t.ts': "import { SerialPort } from 'serialport';",
      'src/app/report/p.ts': "const { default: sharp } = await import('sharp');",
      'src/cli/ops/o.ts': "import Tesseract from 'tesseract.js/dist/x.js';",
    });
    expect(violations.map((v) => [v.file, v.rule])).toEqual([
      ['src/app/doctor/b.ts', 'package-in-its-adapter'],
      ['src/app/flash/t.ts', 'package-in-its-adapter'],
      ['src/app/report/p.ts', 'package-in-its-adapter'],
      ['src/cli/ops/o.ts', 'package-in-its-adapter'],
    ]);
    expect(violations[0]!.message).toContain('"mqtt" is imported only in src/adapters/mqtt');
  });

  it('catches an import cycle, a type-only one included', () => {
    const { cycles } = judge({
      'src/app/a.ts': "import { b } from './b.js';",
      'src/app/b.ts': "import type { C } from './c.js';",
      'src/app/c.ts': "import { a } from './a.js';",
      'src/app/d.ts': "import { a } from './a.js';",
    });
    expect(cycles).toEqual([['src/app/a.ts', 'src/app/b.ts', 'src/app/c.ts']]);
  });

  it('lets an allow-listed import and cycle through, and nothing else', () => {
    const edges = importEdges(
      new Map(
        Object.entries({
          'src/cli/c.ts': "import { x } from '../adapters/x.js';\nimport { y } from '../adapters/y.js';",
          'src/adapters/x.ts': '',
          'src/adapters/y.ts': '',
          'src/app/a.ts': "import './b.js';",
          'src/app/b.ts': "import './a.js';",
        }),
      ),
    );
    const allowed = [
      { file: 'src/cli/c.ts', imports: 'src/adapters/x.ts', reason: 'test' },
      { cycle: ['src/app/b.ts', 'src/app/a.ts'], reason: 'test' },
    ];
    expect(layerViolations(edges, allowed).map((v) => v.message)).toEqual([
      expect.stringContaining('src/adapters/y.ts'),
    ]);
    expect(importCycles(edges, allowed)).toEqual([]);
  });

  it('passes the real tree (what npm test runs)', () => {
    const script = fileURLToPath(new URL('../../../scripts/lint/layers.ts', import.meta.url));
    expect(execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' })).toMatch(
      /no forbidden import and no cycle/,
    );
  });
});
