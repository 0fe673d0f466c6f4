// The import graph of a set of source files, read with the TypeScript compiler's parser (no
// type check, so it is fast): every static import, re-export and dynamic import(), with the
// relative ones resolved to the file they name.
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** The importing file, relative to the repository root with '/' separators. */
  from: string;
  /** As written: './x.js', 'node:fs', 'zod'. */
  specifier: string;
  /** The imported file for a relative specifier (repository-relative), else undefined. */
  to?: string;
  /** `import type` / `export type`: gone at run time, so it cannot make a load-order cycle. */
  typeOnly: boolean;
  line: number;
}

/** `files` maps a repository-relative path to its text. */
export function importEdges(files: ReadonlyMap<string, string>): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const [path, text] of files) {
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const add = (literal: ts.Expression | undefined, typeOnly: boolean) => {
      if (!literal || !ts.isStringLiteralLike(literal)) return;
      const specifier = literal.text;
      const line = source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1;
      edges.push({ from: path, specifier, to: resolveRelative(path, specifier, files), typeOnly, line });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, isTypeOnlyImport(node));
      else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node.isTypeOnly);
      else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
        add(node.arguments[0], false);
      else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
        add(node.argument.literal as ts.StringLiteral, true);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return edges;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './side-effect.js'` runs the module
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  // `import { type A, type B } from` is erased too; a default or namespace import is not.
  return (
    !clause.name &&
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/** NodeNext style: './x.js' names './x.ts' in the sources. */
function resolveRelative(from: string, specifier: string, files: ReadonlyMap<string, string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = normalize(join(dirname(from), specifier))
    .split('\\')
    .join('/');
  const candidates = [
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.mjs$/, '.mts'),
    base,
    `${base}.ts`,
    `${base}/index.ts`,
  ];
  return candidates.find((candidate) => files.has(candidate)) ?? base;
}
