// Pushes from the engine update React Query's cache. A payment is applied at once where the
// push is exact (live-cache.ts): upserted into the feed by id (a replayed event never
// duplicates a row), its checkout marked paid, a verified one added to today's totals in
// minor units, the receiver's last event moved on. Refetching totals and receiver status for
// every push cost 2 engine calls per payment (100/s at 50 payments/s) on the event loop the
// receiver shares, so they are reconciled by ONE trailing refetch at most once a second.
// After a dropped event stream everything is refetched, so nothing missed stays missing.
import type { QueryClient } from '@tanstack/react-query';
import type {
  Checkout,
  CheckoutDetail,
  CheckoutPage,
  Payment,
  ReceiverStatus,
  SyncStatus,
  Totals,
  TunnelStatus,
} from '#shared/domain.ts';
import { merchant } from '../bridge/index.ts';
import { onLinkState } from '../bridge/connection.ts';
import { qk } from './query-keys.ts';
import {
  addToTotals,
  bumpLastEvent,
  mirrorChanged,
  feedHas,
  historyHolds,
  markCheckoutPaid,
  TotalsDay,
  trailingThrottle,
  upsertPayment,
} from './live-cache.ts';
import type { HistoryData, PaymentsData } from './queries.ts';

/** Longest the cache may differ from the engine after the last push (one refetch per key). */
export const RECONCILE_MS = 1000;

export type PaymentListener = (p: Payment) => void;

export function wireLiveUpdates(client: QueryClient, onPayment: PaymentListener): () => void {
  /** The instants of the payments pushed since the last reconcile. */
  let arrived: { min: number; max: number } | null = null;
  const reconcile = trailingThrottle(() => {
    // Only mounted queries refetch: at most one payments.totals and one receiver.status.
    // A refetch answered just before a push lands may briefly miss that payment; the push
    // scheduled another run, so the cache still ends on the engine's answer.
    void client.invalidateQueries({ queryKey: qk.totals });
    void client.invalidateQueries({ queryKey: qk.receiver });
    // Paid flags were set exactly above. The search page on screen asks the mirror again (at
    // most once a second): a paid checkout then leaves an "Active" filter, as the service has
    // made it inactive. Other pages refetch when shown.
    void client.invalidateQueries({ queryKey: qk.checkouts });
    void client.invalidateQueries({ queryKey: qk.dayCurrent });
    // A history set whose range holds a payment pushed since the last run (a range that
    // includes today) asks again: the payment appears once, in its place (the page dedupes
    // by id). A past range is never asked again, so nothing jumps into it.
    const span = arrived;
    arrived = null;
    if (span) {
      void client.invalidateQueries({
        queryKey: qk.history,
        predicate: (q) => historyHolds(q.state.data as HistoryData | undefined, span),
      });
    }
  }, RECONCILE_MS);

  const totalsDay = new TotalsDay();
  const offPayment = merchant.on('payment.received', (p: Payment) => {
    // Counted once: a payment already in the feed was already added to the totals.
    const seen = feedHas(client.getQueryData<PaymentsData>(qk.payments), p.id);
    client.setQueryData<PaymentsData>(qk.payments, (d) => upsertPayment(d, p));
    if (!seen) client.setQueryData<Totals>(qk.totals, (t) => addToTotals(t, p));
    client.setQueriesData<CheckoutPage>({ queryKey: qk.checkouts }, (page) =>
      markCheckoutPaid(page, p),
    );
    client.setQueryData<ReceiverStatus>(qk.receiver, (s) => bumpLastEvent(s, p));
    const at = Date.parse(p.received_at);
    arrived = arrived
      ? { min: Math.min(arrived.min, at), max: Math.max(arrived.max, at) }
      : { min: at, max: at };
    // An open detail view of this checkout lists its payments and events.
    void client.invalidateQueries({ queryKey: qk.checkoutDetail(p.checkout_id) });
    reconcile();
    onPayment(p);
  });
  const offStatus = merchant.on('receiver.status', (s: ReceiverStatus) => {
    client.setQueryData(qk.receiver, s);
    // Pushed after a wake, at midnight and on a time-zone change: "today" may have moved.
    if (totalsDay.stale(client.getQueryData<Totals>(qk.totals))) {
      void client.invalidateQueries({ queryKey: qk.totals });
    }
  });
  const offTunnel = merchant.on('tunnel.status', (t: TunnelStatus) => {
    client.setQueryData(qk.tunnel, t);
  });
  const offHub = merchant.on('hub.status', (h) => {
    client.setQueryData(qk.hub, h);
  });
  // A link made on another screen or window changes every page's total and order: the page
  // on screen refetches now, the others when next shown.
  const offCreated = merchant.on('checkout.created', () => {
    void client.invalidateQueries({ queryKey: qk.checkouts });
    // It is in the mirror now: "X of Y" and Settings' "N checkouts copied" count it.
    void client.invalidateQueries({ queryKey: qk.sync });
  });
  // A link switched off or on (from a detail view here or on another screen).
  const offUpdated = merchant.on('checkout.updated', (c: Checkout) => {
    client.setQueryData<CheckoutDetail>(qk.checkoutDetail(c.id), (d) =>
      d ? { ...d, checkout: c } : d,
    );
    void client.invalidateQueries({ queryKey: qk.checkouts });
  });
  // A sync that brings checkouts in changes every search's matches and counts: the search
  // on screen asks the mirror again, at most once a second while pages arrive.
  const researchSoon = trailingThrottle(() => {
    void client.invalidateQueries({ queryKey: qk.checkoutSearches });
  }, RECONCILE_MS);
  const offSync = merchant.on('checkouts.sync', (s: SyncStatus) => {
    const before = client.getQueryData<SyncStatus>(qk.sync);
    client.setQueryData(qk.sync, s);
    if (mirrorChanged(before, s)) researchSoon();
  });
  const offLink = onLinkState((_state, reconnected) => {
    if (reconnected) void client.invalidateQueries();
  });
  // A close on any screen (or the automatic one): every Day screen shows the new period.
  const offDayClosed = merchant.on('day.closed', () => {
    void client.invalidateQueries({ queryKey: qk.day });
  });

  merchant.ready();
  return () => {
    offDayClosed();
    reconcile.cancel();
    researchSoon.cancel();
    offPayment();
    offSync();
    offStatus();
    offCreated();
    offUpdated();
    offTunnel();
    offHub();
    offLink();
  };
}
