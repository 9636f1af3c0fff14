// Money typed the way people type it (issue 10 §1). "4,50" with EUR used to create a €450.00
// link without a word; now the field reads it in the page's locale, shows what it will send
// before Create, and the sandbox stores 4.50. Ambiguous and over-precise prices block Create.
import type { Page } from '@playwright/test';
import type { CheckoutPage } from '#shared/domain.ts';
import { expect, openConsole, test, trySandbox, type ConsoleHandle } from './fixtures/console.ts';
import { shootBothThemes } from './fixtures/screens.ts';

async function stored(mc: ConsoleHandle) {
  return (await mc.rpc<CheckoutPage>('checkouts.list', { limit: 10 })).data;
}

async function startLink(page: Page, mc: ConsoleHandle, name: string) {
  // English words with the page's regional format (a German browser would otherwise get a
  // German console): these tests are about reading prices, and find controls by name.
  await mc.rpc('settings.set', { language: 'en' });
  await openConsole(page, mc);
  await trySandbox(page);
  await page.getByLabel('Currency').selectOption('EUR');
  await page.getByLabel('Line 1 name').fill(name);
}

const total = (page: Page) => page.getByRole('status', { name: 'Total' });
const sends = (page: Page, line: number) => page.getByTestId(`line-${line}-sends`);

// Intl puts a no-break space between amount and sign in some locales: match any space.
const EUR_4_50 = { 'de-DE': /4,50\s€/, 'en-US': /€4\.50/ } as const;
const exactly = (re: RegExp) => new RegExp(`^${re.source}$`);

// "1,500" in de-DE and "1.500" in en-US: the locale's reading needs a third decimal, the
// other convention reads a thousand times as much. Both are offered; nothing is guessed.
const AMBIGUOUS = {
  'de-DE': { text: '1,500', pick: /^1\.500,00\s€$/, field: '1.500,00', amount: 1500 },
  'en-US': { text: '1.500', pick: /^€1\.50$/, field: '1.50', amount: 1.5 },
} as const;

for (const locale of ['de-DE', 'en-US'] as const) {
  test.describe(`in a ${locale} page`, () => {
    test.use({ locale, viewport: { width: 1280, height: 800 } });

    test('"4,50" EUR is shown and stored as 4.50, not 450', async ({ page, console: mc }) => {
      await startLink(page, mc, 'Flat white');
      expect(await page.evaluate(() => navigator.language)).toBe(locale);
      await page.getByLabel('Line 1 unit price').pressSequentially('4,50');
      // What will be sent is in the total and beside the field, before Create.
      await expect(total(page)).toHaveText(exactly(EUR_4_50[locale]));
      await expect(sends(page, 1)).toHaveText(new RegExp(`^Sends\\s*${EUR_4_50[locale].source}$`));
      await page.getByRole('button', { name: 'Create payment link' }).click();
      await expect(page.getByText('Payment link ready')).toBeVisible();
      await expect(page.locator('.created-amount')).toHaveText(exactly(EUR_4_50[locale]));

      const [checkout] = await stored(mc);
      expect(checkout).toMatchObject({ product_name: 'Flat white', amount: 4.5, currency: 'EUR' });
      await page.getByRole('button', { name: 'Checkouts' }).click();
      await expect(page.getByRole('row').filter({ hasText: 'Flat white' })).toContainText(
        EUR_4_50[locale],
      );
    });

    const amb = AMBIGUOUS[locale];
    test(`"${amb.text}" EUR asks which amount, and nothing is created until one is chosen`, async ({
      page,
      console: mc,
    }) => {
      await startLink(page, mc, 'Vase');
      const price = page.getByLabel('Line 1 unit price');
      await price.fill(amb.text);
      const choice = page.getByRole('group', { name: 'Line 1 price' });
      await expect(choice).toContainText(`“${amb.text}” could mean`);
      await expect(choice.getByRole('button')).toHaveCount(2);
      await expect(price).toHaveAttribute('aria-invalid', 'true');
      await expect(sends(page, 1)).toHaveText('Which amount?');
      await expect(total(page)).toHaveText('—');
      if (locale === 'de-DE') await shootBothThemes(page, 'new-link-ambiguous-price');

      await page.getByRole('button', { name: 'Create payment link' }).click();
      await expect(page.getByText('One thing to fix')).toBeVisible();
      await expect(page.getByText('Payment link ready')).toBeHidden();
      expect(await stored(mc)).toEqual([]);

      await choice.getByRole('button', { name: amb.pick }).click();
      await expect(price).toHaveValue(amb.field);
      await expect(price).toBeFocused();
      await expect(choice).toBeHidden();
      await expect(total(page)).toHaveText(amb.pick);
      await page.getByRole('button', { name: 'Create payment link' }).click();
      await expect(page.getByText('Payment link ready')).toBeVisible();
      const [checkout] = await stored(mc);
      expect(checkout).toMatchObject({ amount: amb.amount, currency: 'EUR' });
    });
  });
}

test.describe('too many decimals in a de-DE page', () => {
  test.use({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });

  test('"4,505" EUR is an error, never a rounding nor 4.505,00 €', async ({
    page,
    console: mc,
  }) => {
    await startLink(page, mc, 'Tea');
    const price = page.getByLabel('Line 1 unit price');
    await price.fill('4,505');
    await price.blur();
    await expect(page.getByText('Price has more than 2 decimal places for EUR')).toBeVisible();
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(total(page)).toHaveText('—');
    await page.getByRole('button', { name: 'Create payment link' }).click();
    await expect(page.getByText('One thing to fix')).toBeVisible();
    await expect(price).toBeFocused();
    expect(await stored(mc)).toEqual([]);
  });
});
