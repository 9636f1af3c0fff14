// The Day screen's reads: the open period (X), past closes, one closed report (frozen, so
// it never goes stale).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { merchant } from '../bridge/index.ts';
import { qk } from './query-keys.ts';

export const useDayCurrent = () =>
  useQuery({
    queryKey: qk.dayCurrent,
    queryFn: () => merchant.day.current(),
    // "Now" moves on even without a payment: the X report's end time with it.
    refetchInterval: 60_000,
  });

export const useDayCloses = (limit: number, offset: number) =>
  useQuery({
    queryKey: qk.dayCloses(limit, offset),
    queryFn: () => merchant.day.closes({ limit, offset }),
    placeholderData: keepPreviousData,
  });

export const useDayReport = (number: number | null) =>
  useQuery({
    queryKey: qk.dayReport(number ?? 0),
    queryFn: () => merchant.day.get({ number: number ?? 0 }),
    enabled: number !== null,
    staleTime: Infinity,
  });
