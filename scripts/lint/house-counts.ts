// How many places one change has to touch (issue 26): counted from the source text, so anyone can
// compare two trees. `node --import tsx scripts/lint/house-counts.ts [ROOT]` (ROOT defaults to this
// checkout; give an unpacked older tree to compare, e.g. `git archive main | tar -x -C /tmp/old`).
// Each measure is a pattern over files; what it counts is said next to it, so a reader can check it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url));

function filesUnder(folder: string, extension: RegExp): { path: string; text: string }[] {
  const base = join(root, folder);
  if (!existsSync(base)) return [];
  return readdirSync(base, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extension.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));
}

const source = filesUnder('src', /\.ts$/);
const web = filesUnder('web', /\.js$/).filter((file) => !file.path.includes('/vendor/'));

const filesMatching = (files: typeof source, pattern: RegExp) => files.filter((file) => pattern.test(file.text));
const linesMatching = (files: typeof source, pattern: RegExp) =>
  files.flatMap((file) => file.text.split('\n').filter((line) => pattern.test(line)));

/** Files that write (import a value from) the mqtt package or its browser build and call connect. */
const mqttConnects = [...source, ...web].filter((file) =>
  /^import (?!type )[^;]*from '(mqtt|\.\/vendor\/mqtt\.esm\.js)'/m.test(file.text),
);

const measures: [string, string, number][] = [
  [
    'journal appenders',
    'files outside the store that call appendJournal(',
    filesMatching(
      source.filter((file) => !/^src\/(adapters\/store|core\/ports)\//.test(file.path)),
      /\.appendJournal\(/,
    ).length,
  ],
  [
    'loop implementations',
    "files that run a step's observe -> interpret order (set or enter phase 'interpret')",
    filesMatching(source, /\.phase = 'interpret'|enterPhase\([^)]*'interpret'\)/).length,
  ],
  [
    'phase setters',
    'lines in src/core that assign a run phase',
    linesMatching(
      filesMatching(source, /^/).filter((f) => f.path.startsWith('src/core/')),
      /\b(state|parent|sub)\.phase = /,
    ).length,
  ],
  [
    'secret masks',
    "lines outside the simulator that mask a secret ('•'.repeat, '•••', redactObservation(, maskSecret)",
    linesMatching(
      source.filter((file) => !file.path.startsWith('src/sim/')),
      /'•'\.repeat|'•••'|redactObservation\(|maskSecrets?\(/,
    ).filter((line) => !/^\s*(import|export function)/.test(line)).length,
  ],
  [
    'observer wrappers',
    'files outside the core that implement observe() around another observer (stages of one pipeline count once)',
    filesMatching(
      source.filter((file) => !/^src\/(core|sim)\//.test(file.path)),
      /(observe: async|async observe\()[\s\S]*\.observe\(|\.observe\([\s\S]*(observe: async|async observe\()/,
    ).length,
  ],
  [
    'parts built outside openBench',
    'lines in src/app and src/cli, outside open-bench.ts and its rig and camera factories, that open an MCU link, a camera, a rig or an MQTT client',
    linesMatching(
      source.filter(
        (file) =>
          /^src\/(app|cli)\//.test(file.path) &&
          !/^src\/app\/bench\/(open-bench|rig|camera-from-config)\.ts$/.test(file.path),
      ),
      /\b(connectMcu|McuLink\.connect|cameraFromSource|cameraFromConfig|openRig|connectMqttClient|createMqttClient|connectToBroker)\(/,
    ).filter((line) => !/^\s*(import|export function)/.test(line)).length,
  ],
  [
    'topic tree spellings',
    'files in src/ and web/ that spell a benchhand/<bench>/... topic',
    filesMatching([...source, ...web], /[`'"]benchhand\/(\$\{|\+|_console)/).length,
  ],
  [
    'MQTT client constructions',
    'connect calls in files that import the mqtt package (or its browser build) as a value',
    linesMatching(mqttConnects, /(\bmqtt\.|[=(]\s*)connect(Async)?\(/).length,
  ],
  [
    'withTimeout copies',
    'definitions of a function withTimeout',
    linesMatching(source, /function withTimeout\b/).length,
  ],
  [
    'flood fills',
    'stack-based fills (stack.push of a neighbour cell)',
    linesMatching(source, /stack\.push\(n(ext)?\)/).length,
  ],
  [
    'files a step verb touches',
    'source files that name the long_press verb (a gesture added like a new verb would be)',
    filesMatching(source, /long_press|longPress/).length,
  ],
];

const width = Math.max(...measures.map(([name]) => name.length));
for (const [name, what, count] of measures)
  process.stdout.write(`${name.padEnd(width)}  ${String(count).padStart(3)}  (${what})\n`);
