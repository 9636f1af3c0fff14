// Renderer bench: builds nothing; serves the already built renderer (out/renderer) through
// electron/web with the real embedded sandbox and measures
//   1. the JavaScript a first screen downloads, gzipped (budget 200 KB; scripts/i18n/first-screen.ts),
//      and for information every screen and language together,
//   2. navigation → usable console (first run and a returning visit),
//   3. scrolling 10,000 payments in the live feed and a 100-row checkouts page (longest
//      frame from requestAnimationFrame deltas).
// Payments are seeded by POSTing signed payment.completed events to the receiver, one per
// checkout created through the console (every tenth with a wrong amount, so flagged).
// Run: node test/bench/renderer.ts [--payments 10000]
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { startConsole } from './console-rpc.ts';
import { embeddedSandboxSecret, postPayment } from '../e2e/fixtures/webhooks.ts';
import { SCROLL_SCRIPT } from './renderer-page.ts';
import { expectSamples } from './samples.ts';
import {
  allRendererJs,
  FIRST_SCREEN_BUDGET_KB,
  firstScreen,
} from '../../scripts/i18n/first-screen.ts';
import { pool } from './pacing.ts';

const { values } = parseArgs({
  options: { payments: { type: 'string', default: '10000' } },
});
const PAYMENTS = Number(values.payments);
const ROOT = resolve(import.meta.dirname, '../..');
const ASSETS = join(ROOT, 'out/renderer/assets');

function bundleSize() {
  if (!existsSync(ASSETS))
    throw new Error('out/renderer is not built: run `npx electron-vite build` first.');
  return { first_screen_en: firstScreen('en').gzip_kb, all: allRendererJs() };
}

