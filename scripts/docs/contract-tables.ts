// The channel and event tables of docs/architecture.md, made from the contract: the names
// and schemas from `contract` itself, each row's words from the comment above its entry in
// the source, wherever the entry is written: shared/contract.ts or any file of
// shared/contract/ (read as a folder, so a new area file needs no change here). A hand-kept
// list had fallen behind by five channels and two events (issue 27).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { z } from 'zod';
import { CHANNELS, EVENTS } from '#shared/channels.ts';
import { contract, eventSchemas } from '#shared/contract.ts';

export const CONTRACT_FILE = fileURLToPath(new URL('../../shared/contract.ts', import.meta.url));
export const CONTRACT_DIR = fileURLToPath(new URL('../../shared/contract/', import.meta.url));
export const DOC_FILE = fileURLToPath(new URL('../../docs/architecture.md', import.meta.url));
export const START = '<!-- contract-tables:start (node scripts/docs/channel-table.ts --write) -->';
export const END = '<!-- contract-tables:end -->';

/** One source file of the contract: its path as the repository names it, and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

/** shared/contract.ts and every .ts file of shared/contract/, in name order. */
export function contractSources(): SourceFile[] {
  const area = readdirSync(CONTRACT_DIR)
    .filter((n) => n.endsWith('.ts') && !n.endsWith('.d.ts'))
    .sort()
    .map((n) => ({
      path: `shared/contract/${n}`,
      text: readFileSync(join(CONTRACT_DIR, n), 'utf8'),
    }));
  return [{ path: 'shared/contract.ts', text: readFileSync(CONTRACT_FILE, 'utf8') }, ...area];
}

/** One entry of `contract` or `eventSchemas` as written in the source. */
interface Entry {
  /** The file it is written in. */
  path: string;
  /** The comment above the entry, without its markers, on one line. */
  words: string;
  /** The source of its output (channels) or payload (events) expression. */
  output: string;
  /** The source of its input expression (channels only). */
  input: string;
}

/** The maps of channels: `contract` itself and each area's `<area>Channels`. */
export const isChannelMap = (name: string) =>
  name === 'contract' || /^[a-z]\w*Channels$/.test(name);

/**
 * The entries of every object literal assigned to a const whose name `isMap` accepts, in
 * every source file, by key. A key written twice (two areas defining one channel: the later
 * spread would silently win) is refused.
 */
