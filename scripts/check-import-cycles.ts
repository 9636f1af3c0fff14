// Fails when the import graph has a cycle. Every relative import counts: static, type-only,
// `export … from` and dynamic import(), because a cycle of types is still two modules that
// cannot be understood (or moved) one without the other. Run by `npm run lint`.
//
//   node scripts/check-import-cycles.ts [root]    (default: the repository)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Folders searched, relative to the root; missing ones are skipped. */
const FOLDERS = ['electron', 'shared', 'renderer', 'sandbox', 'test', 'scripts'];
const SKIP = new Set(['node_modules', 'out', 'dist', 'release', 'test-results']);
const SOURCE = /\.(ts|tsx|mts)$/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The module specifiers a file imports, of every kind. */
export function importSpecifiers(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal))
        found.push(arg.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A relative import, or `#shared/…` (package.json "imports": the repo's own shared/). */
function resolveRelative(
  root: string,
  from: string,
  spec: string,
  known: Set<string>,
): string | null {
  let base: string;
  if (spec.startsWith('#shared/')) base = resolve(root, 'shared', spec.slice('#shared/'.length));
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** Each cycle as the list of files on it (relative to root), first file repeated at the end. */
export function findImportCycles(root: string, folders: readonly string[] = FOLDERS): string[][] {
  const files = folders.flatMap((f) => sourceFiles(resolve(root, f)));
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = importSpecifiers(file, readFileSync(file, 'utf8'))
      .map((spec) => resolveRelative(root, file, spec, known))
      .filter((t): t is string => t !== null);
    edges.set(file, [...new Set(targets)]);
  }

  // Tarjan's strongly connected components, iteratively (deep graphs must not overflow).
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const start of files) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const targets = edges.get(top.node) ?? [];
      if (top.next < targets.length) {
        const target = targets[top.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        const selfLoop = (edges.get(top.node) ?? []).includes(top.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components.map((c) => cyclePath(c, edges).map((f) => relative(root, f)));
}

/** One concrete cycle through a component, for a readable report. */
function cyclePath(component: string[], edges: Map<string, string[]>): string[] {
  const members = new Set(component);
  const first = [...component].sort()[0]!;
  // Breadth-first from `first` back to itself, staying inside the component.
  const previous = new Map<string, string>();
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of edges.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === first) {
        const path = [first];
        for (let at = node; at !== first; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, first];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [...component, component[0]!];
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(import.meta.dirname, '..'));
  const cycles = findImportCycles(root);
  if (cycles.length > 0) {
    console.error(`Import cycles (${cycles.length}):`);
    for (const c of cycles) console.error(`  ${c.join(' → ')}`);
    process.exit(1);
  }
  console.log('No import cycles.');
}
