// The hosted pay page in the customer's language: the browser's Accept-Language picks
// English, German, French, Spanish or Arabic (q-values respected, unknown → English), and
// every page it serves (pay, receipt, not found, not active) speaks it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

async function create(body: Record<string, unknown>) {
  const res = await h.post('/api-checkouts', body);
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string; checkout_url: string } }).data;
}

const page = async (url: string, acceptLanguage: string) => {
  const res = await fetch(url, { headers: { 'accept-language': acceptLanguage } });
  return { res, html: await res.text() };
};

describe('the pay page follows Accept-Language', () => {
  it('German for de: the document, the amounts and the button', async () => {
    const c = await create({
      items: [{ name: 'Apfelstrudel', amount: 4.5, quantity: 2 }],
      currency: 'EUR',
    });
    const { res, html } = await page(c.checkout_url, 'de-DE,de;q=0.9,en;q=0.8');
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toMatch(/accept-language/i);
    expect(html).toMatch(/<html lang="de" dir="ltr">/);
    expect(html).toContain('Zu zahlender Betrag');
    expect(html).toMatch(/<button type="submit"[^>]*>9,00\u00a0€ bezahlen<\/button>/);
    expect(html).toContain('Apfelstrudel');
    expect(html).not.toContain('Amount due');
  });

  it('respects q-values, skips q=0, and falls back to English for a language it lacks', async () => {
    const c = await create({ items: [{ name: 'Tea', amount: 3 }] });
    const lang = async (header: string) =>
      /<html lang="([a-z]+)"/.exec((await page(c.checkout_url, header)).html)?.[1];
    expect(await lang('fr;q=0.5, es;q=0.9')).toBe('es');
    expect(await lang('de;q=0, fr')).toBe('fr');
    expect(await lang('ja-JP, zh;q=0.9')).toBe('en');
    expect(await lang('*')).toBe('en');
    expect(await lang('')).toBe('en');
    expect(await lang('fr-CA;q=0.2, en-GB;q=0.1')).toBe('fr');
    expect(await lang(';;;q=x,,, ar;q=2.5,de;q=abc')).toBe('en');
  });

  it('Arabic right to left, with the amount isolated', async () => {
    const c = await create({ items: [{ name: 'Tea', amount: 3 }] });
    const { html } = await page(c.checkout_url, 'ar-EG');
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain('المبلغ المستحق');
    expect(html).toMatch(/<bdi>[^<]*3[^<]*<\/bdi>/);
  });

  it('the receipt and the error pages speak it too', async () => {
    const c = await create({ items: [{ name: 'Tea', amount: 3 }] });
    await fetch(c.checkout_url, { method: 'POST', redirect: 'manual' });
    const receipt = await page(`${c.checkout_url}/receipt`, 'es-ES');
    expect(receipt.html).toContain('Pago recibido');
    const missing = await page(
      `${h.sandbox.baseUrl}/pay/00000000-0000-4000-8000-000000000000`,
      'fr',
    );
    expect(missing.res.status).toBe(404);
    expect(missing.html).toContain('Lien de paiement introuvable');
    const off = await create({ items: [{ name: 'Off', amount: 1 }], active: false });
    const inactive = await page(off.checkout_url, 'de');
    expect(inactive.res.status).toBe(410);
    expect(inactive.html).toContain('Dieser Zahlungslink ist nicht aktiv');
  });

  it('reads no more of a huge header than it needs', async () => {
    const c = await create({ items: [{ name: 'Tea', amount: 3 }] });
    const huge = `${'xx;q=0.1,'.repeat(700)}de`;
    const { res, html } = await page(c.checkout_url, huge);
    expect(res.status).toBe(200);
    expect(html).toMatch(/<html lang="en"/);
  });
});
