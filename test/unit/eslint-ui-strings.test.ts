// Issue 23: no literal word reaches the screen from a translated file (JSX text, aria-*,
// title, placeholder, our components' label/hint props, object labels, toasts), while files
// not converted yet are left alone; and message descriptors anywhere must be valid ICU.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

const I18N_RULES = /^(formatjs\/|local\/)/;

async function fired(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId !== null && I18N_RULES.test(m.ruleId))
    .map((m) => m.ruleId!);
}

const TRANSLATED = 'renderer/src/ui/Sample.tsx';
// A folder no converted file covers yet (new-link/ is converted now).
const NOT_YET = 'renderer/src/lib/Sample.tsx';

const component = (jsx: string, extra = '') => `import { useIntl } from 'react-intl';
import { Toggle } from './Toggle.tsx';
import { announce } from './announcer.tsx';
${extra}
export function Sample() {
  const intl = useIntl();
  return ${jsx};
}
`;

describe('no literal user-visible string in a translated file', () => {
  it.each([
    ['JSX text', '<button type="button">Save</button>'],
    ['aria-label', '<button type="button" aria-label="Close" />'],
    ['title', '<span title="Paid today" />'],
    ['placeholder', '<input placeholder="Product name" />'],
    ['a component label', '<Toggle label="Play a sound" checked={false} onChange={() => {}} />'],
    ['a template literal in JSX', '<p>{`Total: ${intl.locale}`}</p>'],
    ['one side of a condition', '<p>{intl.locale ? "Open" : intl.locale}</p>'],
  ])('fires on %s', async (_what, jsx) => {
    expect(await fired(TRANSLATED, component(jsx))).toContain('formatjs/no-literal-string-in-jsx');
  });

  it('fires on an object label and a toast', async () => {
    expect(
      await fired(TRANSLATED, component('null', "export const NAV = [{ label: 'Checkouts' }];")),
    ).toEqual(['formatjs/no-literal-string-in-object']);
    expect(
      await fired(TRANSLATED, component('null', "export const done = () => announce('Saved');")),
    ).toEqual(['local/no-literal-ui-call']);
    expect(
      await fired(
        TRANSLATED,
        component('null', 'export const f = (n: number) => announce(`${n} saved`);'),
      ),
    ).toEqual(['local/no-literal-ui-call']);
  });

  it('is quiet on words from the catalogue, and on what is not words', async () => {
    const ok = component(
      `<div className="row" aria-keyshortcuts="Alt+1" data-state="open">
        <button type="button" aria-label={intl.formatMessage({ id: 'x.close', defaultMessage: 'Close' })}>
          {intl.formatMessage({ id: 'x.save', defaultMessage: 'Save' })}
        </button>
        <input type="text" autoComplete="off" />
      </div>`,
      'export const done = () => announce(String(1));',
    );
    expect(await fired(TRANSLATED, ok)).toEqual([]);
  });

  it('leaves a file not converted yet alone (the later pass widens the list)', async () => {
    expect(await fired(NOT_YET, component('<button type="button">Save</button>'))).toEqual([]);
  });
});

describe('message descriptors, in any renderer file', () => {
  it('must be valid ICU with a literal English source', async () => {
    const bad = component(
      "<p>{intl.formatMessage({ id: 'x.n', defaultMessage: '{count, plural, one {# link}' }, { count: 1 })}</p>",
    );
    expect(await fired(NOT_YET, bad)).toContain('formatjs/no-invalid-icu');
    const notLiteral = component(
      "<p>{intl.formatMessage({ id: 'x.n', defaultMessage: intl.locale })}</p>",
    );
    expect(await fired(NOT_YET, notLiteral)).toContain('formatjs/enforce-default-message');
  });

  it('must be given the values their placeholders name', async () => {
    const missing = component(
      "<p>{intl.formatMessage({ id: 'x.n', defaultMessage: '{count} links' }, { cuont: 1 })}</p>",
    );
    expect(await fired(NOT_YET, missing)).toContain('formatjs/enforce-placeholders');
  });
});
