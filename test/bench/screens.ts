// Other screens bench (issue 25): paired screens watching payments arrive. The console is
// `npm run serve` in a child process (the engine with its embedded sandbox, as it runs); Other
// screens are turned on at 127.0.0.1 and each screen pairs through the real flow (pairing
// page, POST /pair with the one-use code, the owner's approval as Watch) and holds a real
// /events stream over loopback with its own device token (screens-clients.ts).
//
// Two phases in one run, the same payments at the same rate: first with one screen
// connected, then with all of them. Customers pay through the sandbox's pay page, so every
// payment takes the webhook path (the sandbox's signed delivery → the receiver → the event).
//
// What is measured:
//   latency = arrival of the payment.received frame on a screen (this process, performance
//             time) − delivery_attempts.started_at of the sandbox's successful attempt
//             (Date.now() just before it signs and POSTs; whole ms). Same machine, same clock.
//   slowest = per payment, the latest of the screens' arrivals.
//   breakdown: the console's own received_ms (inbox commit) and processed_ms per payment
//             split the path into sent → received → processed → on the (slowest) screen.
//   RSS     = VmRSS of the console process, sampled every 250 ms while a phase's payments
//             are paid and delivered; its peak and mean per phase.
// Exits non-zero when a screen missed a payment or got one twice (samples.ts).
// Run: node test/bench/screens.ts [--screens 20] [--rate 50] [--seconds 20]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startConsole } from './console-rpc.ts';
import { expectSamples } from './samples.ts';
import { openScreen, pairScreen, rssMb, stats, type Screen } from './screens-clients.ts';
import { pool, sleepUntil } from './pacing.ts';
import { consoleStamps, deliveriesSent } from './delivery-times.ts';

