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
