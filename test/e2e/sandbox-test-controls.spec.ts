// Issue 22, "Also": with the sandbox a new user never saw a Mismatch or an Unknown payment.
// The sandbox's pay page has test controls, marked sandbox-only: "Pay a different amount"
// and "Send a payment for a checkout that does not exist". End to end: the console (with its
// embedded sandbox) shows each as it arrives.
import { expect, openConsole, test, trySandbox } from './fixtures/console.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { checkScreen } from './fixtures/screens.ts';

interface Created {
  id: string;
  checkout_url: string;
}

test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });

test('the pay page’s test controls make a Mismatch and an Unknown the console shows', async ({
  page,
  console: mc,
  context,
}) => {
  await openConsole(page, mc);
  await trySandbox(page);
  const tea = await mc.rpc<Created>('checkouts.create', {
    items: [{ name: 'Mismatched tea', amount: 4.5 }],
  });
  const cake = await mc.rpc<Created>('checkouts.create', {
    items: [{ name: 'Carrot cake', amount: 3 }],
  });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Live payments' })
    .click();

  // The customer's side: the controls are closed, and say they are for the sandbox only.
  const pay = await context.newPage();
  await pay.goto(tea.checkout_url);
  const controls = pay.locator('details.test-controls');
  await expect(controls.locator('summary')).toHaveText('Test controls sandbox only');
  await expect(pay.getByLabel('Pay a different amount (USD)')).toBeHidden();
  await controls.locator('summary').click();
  await checkScreen(pay, 'sandbox-pay-test-controls', expectNoAxeViolations);
  await pay.getByLabel('Pay a different amount (USD)').fill('3.00');
  await pay.getByRole('button', { name: 'Pay this amount' }).click();
  await expect(pay.getByRole('heading', { name: 'Test payment sent' })).toBeVisible();
  await expect(pay.getByRole('status')).toContainText('Paid $3.00 for a checkout of $4.50');

  await expect(page.getByText('Paid $3.00 but the checkout total is $4.50.')).toBeVisible();
  await expect(page.getByText('⚠ Mismatch')).toBeVisible();

  // An event for a checkout that does not exist, sent from another checkout's page.
  await pay.goto(cake.checkout_url);
  await pay.locator('details.test-controls summary').click();
  await pay
    .getByRole('button', { name: 'Send a payment for a checkout that does not exist' })
    .click();
  await expect(
    pay.getByRole('heading', { name: 'Payment for an unknown checkout sent' }),
  ).toBeVisible();
  const unknownId = /checkout ([0-9a-f-]{36}), which does not exist/.exec(
    (await pay.getByRole('status').textContent()) ?? '',
  )?.[1];
  expect(unknownId).toBeDefined();
  await expect(page.getByText('? Unknown checkout').first()).toBeVisible();
  const payments = await mc.rpc<{ data: { checkout_id: string; status: string }[] }>(
    'payments.list',
    {},
  );
  expect(payments.data.map((p) => [p.checkout_id, p.status]).sort()).toEqual(
    [
      [tea.id, 'mismatch'],
      [unknownId, 'unknown_checkout'],
    ].sort(),
  );
  // The cake's own checkout was not paid by it.
  await pay.goto(cake.checkout_url);
  await expect(pay.getByRole('button', { name: 'Pay $3.00' })).toBeVisible();
  await checkScreen(page, 'payments-mismatch-unknown', expectNoAxeViolations);
});
