// Pushes from the engine update React Query's cache: a payment is upserted into the feed
// (by id, so a replayed event never duplicates a row), totals and checkouts are refreshed,
// the receiver status is replaced. After a dropped event stream everything is refetched.
import type { QueryClient } from '@tanstack/react-query';
import type { CheckoutPage, Payment, ReceiverStatus } from '../../../shared/domain.ts';
import { merchant } from '../bridge/index.ts';
import { onLinkState } from '../bridge/connection.ts';
import { qk } from './keys.ts';
import type { PaymentsData } from './queries.ts';

export function upsertPayment(data: PaymentsData | undefined, p: Payment): PaymentsData {
  if (!data || data.pages.length === 0) {
    return { pages: [{ data: [p], total: 1, limit: 500, offset: 0 }], pageParams: [0] };
  }
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.data.some((x) => x.id === p.id)) return page;
    found = true;
    return { ...page, data: page.data.map((x) => (x.id === p.id ? p : x)) };
  });
  if (found) return { ...data, pages };
  const [first, ...rest] = pages as [PaymentsData['pages'][number], ...PaymentsData['pages']];
  return {
    ...data,
    pages: [{ ...first, data: [p, ...first.data], total: first.total + 1 }, ...rest],
  };
}

export type PaymentListener = (p: Payment) => void;

export function wireLiveUpdates(client: QueryClient, onPayment: PaymentListener): () => void {
  const offPayment = merchant.on('payment.received', (p: Payment) => {
    client.setQueryData<PaymentsData>(qk.payments, (d) => upsertPayment(d, p));
    if (p.status === 'verified') {
      // Mark it paid at once in every loaded page; the refetch below confirms it.
      client.setQueriesData<CheckoutPage>({ queryKey: qk.checkouts }, (page) =>
        page
          ? {
              ...page,
              data: page.data.map((c) => (c.id === p.checkout_id ? { ...c, paid: true } : c)),
            }
          : page,
      );
    }
    void client.invalidateQueries({ queryKey: qk.totals });
    void client.invalidateQueries({ queryKey: qk.checkouts });
    void client.invalidateQueries({ queryKey: qk.receiver });
    onPayment(p);
  });
  const offStatus = merchant.on('receiver.status', (s: ReceiverStatus) => {
    client.setQueryData(qk.receiver, s);
  });
  const offLink = onLinkState((_state, reconnected) => {
    if (reconnected) void client.invalidateQueries();
  });
  merchant.ready();
  return () => {
    offPayment();
    offStatus();
    offLink();
  };
}
