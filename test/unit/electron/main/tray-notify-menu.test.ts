// Tray count, notifications for verified payments only, the edit menu, and openExternal
// limited to http(s).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appMenuTemplate, installAppMenu } from '../../../../electron/main/menu.ts';
import {
  notifyVerifiedPayments,
  paymentNotice,
  unreachableNotice,
} from '../../../../electron/main/notify.ts';
import { safeOpenExternal } from '../../../../electron/main/open-external.ts';
import { createPaidTray, paidLabel, type PaidTray } from '../../../../electron/main/tray.ts';
import { FakeNotification, FakeTray, fake } from '../support/fake-electron.ts';
import { createTestEngine, samplePayment, type TestEngine } from '../support/test-engine.ts';

vi.mock('electron', async () => (await import('../support/fake-electron.ts')).electronModule);

let engine: TestEngine;
beforeEach(() => {
  fake.reset();
  engine = createTestEngine();
});

describe('tray', () => {
  let tray: PaidTray;
  afterEach(() => tray.destroy());

  it("shows today's paid count and updates on each payment", async () => {
    const shown = vi.fn();
    tray = createPaidTray(engine, { show: shown, quit: vi.fn() });
    const icon = FakeTray.instances[0]!;
    await vi.waitFor(() => expect(icon.tooltip).toBe('Merchant Console: 0 payments today'));
    engine.emit('payment.received', samplePayment());
    await vi.waitFor(() => expect(icon.tooltip).toBe('Merchant Console: 1 payment today'));
    expect(icon.title).toBe('1');
    expect(icon.menu[0]).toEqual({ label: '1 payment today', enabled: false });
    // A flagged payment is not money received: the count stays.
    engine.emit(
      'payment.received',
      samplePayment({ status: 'mismatch', reason: 'amount differs' }),
    );
    await vi.waitFor(() =>
      expect(engine.calls.filter((c) => c.channel === 'payments.totals')).toHaveLength(3),
    );
    expect(icon.tooltip).toBe('Merchant Console: 1 payment today');
    icon.emit('click');
    expect(shown).toHaveBeenCalled();
    tray.destroy();
    expect(icon.destroyed).toBe(true);
    expect(engine.listenerCount('payment.received')).toBe(0);
  });

  it('says so when totals cannot be read', async () => {
    engine.failNext('payments.totals', new Error('db closed'));
    tray = createPaidTray(engine, { show: vi.fn(), quit: vi.fn() });
    await vi.waitFor(() =>
      expect(FakeTray.instances[0]!.tooltip).toBe('Merchant Console: payments unavailable'),
    );
    expect(paidLabel(2)).toBe('2 payments today');
  });
});

describe('notifications', () => {
  it('show one native notification per verified payment only', async () => {
    const click = vi.fn();
    const stop = notifyVerifiedPayments(engine, click);
    engine.emit(
      'payment.received',
      samplePayment({ amount: 1500, currency: 'JPY', product_name: 'Ramen' }),
    );
    engine.emit('payment.received', samplePayment({ status: 'mismatch' }));
    engine.emit(
      'payment.received',
      samplePayment({ status: 'unknown_checkout', product_name: null }),
    );
    await vi.waitFor(() => expect(FakeNotification.shown).toHaveLength(1));
    const n = FakeNotification.shown[0]!;
    expect(n.options).toEqual({ title: 'Payment received: ¥1,500', body: 'Ramen', silent: true });
    n.emit('click');
    expect(click).toHaveBeenCalledOnce();
    stop();
    engine.emit('payment.received', samplePayment());
    expect(engine.listenerCount('payment.received')).toBe(0);
    expect(paymentNotice(samplePayment({ product_name: null, checkout_id: 'c-1' })).body).toBe(
      'Checkout c-1',
    );
  });

  it('show one when the engine says the service cannot reach the console', async () => {
    const click = vi.fn();
    const stop = notifyVerifiedPayments(engine, click);
    const check = {
      reachable: false,
      public_url: 'https://shop.example/webhooks/••••',
      round_trip_ms: null,
      checked_at: new Date().toISOString(),
      error: {
        code: 'refused' as const,
        message: 'connection refused at https://shop.example/webhooks/••••',
      },
    };
    engine.emit('receiver.unreachable', check);
    await vi.waitFor(() => expect(FakeNotification.shown).toHaveLength(1));
    const n = FakeNotification.shown[0]!;
    expect(n.options).toEqual({ ...unreachableNotice(check), silent: true });
    expect(n.options.title).toBe('The service can’t reach this console');
    expect(String(n.options.body)).toContain(
      'connection refused at https://shop.example/webhooks/••••',
    );
    n.emit('click');
    expect(click).toHaveBeenCalledOnce();
    stop();
    expect(engine.listenerCount('receiver.unreachable')).toBe(0);
  });

  it('stay quiet when the user turned them off or the OS has none', async () => {
    FakeNotification.supported = false;
    const stop = notifyVerifiedPayments(engine, vi.fn());
    engine.emit('payment.received', samplePayment());
    FakeNotification.supported = true;
    const settings = engine.call.bind(engine);
    engine.call = (async (channel: string, input: unknown) =>
      channel === 'settings.get'
        ? { ...(await settings('settings.get', {})), notifications: false }
        : settings(channel as never, input)) as typeof engine.call;
    engine.emit('payment.received', samplePayment());
    await vi.waitFor(() =>
      expect(engine.calls.filter((c) => c.channel === 'settings.get')).toHaveLength(1),
    );
    expect(FakeNotification.shown).toHaveLength(0);
    stop();
  });
});

describe('menu', () => {
  it('has the edit roles that make copy and paste work', () => {
    for (const isMac of [true, false]) {
      const template = appMenuTemplate(isMac, false);
      const edit = template.find((m) => m.label === 'Edit');
      const roles = (edit?.submenu as Array<{ role?: string }>).map((i) => i.role);
      expect(roles).toEqual(
        expect.arrayContaining(['copy', 'paste', 'cut', 'selectAll', 'undo', 'redo']),
      );
      expect(template.some((m) => m.role === 'appMenu')).toBe(isMac);
    }
    const view = appMenuTemplate(false, false).find((m) => m.label === 'View')?.submenu as Array<{
      role?: string;
    }>;
    expect(view.map((i) => i.role)).not.toContain('toggleDevTools');
    installAppMenu(false, true);
    expect(fake.appMenu).toBeTruthy();
  });
});

describe('openExternal', () => {
  it('opens http(s) URLs and refuses every other scheme', async () => {
    const opened: string[] = [];
    const open = safeOpenExternal(async (url) => {
      opened.push(url);
    });
    await open('https://pay.example/pay/123');
    await open('http://127.0.0.1:4000/pay/abc');
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'not a url',
      'ms-settings:',
    ]) {
      await expect(open(url), url).rejects.toMatchObject({ code: 'bad_input', field: 'url' });
    }
    expect(opened).toEqual(['https://pay.example/pay/123', 'http://127.0.0.1:4000/pay/abc']);
  });
});