async function main() {
  const size = bundleSize();
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-bench-renderer-'));
  const { serve, rpc, countEvents } = await startConsole(dataDir);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    // 1. Navigation → usable: first run (onboarding ready) and a returning visit (the console).
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    let t0 = Date.now();
    await page.goto(serve.info.url);
    await page.getByRole('button', { name: 'Try the sandbox' }).waitFor();
    const firstRunMs = Date.now() - t0;
    await page.getByRole('button', { name: 'Try the sandbox' }).click();
    await page.getByRole('heading', { name: 'New payment link' }).waitFor();
    t0 = Date.now();
    await page.reload();
    await page.getByLabel('Line 1 name').waitFor();
    await page.getByRole('button', { name: 'Create payment link' }).waitFor();
    const returningMs = Date.now() - t0;

    // 2. Seed: checkouts through the console, then payments straight to the receiver.
    const seedStart = Date.now();
    const checkouts = await pool(PAYMENTS, 8, (i) =>
      rpc<{ id: string; amount: number; currency: string }>('checkouts.create', {
        items: [
          { name: `Bench item ${i + 1}`, amount: 1 + (i % 50) / 4 },
          { name: 'Extra', amount: 0.5 },
        ],
      }),
    );
    const secret = embeddedSandboxSecret(dataDir);
    const receiver = serve.info.receiver_url!;
    // The receiver acknowledges once an event is durably queued; the engine announces each
    // payment once it is matched and listed, so count those announcements.
    const announced = await countEvents('payment.received');
    await pool(PAYMENTS, 16, async (i) => {
      // The receiver keeps one payment per checkout, so each payment names its own.
      const c = checkouts[i]!;
      const amount = i % 10 === 9 ? c.amount + 1 : c.amount;
      const event = { checkout_id: c.id, amount, currency: c.currency };
      const res = await postPayment(receiver, event, secret);
      if (!res.ok) throw new Error(`receiver answered ${res.status} for payment ${i}`);
      await res.arrayBuffer();
    });
    try {
      await announced.waitFor(PAYMENTS, 300_000);
    } finally {
      await announced.close();
    }
    const { total } = await rpc<{ total: number }>('payments.list', { limit: 1 });
    // Scrolling fewer payments than claimed would flatter the feed's frames.
    expectSamples('payments listed after seeding', total, PAYMENTS);
    const seedMs = Date.now() - seedStart;

    // 3. Scroll the feed (first pass loads pages as it goes; second pass is all loaded).
    await page.reload();
    await page.getByRole('button', { name: 'Live payments' }).click();
    await page.getByRole('list', { name: /Payments/ }).waitFor();
    const scroll = (selector: string) =>
      page.evaluate(
        `(${SCROLL_SCRIPT})(${JSON.stringify({ selector, step: 600, maxFrames: 4000 })})`,
      ) as Promise<Record<string, number>>;
    // The feed scrolls with its screen: the main area is its one scroll container.
    const feedFirst = await scroll('#main');
    const feedSecond = await scroll('#main');
    const rowsInDom = (await page.evaluate(
      'document.querySelectorAll(".pay-row").length',
    )) as number;

    // A 100-row checkouts page.
    await page.getByRole('button', { name: 'Checkouts' }).click();
    await page.getByLabel('Per page').selectOption('100');
    await page.getByText(/^1–100 of/).waitFor();
    const table = await scroll('.table-scroll');

    // A scroll that never moved measured no frames of the list (a selector gone stale).
    for (const [what, r] of [
      ['feed scroll, loading pages', feedFirst],
      ['feed scroll, all loaded', feedSecond],
      ['checkouts page scroll', table],
    ] as const) {
      expectSamples(`${what}: frames that scrolled`, r.scrolled_px! > 0 ? r.frames! : 0, 1);
    }
    const result = {
      when: new Date().toISOString(),
      bundle: {
        ...size,
        budget_kb: FIRST_SCREEN_BUDGET_KB,
        within_budget: size.first_screen_en <= FIRST_SCREEN_BUDGET_KB,
      },
      navigation_ms: { first_run_to_onboarding: firstRunMs, returning_to_console: returningMs },
      seed: {
        checkouts: PAYMENTS,
        payments_posted: PAYMENTS,
        payments_stored: total,
        seconds: seedMs / 1000,
      },
      feed_scroll_first_pass: feedFirst,
      feed_scroll_loaded: feedSecond,
      feed_rows_in_dom: rowsInDom,
      checkouts_100_rows_scroll: table,
      machine: { cpus: (await import('node:os')).cpus().length, browser: 'chromium headless' },
    };
    const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
    const rows: [string, string][] = [
      [
        'first screen JS (gzip, en)',
        `${size.first_screen_en.toFixed(1)} KB of ${FIRST_SCREEN_BUDGET_KB} KB`,
      ],
      [
        'all renderer JS (gzip)',
        `${size.all.gzip_kb.toFixed(1)} KB (${size.all.raw_kb.toFixed(0)} KB raw, ${size.all.files} files: every screen and language)`,
      ],
      ['first run → onboarding usable', `${firstRunMs} ms`],
      ['returning visit → console usable', `${returningMs} ms`],
      ['seeded payments', `${total} stored (${(seedMs / 1000).toFixed(1)} s)`],
      [
        'feed scroll, loading pages',
        `longest ${fmt(feedFirst.longest_frame_ms!)} ms, p95 ${fmt(feedFirst.p95_frame_ms!)} ms, ${feedFirst.frames} frames, ${feedFirst.over_33ms} > 33 ms`,
      ],
      [
        'feed scroll, all loaded',
        `longest ${fmt(feedSecond.longest_frame_ms!)} ms, p95 ${fmt(feedSecond.p95_frame_ms!)} ms, ${feedSecond.frames} frames, ${feedSecond.over_33ms} > 33 ms`,
      ],
      ['feed rows in the DOM', `${rowsInDom} of ${total}`],
      [
        'checkouts 100 rows scroll',
        `longest ${fmt(table.longest_frame_ms!)} ms, p95 ${fmt(table.p95_frame_ms!)} ms, ${table.frames} frames`,
      ],
    ];
    const w = Math.max(...rows.map((r) => r[0].length));
    console.log(rows.map(([k, v]) => `${k.padEnd(w)}  ${v}`).join('\n'));
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(
      join(ROOT, 'bench-results/renderer.json'),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    console.log('\nwrote bench-results/renderer.json');
  } finally {
    await browser.close();
    await serve.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
