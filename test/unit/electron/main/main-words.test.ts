// The main process's own words (tray, notifications, the close-to-tray hint, menu labels) in
// the console's language: settings.language, or for 'system' the computer's preferred
// languages; English where the console has no translation.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appMenuTemplate } from '../../../../electron/main/menu.ts';
import { mainLanguage, MAIN_WORDS, mainWords } from '../../../../electron/main/i18n/index.ts';
import { notifyVerifiedPayments } from '../../../../electron/main/notify.ts';
import { createPaidTray } from '../../../../electron/main/tray.ts';
import { UI_LANGUAGES } from '#shared/languages.ts';
import { FakeNotification, FakeTray, fake } from '../support/fake-electron.ts';
import { createTestEngine, samplePayment, type TestEngine } from '../support/test-engine.ts';

vi.mock('electron', async () => (await import('../support/fake-electron.ts')).electronModule);

let engine: TestEngine;
beforeEach(() => {
  fake.reset();
  engine = createTestEngine();
});

describe('which language main speaks', () => {
  it('follows the setting, else the first preferred language it has, else English', () => {
    expect(mainLanguage('de', ['fr-FR'])).toBe('de');
    expect(mainLanguage('system', ['pt-BR', 'es-MX', 'en'])).toBe('es');
    expect(mainLanguage('system', ['ar-EG'])).toBe('ar');
    expect(mainLanguage('system', ['not a tag!', 'fr-CA'])).toBe('fr');
    expect(mainLanguage('system', ['ja-JP'])).toBe('en');
    expect(mainLanguage('system', [])).toBe('en');
    // The pseudo-locale is the renderer's test language; main has English for it.
    expect(mainLanguage('en-XA', ['de'])).toBe('en');
  });

  it('has every word in every language, with plurals', () => {
    for (const lang of UI_LANGUAGES) {
      const w = MAIN_WORDS[lang];
      for (const n of [0, 1, 2, 3, 11, 100]) expect(w.paidToday(n), `${lang} ${n}`).toBeTruthy();
      expect(w.quit).toBeTruthy();
    }
    expect(MAIN_WORDS.de.paidToday(1)).toBe('1 Zahlung heute');
    expect(MAIN_WORDS.de.paidToday(3)).toBe('3 Zahlungen heute');
    expect(MAIN_WORDS.fr.paidToday(0)).toBe('0 paiement aujourd’hui');
    expect(MAIN_WORDS.ar.paidToday(2)).toBe('دفعتان اليوم');
  });
});

describe('in the chosen language', () => {
  const locales =
    (languages: string[], regional = 'de-DE') =>
    () => ({ languages, regional });

  it('the tray speaks the language set, and switches on refresh', async () => {
    engine.language = 'de';
    const tray = createPaidTray(engine, { show: vi.fn(), quit: vi.fn() }, locales(['en-US']));
    const icon = FakeTray.instances[0]!;
    await vi.waitFor(() => expect(icon.tooltip).toBe('Merchant Console: 0 Zahlungen heute'));
    expect(icon.menu.map((i) => i.label)).toEqual([
      '0 Zahlungen heute',
      undefined,
      'Merchant Console anzeigen',
      'Beenden',
    ]);
    engine.language = 'system';
    await tray.refresh();
    expect(icon.tooltip).toBe('Merchant Console: 0 payments today');
    tray.destroy();
  });

  it('the tray follows the computer for "system"', async () => {
    const tray = createPaidTray(engine, { show: vi.fn(), quit: vi.fn() }, locales(['ar-EG']));
    const icon = FakeTray.instances[0]!;
    await vi.waitFor(() => expect(icon.menu.at(-1)?.label).toBe('إنهاء'));
    tray.destroy();
  });

  it('a payment notification uses the language and the regional money format', async () => {
    engine.language = 'fr';
    const stop = notifyVerifiedPayments(engine, vi.fn(), locales(['en'], 'de-DE'));
    engine.emit(
      'payment.received',
      samplePayment({ amount: 1500, currency: 'JPY', product_name: null, checkout_id: 'c-9' }),
    );
    await vi.waitFor(() => expect(FakeNotification.shown).toHaveLength(1));
    expect(FakeNotification.shown[0]!.options).toMatchObject({
      title: 'Paiement reçu\u00a0: 1.500\u00a0¥',
      body: 'Demande de paiement c-9',
    });
    stop();
  });

  it('the unreachable notification words the reason by its code outside English', async () => {
    engine.language = 'es';
    const stop = notifyVerifiedPayments(engine, vi.fn(), locales(['en']));
    engine.emit('receiver.unreachable', {
      reachable: false,
      public_url: 'https://shop.example/webhooks/••••',
      round_trip_ms: null,
      checked_at: new Date().toISOString(),
      error: { code: 'timeout', message: 'no answer within 10 s at https://shop.example/…' },
    });
    await vi.waitFor(() => expect(FakeNotification.shown).toHaveLength(1));
    const n = FakeNotification.shown[0]!.options;
    expect(n.title).toBe('El servicio no puede conectar con esta consola');
    expect(String(n.body)).toContain('https://shop.example/webhooks/••••');
    expect(String(n.body)).not.toContain('no answer');
    stop();
  });

  it('the menu has translated labels and the same roles', async () => {
    const words = await mainWords(engine, locales(['es-ES']));
    const template = appMenuTemplate(false, false, words);
    expect(template.map((m) => m.label ?? m.role)).toEqual([
      'fileMenu',
      'Edición',
      'Ver',
      'windowMenu',
    ]);
  });
});