export function sourceEntries(
  sources: readonly SourceFile[],
  isMap: (name: string) => boolean,
): Map<string, Entry> {
  const out = new Map<string, Entry>();
  for (const { path, text } of sources) {
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const literals: ts.ObjectLiteralExpression[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && isMap(node.name.getText(file)) && node.initializer) {
        let init: ts.Expression = node.initializer;
        while (ts.isSatisfiesExpression(init) || ts.isAsExpression(init)) init = init.expression;
        if (ts.isObjectLiteralExpression(init)) literals.push(init);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    for (const literal of literals) {
      for (const prop of literal.properties) {
        if (!ts.isPropertyAssignment(prop) || !ts.isStringLiteral(prop.name)) continue;
        const key = prop.name.text;
        const before = out.get(key);
        if (before) throw new Error(`${key} is written twice: in ${before.path} and in ${path}.`);
        const value = prop.initializer;
        const field = (name: string) =>
          ts.isObjectLiteralExpression(value)
            ? value.properties.find(
                (p): p is ts.PropertyAssignment =>
                  ts.isPropertyAssignment(p) && p.name.getText(file) === name,
              )?.initializer
            : undefined;
        const output = ts.isObjectLiteralExpression(value) ? field('output') : value;
        out.set(key, {
          path,
          words: commentWords(text, prop.getFullStart()),
          output: output?.getText(file) ?? '',
          input: field('input')?.getText(file) ?? '',
        });
      }
    }
  }
  return out;
}

/** The comments just above `pos` (JSDoc or //), as one line of text. */
function commentWords(source: string, pos: number): string {
  return (ts.getLeadingCommentRanges(source, pos) ?? [])
    .map((r) => source.slice(r.pos, r.end))
    .map((c) =>
      c
        .replace(/^\/\*\*?|\*\/$/g, '')
        .split('\n')
        .map((line) => line.replace(/^\s*(\*|\/\/)\s?/, '').trim())
        .join(' '),
    )
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A zod object's fields as `{ a, b? }`; null when the schema is not an object. */
function fields(schema: z.ZodType): string | null {
  const def = (schema as unknown as { def: { type: string } }).def;
  if (def.type !== 'object') return null;
  const shape = (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
  const names = Object.entries(shape).map(([k, s]) =>
    s.safeParse(undefined).success ? `${k}?` : k,
  );
  return names.length === 0 ? '—' : `\`{ ${names.join(', ')} }\``;
}

const IDENTIFIER = /^[A-Z][A-Za-z0-9]*$/;

/**
 * How a schema reads in the table. An input by its fields (or "any fields of X" for a
 * partial X); an answer or payload by its domain type's name, else by its fields.
 */
function shapeText(
  sources: readonly SourceFile[],
  expr: string,
  schema: z.ZodType,
  kind: 'input' | 'output',
): string {
  const partial = /^([A-Z][A-Za-z0-9]*)\.partial\(\)/.exec(expr);
  if (partial) return `any fields of \`${partial[1]}\``;
  // A name declared in the contract's own files (Empty, Ok) says less than its fields.
  const named = IDENTIFIER.test(expr);
  const local = named && sources.some((s) => s.text.includes(`const ${expr} =`));
  if (kind === 'output' && named && !local) return `\`${expr}\``;
  return fields(schema) ?? `\`${expr.replace(/\s+/g, ' ')}\``;
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** Words missing for a channel or event: the script refuses rather than write an empty row. */
export class MissingWords extends Error {}

/** The generated section (between the markers), from the contract's source files. */
export function contractTables(sources: readonly SourceFile[] = contractSources()): string {
  const channels = sourceEntries(sources, isChannelMap);
  const events = sourceEntries(sources, (name) => name === 'eventSchemas');
  const missing = [
    ...CHANNELS.filter((c) => !channels.get(c)?.words).map((c) => `channel ${c}`),
    ...EVENTS.filter((e) => !events.get(e)?.words).map((e) => `event ${e}`),
  ];
  if (missing.length > 0) {
    throw new MissingWords(
      `Say what each of these does in a comment above its entry (shared/contract/ or shared/contract.ts): ${missing.join(', ')}.`,
    );
  }
  const lines = [
    START,
    '',
    '| channel | input | answer | what it does |',
    '|---|---|---|---|',
    ...[...CHANNELS].sort().map((c) => {
      const e = channels.get(c)!;
      const input = shapeText(sources, e.input, contract[c].input, 'input');
      const output = shapeText(sources, e.output, contract[c].output, 'output');
      return `| \`${c}\` | ${cell(input)} | ${cell(output)} | ${cell(e.words)} |`;
    }),
    '',
    '| event | payload | when it is pushed |',
    '|---|---|---|',
    ...[...EVENTS].sort().map((name) => {
      const e = events.get(name)!;
      const payload = shapeText(sources, e.output, eventSchemas[name], 'output');
      return `| \`${name}\` | ${cell(payload)} | ${cell(e.words)} |`;
    }),
    '',
    END,
  ];
  return lines.join('\n');
}

/** The doc with its section replaced; throws when the markers are missing. */
export function withTables(doc: string, tables: string): string {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a === -1 || b === -1 || b < a) {
    throw new Error(`docs/architecture.md lacks the markers ${START} … ${END}.`);
  }
  return doc.slice(0, a) + tables + doc.slice(b + END.length);
}

/** The section as the doc has it now (markers included). */
export function docTables(doc: string): string {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  return a === -1 || b === -1 ? '' : doc.slice(a, b + END.length);
}

/** The channel or event names a table section lists, in order (its first column). */
export function listedNames(section: string): { channels: string[]; events: string[] } {
  const channels: string[] = [];
  const events: string[] = [];
  let into: string[] | null = null;
  for (const line of section.split('\n')) {
    if (line.startsWith('| channel |')) into = channels;
    else if (line.startsWith('| event |')) into = events;
    const m = /^\| `([^`]+)` \|/.exec(line);
    if (m && into) into.push(m[1]!);
  }
  return { channels, events };
}
