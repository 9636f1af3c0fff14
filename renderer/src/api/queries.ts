// Server state: every read from the engine goes through React Query.
import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import type { Input } from '#shared/contract.ts';
import type { PaymentHistory, PaymentPage, Profile, ProfileList } from '#shared/domain.ts';
import { merchant } from '../bridge/index.ts';
import { qk } from './query-keys.ts';

export const PAYMENTS_PAGE = 500;

export const useAppInfo = () =>
  useQuery({ queryKey: qk.app, queryFn: () => merchant.app.info(), staleTime: Infinity });

export const useProfiles = () =>
  useQuery({ queryKey: qk.profiles, queryFn: () => merchant.profiles.list() });

const activeOf = (list: ProfileList): Profile | undefined =>
  list.profiles.find((p) => p.id === list.active_id);

/** The profile in use; undefined until profiles.list has answered. */
export const useActiveProfile = (): Profile | undefined =>
  useQuery({ queryKey: qk.profiles, queryFn: () => merchant.profiles.list(), select: activeOf })
    .data;

export const useKeyStatus = () =>
  useQuery({ queryKey: qk.key, queryFn: () => merchant.key.status() });

export const useSettings = () =>
  useQuery({ queryKey: qk.settings, queryFn: () => merchant.settings.get() });

export const useReceiver = () =>
  useQuery({ queryKey: qk.receiver, queryFn: () => merchant.receiver.status() });

export const useTunnel = () =>
  useQuery({ queryKey: qk.tunnel, queryFn: () => merchant.tunnel.status() });

export const useReceiverRequests = () =>
  useQuery({ queryKey: qk.requests, queryFn: () => merchant.receiver.requests({ limit: 50 }) });

/** Phone mode; `enabled` false skips asking (a live profile never shows it). */
export const usePhoneAccess = (enabled = true) =>
  useQuery({
    queryKey: qk.phoneAccess,
    queryFn: () => merchant.sandbox.phoneAccess({}),
    enabled,
    // The computer's addresses change with the network (Wi-Fi on or off, a new lease).
    refetchOnWindowFocus: 'always',
  });

/** The hub's status (pushed as hub.status when it changes). */
export const useHub = () => useQuery({ queryKey: qk.hub, queryFn: () => merchant.hub.status() });

export const useTotals = () =>
  useQuery({ queryKey: qk.totals, queryFn: () => merchant.payments.totals() });

/** One checkout in full (the detail view); null asks nothing. */
export function useCheckoutDetailQuery(id: string | null) {
  return useQuery({
    queryKey: qk.checkoutDetail(id ?? ''),
    queryFn: () => merchant.checkouts.get({ id: id ?? '' }),
    enabled: id !== null,
    retry: false,
  });
}

/**
 * A page of the local mirror's search. The previous page stays on screen while the next
 * answer comes (typing never blanks the list); the mirror is local, so no retry.
 */
export function useCheckoutSearch(input: Input<'checkouts.search'> | null) {
  return useQuery({
    queryKey: qk.checkoutSearch(input ?? {}),
    queryFn: () => merchant.checkouts.search(input!),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
    // A window that missed pushes (asleep, or its event stream dropped) asks again when it
    // gets the focus back; the screen also starts a sync then (Checkouts.tsx).
    refetchOnWindowFocus: 'always',
  });
}

/** The mirror's sync; kept current by the `checkouts.sync` push (live-updates.ts). */
export const useSyncStatus = () =>
  useQuery({
    queryKey: qk.sync,
    queryFn: () => merchant.checkouts.syncStatus(),
    retry: false,
  });

export type PaymentsData = InfiniteData<PaymentPage, number>;

/** The feed, newest first, loaded in pages of 500 as the list is scrolled. */
export function usePaymentsFeed() {
  return useInfiniteQuery({
    queryKey: qk.payments,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => merchant.payments.list({ limit: PAYMENTS_PAGE, offset: pageParam }),
    // Pages only grow; comparing 10,000 old rows with the new ones on every load is waste.
    structuralSharing: false,
    getNextPageParam: (last) => {
      const next = last.offset + last.data.length;
      return last.data.length > 0 && next < last.total ? next : undefined;
    },
  });
}

export const HISTORY_PAGE = 200;
/** A history set: everything payments.history takes but the page. */
export type HistoryQuery = Omit<Input<'payments.history'>, 'limit' | 'offset'>;
export type HistoryData = InfiniteData<PaymentHistory, number>;

/**
 * Payments of a day or range, loaded in pages as the list is scrolled; null asks nothing (an
 * impossible range). The previous set stays on screen while a new filter's answer comes.
 */
export function usePaymentsHistory(input: HistoryQuery | null) {
  return useInfiniteQuery({
    queryKey: qk.historyOf(input ?? {}),
    initialPageParam: 0,
    enabled: input !== null,
    queryFn: ({ pageParam }) =>
      merchant.payments.history({ ...input!, limit: HISTORY_PAGE, offset: pageParam }),
    placeholderData: keepPreviousData,
    retry: false,
    getNextPageParam: (last) => {
      const next = last.offset + last.data.length;
      return last.data.length > 0 && next < last.total ? next : undefined;
    },
  });
}
