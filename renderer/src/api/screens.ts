// Other screens' server state: the status, the paired screens (polled while Settings is
// open: a tablet asking to pair sends no push), and the owner's changes to them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Input } from '#shared/contract.ts';
import { merchant } from '../bridge/index.ts';

const STATUS = ['screens', 'status'] as const;
const DEVICES = ['screens', 'devices'] as const;
/** A screen waiting for approval shows up within this long. */
const POLL_MS = 2000;

export const useScreensStatus = () =>
  useQuery({ queryKey: STATUS, queryFn: () => merchant.screens.status() });

export const useScreenDevices = (enabled: boolean) =>
  useQuery({
    queryKey: DEVICES,
    queryFn: () => merchant.screens.devices(),
    enabled,
    refetchInterval: enabled ? POLL_MS : false,
  });

export function useSetScreens() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Input<'screens.set'>) => merchant.screens.set(change),
    onSuccess: (status) => client.setQueryData(STATUS, status),
  });
}

export function usePairScreen() {
  return useMutation({ mutationFn: () => merchant.screens.pair() });
}

type DeviceChange =
  | { kind: 'approve'; input: Input<'screens.approve'> }
  | { kind: 'update'; input: Input<'screens.update'> }
  | { kind: 'revoke'; input: Input<'screens.revoke'> };

export function useChangeDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: DeviceChange) =>
      c.kind === 'approve'
        ? merchant.screens.approve(c.input)
        : c.kind === 'update'
          ? merchant.screens.update(c.input)
          : merchant.screens.revoke(c.input),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: DEVICES });
      void client.invalidateQueries({ queryKey: STATUS });
    },
  });
}
