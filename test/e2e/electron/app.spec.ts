// The packaged shape of the app, driven through Playwright's Electron support. Runs where
// the Electron binary is installed; elsewhere it skips and says how to install it.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  _electron as electron,
  expect,
  test,
  type ElectronApplication,
  type Page,
} from '@playwright/test';
import { CHANNELS } from '../../../shared/channels.ts';
import type { MerchantApi } from '../../../shared/contract.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SKIP_MESSAGE =
  'Electron binary not installed (ELECTRON_SKIP_BINARY_DOWNLOAD); run `npx install-electron` or reinstall electron to run this suite';

/**
 * The Electron executable, or null. require('electron') would try to download a missing
 * binary, so its path.txt is checked first and require() only runs when a binary is there.
 */
function electronBinary(): string | null {
  const require = createRequire(import.meta.url);
  try {
    const pkgDir = dirname(require.resolve('electron/package.json'));
    const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
    const pathFile = join(pkgDir, 'path.txt');
    if (!override && !existsSync(pathFile)) return null;
    const rel = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : 'electron';
    const candidate = override ? join(override, rel) : join(pkgDir, 'dist', rel);
    if (!existsSync(candidate)) return null;
    const fromRequire = require('electron') as unknown;
    return typeof fromRequire === 'string' && existsSync(fromRequire) ? fromRequire : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
if (binary === null) console.warn(`electron e2e skipped: ${SKIP_MESSAGE}`);
test.skip(binary === null, SKIP_MESSAGE);

let app: ElectronApplication;
let page: Page;
let userData: string;

test.beforeAll(async () => {
  expect(existsSync(join(ROOT, 'out/main/index.js')), 'run `npx electron-vite build` first').toBe(
    true,
  );
  userData = mkdtempSync(join(tmpdir(), 'electron-e2e-'));
  app = await electron.launch({
    executablePath: binary!,
    args: [ROOT, `--user-data-dir=${userData}`],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
});

test.afterAll(async () => {
  await app?.close();
  if (userData) rmSync(userData, { recursive: true, force: true });
});

type WithMerchant = { merchant: MerchantApi };

test('the window opens on the console page, sandboxed', async () => {
  expect(page.url()).toMatch(/^app:\/\/console\//);
  const globals = await page.evaluate(() => ({
    require: typeof (globalThis as Record<string, unknown>).require,
    process: typeof (globalThis as Record<string, unknown>).process,
  }));
  expect(globals).toEqual({ require: 'undefined', process: 'undefined' });
  // window.open is denied: no second window appears.
  expect(
    await page.evaluate(
      () =>
        (globalThis as unknown as { open: (url: string) => unknown }).open(
          'https://example.com/',
        ) === null,
    ),
  ).toBe(true);
  expect(app.windows()).toHaveLength(1);
});

test('window.merchant has only the named methods', async () => {
  const shape = await page.evaluate(() => {
    const m = (globalThis as unknown as WithMerchant).merchant as unknown as Record<
      string,
      unknown
    >;
    const out: string[] = [];
    for (const [key, value] of Object.entries(m)) {
      if (typeof value === 'function') out.push(key);
      else for (const method of Object.keys(value as object)) out.push(`${key}.${method}`);
    }
    return out.sort();
  });
  expect(shape).toEqual([...CHANNELS, 'on', 'ready'].sort());
});

test('a checkout can be created through the bridge', async () => {
  const checkout = await page.evaluate(() =>
    (globalThis as unknown as WithMerchant).merchant.checkouts.create({
      items: [
        { name: 'Tea', amount: 3.2 },
        { name: 'Cake', amount: 4.5, quantity: 2 },
      ],
    }),
  );
  expect(checkout).toMatchObject({
    product_name: 'Tea + 1 more',
    amount: 12.2,
    currency: 'USD',
    active: true,
  });
  const failure = await page.evaluate(() =>
    (globalThis as unknown as WithMerchant).merchant.checkouts
      .create({ items: [] })
      .catch((e: unknown) => e),
  );
  expect(failure).toMatchObject({ code: 'bad_input', field: 'items' });
});
