// Every change the screens ask of the engine, each with the cache update it implies, in one
// place beside the query keys. A screen adds only what it shows (an announcement, its own
// form state) through the reactions, which run after the cache is updated.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Input, Output } from '#shared/contract.ts';
import type { CheckoutDetail, Profile, ReceiverStatus, Settings } from '#shared/domain.ts';
import { merchant } from '../bridge/index.ts';
import { qk } from './query-keys.ts';
import { resetAccountData } from './reset.ts';

/** What a screen does once a change succeeded or failed. */
export interface Reactions<T> {
  onSuccess?: (data: T) => void | Promise<void>;
  onError?: (error: unknown) => void;
}

/** Settings that move or re-register the receiver, so its status changes with them. */
const RECEIVER_SETTINGS: readonly (keyof Settings)[] = ['receiver_port', 'public_url'];

export function useCreateCheckout(react: Reactions<Output<'checkouts.create'>> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Input<'checkouts.create'>) => merchant.checkouts.create(body),
    onSuccess: async (checkout) => {
      void client.invalidateQueries({ queryKey: qk.checkouts });
      await react.onSuccess?.(checkout);
    },
    onError: react.onError,
  });
}

/** Switches a link off or on; the open detail view and every list follow. */
export function useSetCheckoutActive(id: string, react: Reactions<Output<'checkouts.setActive'>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => merchant.checkouts.setActive({ id, active }),
    onSuccess: async (checkout) => {
      client.setQueryData<CheckoutDetail>(qk.checkoutDetail(id), (d) =>
        d ? { ...d, checkout } : d,
      );
      void client.invalidateQueries({ queryKey: qk.checkouts });
      await react.onSuccess?.(checkout);
    },
    onError: react.onError,
  });
}

/**
 * Saves settings. `optimistic` shows the change at once and puts the engine's answer back
 * if it fails (toggles); otherwise the screen waits for the engine (ports, URLs).
 */
export function useSaveSettings(
  react: Reactions<Settings> = {},
  { optimistic = false }: { optimistic?: boolean } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<Settings>) => merchant.settings.set(patch),
    onMutate: (patch) => {
      if (optimistic)
        client.setQueryData<Settings>(qk.settings, (s) => (s ? { ...s, ...patch } : s));
    },
    onSuccess: async (settings, patch) => {
      client.setQueryData(qk.settings, settings);
      if (RECEIVER_SETTINGS.some((k) => k in patch)) {
        void client.invalidateQueries({ queryKey: qk.receiver });
      }
      await react.onSuccess?.(settings);
    },
    onError: (error) => {
      if (optimistic) void client.invalidateQueries({ queryKey: qk.settings });
      react.onError?.(error);
    },
  });
}

export function useRegisterWebhook(react: Reactions<Output<'webhook.register'>> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => merchant.webhook.register(),
    onSuccess: async (status) => {
      void client.invalidateQueries({ queryKey: qk.receiver });
      await react.onSuccess?.(status);
    },
    onError: react.onError,
  });
}

/** Chooses how the service reaches a live profile: a tunnel tool, an own address, or none. */
export function useSetTunnel(react: Reactions<Output<'tunnel.set'>> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input<'tunnel.set'>) => merchant.tunnel.set(input),
    onSuccess: async (status) => {
      client.setQueryData(qk.tunnel, status);
      // The own address is the public URL setting, and the webhook may have moved.
      void client.invalidateQueries({ queryKey: qk.settings });
      void client.invalidateQueries({ queryKey: qk.receiver });
      await react.onSuccess?.(status);
    },
    onError: react.onError,
  });
}

/** Check now: the result goes straight into the receiver status the strip shows. */
export function useCheckReach(react: Reactions<Output<'receiver.check'>> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => merchant.receiver.check(),
    onSuccess: async (reach) => {
      client.setQueryData<ReceiverStatus>(qk.receiver, (s) => (s ? { ...s, reach } : s));
      await react.onSuccess?.(reach);
    },
    onError: react.onError,
  });
}

export function useExportCsv(react: Reactions<Output<'export.csv'>> = {}) {
  return useMutation({
    mutationFn: (input: Input<'export.csv'>) => merchant.export.csv(input),
    onSuccess: react.onSuccess,
    onError: react.onError,
  });
}

/** A new key: everything the old key showed (checkouts, registration) may change. */
export function useSetKey(react: Reactions<Output<'key.set'>> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => merchant.key.set({ key }),
    onSuccess: async (status) => {
      void client.invalidateQueries();
      await react.onSuccess?.(status);
    },
    onError: react.onError,
  });
}

export function useClearKey(react: Reactions<Output<'key.clear'>> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => merchant.key.clear(),
    onSuccess: async (status) => {
      void client.invalidateQueries();
      await react.onSuccess?.(status);
    },
    onError: react.onError,
  });
}

/** A profile's new base URL is another service: everything is fetched again. */
export function useUpdateProfile(react: Reactions<Output<'profiles.update'>> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input<'profiles.update'>) => merchant.profiles.update(input),
    onSuccess: async (profile) => {
      void client.invalidateQueries();
      await react.onSuccess?.(profile);
    },
    onError: react.onError,
  });
}

