// A clock that ticks every `ms`, so "2 min ago" labels stay true without a reload. One timer
// per period for the whole window, however many screens and rows read it: components
// subscribe to a shared clock, which runs only while someone is subscribed.
import { useCallback, useSyncExternalStore } from 'react';

interface Clock {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | null;
}

const clocks = new Map<number, Clock>();

function clock(ms: number): Clock {
  let c = clocks.get(ms);
  if (!c) {
    c = { now: Date.now(), listeners: new Set(), timer: null };
    clocks.set(ms, c);
  }
  return c;
}

function tick(c: Clock): void {
  c.now = Date.now();
  for (const l of c.listeners) l();
}

/** Subscribes to the shared `ms` clock; returns the unsubscribe. */
export function subscribeNow(ms: number, listener: () => void): () => void {
  const c = clock(ms);
  c.listeners.add(listener);
  if (c.timer === null) {
    c.timer = setInterval(() => tick(c), ms);
    // It may have slept with nobody listening: catch up at once.
    if (Date.now() - c.now >= ms) queueMicrotask(() => tick(c));
  }
  return () => {
    c.listeners.delete(listener);
    if (c.listeners.size === 0 && c.timer !== null) {
      clearInterval(c.timer);
      c.timer = null;
    }
  };
}

/** The shared `ms` clock's time as of its last tick. */
export function nowOf(ms: number): number {
  return clock(ms).now;
}

export function useNow(ms: number): number {
  const subscribe = useCallback((cb: () => void) => subscribeNow(ms, cb), [ms]);
  return useSyncExternalStore(subscribe, () => nowOf(ms));
}
