// The channel and event tables of docs/architecture.md, made from shared/contract.ts: the
// names and schemas from the contract itself, each row's words from the comment above its
// entry. A hand-kept list had fallen behind by five channels and two events (issue 27).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { z } from 'zod';
import { CHANNELS, EVENTS } from '#shared/channels.ts';
import { contract, eventSchemas } from '#shared/contract.ts';

export const CONTRACT_FILE = fileURLToPath(new URL('../../shared/contract.ts', import.meta.url));
export const DOC_FILE = fileURLToPath(new URL('../../docs/architecture.md', import.meta.url));
export const START = '<!-- contract-tables:start (node scripts/docs/channel-table.ts --write) -->';
export const END = '<!-- contract-tables:end -->';

/** One entry of `contract` or `eventSchemas` as written in the source. */
interface Entry {
  /** The comment above the entry, without its markers, on one line. */
  words: string;
  /** The source of its output (channels) or payload (events) expression. */
  output: string;
  /** The source of its input expression (channels only). */
  input: string;
}

/** The entries of the object literal assigned to `name` in contract.ts, by key. */
export function sourceEntries(source: string, name: string): Map<string, Entry> {
  const file = ts.createSourceFile(CONTRACT_FILE, source, ts.ScriptTarget.Latest, true);
  let literal: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText(file) === name && node.initializer) {
      let init: ts.Expression = node.initializer;
      while (ts.isSatisfiesExpression(init) || ts.isAsExpression(init)) init = init.expression;
      if (ts.isObjectLiteralExpression(init)) literal = init;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!literal) throw new Error(`shared/contract.ts has no object literal \`${name}\`.`);
  const out = new Map<string, Entry>();
  for (const prop of literal.properties) {
    // `...hubChannels`: the entries of a part of the contract kept in shared/contract/.
    if (ts.isSpreadAssignment(prop) && ts.isIdentifier(prop.expression)) {
      for (const [k, v] of sourceEntries(partSource(prop.expression.text), prop.expression.text)) {
        out.set(k, v);
      }
      continue;
    }
    if (!ts.isPropertyAssignment(prop) || !ts.isStringLiteral(prop.name)) continue;
    const value = prop.initializer;
    const field = (key: string) =>
      ts.isObjectLiteralExpression(value)
        ? value.properties.find(
            (p): p is ts.PropertyAssignment =>
              ts.isPropertyAssignment(p) && p.name.getText(file) === key,
          )?.initializer
        : undefined;
    const output = ts.isObjectLiteralExpression(value) ? field('output') : value;
    out.set(prop.name.text, {
      words: commentWords(source, prop.getFullStart()),
      output: output?.getText(file) ?? '',
      input: field('input')?.getText(file) ?? '',
    });
  }
  return out;
}

/** The source of the file in shared/contract/ that declares `name`. */
function partSource(name: string): string {
  const dir = fileURLToPath(new URL('../../shared/contract/', import.meta.url));
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    if (text.includes(`const ${name} =`)) return text;
  }
  throw new Error(`shared/contract/ declares no \`${name}\`.`);
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
  contractSource: string,
  expr: string,
  schema: z.ZodType,
  kind: 'input' | 'output',
): string {
  const partial = /^([A-Z][A-Za-z0-9]*)\.partial\(\)/.exec(expr);
  if (partial) return `any fields of \`${partial[1]}\``;
  // A name declared in contract.ts itself (Empty, Ok) says less than its fields.
  const named = IDENTIFIER.test(expr);
  const local = named && contractSource.includes(`const ${expr} =`);
  if (kind === 'output' && named && !local) return `\`${expr}\``;
  return fields(schema) ?? `\`${expr.replace(/\s+/g, ' ')}\``;
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** Words missing for a channel or event: the script refuses rather than write an empty row. */
export class MissingWords extends Error {}

/** The generated section (between the markers), from the contract's source text. */
export function contractTables(source = readFileSync(CONTRACT_FILE, 'utf8')): string {
  const channels = sourceEntries(source, 'contract');
  const events = sourceEntries(source, 'eventSchemas');
  const missing = [
    ...CHANNELS.filter((c) => !channels.get(c)?.words).map((c) => `channel ${c}`),
    ...EVENTS.filter((e) => !events.get(e)?.words).map((e) => `event ${e}`),
  ];
  if (missing.length > 0) {
    throw new MissingWords(
      `Say what each of these does in a comment above its entry in shared/contract.ts: ${missing.join(', ')}.`,
    );
  }
  const lines = [
    START,
    '',
    '| channel | input | answer | what it does |',
    '|---|---|---|---|',
    ...[...CHANNELS].sort().map((c) => {
      const e = channels.get(c)!;
      const input = shapeText(source, e.input, contract[c].input, 'input');
      const output = shapeText(source, e.output, contract[c].output, 'output');
      return `| \`${c}\` | ${cell(input)} | ${cell(output)} | ${cell(e.words)} |`;
    }),
    '',
    '| event | payload | when it is pushed |',
    '|---|---|---|',
    ...[...EVENTS].sort().map((name) => {
      const e = events.get(name)!;
      const payload = shapeText(source, e.output, eventSchemas[name], 'output');
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
