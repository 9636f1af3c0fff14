// Tray icon showing how many payments were verified today (payments.totals.paid_count).
// Refreshed on every pushed payment, once a minute (so the count resets after midnight) and
// when the console's language changes (index.ts), in that language.
import { Menu, Tray, nativeImage, type NativeImage } from 'electron';
import type { Engine } from '../core/index.ts';
import { ENGLISH_LOCALES, MAIN_WORDS, mainWords, type SystemLocales } from './i18n/index.ts';
import type { MainWords } from './i18n/words.ts';

export interface PaidTray {
  refresh(): Promise<void>;
  destroy(): void;
}

export function paidLabel(count: number, words: MainWords = MAIN_WORDS.en): string {
  return words.paidToday(count);
}

/** A 32×32 green coin drawn in code (BGRA), so the app ships no binary tray asset. */
export function trayIcon(size = 32): NativeImage {
  const buf = Buffer.alloc(size * size * 4);
  const c = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - c, y - c);
      const i = (y * size + x) * 4;
      if (d > size / 2 - 1) continue; // transparent outside the coin
      const rim = d > size / 2 - 4;
      buf[i] = rim ? 0x3c : 0x5e; // B
      buf[i + 1] = rim ? 0x8a : 0xb0; // G
      buf[i + 2] = rim ? 0x1f : 0x2e; // R
      buf[i + 3] = 0xff;
    }
  }
  return nativeImage.createFromBitmap(buf, { width: size, height: size });
}

/** The product's name stays as it is in every language. */
const PRODUCT = 'Merchant Console';

export function createPaidTray(
  engine: Engine,
  actions: { show: () => void; quit: () => void },
  locales: SystemLocales = ENGLISH_LOCALES,
): PaidTray {
  const tray = new Tray(trayIcon());
  const render = (label: string, words: MainWords): void => {
    tray.setToolTip(`${PRODUCT}: ${label}`);
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label, enabled: false },
        { type: 'separator' },
        { label: words.show, click: actions.show },
        { label: words.quit, click: actions.quit },
      ]),
    );
  };
  render(MAIN_WORDS.en.starting, MAIN_WORDS.en);
  tray.on('click', actions.show);

  const refresh = async (): Promise<void> => {
    const { words } = await mainWords(engine, locales);
    try {
      const totals = await engine.call('payments.totals', {});
      render(paidLabel(totals.paid_count, words), words);
      // macOS shows a title beside the icon; elsewhere this is a no-op.
      tray.setTitle(String(totals.paid_count));
    } catch {
      render(words.unavailable, words);
    }
  };
  const off = engine.on('payment.received', () => void refresh());
  const timer = setInterval(() => void refresh(), 60_000);
  timer.unref();
  void refresh();

  return {
    refresh,
    destroy() {
      off();
      clearInterval(timer);
      tray.destroy();
    },
  };
}
