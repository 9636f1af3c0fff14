// An item name with an invisible format character (U+202E RIGHT-TO-LEFT OVERRIDE, which
// would make the pay page show the name reversed) is refused in the New link form by the
// same shared rule the service applies: the field says why, and nothing is created.
import { expect, openConsole, test, trySandbox } from './fixtures/console.ts';

test('a name with U+202E gets a field error and no link is created', async ({
  page,
  console: mc,
}) => {
  await openConsole(page, mc);
  await trySandbox(page);
  const creates: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/rpc/checkouts.create')) creates.push(req.url());
  });

  const name = page.getByLabel('Line 1 name');
  await name.fill('Tea \u202E5€');
  await page.getByLabel('Line 1 unit price').fill('4.50');
  await name.blur();
  const line = page.getByRole('listitem').filter({ has: name });
  await expect(line).toContainText('U+202E RIGHT-TO-LEFT OVERRIDE');
  await expect(name).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: 'Create payment link' }).click();
  await expect(page.getByRole('alert')).toContainText('Line 1 name');
  await expect(page.getByRole('alert')).toContainText('invisible control or format characters');
  await expect(page.getByText('Payment link ready')).toHaveCount(0);
  await expect(name).toBeFocused();
  expect(creates).toEqual([]);
  const list = await mc.rpc<{ total: number }>('checkouts.list', {});
  expect(list.total).toBe(0);

  // Removing the character is all it takes.
  await name.fill('Tea 5€');
  await page.getByRole('button', { name: 'Create payment link' }).click();
  await expect(page.getByText('Payment link ready')).toBeVisible();
  expect((await mc.rpc<{ total: number }>('checkouts.list', {})).total).toBe(1);
});