export function useSwitchProfile(react: Reactions<Output<'profiles.switch'>> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => merchant.profiles.switch({ id }),
    onSuccess: async (list) => {
      await resetAccountData(client);
      await react.onSuccess?.(list);
    },
    onError: react.onError,
  });
}

export function useRemoveProfile(react: Reactions<Output<'profiles.remove'>> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => merchant.profiles.remove({ id }),
    onSuccess: async (list) => {
      await resetAccountData(client);
      await react.onSuccess?.(list);
    },
    onError: react.onError,
  });
}

/**
 * Adds a live account and switches to it. The engine tries the key first: on failure
 * nothing is added and the account in use stays in use.
 */
export function useConnectAccount(react: Reactions<Output<'profiles.add'>> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input<'profiles.add'>) => {
      const added = await merchant.profiles.add(input);
      await merchant.profiles.switch({ id: added.id });
      return added;
    },
    onSuccess: async (added) => {
      leaveWelcome(client);
      await resetAccountData(client);
      await react.onSuccess?.(added);
    },
    onError: react.onError,
  });
}

/** What "Try the sandbox" found: done, or another account in use that it did not touch. */
export type SandboxOutcome = { done: true } | { done: false; inUse: Profile | null };

/**
 * Makes the built-in Sandbox profile the active one. When another account is in use (a
 * Welcome left open on a second screen while the shop connected its live account), nothing
 * is switched unless `confirmed`: the outcome names that account so the screen can ask.
 * On the sandbox already in use the engine only records the choice (no receiver restart).
 */
export function useActivateSandbox(react: Reactions<SandboxOutcome> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ confirmed }: { confirmed: boolean }): Promise<SandboxOutcome> => {
      const list = await merchant.profiles.list();
      const id = list.profiles.find((p) => p.kind === 'sandbox')?.id ?? 'sandbox';
      if (list.active_id !== id && !confirmed) {
        return { done: false, inUse: list.profiles.find((p) => p.id === list.active_id) ?? null };
      }
      await merchant.profiles.switch({ id });
      return { done: true };
    },
    onSuccess: async (outcome) => {
      if (outcome.done) {
        leaveWelcome(client);
        await resetAccountData(client);
      }
      await react.onSuccess?.(outcome);
    },
    onError: react.onError,
  });
}

/** The engine now counts an account as chosen; the screen leaves Welcome at once. */
function leaveWelcome(client: QueryClient): void {
  client.setQueryData<Output<'app.info'>>(qk.app, (info) => info && { ...info, welcome: false });
}

/** Phone mode on/off or another address; links listed from now on carry the new base. */
export function useSetPhoneAccess(react: Reactions<Output<'sandbox.phoneAccess'>> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Input<'sandbox.phoneAccess'>) => merchant.sandbox.phoneAccess(change),
    onSuccess: async (state) => {
      client.setQueryData(qk.phoneAccess, state);
      void client.invalidateQueries({ queryKey: qk.checkouts });
      await react.onSuccess?.(state);
    },
    onError: (error) => {
      void client.invalidateQueries({ queryKey: qk.phoneAccess });
      react.onError?.(error);
    },
  });
}

/** Starts a sync of the checkout mirror (full: everything again, from Settings). */
export function useSyncCheckouts(react: Reactions<Output<'checkouts.sync'>> = {}) {
  return useMutation({
    mutationFn: (full: boolean) => merchant.checkouts.sync(full ? { full: true } : {}),
    onSuccess: async (status) => {
      // Neither written into the cache nor asked again: the engine pushes every change of
      // the sync (checkouts.sync), and a sync that ends at once has already pushed its newer
      // state before this answer (or a refetch) arrives, which would overwrite it with
      // "Syncing" for good.
      await react.onSuccess?.(status);
    },
    onError: react.onError,
  });
}

/**
 * Closes the day. `expect_number` is the number the screen showed, so a second screen that
 * closed first makes this one a conflict ("Already closed as #12") rather than a second close.
 */
export function useCloseDay(react: Reactions<Output<'day.close'>> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (expect_number: number) => merchant.day.close({ expect_number }),
    onSuccess: async (report) => {
      if (report.number !== null) client.setQueryData(qk.dayReport(report.number), report);
      void client.invalidateQueries({ queryKey: qk.day });
      await react.onSuccess?.(report);
    },
    onError: (err) => {
      // Whatever happened elsewhere (another screen closed), show the engine's state now.
      void client.invalidateQueries({ queryKey: qk.day });
      react.onError?.(err);
    },
  });
}

/** A report's CSV file (summary or payments), in the screen's locale. */
export function useDayCsv(react: Reactions<Output<'day.csv'>> = {}) {
  return useMutation({
    mutationFn: (input: Input<'day.csv'>) => merchant.day.csv(input),
    onSuccess: react.onSuccess,
    onError: react.onError,
  });
}