const { values } = parseArgs({
  options: {
    screens: { type: 'string', default: '20' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
  },
});
const SCREENS = Number(values.screens);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const COUNT = Math.round(RATE * SECONDS);
const TARGET_P99_MS = 100;
const MAX_RSS_RATIO = 1.25;
/** How long the last deliveries of a phase may take to reach every screen. */
const TAIL_MS = 60_000;
const ROOT = resolve(import.meta.dirname, '../..');

interface Paid {
  id: string;
  checkout_url: string;
}

/** Pays `checkouts` at RATE on an absolute schedule; samples the console's RSS meanwhile. */
async function phase(
  pid: number | undefined,
  checkouts: Paid[],
  screens: Screen[],
): Promise<{ paying_s: number; pay_errors: number; rss: number[]; complete: boolean }> {
  const rss: number[] = [];
  const sampler = setInterval(() => rss.push(rssMb(pid)), 250);
  const start = performance.now() + 100;
  let payErrors = 0;
  await Promise.all(
    checkouts.map(async (c, i) => {
      await sleepUntil(start + (i * 1000) / RATE);
      const res = await fetch(c.checkout_url, { method: 'POST', redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status >= 400) payErrors++;
    }),
  );
  const payingS = (performance.now() - start) / 1000;
  // Every screen must get every payment; the tail gets a bounded time (a shortfall is
  // reported and makes the bench exit non-zero).
  const ids = checkouts.map((c) => c.id);
  const allSeen = () => screens.every((s) => ids.every((id) => s.arrivals.has(id)));
  const deadline = performance.now() + TAIL_MS;
  while (!allSeen() && performance.now() < deadline) await sleepUntil(performance.now() + 50);
  clearInterval(sampler);
  rss.push(rssMb(pid));
  return { paying_s: payingS, pay_errors: payErrors, rss, complete: allSeen() };
}

const peak = (xs: number[]) => Math.max(...xs);
const mean = (xs: number[]) => Number((xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1));

async function main(): Promise<void> {
  // Other work on a shared machine skews figures; the load average is saved beside them.
  const loadBefore = loadavg().map((x) => Number(x.toFixed(2)));
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-bench-screens-'));
  const { serve, rpc } = await startConsole(dataDir);
  const pid = serve.child.pid;
  const screens: Screen[] = [];
  try {
    const on = await rpc<{ url: string | null; error: string | null }>('screens.set', {
      enabled: true,
      address: '127.0.0.1',
    });
    if (!on.url) throw new Error(`Other screens did not start: ${on.error}`);

    console.log(`creating ${2 * COUNT} checkouts …`);
    const checkouts = await pool(2 * COUNT, 8, (i) =>
      rpc<Paid>('checkouts.create', { items: [{ name: `Screens bench ${i + 1}`, amount: 3 }] }),
    );
    const first = checkouts.slice(0, COUNT);
    const second = checkouts.slice(COUNT);

    const open = async (n: number) => {
      const { origin, token } = await pairScreen(rpc, `Screen ${n}`);
      screens.push(await openScreen(origin, token, `Screen ${n}`));
    };
    await open(1);
    console.log(`one screen: paying ${COUNT} checkouts at ${RATE}/s …`);
    const one = await phase(pid, first, screens);
    for (let n = 2; n <= SCREENS; n++) await open(n);
    const connected = (
      await rpc<{ devices: { connected: boolean }[] }>('screens.devices')
    ).devices.filter((d) => d.connected).length;
    console.log(`${SCREENS} screens (${connected} connected): paying ${COUNT} more at ${RATE}/s …`);
    const many = await phase(pid, second, screens);

    // The sandbox's own record of when each delivery was sent, and the console's own
    // timestamps that split the path: received (inbox commit) and processed.
    const { sentAt, retried } = deliveriesSent(dataDir);
    const stamps = consoleStamps(dataDir);
    const split = (phaseCheckouts: Paid[], on: Screen[]) => {
      const sendRecv: number[] = [];
      const recvProc: number[] = [];
      const procScreen: number[] = [];
      for (const c of phaseCheckouts) {
        const sent = sentAt.get(c.id);
        const st = stamps.get(c.id);
        const ats = on.map((s) => s.arrivals.get(c.id));
        if (sent === undefined || !st || ats.some((a) => a === undefined)) continue;
        sendRecv.push(st.received_ms - sent);
        recvProc.push(st.processed_ms - st.received_ms);
        procScreen.push(Math.max(...(ats as number[])) - st.processed_ms);
      }
      return {
        sent_to_received: stats(sendRecv),
        received_to_processed: stats(recvProc),
        processed_to_slowest_screen: stats(procScreen),
      };
    };
    const splitMany = split(second, screens);
    const splitOne = split(first, screens.slice(0, 1));

    // Latencies of the second phase: per screen, and per payment on the slowest screen.
    const perScreen = screens.map((s) =>
      second.flatMap((c) => {
        const at = s.arrivals.get(c.id);
        const sent = sentAt.get(c.id);
        return at === undefined || sent === undefined ? [] : [at - sent];
      }),
    );
    const slowest = second.flatMap((c) => {
      const sent = sentAt.get(c.id);
      const ats = screens.map((s) => s.arrivals.get(c.id));
      if (sent === undefined || ats.some((a) => a === undefined)) return [];
      return [Math.max(...(ats as number[])) - sent];
    });
    const oneScreen = stats(
      first.flatMap((c) => {
        const at = screens[0]!.arrivals.get(c.id);
        const sent = sentAt.get(c.id);
        return at === undefined || sent === undefined ? [] : [at - sent];
      }),
    );
    const screenStats = perScreen.map(stats);
    const worstScreen = screenStats.reduce((a, b) => (b.p99_ms > a.p99_ms ? b : a));
    const slow = stats(slowest);
    const duplicates = screens.reduce(
      (n, s) => n + [...s.frames.values()].filter((count) => count > 1).length,
      0,
    );
    const seenBy = screens.map((s) => second.filter((c) => s.arrivals.has(c.id)).length);
    const rssOne = { peak_mb: peak(one.rss), mean_mb: mean(one.rss), samples: one.rss.length };
    const rssMany = { peak_mb: peak(many.rss), mean_mb: mean(many.rss), samples: many.rss.length };
    const ratio = rssMany.peak_mb / rssOne.peak_mb;
    const meetsP99 = slow.n === COUNT && slow.p99_ms <= TARGET_P99_MS;
    const meetsRss = ratio <= MAX_RSS_RATIO;

    console.log(
      `\nOther screens: ${SCREENS} paired screens (Watch) on /events over loopback, ${COUNT} payments at ${RATE}/s per phase through the sandbox's webhook path, ${cpus().length} CPUs (load average ${loadBefore.join(' ')} at start), node ${process.version}`,
    );
    console.log('| delivery sent → payment.received on a screen | n | p50 ms | p99 ms | max ms |');
    console.log('|---|---:|---:|---:|---:|');
    const line = (name: string, s: ReturnType<typeof stats>) =>
      console.log(`| ${name} | ${s.n} | ${s.p50_ms} | ${s.p99_ms} | ${s.max_ms} |`);
    line(`${SCREENS} screens: the slowest screen, per payment`, slow);
    line(`${SCREENS} screens: the screen with the worst p99`, worstScreen);
    line(`  of which: sent → received by the receiver`, splitMany.sent_to_received);
    line(`  of which: received → payment processed`, splitMany.received_to_processed);
    line(`  of which: processed → on the slowest screen`, splitMany.processed_to_slowest_screen);
    line('1 screen (first phase)', oneScreen);
    line(`  of which: sent → received by the receiver`, splitOne.sent_to_received);
    line(`  of which: received → payment processed`, splitOne.received_to_processed);
    line(`  of which: processed → on the screen`, splitOne.processed_to_slowest_screen);
    console.log('\n| console RSS | peak MB | mean MB | samples |');
    console.log('|---|---:|---:|---:|');
    console.log(`| 1 screen | ${rssOne.peak_mb} | ${rssOne.mean_mb} | ${rssOne.samples} |`);
    console.log(
      `| ${SCREENS} screens | ${rssMany.peak_mb} | ${rssMany.mean_mb} | ${rssMany.samples} |`,
    );
    console.log(
      `\np99 on the slowest screen ≤ ${TARGET_P99_MS} ms: ${meetsP99 ? '✓' : '✗'}; RSS peak ${SCREENS} / 1 = ${ratio.toFixed(2)} (≤ ${MAX_RSS_RATIO} ${meetsRss ? '✓' : '✗'})`,
    );
    console.log(
      `every screen saw ${Math.min(...seenBy)}–${Math.max(...seenBy)} of ${COUNT} payments; duplicates ${duplicates}; deliveries retried ${retried}; pay errors ${one.pay_errors + many.pay_errors}; paid over ${one.paying_s.toFixed(1)} s and ${many.paying_s.toFixed(1)} s`,
    );

    expectSamples('payments on the one screen (first phase)', screens[0]!.arrivals.size, COUNT);
    expectSamples(
      `payments on every one of the ${SCREENS} screens`,
      Math.min(...seenBy) * SCREENS,
      COUNT * SCREENS,
    );
    expectSamples('payments with a delivery time and every screen’s arrival', slow.n, COUNT);
    if (duplicates > 0) {
      console.error(`✗ ${duplicates} payments reached a screen more than once.`);
      process.exitCode = 1;
    }

    const out = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      load_average_1_5_15: {
        before: loadBefore,
        after: loadavg().map((x) => Number(x.toFixed(2))),
      },
      cpu_model: cpus()[0]?.model ?? 'unknown',
      screens: SCREENS,
      screens_connected_by_the_console: connected,
      rate_per_s: RATE,
      payments_per_phase: COUNT,
      measured:
        'delivery_attempts.started_at (sandbox, Date.now() before sending) → arrival of the payment.received frame on each paired screen’s /events stream (this process, performance.timeOrigin + performance.now()); RSS: VmRSS of the `npm run serve` process (engine and embedded sandbox), every 250 ms while a phase is paid and delivered',
      slowest_screen_per_payment: slow,
      worst_screen: worstScreen,
      per_screen: screenStats,
      one_screen: oneScreen,
      breakdown_all_screens: splitMany,
      breakdown_one_screen: splitOne,
      rss_one_screen: rssOne,
      rss_all_screens: rssMany,
      rss_peak_ratio: Number(ratio.toFixed(3)),
      seen_by_each_screen: seenBy,
      duplicates,
      deliveries_retried: retried,
      pay_errors: one.pay_errors + many.pay_errors,
      target_p99_ms: TARGET_P99_MS,
      max_rss_ratio: MAX_RSS_RATIO,
      meets_target: meetsP99 && meetsRss && duplicates === 0 && one.complete && many.complete,
    };
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench-results/screens.json'), `${JSON.stringify(out, null, 2)}\n`);
    console.log('\nwritten to bench-results/screens.json');
  } finally {
    await Promise.all(screens.map((s) => s.close()));
    await serve.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
