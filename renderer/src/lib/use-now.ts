// A clock that ticks every `ms`, so "2 min ago" labels stay true without a reload.
import { useEffect, useState } from 'react';

export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
