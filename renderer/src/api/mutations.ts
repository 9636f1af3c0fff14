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

/** One change: the engine call and what it does to the cache around it. */
interface Change<V, T> {
  call(vars: V): Promise<T>;
  /** Before the call: an optimistic update. */
  before?(client: QueryClient, vars: V): void;
  /** On success, before the screen's own reaction. */
  after?(client: QueryClient, data: T, vars: V): void | Promise<void>;
  /** On failure, before the screen's own reaction. */
  failed?(client: QueryClient, vars: V): void;
}

function useChange<V, T>(change: Change<V, T>, react: Reactions<T>) {
  const client = useQueryClient();
  return useMutation<T, Error, V>({
    mutationFn: (vars) => change.call(vars),
    ...(change.before ? { onMutate: (vars: V) => change.before?.(client, vars) } : {}),
    onSuccess: async (data, vars) => {
      await change.after?.(client, data, vars);
      await react.onSuccess?.(data);
    },
    onError: (error, vars) => {
      change.failed?.(client, vars);
      react.onError?.(error);
    },
  });
}

/** The hook of one change: `useX(reactions?)`. */
function changeHook<V, T>(change: Change<V, T>) {
  return function useEngineChange(react: Reactions<T> = {}) {
    return useChange(change, react);
  };
}

/** Drops every account-specific answer (another profile, another key's merchant). */
const resetAccount = (client: QueryClient) => resetAccountData(client);
/** Asks everything again (a new key or address may see other checkouts, another webhook). */
const refetchAll = (client: QueryClient) => void client.invalidateQueries();
const refetch = (client: QueryClient, queryKey: readonly unknown[]) =>
  void client.invalidateQueries({ queryKey });

export const useCreateCheckout = changeHook({
  call: (body: Input<'checkouts.create'>) => merchant.checkouts.create(body),
  after: (client) => refetch(client, qk.checkouts),
});

/** Switches a link off or on; the open detail view and every list follow. */
export function useSetCheckoutActive(id: string, react: Reactions<Output<'checkouts.setActive'>>) {
  return useChange(
    {
      call: (active: boolean) => merchant.checkouts.setActive({ id, active }),
      after: (client, checkout) => {
        client.setQueryData<CheckoutDetail>(qk.checkoutDetail(id), (d) =>
          d ? { ...d, checkout } : d,
        );
        refetch(client, qk.checkouts);
      },
    },
    react,
  );
}

/** Settings that move or re-register the receiver, so its status changes with them. */
const RECEIVER_SETTINGS: readonly (keyof Settings)[] = ['receiver_port', 'public_url'];

const saveSettings: Change<Partial<Settings>, Settings> = {
  call: (patch) => merchant.settings.set(patch),
  after: (client, settings, patch) => {
    client.setQueryData(qk.settings, settings);
    if (RECEIVER_SETTINGS.some((k) => k in patch)) refetch(client, qk.receiver);
  },
};

const saveSettingsOptimistic: Change<Partial<Settings>, Settings> = {
  ...saveSettings,
  before: (client, patch) => {
    client.setQueryData<Settings>(qk.settings, (s) => (s ? { ...s, ...patch } : s));
  },
  // The engine's answer goes back on screen.
  failed: (client) => refetch(client, qk.settings),
};

/**
 * Saves settings. `optimistic` shows the change at once and puts the engine's answer back
 * if it fails (toggles); otherwise the screen waits for the engine (ports, URLs).
 */
export function useSaveSettings(
  react: Reactions<Settings> = {},
  { optimistic = false }: { optimistic?: boolean } = {},
) {
  return useChange(optimistic ? saveSettingsOptimistic : saveSettings, react);
}

export const useRegisterWebhook = changeHook<void, Output<'webhook.register'>>({
  call: () => merchant.webhook.register(),
  after: (client) => refetch(client, qk.receiver),
});

/** Chooses how the service reaches a live profile: a tunnel tool, an own address, or none. */
export const useSetTunnel = changeHook({
  call: (input: Input<'tunnel.set'>) => merchant.tunnel.set(input),
  after: (client, status) => {
    client.setQueryData(qk.tunnel, status);
    // The own address is the public URL setting, and the webhook may have moved.
    refetch(client, qk.settings);
    refetch(client, qk.receiver);
  },
});

/** Check now: the result goes straight into the receiver status the strip shows. */
export const useCheckReach = changeHook<void, Output<'receiver.check'>>({
  call: () => merchant.receiver.check(),
  after: (client, reach) => {
    client.setQueryData<ReceiverStatus>(qk.receiver, (s) => (s ? { ...s, reach } : s));
  },
});

export const useExportCsv = changeHook({
  call: (input: Input<'export.csv'>) => merchant.export.csv(input),
});

