// The layering rules of src/ (docs/ARCHITECTURE.md): what each layer may import, and no import
// cycles. Pure: it judges an import graph, so a test can feed it an in-memory file set.
import type { ImportEdge } from './import-graph.js';

export interface Violation {
  file: string;
  line: number;
  rule: string;
  message: string;
}

interface Layer {
  name: string;
  folder: string;
  allows(edge: ImportEdge): string | undefined;
}

const inside = (folder: string) => (path: string | undefined) => path !== undefined && path.startsWith(`${folder}/`);

/** A pure layer imports only itself (and the packages named); never node:*, never another folder. */
function selfContained(name: string, folder: string, packages: string[]): Layer {
  return {
    name,
    folder,
    allows: (edge) => {
      if (edge.to !== undefined)
        return inside(folder)(edge.to) ? undefined : `${folder} is pure: it imports only itself, not ${edge.to}`;
      if (packages.includes(edge.specifier)) return undefined;
      return `${folder} is pure: it imports only itself${packages.length ? ` and ${packages.join(', ')}` : ''}, not "${edge.specifier}"`;
    },
  };
}

function forbids(name: string, folder: string, forbidden: string[], why: string): Layer {
  return {
    name,
    folder,
    allows: (edge) => {
      const hit = forbidden.find((other) => inside(other)(edge.to));
      return hit ? `${folder} must not import ${hit}/ (${why}): ${edge.to}` : undefined;
    },
  };
}

/**
 * A package that touches hardware, the network or pixels lives behind one port, in the folders
 * named here and nowhere else, so a reader finds every use of it in one place and a test can put
 * a fake behind the same port. `@scope/name/sub` counts as `@scope/name`, `name/sub` as `name`.
 */
export const PACKAGE_HOMES: { packages: string[]; folders: string[]; why: string }[] = [
  { packages: ['mqtt'], folders: ['src/adapters/mqtt'], why: 'the broker is reached through the one MQTT adapter' },
  {
    packages: ['serialport', '@serialport/parser-readline', '@serialport/bindings-cpp'],
    folders: ['src/adapters/mcu-serial'],
    why: 'the serial line belongs to the MCU adapter',
  },
  {
    packages: ['tesseract.js', '@tesseract.js-data/eng'],
    folders: ['src/adapters/observer-camera'],
    why: 'OCR runs inside the camera observer',
  },
  {
    packages: ['sharp'],
    folders: ['src/adapters/camera', 'src/adapters/observer-camera', 'src/adapters/picture', 'src/sim'],
    why: 'pixels are decoded and drawn in the camera, observer and picture adapters and the virtual bench',
  },
  { packages: ['onoff'], folders: ['src/adapters/gpio'], why: 'GPIO pins belong to the gpio adapter' },
  { packages: ['lowdb'], folders: ['src/adapters/store'], why: 'files on disk belong to the store adapter' },
];

/** The package an import names: 'sharp', '@scope/name'; undefined for a relative or node: import. */
export function packageName(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || specifier.startsWith('/')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const PURE_FOLDERS = ['src/core', 'src/protocol'];

function packagesStayHome(): Layer {
  return {
    name: 'package-in-its-adapter',
    folder: 'src',
    allows: (edge) => {
      // The pure layers' own rule already refuses every package but theirs: one message is enough.
      if (PURE_FOLDERS.some((folder) => inside(folder)(edge.from))) return undefined;
      const name = packageName(edge.specifier);
      const home = PACKAGE_HOMES.find((entry) => name !== undefined && entry.packages.includes(name));
      if (!home || home.folders.some((folder) => inside(folder)(edge.from))) return undefined;
      return `"${name}" is imported only in ${home.folders.join(', ')} (${home.why}); use the port it implements`;
    },
  };
}

export const LAYERS: Layer[] = [
  selfContained('core-is-pure', 'src/core', ['zod']),
  selfContained('protocol-is-pure', 'src/protocol', []),
  forbids(
    'cli-builds-nothing',
    'src/cli',
    ['src/adapters'],
    'the command line parses flags and prints; adapters are built in src/app/bench/open-bench.ts',
  ),
  forbids(
    'config-builds-nothing',
    'src/config',
    ['src/adapters', 'src/app', 'src/cli'],
    'config is schema, loading and environment overrides only',
  ),
  forbids(
    'adapters-stay-down',
    'src/adapters',
    ['src/app', 'src/cli'],
    'an adapter implements a port; the app wires it',
  ),
  packagesStayHome(),
];

/**
 * An allow-list entry (scripts/lint/layers-allowed.json), each with its reason: one exact import
 * (`file` imports `imports`), or one known cycle (`cycle`: its files, in any order).
 */
export type Allowed = { file: string; imports: string; reason: string } | { cycle: string[]; reason: string };

export function layerViolations(edges: ImportEdge[], allowed: Allowed[] = []): Violation[] {
  const isAllowed = (edge: ImportEdge) =>
    allowed.some(
      (entry) => 'file' in entry && entry.file === edge.from && entry.imports === (edge.to ?? edge.specifier),
    );
  const violations: Violation[] = [];
  for (const edge of edges) {
    for (const layer of LAYERS) {
      if (!inside(layer.folder)(edge.from)) continue;
      const problem = layer.allows(edge);
      if (problem && !isAllowed(edge))
        violations.push({ file: edge.from, line: edge.line, rule: layer.name, message: problem });
    }
  }
  return violations;
}

/**
 * Cycles among the files, type-only imports included: they load fine, but two files that need
 * each other's types are one unit split in two, and a reader cannot read either first.
 */
export function importCycles(edges: ImportEdge[], allowed: Allowed[] = []): string[][] {
  const known = allowed.flatMap((entry) => ('cycle' in entry ? [[...entry.cycle].sort().join(' ')] : []));
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (edge.to === undefined) continue;
    if (!next.has(edge.from)) next.set(edge.from, new Set());
    next.get(edge.from)!.add(edge.to);
  }
  return stronglyConnected(next)
    .filter((group) => group.length > 1 || next.get(group[0]!)?.has(group[0]!))
    .filter((group) => !known.includes(group.join(' ')));
}

/** Tarjan's algorithm, iterative so a deep graph cannot overflow the stack. */
function stronglyConnected(next: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; children: string[]; at: number }[] = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, children: [...(next.get(node) ?? [])], at: 0 });
    };
    enter(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      if (frame.at < frame.children.length) {
        const child = frame.children[frame.at++]!;
        if (!index.has(child)) enter(child);
        else if (onStack.has(child)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        groups.push(group.sort());
      }
    }
  }
  return groups;
}
