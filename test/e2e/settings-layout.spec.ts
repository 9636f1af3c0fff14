// Settings, second pass (issue 22 §11): one place for the public address, the receiver's
// port, re-registration and request log under "Advanced", and the webhook URL never broken
// in the middle of a part.
import type { Locator, Page } from '@playwright/test';
import { expect, openConsole, test, trySandbox } from './fixtures/console.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { checkScreen } from './fixtures/screens.ts';

test.use({ viewport: { width: 900, height: 600 } });

const openSettings = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();

/** Where a text wraps: the characters on either side of each line break ("…ab|cd…"). */
function breaksIn(l: Locator): Promise<string[]> {
  return l.evaluate((el) => {
    const doc = el.ownerDocument;
    const walker = doc.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
    const chars: { c: string; top: number }[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const r = doc.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        const rect = r.getBoundingClientRect();
        if (rect.width > 0 || rect.height > 0) chars.push({ c: text[i]!, top: rect.top });
      }
    }
    const out: string[] = [];
    for (let i = 1; i < chars.length; i++) {
      if (chars[i]!.top > chars[i - 1]!.top + 2) {
        const around = (from: number, to: number) =>
          chars
            .slice(Math.max(0, from), to)
            .map((x) => x.c)
            .join('');
        out.push(`${around(i - 4, i)}|${around(i, i + 4)}`);
      }
    }
    return out;
  });
}

test('a live account: one place for the public address, and the receiver’s details under Advanced', async ({
  page,
  console: mc,
  liveService,
}) => {
  const live = await mc.rpc<{ id: string }>('profiles.add', {
    name: 'Corner Bakery',
    base_url: liveService.info.base_url,
  });
  await mc.rpc('profiles.switch', { id: live.id });
  await openConsole(page, mc);
  await openSettings(page);
  await page.getByRole('radio', { name: /My own address/ }).check();
  await expect(page.getByRole('textbox', { name: /public (url|address)/i })).toHaveCount(1);

  const receiving = page.getByRole('region', { name: 'Receiving payments' });
  for (const hidden of [
    receiving.getByLabel('Receiver port'),
    receiving.getByRole('button', { name: 'Re-register webhook' }),
    receiving.getByRole('table', { name: 'Recent requests' }),
  ]) {
    await expect(hidden).toBeHidden();
  }
  await receiving.getByText('Advanced', { exact: true }).click();
  await expect(receiving.getByLabel('Receiver port')).toBeVisible();
  await expect(receiving.getByRole('button', { name: 'Re-register webhook' })).toBeVisible();
  await checkScreen(page, 'settings-live', expectNoAxeViolations);
});

test('the webhook URL wraps only between its parts, never inside one', async ({
  page,
  console: mc,
}) => {
  await openConsole(page, mc);
  await trySandbox(page);
  // A long public address (a tunnel's), so the registered URL needs more than one line at
  // 900 px. The Sandbox takes no public address of its own: it is set while a live account is
  // in use (the setting is the console's, not the account's), and the Sandbox registers with
  // it once it is back in use.
  const live = await mc.rpc<{ id: string }>('profiles.add', {
    name: 'Corner Bakery',
    base_url: 'http://127.0.0.1:9',
  });
  await mc.rpc('profiles.switch', { id: live.id });
  await mc.rpc('settings.set', {
    public_url: 'https://corner-bakery-and-coffee-roasters-main-street.example-tunnel.com/shop',
  });
  await mc.rpc('profiles.switch', { id: 'sandbox' });
  await openSettings(page);
  const url = page
    .getByRole('region', { name: 'Receiving payments' })
    .getByText(/\/webhooks\//)
    .first();
  await expect(url).toBeVisible();
  for (const width of [900, 1000, 1100, 1440]) {
    await page.setViewportSize({ width, height: 600 });
    const breaks = await breaksIn(url);
    expect(
      breaks.filter((b) => !b.split('|')[0]!.endsWith('/')),
      `breaks inside a part at ${width} px`,
    ).toEqual([]);
  }
});
