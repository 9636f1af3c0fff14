// The built renderer through the web transport in a real Chromium: the page loads under the
// strict CSP with no violation, takes the token from the URL fragment, calls the RPC and
// opens the event stream. Skipped (with the reason) when the renderer is not built.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumLaunchOptions } from '../../../support/chromium.ts';
import { openWebHarness, type WebHarness } from './harness.ts';

const RENDERER = resolve(import.meta.dirname, '../../../../out/renderer');
const built = existsSync(join(RENDERER, 'index.html'));
// test/run-all.sh sets this, having named the missing package, when no Chromium is found.
const noBrowser = process.env.MERCHANT_SKIP_BROWSER === '1';

describe.skipIf(!built || noBrowser)(
  'built renderer over the web transport (needs `npx electron-vite build`)',
  () => {
    let h: WebHarness;
    let browser: Browser;

    beforeAll(async () => {
      h = await openWebHarness({ staticDir: RENDERER });
      browser = await chromium.launch(chromiumLaunchOptions());
    });

    afterAll(async () => {
      await browser?.close();
      await h?.close();
    });

    it('loads with no CSP violation, reads the token, calls RPC and listens to /events', async () => {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      const rpcAnswer = page.waitForResponse(
        (r) => r.url().includes('/rpc/') && r.request().method() === 'POST',
      );
      await page.goto(h.web.url);
      const answer = await rpcAnswer;
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toContain('application/json');
      await vi.waitFor(() => expect(h.web.sseClients()).toBe(1), { timeout: 10_000, interval: 20 });
      // The token left the address bar (kept for the tab in sessionStorage).
      expect(page.url()).not.toContain(h.web.token);
      expect(await page.title()).toBe('Merchant Console');
      expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);
      await page.close();
      await vi.waitFor(() => expect(h.web.sseClients()).toBe(0), { timeout: 10_000, interval: 20 });
    });

    it('with a wrong token in the link the page is refused (401) and gets no stream', async () => {
      const page = await browser.newPage();
      const rpcAnswer = page.waitForResponse((r) => r.url().includes('/rpc/'));
      await page.goto(`http://127.0.0.1:${h.web.port}/#token=not-the-token`);
      expect((await rpcAnswer).status()).toBe(401);
      expect(h.web.sseClients()).toBe(0);
      await page.close();
    });
  },
);
