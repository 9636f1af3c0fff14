// The message catalogues (issue 23): every id in every language, every message valid ICU,
// the same placeholders as the English source (a {count} neither lost nor renamed, the
// same select cases), readable dotted ids, the pseudo-locale longer and bracketed, a
// message for every engine error code, and the committed files up to date with the code.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#shared/errors.ts';
import { UI_LANGUAGES } from '#shared/languages.ts';
import {
  COMPILED_DIR,
  MESSAGES_DIR,
  SOURCE_FILE,
  staleCatalogues,
  translationLanguages,
} from '../../../scripts/i18n/catalogues.ts';

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const source = Object.fromEntries(
  Object.entries(json(SOURCE_FILE)).map(([id, d]) => [
    id,
    (d as { defaultMessage: string }).defaultMessage,
  ]),
);
const translations = Object.fromEntries(
  translationLanguages().map((lang) => [
    lang,
    json(join(MESSAGES_DIR, `${lang}.json`)) as Record<string, string>,
  ]),
);

/** Every argument a message uses, with its kind; select cases with their keys. */
function signature(
  ast: MessageFormatElement[],
  out = new Map<string, string>(),
): Map<string, string> {
  for (const el of ast) {
    switch (el.type) {
      case TYPE.argument:
        out.set(el.value, 'argument');
        break;
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        out.set(el.value, TYPE[el.type]);
        break;
      case TYPE.select:
        out.set(el.value, `select(${Object.keys(el.options).sort().join('|')})`);
        for (const o of Object.values(el.options)) signature(o.value, out);
        break;
      case TYPE.plural:
        out.set(el.value, el.pluralType === 'ordinal' ? 'selectordinal' : 'plural');
        for (const o of Object.values(el.options)) signature(o.value, out);
        break;
      case TYPE.tag:
        out.set(`<${el.value}>`, 'tag');
        signature(el.children, out);
        break;
      default:
        break;
    }
  }
  return out;
}

function pluralsHaveOther(ast: MessageFormatElement[]): boolean {
  return ast.every((el) => {
    if (el.type === TYPE.plural || el.type === TYPE.select)
      return (
        'other' in el.options && Object.values(el.options).every((o) => pluralsHaveOther(o.value))
      );
    if (el.type === TYPE.tag) return pluralsHaveOther(el.children);
    return true;
  });
}

describe('the catalogues', () => {
  it('has a translation for each of the console’s languages but English', () => {
    expect(translationLanguages()).toEqual(UI_LANGUAGES.filter((l) => l !== 'en').sort());
  });

  it('uses readable dotted ids, never generated hashes', () => {
    for (const id of Object.keys(source)) expect(id).toMatch(/^[a-z][A-Za-z]*(\.[A-Za-z_]+)+$/);
  });

  it('words every engine error code', () => {
    for (const code of ERROR_CODES) expect(source).toHaveProperty([`error.${code}`]);
  });

  it.each(translationLanguages())('%s has every id of English, and no other', (lang) => {
    expect(Object.keys(translations[lang]!).sort()).toEqual(Object.keys(source).sort());
  });

  it.each(translationLanguages())(
    '%s: every message is valid ICU with the source’s placeholders',
    (lang) => {
      for (const [id, text] of Object.entries(source)) {
        const want = signature(parse(text));
        const message = translations[lang]![id];
        expect(typeof message, `${lang} ${id}`).toBe('string');
        let ast: MessageFormatElement[] = [];
        expect(() => (ast = parse(message!)), `${lang} ${id} is valid ICU`).not.toThrow();
        expect(signature(ast), `${lang} ${id} placeholders`).toEqual(want);
        expect(pluralsHaveOther(ast), `${lang} ${id} has an 'other' case`).toBe(true);
        expect(message!.trim(), `${lang} ${id} is not empty`).not.toBe('');
      }
    },
  );

  it('the signature check catches a lost or renamed placeholder', () => {
    // The check itself: a translation that drops {count} or renames it must differ.
    const en = signature(parse('{count, plural, one {# link} other {# links}} for {name}'));
    expect(signature(parse('{count, plural, one {# Link} other {# Links}}'))).not.toEqual(en);
    expect(signature(parse('{n, plural, one {# Link} other {# Links}} für {name}'))).not.toEqual(
      en,
    );
    expect(signature(parse('{count, plural, one {# Link} other {# Links}} für {name}'))).toEqual(
      en,
    );
  });

  it('makes the pseudo-locale bracketed, accented and about 40 % longer', () => {
    const pseudo = json(join(COMPILED_DIR, 'en-XA.json')) as Record<string, MessageFormatElement[]>;
    const english = json(join(COMPILED_DIR, 'en.json')) as Record<string, MessageFormatElement[]>;
    const text = (ast: MessageFormatElement[]): string =>
      ast
        .map((el) =>
          el.type === TYPE.literal
            ? el.value
            : el.type === TYPE.tag
              ? text(el.children)
              : el.type === TYPE.plural || el.type === TYPE.select
                ? text(el.options.other?.value ?? [])
                : '',
        )
        .join('');
    let en = 0;
    let xa = 0;
    for (const id of Object.keys(source)) {
      const p = text(pseudo[id]!);
      expect(p, id).toMatch(/^\[[\s\S]*\]$/);
      expect(p, `${id} has no plain English word left`).not.toMatch(/\b(the|and|console|Try)\b/);
      en += text(english[id]!).length;
      xa += p.length;
    }
    expect(xa / en).toBeGreaterThan(1.3);
  });

  it('compiled files and en.json are what the code and the translations give', async () => {
    expect(readdirSync(COMPILED_DIR).sort()).toEqual(
      [...UI_LANGUAGES, 'en-XA'].map((l) => `${l}.json`).sort(),
    );
    expect(await staleCatalogues()).toEqual([]);
  });
});