/** A new key: everything the old key showed (checkouts, registration) may change. */
export const useSetKey = changeHook({
  call: (key: string) => merchant.key.set({ key }),
  after: refetchAll,
});

export const useClearKey = changeHook<void, Output<'key.clear'>>({
  call: () => merchant.key.clear(),
  after: refetchAll,
});

/** A profile's new base URL is another service: everything is fetched again. */
export const useUpdateProfile = changeHook({
  call: (input: Input<'profiles.update'>) => merchant.profiles.update(input),
  after: refetchAll,
});

export const useSwitchProfile = changeHook({
  call: (id: string) => merchant.profiles.switch({ id }),
  after: resetAccount,
});

export const useRemoveProfile = changeHook({
  call: (id: string) => merchant.profiles.remove({ id }),
  after: resetAccount,
});

/**
 * Adds a live account and switches to it. The engine tries the key first: on failure
 * nothing is added and the account in use stays in use.
 */
export const useConnectAccount = changeHook({
  call: async (input: Input<'profiles.add'>) => {
    const added = await merchant.profiles.add(input);
    await merchant.profiles.switch({ id: added.id });
    return added;
  },
  after: async (client) => {
    leaveWelcome(client);
    await resetAccount(client);
  },
});

/** What "Try the sandbox" found: done, or another account in use that it did not touch. */
export type SandboxOutcome = { done: true } | { done: false; inUse: Profile | null };

/**
 * Makes the built-in Sandbox profile the active one. When another account is in use (a
 * Welcome left open on a second screen while the shop connected its live account), nothing
 * is switched unless `confirmed`: the outcome names that account so the screen can ask.
 * On the sandbox already in use the engine only records the choice (no receiver restart).
 */
export const useActivateSandbox = changeHook({
  call: async ({ confirmed }: { confirmed: boolean }): Promise<SandboxOutcome> => {
    const list = await merchant.profiles.list();
    const id = list.profiles.find((p) => p.kind === 'sandbox')?.id ?? 'sandbox';
    if (list.active_id !== id && !confirmed) {
      return { done: false, inUse: list.profiles.find((p) => p.id === list.active_id) ?? null };
    }
    await merchant.profiles.switch({ id });
    return { done: true };
  },
  after: async (client, outcome) => {
    if (!outcome.done) return;
    leaveWelcome(client);
    await resetAccount(client);
  },
});

/** The engine now counts an account as chosen; the screen leaves Welcome at once. */
function leaveWelcome(client: QueryClient): void {
  client.setQueryData<Output<'app.info'>>(qk.app, (info) => info && { ...info, welcome: false });
}

/** Phone mode on/off or another address; links listed from now on carry the new base. */
export const useSetPhoneAccess = changeHook({
  call: (change: Input<'sandbox.phoneAccess'>) => merchant.sandbox.phoneAccess(change),
  after: (client, state) => {
    client.setQueryData(qk.phoneAccess, state);
    refetch(client, qk.checkouts);
  },
  failed: (client) => refetch(client, qk.phoneAccess),
});

/** Joins the hub, changes the role, or leaves it (url null). */
export const useSetHub = changeHook({
  call: (input: Input<'hub.set'>) => merchant.hub.set(input),
  after: (client, status) => {
    client.setQueryData(qk.hub, status);
    refetch(client, qk.receiver);
  },
  failed: (client) => refetch(client, qk.hub),
});

/**
 * Starts a sync of the checkout mirror (full: everything again, from Settings). Neither
 * written into the cache nor asked again: the engine pushes every change of the sync
 * (checkouts.sync), and a sync that ends at once has already pushed its newer state before
 * this answer (or a refetch) arrives, which would overwrite it with "Syncing" for good.
 */
export const useSyncCheckouts = changeHook({
  call: (full: boolean) => merchant.checkouts.sync(full ? { full: true } : {}),
});

/**
 * Closes the day. `expect_number` is the number the screen showed, so a second screen that
 * closed first makes this one a conflict ("Already closed as #12") rather than a second close.
 * Whatever happened elsewhere (another screen closed), a failure shows the engine's state now.
 */
export const useCloseDay = changeHook({
  call: (expect_number: number) => merchant.day.close({ expect_number }),
  after: (client, report) => {
    if (report.number !== null) client.setQueryData(qk.dayReport(report.number), report);
    refetch(client, qk.day);
  },
  failed: (client) => refetch(client, qk.day),
});

/** A report's CSV file (summary or payments), in the screen's locale. */
export const useDayCsv = changeHook({
  call: (input: Input<'day.csv'>) => merchant.day.csv(input),
});

/** Day → Save as PDF in the desktop app: main prints the report's copy to a file (day.pdf). */
export const useDayPdf = changeHook({
  call: (input: Input<'day.pdf'>) => merchant.day.pdf(input),
});
