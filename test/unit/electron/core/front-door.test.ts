// electron/core/index.ts is the engine's front door for the transports: it exports exactly
// the names electron/main and electron/web import from it, nothing more (no test hook, no
// vault or file name for tests: those reach the parts by their own paths or through
// test/support/engine.ts) and nothing less (every name a transport imports is there).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const FRONT_DOOR = join(ROOT, 'electron/core/index.ts');
const TRANSPORTS = ['electron/main', 'electron/web'];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

function parse(path: string): ts.SourceFile {
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false);
}

/** The names a module exports through `export { … } from` and `export type { … } from`. */
function exportedNames(file: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const node of file.statements) {
    if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      for (const el of node.exportClause.elements) names.push(el.name.text);
    } else if (ts.canHaveModifiers(node)) {
      const exported = ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!exported) continue;
      if (ts.isVariableStatement(node)) {
        for (const d of node.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) names.push(d.name.text);
        }
      } else if (
        (ts.isFunctionDeclaration(node) ||
          ts.isClassDeclaration(node) ||
          ts.isInterfaceDeclaration(node) ||
          ts.isTypeAliasDeclaration(node)) &&
        node.name
      ) {
        names.push(node.name.text);
      }
    }
  }
  return names;
}

/** The names `file` imports from the front door (value and type imports alike). */
function namesImportedFromFrontDoor(file: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const node of file.statements) {
    if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier)) continue;
    const spec = node.moduleSpecifier.text;
    if (!spec.startsWith('.') || resolve(dirname(file.fileName), spec) !== FRONT_DOOR) continue;
    const bindings = node.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const el of bindings.elements) names.push((el.propertyName ?? el.name).text);
    } else {
      // A namespace or default import would hide which names are used.
      names.push(`(${bindings ? 'namespace' : 'default'} import in ${file.fileName})`);
    }
  }
  return names;
}

it('exports exactly what electron/main and electron/web import from it', () => {
  const used = new Set(
    TRANSPORTS.flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .map(parse)
      .flatMap(namesImportedFromFrontDoor),
  );
  const exported = exportedNames(parse(FRONT_DOOR));
  expect(new Set(exported).size, 'a name exported twice').toBe(exported.length);
  expect([...exported].sort()).toEqual([...used].sort());
});
